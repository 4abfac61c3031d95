package main

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// The solver as a bot: book first, then a search under the budget, and a
// safe move when time runs out.

// SolverBot plays Connect Four perfectly: the exact score, and the most
// central column that keeps it. Unless given a solver of their own, all
// solver bots share one table (scores belong to positions, so what one
// bot learns serves the other, and the process holds 64 MiB once).
type SolverBot struct {
	s *c4Solver
	// noBook searches every position, the book's too (book=off).
	noBook bool
}

// NewSolverBot returns a solver bot with the embedded opening book.
func NewSolverBot() *SolverBot { return &SolverBot{} }

// Name is "solver".
func (b *SolverBot) Name() string { return "solver" }

// shared is the solver of the bots without their own, made on the first
// position the book does not answer; mu keeps one search at a time on it.
var shared struct {
	mu sync.Mutex
	s  *c4Solver
}

// Think solves g (a *ConnectFour) within the budget's time, with
// budget.Jobs threads; on a timeout it falls back to the table's move or
// the most central safe column.
func (b *SolverBot) Think(ctx context.Context, g Game, budget Budget) Decision {
	start := time.Now()
	c := g.(*ConnectFour)
	d := Decision{Move: NoMove}
	switch {
	case c.Over():
		return d
	case c.geo != c4Std:
		d = thinkAny(ctx, c, budget)
		if budget.Trace > 0 {
			d.Trace = &SearchTrace{Bot: b.Name(), Heading: []string{fmt.Sprintf(
				"trace: solver on %d x %d, %d nodes: the solver of sizes other than 7 x 6 records no trace", c.geo.width, c.geo.height, d.Nodes)}}
		}
		return d
	}
	p := c4PosOf(c)
	if e, ok := openingBook().lookup(bookKey(p)); ok && !b.noBook {
		d.Move, d.Score, d.Exact = bookMove(p, e), int(e.score), true
		d.Depth, d.PV, d.Time = plies(d.Score, p.moves), bookLine(p), time.Since(start)
		if budget.Trace > 0 {
			d.Trace = &SearchTrace{Bot: b.Name(), Heading: []string{fmt.Sprintf("trace: solver: the opening book knows this position (score %d): no search", d.Score)}}
		}
		return d
	}
	ctx, cancel := withBudget(ctx, budget)
	defer cancel()
	s := b.s
	if s == nil {
		shared.mu.Lock()
		defer shared.mu.Unlock()
		if shared.s == nil {
			shared.s = newC4Solver(false)
		}
		s = shared.s
	}
	s.ctx, s.stopped, s.nodes = ctx, false, 0
	jobs := budget.Jobs
	if budget.Trace > 0 {
		// One thread, so that the tree shown is the whole search's.
		s.tr, jobs = newC4Tracer(budget.Trace, p), 1
		defer func() { s.tr = nil }()
	}
	s.setJobs(jobs)
	m, v := s.bestMove(p)
	if s.stopped {
		m = safeMove(s, p)
		v = 0 // no result, only a placeholder
	}
	d.Move, d.Score, d.Exact = m, v, !s.stopped
	if d.Exact {
		d.Depth = plies(v, p.moves)
		d.PV = s.expectedLine(p, d.Move, d.Score)
	}
	d.Nodes, d.Time = s.nodes, time.Since(start)
	if s.tr != nil {
		d.Trace = s.tr.trace(d.Nodes, d.Score, d.PV)
	}
	s.ctx = nil
	return d
}

// safeMove is a move for when time ran out: the table's move if it has
// one, else the most central column that does not lose at once.
func safeMove(s *c4Solver, p c4Pos) Move { return s.safeMove(p) }

// bookParam switches the opening book: off searches every position.
var bookParam = param{key: "book", kind: kindSwitch, def: "on",
	about: "answer from the opening book (7x6, the first 12 plies) where it can"}

func init() {
	registerBot(&botDecl{name: "solver", order: 7, games: []string{"connect4"}, traces: true,
		about:  "perfect play: the exact game value by alpha-beta on bitboards, with a table and an opening book",
		params: []param{timeParam, bookParam},
		build:  func(c botConfig) Bot { return &SolverBot{noBook: !c.vals.on("book")} }})
}

package main

import (
	"context"
	"sync"
	"time"
)

// The solver bot and the hint on boards other than 7x6: the same solver
// as 7x6's (c4solve.go and below), for the board's size, from scratch
// (no book), shared as the 7x6 solver is.

// anyShared is the solver of the last size played other than 7x6, made
// on first use and remade when the size changes; mu keeps one search at
// a time on it.
var anyShared struct {
	mu sync.Mutex
	s  *c4Solver
}

// sharedSolver returns the shared solver for board g (not 7x6), locked,
// its table empty if the size changed, and the function that unlocks it.
func sharedSolver(g *c4Geom) (*c4Solver, func()) {
	anyShared.mu.Lock()
	if anyShared.s == nil || anyShared.s.g != g {
		anyShared.s = nil // let the old table go before the new one is made
		anyShared.s = newC4SolverFor(g)
	}
	return anyShared.s, anyShared.mu.Unlock
}

// thinkAny is SolverBot.Think on a board other than 7x6: the exact score
// and the most central move that keeps it, within the budget's time, with
// budget.Jobs threads. Its nodes and time are the solve's; the expected
// line after it costs a few more searches, not counted. Out of time, it
// plays the table's move or the most central move that does not lose at
// once, with no score.
func thinkAny(ctx context.Context, c *ConnectFour, budget Budget) Decision {
	start := time.Now()
	d := Decision{Move: NoMove}
	if c.Over() {
		return d
	}
	ctx, cancel := withBudget(ctx, budget)
	defer cancel()
	s, unlock := sharedSolver(c.geo)
	defer unlock()
	s.ctx, s.stopped, s.nodes = ctx, false, 0
	defer func() { s.ctx = nil }()
	s.setJobs(budget.Jobs)
	p := c4PosOf(c)
	m, v := s.bestMove(p)
	d.Nodes, d.Time = s.nodes, time.Since(start)
	if s.stopped {
		d.Move = s.safeMove(p)
		return d
	}
	d.Move, d.Score, d.Exact = m, v, true
	d.Depth = c4AnyPlies(c.geo.cells, v, p.moves)
	d.PV = s.expectedLine(p, m, v)
	return d
}

// anyColumnScores is c4ColumnScores on a board other than 7x6: every
// column's exact score for the side to move, nil for a full column, on
// one thread; stopped says ctx ended the search first.
func anyColumnScores(ctx context.Context, c *ConnectFour) (scores []*int, stopped bool) {
	s, unlock := sharedSolver(c.geo)
	defer unlock()
	s.ctx, s.stopped = ctx, false
	defer func() { s.ctx = nil }()
	s.setJobs(1)
	if c.Over() {
		return make([]*int, c.geo.width), false
	}
	return s.columnScores(c4PosOf(c)), s.stopped
}

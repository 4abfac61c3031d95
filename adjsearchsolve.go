package main

import (
	"context"
	"fmt"
	"math/bits"
	"time"
)

// AdjSolution is a position solved to the end of the game: its exact value
// for the side to move (the final mark difference under perfect play), one
// perfect line from it, and what the solve cost.
type AdjSolution struct {
	Value int
	Line  []Move
	Nodes int64
	Time  time.Duration
}

// adjSolve computes a's exact value and a perfect line: alpha-beta to the
// end of the game, driven by MTD(f) (Plaat et al. 1996): a series of
// null-window searches, each asking "is the value at least beta?", that
// close in on the value from opt.guess. A null window cuts far more than
// an open one, and the table keeps what each search proved for the next.
// The table's keys fold the board's symmetry (see adjSearch.key), so a
// position and its mirror image share one entry. The solve runs on tt,
// whose entries of earlier searches of the same game stay valid, as opt
// says. ok is false when ctx ended first: the solution is then the best
// move the table holds, or the first legal one, with the bound proved
// closest to it.
func adjSolve(ctx context.Context, a *Adjacency, tt *adjTable, opt adjSolveOptions) (AdjSolution, bool) {
	start := time.Now()
	if a.Over() {
		return AdjSolution{Value: a.Final(a.Turn())}, true
	}
	p := newAdjProver(ctx, a, tt, opt)
	report := opt.report
	lo, hi := -infinity, infinity
	v := opt.guess
	for lo < hi {
		beta := max(v, lo+1)
		if (beta-p.parity)&1 != 0 {
			beta++ // a value of the right parity at or above the old beta
		}
		report.asking(lo, hi, beta)
		var ok bool
		if v, ok = p.atLeast(beta); !ok {
			return p.stopped(lo, hi), false
		}
		if v >= beta {
			lo = v
		} else {
			hi = v
		}
	}
	sol := AdjSolution{Value: lo}
	sol.Line = p.s.perfectLine(p.me, p.opp, p.ply, lo)
	if p.s.stopped {
		return p.stopped(lo, hi), false
	}
	sol.Nodes, sol.Time = p.s.nodes, time.Since(start)
	return sol, true
}

// adjSolveGuess is the value MTD(f) asks about first: a draw.
const adjSolveGuess = 0

// adjSolveOptions say how adjSolve and an adjProver work.
type adjSolveOptions struct {
	jobs  int // threads (see adjSearch.together); 0 or 1 for one
	guess int // the value MTD(f) asks about first
	// unrelaxed searches every isolated move alone (alphabeta:relax=off,
	// see adjsearchrelax.go).
	unrelaxed bool
	tr        *adjTracer        // when not nil, records each question's search
	report    *adjSolveProgress // when not nil, hears of the first thread's nodes as they go
}

// adjSolveTableBits sizes the solver's table for a position left plies
// before the end, as a power of two (see adjSolveBits).
func adjSolveTableBits(left int) int {
	return max(adjLeastSolveBits, min(adjSolveBits, left+adjSolveBitsPerPly))
}

// adjProver answers null-window questions about one position to the end
// of the game, on one symmetric table that carries what each answer
// proved over to the next.
type adjProver struct {
	s       *adjSearch // the first thread's search
	me, opp uint64
	ply     int
	// parity is that of every final mark difference: the number of marks
	// at the end (each ply adds one) fixes it, so each null window tests
	// one possible value.
	parity int
	jobs   int // threads (see adjSearch.together)
}

// newAdjProver prepares the questions about a (not over) on tt, which may
// hold what earlier provers proved of other positions of the same game,
// to be answered as opt says (its guess aside).
func newAdjProver(ctx context.Context, a *Adjacency, tt *adjTable, opt adjSolveOptions) *adjProver {
	tt.newGeneration()
	e := newAdjEngine(a, adjMode{prune: true, symmetric: true, unrelaxed: opt.unrelaxed}, tt)
	var tick func(int64)
	if opt.report != nil {
		tick = opt.report.tick
	}
	p := &adjProver{s: e.newSearch(ctx, 0, nil, nil, opt.tr, tick), me: a.marks[a.Turn()], opp: a.marks[a.Turn().Other()], ply: len(a.history), jobs: opt.jobs}
	p.parity = (bits.OnesCount64(p.me|p.opp) + a.PliesLeft()) & 1
	return p
}

// atLeast asks whether the value is at least beta: a fail-soft null-window
// search whose answer v >= beta proves the value is at least v, and v <
// beta that it is at most v. ok is false when the context ended first.
func (p *adjProver) atLeast(beta int) (v int, ok bool) {
	left := p.s.plies - p.ply
	if tr := p.s.tr; tr != nil {
		tr.restart(left)
		tr.enter(p.me, p.opp, p.ply, left, beta-1, beta, p.s.plies, p.s.nodes)
		defer func() { tr.leave(p.ply, v, p.s.nodes) }()
	}
	v = p.s.together(p.jobs, func(t *adjSearch) int {
		return t.negamax(p.me, p.opp, p.ply, left, beta-1, beta)
	})
	return v, !p.s.stopped
}

// stopped is the solution of a solve cut short with the value known to
// lie in [lo, hi]: the table's move for the position (or the first legal
// move) and the bound nearest a draw.
func (p *adjProver) stopped(lo, hi int) AdjSolution {
	m := p.s.tableMove(p.me, p.opp)
	if m == NoMove {
		m = Move(bits.TrailingZeros64(^(p.me | p.opp)))
	}
	v := 0
	switch {
	case lo > 0:
		v = lo
	case hi < 0:
		v = hi
	}
	return AdjSolution{Value: v, Line: []Move{m}, Nodes: p.s.nodes}
}

// adjSolveProgress turns a solve's course into lines for a person
// watching: the bounds proved so far and the question being asked, with
// the nodes and the time so far, at most every adjProgressEvery.
type adjSolveProgress struct {
	report      func(line string)
	plies, jobs int
	start, last time.Time
	lo, hi      int
	beta        int
}

// newAdjSolveProgress reports, through report, on a solve of a position
// plies before the end on jobs threads.
func newAdjSolveProgress(report func(line string), plies, jobs int) *adjSolveProgress {
	now := time.Now()
	return &adjSolveProgress{report: report, plies: plies, jobs: jobs, start: now, last: now}
}

// asking notes that the solve, the value known to lie in [lo, hi], asks
// whether it is at least beta. A nil progress ignores it.
func (p *adjSolveProgress) asking(lo, hi, beta int) {
	if p != nil {
		p.lo, p.hi, p.beta = lo, hi, beta
	}
}

// tick hears the first thread's node count (with the other threads' of
// the questions answered) every few thousand nodes, and reports when it
// is time.
func (p *adjSolveProgress) tick(nodes int64) {
	now := time.Now()
	if now.Sub(p.last) < adjProgressEvery {
		return
	}
	p.last = now
	known := "unknown"
	switch {
	case p.lo > -infinity && p.hi < infinity:
		known = fmt.Sprintf("in [%d, %d]", p.lo, p.hi)
	case p.lo > -infinity:
		known = fmt.Sprintf(">= %d", p.lo)
	case p.hi < infinity:
		known = fmt.Sprintf("<= %d", p.hi)
	}
	p.report(fmt.Sprintf("solving %d plies on %s: value %s, asking >= %d; %s nodes, %s",
		p.plies, plural(p.jobs, "thread", "threads"), known, p.beta, adjCount(nodes), now.Sub(p.start).Round(time.Second)))
}

// adjCount writes a large count short: 12.3 G, 456.7 M, 12,345.
func adjCount(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.1f G", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f M", float64(n)/1e6)
	}
	return fmt.Sprint(n)
}

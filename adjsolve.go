package main

import (
	"context"
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
// close in on the value from guess. A null window cuts far more than an
// open one, and the table keeps what each search proved for the next.
// The table's keys fold the board's symmetry (see adjSearch.key), so a position
// and its mirror image share one entry. jobs threads search together
// (see adjSearch.together). progress, when not nil, hears of every bound
// proved. ok is false when ctx ended first.
func adjSolve(ctx context.Context, a *Adjacency, tableBits, jobs, guess int, progress func(lo, hi int, nodes int64)) (AdjSolution, bool) {
	start := time.Now()
	if a.Over() {
		return AdjSolution{Value: a.Final(a.Turn())}, true
	}
	p := newAdjProver(ctx, a, newAdjTable(tableBits), jobs)
	lo, hi := -infinity, infinity
	v := guess
	for lo < hi {
		beta := max(v, lo+1)
		if (beta-p.parity)&1 != 0 {
			beta++ // a value of the right parity at or above the old beta
		}
		var ok bool
		if v, ok = p.atLeast(beta); !ok {
			return AdjSolution{}, false
		}
		if v >= beta {
			lo = v
		} else {
			hi = v
		}
		if progress != nil {
			progress(lo, hi, p.s.nodes)
		}
	}
	sol := AdjSolution{Value: lo}
	sol.Line = p.s.perfectLine(p.me, p.opp, p.ply, lo)
	if p.s.stopped {
		return AdjSolution{}, false
	}
	sol.Nodes, sol.Time = p.s.nodes, time.Since(start)
	return sol, true
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
// to be answered on jobs threads.
func newAdjProver(ctx context.Context, a *Adjacency, tt *adjTable, jobs int) *adjProver {
	tt.newGeneration()
	s := newAdjEngine(a, adjMode{prune: true, symmetric: true}, tt).newSearch(ctx, nil)
	p := &adjProver{s: s, me: a.marks[a.Turn()], opp: a.marks[a.Turn().Other()], ply: len(a.history), jobs: jobs}
	p.parity = (bits.OnesCount64(p.me|p.opp) + a.PliesLeft()) & 1
	return p
}

// atLeast asks whether the value is at least beta: a fail-soft null-window
// search whose answer v >= beta proves the value is at least v, and v <
// beta that it is at most v. ok is false when the context ended first.
func (p *adjProver) atLeast(beta int) (v int, ok bool) {
	v = p.s.together(p.jobs, func(t *adjSearch) int {
		return t.negamax(p.me, p.opp, p.ply, t.plies-p.ply, beta-1, beta)
	})
	return v, !p.s.stopped
}

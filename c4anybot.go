package main

import (
	"context"
	"sync"
)

// The solver bot and the hint on boards other than 7x6: the same solver
// as 7x6's (c4solve.go and below), for the board's size, from scratch
// (no book). Each bot keeps a solver of its own; the hint and -analyze
// -scores use one of the run's.

// anyShare is the run's solver for hints and -analyze -scores, of the
// last size asked about; mu keeps one search at a time on it.
type anyShare struct {
	mu sync.Mutex
	s  *c4Solver
}

// anyShareKey names the run's anyShare in its registry.
const anyShareKey = "connect4 other sizes' solver"

// anySolverFor returns s if it is a solver of board g, else a new one.
func anySolverFor(s *c4Solver, g *c4Geom) *c4Solver {
	if s != nil && s.g == g {
		return s
	}
	return newC4SolverFor(g)
}

// anyColumnScores is c4ColumnScores on a board other than 7x6: every
// column's exact score for the side to move, nil for a full column, on
// one thread, with the solver of reg's run; stopped says ctx ended the
// search first.
func anyColumnScores(ctx context.Context, reg *registry, c *ConnectFour) (scores []*int, stopped bool) {
	sh := reg.shared(anyShareKey, func() any { return new(anyShare) }).(*anyShare)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.s != nil && sh.s.g != c.geo {
		sh.s = nil // let the old table go before the new one is made
	}
	sh.s = anySolverFor(sh.s, c.geo)
	s := sh.s
	s.ctx, s.stopped = ctx, false
	defer func() { s.ctx = nil }()
	s.setJobs(1)
	if c.Over() {
		return make([]*int, c.geo.width), false
	}
	return s.columnScores(c4PosOf(c)), s.stopped
}

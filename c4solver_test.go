package main

import "testing"

// Helpers of the solver's tests and benchmarks.

// newTestSolver returns a solver for board g on a table of its own of
// 2^bits entries, with the book b (nil for none) and every refinement on.
func newTestSolver(g *c4Geom, bits int, b book) *c4Solver {
	return newC4Solver(g, newC4Table(bits, g.keyBits), b, c4Defaults())
}

// newStdSolver returns a 7x6 solver with the program's table size
// (ttBits) and no book, as the benchmarks measure it.
func newStdSolver() *c4Solver { return newTestSolver(c4Std, ttBits, nil) }

// newEnvSolver is newTestSolver for a benchmark: no book, and the
// tuning's etcLeft from C4_ETC_LEFT when set (the empty cells above which
// the static pass looks up the table).
func newEnvSolver(b *testing.B, g *c4Geom, bits int) *c4Solver {
	tune := c4Defaults()
	tune.etcLeft = envInt(b, "C4_ETC_LEFT", tune.etcLeft)
	return newC4Solver(g, newC4Table(bits, g.keyBits), nil, tune)
}

// reset starts the solver afresh, as if new: an empty table, its counts
// at 0, not stopped.
func (s *c4Solver) reset() {
	s.fresh()
	s.start(nil, nil)
}

// unwinds is how many times since start a thread gave up its subtrees
// because another had settled a node above them (settledAbove).
func (s *c4Solver) unwinds() int64 {
	n := s.main.unwinds
	for _, h := range s.helpers {
		n += h.unwinds
	}
	return n
}

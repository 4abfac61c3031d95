package main

import "context"

// The solver and what lasts from one search to the next: the board, its
// operations, the table, the book, the tuning and the threads. A search
// in progress keeps its own state in a c4Search per thread (c4solversearch.go);
// the solver drives the thread it was called on through the null-window
// searches (c4solvernullwindow.go) and the expected line (c4solverline.go), and the
// other threads join it at each root (c4solverparallel.go).

// c4Solver searches positions exactly. Its table survives between
// searches (scores belong to positions, not to searches), so a game gets
// faster as it goes.
type c4Solver struct {
	c4Setup
	// main searches on the caller's thread; helpers are the other
	// threads' searches, made once and kept; busyMarks are the busy
	// marks they share (c4solverparallel.go), made with the first helper.
	main      *c4Search
	helpers   []*c4Search
	busyMarks *busySet
}

// newC4Solver returns a solver for the board g over the table t (which
// other solvers may share: see runTable), with the opening book b (nil
// for none) and the refinements of tune. It searches on one thread until
// setJobs says otherwise.
func newC4Solver(g *c4Geom, t *c4Table, b book, tune c4Tuning) *c4Solver {
	s := &c4Solver{c4Setup: c4Setup{c4Table: t, g: g, ops: opsOf(g, tune.constShifts), tune: tune, book: b}}
	s.main = newC4Search(s.c4Setup)
	return s
}

// setJobs makes the solver search with so many threads (at least one).
func (s *c4Solver) setJobs(jobs int) {
	jobs = max(jobs, 1)
	for len(s.helpers) < jobs-1 {
		s.helpers = append(s.helpers, newC4Search(s.c4Setup))
	}
	s.helpers = s.helpers[:jobs-1]
	if jobs > 1 && s.busyMarks == nil {
		s.busyMarks = new(busySet)
	}
}

// start begins a decision: the searches that follow stop when ctx ends
// (nil: never), count their nodes from 0 and tell the tracer tr (nil for
// none; it needs one thread) what they search.
func (s *c4Solver) start(ctx context.Context, tr *c4Tracer) {
	s.main.begin(ctx, tr)
	for _, h := range s.helpers {
		h.begin(ctx, nil)
	}
}

// resume lets the decision's next searches run until ctx ends, whether or
// not the last one was stopped; the counts go on.
func (s *c4Solver) resume(ctx context.Context) { s.main.resume(ctx) }

// stopped reports whether the last search was cut short (by its context),
// so that its answer means nothing.
func (s *c4Solver) stopped() bool { return s.main.stopped }

// nodes is the nodes every thread has searched since start.
func (s *c4Solver) nodes() int64 {
	n := s.main.nodes
	for _, h := range s.helpers {
		n += h.nodes
	}
	return n
}

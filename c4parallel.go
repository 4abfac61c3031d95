package main

import (
	"sync"
	"sync/atomic"
)

// The parallel solver: every thread searches the same window from the
// same root over the one shared table, and the first to finish answers
// (every thread computes the window's answer exactly, so any will do).
// Alone, the threads would walk the same tree in step; what splits the
// work is a small table of the positions being searched right now (after
// ABDADA, Weill 1996): at a node whose first move has been tried, a
// thread puts off a move whose position another thread is searching and
// takes the next one, coming back to it at the end, when the other's
// result is usually in the table. A thread that has put off a move and
// taken the next may be working for nothing: the other thread's move can
// settle the node meanwhile. So every 1024 nodes a thread looks up the
// nodes on its path in the table, and when another thread has settled
// one, it gives up what it was searching below it and answers there
// with the table's bound (settledAbove in c4solver.go; looking every 256
// or 4096 nodes was slower on Begin-Hard). One thread
// searches exactly as the single-threaded solver does, node for node.
//
// The threads read and write the table without locks: an entry is one
// 64-bit word carrying its own tag and generation, so a thread sees
// either a whole entry or no match, never a mixture (see tablestore.go).

// setJobs makes the solver search with so many threads (at least one):
// helpers sharing its table, made once and kept.
func (s *c4Solver) setJobs(jobs int) {
	jobs = max(jobs, 1)
	for len(s.helpers) < jobs-1 {
		s.helpers = append(s.helpers, &c4Solver{c4Table: s.c4Table, g: s.g, ops: s.ops})
	}
	s.helpers = s.helpers[:jobs-1]
	if jobs > 1 && s.busyMarks == nil {
		s.busyMarks = new(busySet)
	}
}

// search scores p within (alpha, beta) as negamax does, with every
// thread. The answer is the first finished thread's; the others stop at
// once. Nodes of all threads count. A solver already stopped stays so
// and searches nothing, as negamax alone does: a driver that goes on
// after a cut-short probe (bestMove after solve) must not take a later
// quick answer for a finished search.
func (s *c4Solver) search(p c4Pos, alpha, beta int) int {
	if s.stopped {
		return alpha // searches nothing: see above
	}
	root := c4Node{p: p}
	if v, settled := s.static(&root, s.threats(p.cur^p.mask, p.mask), alpha, beta); settled {
		return v
	}
	// The root's entry, before the threads share its node.
	s.probeNode(&root)
	if (root.p.moves-p.moves)%2 == 1 {
		if v, ok := root.settled(-beta, -alpha); ok {
			return -v
		}
	} else if v, ok := root.settled(alpha, beta); ok {
		return v
	}
	if len(s.helpers) == 0 {
		s.top = -1
		return s.child(&root, p.moves, -1, alpha, beta)
	}
	// The table cannot grow under the threads' feet: all of it now, and
	// then neither poll nor store grows it. From a fresh 64 MiB table
	// that is about 7 ms; the program keeps its table from one search to
	// the next, so it pays this once.
	for s.bucketBits < s.maxBits {
		s.grow()
	}
	var done atomic.Bool
	var once sync.Once
	var answer int
	var wg sync.WaitGroup
	run := func(t *c4Solver) {
		t.stopped, t.done, t.busy = false, &done, s.busyMarks
		t.top, t.unwind = -1, -1
		v := t.child(&root, p.moves, -1, alpha, beta)
		if !t.stopped {
			once.Do(func() { answer = v })
			done.Store(true)
		}
	}
	for _, h := range s.helpers {
		h.ctx, h.nodes, h.unwinds, h.tune = s.ctx, 0, 0, s.tune
		wg.Add(1)
		go func() {
			defer wg.Done()
			run(h)
		}()
	}
	run(s)
	wg.Wait()
	s.done, s.busy = nil, nil
	for _, h := range s.helpers {
		s.nodes += h.nodes
		s.unwinds += h.unwinds
		h.ctx, h.done, h.busy = nil, nil, nil
	}
	// Only if no thread finished did the caller's time run out.
	s.stopped = !done.Load()
	return answer
}

package main

import (
	"context"
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
// with the table's bound (settledAbove; how often: c4PollNodes). One
// thread searches exactly as the single-threaded solver does, node for
// node.
//
// The threads read and write the table without locks: an entry is one
// 64-bit word carrying its own tag and generation, so a thread sees
// either a whole entry or no match, never a mixture (see tablestore.go).

// search scores p within (alpha, beta) as negamax does, with every
// thread. The answer is the first finished thread's; the others stop at
// once. A solver already stopped stays so and searches nothing, as
// negamax alone does: a driver that goes on after a cut-short probe
// (bestMove after solve) must not take a later quick answer for a
// finished search.
func (s *c4Solver) search(p c4Pos, alpha, beta int) int {
	x := s.main
	if x.stopped {
		return alpha // searches nothing: see above
	}
	root := c4Node{p: p}
	if v, settled := x.static(&root, s.threats(p.cur^p.mask, p.mask), alpha, beta); settled {
		return v
	}
	// The root's entry, before the threads share its node.
	x.probeNode(&root)
	if (root.p.moves-p.moves)%2 == 1 {
		if v, ok := root.settled(-beta, -alpha); ok {
			return -v
		}
	} else if v, ok := root.settled(alpha, beta); ok {
		return v
	}
	if len(s.helpers) == 0 {
		v, _ := x.join(x.ctx, &root, p.moves, alpha, beta, nil, nil)
		return v
	}
	// The table cannot grow under the threads' feet: all of it now, and
	// then neither poll nor store grows it. The program keeps its table
	// from one search to the next, so it pays this once.
	s.whole()
	var done atomic.Bool
	var once sync.Once
	var answer int
	var wg sync.WaitGroup
	run := func(t *c4Search) {
		if v, ok := t.join(x.ctx, &root, p.moves, alpha, beta, &done, s.busyMarks); ok {
			once.Do(func() { answer = v })
			done.Store(true)
		}
	}
	for _, h := range s.helpers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run(h)
		}()
	}
	run(x)
	wg.Wait()
	// Only if no thread finished did the caller's time run out.
	x.finished(done.Load())
	return answer
}

// join searches root, the root node of a search from a position of so
// many stones, within (alpha, beta) as one of its threads, until ctx ends:
// alone when done is nil, else beside the threads that share done (set
// by the first to finish) and the busy marks. It reports whether this
// thread finished.
func (x *c4Search) join(ctx context.Context, root *c4Node, moves, alpha, beta int, done *atomic.Bool, busy *busySet) (int, bool) {
	x.ctx, x.done, x.busy = ctx, done, busy
	x.stopped, x.top, x.unwind = false, -1, -1
	v := x.child(root, moves, -1, alpha, beta)
	x.done, x.busy = nil, nil
	return v, !x.stopped
}

package main

import (
	"sync"
	"sync/atomic"
)

// Adjacency's search on several threads, as the Connect Four solver's
// (see c4parallel.go): every thread searches the same window from the
// same root over the one shared table, the first to finish answers, and
// the busy marks (ABDADA) split the work: past a node's first move, a
// move whose position another thread is searching is put off to the end.
// With one thread nothing of this runs, and the search is node for node
// the single-threaded one.

// together runs search on s and on jobs-1 helpers of the same position
// that share s's table, and returns the answer of the first to finish.
// The helpers start from s's killers and history. Nodes of all threads
// count; s.stopped is set only if no thread finished.
func (s *adjSearch) together(jobs int, search func(t *adjSearch) int) int {
	if jobs <= 1 {
		return search(s)
	}
	if s.marks == nil {
		s.marks = new(busySet)
	}
	busy := s.marks
	var done atomic.Bool
	var once sync.Once
	var answer int
	run := func(t *adjSearch) {
		t.busy, t.done = busy, &done
		v := search(t)
		if !t.stopped {
			once.Do(func() { answer = v })
			done.Store(true)
		}
		t.busy, t.done = nil, nil
	}
	var wg sync.WaitGroup
	// The helpers are kept from one call to the next with their near
	// tables: a solve calls this once for each root move.
	for len(s.helpers) < jobs-1 {
		s.helpers = append(s.helpers, &adjSearch{})
	}
	for _, h := range s.helpers[:jobs-1] {
		*h = adjSearch{ctx: s.ctx, prune: s.prune, symmetric: s.symmetric, rounds: s.rounds, plies: s.plies,
			tt: s.tt, nextPoll: adjPollEvery, killers: s.killers, history: s.history, near: h.near}
		wg.Add(1)
		go func() {
			defer wg.Done()
			run(h)
		}()
	}
	run(s)
	wg.Wait()
	for _, h := range s.helpers[:jobs-1] {
		s.nodes += h.nodes
	}
	s.stopped = !done.Load()
	return answer
}

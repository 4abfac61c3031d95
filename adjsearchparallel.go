package main

import (
	"sync"
	"sync/atomic"
)

// Adjacency's search on several threads, as the Connect Four solver's
// (see c4solverparallel.go): every thread searches the same window from the
// same root over the one shared table, the first to finish answers, and
// the busy marks (ABDADA) split the work: past a node's first move, a
// move whose position another thread is searching is put off to the end.
// With one thread nothing of this runs, and the search is node for node
// the single-threaded one.

// together runs search on s and on jobs-1 helper searches of the same
// position over s's table, and returns the answer of the first to finish.
// The helpers start from s's killers and history, each with its thread's
// small table. Nodes of all threads count; s.stopped is set only if no
// thread finished.
func (s *adjSearch) together(jobs int, search func(t *adjSearch) int) int {
	if jobs <= 1 {
		return search(s)
	}
	if s.e.marks == nil {
		s.e.marks = new(busySet)
	}
	var done atomic.Bool
	var once sync.Once
	var answer int
	run := func(t *adjSearch) {
		v := search(t)
		if !t.stopped {
			once.Do(func() { answer = v })
			done.Store(true)
		}
	}
	helpers := make([]*adjSearch, jobs-1)
	var wg sync.WaitGroup
	for i := range helpers {
		helpers[i] = s.e.newSearch(s.ctx, i+1, s, &done, nil, nil)
		wg.Add(1)
		go func() {
			defer wg.Done()
			run(helpers[i])
		}()
	}
	s.busy, s.done = s.e.marks, &done
	run(s)
	s.busy, s.done = nil, nil
	wg.Wait()
	for _, h := range helpers {
		s.nodes += h.nodes
	}
	s.stopped = !done.Load()
	return answer
}

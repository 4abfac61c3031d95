package main

import "sync"

// gamesInOrder does the work of several games at once, at most n at a
// time, and hands each game on, as soon as it and every game before it
// are done, in the order the games were added: what it writes, and
// where it stops on an error, are as when the games are done one at a
// time, and a game typed at a terminal is answered when it is done,
// without waiting for the next. -review -grade and -rate -grade grade a
// results file's games this way (docs/review.md, "Grading").
type gamesInOrder[T any] struct {
	// then takes each game in order, its work done; its error, or its
	// work's, stops the queue: the games after it are not handed on.
	then    func(v T) error
	slots   chan *gameSlot[T] // the games in order, to handOn
	running chan struct{}     // a token for each game at work
	ended   chan struct{}     // closed once handOn has ended
	mu      sync.Mutex
	err     error // the first error
}

// gameSlot is one game in the queue; done is closed when its work has
// ended, err then saying how it failed.
type gameSlot[T any] struct {
	v    T
	done chan struct{}
	err  error
}

// newGamesInOrder is a queue that works on n games at once (1 if n is
// less) and hands them on to then.
func newGamesInOrder[T any](n int, then func(v T) error) *gamesInOrder[T] {
	n = max(n, 1)
	q := &gamesInOrder[T]{then: then, slots: make(chan *gameSlot[T], n),
		running: make(chan struct{}, n), ended: make(chan struct{})}
	go q.handOn()
	return q
}

// add queues v and starts work on it (none if work is nil), once fewer
// than n games are at work. It returns the queue's first error, if it
// has stopped.
func (q *gamesInOrder[T]) add(v T, work func(v *T) error) error {
	if err := q.failed(); err != nil {
		return err
	}
	s := &gameSlot[T]{v: v, done: make(chan struct{})}
	if work == nil {
		close(s.done)
	} else {
		q.running <- struct{}{}
		go func() {
			defer close(s.done)
			defer func() { <-q.running }()
			s.err = work(&s.v)
		}()
	}
	q.slots <- s
	return nil
}

// wait waits for the games added to be done and handed on, and returns
// the first error. The queue takes no more games.
func (q *gamesInOrder[T]) wait() error {
	close(q.slots)
	<-q.ended
	return q.failed()
}

// handOn hands the games on in order, each when its work has ended;
// after an error it only waits for the work under way.
func (q *gamesInOrder[T]) handOn() {
	defer close(q.ended)
	for s := range q.slots {
		<-s.done
		if q.failed() != nil {
			continue
		}
		err := s.err
		if err == nil {
			err = q.then(s.v)
		}
		if err != nil {
			q.mu.Lock()
			q.err = err
			q.mu.Unlock()
		}
	}
}

// failed is the queue's first error, nil while it runs.
func (q *gamesInOrder[T]) failed() error {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.err
}

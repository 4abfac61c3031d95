package main

import "fmt"

// gradeQueue grades the records -rate reads, jobs games at once, and hands
// them on in the order they were read, so that the tables and every
// error read as they do when one game is graded at a time
// (docs/review.md, "Grading").
type gradeQueue struct {
	gr *recordGrader
	// then takes each record in order, graded or not; its error stops
	// the queue.
	then    func(rec gameRecord, where string) error
	waiting []*gradeSlot // read, in order, not handed on yet
}

// gradeSlot is one record in the queue; done is closed when its grading
// has ended, err then saying how it failed.
type gradeSlot struct {
	rec   gameRecord
	where string
	done  chan struct{}
	err   error
}

// push queues rec, read at where, and starts its grading if grade is
// set and rec needs it; then it hands
// on the records at the head of the queue whose grading has ended, and
// waits for the head while more records are in the queue than games
// are graded at once.
func (q *gradeQueue) push(rec gameRecord, where string, grade bool) error {
	s := &gradeSlot{rec: rec, where: where, done: make(chan struct{})}
	if !grade || q.gr == nil || !q.gr.needs(&rec) {
		close(s.done)
	} else {
		go func() {
			defer close(s.done)
			s.err = q.gr.grade(&s.rec)
		}()
	}
	q.waiting = append(q.waiting, s)
	return q.handOn(q.gr.jobsOrOne())
}

// flush hands on every record queued, waiting for their grading.
func (q *gradeQueue) flush() error {
	return q.handOn(0)
}

// handOn hands on the records at the head of the queue: those whose
// grading has ended, and, while more than keep are queued, the head
// whatever it takes. On an error it still waits for the gradings under
// way, so that none outlives the queue.
func (q *gradeQueue) handOn(keep int) error {
	for len(q.waiting) > 0 {
		head := q.waiting[0]
		if len(q.waiting) > keep {
			<-head.done
		}
		select {
		case <-head.done:
		default:
			return nil
		}
		q.waiting = q.waiting[1:]
		err := head.err
		if err != nil {
			err = fmt.Errorf("%s: grading: %v", head.where, err)
		} else {
			err = q.then(head.rec, head.where)
		}
		if err != nil {
			q.drop()
			return err
		}
	}
	return nil
}

// drop waits for the gradings still under way and forgets them.
func (q *gradeQueue) drop() {
	for _, s := range q.waiting {
		<-s.done
	}
	q.waiting = nil
}

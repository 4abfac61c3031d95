package main

import (
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// gamesInOrder hands the games on in the order added, whatever order
// their work ends in, works on at most n at once, stops at the first
// error (its work's or then's), and leaves no work running when wait
// returns.
func TestGamesInOrder(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name                 string
		n                    int
		workFails, thenFails int // the game whose work or then fails; -1 none
		want                 int // games handed on
	}{
		{"one at a time", 1, -1, -1, 20},
		{"three at once", 3, -1, -1, 20},
		{"more at once than games", 30, -1, -1, 20},
		{"then fails", 3, -1, 7, 7},
		{"work fails", 3, 10, -1, 10},
		{"the first fails", 2, 0, -1, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			var running, most, started, ended atomic.Int32
			var got []int
			q := newGamesInOrder(c.n, func(v int) error {
				if v == c.thenFails {
					return fmt.Errorf("then %d", v)
				}
				got = append(got, v)
				return nil
			})
			var addErr error
			for k := range 20 {
				var work func(v *int) error
				if k%4 != 3 { // every fourth game needs no work
					work = func(v *int) error {
						started.Add(1)
						defer ended.Add(1)
						now := running.Add(1)
						defer running.Add(-1)
						for m := most.Load(); now > m && !most.CompareAndSwap(m, now); m = most.Load() {
						}
						// The early games take longest, so that later
						// ones end first.
						time.Sleep(time.Duration(20-k) * 100 * time.Microsecond)
						if *v == c.workFails {
							return fmt.Errorf("work %d", *v)
						}
						return nil
					}
				}
				if addErr = q.add(k, work); addErr != nil {
					break
				}
			}
			err := q.wait()
			if started.Load() != ended.Load() {
				t.Errorf("wait returned with %d of %d works running", started.Load()-ended.Load(), started.Load())
			}
			if most.Load() > int32(c.n) {
				t.Errorf("%d works at once, at most %d wanted", most.Load(), c.n)
			}
			if want := firstInts(c.want); !slices.Equal(got, want) {
				t.Errorf("handed on %v, want %v", got, want)
			}
			failed := max(c.workFails, c.thenFails)
			switch {
			case failed < 0 && (err != nil || addErr != nil):
				t.Errorf("errors %v, %v", err, addErr)
			case failed >= 0 && (err == nil || !errors.Is(addErr, err) && addErr != nil):
				t.Errorf("wait: %v, add: %v, want the error of game %d", err, addErr, failed)
			case failed >= 0 && err.Error() != fmt.Sprintf("%s %d", map[bool]string{true: "work", false: "then"}[c.workFails >= 0], failed):
				t.Errorf("wait: %v, want game %d's", err, failed)
			}
		})
	}
}

// firstInts is 0, 1, ..., n-1.
func firstInts(n int) []int {
	s := []int{}
	for k := range n {
		s = append(s, k)
	}
	return s
}

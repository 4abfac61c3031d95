package main

import "testing"

// The openings' trees start at every position of so many plies, once up
// to its mirror image: 1, 4 (seven first moves, three pairs of mirror
// images and the centre), 25 (49 two-ply openings, 44 its own mirror),
// and 121 of three plies, where two orders of the same stones meet
// (counted apart by a plain enumeration of the cells).
func TestPositionsAt(t *testing.T) {
	for plies, want := range []int{1, 4, 25, 121} {
		if got := len(positionsAt(plies)); got != want {
			t.Errorf("%d plies: %d positions, want %d", plies, got, want)
		}
	}
}

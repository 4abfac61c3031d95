package main

import (
	"slices"
	"testing"
)

// TestNextProbe runs solve's narrowing against an oracle that answers
// each null window with its edge (as a fail-soft search proving no more
// does): every score of the empty board's interval is found, and the
// windows asked for the empty board's score, 1, are the tutorial's far
// ones, then the sign and one step.
func TestNextProbe(t *testing.T) {
	lo0, hi0 := -c4Cells/2, (c4Cells+1)/2
	for score := lo0; score <= hi0; score++ {
		lo, hi := lo0, hi0
		var asked []int
		for lo < hi && len(asked) <= hi0-lo0 {
			med := nextProbe(lo, hi)
			if med < lo || med >= hi {
				t.Fatalf("score %d: probe %d outside [%d, %d)", score, med, lo, hi)
			}
			asked = append(asked, med)
			if score <= med {
				hi = med
			} else {
				lo = med + 1
			}
		}
		if lo != score || hi != score {
			t.Errorf("score %d: narrowed to [%d, %d] after %v", score, lo, hi, asked)
		}
		if want := []int{-10, 10, -4, 5, 0, 1}; score == 1 && !slices.Equal(asked, want) {
			t.Errorf("score 1: windows at %v, want %v", asked, want)
		}
	}
}

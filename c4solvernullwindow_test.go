package main

import (
	"math/rand/v2"
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

// TestExpectedLine: the line the solver expects after its best move runs
// to the end of the game, the number of plies its score says, and ends
// the game with that score (a line that keeps the score at every move),
// on 7x6 positions and on random positions of other sizes.
func TestExpectedLine(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	type start struct {
		w, h   int
		record string
	}
	var starts []start
	for _, c := range loadSet(t, "Test_L2_R1")[:20] {
		starts = append(starts, start{7, 6, c.moves})
	}
	rng := rand.New(rand.NewPCG(39, 3))
	for _, size := range [][2]int{{5, 5}, {6, 4}, {4, 6}, {8, 4}} {
		for range 5 {
			g := NewConnectFourSize(size[0], size[1])
			for plies := 4 + rng.IntN(8); plies > 0 && !g.Over(); plies-- {
				moves := g.Moves(nil)
				g.Play(moves[rng.IntN(len(moves))])
			}
			if !g.Over() {
				starts = append(starts, start{size[0], size[1], c4Spec().record(g)})
			}
		}
	}
	for _, st := range starts {
		g := sizedGame(t, st.w, st.h, st.record)
		s := newTestSolver(g.geo, 20, nil)
		p := c4PosOf(g)
		m, v := s.bestMove(p)
		line := s.expectedLine(p, m, v)
		if len(line) != c4AnyPlies(g.geo.cells, v, p.moves) {
			t.Errorf("%dx%d %q: line %v of %d plies, score %d says %d", st.w, st.h, st.record, line, len(line), v, c4AnyPlies(g.geo.cells, v, p.moves))
			continue
		}
		mover := g.Turn()
		for _, mv := range line {
			g.Play(mv)
		}
		got := 0
		if w := g.Winner(); w != Nobody {
			got = (g.geo.cells + 2 - len(g.history)) / 2
			if w != mover {
				got = -got
			}
		}
		if !g.Over() || got != v {
			t.Errorf("%dx%d %q: line %v ends over %v with %d, score %d", st.w, st.h, st.record, line, g.Over(), got, v)
		}
	}
}

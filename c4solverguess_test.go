package main

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"
)

// The guess's evaluation is the threats evaluator's, on every size.
func TestGuessEvalIsThreatScore(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for _, size := range [][2]int{{7, 6}, {4, 4}, {8, 7}, {6, 5}, {12, 4}} {
		g := c4GeomOf(size[0], size[1])
		s := newC4Guess(g)
		for range 300 {
			c := NewConnectFourSize(size[0], size[1])
			for n := rng.IntN(g.cells); n > 0 && !c.Over(); n-- {
				moves := c.Moves(nil)
				c.Play(moves[rng.IntN(len(moves))])
			}
			if c.Over() {
				continue
			}
			p := c4PosOf(c)
			if got, want := s.eval(p), c4ThreatScore(c, c.Turn()); got != want {
				t.Fatalf("%dx%d %v: eval %d, c4ThreatScore %d", size[0], size[1], c.History(), got, want)
			}
		}
	}
}

// The guess sees wins and losses within its depth as the solver does:
// on End-Easy positions (a win or a loss a few plies away) it finds a
// win or a loss as the solver's sign says, and plays a winning move. (Not
// always the quickest: a forced line, which costs no depth, may show a
// slower win at a lower depth, and the search stops at the first.)
func TestGuessFindsNearEnds(t *testing.T) {
	s := newC4Guess(c4Std)
	for _, pos := range loadSet(t, "Test_L3_R1")[:200] {
		p := posOf(t, pos.moves)
		var cols []int
		for _, col := range c4Order {
			if p.column(col) != 0 {
				cols = append(cols, col)
			}
		}
		r := s.best(context.Background(), p, cols)
		switch {
		case pos.score > 0 && r.score < guessKnown:
			t.Errorf("%s: score %d, the guess sees no win (%d at depth %d)", pos.moves, pos.score, r.score, r.depth)
		case pos.score > 0 && winsNot(p, r.col):
			t.Errorf("%s: score %d, the guess plays %d, which does not win", pos.moves, pos.score, r.col+1)
		case pos.score < 0 && r.score > -guessKnown:
			t.Errorf("%s: score %d, the guess sees no loss (%d at depth %d)", pos.moves, pos.score, r.score, r.depth)
		}
	}
}

// winsNot reports whether col does not keep a win of p, by the solver.
func winsNot(p c4Pos, col int) bool {
	v, ok := newTestSolver(c4Std, 18, nil).childScore(p, col)
	return !ok || v <= 0
}

// BenchmarkGuess deepens the guess for 100 ms from the first ten
// Begin-Medium positions (a fresh table each): the depth it reaches and
// its nodes a second.
func BenchmarkGuess(b *testing.B) {
	positions := loadSet(b, "Test_L1_R2")[:10]
	var nodes int64
	var depth int
	start := time.Now()
	for range b.N {
		for _, pos := range positions {
			p := posOf(b, pos.moves)
			s := newC4Guess(c4Std)
			var cols []int
			for _, col := range c4Order {
				if p.column(col) != 0 {
					cols = append(cols, col)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			r := s.best(ctx, p, cols)
			cancel()
			nodes += s.nodes
			depth += r.depth
		}
	}
	b.ReportMetric(float64(depth)/float64(b.N*len(positions)), "depth")
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}

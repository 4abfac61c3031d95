package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// c4Sizes are the Connect Four boards the fast paths are checked on: the
// standard one (its own playout) and others (the general one).
var c4Sizes = [][2]int{{7, 6}, {4, 4}, {5, 4}, {6, 5}, {8, 7}, {12, 4}}

// randomC4 is a random unfinished position of a board of the given size.
func randomC4(rng *rand.Rand, size [2]int) *ConnectFour {
	for {
		g := NewConnectFourSize(size[0], size[1])
		for plies := rng.IntN(size[0] * size[1] * 2 / 3); plies > 0 && !g.Over(); plies-- {
			moves := g.Moves(nil)
			g.Play(moves[rng.IntN(len(moves))])
		}
		if !g.Over() {
			return g
		}
	}
}

// Connect Four's walker grows the tree of the generic search: on random
// positions of every size, with and without the solver, a bot that walks
// and a reference bot on the same seed make the same decision, hold the
// same tree, node by node with every count, and leave their random
// sources in the same state; also over a game, where each keeps its
// subtree from one move to the next.
func TestC4WalkerIsGeneric(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	pick := rand.New(rand.NewPCG(3, 3))
	for _, size := range c4Sizes {
		for _, solve := range []bool{false, true} {
			t.Run(fmt.Sprintf("%dx%d/solve=%v", size[0], size[1], solve), func(t *testing.T) {
				for i := range 12 {
					seed := uint64(i)
					fast, ref := mctsSeeded(seed), mctsSeeded(seed)
					fast.Solve, ref.Solve, ref.reference = solve, solve, true
					g := randomC4(pick, size)
					for move := 0; move < 6 && !g.Over(); move++ {
						budget := Budget{Playouts: 300 + pick.IntN(1500)}
						df := fast.Think(context.Background(), g, budget)
						dr := ref.Think(context.Background(), g, budget)
						sameSearch(t, fmt.Sprintf("seed %d, %s", seed, c4Record(g)), fast, ref, df, dr)
						g.Play(df.Move)
					}
				}
			})
		}
	}
}

// c4Record writes a Connect Four position's moves as its records do.
func c4Record(g *ConnectFour) string {
	var s string
	for _, m := range g.History() {
		s += g.FormatMove(m)
	}
	return s
}

// Connect Four's random playout is the generic one: from random
// unfinished positions of every size, on the same seed, the same winner
// and the same random numbers drawn.
func TestC4PlayoutIsGeneric(t *testing.T) {
	pick := rand.New(rand.NewPCG(5, 5))
	for _, size := range c4Sizes {
		for i := range 300 {
			g := randomC4(pick, size)
			slow, fast := rand.New(rand.NewPCG(uint64(i), 2)), rand.New(rand.NewPCG(uint64(i), 2))
			plies := randomPlayOut(g, slow, nil)
			want := g.Winner()
			for ; plies > 0; plies-- {
				g.Undo()
			}
			if got := g.randomPlayout(fast); got != want || slow.Uint64() != fast.Uint64() {
				t.Fatalf("%dx%d %s, seed %d: fast playout %v, generic %v (or other draws)", size[0], size[1], c4Record(g), i, got, want)
			}
		}
	}
}

package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// gameWalker is a walker (mctsWalker) over the Game interface alone: the
// plainest walker, to check walk against playout in every game. It
// counts its iterations in walks.
type gameWalker struct {
	root, at Game
	walks    *int
}

func (w *gameWalker) follow(moves, buf []Move) ([]Move, Side) {
	*w.walks++
	w.at = w.root.Clone()
	for _, m := range moves {
		w.at.Play(m)
	}
	return w.at.Moves(buf), w.at.Turn()
}

func (w *gameWalker) play(m Move) (Side, bool) {
	w.at.Play(m)
	return w.at.Winner(), w.at.Over()
}

func (w *gameWalker) randomPlayout(rng *rand.Rand) Side {
	randomPlayOut(w.at, rng, nil)
	return w.at.Winner()
}

// walked is a game that offers gameWalker (its clones too), counting
// the walker's iterations in walks.
type walked struct {
	Game
	walks *int
}

func (g walked) Clone() Game { return walked{g.Game.Clone(), g.walks} }

func (g walked) mctsWalker() mctsWalker {
	return &gameWalker{root: g.Game.Clone(), walks: g.walks}
}

// walk grows the tree that playout grows: in every game, from random
// positions, with and without the solver, a bot that walks (with the
// plain walker above) and a reference bot on the same seed make the same
// decisions over a few moves and hold the same tree.
func TestMCTSWalkIsPlayout(t *testing.T) {
	pick := rand.New(rand.NewPCG(6, 6))
	for _, spec := range declared.games {
		for _, solve := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/solve=%v", spec.name, solve), func(t *testing.T) {
				// The walker must be used: in some iteration, not in
				// every search, as near the end of a small game (Nim,
				// nim_test.go) the tree may know every end of the game.
				walks, playouts := 0, int64(0)
				for i := range 4 {
					seed := uint64(i)
					fast, ref := mctsSeeded(seed), mctsSeeded(seed)
					fast.Solve, ref.Solve, ref.reference = solve, solve, true
					g := conformanceGame(spec, pick)
					for move := 0; move < 3 && !g.Over(); move++ {
						budget := Budget{Playouts: 200 + pick.IntN(300)}
						df := fast.Think(context.Background(), walked{g, &walks}, budget)
						playouts += df.Tree.Playouts
						dr := ref.Think(context.Background(), g, budget)
						sameSearch(t, fmt.Sprintf("seed %d, %s", seed, spec.record(g)), fast, ref, df, dr)
						g.Play(df.Move)
					}
				}
				if walks == 0 && playouts > 0 {
					t.Errorf("%d playouts, none walked", playouts)
				}
			})
		}
	}
}

// sameSearch fails the test unless the two bots decided alike and hold
// the same tree and random state.
func sameSearch(t *testing.T, what string, fast, ref *MCTS, df, dr Decision) {
	t.Helper()
	df.Time, dr.Time = 0, 0
	switch {
	case fmt.Sprint(df) != fmt.Sprint(dr):
		t.Fatalf("%s: fast %+v, generic %+v", what, df, dr)
	case fast.size != ref.size || !fast.tree.same(&ref.tree):
		t.Fatalf("%s: the trees differ (%d and %d nodes)", what, fast.size, ref.size)
	case fast.rng.Uint64() != ref.rng.Uint64():
		t.Fatalf("%s: the random sources differ", what)
	}
}

package main

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestReplyEvalBlocks plays local search with each game's evaluator and
// with the same evaluator after the reply (replyEval), on random
// positions of Tic-Tac-Toe and Connect Four where the side to move has a
// move after which the opponent cannot win at once: the reply evaluator
// never plays a move the opponent wins straight after, and the plain one
// does in some of them (so the positions test something).
func TestReplyEvalBlocks(t *testing.T) {
	for _, tc := range []struct {
		game        string
		new         func() Game
		plain, seen string
	}{
		{"ttt", func() Game { return NewTicTacToe() }, "lines", "reply-lines"},
		{"connect4", func() Game { return NewConnectFour() }, "segments", "reply-segments"},
		{"connect4", func() Game { return NewConnectFour() }, "threats", "reply-threats"},
	} {
		t.Run(tc.seen, func(t *testing.T) {
			plain := LocalBot{Eval: findEvaluator(tc.game, tc.plain).score}
			seen := LocalBot{Eval: findEvaluator(tc.game, tc.seen).score}
			rng := rand.New(rand.NewPCG(46, 7))
			positions, plainLost := 0, 0
			for positions < 300 {
				g := tc.new()
				for n := rng.IntN(12); n > 0 && !g.Over(); n-- {
					moves := g.Moves(nil)
					g.Play(moves[rng.IntN(len(moves))])
				}
				if g.Over() || !someMoveHolds(g) {
					continue
				}
				positions++
				if losesAtOnce(g, seen.Think(context.Background(), g, Budget{}).Move) {
					t.Fatalf("%s: after %v the move lets the opponent win at once", tc.seen, g.History())
				}
				if losesAtOnce(g, plain.Think(context.Background(), g, Budget{}).Move) {
					plainLost++
				}
			}
			if plainLost == 0 {
				t.Errorf("%s never let the opponent win at once: the positions test nothing", tc.plain)
			}
			t.Logf("%s let the opponent win at once in %d of %d positions", tc.plain, plainLost, positions)
		})
	}
}

// losesAtOnce says whether the opponent has a winning reply to m in g,
// m not ending the game itself.
func losesAtOnce(g Game, m Move) bool {
	me := g.Turn()
	g.Play(m)
	defer g.Undo()
	if g.Over() {
		return false
	}
	for _, r := range g.Moves(nil) {
		g.Play(r)
		won := g.Over() && g.Winner() == me.Other()
		g.Undo()
		if won {
			return true
		}
	}
	return false
}

// someMoveHolds says whether the side to move has a move after which
// the opponent cannot win at once.
func someMoveHolds(g Game) bool {
	for _, m := range g.Moves(nil) {
		if !losesAtOnce(g, m) {
			return true
		}
	}
	return false
}

// TestReplyEvalWorked is a Tic-Tac-Toe position worked out by hand: after
// X 0, O 1, X 6, X threatens 3. Open lines from O's side after each O
// move, then X's best reply: every move but 3 lets X win, which counts
// -5 (half a win, under any win found by search); after O's 3, X's best
// reply is 4 (X's lines 0-4-8, 2-4-6 and 6-7-8 open, O's none), and
// open lines count X's 2 + 2 + 1 = 5, kept to 4 below a win, so -4 for
// O. Plain open lines play 4 and miss the block.
func TestReplyEvalWorked(t *testing.T) {
	g := tttAfter(t, "016")
	seen := LocalBot{Eval: findEvaluator("ttt", "reply-lines").score}.Think(context.Background(), g, Budget{})
	if seen.Move != 3 || seen.Score != -4 {
		t.Errorf("reply-lines: move %d score %d, want 3 and -4", seen.Move, seen.Score)
	}
	plain := LocalBot{}.Think(context.Background(), g, Budget{})
	if plain.Move != 4 {
		t.Errorf("lines: move %d, want 4", plain.Move)
	}
	if got := tttAfter(t, "016"); got.Key() != g.Key() {
		t.Errorf("the search changed the position")
	}
}

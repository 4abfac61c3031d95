package main

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// The fast searches no card names as a bot of their own, against the
// generic alpha-beta (minimax.go): the Connect Four guess (c4guess.go),
// the Connect Four solver and Adjacency's solver (adjsolve.go).

// c4EqualSizes are the Connect Four boards the guess and the solver are
// held to, with the least stones of the positions drawn on each: on the
// small boards from near the start, on the larger ones only late, where
// the generic search to the end is quick.
var c4EqualSizes = []struct {
	width, height, least int
}{
	{4, 4, 2}, {5, 4, 6}, {6, 5, 18}, {7, 6, 30},
}

// c4Late is a random Connect Four position of at least least stones,
// not finished, drawn as randomPrefix does near the end (avoiding the
// moves that end the game while it can).
func c4Late(rng *rand.Rand, width, height, least int) *ConnectFour {
	for {
		c := NewConnectFourSize(width, height)
		n := least + rng.IntN(width*height-least)
		for len(c.History()) < n && !c.Over() {
			var safe []Move
			for _, m := range c.Moves(nil) {
				c.Play(m)
				if !c.Over() {
					safe = append(safe, m)
				}
				c.Undo()
			}
			if len(safe) == 0 {
				break
			}
			c.Play(safe[rng.IntN(len(safe))])
		}
		if !c.Over() && len(c.History()) >= least {
			return c
		}
	}
}

// c4Where is a Connect Four position's record, for failures.
func c4Where(c *ConnectFour) string {
	w, h := c.Size()
	spec, _ := declared.findGame("connect4")
	return fmt.Sprintf("%dx%d %q", w, h, spec.record(c))
}

// guessAt is the guess's answer for c searched depth plies deep once,
// with a fresh table, its columns in the game's order: the column and
// the score.
func guessAt(c *ConnectFour, depth int) (col, v int) {
	s := newC4Guess(c.geo)
	s.begin(nil)
	p := c4PosOf(c)
	s.root = p.moves
	return s.rootSearch(p, depth, guessOrder(c))
}

// guessToGeneric is a guess score on the generic search's scale: a win
// n plies away is guessWin - n there, c4Win - n here; the threat count
// is the same.
func guessToGeneric(v int) int {
	switch {
	case v >= guessKnown:
		return v - guessWin + c4Win
	case v <= -guessKnown:
		return v + guessWin - c4Win
	}
	return v
}

// c4Mate says a generic score on a board of cells cells is a win or a
// loss found, beyond every threat count.
func c4Mate(v, cells int) bool { return v > c4Win-cells-1 || v < -(c4Win-cells-1) }

// c4MatePlies is how many plies away a mate of the generic scale is.
func c4MatePlies(v int) int { return c4Win - max(v, -v) }

// TestGuessEqualsGenericToTheEnd: searched as deep as the board has
// empty cells, the guess is exact, and so gives the generic alpha-beta's
// score to the end (the same win distance, or a draw) and the same column
// (the first in the game's order among equals). Deepened as the program
// calls it (best, no clock), it stops at the first depth that shows a
// win or a loss: of the generic search's sign, and as many plies away
// or more (a forced line, which costs no depth, may show a slower way to
// the end first: TestGuessFindsNearEnds), never fewer; its column keeps
// the sign.
func TestGuessEqualsGenericToTheEnd(t *testing.T) {
	t.Parallel()
	for _, size := range c4EqualSizes {
		t.Run(fmt.Sprintf("%dx%d", size.width, size.height), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(uint64(size.width), uint64(size.height)))
			tested := 0
			for range 24 {
				c := c4Late(rng, size.width, size.height, size.least)
				want, ok := genericAt(c, true, c4ThreatScore, 0)
				if !ok {
					continue
				}
				tested++
				empty := c.geo.cells - len(c.History())
				col, v := guessAt(c, empty)
				if guessToGeneric(v) != want.Score || Move(col) != want.Move {
					t.Errorf("%s depth %d: guess %d column %d, generic %d column %d", c4Where(c), empty, guessToGeneric(v), col, want.Score, want.Move)
				}
				s := newC4Guess(c.geo)
				s.begin(nil)
				r := s.best(context.Background(), c4PosOf(c), guessOrder(c))
				got := guessToGeneric(r.score)
				worth, _ := moveWorth(c, Move(r.col), nil, 0)
				switch {
				case cmp.Compare(got, 0) != cmp.Compare(want.Score, 0):
					t.Errorf("%s: deepened guess %d at depth %d, generic %d", c4Where(c), got, r.depth, want.Score)
				case got != 0 && c4MatePlies(got) < c4MatePlies(want.Score):
					t.Errorf("%s: deepened guess %d at depth %d, a mate nearer than the generic %d", c4Where(c), got, r.depth, want.Score)
				case cmp.Compare(worth, 0) != cmp.Compare(want.Score, 0):
					t.Errorf("%s: deepened guess's column %d is worth %d, generic %d", c4Where(c), r.col, worth, want.Score)
				}
			}
			if tested < 18 {
				t.Errorf("%d positions tested", tested)
			}
		})
	}
}

// guessOrder is c's columns in the game's order, as the guess takes them.
func guessOrder(c *ConnectFour) []int {
	var order []int
	for _, m := range c.Moves(nil) {
		order = append(order, int(m))
	}
	return order
}

// TestGuessMatesEqualGeneric: at a fixed depth the guess and the generic
// alpha-beta with the same evaluator (threats, which the guess computes
// on bitboards: TestGuessEvalIsThreatScore) do not search the same tree:
// a move forced by a threat costs the guess no depth, it never plays
// under the opponent's winning cell, and its table answers a node with a
// deeper search of it. So their threat counts may differ. What holds is what each
// proves: a win or a loss the generic search sees at a depth, the guess
// sees at that depth too, at the same distance; and one the guess sees,
// n plies away, the generic search to depth n sees too, as near or nearer.
func TestGuessMatesEqualGeneric(t *testing.T) {
	t.Parallel()
	for _, size := range c4EqualSizes {
		t.Run(fmt.Sprintf("%dx%d", size.width, size.height), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(uint64(size.width), 53))
			cells := size.width * size.height
			mates := 0
			for range 60 {
				c := c4Late(rng, size.width, size.height, min(4, size.least))
				for _, depth := range []int{2, 4, 6} {
					want, ok := genericAt(c, true, c4ThreatScore, depth)
					if !ok {
						continue
					}
					_, v := guessAt(c, depth)
					got := guessToGeneric(v)
					if c4Mate(want.Score, cells) {
						mates++
						if got != want.Score {
							t.Errorf("%s depth %d: generic %d, guess %d", c4Where(c), depth, want.Score, got)
						}
					}
					if !c4Mate(got, cells) {
						continue
					}
					n := c4MatePlies(got)
					deep, ok := genericAt(c, true, c4ThreatScore, n)
					if ok && (cmp.Compare(deep.Score, 0) != cmp.Compare(got, 0) || !c4Mate(deep.Score, cells) || c4MatePlies(deep.Score) > n) {
						t.Errorf("%s depth %d: guess %d, generic at depth %d %d", c4Where(c), depth, got, n, deep.Score)
					}
				}
			}
			if mates < 10 {
				t.Errorf("%d mates seen by the generic search: too few to test", mates)
			}
		})
	}
}

// c4SolverToGeneric is a solver score (docs/connect4.md, "Scores") of a
// position of n stones on a board of cells cells on the generic scale:
// the solver counts a win by the winner's stones left, the generic
// search by the plies to it (c4Win less them).
func c4SolverToGeneric(v, cells, n int) int {
	switch plies := c4AnyPlies(cells, v, n); {
	case v > 0:
		return c4Win - plies
	case v < 0:
		return -(c4Win - plies)
	}
	return 0
}

// TestC4SolverEqualsGeneric: on the small boards, and late on the larger
// ones, the solver's exact score of a position, of each of its columns
// and of its best move are the generic alpha-beta's to the end, one for
// one once the scales are matched (the winner's stones, the plies to the
// win); its best move is worth its score.
func TestC4SolverEqualsGeneric(t *testing.T) {
	t.Parallel()
	for _, size := range c4EqualSizes {
		t.Run(fmt.Sprintf("%dx%d", size.width, size.height), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(uint64(size.width), 3))
			geo := c4GeomOf(size.width, size.height)
			// One solver for every position, as a game keeps it: its
			// table's scores belong to positions.
			s := newTestSolver(geo, 16, nil)
			s.start(nil, nil)
			tested := 0
			for range 24 {
				c := c4Late(rng, size.width, size.height, size.least)
				want, ok := genericAt(c, true, nil, 0)
				if !ok {
					continue
				}
				tested++
				p, n := c4PosOf(c), len(c.History())
				if v := c4SolverToGeneric(s.solve(p), geo.cells, n); v != want.Score {
					t.Errorf("%s: solver %d, generic %d", c4Where(c), v, want.Score)
				}
				m, v := s.bestMove(p)
				worth, _ := moveWorth(c, m, nil, 0)
				if v = c4SolverToGeneric(v, geo.cells, n); v != want.Score || worth != want.Score {
					t.Errorf("%s: solver's best move %d scores %d and is worth %d, generic %d", c4Where(c), m, v, worth, want.Score)
				}
				for col, sc := range s.columnScores(p) {
					if (sc != nil) != c.canPlay(col) {
						t.Errorf("%s: column %d playable %t, score %v", c4Where(c), col, c.canPlay(col), sc)
						continue
					}
					if sc == nil {
						continue
					}
					if worth, ok := moveWorth(c, Move(col), nil, 0); ok && c4SolverToGeneric(*sc, geo.cells, n) != worth {
						t.Errorf("%s: column %d scores %d, generic %d", c4Where(c), col, c4SolverToGeneric(*sc, geo.cells, n), worth)
					}
				}
			}
			if tested < 18 {
				t.Errorf("%d positions tested", tested)
			}
		})
	}
}

// TestAdjSolveEqualsGeneric: Adjacency's solver gives the generic
// alpha-beta's exact margin to the end, from the start of two rounds
// and early in three, and late in longer games; its perfect line's first
// move is worth it, and the line played out ends with that margin.
func TestAdjSolveEqualsGeneric(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rounds, from, to int // positions from..to plies into the game
		n                int // how many
	}{
		{2, 0, 1, 3}, {3, 2, 3, 4}, {8, 11, 15, 8}, {28, 51, 55, 8},
	} {
		t.Run(fmt.Sprintf("rounds=%d", tc.rounds), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(53, uint64(tc.rounds)))
			tested := 0
			for range tc.n {
				a := adjRandomPosition(rng, tc.rounds, tc.from+rng.IntN(tc.to-tc.from+1))
				want, ok := genericAt(a, true, nil, 0)
				if !ok {
					continue
				}
				tested++
				sol, ok := adjSolve(context.Background(), a, newAdjTable(16), adjSolveOptions{jobs: 1})
				if !ok || sol.Value != want.Score {
					t.Errorf("rounds %d %q: solver %d (ok %t), generic %d", tc.rounds, formatAdjLine(a.History()), sol.Value, ok, want.Score)
					continue
				}
				if len(sol.Line) != a.PliesLeft() {
					t.Errorf("rounds %d %q: line %v of %d plies, want %d", tc.rounds, formatAdjLine(a.History()), sol.Line, len(sol.Line), a.PliesLeft())
					continue
				}
				if worth, _ := moveWorth(a, sol.Line[0], nil, 0); worth != want.Score {
					t.Errorf("rounds %d %q: the line's first move %d is worth %d, generic %d", tc.rounds, formatAdjLine(a.History()), sol.Line[0], worth, want.Score)
				}
				h := a.Clone()
				for _, m := range sol.Line {
					h.Play(m)
				}
				if got := h.Final(a.Turn()); got != want.Score {
					t.Errorf("rounds %d %q: line %v ends %d for the mover, generic %d", tc.rounds, formatAdjLine(a.History()), sol.Line, got, want.Score)
				}
			}
			if tested < tc.n {
				t.Errorf("%d of %d positions tested", tested, tc.n)
			}
		})
	}
}

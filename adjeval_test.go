package main

import (
	"math/rand/v2"
	"testing"
)

// slowAdjCount counts s's marks less the opponent's cell by cell, a mark
// worth settled if none of its orthogonal neighbours on the board is
// empty and other otherwise: the plain reference of adjMarksScore
// (1, 1) and adjSafeCount (3, 2).
func slowAdjCount(a *Adjacency, s Side, settled, other int) int {
	v := 0
	for cell := 0; cell < 64; cell++ {
		owner := a.at(cell)
		if owner == Nobody {
			continue
		}
		worth := settled
		r, c := cell/8, cell%8
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			nr, nc := r+d[0], c+d[1]
			if nr >= 0 && nr < 8 && nc >= 0 && nc < 8 && a.at(nr*8+nc) == Nobody {
				worth = other
			}
		}
		if owner == s {
			v += worth
		} else {
			v -= worth
		}
	}
	return v
}

// TestAdjReplyEvaluators holds the bitboard evaluators that see the reply
// to replyEval, the generic one ply of search over the Game interface,
// over the plain cell-by-cell counts: on random positions of several
// lengths, at every ply count from the start to the end (one ply left,
// where the reply ends the game, included), for both sides. They must
// leave the position as it was.
func TestAdjReplyEvaluators(t *testing.T) {
	marks := replyEval(func(g Game, s Side) int { return slowAdjCount(g.(*Adjacency), s, 1, 1) }, nil)
	safe := replyEval(func(g Game, s Side) int { return slowAdjCount(g.(*Adjacency), s, 3, 2) }, nil)
	rng := rand.New(rand.NewPCG(46, 5))
	checked := 0
	for _, rounds := range []int{2, 3, 8, 28} {
		for game := 0; game < 6; game++ {
			a := NewAdjacency(rounds)
			for {
				key, plies := a.Key(), len(a.History())
				for _, s := range []Side{X, O} {
					if got, want := adjReplyMarksScore(a, s), marks(a, s); got != want {
						t.Fatalf("reply-marks of %v for %v: got %d, want %d", a.History(), s, got, want)
					}
					if got, want := adjReplySafeScore(a, s), safe(a, s); got != want {
						t.Fatalf("reply-safe of %v for %v: got %d, want %d", a.History(), s, got, want)
					}
					checked++
				}
				if a.Key() != key || len(a.History()) != plies {
					t.Fatalf("an evaluator changed the position %v", a.History())
				}
				if a.Over() {
					break
				}
				moves := a.Moves(nil)
				a.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
	t.Logf("%d positions and sides agree", checked)
}

// TestAdjBestTurn holds the bit-sliced count of the most marks one move
// turns to a count over every empty cell, on random positions, for the
// side to move and for the other side alike.
func TestAdjBestTurn(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(46, 6))
	seen := [5]int{}
	for i := 0; i < 3000; i++ {
		a := adjRandomPosition(rng, 28, rng.IntN(56))
		for _, mover := range []Side{X, O} {
			want := 0
			for _, m := range a.Moves(nil) {
				want = max(want, bitsCount(adjFlips(m, a.marks[mover.Other()])))
			}
			if got := adjBestTurn(a.marks[mover], a.marks[mover.Other()]); got != want {
				t.Fatalf("%v, %v to turn: got %d, want %d", a.History(), mover, got, want)
			}
			seen[want]++
		}
	}
	// Every count from 0 to 4 occurs, so each case of the adder is tried.
	for n, c := range seen {
		if c == 0 {
			t.Errorf("no position where the best turns %d", n)
		}
	}
}

// bitsCount is the number of marks in a mask, by shifting, apart from
// math/bits.
func bitsCount(m uint64) int {
	n := 0
	for ; m != 0; m >>= 1 {
		n += int(m & 1)
	}
	return n
}

// BenchmarkAdjReplyEval times one evaluation of a middle-game position
// (8 rounds, 8 plies played, X to move) by each reply evaluator on the
// masks and by replyEval over the Game interface with a base on the
// masks, the way any other game gets its reply evaluators:
// go test -run '^$' -bench AdjReplyEval
func BenchmarkAdjReplyEval(b *testing.B) {
	a := adjRandomPosition(rand.New(rand.NewPCG(46, 8)), 8, 8)
	generic := replyEval(func(g Game, s Side) int {
		x := g.(*Adjacency)
		return adjSafeCount(x.marks[s], x.marks[s.Other()])
	}, nil)
	for _, bc := range []struct {
		name string
		eval evalFunc
	}{
		{"course", adjCourseScore},
		{"reply-marks", adjReplyMarksScore},
		{"reply-safe", adjReplySafeScore},
		{"reply-safe-generic", generic},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				bc.eval(a, X)
			}
		})
	}
}

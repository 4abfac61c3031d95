package main

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestAdjFrontier: the one-ply-above-the-horizon shortcut scores a node as
// the best of its children's objective counted on the plain board, on
// random positions of every length (many near the end, where M is small
// and the U term counts).
func TestAdjFrontier(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(17, 18))
	for i := 0; i < 3000; i++ {
		rounds := 2 + rng.IntN(27)
		a := adjRandomPosition(rng, rounds, rng.IntN(2*rounds))
		slow := slowCopy(a)
		want := -infinity
		for _, m := range slow.Moves(nil) {
			slow.Play(m)
			if slow.Over() {
				want = max(want, -slow.Final(slow.Turn()))
			} else {
				want = max(want, -slow.Evaluate(slow.Turn()))
			}
			slow.Undo()
		}
		me, opp := a.marks[a.Turn()], a.marks[a.Turn().Other()]
		if got := adjTestSearch(a, false, nil).frontier(me, opp, 0, len(a.History()), infinity); got != want {
			t.Fatalf("%d rounds, moves %v: frontier %d, want %d", rounds, a.History(), got, want)
		}
		// With pruning, a window it reaches cuts at a value at least beta.
		if got := adjTestSearch(a, true, nil).frontier(me, opp, 0, len(a.History()), want); got != want {
			t.Fatalf("%d rounds, moves %v: frontier with beta %d returned %d", rounds, a.History(), want, got)
		}
	}
}

// TestAdjReplyBounds: no move is worth more two plies deep (by the generic
// minimax on the plain board) than its bound, nor an isolated move settled
// against some alpha more than the bound settleIsolated returns, which is
// at most alpha. The bound must be the value itself often enough to prune.
func TestAdjReplyBounds(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(19, 20))
	moves, bounded, tight, settled := 0, 0, 0, 0
	for i := 0; i < 80; i++ {
		rounds := 2 + rng.IntN(27)
		a := adjRandomPosition(rng, rounds, rng.IntN(2*rounds-1))
		me, opp := a.marks[a.Turn()], a.marks[a.Turn().Other()]
		r := adjTestSearch(a, true, nil).replyBounds(me, opp, len(a.History()))
		slow := slowCopy(a)
		value := map[Move]int{}
		for _, m := range slow.Moves(nil) {
			slow.Play(m)
			v := -SearchBot{}.Think(context.Background(), slow, Budget{Depth: 1}).Score
			slow.Undo()
			value[m] = v
			moves++
			q := r.bound(int8(m))
			if q == infinity {
				continue
			}
			bounded++
			if v > q {
				t.Fatalf("%d rounds, moves %v: move %d worth %d > bound %d", rounds, a.History(), m, v, q)
			}
			if v == q {
				tight++
			}
		}
		for alpha := -12; alpha <= 12; alpha++ {
			set, q := r.settleIsolated(alpha)
			if set&^r.isolated != 0 || set != 0 && q > alpha {
				t.Fatalf("%d rounds, moves %v: settled %x (isolated %x) with bound %d > alpha %d", rounds, a.History(), set, r.isolated, q, alpha)
			}
			for e := set; e != 0; e &= e - 1 {
				settled++
				if m := Move(bits.TrailingZeros64(e)); value[m] > q {
					t.Fatalf("%d rounds, moves %v: settled isolated move %d worth %d > %d", rounds, a.History(), m, value[m], q)
				}
			}
		}
	}
	t.Logf("%d moves, %d bounded, %d tight; %d isolated moves settled", moves, bounded, tight, settled)
	if bounded < moves/2 || tight < bounded/4 || settled == 0 {
		t.Errorf("%d moves, %d bounded, %d tight, %d settled: the bounds would prune little", moves, bounded, tight, settled)
	}
}

// adjFastExact is a's exact value for the side to move by the solver on
// tt, or, with m a move, that of the position after m for the side to
// move then.
func adjFastExact(a *Adjacency, m Move, tt *adjTable) int {
	b := a.Clone().(*Adjacency)
	if m != NoMove {
		b.Play(m)
	}
	sol, _ := adjSolve(context.Background(), b, tt, adjSolveOptions{jobs: 1})
	return sol.Value
}

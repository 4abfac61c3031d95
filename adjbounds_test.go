package main

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
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

// TestAdjEndBounds: two to five plies before the end of the game, no
// move is worth more (its exact value, by the generic search on the plain
// board) than endBounds gives it; settle settles, for each alpha, exactly
// the moves bound gives at most alpha, with the largest of their bounds;
// and the bounds settle a fair share of the moves that fail low, or they
// would not pay. Boards of 8 rounds (many empty cells, the case the search
// meets) and of 28 (nearly full) are both covered. Six plies before the
// end the values come from the solver (checked against the plain board in
// adjsolve_test.go), as the plain search would take minutes.
func TestAdjEndBounds(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(41, 42))
	for _, tc := range []struct {
		left int
		// The least shares (percent) of moves bounded and of moves
		// failing low settled; five plies before the end the bounds are
		// looser.
		bounded, settled int
	}{{2, 95, 90}, {3, 90, 33}, {4, 90, 33}, {5, 75, 25}, {6, 75, 3}} {
		left := tc.left
		positions := make([]*Adjacency, 24)
		if left > 5 {
			positions = positions[:8] // each a solve per move
		}
		// The positions are drawn here, in order, so that they are the
		// same however they are then checked: all at once, as each takes
		// up to a second.
		for i := range positions {
			rounds := 8
			if i%3 == 2 {
				rounds = 28
			}
			positions[i] = adjRandomPosition(rng, rounds, 2*rounds-left)
		}
		t.Run(fmt.Sprintf("%d plies", left), func(t *testing.T) {
			// As many at once as there are processors: more only
			// share them, at a cost.
			counts := make([]endBoundsCount, len(positions))
			next := make(chan int, len(positions))
			for i := range positions {
				next <- i
			}
			close(next)
			var checks sync.WaitGroup
			for range runtime.GOMAXPROCS(0) {
				checks.Go(func() {
					for i := range next {
						counts[i] = checkEndBounds(t, positions[i], left)
					}
				})
			}
			checks.Wait()
			var sum endBoundsCount
			for _, c := range counts {
				sum.moves += c.moves
				sum.bounded += c.bounded
				sum.tight += c.tight
				sum.low += c.low
				sum.settledLow += c.settledLow
			}
			moves, bounded, tight, low, settledLow := sum.moves, sum.bounded, sum.tight, sum.low, sum.settledLow
			t.Logf("%d moves, %d bounded, %d tight; %d of %d failing low settled", moves, bounded, tight, settledLow, low)
			if 100*bounded < tc.bounded*moves || 100*settledLow < tc.settled*low {
				t.Errorf("%d moves, %d bounded; %d of %d failing low settled: the bounds would prune little", moves, bounded, settledLow, low)
			}
		})
	}
}

// endBoundsCount is what TestAdjEndBounds counts of a position's moves:
// how many, how many bounded, how many of those to their exact value, how
// many fail low against the position's value, and how many of those the
// bounds settle.
type endBoundsCount struct {
	moves, bounded, tight, low, settledLow int
}

// checkEndBounds holds endBounds to the exact values of position a, left
// plies before its end (see TestAdjEndBounds), and counts its moves. It
// runs beside the other positions' checks: at a fault it fails t and
// returns.
func checkEndBounds(t *testing.T, a *Adjacency, left int) (n endBoundsCount) {
	me, opp := a.marks[a.Turn()], a.marks[a.Turn().Other()]
	e := newEndBounds(me, opp, left)
	slow := slowCopy(a)
	exactAfter, exact := slowAfter, slowExact(slow)
	if left > 5 {
		tt := newAdjTable(16)
		exactAfter, exact = func(_ *slowAdj, m Move) int { return -adjFastExact(a, m, tt) }, adjFastExact(a, NoMove, tt)
	}
	value, bound := map[int8]int{}, map[int8]int{}
	for _, m := range slow.Moves(nil) {
		c := int8(m)
		value[c], bound[c] = exactAfter(slow, m), e.bound(c)
		n.moves++
		if bound[c] == infinity {
			continue
		}
		n.bounded++
		if value[c] > bound[c] {
			t.Errorf("moves %v: move %d worth %d > bound %d", a.History(), m, value[c], bound[c])
			return n
		}
		if value[c] == bound[c] {
			n.tight++
		}
	}
	for alpha := exact - 6; alpha <= exact+6; alpha++ {
		set, q := e.settle(^(me | opp), alpha)
		want, wantQ := uint64(0), -infinity
		for c, b := range bound {
			if b <= alpha {
				want |= 1 << uint(c)
				wantQ = max(wantQ, b)
			}
		}
		if set != want || q != wantQ {
			t.Errorf("moves %v, alpha %d: settled %x with %d, bound settles %x with %d", a.History(), alpha, set, q, want, wantQ)
			return n
		}
	}
	// The moves that fail low against the position's value itself, as
	// at the node that proves it.
	for c, v := range value {
		if v < exact {
			n.low++
			if bound[c] < exact {
				n.settledLow++
			}
		}
	}
	return n
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

package main

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
)

// TestAdjEndBounds: two to five plies before the end of the game, no
// move is worth more (its exact value, by the generic search on the plain
// board) than endBounds gives it; settle settles, for each alpha, exactly
// the moves bound gives at most alpha, with the largest of their bounds;
// and the bounds settle a fair share of the moves that fail low, or they
// would not pay. Boards of 8 rounds (many empty cells, the case the search
// meets) and of 28 (nearly full) are both covered. Six plies before the
// end the values come from the solver (checked against the plain board in
// adjsearchsolve_test.go), as the plain search would take minutes.
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
	e := newEndBounds(me, opp, adjBans{}, left)
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

package main

import (
	"math/bits"
	"math/rand/v2"
)

// Adjacency's fast path for Monte Carlo tree search (botfast.go).

// Adjacency offers the fast simulation.
var _ fastPlayout = (*Adjacency)(nil)

// randomPlayout is the fast simulation (fastPlayout): uniformly random
// marks to the last round on copies of the bitboards, and the winner. It
// draws as randomPlayOut draws over Adjacency.Moves, an index into the
// empty cells in ascending order.
func (a *Adjacency) randomPlayout(rng *rand.Rand) Side {
	me, enemy := a.marks[a.Turn()], a.marks[a.Turn().Other()]
	for plies := a.PliesLeft(); plies > 0; plies-- {
		empty := ^(me | enemy)
		for pick := rng.IntN(bits.OnesCount64(empty)); pick > 0; pick-- {
			empty &= empty - 1 // the lowest empty cells go, to the pick-th
		}
		me, enemy = adjAfter(me, enemy, Move(bits.TrailingZeros64(empty)))
		me, enemy = enemy, me
	}
	// After an even number of plies me is the side to move at a's
	// position again, else its opponent.
	x, o := me, enemy
	if (a.Turn() == X) != (a.PliesLeft()%2 == 0) {
		x, o = enemy, me
	}
	switch nx, no := bits.OnesCount64(x), bits.OnesCount64(o); {
	case nx > no:
		return X
	case no > nx:
		return O
	}
	return Nobody
}

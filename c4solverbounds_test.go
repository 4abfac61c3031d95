package main

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestStaticBounds checks the bounds of c4solverbounds.go on random positions
// with 4 to 19 empty cells where the side to move cannot win at once (as
// in the solver): the exact score, from the solver without these bounds
// (TestSolverSets and TestSolverAgainstPlainNegamax check it), always
// lies within them, and each bound does tighten some positions (else this
// test could not fail).
func TestStaticBounds(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	tune := c4Defaults()
	tune.staticBounds = false
	s := newC4Solver(c4Std, newC4Table(ttEagerBits, c4Std.keyBits), nil, tune)
	rng := rand.New(rand.NewPCG(28, 4))
	tightened := map[string]int{}
	for n := 0; n < 3000; {
		g := NewConnectFour()
		empty := 4 + rng.IntN(16)
		for !g.Over() && len(g.history) < c4Cells-empty {
			moves := g.Moves(nil)
			g.Play(moves[rng.IntN(len(moves))])
		}
		p := c4PosOf(g)
		if g.Over() || s.canWinNext(p) {
			continue
		}
		n++
		s.reset()
		v := s.solve(p)
		lo0, hi0 := -(c4Cells-p.moves)/2, (c4Cells+1-p.moves)/2
		lo, hi := openBounds(c4Std, p, lo0, hi0, 0, 0)
		if v < lo || v > hi {
			t.Errorf("%s: score %d outside openBounds [%d, %d]", c4Spec().record(g), v, lo, hi)
		}
		if lo > lo0 || hi < hi0 {
			tightened["open"]++
		}
		if p.moves%2 == 0 {
			b := claimevenBound(c4Std, p, hi0)
			switch {
			case v > b:
				t.Errorf("%s: score %d above claimevenBound %d", c4Spec().record(g), v, b)
			case b < hi0:
				tightened[fmt.Sprint("claimeven ", b)]++
				// Without Steininger's variant, any four of the first
				// player's share voids the bound.
				empty := c4Full &^ p.mask
				if c4Four(p.cur | empty&^(empty&c4Std.evenRows&^p.possible())) {
					tightened["claimeven's variant"]++
				}
			}
		}
	}
	t.Logf("bounds tightened: %v", tightened)
	for _, name := range []string{"open", "claimeven 0", "claimeven -1", "claimeven -2", "claimeven -3", "claimeven's variant"} {
		if tightened[name] == 0 {
			t.Errorf("%s: no position tightened", name)
		}
	}
}

package main

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// slowRelaxed is the exact value, for the side to move, of s's position
// in the relaxed game where each side may not take the cells ban gives
// it: plain alpha-beta on the reference board, within (alpha, beta), and
// a side to move with no cell it may take scores -adjStuck. It knows
// nothing of adjsearchrelax.go but the rule of the stuck side.
func slowRelaxed(s *slowAdj, ban [3]uint64, alpha, beta int) int {
	if s.Over() {
		return s.Final(s.Turn())
	}
	best, moved := -infinity, false
	for _, m := range s.Moves(nil) {
		if ban[s.Turn()]&(1<<uint(m)) != 0 {
			continue
		}
		moved = true
		s.Play(m)
		v := -slowRelaxed(s, ban, -beta, -max(alpha, best))
		s.Undo()
		if v > best {
			best = v
			if best >= beta {
				break
			}
		}
	}
	if !moved {
		return -adjStuck
	}
	return best
}

// slowMarks are a reference board's marks of side, as a mask.
func slowMarks(s *slowAdj, side Side) uint64 {
	var m uint64
	for i := range 64 {
		if s.cells[i/8][i%8] == side {
			m |= 1 << uint(i)
		}
	}
	return m
}

// adjRelaxedCase is a random relaxed position: a's position, its turn
// handed over skip times (0 or 1), with random bans for each side, some
// so wide that a side gets stuck.
type adjRelaxedCase struct {
	a    *Adjacency
	skip int
	ban  [3]uint64 // by side
}

func newAdjRelaxedCase(rng *rand.Rand) adjRelaxedCase {
	rounds := 3 + rng.IntN(26)
	c := adjRelaxedCase{a: adjRandomPosition(rng, rounds, 2*rounds-3-rng.IntN(3)), skip: rng.IntN(2)} // 3 to 5 plies left
	empty := ^(c.a.marks[X] | c.a.marks[O])
	for _, side := range []Side{X, O} {
		density := []float64{0, 0.3, 0.95}[rng.IntN(3)]
		for e := empty; e != 0; e &= e - 1 {
			if rng.Float64() < density {
				c.ban[side] |= e & -e
			}
		}
	}
	return c
}

// slow is the case on the reference board.
func (c adjRelaxedCase) slow() *slowAdj {
	s := slowCopy(c.a)
	s.skipped = c.skip
	return s
}

// search runs the fast search of the case, full window or null window,
// on a fresh search in the solver's mode (mirror images folded).
func (c adjRelaxedCase) search(tt *adjTable, alpha, beta int) (int, *adjSearch) {
	s := newAdjEngine(c.a, adjMode{prune: true, symmetric: true}, tt).newSearch(context.Background(), 0, nil, nil, nil, nil)
	mover := c.a.Turn()
	if c.skip == 1 {
		mover = mover.Other()
	}
	ply := len(c.a.history) + c.skip
	ban := adjBans{me: c.ban[mover], opp: c.ban[mover.Other()]}
	return s.negamaxBans(c.a.marks[mover], c.a.marks[mover.Other()], ban, ply, s.plies-ply, alpha, beta), s
}

// TestAdjRelaxedPositions: the search gives a relaxed position (each side
// barred from some cells, the turn maybe handed over, a side maybe stuck)
// the value the plain reference does, with the full window, and as
// fail-soft bounds with null windows around it; the endgame bounds there
// never fall below a move's value in the relaxed game.
func TestAdjRelaxedPositions(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(51, 52))
	stuck, bounded := 0, 0
	for i := range 60 {
		c := newAdjRelaxedCase(rng)
		slow := c.slow()
		want := slowRelaxed(slow, c.ban, -infinity, infinity)
		if want == -adjStuck || want == adjStuck {
			stuck++
		}
		tt := newAdjTable(16)
		if got, _ := c.search(tt, -infinity, infinity); got != want {
			t.Fatalf("case %d %v skip %d bans %x %x: %d, reference %d", i, c.a.History(), c.skip, c.ban[X], c.ban[O], got, want)
		}
		for _, beta := range []int{want - 2, want, want + 1, want + 3} {
			v, _ := c.search(tt, beta-1, beta)
			if v >= beta && want < v || v < beta && want > v {
				t.Fatalf("case %d %v: null window at %d answers %d, value %d", i, c.a.History(), beta, v, want)
			}
		}
		// The endgame bounds of the mover's moves.
		me, opp := slowMarks(slow, slow.Turn()), slowMarks(slow, slow.Turn().Other())
		ban := adjBans{me: c.ban[slow.Turn()], opp: c.ban[slow.Turn().Other()]}
		left := 2*slow.rounds - len(slow.history) - slow.skipped
		e := newEndBounds(me, opp, ban, left)
		for m := ^(me | opp) &^ ban.me; m != 0; m &= m - 1 {
			cell := bits.TrailingZeros64(m)
			b := e.bound(int8(cell))
			if b == infinity {
				continue
			}
			bounded++
			slow.Play(Move(cell))
			v := -slowRelaxed(slow, c.ban, -infinity, infinity)
			slow.Undo()
			if v > b {
				t.Fatalf("case %d %v bans %x %x: move %d worth %d, bound %d", i, c.a.History(), c.ban[X], c.ban[O], cell, v, b)
			}
		}
	}
	if stuck == 0 || bounded == 0 {
		t.Errorf("%d stuck cases, %d moves bounded: the cases miss what they are for", stuck, bounded)
	}
}

// TestAdjRelaxBound holds the argument of adjsearchrelax.go to the reference:
// in positions with and without bans already, every isolated move of the
// side to move is worth at most 1 plus the value, for that side, of the
// relaxed position where the opponent moves and may take none of the
// isolated cells, or none of one colour class of them (as isolatedPart
// asks far from the end). Many moves meet the bound exactly: it is not
// loose.
func TestAdjRelaxBound(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(53, 54))
	moves, tight := 0, 0
	for i := range 40 {
		c := newAdjRelaxedCase(rng)
		if i%2 == 0 {
			c.ban = [3]uint64{} // the game's own positions, as the solver first meets them
		}
		slow := c.slow()
		me := slow.Turn()
		occupied := slowMarks(slow, X) | slowMarks(slow, O)
		isolated := ^occupied &^ adjNeighbours(occupied) &^ c.ban[me]
		if isolated == 0 {
			continue
		}
		parts := []uint64{isolated}
		if i%4 == 1 {
			parts = parts[:0]
			for _, class := range adjColour5 {
				if part := isolated & class; part != 0 {
					parts = append(parts, part)
				}
			}
		}
		for _, part := range parts {
			relaxed := c.ban
			relaxed[me.Other()] |= part
			slow.skipped++
			bound := 1 - slowRelaxed(slow, relaxed, -infinity, infinity)
			slow.skipped--
			for m := part; m != 0; m &= m - 1 {
				slow.Play(Move(bits.TrailingZeros64(m)))
				v := -slowRelaxed(slow, c.ban, -infinity, infinity)
				slow.Undo()
				moves++
				if v > bound {
					t.Fatalf("case %d %v bans %x %x: isolated move %d worth %d, relaxed bound %d (barred %x)", i, c.a.History(), c.ban[X], c.ban[O], m&-m, v, bound, part)
				}
				if v == bound {
					tight++
				}
			}
		}
	}
	t.Logf("%d isolated moves, %d worth their bound exactly", moves, tight)
	if moves < 200 || 5*tight < moves {
		t.Errorf("%d isolated moves, %d at their bound: want many, and a fifth or more tight", moves, tight)
	}
}

// TestAdjColour5: the five colour classes cover the board once, and two
// cells of one class are three or more steps apart, as isolatedPart
// needs.
func TestAdjColour5(t *testing.T) {
	var all uint64
	for k, class := range adjColour5 {
		if all&class != 0 {
			t.Fatalf("class %d overlaps the others: %x", k, all&class)
		}
		all |= class
		for a := class; a != 0; a &= a - 1 {
			i := bits.TrailingZeros64(a)
			if near := adjNear2Table[i] &^ (1 << uint(i)) & class; near != 0 {
				t.Errorf("class %d: cell %d has cells of its class within two steps: %x", k, i, near)
			}
		}
	}
	if all != ^uint64(0) {
		t.Errorf("the classes miss cells %x", ^all)
	}
}

// TestAdjRelaxKeepsValues: settling the isolated moves together changes
// no solved value, and pays: on positions seven to nine plies before the
// end of 8-round games, the solver finds the same values and lines that
// play out to them with and without it (relax=off), in fewer nodes in
// all with it.
func TestAdjRelaxKeepsValues(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(55, 56))
	var nodes [2]int64
	for i := range 8 {
		a := adjRandomPosition(rng, 8, 7+rng.IntN(3))
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			var values [2]int
			for k, unrelaxed := range []bool{false, true} {
				sol, ok := adjSolve(context.Background(), a, newAdjTable(18), adjSolveOptions{jobs: 1, unrelaxed: unrelaxed})
				if !ok {
					t.Fatal("stopped")
				}
				h := a.Clone()
				for _, m := range sol.Line {
					h.Play(m)
				}
				if got := h.Final(a.Turn()); got != sol.Value {
					t.Errorf("unrelaxed %t: line %v ends %d, value %d", unrelaxed, sol.Line, got, sol.Value)
				}
				values[k] = sol.Value
				nodes[k] += sol.Nodes
			}
			if values[0] != values[1] {
				t.Errorf("%v: relaxed %d, unrelaxed %d", a.History(), values[0], values[1])
			}
		})
	}
	t.Logf("nodes relaxed %d, unrelaxed %d", nodes[0], nodes[1])
	if nodes[0] >= nodes[1] {
		t.Errorf("nodes relaxed %d, unrelaxed %d: the relaxation does not pay", nodes[0], nodes[1])
	}
}

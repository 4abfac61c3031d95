package main

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// The games' fast paths through Monte Carlo tree search: Connect Four's
// whole iteration, and Adjacency's simulation step.
//
// Connect Four's fast path (mctsFastPath in mcts.go): the four steps of
// playout, with the same tree operations (expand, backup, proveUp; its
// own selectByKey, which chooses as selectChild does), on a copy of the
// board's bitboards instead of through the Game interface. A tree move is two
// ORs with nothing to take back, a node's finished game is known from
// the tree, not recomputed, and the simulation keeps its list of open
// columns from stone to stone. It draws the same random numbers in the
// same order as the generic playout, so the tree it grows is the same
// (mctsfast_test.go).

// c4Walk is the position an iteration has reached.
type c4Walk struct {
	geo    *c4Geom
	stones [3]uint64 // by Side
	mask   uint64
	side   Side // to move
	plies  int  // stones on the board
}

// treePlayout is MCTS.playout on Connect Four's bitboards.
func (c *ConnectFour) treePlayout(b *MCTS) int {
	w := c4Walk{geo: c.geo, stones: c.stones, mask: c.mask, side: c.Turn(), plies: len(c.history)}
	n := int32(0)
	b.path = append(b.path[:0], n)
	for !b.proved(n) && w.fullyExpanded(b, n) {
		n = b.selectByKey(n)
		w.drop(int(b.nodes[n].move))
		b.path = append(b.path, n)
	}
	if !b.proved(n) {
		if child := b.expand(n, w.moves(b)); child != none {
			n = child
			w.drop(int(b.nodes[n].move))
			b.path = append(b.path, n)
			if end, over := w.ended(); over {
				b.setEnded(n, end)
				b.proveUp()
			}
		}
	}
	var points uint32 // for the side that made node n's move
	if p := b.nodes[n].proof; p != unproved {
		points = p.points()
	} else {
		points = winnerPoints(w.playout(b.rng), w.side.Other())
	}
	b.backup(points)
	return len(b.path) - 1
}

// selectByKey is MCTS.selectChild with no branch for the processor to
// guess in its loop: each child's value and index make one whole number
// (ucbKey), and the largest number is the child. The values are the
// same, so is the child: the first of the largest values. (The values are
// never -0, which would sort below +0, and never all -inf, which makes
// the node proved.)
func (b *MCTS) selectByKey(n int32) int32 {
	node := &b.nodes[n]
	explore := float32(b.C) * countsOf(node.visits).sqrtLn
	var best uint64
	for i, child := range b.stats[node.first : node.first+int32(node.kids)] {
		if key := ucbKey(child.mean+explore*child.rsqrt, i); key > best {
			best = key
		}
	}
	return node.first + int32(^uint32(best))
}

// ucbKey is a UCB value and a child's index as one whole number that
// sorts as the value, then the lower index first: the value's bits made
// to sort as the value does, the index's reversed.
func ucbKey(value float32, i int) uint64 {
	bits := math.Float32bits(value)
	bits ^= uint32(int32(bits)>>31) | 1<<31
	return uint64(bits)<<32 | uint64(^uint32(i))
}

// fullyExpanded is MCTS.fullyExpanded, the open columns counted.
func (w *c4Walk) fullyExpanded(b *MCTS, n int32) bool {
	if !b.nodes[n].counted() {
		b.nodes[n].untried = int16(len(w.moves(b)))
	}
	return b.nodes[n].untried == 0
}

// moves are the open columns, centre first, as ConnectFour.Moves lists
// them, in b's scratch list.
func (w *c4Walk) moves(b *MCTS) []Move {
	moves := b.moves[:0]
	for _, col := range w.geo.order {
		if w.mask&w.geo.top[col] == 0 {
			moves = append(moves, Move(col))
		}
	}
	b.moves = moves
	return moves
}

// drop plays a stone of the side to move into column col.
func (w *c4Walk) drop(col int) {
	cell := (w.mask + w.geo.bottomCell[col]) & w.geo.column[col]
	w.stones[w.side] |= cell
	w.mask |= cell
	w.side = w.side.Other()
	w.plies++
}

// ended says whether the last stone ended the game, and how for its side.
func (w *c4Walk) ended() (mctsProof, bool) {
	switch {
	case w.geo.aligned(w.stones[w.side.Other()]):
		return provedWin, true
	case w.plies == w.geo.cells:
		return provedDraw, true
	}
	return unproved, false
}

// playout is the simulation step from an unfinished position: uniformly
// random stones to the end, drawn as randomPlayOut draws them over
// ConnectFour.Moves (an index into the open columns, centre first), and
// the winner. A column leaves the list as it fills.
func (w *c4Walk) playout(rng *rand.Rand) Side {
	if w.geo == c4Std {
		return w.playoutStd(rng)
	}
	g := w.geo
	var open [c4MaxWidth]int
	k := 0
	for _, col := range g.order {
		if w.mask&g.top[col] == 0 {
			open[k] = col
			k++
		}
	}
	stones, mask, s := w.stones, w.mask, w.side
	for n := w.plies; n < g.cells; n++ {
		i := rng.IntN(k)
		col := open[i]
		cell := (mask + g.bottomCell[col]) & g.column[col]
		stones[s] |= cell
		mask |= cell
		if g.aligned(stones[s]) {
			return s
		}
		if cell == g.top[col] {
			copy(open[i:k-1], open[i+1:k])
			k--
		}
		s = s.Other()
	}
	return Nobody
}

// c4StdCells are the masks of the standard board's columns, by column:
// lowest cell, every cell, highest cell.
var c4StdCells = func() (t [c4Width][3]uint64) {
	for col := range c4Width {
		t[col] = [3]uint64{c4BottomCell(col), c4ColumnMask(col), c4TopCell(col)}
	}
	return t
}()

// playoutStd is playout on the 7x6 board, its shifts constants.
func (w *c4Walk) playoutStd(rng *rand.Rand) Side {
	var open [c4Width]uint8
	k := 0
	for _, col := range c4Order {
		if w.mask&c4StdCells[col][2] == 0 {
			open[k] = uint8(col)
			k++
		}
	}
	stones, mask, s := w.stones, w.mask, w.side
	for n := w.plies; n < c4Cells; n++ {
		i := rng.IntN(k)
		m := &c4StdCells[open[i]]
		cell := (mask + m[0]) & m[1]
		stones[s] |= cell
		mask |= cell
		if c4Four(stones[s]) {
			return s
		}
		if cell == m[2] {
			copy(open[i:k-1], open[i+1:k])
			k--
		}
		s = s.Other()
	}
	return Nobody
}

// randomPlayout is mcts's fast simulation for Adjacency (fastPlayout in
// mcts.go): uniformly random marks to the last round on copies of the
// bitboards, and the winner. It draws as randomPlayOut draws over
// Adjacency.Moves, an index into the empty cells in ascending order.
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

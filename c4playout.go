package main

import "math/rand/v2"

// Connect Four's fast paths for Monte Carlo tree search (botfast.go):
// its random playout, and a walker that plays an iteration's moves on a
// copy of the root's bitboards. A tree move is two ORs with nothing to
// take back, and the playout keeps its list of open columns from stone
// to stone. Both draw the same random numbers in the same order as the
// generic steps over ConnectFour.Moves, so the tree MCTS grows is the
// same (c4playout_test.go).

// ConnectFour offers both fast paths.
var _ interface {
	mctsWalking
	fastPlayout
} = (*ConnectFour)(nil)

// c4Stones is a position as the walker plays it.
type c4Stones struct {
	stones [3]uint64 // by Side
	mask   uint64
	side   Side // to move
	plies  int  // stones on the board
}

// c4Walk is Connect Four's walker (mctsWalker): the root position, and
// the position an iteration has reached.
type c4Walk struct {
	geo  *c4Geom
	root c4Stones
	c4Stones
}

// stonesOf is the position of c as the walker plays it.
func (c *ConnectFour) stonesOf() c4Stones {
	return c4Stones{stones: c.stones, mask: c.mask, side: c.Turn(), plies: len(c.history)}
}

// mctsWalker returns the walker for MCTS, its root c's position.
func (c *ConnectFour) mctsWalker() mctsWalker {
	at := c.stonesOf()
	return &c4Walk{geo: c.geo, root: at, c4Stones: at}
}

// randomPlayout is the fast simulation (fastPlayout): uniformly random
// stones from c's position to the end of the game on a copy of its
// bitboards, and the winner.
func (c *ConnectFour) randomPlayout(rng *rand.Rand) Side {
	if c.winner != Nobody {
		return c.winner
	}
	w := c4Walk{geo: c.geo, c4Stones: c.stonesOf()}
	return w.randomPlayout(rng)
}

// follow sets the walker to the root position with moves played, and
// lists the open columns there, centre first, as ConnectFour.Moves does.
func (w *c4Walk) follow(moves, buf []Move) ([]Move, Side) {
	w.c4Stones = w.root
	for _, m := range moves {
		w.drop(int(m))
	}
	buf = buf[:0]
	for _, col := range w.geo.order {
		if w.mask&w.geo.top[col] == 0 {
			buf = append(buf, Move(col))
		}
	}
	return buf, w.side
}

// play drops a stone into column m and says whether it ended the game,
// and who won.
func (w *c4Walk) play(m Move) (Side, bool) {
	mover := w.side
	w.drop(int(m))
	switch {
	case w.geo.aligned(w.stones[mover]):
		return mover, true
	case w.plies == w.geo.cells:
		return Nobody, true
	}
	return Nobody, false
}

// drop plays a stone of the side to move into column col.
func (w *c4Walk) drop(col int) {
	cell := (w.mask + w.geo.bottomCell[col]) & w.geo.column[col]
	w.stones[w.side] |= cell
	w.mask |= cell
	w.side = w.side.Other()
	w.plies++
}

// randomPlayout plays uniformly random stones from an unfinished
// position to the end, drawn as randomPlayOut draws them over
// ConnectFour.Moves (an index into the open columns, centre first), and
// returns the winner. A column leaves the list as it fills.
func (w *c4Walk) randomPlayout(rng *rand.Rand) Side {
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

// playoutStd is randomPlayout on the 7x6 board, its shifts constants.
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

package main

// Bounds on a position's score that need no search, from the stones
// either side could still get. They tighten a node's window before its
// table probe; when the window closes, the node answers at once.

// openBounds bounds the score of p (side to move, that cannot win at
// once) by who can still make four at all: a side that could not make
// four even with every empty cell cannot win, so the mover scores at
// most 0 if it is the mover, at least 0 if it is the opponent. It looks
// only where the answer can settle the window (alpha, beta): at the
// mover's fours when alpha >= 0, at the opponent's when beta <= 0, so
// in a null window at one side's only, which saves instructions at
// every node (docs/search-notes.md, "Static bounds"); (0, 0) looks at
// both. Its shifts are 7x6's, so it serves any board six high (g's
// cells).
func openBounds(g *c4Geom, p c4Pos, lo, hi, alpha, beta int) (int, int) {
	empty := g.full &^ p.mask
	if alpha >= 0 && !c4Four(p.cur|empty) {
		hi = min(hi, 0)
	}
	if beta <= 0 && !c4Four(p.cur^p.mask|empty) {
		lo = max(lo, 0)
	}
	return lo, hi
}

// claimevenBound is an upper bound on the score of p for the first
// player to move (an even number of stones on the board), from Allis'
// claimeven: the second player can answer every move in an even-height
// column on top of it, in the same column, and a move into an odd-height
// column with a move into another odd-height column (with an even number
// of stones there is an even number of those). Then the first player
// gets no cell but the empty odd-row ones and the cells playable now, and
// the second player at least every other empty even-row cell. So:
//
//   - if the first player's share holds no four that can be complete
//     before all of the second player's (c4FirstFour), it never wins:
//     the bound is 0 (a draw at best);
//   - if moreover the second player's share holds a four, the first
//     player loses; the four's last empty cell to fill lies no higher
//     than its highest empty cell, and the cells above that one are
//     still empty then: with its empty cells in the lowest two rows, at
//     least four cells are empty when it completes (the second player
//     wins with its 19th stone at the latest, score -3), in the lowest
//     four at least two (-2), else -1.
//
// It answers hi unchanged when the first player's share holds a four
// that may come first. Its shifts are 7x6's, so it serves any board six
// high (g's cells and rows).
func claimevenBound(g *c4Geom, p c4Pos, hi int) int {
	empty := g.full &^ p.mask
	theirs := empty & g.evenRows &^ geoPossible(g, p)
	opp := p.cur ^ p.mask
	if c4FirstFour(p.cur|empty&^theirs, opp|theirs, g.below) {
		return hi
	}
	switch {
	case c4Four(opp | theirs&g.lowRows[0]):
		return min(hi, -3)
	case c4Four(opp | theirs&g.lowRows[1]):
		return min(hi, -2)
	case c4Four(opp | theirs):
		return min(hi, -1)
	}
	return min(hi, 0)
}

// c4FirstFour reports whether the stones a hold a four that may be
// complete before every four of the stones b, when the columns fill from
// the bottom up (a and b disjoint): a vertical four, or a four along
// another line that ends lower than each four of b along that line
// ending in the same column (the ends being the highest bit of the four,
// in its rightmost column). Two fours along one line that end in the
// same column span the same columns, b's lower in each, so b's four is
// complete first: with claimeven, a four of the first player above the
// second player's own does not void the bound (Steininger's variant,
// which saves nodes in his solver and in ours: docs/search-notes.md).
// below is one bit under each column's lowest cell (c4Geom.below, see
// c4Below).
func c4FirstFour(a, b, below uint64) bool {
	if v := a & (a >> 1); v&(v>>2) != 0 {
		return true
	}
	return c4FourEnds(a, c4Col)&(c4FourEnds(b, c4Col)-below) != 0 ||
		c4FourEnds(a, c4Col-1)&(c4FourEnds(b, c4Col-1)-below) != 0 ||
		c4FourEnds(a, c4Col+1)&(c4FourEnds(b, c4Col+1)-below) != 0
}

// c4Below is 7x6's bits one under each column's lowest cell: the
// sentinel bits and bit 0. Subtracting it from a board of marks (at most
// a few cells of each column) leaves in each column the cells below its
// lowest mark, or all of them when it has none: every column borrows one
// from the column above it, the first column from the extra bit 0.
const c4Below = c4Bottom<<c4Height | 1

// c4FourEnds marks the end (highest bit) of each four in a row of b
// along shift d. Inlined with constant d, the shifts are constants too.
func c4FourEnds(b uint64, d uint) uint64 {
	p := b & (b >> (2 * d))
	return p & (p >> d) << (3 * d)
}

// geoOpenBounds is openBounds on any board.
func geoOpenBounds(g *c4Geom, p c4Pos, lo, hi, alpha, beta int) (int, int) {
	empty := g.full &^ p.mask
	if alpha >= 0 && !g.aligned(p.cur|empty) {
		hi = min(hi, 0)
	}
	if beta <= 0 && !g.aligned(p.cur^p.mask|empty) {
		lo = max(lo, 0)
	}
	return lo, hi
}

// geoClaimeven is claimevenBound on any board of even height (on an odd
// one the second player cannot always answer on top: the top cell is an
// odd row). With its empty cells in the lowest r rows, a four of the
// second player's share completes with the height less r cells of its
// column still empty at least, so the second player wins with a score
// of (height-r+2)/2 at least.
func geoClaimeven(g *c4Geom, p c4Pos, hi int) int {
	empty := g.full &^ p.mask
	theirs := empty & g.evenRows &^ geoPossible(g, p)
	opp := p.cur ^ p.mask
	if geoFirstFour(g, p.cur|empty&^theirs, opp|theirs) {
		return hi
	}
	if !g.aligned(opp | theirs) {
		return min(hi, 0)
	}
	for j, rows := range g.lowRows {
		if g.aligned(opp | theirs&rows) {
			return min(hi, -(g.height-2*j)/2)
		}
	}
	return min(hi, -1) // not reached: the last of lowRows is every row
}

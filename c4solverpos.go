package main

// The solver's position: a Connect Four board as two bitboards passed by
// value, with the threat arithmetic (winningCells) and the mirror image
// that folds symmetric positions into one table entry, on 7x6's
// constants (c4solverbits.go has them for any size); and the node, a position
// ready for the search.

// c4Pos is a position as the solver sees it: the side to move's stones,
// all stones, and their number.
type c4Pos struct {
	cur, mask uint64
	moves     int
}

// c4PosOf converts a game to the solver's view.
func c4PosOf(g *ConnectFour) c4Pos {
	return c4Pos{cur: g.stones[g.Turn()], mask: g.mask, moves: len(g.history)}
}

// key identifies the position: cur+mask adds a bit above each column's
// top stone, so it is unique (the tutorial's key).
func (p c4Pos) key() uint64 { return p.cur + p.mask }

// possible is the cells where a stone can go now.
func (p c4Pos) possible() uint64 { return (p.mask + c4Bottom) & c4Full }

// play drops the side to move's stone on cell (one bit of possible) and
// hands the move over.
func (p c4Pos) play(cell uint64) c4Pos {
	return c4Pos{cur: p.cur ^ p.mask, mask: p.mask | cell, moves: p.moves + 1}
}

// column is the cell where a stone dropped into col lands, 0 if full.
func (p c4Pos) column(col int) uint64 { return p.possible() & c4ColumnMask(col) }

// winningCells is every empty cell that would complete four in a row for
// the stones b (playable now or not).
func winningCells(b, mask uint64) uint64 { return stdThreats(c4Std, b, mask) }

// stdThreats is winningCells as an operation (c4Ops): its shifts are
// 7x6's, so it serves any board six high (g's cells).
func stdThreats(g *c4Geom, b, mask uint64) uint64 {
	// Written out with constant shifts: Go guards variable shifts, and
	// this is the solver's innermost loop.
	r := (b << 1) & (b << 2) & (b << 3) // vertical: three stones below

	p := (b << 7) & (b << 14) // horizontal
	r |= p & (b << 21)
	r |= p & (b >> 7)
	p = (b >> 7) & (b >> 14)
	r |= p & (b << 7)
	r |= p & (b >> 21)

	p = (b << 6) & (b << 12) // diagonal down-right
	r |= p & (b << 18)
	r |= p & (b >> 6)
	p = (b >> 6) & (b >> 12)
	r |= p & (b << 6)
	r |= p & (b >> 18)

	p = (b << 8) & (b << 16) // diagonal up-right
	r |= p & (b << 24)
	r |= p & (b >> 8)
	p = (b >> 8) & (b >> 16)
	r |= p & (b << 8)
	r |= p & (b >> 24)

	return r & (g.full ^ mask)
}

// mirror reflects a key (or any bitboard) left to right: the position's
// mirror image has the same score, so the table and the book hold one of
// the two.
func mirror(k uint64) uint64 {
	const c = 1<<c4Col - 1
	return k>>42&c | k>>28&(c<<7) | k>>14&(c<<14) | k&(c<<21) | (k&(c<<14))<<14 | (k&(c<<7))<<28 | (k&c)<<42
}

// canonical is the smaller of a key and its mirror image, and whether it
// is the mirror.
func canonical(k uint64) (uint64, bool) {
	if m := mirror(k); m < k {
		return m, true
	}
	return k, false
}

// tableKey is the key under which the solver's table and busy marks hold p,
// and whether it is the mirror image's: canonical when merge (the
// solver's tuning), else p's own. The book always merges: its file holds
// one of each pair. Small enough to inline, as canonical is: the solver
// takes a key at every node.
func tableKey(p c4Pos, merge bool) (uint64, bool) {
	k := p.key()
	if m := mirror(k); merge && m < k {
		return m, true
	}
	return k, false
}

// flipCol mirrors a column when flip is set (-1 stays -1).
func flipCol(col int, flip bool) int {
	if flip && col >= 0 {
		return c4Width - 1 - col
	}
	return col
}

// plies is how many more stones the principal line of a 7x6 position
// with score v and n stones lays down before the game ends.
func plies(v, n int) int { return c4AnyPlies(c4Cells, v, n) }

// c4Node is a position the static pass could not settle, ready for
// negamax: after the forced moves that lead to it, with the moves that do
// not lose at once, the bounds on its score and, when the pass looked,
// its table entry.
type c4Node struct {
	p       c4Pos
	next    uint64 // the moves that do not lose at once, two or more
	threats uint64 // the opponent's threats: cells where its stone would make four
	lo, hi  int    // bounds on the score: static ones, and the table's once probed
	move    int    // the table's move, -1 for none (once probed)
	key     uint64 // the table key, and whether it is the mirror image's (once keyed)
	flip    bool
	keyed   bool // key and flip are made
	probed  bool // lo, hi and move include the table's entry
}

// settled answers n, which static could not settle within (alpha,
// beta), once its table entry is in its bounds: as settles does.
func (n *c4Node) settled(alpha, beta int) (int, bool) { return settles(n.lo, n.hi, alpha, beta) }

// settles answers a node whose bounds lo and hi already decide its
// window (alpha, beta): the exact score, or the bound that fails.
func settles(lo, hi, alpha, beta int) (int, bool) {
	switch {
	case lo >= beta || lo == hi:
		return lo, true
	case hi <= alpha:
		return hi, true
	}
	return 0, false
}

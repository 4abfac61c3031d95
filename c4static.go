package main

// The static pass: what a position's stones settle without a search.
// Before a node searches any child it passes every child through here
// (after Steininger's solver): a child settled in the mover's favour
// ends the node whatever the move order, one settled against the mover
// leaves the move list, and a child's table bound raises the node's
// lower bound. Only the positions this pass cannot settle are searched,
// and counted as nodes.

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
	key     uint64 // the table key, and whether it is the mirror image's (once probed)
	flip    bool
	keyed   bool // key and flip are made
	probed  bool // lo, hi and move include the table's entry
}

// static settles what it can of n.p, whose side to move cannot win with
// its next stone, within the window (alpha, beta), with threats the
// opponent's threats there. The answer, when settled, means what
// negamax's does. Otherwise n is the node to search: n.p may lie deeper,
// past forced moves (a block of the opponent's only immediate win, or
// the only move that does not lose at once), which cost no node; an odd
// number of them leaves the opponent to move in n.p.
//
// The pass, in order: a side that loses on the opponent's next stone
// whatever it plays (no move that does not lose at once, two immediate
// wins for the opponent, or one above another threat); the bounds from
// the stones left and who can still make four (openBounds); a forced
// move, followed; for the first player to move, claimeven
// (claimevenBound). At positions of fewer than etcMoves stones it makes
// the table key, for the caller to look up the entry (probeNode, or a
// node's batch of its children's in precheck).
func (s *c4Solver) static(n *c4Node, threats uint64, alpha, beta int) (int, bool) {
	p, sign := n.p, 1
	var lo, hi int
	for {
		next := p.possible()
		wins := next & threats
		safe := next &^ (threats >> 1)
		if safe == 0 || wins&(wins-1) != 0 || wins&^safe != 0 {
			return -sign * ((c4Cells - p.moves) / 2), true
		}
		if p.moves >= c4Cells-2 {
			return 0, true
		}
		lo, hi = -(c4Cells-2-p.moves)/2, (c4Cells-1-p.moves)/2
		if s.tune.staticBounds {
			lo, hi = openBounds(p, lo, hi, alpha, beta)
		}
		if v, ok := settles(lo, hi, alpha, beta); ok {
			return sign * v, true
		}
		forced := wins
		if forced == 0 && safe&(safe-1) == 0 {
			forced = safe
		}
		if forced == 0 {
			n.next, n.threats = safe, threats
			break
		}
		// The side to move must play forced; the other side's threats
		// are then the first side's.
		threats = winningCells(p.cur|forced, p.mask|forced)
		p = p.play(forced)
		sign, alpha, beta = -sign, -beta, -alpha
	}
	n.p, n.probed, n.keyed, n.move = p, false, false, -1
	if s.tune.staticBounds && p.moves%2 == 0 {
		hi = claimevenBound(p, hi)
		if v, ok := settles(lo, hi, alpha, beta); ok {
			return sign * v, true
		}
	}
	n.lo, n.hi = lo, hi
	if s.tune.etc && p.moves < s.tune.etcMoves {
		n.key, n.flip = tableKey(p, s.tune.mirror)
		n.keyed = true
	}
	return 0, false
}

// probeNode adds n's table entry to its bounds and move, making its key
// first if static did not.
func (s *c4Solver) probeNode(n *c4Node) {
	if !n.keyed {
		n.key, n.flip = tableKey(n.p, s.tune.mirror)
		n.keyed = true
	}
	n.probed = true
	if lo, hi, m, ok := s.probe(n.key); ok {
		n.lo, n.hi, n.move = max(n.lo, lo), min(n.hi, hi), flipCol(m, n.flip)
	}
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

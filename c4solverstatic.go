package main

// The static pass: what a position's stones settle without a search.
// Before a node searches any child it passes every child through here
// (after Steininger's solver): a child settled in the mover's favour
// ends the node whatever the move order, one settled against the mover
// leaves the move list, and a child's table bound raises the node's
// lower bound. Only the positions this pass cannot settle are searched,
// and counted as nodes.

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
// (claimevenBound, on boards of even height). At positions of more than
// etcLeft empty cells it makes the table key, for the caller to look up
// the entry (probeNode, or a node's batch of its children's in
// precheck).
func (x *c4Search) static(n *c4Node, threats uint64, alpha, beta int) (int, bool) {
	g := x.g
	p, sign := n.p, 1
	var lo, hi int
	for {
		safe := geoNonLosing(g, p, threats)
		if safe == 0 {
			return sign * geoLossScore(g, p), true
		}
		if p.moves >= g.cells-2 {
			return 0, true
		}
		lo, hi = -(g.cells-2-p.moves)/2, (g.cells-1-p.moves)/2
		if x.tune.staticBounds {
			lo, hi = x.openBounds(p, lo, hi, alpha, beta)
		}
		if v, ok := settles(lo, hi, alpha, beta); ok {
			return sign * v, true
		}
		forced := safe
		if safe&(safe-1) != 0 {
			n.next, n.threats = safe, threats
			break
		}
		// The side to move must play forced; the other side's threats
		// are then the first side's.
		threats = x.threats(p.cur|forced, p.mask|forced)
		p = p.play(forced)
		sign, alpha, beta = -sign, -beta, -alpha
	}
	n.p, n.probed, n.keyed, n.move = p, false, false, -1
	if x.tune.staticBounds && p.moves%2 == 0 && g.height%2 == 0 {
		hi = x.claimeven(p, hi)
		if v, ok := settles(lo, hi, alpha, beta); ok {
			return sign * v, true
		}
	}
	n.lo, n.hi = lo, hi
	if x.tune.etc && p.moves < g.cells-x.tune.etcLeft {
		n.key, n.flip = x.key(p)
		n.keyed = true
	}
	return 0, false
}

// probeNode adds n's table entry to its bounds and move, making its key
// first if static did not.
func (x *c4Search) probeNode(n *c4Node) {
	if !n.keyed {
		n.key, n.flip = x.key(n.p)
		n.keyed = true
	}
	n.probed = true
	if lo, hi, m, ok := x.probe(n.key); ok {
		n.lo, n.hi, n.move = max(n.lo, lo), min(n.hi, hi), geoFlipCol(x.g, m, n.flip)
	}
}

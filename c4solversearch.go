package main

import "sync/atomic"

// The perfect Connect Four solver's search. It follows the classic
// tutorial's design (negamax with alpha-beta on bitboards, centre-first
// order, moves ordered by the threats they create, never a move that
// loses at once, a transposition table, iterative null-window search)
// and goes further where that saves nodes: a static pass over every
// child before any is searched (precheck, c4solverstatic.go), and table
// entries that keep both a lower and an upper bound and the best move
// found (which the expected line reads; in the move order, after the
// static pass, it cost nodes).
//
// Scores are those of docs/connect4.md: from the side to move, 0 for a
// draw, 22 minus the winner's stone count at its winning stone for a
// win, the negative of the opponent's for a loss.

// negamax scores the node n, which the static pass could not settle
// (c4solverstatic.go), within (alpha, beta): an answer <= alpha is an upper
// bound, one >= beta a lower bound, anything between is exact. It fails
// soft: when every move fails low it answers the best of the moves' own
// bounds, not alpha, so the table and the null-window driver learn a
// tighter upper bound (fewer nodes on every benchmark set:
// docs/search-notes.md, "Search").
func (x *c4Search) negamax(n *c4Node, alpha, beta int) int {
	x.nodes++
	p := n.p
	if x.poll(p.moves) {
		return 0
	}
	if !n.probed {
		x.probeNode(n)
		if v, ok := n.settled(alpha, beta); ok {
			return v
		}
	}
	lo, hi := n.lo, n.hi
	key, flip, tableMove := n.key, n.flip, n.move
	alpha, beta = max(alpha, lo), min(beta, hi)

	moves := &x.sorters[p.moves]
	moves.reset()
	pre := x.precheck(n, moves, alpha, beta)
	if pre.cut {
		x.store(key, p.moves, pre.best, hi, geoFlipCol(x.g, pre.col, flip))
		return pre.best
	}
	best, bestMove := pre.best, tableMove
	if pre.best > alpha {
		bestMove = pre.col
	}
	lo, alpha = max(lo, pre.lo), max(alpha, pre.lo, pre.best)
	if moves.n == 0 {
		return max(min(best, hi), lo)
	}
	marked := x.mark(p, key, alpha, beta, moves)
	for i := moves.pick(); i >= 0; i = moves.pick() {
		mv := &moves.entries[i]
		v := x.child(&mv.node, p.moves, mv.col, alpha, beta)
		if x.stopped {
			x.leave(marked, key, p.moves)
			return x.halted(p.moves)
		}
		if v >= beta {
			x.store(key, p.moves, v, hi, geoFlipCol(x.g, mv.col, flip))
			x.leave(marked, key, p.moves)
			return v
		}
		best = max(best, v)
		if v > alpha {
			alpha, bestMove = v, mv.col
		}
	}
	x.leave(marked, key, p.moves)
	best = max(min(best, hi), lo)
	x.store(key, p.moves, lo, best, geoFlipCol(x.g, bestMove, flip))
	return best
}

// child is the score, for the side to move at a node of so many stones,
// of its move in column col to the node c within (alpha, beta): c's own
// score, negated when the forced moves before it leave the opponent to
// move there.
func (x *c4Search) child(c *c4Node, moves, col, alpha, beta int) int {
	same := (c.p.moves-moves)%2 == 0
	if x.tr != nil {
		return x.traced(c, col, alpha, beta, same)
	}
	if same {
		return x.negamax(c, alpha, beta)
	}
	return -x.negamax(c, -beta, -alpha)
}

// c4Pre is what a node's static pass over its children found: the best
// of the settled children's scores (-infinity if none) and its column,
// a lower bound on the node's score from the children's bounds, and
// whether that already cuts the node off (best >= beta).
type c4Pre struct {
	best, col, lo int
	cut           bool
}

// settle notes a child settled at v (for the node's side to move) in
// column col, and reports whether it cuts the node off.
func (pre *c4Pre) settle(v, col, beta int) bool {
	if v > pre.best {
		pre.best, pre.col = v, col
	}
	pre.cut = v >= beta
	return pre.cut
}

// precheck passes every move of n through the static pass before any is
// searched, and lists in moves the ones it could not settle, ranked by
// the threats they create. A child settled in the mover's favour by at
// least beta ends the node at once; a child's upper bound (static, or
// its table entry's) is a lower bound of the node's.
func (x *c4Search) precheck(n *c4Node, moves *c4Sorter, alpha, beta int) c4Pre {
	p, g := n.p, x.g
	pre := c4Pre{best: -infinity, col: -1, lo: -infinity}
	for j, colMask := range g.orderMasks {
		cell := n.next & colMask
		if cell == 0 {
			continue
		}
		col := g.order[j]
		threats := x.threats(p.cur|cell, p.mask|cell)
		e := moves.slot()
		e.node.p = p.play(cell)
		if v, settled := x.static(&e.node, threats, -beta, -alpha); settled {
			if pre.settle(-v, col, beta) {
				return pre
			}
			alpha = max(alpha, -v)
			continue
		}
		// Threats right above the opponent's own are worth nothing:
		// the opponent never fills the cell below (Steininger's filter).
		moves.push(col, geoThreatScore(g, threats&^(n.threats&^cell<<1), p.mask|cell))
	}
	x.probeChildren(p, moves, &pre, alpha, beta)
	if !pre.cut {
		moves.rank()
	}
	return pre
}

// probeChildren looks up the table entries of the children the static
// pass keyed, all loads at once, so that the processor waits for their
// cache misses together rather than one after another; a child its
// entry settles is dropped from the list, and every child's upper bound
// raises the node's lower bound pre.lo (p is the node's position).
func (x *c4Search) probeChildren(p c4Pos, moves *c4Sorter, pre *c4Pre, alpha, beta int) {
	tt := x.tt
	for i := range moves.listed {
		if e := &moves.entries[i]; e.node.keyed {
			slot, want := x.slot(e.node.key)
			e.want, e.e0, e.e1 = want, atomic.LoadUint64(&tt[slot]), atomic.LoadUint64(&tt[slot+1])
		}
	}
	for i := range moves.listed {
		e := &moves.entries[i]
		c := &e.node
		if c.keyed {
			c.probed = true
			if w := x.lookup(e.e0, e.e1, e.want); w != 0 {
				lo, hi, m := entryBounds(w)
				c.lo, c.hi, c.move = max(c.lo, lo), min(c.hi, hi), geoFlipCol(x.g, m, c.flip)
			}
		}
		bound, v, settled := c.lo, 0, false
		if (c.p.moves-p.moves)%2 == 1 {
			bound = -c.hi
			v, settled = c.settled(-beta, -alpha)
			v = -v
		} else {
			v, settled = c.settled(alpha, beta)
		}
		if settled {
			e.score = c4Dropped
			if pre.settle(v, e.col, beta) {
				return
			}
			alpha = max(alpha, v)
			continue
		}
		if bound > pre.lo {
			pre.lo = bound
			if bound >= beta {
				pre.best, pre.col, pre.cut = bound, e.col, true
				return
			}
			alpha = max(alpha, bound)
		}
	}
}

// mark is what a node does with other threads: it marks its position
// busy, and lets the sorter put off moves whose positions are busy (see
// c4solverparallel.go). It reports whether it marked the position, for leave.
func (x *c4Search) mark(p c4Pos, key uint64, alpha, beta int, moves *c4Sorter) bool {
	if x.busy == nil || p.moves >= busyMoves {
		return false
	}
	x.busy.enter(key)
	x.path[p.moves] = pathNode{key, alpha, beta, x.top}
	x.top = p.moves
	if p.moves+1 < busyMoves {
		for _, i := range moves.order[:moves.n] {
			if c := &moves.entries[i].node; !c.keyed {
				c.key, c.flip = x.key(c.p)
				c.keyed = true
			}
		}
		moves.watch(x.busy)
	}
	return true
}

// leave clears the busy mark of a node of so many stones that set one,
// and takes it off the path.
func (x *c4Search) leave(marked bool, key uint64, moves int) {
	if marked {
		x.busy.leave(key)
		x.top = x.path[moves].up
	}
}

// halted is the answer of a node of so many stones once the search has
// stopped below it: the settled value if the search is unwinding to this
// node (see settledAbove), which then resumes; otherwise the search is
// over and any answer will do.
func (x *c4Search) halted(moves int) int {
	if x.unwind == moves {
		x.stopped, x.unwind = false, -1
		return x.unwindV
	}
	return 0
}

// traced is child with the tracer told of the node (-trace). The
// tracer shows the root from its mover's side and every other node from
// the side of the opponent of its parent's mover, the side its ply says,
// even when the forced moves before c leave its parent's mover to move
// there (same): alpha, beta and the value returned are the parent's.
func (x *c4Search) traced(c *c4Node, col, alpha, beta int, same bool) int {
	sign := 1
	if col >= 0 {
		sign = -1
	}
	lo, hi := alpha, beta
	if sign < 0 {
		lo, hi = -beta, -alpha
	}
	x.tr.enter(c.p, col, lo, hi, x.nodes)
	var v int
	if same {
		v = x.negamax(c, alpha, beta)
	} else {
		v = -x.negamax(c, -beta, -alpha)
	}
	x.tr.leave(sign*v, x.nodes)
	return v
}

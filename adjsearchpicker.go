package main

import "math/bits"

// adjPicker hands out the moves of one node of adjSearch.negamax, one at a
// time and in stages, as the MoveSorter of Pascal Pons's Connect Four
// solver does for its own search: a node cut off by its first move should
// not pay for listing and scoring the others. It also settles, unsearched,
// the moves that a bound proves cannot raise alpha (adjsearchbounds.go and
// adjsearchendbounds.go), and with other threads puts off the moves another
// thread is searching.
//
// The stages, in order:
//   - pickEarly: the table's move and the two killers, listed as they are;
//   - pickRest: every other move, listed when the early ones are spent,
//     in the way the node's adjListing says; searched to the end, the
//     isolated moves wait until the others are spent, and are then
//     settled together when a relaxed position proves them all low
//     (adjsearchrelax.go);
//   - pickPutOff: the moves put off because another thread was searching
//     them, when the others have mostly stored what they found.
//
// The picker lives on negamax's stack: one per node, never shared.
type adjPicker struct {
	s       *adjSearch
	me, opp uint64
	ban     adjBans // the cells each side may not take (see adjsearchrelax.go)
	allowed uint64  // the empty cells the side to move may take
	ply     int
	depth   int // plies to the horizon
	left    int // plies to the end of the game
	listing adjListing
	stage   adjStage
	moves   []adjMove // the moves handed out and to come, in s.order[ply]
	i       int       // the index in moves of the next move to consider
	early   int       // how many moves the early stage listed
	tried   uint64    // the early moves' cells, which the rest leave out
	// floor is the largest bound of the moves settled unsearched, -infinity
	// if none: negamax's fail-soft value is at least that.
	floor int
	// mayPutOff: with other threads and deep enough, a move whose position
	// another thread is searching goes to the end (see adjsearchparallel.go).
	mayPutOff bool
	putOff    []adjMove
	// isolated are the moves held back for relax: the isolated moves of
	// a node searched to the end, when there are enough of them.
	isolated uint64
	// The bounds are made the first time a move needs them: a node whose
	// first move cuts off never does.
	reply      replyBounds
	bounded    bool // reply is made
	ends       endBounds
	endBounded bool // ends is made
}

// adjStage is how far a picker has got through a node's moves.
type adjStage uint8

const (
	pickEarly adjStage = iota
	pickRest
	pickPutOff
)

// adjListing is how a node lists its moves after the early ones, and
// which bounds settle moves unsearched.
type adjListing uint8

const (
	// listCells is minimax's: every move in cell order, since it
	// searches them all and order cannot help it.
	listCells adjListing = iota
	// listCaptures is minimax's two plies above the horizon: scoring and
	// sorting cost more there than a few more one-ply scans, so captures
	// first, then cell order.
	listCaptures
	// listScored is alpha-beta's: scored by appendRest, best first.
	listScored
	// listReply is alpha-beta's two plies above the horizon: once the
	// first move has not cut off, replyBounds settles most moves and
	// orders the others.
	listReply
	// listEnd is alpha-beta's two to six plies before the end of the
	// game, searched to it: endBounds settles the moves, the early ones
	// one by one and the rest a class at a time before they are listed.
	// Three and four plies before the end the first move is bounded too
	// (fewer nodes and less time: docs/search-notes.md); two, five and
	// six before, the bounds cost more than the first move, which mostly
	// cuts off, so they wait until it has not.
	listEnd
)

// adjListingOf is the listing of a node depth (2 or more) plies above the
// horizon and left plies before the end.
func adjListingOf(prune bool, depth, left int) adjListing {
	switch {
	case prune && depth == left && left <= adjEndBoundPlies:
		return listEnd
	case prune && depth == 2:
		return listReply
	case depth == 2:
		return listCaptures
	case prune:
		return listScored
	}
	return listCells
}

// start readies p, a zero adjPicker, for the node of s with me to move,
// the cells of ban barred, ply plies into the game and depth (2 or more)
// plies above the horizon; ttMove is the table's move, -1 if none.
//
// It sets the fields one by one rather than assign a whole adjPicker:
// the composite literal was built aside and copied in, zeroing and
// copying the bounds' 300 bytes at every node for nothing.
func (p *adjPicker) start(s *adjSearch, me, opp uint64, ban adjBans, ply, depth int, ttMove int8) {
	p.s, p.me, p.opp, p.ply, p.left = s, me, opp, ply, s.plies-ply
	p.ban, p.allowed, p.depth = ban, ^(me|opp)&^ban.me, depth
	p.listing = adjListingOf(s.prune, depth, p.left)
	p.moves, p.floor = s.order[ply][:0], -infinity
	p.mayPutOff = s.busy != nil && depth > adjBusyDepth
	for _, c := range [3]int8{ttMove, s.killers[ply][0], s.killers[ply][1]} {
		if c >= 0 && p.allowed&^p.tried&(1<<uint(c)) != 0 {
			p.moves = append(p.moves, adjMove{cell: c})
			p.tried |= 1 << uint(c)
		}
	}
	p.early = len(p.moves)
}

// next is the cell of the next move to search, given the node's alpha so
// far; ok is false when none is left. The moves it settles on the way
// raise p.floor.
func (p *adjPicker) next(alpha int) (cell int8, ok bool) {
	for {
		if p.i == len(p.moves) && !p.advance(alpha) {
			return -1, false
		}
		i := p.i
		p.i++
		// The first few moves after the early ones are picked best first,
		// lazily (see pickBest); the others go in the order that leaves.
		if p.listing >= listScored && i >= p.early && i < p.early+adjSortedMoves {
			pickBest(p.moves, i)
		}
		m := p.moves[i]
		// A move a bound proves worth at most alpha is settled unsearched.
		// The bounds are checked here rather than in a method of their
		// own, which would cost a call for every move of the nodes near
		// the end.
		q := infinity
		switch {
		case p.listing == listEnd && (i > 0 || p.left == 3 || p.left == 4):
			q = p.endBounds().bound(m.cell)
		case p.listing == listReply && i > 0:
			q = p.replyBound(i, m)
		}
		if q <= alpha {
			p.floor = max(p.floor, q)
			continue
		}
		if p.mayPutOff && p.putsOff(i, m) {
			continue
		}
		return m.cell, true
	}
}

// first tells whether the move next handed out last is the first of the
// node's list, which principal variation search gives the full window.
func (p *adjPicker) first() bool { return p.i == 1 }

// advance lists the next stage's moves once the current stage's are
// spent, and is false when no stage has any left.
func (p *adjPicker) advance(alpha int) bool {
	for p.i == len(p.moves) {
		switch p.stage {
		case pickEarly:
			p.listRest(alpha)
			p.stage = pickRest
		case pickRest:
			if p.isolated != 0 {
				return false // the search first asks about them together (see settleIsolated)
			}
			if len(p.putOff) == 0 {
				return false
			}
			p.moves, p.putOff = append(p.moves, p.putOff...), nil
			p.stage = pickPutOff
		default:
			return false
		}
	}
	return true
}

// listRest appends the moves after the early ones, in the node's listing,
// leaving out those the bounds settle against alpha at once.
func (p *adjPicker) listRest(alpha int) {
	rest := p.allowed &^ p.tried
	switch p.listing {
	case listEnd:
		settled, q := p.endBounds().settle(rest, alpha)
		rest &^= settled
		p.floor = max(p.floor, q)
		rest = p.holdIsolated(rest)
		if p.left > 2 {
			p.moves = p.s.appendRest(p.moves, rest, p.me, p.opp, p.ply&1)
			return
		}
		// Two plies before the end the bound misses only how the answer
		// interacts with the move: it orders the moves as well as
		// appendRest, for less.
		for cells := rest; cells != 0; cells &= cells - 1 {
			c := int8(bits.TrailingZeros64(cells))
			p.moves = append(p.moves, adjMove{c, int32(p.ends.bound(c))})
		}
	case listReply:
		quick := p.replyBounds()
		settled, q := quick.settleIsolated(alpha)
		rest &^= settled
		p.floor = max(p.floor, q)
		// The bound orders the moves it does not settle.
		for cells := rest; cells != 0; cells &= cells - 1 {
			c := int8(bits.TrailingZeros64(cells))
			if q := quick.bound(c); q > alpha {
				p.moves = append(p.moves, adjMove{c, int32(q)})
			} else {
				p.floor = max(p.floor, q)
			}
		}
	case listCaptures:
		captures := adjNeighbours(p.opp)
		p.moves = appendCells(appendCells(p.moves, rest&captures), rest&^captures)
	case listScored:
		if p.depth == p.left {
			rest = p.holdIsolated(rest)
		}
		p.moves = p.s.appendRest(p.moves, rest, p.me, p.opp, p.ply&1)
	default:
		p.moves = appendCells(p.moves, rest)
	}
}

// holdIsolated takes the isolated moves out of rest, and returns the
// others: at a node searched to the end, between adjRelaxLeast and
// adjRelaxMost plies before it, with at least adjRelaxMoves of them.
// Once the others are spent, next answers no move while p.isolated holds
// some, and the search settles them together, a part at a time
// (isolatedPart), by one search of a relaxed position each (see
// adjsearchrelax.go), or hands them back to be searched (settleIsolated). The
// others go first because a node that cuts off mostly does so with a
// move that turns or guards, and by the time they are spent the node is
// likely to fail low, as the relaxation needs.
func (p *adjPicker) holdIsolated(rest uint64) uint64 {
	if p.s.unrelaxed || p.left < adjRelaxLeast || p.left > adjRelaxMost {
		return rest
	}
	isolated := rest &^ adjNeighbours(p.me|p.opp)
	if bits.OnesCount64(isolated) < adjRelaxMoves {
		return rest
	}
	p.isolated = isolated
	return rest &^ isolated
}

// isolatedPart is the next part of the isolated moves held back to be
// settled together: all of them, or from adjRelaxSplit plies before the
// end one colour class of adjColour5 at a time. There most cells are
// isolated, and a relaxed position that bars the opponent from all of
// them lets the mover put marks it can never attack; barred from one
// class only, cells three or more steps apart, the opponent can still
// attack every mark from another side.
func (p *adjPicker) isolatedPart() uint64 {
	if p.left < adjRelaxSplit {
		return p.isolated
	}
	for _, class := range adjColour5 {
		if part := p.isolated & class; part != 0 {
			return part
		}
	}
	return 0
}

// settleIsolated settles part, isolated moves held back, when bound, what
// the relaxed position proves each worth at most, is at most alpha (they
// count at bound in the node's fail-soft value); otherwise it lists them
// to be searched one by one.
func (p *adjPicker) settleIsolated(part uint64, bound, alpha int) {
	if bound <= alpha {
		p.floor = max(p.floor, bound)
	} else {
		p.moves = p.s.appendRest(p.moves, part, p.me, p.opp, p.ply&1)
	}
	p.isolated &^= part
}

// replyBound is the bound of move m, the i-th of the list, two plies
// above the horizon: the rest were scored by it as they were listed, the
// early moves were not.
func (p *adjPicker) replyBound(i int, m adjMove) int {
	if i >= p.early {
		return int(m.score)
	}
	return p.replyBounds().bound(m.cell)
}

// putsOff tells whether move m, the i-th of the list, leads to a position
// another thread is searching (the first move never is put off, nor a
// move of the last stage), and if so keeps it for the last stage. Only
// for a picker with mayPutOff.
func (p *adjPicker) putsOff(i int, m adjMove) bool {
	if i == 0 || p.stage == pickPutOff {
		return false
	}
	me, opp := adjAfter(p.me, p.opp, Move(m.cell))
	if k, _ := p.s.keyBans(opp, me, p.ban.swap(), p.left-1); !p.s.busy.has(k) {
		return false
	}
	p.putOff = append(p.putOff, m)
	return true
}

// replyBounds is the node's replyBounds, made on first need.
func (p *adjPicker) replyBounds() *replyBounds {
	if !p.bounded {
		p.reply, p.bounded = p.s.replyBounds(p.me, p.opp, p.ply), true
	}
	return &p.reply
}

// endBounds is the node's endBounds, made on first need.
func (p *adjPicker) endBounds() *endBounds {
	if !p.endBounded {
		p.ends, p.endBounded = newEndBounds(p.me, p.opp, p.ban, p.left), true
	}
	return &p.ends
}

// appendRest appends the cells of rest to moves with their ordering
// scores: first by what the move does at once, in frontier's terms k
// marks shut in, t marks turned and m the mover's own marks beside the
// cell (which the opponent would turn by taking it), weighed by
// adjShutWeight, adjTurnWeight and adjGuardWeight; then by the history of
// cut-offs.
func (s *adjSearch) appendRest(moves []adjMove, rest, me, opp uint64, side int) []adjMove {
	hist := &s.history[side]
	empty := ^(me | opp)
	_, single := adjOpenSingle(empty)
	single &^= empty
	for e := rest; e != 0; e &= e - 1 {
		c := int8(bits.TrailingZeros64(e))
		nb := adjNeighbourTable[c]
		k := bits.OnesCount64(nb & single)
		if nb&empty == 0 {
			k++
		}
		sc := adjShutWeight*k + adjTurnWeight*bits.OnesCount64(nb&opp) + adjGuardWeight*bits.OnesCount64(nb&me)
		// sc is at most 2*5 + 3*4 + 4 (with the weights of today), so
		// sc<<24 stays inside an int32 and the history, below 1<<24, only
		// breaks ties.
		moves = append(moves, adjMove{c, int32(sc)<<24 + hist[c]})
	}
	return moves
}

// appendCells appends the cells of set to moves, unscored.
func appendCells(moves []adjMove, set uint64) []adjMove {
	for e := set; e != 0; e &= e - 1 {
		moves = append(moves, adjMove{cell: int8(bits.TrailingZeros64(e))})
	}
	return moves
}

// pickBest moves the best-scored of moves[i:] to i: a selection sort done
// lazily, since a cut-off usually comes after one or two moves.
func pickBest(moves []adjMove, i int) {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if moves[j].score > moves[b].score {
			b = j
		}
	}
	moves[i], moves[b] = moves[b], moves[i]
}

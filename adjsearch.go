package main

import (
	"math/bits"
)

// negamax is the score of the position (me to move, ply plies into the
// game) searched depth plies deep: exact with prune off, and with prune on
// exact inside (alpha, beta), otherwise a bound on the right side of it
// (fail-soft). Alpha-beta searches the first move with the full window and
// the rest with a null window around alpha (principal variation search),
// re-searching the rare move that beats it.
//
// Two exact shortcuts replace the plies nearest the horizon: frontier
// scores a node one ply above it without making its moves, and
// replyBounds settles most moves two plies above it without searching
// them. Both give the same value as the plain search (the tests compare
// them with the generic minimax on a plain board).
func (s *adjSearch) negamax(me, opp uint64, ply, depth, alpha, beta int) int {
	s.nodes++
	left := s.plies - ply
	if left == 0 {
		return bits.OnesCount64(me) - bits.OnesCount64(opp)
	}
	if depth == 0 {
		return adjEvaluate(me, opp, s.plies-ply)
	}
	if s.nodes >= s.nextPoll && s.poll() {
		return 0
	}
	// Beyond the end of the game every depth is the same search: entries
	// are kept under the depth actually searched.
	depth = min(depth, left)
	if depth == 1 {
		return s.frontier(me, opp, ply, beta)
	}
	// Below depth 3 a node costs less than a look-up in a table too big
	// for the cache: only deeper nodes use it.
	var key uint64
	var mirrored, found bool
	var e adjEntry
	if depth > 2 {
		key, mirrored = s.key(me, opp)
		e, found = s.table(depth).probe(key)
	}
	// With other threads, this position is marked busy while it is
	// searched, and a move whose position another thread is searching is
	// put off to the end (see adjparallel.go).
	marked := s.busy != nil && depth >= adjBusyDepth
	var deferred []adjMove
	again := false
	ttMove := int8(-1)
	if found {
		// Searching to the end, a move stored by a search cut short is not
		// tried first: that search judged by the objective, and its best
		// move is a poor first guess at the final margin's (see
		// solveClass).
		if depth < left || int(e.depth) >= left {
			ttMove = e.move
		}
		if mirrored && ttMove >= 0 {
			ttMove = adjMirrorCell(ttMove)
		}
		// Only an entry of this very depth answers: a deeper one would be
		// a better guess, but then the search would no longer return the
		// depth-limited minimax value that minimax returns.
		if int(e.depth) == depth {
			v := int(e.value)
			switch {
			case e.flag == adjExact,
				e.flag == adjLower && v >= beta,
				e.flag == adjUpper && v <= alpha:
				return v
			}
		}
	}
	if marked {
		s.busy.enter(key)
		defer s.busy.leave(key)
	}
	// Moves come in stages, so that a node cut off by its first move
	// does not pay for listing and scoring the others: the table's move
	// and the killers first, then the rest, best scored first.
	empty := ^(me | opp)
	best, bestMove := -infinity, int8(-1)
	// Two plies above the horizon, once the first move has not cut off,
	// moves are bounded before they are searched (see replyBounds).
	var quick replyBounds
	bounded := false
	// Two to five plies before the end, moves are bounded instead by what
	// the rest of the game can bring (see endBounds): the table's move and
	// the killers one by one, the rest a class at a time before they are
	// listed. Three and four plies before the end the first move is
	// bounded too (a third fewer nodes twelve plies before the end, 5 to
	// 10% less time); two and five before, the bounds cost more than the
	// first move, which mostly cuts off, so they wait until it has not.
	nearEnd := s.prune && depth == left && depth >= 2 && left <= adjEndBoundPlies
	var ends endBounds
	endBounded := false
	moves := s.order[ply][:0]
	var tried uint64
	for _, c := range [3]int8{ttMove, s.killers[ply][0], s.killers[ply][1]} {
		if c >= 0 && empty&^tried&(1<<uint(c)) != 0 {
			moves = append(moves, adjMove{cell: c})
			tried |= 1 << uint(c)
		}
	}
	early, listed := len(moves), false
	side := ply & 1
	alpha0 := alpha
	for i := 0; ; i++ {
		if i == len(moves) && !listed {
			rest := empty &^ tried
			switch {
			case nearEnd:
				if !endBounded {
					ends, endBounded = newEndBounds(me, opp, left), true
				}
				settled, q := ends.settle(rest, alpha)
				rest &^= settled
				best = max(best, q)
				if left > 2 {
					moves = s.appendRest(moves, rest, me, opp, side)
					break
				}
				// Two plies before the end the bound misses only how the
				// answer interacts with the move: it orders the moves as
				// well as appendRest, for less.
				for cells := rest; cells != 0; cells &= cells - 1 {
					c := int8(bits.TrailingZeros64(cells))
					moves = append(moves, adjMove{c, int32(ends.bound(c))})
				}
			case depth == 2 && s.prune:
				if !bounded {
					quick, bounded = s.replyBounds(me, opp, ply), true
				}
				settled, q := quick.settleIsolated(alpha)
				rest &^= settled
				best = max(best, q)
				// The bound orders the moves it does not settle.
				for cells := rest; cells != 0; cells &= cells - 1 {
					c := int8(bits.TrailingZeros64(cells))
					if q := quick.bound(c); q > alpha {
						moves = append(moves, adjMove{c, int32(q)})
					} else {
						best = max(best, q)
					}
				}
			case depth == 2:
				// Scoring and sorting cost more here than a few more
				// one-ply scans: captures first, then cell order.
				moves = appendCells(appendCells(moves, rest&adjNeighbours(opp)), rest&^adjNeighbours(opp))
			case s.prune:
				moves = s.appendRest(moves, rest, me, opp, side)
			default:
				// Minimax searches every move: order cannot help it.
				moves = appendCells(moves, rest)
			}
			listed = true
		}
		if i == len(moves) {
			// The moves put off come last, when the other threads have
			// mostly stored what they found.
			if len(deferred) == 0 {
				break
			}
			moves, deferred, again = append(moves, deferred...), nil, true
		}
		if i >= early && i < early+4 && s.prune {
			pickBest(moves, i)
		}
		m := moves[i].cell
		if depth == 2 && s.prune && i > 0 && !nearEnd {
			q := int(moves[i].score)
			if i < early {
				if !bounded {
					quick, bounded = s.replyBounds(me, opp, ply), true
				}
				q = quick.bound(m)
			}
			if q <= alpha {
				best = max(best, q)
				continue
			}
		}
		if nearEnd && (i > 0 || left == 3 || left == 4) {
			if !endBounded {
				ends, endBounded = newEndBounds(me, opp, left), true
			}
			if q := ends.bound(m); q <= alpha {
				best = max(best, q)
				continue
			}
		}
		nme, nopp := adjAfter(me, opp, Move(m))
		if marked && i > 0 && !again && depth > adjBusyDepth {
			if k, _ := s.key(nopp, nme); s.busy.has(k) {
				deferred = append(deferred, moves[i])
				continue
			}
		}
		var v int
		switch {
		case s.tr != nil:
			v = s.tracedChild(nopp, nme, ply+1, depth-1, i, alpha, beta)
		case !s.prune:
			v = -s.negamax(nopp, nme, ply+1, depth-1, -infinity, infinity)
		case i == 0:
			v = -s.negamax(nopp, nme, ply+1, depth-1, -beta, -alpha)
		default:
			v = -s.negamax(nopp, nme, ply+1, depth-1, -alpha-1, -alpha)
			if v > alpha && v < beta && !s.stopped {
				v = -s.negamax(nopp, nme, ply+1, depth-1, -beta, -alpha)
			}
		}
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if s.prune && v > alpha {
				alpha = v
				if alpha >= beta {
					if nopp == opp && s.killers[ply][0] != m {
						s.killers[ply][1] = s.killers[ply][0]
						s.killers[ply][0] = m
					}
					// Saturated where appendRest stops reading it: one
					// search serves every pass of a long solve, and a
					// counter that wrapped would turn negative.
					s.history[side][m] = min(s.history[side][m]+int32(depth*depth), 1<<24-1)
					break
				}
			}
		}
	}
	flag := adjExact
	switch {
	case !s.prune:
	case best <= alpha0:
		flag = adjUpper
	case best >= beta:
		flag = adjLower
	}
	if depth > 2 {
		if mirrored && bestMove >= 0 {
			bestMove = adjMirrorCell(bestMove)
		}
		s.table(depth).store(key, depth, best, flag, bestMove)
	}
	return best
}

// appendRest appends the cells of rest to moves with their ordering
// scores: first by what the move does at once, 2k + 3t + m in frontier's
// terms (marks shut in, marks turned, and m the mover's own marks beside
// the cell, which the opponent would turn by taking it), then by the
// history of cut-offs. The weights were chosen on the exact solves of the
// 25 positions of BenchmarkAdjEndgame: against k + 2t, 2k + 3t + m
// searches 7% fewer nodes 9 plies before the end, 9% fewer 10 plies
// before and 21% fewer 11 plies before; at depth 8 with 12 plies left
// 4% fewer, at depth 7 with 14 left as many. None of the other weights
// tried (2t+m, k+2t+m, 2k+2t+m, 2k+2t+2m, 3k+2t+m, k+3t+m, 2k+4t+m,
// 3k+4t+m) did better.
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
		sc := 2*k + 3*bits.OnesCount64(nb&opp) + bits.OnesCount64(nb&me)
		// sc is at most 2*5 + 3*4 + 4, so sc<<24 stays inside an int32
		// and the history, below 1<<24, only breaks ties.
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

// tracedChild is the search of a child below as negamax's loop makes it,
// the child's move the i-th searched, with the tracer told of each search
// (a null window, then a re-search when it fails high); returns the
// value for the parent.
func (s *adjSearch) tracedChild(me, opp uint64, ply, depth, i, alpha, beta int) int {
	switch {
	case !s.prune:
		return -s.traced(me, opp, ply, depth, -infinity, infinity)
	case i == 0:
		return -s.traced(me, opp, ply, depth, -beta, -alpha)
	}
	v := -s.traced(me, opp, ply, depth, -alpha-1, -alpha)
	if v > alpha && v < beta && !s.stopped {
		v = -s.traced(me, opp, ply, depth, -beta, -alpha)
	}
	return v
}

// traced is negamax with the tracer told of the node.
func (s *adjSearch) traced(me, opp uint64, ply, depth, alpha, beta int) int {
	s.tr.enter(me, opp, ply, depth, alpha, beta, s.plies, s.nodes)
	v := s.negamax(me, opp, ply, depth, alpha, beta)
	s.tr.leave(ply, v, s.nodes)
	return v
}

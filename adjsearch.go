package main

import (
	"math/bits"
)

// negamax is the score of the position (me to move, ply plies into the
// game) searched depth plies deep: exact with prune off, and with prune on
// exact inside (alpha, beta), otherwise a bound on the right side of it
// (fail-soft). Alpha-beta searches the first move with the full window and
// the rest with a null window around alpha (principal variation search),
// re-searching the rare move that beats it. The moves come from an
// adjPicker, which lists them in stages and settles unsearched those a
// bound proves cannot raise alpha.
//
// Two exact shortcuts replace the plies nearest the horizon: frontier
// scores a node one ply above it without making its moves, and
// replyBounds settles most moves two plies above it without searching
// them. Both give the same value as the plain search (the tests compare
// them with the generic minimax on a plain board). Searched to the end,
// a node may also settle its isolated moves together, by one search of a
// relaxed position (adjsearchrelax.go).
func (s *adjSearch) negamax(me, opp uint64, ply, depth, alpha, beta int) int {
	return s.negamaxBans(me, opp, adjBans{}, ply, depth, alpha, beta)
}

// negamaxBans is negamax in a relaxed position, where each side may not
// take the cells ban gives it (see adjsearchrelax.go); with no bans, in the
// game's own position. A side to move that may take no empty cell scores
// -adjStuck.
func (s *adjSearch) negamaxBans(me, opp uint64, ban adjBans, ply, depth, alpha, beta int) int {
	s.nodes++
	left := s.plies - ply
	if left == 0 {
		return bits.OnesCount64(me) - bits.OnesCount64(opp)
	}
	if ban.me != 0 && ^(me|opp)&^ban.me == 0 {
		return -adjStuck
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
		return s.frontier(me, opp, ban.me, ply, beta)
	}
	// Below depth 3 a node costs less than a look-up in a table too big
	// for the cache: only deeper nodes use it.
	var key uint64
	var mirrored bool
	ttMove := int8(-1)
	if depth > 2 {
		key, mirrored = s.keyBans(me, opp, ban, left)
		var v int
		var known bool
		if ttMove, v, known = s.lookUp(key, mirrored, depth, left, alpha, beta); known {
			return v
		}
	}
	// With other threads, this position is marked busy while it is
	// searched (see adjsearchparallel.go).
	if s.busy != nil && depth >= adjBusyDepth {
		s.busy.enter(key)
		defer s.busy.leave(key)
	}
	best, bestMove := s.searchMoves(me, opp, ban, ply, depth, alpha, beta, ttMove)
	if s.stopped {
		return 0
	}
	if depth > 2 {
		s.remember(key, mirrored, depth, best, bestMove, alpha, beta)
	}
	return best
}

// searchMoves is negamax's loop over the moves of its node, ttMove (-1
// if none) first: the best value and its move, searched as negamax
// says. Minimax searches every move with the full window (alpha and beta
// stay -infinity and infinity there), alpha-beta the first with the full
// window and the rest with a null window around alpha, re-searching the
// rare move that beats it.
func (s *adjSearch) searchMoves(me, opp uint64, ban adjBans, ply, depth, alpha, beta int, ttMove int8) (int, int8) {
	var p adjPicker
	p.start(s, me, opp, ban, ply, depth, ttMove)
	next := ban.swap() // the children's bans, seen from their side to move
	best, bestMove := -infinity, int8(-1)
	for {
		m, ok := p.next(alpha)
		if !ok && p.isolated != 0 {
			// The other moves are spent: the isolated ones go together
			// if a relaxed position proves them low (adjsearchrelax.go).
			part := p.isolatedPart()
			p.settleIsolated(part, s.relaxed(me, opp, ban, ply, depth, part, alpha), alpha)
			continue
		}
		best = max(best, p.floor) // fail-soft: the moves settled unsearched count at their bounds
		if !ok {
			return best, bestMove
		}
		nme, nopp := adjAfter(me, opp, Move(m))
		var v int
		switch {
		case s.tr != nil:
			v = s.tracedChild(nopp, nme, next, ply+1, depth-1, p.first(), alpha, beta)
		case !s.prune || p.first():
			v = -s.negamaxBans(nopp, nme, next, ply+1, depth-1, -beta, -alpha)
		default:
			v = -s.negamaxBans(nopp, nme, next, ply+1, depth-1, -alpha-1, -alpha)
			if v > alpha && v < beta && !s.stopped {
				v = -s.negamaxBans(nopp, nme, next, ply+1, depth-1, -beta, -alpha)
			}
		}
		if s.stopped {
			return 0, -1
		}
		if v <= best {
			continue
		}
		best, bestMove = v, m
		if s.prune && v > alpha {
			alpha = v
			if alpha >= beta {
				s.cutOff(ply, depth, m, nopp == opp)
				return best, bestMove
			}
		}
	}
}

// relaxed bounds the isolated moves cells of the node (me to move, ply
// plies into the game and depth plies above the horizon, its own bans
// ban) by one null-window search of the relaxed position (adjsearchrelax.go):
// the node's marks, the opponent to move and barred from cells as well.
// Each move of cells is worth at most 1 plus the relaxed position's value
// for the mover; the answer is that bound when the search proves it at
// most alpha, and above alpha otherwise (or when the search stopped).
func (s *adjSearch) relaxed(me, opp uint64, ban adjBans, ply, depth int, cells uint64, alpha int) int {
	relaxed := adjBans{me: ban.opp | cells, opp: ban.me}
	var w int
	if s.tr != nil {
		w = s.traced(opp, me, relaxed, ply+1, depth-1, -alpha, -alpha+1)
		s.tr.relaxed(ply+1, bits.OnesCount64(cells))
	} else {
		w = s.negamaxBans(opp, me, relaxed, ply+1, depth-1, -alpha, -alpha+1)
	}
	if s.stopped {
		return infinity
	}
	return 1 - w
}

// lookUp finds the node of the given depth and left plies before the
// end, under key, in its table: the move to try first (-1 if none) and,
// when the entry settles the node inside (alpha, beta), its value.
func (s *adjSearch) lookUp(key uint64, mirrored bool, depth, left, alpha, beta int) (move int8, v int, known bool) {
	e, found := s.table(depth).probe(key)
	if !found {
		return -1, 0, false
	}
	// Searching to the end, a move stored by a search cut short is not
	// tried first: that search judged by the objective, and its best move
	// is a poor first guess at the final margin's (see solveClass).
	move = -1
	if depth < left || int(e.depth) >= left {
		move = e.move
	}
	if mirrored && move >= 0 {
		move = adjMirrorCell(move)
	}
	// Only an entry of this very depth answers: a deeper one would be a
	// better guess, but then the search would no longer return the
	// depth-limited minimax value that minimax returns.
	v = int(e.value)
	known = int(e.depth) == depth &&
		(e.flag == adjExact || e.flag == adjLower && v >= beta || e.flag == adjUpper && v <= alpha)
	return move, v, known
}

// cutOff remembers that move m cut off a node ply plies into the game and
// depth plies above the horizon: as a killer of the ply if it was quiet
// (turned nothing), and in the history of the side to move.
func (s *adjSearch) cutOff(ply, depth int, m int8, quiet bool) {
	if quiet && s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
	}
	// Saturated where appendRest stops reading it: one search serves every
	// pass of a long solve, and a counter that wrapped would turn negative.
	h := &s.history[ply&1][m]
	*h = min(*h+int32(depth*depth), 1<<24-1)
}

// remember stores a node's result in its table: best, of move bestMove
// (-1 if none), searched from the window (alpha, beta) depth plies deep.
func (s *adjSearch) remember(key uint64, mirrored bool, depth, best int, bestMove int8, alpha, beta int) {
	flag := adjExact
	switch {
	case !s.prune:
	case best <= alpha:
		flag = adjUpper
	case best >= beta:
		flag = adjLower
	}
	if mirrored && bestMove >= 0 {
		bestMove = adjMirrorCell(bestMove)
	}
	s.table(depth).store(key, depth, best, flag, bestMove)
}

// tracedChild is the search of a child below as negamax's loop makes it,
// first if it is the first child searched, with the tracer told of each search
// (a null window, then a re-search when it fails high); returns the
// value for the parent.
func (s *adjSearch) tracedChild(me, opp uint64, ban adjBans, ply, depth int, first bool, alpha, beta int) int {
	switch {
	case !s.prune:
		return -s.traced(me, opp, ban, ply, depth, -infinity, infinity)
	case first:
		return -s.traced(me, opp, ban, ply, depth, -beta, -alpha)
	}
	v := -s.traced(me, opp, ban, ply, depth, -alpha-1, -alpha)
	if v > alpha && v < beta && !s.stopped {
		v = -s.traced(me, opp, ban, ply, depth, -beta, -alpha)
	}
	return v
}

// traced is negamaxBans with the tracer told of the node.
func (s *adjSearch) traced(me, opp uint64, ban adjBans, ply, depth, alpha, beta int) int {
	s.tr.enter(me, opp, ply, depth, alpha, beta, s.plies, s.nodes)
	v := s.negamaxBans(me, opp, ban, ply, depth, alpha, beta)
	s.tr.leave(ply, v, s.nodes)
	return v
}

package main

import (
	"sync/atomic"
)

// The perfect Connect Four solver. It follows the classic tutorial's
// design (negamax with alpha-beta on bitboards, centre-first order, moves
// ordered by the threats they create, never a move that loses at once, a
// transposition table, iterative null-window search) and goes further
// where that saves nodes: every table entry keeps both a lower and an upper
// bound and the best move found, which is tried first the next time the
// position comes up (the null-window iterations revisit the same tree
// again and again).
//
// Scores follow SPEC.md: from the side to move, 0 for a draw, 22 minus the
// winner's stone count at its winning stone for a win, the negative of the
// opponent's for a loss.

// negamax scores p for the side to move, who cannot win with its next
// stone, within (alpha, beta): an answer <= alpha is an upper bound, one
// >= beta a lower bound, anything between is exact. It fails soft: when
// every move fails low it answers the best of the moves' own bounds, not
// alpha, so the table and the null-window driver learn a tighter upper
// bound (1 to 6% fewer nodes on the benchmark sets).
func (s *c4Solver) negamax(p c4Pos, alpha, beta int) int {
	s.nodes++
	if s.poll(p.moves) {
		return 0
	}
	// Moves that do not lose at once, written out: a method for them (the
	// public solver's possibleNonLosingMoves) cost 1% more instructions.
	next := p.possible()
	oppWin := winningCells(p.cur^p.mask, p.mask)
	if forced := next & oppWin; forced != 0 {
		if forced&(forced-1) != 0 {
			return -(c4Cells - p.moves) / 2 // two threats: one gets through
		}
		next = forced
	}
	next &^= oppWin >> 1 // never play under the opponent's winning cell
	if next == 0 {
		return -(c4Cells - p.moves) / 2
	}
	if p.moves >= c4Cells-2 {
		return 0
	}
	lo, hi := staticBounds(p, s.tune.staticBounds)
	if v, ok := settles(lo, hi, alpha, beta); ok {
		return v
	}
	if next&(next-1) == 0 && s.tune.forcedSkip && (s.busy == nil || p.moves >= busyMoves) {
		return s.forced(p, next, alpha, beta)
	}
	key, flip := tableKey(p, s.tune.mirror)
	bestMove := -1
	if tlo, thi, m, ok := s.probe(key); ok {
		lo, hi, bestMove = max(lo, tlo), min(hi, thi), flipCol(m, flip)
	}
	if v, ok := settles(lo, hi, alpha, beta); ok {
		return v
	}
	alpha, beta = max(alpha, lo), min(beta, hi)

	var moves c4Sorter
	moves.list(p, next, bestMove)
	if s.tune.etc && p.moves < s.tune.etcMoves {
		if i, v := s.refuted(p, &moves, beta); i >= 0 {
			s.store(key, p.moves, v, hi, flipCol(moves.entries[i].col, flip))
			return v
		}
	}
	marked := s.mark(p, key, alpha, beta, &moves)
	best := lo
	for i := moves.pick(p); i >= 0; i = moves.pick(p) {
		mv := moves.entries[i]
		var v int
		if s.tr == nil {
			v = -s.negamax(p.play(mv.cell), -beta, -alpha)
		} else {
			v = -s.traced(p.play(mv.cell), -beta, -alpha)
		}
		if s.stopped {
			s.leave(marked, key)
			return s.halted(p.moves)
		}
		if v >= beta {
			s.store(key, p.moves, v, hi, flipCol(mv.col, flip))
			s.leave(marked, key)
			return v
		}
		best = max(best, v)
		if v > alpha {
			alpha, bestMove = v, mv.col
		}
	}
	s.leave(marked, key)
	best = max(min(best, hi), lo)
	s.store(key, p.moves, lo, best, flipCol(bestMove, flip))
	return best
}

// forced scores a node with a single move that does not lose at once,
// to cell: the child's score is the node's, so the node needs no table
// entry of its own, and its probe, a likely cache miss, would mostly
// find what the child's finds. (With threads, nodes that mark their
// position busy are searched as any other: settledAbove may unwind to
// them.)
func (s *c4Solver) forced(p c4Pos, cell uint64, alpha, beta int) int {
	if s.tr != nil {
		return -s.traced(p.play(cell), -beta, -alpha)
	}
	return -s.negamax(p.play(cell), -beta, -alpha)
}

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

// refuted is the enhanced transposition cutoff: a child the table
// already refutes (it scores at least beta for us) saves searching the
// others. It returns the first such child in the sorter's order, as an
// index into moves.entries, and its score; -1 if there is none. The
// children's entries lie far apart in memory: all the loads go out
// before any is looked at, so that the processor waits for the cache
// misses together rather than one after another.
func (s *c4Solver) refuted(p c4Pos, moves *c4Sorter, beta int) (int, int) {
	var slots, wants, e0, e1 [c4Width]uint64
	for i := range moves.n {
		k, _ := tableKey(p.play(moves.entries[i].cell), s.tune.mirror)
		slots[i], wants[i] = s.slot(k)
	}
	tt := s.tt
	for i := range moves.n {
		e0[i], e1[i] = atomic.LoadUint64(&tt[slots[i]]), atomic.LoadUint64(&tt[slots[i]+1])
	}
	for i := range moves.n {
		if e := lookup(e0[i], e1[i], wants[i]); e != 0 {
			if _, chi, _ := entryBounds(e); -chi >= beta {
				return i, -chi
			}
		}
	}
	return -1, 0
}

// mark is what a node does with other threads: it marks its position
// busy, and lets the sorter put off moves whose positions are busy (see
// c4parallel.go). It reports whether it marked the position, for leave.
func (s *c4Solver) mark(p c4Pos, key uint64, alpha, beta int, moves *c4Sorter) bool {
	if s.busy == nil || p.moves >= busyMoves {
		return false
	}
	s.busy.enter(key)
	s.path[p.moves] = pathNode{key, alpha, beta}
	if p.moves+1 < busyMoves {
		moves.watch(s.busy, s.tune.mirror)
	}
	return true
}

// leave clears the busy mark of a node that set one.
func (s *c4Solver) leave(marked bool, key uint64) {
	if marked {
		s.busy.leave(key)
	}
}

// halted is the answer of a node of so many stones once the search has
// stopped below it: the settled value if the search is unwinding to this
// node (see settledAbove), which then resumes; otherwise the search is
// over and any answer will do.
func (s *c4Solver) halted(moves int) int {
	if s.unwind == moves {
		s.stopped, s.unwind = false, -1
		return s.unwindV
	}
	return 0
}

// traced is negamax with the tracer told of the node (-trace).
func (s *c4Solver) traced(p c4Pos, alpha, beta int) int {
	s.tr.enter(p, alpha, beta, s.nodes)
	v := s.negamax(p, alpha, beta)
	s.tr.leave(p, v, s.nodes)
	return v
}

package main

import (
	"math/bits"
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
	lo := -(c4Cells - 2 - p.moves) / 2 // the opponent cannot win next
	hi := (c4Cells - 1 - p.moves) / 2  // we cannot win at once
	key, flip := canonical(p.key())
	ttMove := -1
	if tlo, thi, m, ok := s.probe(key); ok {
		lo, hi, ttMove = max(lo, tlo), min(hi, thi), flipCol(m, flip)
	}
	switch {
	case lo >= beta || lo == hi:
		return lo
	case hi <= alpha:
		return hi
	}
	alpha, beta = max(alpha, lo), min(beta, hi)

	// Order: the table's move, then by threats created, centre first
	// among equals (insertion sort of at most 7).
	var cells [c4Width]uint64
	var cols, scores [c4Width]int
	n := 0
	for j, colMask := range c4OrderMasks {
		cell := next & colMask
		if cell == 0 {
			continue
		}
		col := c4Order[j]
		sc := 1000 // the table's move goes first
		if col != ttMove {
			sc = bits.OnesCount64(winningCells(p.cur|cell, p.mask|cell))
		}
		i := n
		for ; i > 0 && scores[i-1] < sc; i-- {
			cells[i], cols[i], scores[i] = cells[i-1], cols[i-1], scores[i-1]
		}
		cells[i], cols[i], scores[i] = cell, col, sc
		n++
	}
	if useETC && p.moves < etcMoves {
		// Enhanced transposition cutoff: a child the table already
		// refutes saves searching the others. The children's entries
		// lie far apart in memory: all the loads go out before any is
		// looked at, so that the processor waits for the cache misses
		// together rather than one after another.
		var slots, wants, e0, e1 [c4Width]uint64
		for i := range n {
			k, _ := canonical(p.play(cells[i]).key())
			slots[i], wants[i] = s.slot(k)
		}
		tt := s.tt
		for i := range n {
			e0[i], e1[i] = atomic.LoadUint64(&tt[slots[i]]), atomic.LoadUint64(&tt[slots[i]+1])
		}
		for i := range n {
			if e := lookup(e0[i], e1[i], wants[i]); e != 0 {
				if _, chi, _ := entryBounds(e); -chi >= beta {
					s.store(key, p.moves, -chi, hi, flipCol(cols[i], flip))
					return -chi
				}
			}
		}
	}
	// With other threads, mark this position busy, and put off a move
	// (not the first) whose position another thread is searching: later
	// lists them, the loop comes back to them after the others.
	marked := s.busy != nil && p.moves < busyMoves
	if marked {
		s.busy.enter(key)
		s.path[p.moves] = pathNode{key, alpha, beta}
	}
	var later [c4Width]int
	nl := 0
	best := lo
	for k := 0; k < n+nl; k++ {
		i := k
		if k >= n {
			i = later[k-n]
		} else if marked && k > 0 && p.moves+1 < busyMoves {
			if ck, _ := canonical(p.play(cells[i]).key()); s.busy.has(ck) {
				later[nl] = i
				nl++
				continue
			}
		}
		var v int
		if s.tr == nil {
			v = -s.negamax(p.play(cells[i]), -beta, -alpha)
		} else {
			v = -s.traced(p.play(cells[i]), -beta, -alpha)
		}
		if s.stopped {
			if marked {
				s.busy.leave(key)
			}
			if s.unwind == p.moves {
				s.stopped, s.unwind = false, -1
				return s.unwindV
			}
			return 0
		}
		if v >= beta {
			s.store(key, p.moves, v, hi, flipCol(cols[i], flip))
			if marked {
				s.busy.leave(key)
			}
			return v
		}
		best = max(best, v)
		if v > alpha {
			alpha, ttMove = v, cols[i]
		}
	}
	if marked {
		s.busy.leave(key)
	}
	best = max(min(best, hi), lo)
	s.store(key, p.moves, lo, best, flipCol(ttMove, flip))
	return best
}

// traced is negamax with the tracer told of the node (-trace).
func (s *c4Solver) traced(p c4Pos, alpha, beta int) int {
	s.tr.enter(p, alpha, beta, s.nodes)
	v := s.negamax(p, alpha, beta)
	s.tr.leave(p, v, s.nodes)
	return v
}

package main

import (
	"context"
	"math/bits"
)

// The solver for every board size but 7x6. The 7x6 solver (c4pos.go,
// c4search.go) is built on compile-time constants, shifts the compiler
// writes out, a packed table and an opening book; this one reads the
// size's masks at run time and keeps to the classic design, so that it
// reads top to bottom: negamax with alpha-beta on bitboards, the table's
// move first, then moves ordered by the threats they make, centre first
// among equals, never a move that loses at once, a transposition table
// of lower and upper bounds, and null-window searches that narrow the
// score to one value. Scores follow SPEC.md, generalised: from the side to
// move, 0 for a draw, (W*H + 1 - n)/2 for a win whose last stone falls
// on n stones, minus the opponent's for a loss.

// c4AnyPos is a position: the side to move's stones, all stones, and
// their number.
type c4AnyPos struct {
	cur, mask uint64
	moves     int
}

// c4AnyPosOf converts a game to the solver's view.
func c4AnyPosOf(c *ConnectFour) c4AnyPos {
	return c4AnyPos{cur: c.stones[c.Turn()], mask: c.mask, moves: len(c.history)}
}

// key is unique: cur+mask sets the bit above each column's top stone.
func (p c4AnyPos) key() uint64 { return p.cur + p.mask }

// play drops the side to move's stone on cell and hands the move over.
func (p c4AnyPos) play(cell uint64) c4AnyPos {
	return c4AnyPos{cur: p.cur ^ p.mask, mask: p.mask | cell, moves: p.moves + 1}
}

// possible is the cells where a stone can go now.
func (g *c4Geom) possible(mask uint64) uint64 { return (mask + g.bottom) & g.full }

// winningCells is every empty cell that would complete four in a row for
// the stones b: three in a line with the cell at an end or inside, along
// each direction d (up, right, the two diagonals).
func (g *c4Geom) winningCells(b, mask uint64) uint64 {
	r := (b << 1) & (b << 2) & (b << 3) // vertical: three stones below
	h := uint(g.colBits)
	for _, d := range [3]uint{h, h - 1, h + 1} {
		// Masking the shift by 63 tells the compiler it is in range.
		d1, d2, d3 := d&63, 2*d&63, 3*d&63
		p := (b << d1) & (b << d2)
		r |= p & (b << d3)
		r |= p & (b >> d1)
		p = (b >> d1) & (b >> d2)
		r |= p & (b << d1)
		r |= p & (b >> d3)
	}
	return r & (g.full ^ mask)
}

// c4AnyEntry is a table entry: a position's key, the bounds of its score,
// the best move found (-1 for none) and its number of stones plus one (0
// marks an empty entry).
type c4AnyEntry struct {
	key          uint64
	lo, hi, move int8
	moves        uint8
}

// c4Any is the solver of one board size. Its table survives between
// searches (scores belong to positions), so a game gets faster as it goes.
type c4Any struct {
	g       *c4Geom
	table   []c4AnyEntry // buckets of two: nearest the root, then the latest
	shift   uint         // a key's bucket is its hash >> shift
	nodes   int64
	ctx     context.Context
	stopped bool
}

// newC4Any returns a solver for board g with a table of 2^bits entries.
func newC4Any(g *c4Geom, bits int) *c4Any {
	return &c4Any{g: g, table: make([]c4AnyEntry, 1<<bits), shift: uint(64 - (bits - 1))}
}

// bucket is the index of the first entry of key's bucket (Fibonacci
// hashing spreads the keys' clustered bits).
func (s *c4Any) bucket(key uint64) int { return int((key*0x9E3779B97F4A7C15)>>s.shift) * 2 }

// probe returns the bounds and move stored for key.
func (s *c4Any) probe(key uint64) (lo, hi, move int, ok bool) {
	i := s.bucket(key)
	for _, e := range s.table[i : i+2] {
		if e.moves != 0 && e.key == key {
			return int(e.lo), int(e.hi), int(e.move), true
		}
	}
	return 0, 0, -1, false
}

// store keeps key's bounds: in its entry if it has one, else in the
// first slot if the position there is no nearer the root, else in the
// second.
func (s *c4Any) store(key uint64, moves, lo, hi, move int) {
	i := s.bucket(key)
	e := c4AnyEntry{key: key, lo: int8(lo), hi: int8(hi), move: int8(move), moves: uint8(moves + 1)}
	switch first := s.table[i]; {
	case first.moves != 0 && first.key == key, first.moves == 0 || int(first.moves) >= moves+1:
		s.table[i] = e
	default:
		s.table[i+1] = e
	}
}

// poll notes whether the caller has given up (Ctrl-C, time budget).
func (s *c4Any) poll() bool {
	if s.nodes&4095 == 0 && s.ctx != nil && expired(s.ctx) {
		s.stopped = true
	}
	return s.stopped
}

// lossScore is the score of losing to the opponent's next stone.
func (s *c4Any) lossScore(p c4AnyPos) int { return -(s.g.cells - p.moves) / 2 }

// winScore is the score of winning with the next stone.
func (s *c4Any) winScore(p c4AnyPos) int { return (s.g.cells + 1 - p.moves) / 2 }

// canWinNext reports whether the side to move wins with its next stone.
func (s *c4Any) canWinNext(p c4AnyPos) bool {
	return s.g.winningCells(p.cur, p.mask)&s.g.possible(p.mask) != 0
}

// negamax scores p, whose side to move cannot win with its next stone,
// within (alpha, beta): an answer <= alpha is an upper bound, one >= beta
// a lower bound, anything between is exact.
func (s *c4Any) negamax(p c4AnyPos, alpha, beta int) int {
	s.nodes++
	if s.poll() {
		return 0
	}
	g := s.g
	next := g.possible(p.mask)
	oppWin := g.winningCells(p.cur^p.mask, p.mask)
	if forced := next & oppWin; forced != 0 {
		if forced&(forced-1) != 0 {
			return s.lossScore(p) // two threats: one gets through
		}
		next = forced
	}
	next &^= oppWin >> 1 // never play under the opponent's winning cell
	if next == 0 {
		return s.lossScore(p)
	}
	if p.moves >= g.cells-2 {
		return 0
	}
	lo := -(g.cells - 2 - p.moves) / 2 // the opponent cannot win next
	hi := (g.cells - 1 - p.moves) / 2  // we cannot win at once
	key := p.key()
	ttMove := -1
	if tlo, thi, m, ok := s.probe(key); ok {
		lo, hi, ttMove = max(lo, tlo), min(hi, thi), m
	}
	switch {
	case lo >= beta || lo == hi:
		return lo
	case hi <= alpha:
		return hi
	}
	alpha, beta = max(alpha, lo), min(beta, hi)
	cells, cols, n := s.order(p, next, ttMove)
	best := lo
	for i := range n {
		v := -s.negamax(p.play(cells[i]), -beta, -alpha)
		if s.stopped {
			return 0
		}
		if v >= beta {
			s.store(key, p.moves, v, hi, cols[i])
			return v
		}
		best = max(best, v)
		if v > alpha {
			alpha, ttMove = v, cols[i]
		}
	}
	best = max(min(best, hi), lo)
	s.store(key, p.moves, lo, best, ttMove)
	return best
}

// order lists the moves of next: the table's move first, then by the
// threats (cells that would win) each makes, centre first among equals.
func (s *c4Any) order(p c4AnyPos, next uint64, ttMove int) (cells [c4MaxWidth]uint64, cols [c4MaxWidth]int, n int) {
	var scores [c4MaxWidth]int
	for _, col := range s.g.order {
		cell := next & s.g.column[col]
		if cell == 0 {
			continue
		}
		sc := 1000
		if col != ttMove {
			sc = bits.OnesCount64(s.g.winningCells(p.cur|cell, p.mask|cell))
		}
		i := n // insertion sort, stable: equals stay centre first
		for ; i > 0 && scores[i-1] < sc; i-- {
			cells[i], cols[i], scores[i] = cells[i-1], cols[i-1], scores[i-1]
		}
		cells[i], cols[i], scores[i] = cell, col, sc
		n++
	}
	return cells, cols, n
}

// window scores any unfinished position within (alpha, beta), as negamax
// does.
func (s *c4Any) window(p c4AnyPos, alpha, beta int) int {
	switch {
	case s.canWinNext(p):
		return s.winScore(p)
	case p.moves >= s.g.cells-1:
		return 0 // the last stone cannot win
	}
	return s.negamax(p, alpha, beta)
}

// solve returns the exact score of an unfinished position by null-window
// searches that halve the interval of possible scores, biased towards 0
// (small scores are the commonest and the cheapest to prove).
func (s *c4Any) solve(p c4AnyPos) int {
	switch {
	case s.canWinNext(p):
		return s.winScore(p)
	case p.moves >= s.g.cells-1:
		return 0
	}
	lo, hi := -(s.g.cells-p.moves)/2, (s.g.cells+1-p.moves)/2
	for lo < hi && !s.stopped {
		med := lo + (hi-lo)/2
		if med <= 0 && lo/2 < med {
			med = lo / 2
		} else if med >= 0 && hi/2 > med {
			med = hi / 2
		}
		if r := s.negamax(p, med, med+1); r <= med {
			hi = r
		} else {
			lo = r
		}
	}
	return lo
}

// childScore is the exact score for the mover of playing col, or false if
// the column is full.
func (s *c4Any) childScore(p c4AnyPos, col int) (int, bool) {
	cell := s.g.possible(p.mask) & s.g.column[col]
	switch {
	case cell == 0:
		return 0, false
	case s.g.aligned(p.cur | cell):
		return s.winScore(p), true
	case p.moves+1 == s.g.cells:
		return 0, true
	}
	return -s.solve(p.play(cell)), true
}

// keeps reports whether col keeps p's score v: it wins at once with that
// score, or the position it leaves scores no more than -v for the
// opponent (never less, as v is the best).
func (s *c4Any) keeps(p c4AnyPos, col, v int) bool {
	cell := s.g.possible(p.mask) & s.g.column[col]
	switch {
	case cell == 0:
		return false
	case s.g.aligned(p.cur | cell):
		return s.winScore(p) == v
	case p.moves+1 == s.g.cells:
		return v == 0
	}
	return s.window(p.play(cell), -v, -v+1) <= -v && !s.stopped
}

// bestMove returns the exact score of an unfinished position and the most
// central column that keeps it; if the search is stopped, the score means
// nothing and the move is the most central open column.
func (s *c4Any) bestMove(p c4AnyPos) (Move, int) {
	for _, col := range s.g.order {
		if cell := s.g.possible(p.mask) & s.g.column[col]; cell != 0 && s.g.aligned(p.cur|cell) {
			return Move(col), s.winScore(p)
		}
	}
	v := s.solve(p)
	fallback := NoMove
	for _, col := range s.g.order {
		if s.g.possible(p.mask)&s.g.column[col] == 0 {
			continue
		}
		if fallback == NoMove {
			fallback = Move(col)
		}
		if s.keeps(p, col, v) {
			return Move(col), v
		}
		if s.stopped {
			break
		}
	}
	return fallback, v
}

// line is the game both sides play from p, whose score is v, when each
// keeps the score with its most central move: first, then the replies,
// to the end of the game (nil if the search is stopped on the way).
func (s *c4Any) line(p c4AnyPos, first Move, v int) []Move {
	pv := []Move{}
	col := int(first)
	for {
		pv = append(pv, Move(col))
		cell := s.g.possible(p.mask) & s.g.column[col]
		if s.g.aligned(p.cur|cell) || p.moves+1 == s.g.cells {
			return pv
		}
		p, v, col = p.play(cell), -v, -1
		for _, c := range s.g.order {
			if s.keeps(p, c, v) {
				col = c
				break
			}
		}
		if col < 0 {
			return nil // stopped
		}
	}
}

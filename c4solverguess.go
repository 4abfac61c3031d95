package main

import (
	"context"
	"math/bits"
)

// The guess: the depth-limited search the solver falls back on under a
// clock, when the exact solve does not finish in time. Alpha-beta on
// bitboards of any board size, deepened one ply at a time, with Allis'
// threat count at the horizon (the threats evaluator, c4ThreatScore) and
// whatever an exact solver has already proved of the positions it meets.

// Scores of the guess, from the side to move. A win whose last stone
// falls n plies below the root scores guessWin - n (a loss the negation),
// so that the guess wins as soon and loses as late as it sees; a
// position an exact solver proved won scores guessProved (lost, its
// negation; drawn, 0), below every win at a known distance; anything else
// the threat count, within ±(c4Win - cells - 1), below both.
const (
	guessWin    = 1000
	guessProved = 900
	// guessKnown is the least score of a win at a known distance: no
	// board has more than 64 cells.
	guessKnown = guessWin - 64
)

// guessEntry is a slot of the guess table: the key of a position, the
// bound its search found at a depth, and the best move (-1 for none).
type guessEntry struct {
	key   uint64
	value int16
	depth int8
	bound int8
	move  int8
}

// Kinds of bound in the guess's table.
const (
	guessExact int8 = iota
	guessLower
	guessUpper
)

// c4Guess is the depth-limited search of one board size. Its table
// survives from one search to the next: what it holds are a position's
// bounds at a depth, true whatever the root.
type c4Guess struct {
	g       *c4Geom
	tt      []guessEntry
	nodes   int64
	ctx     context.Context
	stopped bool
	// proved, when not nil, is what an exact solver knows of a position
	// without searching: 1 won, 0 drawn, -1 lost for the side to move.
	proved func(p c4Pos) (int, bool)
	root   int  // the root's stones: a node's ply is its stones less these
	std    bool // 7 x 6, whose threats the solver's constant shifts find
	// threats is the board's threat operation (c4Ops) where not std.
	threats func(g *c4Geom, b, mask uint64) uint64
}

// newC4Guess returns the guess for board g, its table empty.
func newC4Guess(g *c4Geom) *c4Guess {
	return &c4Guess{g: g, tt: make([]guessEntry, 1<<guessTableBits), std: g == c4Std, threats: opsOf(g, true).threats}
}

// begin readies the guess for a decision: its node count from 0, and
// proved what an exact solver knows of a position (nil for nothing).
func (s *c4Guess) begin(proved func(p c4Pos) (int, bool)) { s.proved, s.nodes = proved, 0 }

// guessResult is a finished depth's answer: the column, its score and
// the depth, with the line the table expects.
type guessResult struct {
	col, score, depth int
	pv                []Move
}

// best deepens a search of p over the columns cols (not empty, all
// playable, the favourite first), one ply at a time, until ctx ends, the
// score is a win or a loss at a known distance, or the board is full; it
// returns the last finished depth's answer. The first depth always
// finishes, so that there is an answer even when ctx has already ended.
func (s *c4Guess) best(ctx context.Context, p c4Pos, cols []int) guessResult {
	s.root, s.stopped = p.moves, false
	order := append([]int(nil), cols...)
	r := guessResult{col: order[0]}
	for depth := 1; depth <= s.g.cells-p.moves; depth++ {
		s.ctx = ctx
		switch {
		case depth == 1:
			s.ctx = nil // no clock: the first depth is a few nodes
		case expired(ctx):
			return r
		}
		col, v := s.rootSearch(p, depth, order)
		if s.stopped {
			break
		}
		r = guessResult{col: col, score: v, depth: depth, pv: s.line(p, col, depth)}
		toFront(order, col)
		if v >= guessKnown || v <= -guessKnown {
			break // the end is in sight: deeper changes nothing
		}
	}
	s.ctx = nil
	return r
}

// rootSearch searches the columns order of p to depth with an open
// window, the first first; it returns the best column and its score.
func (s *c4Guess) rootSearch(p c4Pos, depth int, order []int) (int, int) {
	g := s.g
	best, bestV := order[0], -2*guessWin
	alpha := -2 * guessWin
	for _, col := range order {
		cell := geoPossible(g, p) & g.column[col]
		var v int
		switch {
		case g.aligned(p.cur | cell):
			v = guessWin - 1
		case p.moves+1 == g.cells:
			v = 0
		case col == order[0]:
			v = -s.negamax(p.play(cell), depth-1, -2*guessWin, -alpha)
		default:
			v = -s.negamax(p.play(cell), depth-1, -alpha-1, -alpha)
			if v > alpha && !s.stopped {
				v = -s.negamax(p.play(cell), depth-1, -2*guessWin, -alpha)
			}
		}
		if s.stopped {
			break
		}
		if v > bestV {
			best, bestV = col, v
			alpha = max(alpha, v)
		}
	}
	return best, bestV
}

// poll notes whether the clock has run out, every 1024 nodes.
func (s *c4Guess) poll() bool {
	if s.nodes&1023 == 0 && s.ctx != nil && expired(s.ctx) {
		s.stopped = true
	}
	return s.stopped
}

// negamax scores p, whose side to move has not yet won, depth plies
// deep within (alpha, beta), as alpha-beta does: an answer <= alpha is an
// upper bound, one >= beta a lower bound. A move forced by the
// opponent's threat costs no depth, so that a sequence of threats is
// followed to its end; at the horizon the threat count judges.
func (s *c4Guess) negamax(p c4Pos, depth, alpha, beta int) int {
	s.nodes++
	if s.poll() {
		return 0
	}
	ply := p.moves - s.root
	next, v, done := s.rules(p, ply)
	switch {
	case done:
		return v
	case next&(next-1) == 0:
		return -s.negamax(p.play(next), depth, -beta, -alpha)
	case depth <= 0:
		return s.eval(p)
	}
	if s.proved != nil && depth >= 2 {
		if c, ok := s.proved(p); ok {
			return c * guessProved
		}
	}
	key := p.cur + p.mask
	e := &s.tt[key*0x9E3779B97F4A7C15>>(64-guessTableBits)]
	ttMove, v, hit := e.lookup(key, depth, ply, alpha, beta)
	if hit {
		return v
	}
	best, bestMove := s.moves(p, next, ttMove, depth, alpha, beta)
	if s.stopped {
		return 0
	}
	*e = guessEntry{key: key, value: int16(toGuessTable(best, ply)), depth: int8(depth), bound: boundOf(best, alpha, beta), move: int8(bestMove)}
	return best
}

// rules is what the rules settle of p, ply plies below the root: the
// score when done (a win next stone, a full board, two threats or no
// move that does not lose at once), else the moves worth searching: a
// forced block alone, never a cell under the opponent's winning one.
func (s *c4Guess) rules(p c4Pos, ply int) (next uint64, v int, done bool) {
	g := s.g
	next = geoPossible(g, p)
	if s.wins(p.cur, p.mask)&next != 0 {
		return 0, guessWin - ply - 1, true
	}
	if p.moves >= g.cells-1 {
		return 0, 0, true // the last stone cannot win
	}
	oppWin := s.wins(p.cur^p.mask, p.mask)
	if forced := next & oppWin; forced != 0 {
		if forced&(forced-1) != 0 {
			return 0, -(guessWin - ply - 2), true // two threats: one gets through
		}
		next = forced
	}
	next &^= oppWin >> 1 // never under the opponent's winning cell
	if next == 0 {
		return 0, -(guessWin - ply - 2), true
	}
	return next, 0, false
}

// lookup is the entry's move for key (-1 for none) and, when it was
// searched deep enough to settle (alpha, beta), its score ply plies below
// the root.
func (e *guessEntry) lookup(key uint64, depth, ply, alpha, beta int) (move, v int, hit bool) {
	if e.key != key {
		return -1, 0, false
	}
	if int(e.depth) >= depth {
		v = fromGuessTable(int(e.value), ply)
		switch {
		case e.bound == guessExact, e.bound == guessLower && v >= beta, e.bound == guessUpper && v <= alpha:
			return int(e.move), v, true
		}
	}
	return int(e.move), 0, false
}

// moves searches the moves next of p (two or more), ttMove's first,
// within (alpha, beta): the best score and its column.
func (s *c4Guess) moves(p c4Pos, next uint64, ttMove, depth, alpha, beta int) (best, bestMove int) {
	cells, cols, n := s.order(p, next, ttMove)
	best, bestMove = -2*guessWin, -1
	for i := range n {
		q := p.play(cells[i])
		var v int
		if i == 0 {
			v = -s.negamax(q, depth-1, -beta, -alpha)
		} else {
			// The first move is usually the best: the others need only
			// be shown no better, with a null window, and are searched
			// again with the full one when one is.
			v = -s.negamax(q, depth-1, -alpha-1, -alpha)
			if v > alpha && v < beta && !s.stopped {
				v = -s.negamax(q, depth-1, -beta, -alpha)
			}
		}
		if s.stopped {
			return 0, -1
		}
		if v > best {
			best, bestMove = v, cols[i]
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return best, bestMove
}

// boundOf is what a score best found within (alpha, beta) is: an upper
// bound when it fails low, a lower one when it fails high, else exact.
func boundOf(best, alpha, beta int) int8 {
	switch {
	case best <= alpha:
		return guessUpper
	case best >= beta:
		return guessLower
	}
	return guessExact
}

// toGuessTable makes a score found ply plies below the root one that
// counts a win's distance from the node itself, as the table keeps it
// (the same position is met at other plies and from other roots);
// fromGuessTable turns it back.
func toGuessTable(v, ply int) int {
	switch {
	case v >= guessKnown:
		return v + ply
	case v <= -guessKnown:
		return v - ply
	}
	return v
}

// fromGuessTable is the table's score as seen ply plies below the root.
func fromGuessTable(v, ply int) int {
	switch {
	case v >= guessKnown:
		return v - ply
	case v <= -guessKnown:
		return v + ply
	}
	return v
}

// wins is every empty cell that would complete a four for the stones b:
// on 7 x 6 by the solver's winningCells, whose shifts are constants, else
// by the operation of the board. Threats take much of the guess's time,
// and the constant shifts made it faster (docs/search-notes.md, "The
// guess").
func (s *c4Guess) wins(b, mask uint64) uint64 {
	if s.std {
		return winningCells(b, mask)
	}
	return s.threats(s.g, b, mask)
}

// order lists the moves of next: the table's move first, then by the
// threats each leaves (as the solver ranks them, threatScore), centre
// first among equals.
func (s *c4Guess) order(p c4Pos, next uint64, ttMove int) (cells [c4MaxWidth]uint64, cols [c4MaxWidth]int, n int) {
	g := s.g
	var scores [c4MaxWidth]int
	for _, col := range g.order {
		cell := next & g.column[col]
		if cell == 0 {
			continue
		}
		sc := 1000
		if col != ttMove {
			mask := p.mask | cell
			sc = geoThreatScore(g, s.wins(p.cur|cell, mask), mask)
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

// eval is c4ThreatScore of p for the side to move, on bitboards: the
// cells that would complete a four are winningCells' (the fourth cell of
// a segment holding three stones of one colour and no other).
func (s *c4Guess) eval(p c4Pos) int {
	g := s.g
	me, them := p.cur, p.cur^p.mask
	open := 0
	for _, seg := range g.segments {
		a, b := bits.OnesCount64(me&seg), bits.OnesCount64(them&seg)
		switch {
		case b == 0 && a < 3:
			open += a
		case a == 0 && b < 3:
			open -= b
		}
	}
	mine, theirs := s.wins(me, p.mask), s.wins(them, p.mask)
	mine, theirs = mine&^(theirs<<1), theirs&^(mine<<1)
	good := g.oddRows // the first player's rows
	if p.moves%2 == 1 {
		good = g.full &^ good
	}
	v := c4OpenStone * open
	v += c4GoodThreat*bits.OnesCount64(mine&good) + c4OtherThreat*bits.OnesCount64(mine&^good)
	v -= c4GoodThreat*bits.OnesCount64(theirs&^good) + c4OtherThreat*bits.OnesCount64(theirs&good)
	limit := c4Win - g.cells - 1
	return max(-limit, min(limit, v))
}

// line is the line the table expects from p after col, searched to
// depth: col, then each position's table move while it is legal.
func (s *c4Guess) line(p c4Pos, col, depth int) []Move {
	g := s.g
	pv := []Move{Move(col)}
	for len(pv) < depth {
		cell := geoPossible(g, p) & g.column[col]
		if cell == 0 || g.aligned(p.cur|cell) || p.moves+1 >= g.cells {
			break
		}
		p = p.play(cell)
		key := p.cur + p.mask
		e := s.tt[key*0x9E3779B97F4A7C15>>(64-guessTableBits)]
		if e.key != key || e.move < 0 || geoPossible(g, p)&g.column[e.move] == 0 {
			break
		}
		col = int(e.move)
		pv = append(pv, Move(col))
	}
	return pv
}

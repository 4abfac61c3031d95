package main

import "fmt"

// The line the solver expects (its principal variation), read back from the
// book and the table after a search rather than carried through it.

// expectedLine is the line the solver expects from p after it chose
// first with the exact score v for the side to move: each next move is
// one the book, the rules or the table prove keeps the score. Scores here
// belong to positions (22 minus the winner's stones), so a move that
// keeps the score v leaves the opponent exactly -v. The line stops where
// nothing proves a move; it is empty when the search was cut short or
// first is not legal.
func (s *c4Solver) expectedLine(p c4Pos, first Move, v int) []Move {
	if s.stopped || first < 0 || int(first) >= c4Width || p.column(int(first)) == 0 {
		return nil
	}
	line := []Move{first}
	for m := first; ; {
		cell := p.column(int(m))
		if c4Aligned(p.cur | cell) {
			return line // the move wins: the game is over
		}
		p, v = p.play(cell), -v
		if p.moves == c4Cells {
			return line
		}
		var ok bool
		if m, ok = s.keeper(p, v); !ok {
			return line
		}
		line = append(line, m)
	}
}

// bookLine is the opening book's own line from p: its move in each
// position, for as long as the positions are in the book. Each keeps the
// position's score, as the book's entries agree with their replies
// (TestBook), so it is the line the solver expects there, and it needs no
// table.
func bookLine(p c4Pos) []Move {
	var line []Move
	for {
		e, ok := openingBook().lookup(bookKey(p))
		if !ok {
			return line
		}
		m := bookMove(p, e)
		line = append(line, m)
		cell := p.column(int(m))
		if c4Aligned(p.cur | cell) {
			return line
		}
		p = p.play(cell)
	}
}

// keeper is a column of p that provably keeps p's exact score v, the
// table's own move tried first.
func (s *c4Solver) keeper(p c4Pos, v int) (Move, bool) {
	if e, ok := s.book.lookup(bookKey(p)); ok && int(e.score) == v {
		return bookMove(p, e), true
	}
	order := c4Order[:]
	key, flip := tableKey(p, s.tune.mirror)
	if _, _, m, ok := s.probe(key); ok && m >= 0 {
		order = append([]int{flipCol(m, flip)}, c4Order[:]...)
	}
	for _, col := range order {
		cell := p.column(col)
		switch {
		case cell == 0:
			continue
		case c4Aligned(p.cur | cell):
			if p.winScore() == v {
				return Move(col), true
			}
			continue
		}
		if s.atMost(p.play(cell), -v) {
			return Move(col), true
		}
	}
	return s.searchKeeper(p, v, order)
}

// searchKeeper is keeper's last resort, for positions the search settled
// by a static bound (c4bounds.go) and so left without table entries
// below: a null-window search of each move in turn, the first whose
// child scores at most -v keeps v. The score being known, these searches
// are small.
func (s *c4Solver) searchKeeper(p c4Pos, v int, order []int) (Move, bool) {
	for _, col := range order {
		cell := p.column(col)
		if cell == 0 || c4Aligned(p.cur|cell) {
			continue // a win that kept v was found above
		}
		q := p.play(cell)
		if q.moves == c4Cells {
			if v == 0 {
				return Move(col), true
			}
			continue
		}
		r := s.probeLine(q, col, -v)
		if s.stopped {
			return NoMove, false
		}
		if r <= -v {
			return Move(col), true
		}
	}
	return NoMove, false
}

// atMost reports whether the side to move in q provably scores at most
// a, as far as the rules, the book, the static pass and the table know
// without searching. Past forced moves the table's entry is the
// position's at their end (c4static.go): the search stores nothing on
// the way.
func (s *c4Solver) atMost(q c4Pos, a int) bool {
	switch {
	case q.canWinNext():
		return q.winScore() <= a
	case q.moves >= c4Cells-1:
		return 0 <= a
	}
	if e, ok := s.book.lookup(bookKey(q)); ok {
		return int(e.score) <= a
	}
	n := c4Node{p: q}
	if v, settled := s.static(&n, winningCells(q.cur^q.mask, q.mask), a, a+1); settled {
		return v <= a
	}
	if !n.probed {
		key, _ := tableKey(n.p, s.tune.mirror)
		if tlo, thi, _, ok := s.probe(key); ok {
			n.lo, n.hi = max(n.lo, tlo), min(n.hi, thi)
		}
	}
	if (n.p.moves-q.moves)%2 == 1 {
		return -n.lo <= a
	}
	return n.hi <= a
}

// probeLine is window(q, a, a+1) for searchKeeper, noted for -trace as a
// probe of the line (so that the probes still count every node).
func (s *c4Solver) probeLine(q c4Pos, col, a int) int {
	if s.tr == nil {
		return s.window(q, a, a+1)
	}
	return s.probeNoted(q, fmt.Sprintf("line, stone %d: column %d", q.moves, col+1), a)
}

package main

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
	g := s.g
	if s.stopped() || first < 0 || int(first) >= g.width || geoCell(g, p, int(first)) == 0 {
		return nil
	}
	line := []Move{first}
	for m := first; ; {
		cell := geoCell(g, p, int(m))
		if g.aligned(p.cur | cell) {
			return line // the move wins: the game is over
		}
		p, v = p.play(cell), -v
		if p.moves == g.cells {
			return line
		}
		var ok bool
		if m, ok = s.valueMove(p, v); !ok {
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

// valueMove is a column of p that provably keeps p's exact score v: the
// book's, or the first that the rules, the static pass or the table
// prove without a search (the table's own move tried first), or else the
// first that a null-window search proves (the positions the search
// settled by the static pass have no table entries below). The score
// being known, these searches are small.
func (s *c4Solver) valueMove(p c4Pos, v int) (Move, bool) {
	g := s.g
	if e, ok := s.book.lookup(bookKey(p)); ok && int(e.score) == v {
		return bookMove(p, e), true
	}
	order := g.order
	key, flip := s.key(p)
	if _, _, m, ok := s.probe(key); ok && m >= 0 {
		order = append([]int{geoFlipCol(g, m, flip)}, g.order...)
	}
	for _, col := range order {
		q, w, over, ok := geoAfterMove(s.g, p, col)
		switch {
		case !ok:
		case over:
			if w == v {
				return Move(col), true
			}
		case s.atMost(q, -v):
			return Move(col), true
		}
	}
	for _, col := range order {
		if s.keepsValue(p, col, v, "line") {
			return Move(col), true
		}
		if s.stopped() {
			break
		}
	}
	return NoMove, false
}

// atMost reports whether the side to move in q provably scores at most
// a, as far as the rules, the book, the static pass and the table know
// without searching. Past forced moves the table's entry is the
// position's at their end (c4solverstatic.go): the search stores nothing on
// the way.
func (s *c4Solver) atMost(q c4Pos, a int) bool {
	switch g := s.g; {
	case s.canWinNext(q):
		return geoWinScore(g, q) <= a
	case q.moves >= g.cells-1:
		return 0 <= a
	}
	if e, ok := s.book.lookup(bookKey(q)); ok {
		return int(e.score) <= a
	}
	n := c4Node{p: q}
	if v, settled := s.main.static(&n, s.threats(q.cur^q.mask, q.mask), a, a+1); settled {
		return v <= a
	}
	if !n.probed {
		s.main.probeNode(&n)
	}
	if (n.p.moves-q.moves)%2 == 1 {
		return -n.lo <= a
	}
	return n.hi <= a
}

package main

import "fmt"

// Exact scores from null-window searches: the driver that narrows a
// position's score to one value, and the best move that keeps it.

// window scores any unfinished position within (alpha, beta), with the
// same meaning of the answer as negamax.
func (s *c4Solver) window(p c4Pos, alpha, beta int) int {
	switch g := s.g; {
	case s.canWinNext(p):
		return geoWinScore(g, p)
	case p.moves >= g.cells-1:
		return 0 // the last stone cannot win
	}
	return s.search(p, alpha, beta)
}

// solve returns the exact score of an unfinished position by null-window
// searches that narrow the interval of possible scores (see nextProbe).
func (s *c4Solver) solve(p c4Pos) int {
	g := s.g
	if s.canWinNext(p) {
		return geoWinScore(g, p)
	}
	if p.moves >= g.cells-1 {
		return 0
	}
	lo, hi := geoLossScore(g, p), geoWinScore(g, p)
	if b, ok := s.book.lookup(bookKey(p)); ok {
		return int(b.score)
	}
	for lo < hi && !s.stopped() {
		med := nextProbe(lo, hi)
		if r := s.probeRoot(p, med); r <= med {
			hi = r
		} else {
			lo = r
		}
	}
	return lo
}

// nextProbe is the score med whose null window (med, med+1) solve
// searches next when the score lies in [lo, hi]. While the interval is
// wide it is halved, towards the ends first as in the tutorial (far from
// the score, a search is cheap and removes much). Near the score the
// searches are the dearest, and halving would ask about scores on both
// sides of it: there it asks the score's sign, then steps from the side
// it lies on, so that a score of 1 costs only the windows (0, 1) and
// (1, 2). On the empty board this saves the windows (2, 3) and (-1, 0)
// (docs/search-notes.md, "Null windows").
func nextProbe(lo, hi int) int {
	if hi-lo <= nearScores {
		switch {
		case lo < 0 && hi > 0:
			return 0
		case lo >= 0:
			return lo
		default:
			return hi - 1
		}
	}
	med := lo + (hi-lo)/2
	if med <= 0 && lo/2 < med {
		med = lo / 2
	} else if med >= 0 && hi/2 > med {
		med = hi / 2
	}
	return med
}

// childScore is the exact score for the mover of playing col, or false if
// the column is full.
func (s *c4Solver) childScore(p c4Pos, col int) (int, bool) {
	q, v, over, ok := geoAfterMove(s.g, p, col)
	if !ok || over {
		return v, ok
	}
	return -s.solve(q), true
}

// columnScores is every column's exact score for the side to move in p,
// nil for a full column and for those not scored before the search was
// stopped.
func (s *c4Solver) columnScores(p c4Pos) []*int {
	scores := make([]*int, s.g.width)
	for col := range scores {
		if v, ok := s.childScore(p, col); ok && !s.stopped() {
			scores[col] = &v
		}
	}
	return scores
}

// bestMove returns the exact score of p and the most central column that
// keeps it; if the search is stopped, the score means nothing and the
// move is the most central open column.
func (s *c4Solver) bestMove(p c4Pos) (Move, int) {
	g := s.g
	if b, ok := s.book.lookup(bookKey(p)); ok {
		return bookMove(p, b), int(b.score)
	}
	for _, col := range g.order {
		if cell := geoCell(g, p, col); cell != 0 && g.aligned(p.cur|cell) {
			return Move(col), geoWinScore(g, p)
		}
	}
	v := s.solve(p)
	fallback := NoMove
	for _, col := range g.order {
		if geoCell(g, p, col) == 0 {
			continue
		}
		if fallback == NoMove {
			fallback = Move(col)
		}
		if s.stopped() {
			break // a cut-short window proves nothing
		}
		if s.keepsValue(p, col, v, "column") {
			return Move(col), v
		}
	}
	return fallback, v
}

// keepsValue reports whether col keepsValue p's exact score v: it wins at once
// with that score, fills the board for a draw, or leaves the opponent at
// most -v (never less, v being the best), which a null-window search
// proves; false too if the search was stopped meanwhile. For -trace
// the search is a probe noted as kind ("column", or "line" for the
// expected line's).
func (s *c4Solver) keepsValue(p c4Pos, col, v int, kind string) bool {
	q, w, over, ok := geoAfterMove(s.g, p, col)
	if !ok || over {
		return ok && w == v
	}
	r := s.probeChild(q, col, -v, kind)
	return !s.stopped() && r <= -v
}

// probeRoot is the search of the position p with the null window
// (med, med+1), noted for -trace with its tree.
func (s *c4Solver) probeRoot(p c4Pos, med int) int {
	tr := s.main.tr
	if tr == nil {
		return s.search(p, med, med+1)
	}
	tr.restart()
	n := s.nodes()
	r := s.search(p, med, med+1)
	tr.probe("position", med, med+1, r, s.nodes()-n)
	return r
}

// probeChild is window(q, a, a+1) of the position q after col, noted for
// -trace as a probe of kind without its tree: the root probes' tree is
// the one shown.
func (s *c4Solver) probeChild(q c4Pos, col, a int, kind string) int {
	if s.main.tr == nil {
		return s.window(q, a, a+1)
	}
	label := fmt.Sprintf("column %d", col+1)
	if kind == "line" {
		label = fmt.Sprintf("line, stone %d: column %d", q.moves, col+1)
	}
	return s.probeNoted(q, label, a)
}

// probeNoted is window(q, a, a+1) noted for -trace as a probe named
// label, without its tree.
func (s *c4Solver) probeNoted(q c4Pos, label string, a int) int {
	n := s.nodes()
	r := s.main.untraced(func() int { return s.window(q, a, a+1) })
	// The window and answer are the opponent's: the mover's are their
	// negation.
	s.main.tr.probe(label, -a-1, -a, -r, s.nodes()-n)
	return r
}

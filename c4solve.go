package main

import "fmt"

// Exact scores from null-window searches: the driver that narrows a
// position's score to one value, and the best move that keeps it.

// window scores any unfinished position within (alpha, beta), with the
// same meaning of the answer as negamax.
func (s *c4Solver) window(p c4Pos, alpha, beta int) int {
	switch {
	case p.canWinNext():
		return p.winScore()
	case p.moves >= c4Cells-1:
		return 0 // the last stone cannot win
	}
	return s.search(p, alpha, beta)
}

// solve returns the exact score of an unfinished position by null-window
// searches that narrow the interval of possible scores (see nextProbe).
func (s *c4Solver) solve(p c4Pos) int {
	if p.canWinNext() {
		return p.winScore()
	}
	if p.moves >= c4Cells-1 {
		return 0
	}
	lo, hi := -(c4Cells-p.moves)/2, (c4Cells+1-p.moves)/2
	if b, ok := s.book.lookup(bookKey(p)); ok {
		return int(b.score)
	}
	for lo < hi && !s.stopped {
		med := nextProbe(lo, hi)
		if r := s.probeRoot(p, med); r <= med {
			hi = r
		} else {
			lo = r
		}
	}
	return lo
}

// nearScores is the width of the interval of possible scores below which
// solve stops halving it (see nextProbe).
const nearScores = 8

// nextProbe is the score med whose null window (med, med+1) solve
// searches next when the score lies in [lo, hi]. While the interval is
// wide it is halved, towards the ends first as in the tutorial (far from
// the score, a search is cheap and removes much). Near the score the
// searches are the dearest, and halving would ask about scores on both
// sides of it: there it asks the score's sign, then steps from the side
// it lies on, so that a score of 1 costs only the windows (0, 1) and
// (1, 2). On the empty board this saved the windows (2, 3) and (-1, 0),
// 17% of the nodes; the benchmark sets took as many nodes or fewer.
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
	cell := p.column(col)
	if cell == 0 {
		return 0, false
	}
	if c4Aligned(p.cur | cell) {
		return p.winScore(), true
	}
	q := p.play(cell)
	if q.moves == c4Cells {
		return 0, true
	}
	return -s.solve(q), true
}

// bestMove returns the exact score of p and the most central column that
// keeps it.
func (s *c4Solver) bestMove(p c4Pos) (Move, int) {
	if b, ok := s.book.lookup(bookKey(p)); ok {
		return bookMove(p, b), int(b.score)
	}
	for _, col := range c4Order {
		if cell := p.column(col); cell != 0 && c4Aligned(p.cur|cell) {
			return Move(col), p.winScore()
		}
	}
	v := s.solve(p)
	fallback := NoMove
	for _, col := range c4Order {
		cell := p.column(col)
		if cell == 0 {
			continue
		}
		if fallback == NoMove {
			fallback = Move(col)
		}
		q := p.play(cell)
		if q.moves == c4Cells {
			if v == 0 {
				return Move(col), v
			}
			continue
		}
		// The child scores at least -v for the opponent; it keeps v
		// exactly when it scores no more.
		r := s.probeChild(q, col, -v)
		if s.stopped {
			break // a cut-short window proves nothing
		}
		if r <= -v {
			return Move(col), v
		}
	}
	return fallback, v
}

// probeRoot is the search of the position p with the null window
// (med, med+1), noted for -trace with its tree.
func (s *c4Solver) probeRoot(p c4Pos, med int) int {
	if s.tr == nil {
		return s.search(p, med, med+1)
	}
	s.tr.restart()
	n := s.nodes
	r := s.search(p, med, med+1)
	s.tr.probe("position", med, med+1, r, s.nodes-n)
	return r
}

// probeChild is window(q, a, a+1) of the position q after col, noted for
// -trace without its tree: the root probes' tree is the one shown.
func (s *c4Solver) probeChild(q c4Pos, col, a int) int {
	if s.tr == nil {
		return s.window(q, a, a+1)
	}
	return s.probeNoted(q, fmt.Sprintf("column %d", col+1), a)
}

// probeNoted is window(q, a, a+1) noted for -trace as a probe named
// label, without its tree.
func (s *c4Solver) probeNoted(q c4Pos, label string, a int) int {
	tr := s.tr
	s.tr = nil
	n := s.nodes
	r := s.window(q, a, a+1)
	s.tr = tr
	// The window and answer are the opponent's: the mover's are their
	// negation.
	tr.probe(label, -a-1, -a, -r, s.nodes-n)
	return r
}

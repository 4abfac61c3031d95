package main

import (
	"context"
	"sync"
)

// The solver bot and the hint on boards other than 7x6: each bot keeps a
// solver of its own (the c4Any table takes no second thread), searching
// from scratch (no book) on one thread, and the hint and -analyze one of
// the run's.

// anyShare is the run's solver for hints and -analyze -scores, of the
// last size asked about; mu keeps one search at a time on it.
type anyShare struct {
	mu sync.Mutex
	s  *c4Any
}

// anyShareKey names the run's anyShare in its registry.
const anyShareKey = "connect4 other sizes' solver"

// anySolverFor returns s if it is a solver of board g, else a new one.
func anySolverFor(s *c4Any, g *c4Geom) *c4Any {
	if s != nil && s.g == g {
		return s
	}
	return newC4Any(g, anyTableBits(g))
}

// anyTableBits sizes the table to the board: 2^(cells-10) entries, at
// least 2^12, and at most 64 MiB (entries of 16 bytes, half as many as
// the 7x6 table's 8-byte ones). A small board's search would spend most
// of its time on the page faults of a table far larger than its tree.
func anyTableBits(g *c4Geom) int { return max(12, min(ttBits-1, g.cells-10)) }

// c4AnyProver is a solver of another size as the clock's prover.
type c4AnyProver struct{ s *c4Any }

// known bounds col's score by the rules and the table.
func (pr c4AnyProver) known(gp guessPos, col int) (lo, hi int, ok bool) {
	s, g, p := pr.s, pr.s.g, c4AnyPos(gp)
	cell := g.possible(p.mask) & g.column[col]
	switch {
	case cell == 0:
		return 0, 0, false
	case g.aligned(p.cur | cell):
		return s.winScore(p), s.winScore(p), true
	}
	q := p.play(cell)
	switch {
	case q.moves == g.cells:
		return 0, 0, true
	case s.canWinNext(q):
		return -s.winScore(q), -s.winScore(q), true
	}
	qlo, qhi := s.lossScore(q), (g.cells-1-q.moves)/2
	if tlo, thi, _, ok := s.probe(q.key()); ok {
		qlo, qhi = max(qlo, tlo), min(qhi, thi)
	}
	return -qhi, -qlo, true
}

// probe is the null-window search of the position col leaves.
func (pr c4AnyProver) probe(ctx context.Context, gp guessPos, col, a int) (int, bool) {
	s, p := pr.s, c4AnyPos(gp)
	q := p.play(s.g.possible(p.mask) & s.g.column[col])
	s.ctx, s.stopped = ctx, false
	r := s.window(q, a, a+1)
	return r, !s.stopped
}

// exact is the untimed decision: the exact score, the most central move
// that keeps it, and the line expected.
func (pr c4AnyProver) exact(ctx context.Context, gp guessPos) (Decision, bool) {
	s, p := pr.s, c4AnyPos(gp)
	s.ctx, s.stopped = ctx, false
	m, v := s.bestMove(p)
	if s.stopped {
		return Decision{}, false
	}
	d := Decision{Move: m, Stats: Stats{Score: v, Exact: true, Depth: c4AnyPlies(s.g.cells, v, p.moves), Nodes: s.nodes}}
	d.PV = s.line(p, m, v)
	return d, true
}

// line is the line expected after col keeps p's exact score v.
func (pr c4AnyProver) line(ctx context.Context, gp guessPos, col, v int) []Move {
	pr.s.ctx, pr.s.stopped = ctx, false
	return pr.s.line(c4AnyPos(gp), Move(col), v)
}

// proved is what the table proves of a position's class.
func (pr c4AnyProver) proved(gp guessPos) (int, bool) {
	lo, hi, _, ok := pr.s.probe(gp.cur + gp.mask)
	switch {
	case !ok:
		return 0, false
	case lo > 0:
		return 1, true
	case hi < 0:
		return -1, true
	case lo == 0 && hi == 0:
		return 0, true
	}
	return 0, false
}

// nodes is the solver's node count.
func (pr c4AnyProver) nodes() int64 { return pr.s.nodes }

// anyColumnScores is c4ColumnScores on a board other than 7x6: every
// column's exact score for the side to move, nil for a full column, on
// one thread, with the solver of reg's run; stopped says ctx ended the
// search first.
func anyColumnScores(ctx context.Context, reg *registry, c *ConnectFour) (scores []*int, stopped bool) {
	sh := reg.shared(anyShareKey, func() any { return new(anyShare) }).(*anyShare)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.s = anySolverFor(sh.s, c.geo)
	s := sh.s
	s.ctx, s.stopped = ctx, false
	defer func() { s.ctx = nil }()
	p := c4AnyPosOf(c)
	scores = make([]*int, c.geo.width)
	for col := range scores {
		if v, ok := s.childScore(p, col); ok && !c.Over() && !s.stopped {
			scores[col] = &v
		}
	}
	return scores, s.stopped
}

// c4AnyPlies is how many more stones the principal line of a position
// with n stones and score v lays down on a board of cells cells: a win
// with score v falls on the first stone of the winner's that leaves that
// score ((cells+1-m)/2 with m stones before it), a draw fills the board.
func c4AnyPlies(cells, v, n int) int {
	if v == 0 {
		return cells - n
	}
	first, want := n, v // the mover's stones fall on n, n+2, ...
	if v < 0 {
		first, want = n+1, -v
	}
	for m := first; m < cells; m += 2 {
		if (cells+1-m)/2 == want {
			return m + 1 - n
		}
	}
	return cells - n // no such stone: not a score of this board
}

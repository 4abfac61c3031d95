package main

import (
	"context"
	"sync"
	"time"
)

// The solver bot and the hint on boards other than 7x6: one c4Any at a
// time, shared as the 7x6 solver is, searching from scratch (no book) on
// one thread.

// anyShared is the solver of the last size played, made on first use and
// remade when the size changes; mu keeps one search at a time on it.
var anyShared struct {
	mu sync.Mutex
	s  *c4Any
}

// anySolver returns the shared solver for board g, its table empty if the
// size changed; the caller holds anyShared.mu.
func anySolver(g *c4Geom) *c4Any {
	if anyShared.s == nil || anyShared.s.g != g {
		anyShared.s = nil // let the old table go before the new one is made
		anyShared.s = newC4Any(g, anyTableBits(g))
	}
	return anyShared.s
}

// anyTableBits sizes the table to the board: 2^(cells-10) entries, at
// least 2^12, and at most 64 MiB (entries of 16 bytes, half as many as
// the 7x6 table's 8-byte ones). A small board's search would spend most
// of its time on the page faults of a table far larger than its tree.
func anyTableBits(g *c4Geom) int { return max(12, min(ttBits-1, g.cells-10)) }

// thinkAny is SolverBot.Think on a board other than 7x6: the exact score
// and the most central move that keeps it, within the budget's time. Its
// nodes and time are the solve's; the expected line after it costs a few
// more searches, not counted. Out of time, it plays the most central move
// that does not lose at once, with no score.
func thinkAny(ctx context.Context, c *ConnectFour, budget Budget) Decision {
	start := time.Now()
	d := Decision{Move: NoMove}
	if c.Over() {
		return d
	}
	ctx, cancel := withBudget(ctx, budget)
	defer cancel()
	anyShared.mu.Lock()
	defer anyShared.mu.Unlock()
	s := anySolver(c.geo)
	s.ctx, s.stopped, s.nodes = ctx, false, 0
	defer func() { s.ctx = nil }()
	p := c4AnyPosOf(c)
	m, v := s.bestMove(p)
	d.Nodes, d.Time = s.nodes, time.Since(start)
	if s.stopped {
		d.Move = anySafeMove(c.geo, p)
		return d
	}
	d.Move, d.Score, d.Exact = m, v, true
	d.Depth = c4AnyPlies(c.geo.cells, v, p.moves)
	d.PV = s.line(p, m, v)
	return d
}

// anySafeMove is the most central move that wins at once or does not let
// the opponent win at once, else the most central open column.
func anySafeMove(g *c4Geom, p c4AnyPos) Move {
	next := g.possible(p.mask)
	oppWin := g.winningCells(p.cur^p.mask, p.mask)
	any := NoMove
	for _, col := range g.order {
		cell := next & g.column[col]
		if cell == 0 {
			continue
		}
		if any == NoMove {
			any = Move(col)
		}
		if g.aligned(p.cur|cell) || (oppWin&next&^cell == 0 && oppWin&(cell<<1) == 0) {
			return Move(col)
		}
	}
	return any
}

// anyColumnScores is c4ColumnScores on a board other than 7x6: every
// column's exact score for the side to move, nil for a full column, on
// one thread; stopped says ctx ended the search first.
func anyColumnScores(ctx context.Context, c *ConnectFour) (scores []*int, stopped bool) {
	anyShared.mu.Lock()
	defer anyShared.mu.Unlock()
	s := anySolver(c.geo)
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

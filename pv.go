package main

import (
	"context"
	"fmt"
	"strings"
)

// The expected line (principal variation) of the specialised searches,
// read back from their tables after a search, and the scores of every
// game in words for a person (SPEC: "Seeing inside a search"). The
// generic minimax and alpha-beta keep their line themselves, in a
// triangular array (see searcher.pv).

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
	key, flip := canonical(p.key())
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
		if hi, ok := s.upperBound(p.play(cell)); ok && hi <= -v {
			return Move(col), true
		}
	}
	return NoMove, false
}

// upperBound is the most the side to move in q can score, as far as the
// rules, the book and the table know without searching. The early
// answers follow the solver's window and negamax, which store nothing
// for them.
func (s *c4Solver) upperBound(q c4Pos) (int, bool) {
	switch {
	case q.canWinNext():
		return q.winScore(), true
	case q.moves >= c4Cells-1:
		return 0, true
	}
	if e, ok := s.book.lookup(bookKey(q)); ok {
		return int(e.score), true
	}
	next := q.possible()
	oppWin := winningCells(q.cur^q.mask, q.mask)
	if forced := next & oppWin; forced != 0 {
		if forced&(forced-1) != 0 {
			return -(c4Cells - q.moves) / 2, true // two threats: one gets through
		}
		next = forced
	}
	if next&^(oppWin>>1) == 0 {
		return -(c4Cells - q.moves) / 2, true // every move lets the opponent win
	}
	if q.moves >= c4Cells-2 {
		return 0, true
	}
	key, _ := canonical(q.key())
	if _, hi, _, ok := s.probe(key); ok {
		return hi, true
	}
	return 0, false
}

// adjExpectedLine is the line Adjacency's search s expects from a after
// it chose first at depth plies: each next move is the table's best move
// for the position at the depth the search left for it (or deeper: an
// unfinished deeper iteration may have overwritten it, with a better
// guess), checked legal. The tables keep no position within two plies of
// the horizon, so the line stops there at the latest.
func adjExpectedLine(s *adjSearch, a *Adjacency, first Move, depth int) []Move {
	me, opp := a.marks[a.Turn()], a.marks[a.Turn().Other()]
	if depth < 1 || first < 0 || first >= 64 || (me|opp)&(1<<uint(first)) != 0 {
		return nil
	}
	line := []Move{first}
	ply, plies := len(a.history)+1, 2*a.rounds
	me, opp = adjAfter(me, opp, first)
	me, opp = opp, me
	for left := depth - 1; left > 0 && ply < plies; left-- {
		want := min(left, plies-ply)
		key, mirrored := s.key(me, opp)
		e, ok := s.table(want).probe(key)
		if !ok || e.move < 0 || int(e.depth) < want {
			break
		}
		if mirrored {
			e.move = adjMirrorCell(e.move)
		}
		m := Move(e.move)
		if (me|opp)&(1<<uint(m)) != 0 {
			break
		}
		line = append(line, m)
		me, opp = adjAfter(me, opp, m)
		me, opp = opp, me
		ply++
	}
	return line
}

// Scores in words: each game's describe says what a decision's score
// means for the side to move, exactly where the search reached the end of
// the game and as the evaluation's guess where it did not.

// endsGame reports whether playing the line out on a copy of g ends the
// game, every move legal.
func endsGame(g Game, line []Move) bool {
	if len(line) == 0 {
		return false
	}
	p := g.Clone()
	for _, m := range line {
		legal := false
		for _, l := range p.Moves(nil) {
			legal = legal || l == m
		}
		if !legal {
			return false
		}
		p.Play(m)
	}
	return p.Over()
}

// inPlies words a won or lost end so many plies away.
func inPlies(score, plies int) string {
	switch {
	case score > 0:
		return "wins in " + plural(plies, "ply", "plies")
	case score < 0:
		return "loses in " + plural(plies, "ply", "plies")
	}
	return "draw"
}

// tttDescribe: a Tic-Tac-Toe score is exact when the line ends the game
// (10 minus the plies to a win); otherwise it counts open lines.
func tttDescribe(g Game, d Decision) string {
	if endsGame(g, d.PV) {
		return inPlies(d.Score, tttWin-max(d.Score, -d.Score))
	}
	return fmt.Sprintf("%+d by the open-lines count, a guess from depth %d", d.Score, d.Depth)
}

// c4Describe: the solver's scores are exact (22 minus the winner's stone
// count), the plies to the end following from the score; the seed's
// alpha-beta and minimax score wins and losses as ±512 and guess the rest,
// on a scale whose small values look like the solver's.
func c4Describe(g Game, d Decision) string {
	switch {
	case d.Exact:
		return inPlies(d.Score, plies(d.Score, len(g.History())))
	case endsGame(g, d.PV):
		return inPlies(d.Score, len(d.PV))
	}
	return fmt.Sprintf("%+d by the seed's line count, a guess from depth %d", d.Score, d.Depth)
}

// adjDescribe: an Adjacency score is the mark margin, exact once the
// search reached the last round, otherwise the course's objective. A
// search that proved the result but had no time left to find its margin
// says so: its score is the result's smallest margin.
func adjDescribe(g Game, d Decision) string {
	a := g.(*Adjacency)
	if d.Depth >= 2*a.rounds-len(a.history) {
		least := ""
		if !d.Exact {
			least = "at least "
		}
		switch {
		case d.Score > 0:
			return "wins by " + least + plural(d.Score, "mark", "marks")
		case d.Score < 0:
			return "loses by " + least + plural(-d.Score, "mark", "marks")
		}
		return "draw"
	}
	return fmt.Sprintf("%+d by the course's objective, a guess from depth %d", d.Score, d.Depth)
}

// moveScores lists every legal move of g with its exact score in words,
// each searched to the end by alpha-beta with a full window (so each
// score, not only the best, is exact): affordable in Tic-Tac-Toe.
func moveScores(ctx context.Context, g Game, describe func(Game, Decision) string) string {
	s := &searcher{ctx: ctx, prune: true, toEnd: true}
	p := g.Clone()
	var b strings.Builder
	b.WriteString("every move:")
	for _, m := range p.Moves(nil) {
		p.Play(m)
		v := -s.negamax(p, infinity, 1, -infinity, infinity)
		line := append([]Move{m}, s.line(1)...)
		p.Undo()
		fmt.Fprintf(&b, "\n  %s  %s", p.FormatMove(m), describe(p, Decision{Move: m, Stats: Stats{Score: v, PV: line}}))
	}
	return b.String()
}

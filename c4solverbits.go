package main

import "math/bits"

// The solver's bit operations on a board of any size (c4Geom), for the
// position c4Pos, their shifts from the column height at run time. On
// 7x6 the search runs its versions on constants instead (c4solverpos.go,
// c4solverbounds.go; see c4Ops in c4solverstate.go).

// geoThreats is winningCells on any board: three stones in a line with
// the cell at an end or inside, up or along the three other lines.
// Written out, as winningCells is, with the shifts of the height's
// lines: a loop over the lines took more instructions
// (docs/search-notes.md, "One solver for every board").
func geoThreats(g *c4Geom, b, mask uint64) uint64 {
	r := (b << 1) & (b << 2) & (b << 3) // vertical: three stones below
	r |= fourCells(b, g.sh)
	r |= fourCells(b, g.shDown)
	r |= fourCells(b, g.shUp)
	return r & (g.full ^ mask)
}

// fourCells is the cells that would complete four of the stones b along
// the line of shift d (in 1..63): three stones next to them, or two and
// one on either side. Each shift is by d again, not by 2d or 3d: a
// variable shift takes its count in one register (CX), which then need
// not change.
func fourCells(b uint64, d uint) uint64 {
	d &= 63
	l1, r1 := b<<d, b>>d
	l2, r2 := l1<<d, r1>>d
	l3, r3 := l2<<d, r2>>d
	return l1&l2&(l3|r1) | r1&r2&(l1|r3)
}

// geoPossible is the cells where a stone can go now.
func geoPossible(g *c4Geom, p c4Pos) uint64 { return (p.mask + g.bottom) & g.full }

// geoCell is where a stone dropped into col lands, 0 if the column is full.
func geoCell(g *c4Geom, p c4Pos, col int) uint64 { return geoPossible(g, p) & g.column[col] }

// geoAfterMove is col played in p by the rules alone: ok is false for a
// full column; over says the stone ends the game, v being the mover's
// score (its win, or 0 when it fills the board); else q is the position
// it leaves, for a search.
func geoAfterMove(g *c4Geom, p c4Pos, col int) (q c4Pos, v int, over, ok bool) {
	cell := geoCell(g, p, col)
	switch {
	case cell == 0:
		return p, 0, false, false
	case g.aligned(p.cur | cell):
		return p, geoWinScore(g, p), true, true
	case p.moves+1 == g.cells:
		return p, 0, true, true
	}
	return p.play(cell), 0, false, true
}

// geoWinScore is the score of winning with the next stone, lossScore of
// losing to the opponent's next stone: a win whose last stone falls on
// n stones scores (cells+1-n)/2.
func geoWinScore(g *c4Geom, p c4Pos) int { return (g.cells + 1 - p.moves) / 2 }

// geoLossScore: see winScore.
func geoLossScore(g *c4Geom, p c4Pos) int { return -(g.cells - p.moves) / 2 }

// fourEnds marks the end (highest bit) of each four in a row of b along
// shift d.
func fourEnds(b uint64, d uint) uint64 {
	d &= 63
	p := b & (b >> d >> d)
	return p & (p >> d) << d << d << d
}

// geoFirstFour is c4FirstFour on any board.
func geoFirstFour(g *c4Geom, a, b uint64) bool {
	if v := a & (a >> 1); v&(v>>2) != 0 {
		return true
	}
	return fourEnds(a, g.sh)&(fourEnds(b, g.sh)-g.below) != 0 ||
		fourEnds(a, g.shDown)&(fourEnds(b, g.shDown)-g.below) != 0 ||
		fourEnds(a, g.shUp)&(fourEnds(b, g.shUp)-g.below) != 0
}

// geoMirror is mirror on any board: each pair of columns c and
// width-1-c swapped, the middle one of an odd width kept.
func geoMirror(g *c4Geom, k uint64) uint64 {
	m := k & g.middle
	for _, sw := range g.swaps {
		m |= (k&sw.left)<<(sw.shift&63) | (k>>(sw.shift&63))&sw.left
	}
	return m
}

// geoTableKey is tableKey on any board.
func geoTableKey(g *c4Geom, p c4Pos, merge bool) (uint64, bool) {
	k := p.key()
	if m := geoMirror(g, k); merge && m < k {
		return m, true
	}
	return k, false
}

// geoFlipCol mirrors a column when flip is set (-1 stays -1).
func geoFlipCol(g *c4Geom, col int, flip bool) int {
	if flip && col >= 0 {
		return g.width - 1 - col
	}
	return col
}

// geoThreatScore ranks a move by the threats it leaves the mover (threats,
// the cells where its next stone would make four; mask, the stones
// after the move). Every threat counts, and two kinds count more: one
// the opponent must block at once (it is playable now, so the reply is
// forced, and forced lines are the cheapest to search), and one just
// above a playable cell (the opponent may not play under it, so it takes
// a column away). The weights are settings (threatAny, threatNow,
// threatAbove in c4solversettings.go).
func geoThreatScore(g *c4Geom, threats, mask uint64) int {
	now := (mask + g.bottom) & g.full
	return threatAny*bits.OnesCount64(threats) + threatNow*bits.OnesCount64(threats&now) + threatAbove*bits.OnesCount64(threats&(now<<1))
}

// geoNonLosing is the moves of p that do not lose at once, given the
// opponent's threats: none when the opponent has two immediate wins (one
// gets through) or its one immediate win lies under another threat;
// only the block of its one immediate win; else every move but those
// right under an opponent's threat.
func geoNonLosing(g *c4Geom, p c4Pos, threats uint64) uint64 {
	next := geoPossible(g, p)
	wins := next & threats
	safe := next &^ (threats >> 1)
	if wins != 0 {
		if wins&(wins-1) != 0 {
			return 0
		}
		return wins & safe
	}
	return safe
}

package main

import "math/bits"

// c4Sorter holds a solver node's moves in the order they are tried and
// hands them out one at a time, in two stages, like the public solver's
// MoveSorter (to which the second stage is our addition):
//
//  1. sorted: every move, best first. The table's move leads (the
//     null-window iterations revisit the same tree, and the move that
//     settled a position last time usually settles it again); the rest
//     follow by the threats they create, centre first among equals.
//  2. later: the moves stage 1 put off because another thread was
//     searching their position (see c4parallel.go). By the time the
//     others are done, that thread's result is usually in the table.
//
// At most seven moves, so an insertion sort as they are listed; the
// sorter lives on the searching function's stack.
type c4Sorter struct {
	entries [c4Width]c4Move // stage 1, best first
	n       int             // moves listed
	k       int             // moves picked or put off so far, both stages

	// Stage 1 hands out its first free moves without a look (all of them
	// unless watch was called); a later one whose position busy marks,
	// it puts off to stage 2: later holds their indices into entries,
	// nLater their number.
	free   int
	busy   *busySet
	merge  bool // busy marks mirror images as one (the solver's tuning)
	later  [c4Width]int
	nLater int
}

// c4Move is one listed move: its cell, its column and the score that
// ranks it.
type c4Move struct {
	cell  uint64
	col   int
	score int
}

// c4TableMoveScore ranks the table's move above any other, whose score
// counts cells of the board (42 at most).
const c4TableMoveScore = 1000

// c4OrderMasks are the columns' cells in c4Order.
var c4OrderMasks = func() (m [c4Width]uint64) {
	for i, col := range c4Order {
		m[i] = c4ColumnMask(col)
	}
	return m
}()

// list sorts the moves of p to the cells next (a subset of p.possible()),
// the table's move tableMove (a column, -1 for none) first. A move's
// threats (see threatScore) rank the others: the more, the likelier the
// opponent runs out of answers.
func (m *c4Sorter) list(p c4Pos, next uint64, tableMove int) {
	for j, colMask := range c4OrderMasks {
		cell := next & colMask
		if cell == 0 {
			continue
		}
		score := c4TableMoveScore
		if c4Order[j] != tableMove {
			score = threatScore(p, cell)
		}
		m.add(c4Move{cell, c4Order[j], score})
	}
	m.free = m.n
}

// add inserts a move behind those of its score or more, so that equals
// keep the order they came in (centre first).
func (m *c4Sorter) add(mv c4Move) {
	i := m.n
	for ; i > 0 && m.entries[i-1].score < mv.score; i-- {
		m.entries[i] = m.entries[i-1]
	}
	m.entries[i] = mv
	m.n++
}

// watch makes stage 1 put off any move but the first whose position
// busy marks. The first is searched at once, as in ABDADA, for the bound
// it gives the others. merge is the solver's tableKey choice, which
// made the marks' keys.
func (m *c4Sorter) watch(busy *busySet, merge bool) {
	m.busy, m.merge, m.free = busy, merge, min(m.n, 1)
}

// pick returns the index into entries of the next move to search from p,
// -1 once both stages are through. Picking a free move is kept small
// enough to inline: it is the common case (always, with one thread), and
// the solver picks every move it searches.
func (m *c4Sorter) pick(p c4Pos) int {
	if m.k < m.free {
		m.k++
		return m.k - 1
	}
	return m.pickWatched(p)
}

// pickWatched is pick past the free moves: the rest of stage 1, looking
// at the busy marks, then stage 2.
func (m *c4Sorter) pickWatched(p c4Pos) int {
	for m.k < m.n {
		i := m.k
		m.k++
		if key, _ := tableKey(p.play(m.entries[i].cell), m.merge); !m.busy.has(key) {
			return i
		}
		m.later[m.nLater] = i
		m.nLater++
	}
	if j := m.k - m.n; j < m.nLater {
		m.k++
		return m.later[j]
	}
	return -1
}

// threatScore ranks the move to cell by the threats it leaves the mover:
// the cells where its next stone would make four. Every threat counts,
// and two kinds count more: one the opponent must block at once (it is
// playable now, so the reply is forced, and forced lines are the
// cheapest to search), and one just above a playable cell (the opponent
// may not play under it, so it takes a column away). The weights 2, 3
// and 4 did best on the benchmark sets (the threats' count alone needed
// 25% more nodes on Begin-Medium, 21% on Middle-Medium).
func threatScore(p c4Pos, cell uint64) int {
	mask := p.mask | cell
	threats := winningCells(p.cur|cell, mask)
	now := (mask + c4Bottom) & c4Full
	return 2*bits.OnesCount64(threats) + 3*bits.OnesCount64(threats&now) + 4*bits.OnesCount64(threats&(now<<1))
}

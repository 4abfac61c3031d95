package main

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Adjacency is the Adjacency Strategy Game of seed 002 with the rules of
// the 2023 course template (docs/history.md): an 8x8 board, cell row*8+col, rows 0..7
// top to bottom. Each side's marks are one 64-bit mask, bit i for cell i,
// so a move with all its flips is a handful of shifts and masks.
type Adjacency struct {
	marks   [3]uint64 // indexed by Side; marks[Nobody] is unused
	rounds  int       // the game lasts 2*rounds plies
	history []Move
	flipped []uint64 // per ply, the enemy marks the move turned, for Undo
}

// Board geometry as masks.
const (
	fileA = 0x0101010101010101 // column 0
	fileH = 0x8080808080808080 // column 7
	// The start marks: X on (6,0), (6,1), (7,0), (7,1); O on (0,6), (0,7),
	// (1,6), (1,7).
	adjStartX = 1<<48 | 1<<49 | 1<<56 | 1<<57
	adjStartO = 1<<6 | 1<<7 | 1<<14 | 1<<15
)

// Rounds a game may last: 2 is the template's least, 28 fills the board.
const (
	adjMinRounds = 2
	adjMaxRounds = 28
)

// NewAdjacency returns the start position of a game of the given rounds.
// The caller (the -rounds flag) checks the range; out-of-range values are
// clamped so that the game stays playable.
func NewAdjacency(rounds int) *Adjacency {
	rounds = max(adjMinRounds, min(adjMaxRounds, rounds))
	a := &Adjacency{rounds: rounds}
	a.marks[X], a.marks[O] = adjStartX, adjStartO
	return a
}

// adjNeighbours is the set of cells orthogonally next to some cell of m;
// the masks stop a shift along a row from wrapping into the next row.
func adjNeighbours(m uint64) uint64 {
	return (m<<1)&^fileA | (m>>1)&^fileH | m<<8 | m>>8
}

// adjFlips is what a mark on cell c turns: the enemy marks next to it.
func adjFlips(c Move, enemy uint64) uint64 {
	return adjNeighbours(1<<uint(c)) & enemy
}

// adjAfter is both sides' marks after the mover, holding me, marks cell m
// against enemy: the search's make-move, with no undo needed.
func adjAfter(me, enemy uint64, m Move) (uint64, uint64) {
	f := adjFlips(m, enemy)
	return me | 1<<uint(m) | f, enemy &^ f
}

// Turn is X after an even number of plies.
func (a *Adjacency) Turn() Side {
	if len(a.history)%2 == 0 {
		return X
	}
	return O
}

// RoundsLeft is the rounds not yet completed: a round counts as left until
// O has answered in it. This is the template's "Number Of Rounds Left"
// label, ceil(plies left / 2).
func (a *Adjacency) RoundsLeft() int { return a.rounds - len(a.history)/2 }

// PliesLeft is the single moves still to come, 2*rounds minus those
// played: the objective's M (see adjEvaluate).
func (a *Adjacency) PliesLeft() int { return 2*a.rounds - len(a.history) }

// Count is the number of marks of s.
func (a *Adjacency) Count(s Side) int { return bits.OnesCount64(a.marks[s]) }

// at is the mark in cell, Nobody when it is empty.
func (a *Adjacency) at(cell int) Side {
	switch {
	case a.marks[X]&(1<<uint(cell)) != 0:
		return X
	case a.marks[O]&(1<<uint(cell)) != 0:
		return O
	}
	return Nobody
}

// Moves lists the empty cells in scan order, 0..63: left to right, top to
// bottom, the order of seed 002's local search.
func (a *Adjacency) Moves(buf []Move) []Move {
	buf = buf[:0]
	if a.Over() {
		return buf
	}
	for e := ^(a.marks[X] | a.marks[O]); e != 0; e &= e - 1 {
		buf = append(buf, Move(bits.TrailingZeros64(e)))
	}
	return buf
}

// Play puts the mover's mark on cell m and turns the enemy marks next to it.
func (a *Adjacency) Play(m Move) {
	me, enemy := a.Turn(), a.Turn().Other()
	f := adjFlips(m, a.marks[enemy])
	a.marks[me] |= 1<<uint(m) | f
	a.marks[enemy] &^= f
	a.history = append(a.history, m)
	a.flipped = append(a.flipped, f)
}

// Undo takes the last mark off and turns its flips back.
func (a *Adjacency) Undo() {
	n := len(a.history) - 1
	m, f := a.history[n], a.flipped[n]
	a.history, a.flipped = a.history[:n], a.flipped[:n]
	me, enemy := a.Turn(), a.Turn().Other()
	a.marks[me] &^= 1<<uint(m) | f
	a.marks[enemy] |= f
}

// History is the cells marked so far.
func (a *Adjacency) History() []Move { return a.history }

// Over: every round has been played (28 rounds also fill the board).
func (a *Adjacency) Over() bool { return len(a.history) >= 2*a.rounds }

// Winner is the side with more marks; Nobody on a tie or before the end.
func (a *Adjacency) Winner() Side {
	if !a.Over() {
		return Nobody
	}
	switch d := a.Final(X); {
	case d > 0:
		return X
	case d < 0:
		return O
	}
	return Nobody
}

// Final is seed 002's objective of a complete state, N_s - N_enemy.
func (a *Adjacency) Final(s Side) int {
	return bits.OnesCount64(a.marks[s]) - bits.OnesCount64(a.marks[s.Other()])
}

// Utility: the margin counts, so a search maximises it rather than the
// quickest win.
func (a *Adjacency) Utility() Utility { return Utility{Margin: true, Max: 64} }

// Key mixes both masks and the game length (which fixes how many plies
// are left and so what a position is worth); the side to move follows
// from the number of marks.
func (a *Adjacency) Key() uint64 { return adjKey(a.marks[X], a.marks[O], a.rounds) }

// adjKey hashes a position: each mask goes through a different odd
// multiplier and a xor-shift (the splitmix64 finaliser), enough to spread
// the masks of nearby positions over a table index. Key passes X's marks
// first, the search (adjSearch.key) the mover's: each is consistent
// within its own tables, and as the mover follows from the number of
// marks, no position has two keys in either.
func adjKey(x, o uint64, rounds int) uint64 {
	return mix64(x^0x9e3779b97f4a7c15) ^ mix64(o+0xbf58476d1ce4e5b9*uint64(rounds+1))*3
}

// mix64 is the splitmix64 finaliser, a bijection that scatters every input
// bit over the whole word.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Clone copies the board and its history.
func (a *Adjacency) Clone() Game {
	c := *a
	c.history = append([]Move(nil), a.history...)
	c.flipped = append([]uint64(nil), a.flipped...)
	return &c
}

// Render draws the numbered 8x8 grid, then both counts and the rounds left.
// In colour it marks the last move and the marks it turned.
func (a *Adjacency) Render(color bool) string {
	var last uint64
	if n := len(a.history); n > 0 {
		last = 1<<uint(a.history[n-1]) | a.flipped[n-1]
	}
	return renderGrid(8, 8, a.at, last, 0, color) + fmt.Sprintf("%s: %d  %s: %d  rounds left: %d\n",
		markText(X, "", color), a.Count(X), markText(O, "", color), a.Count(O), a.RoundsLeft())
}

// ParseMove accepts a cell number 0-63 or "row col". A comma separates
// cells in a record, so "3,4" is refused, not read as row 3, column 4.
func (a *Adjacency) ParseMove(s string) (Move, error) {
	if a.Over() {
		return NoMove, errGameOver
	}
	if strings.Contains(s, ",") {
		return NoMove, &moveError{what: quoteShort(s) + " is a record's cells", accept: `type one cell 0-63, or "row col" like "3 4"`}
	}
	return parseCell(s, 8, 8, func(c int) bool { return a.at(c) == Nobody })
}

// FormatMove writes the cell number.
func (a *Adjacency) FormatMove(m Move) string { return strconv.Itoa(int(m)) }

// moveGrid: a cell is a move, on the 8x8 grid (local search's walks).
func (a *Adjacency) moveGrid() (rows, cols int) { return 8, 8 }

// LastTurned is the cells the last move turned, for a board without
// colour (playmarks.go).
func (a *Adjacency) LastTurned() []Move {
	var cells []Move
	if n := len(a.flipped); n > 0 {
		for mask := a.flipped[n-1]; mask != 0; mask &= mask - 1 {
			cells = append(cells, Move(bits.TrailingZeros64(mask)))
		}
	}
	return cells
}

package main

import (
	"math/bits"
	"strconv"
)

// TicTacToe is the 3x3 game of seeds 000, 001 and 003. Each side's marks are
// a 9-bit mask, bit i for cell i.
type TicTacToe struct {
	marks   [3]uint16 // indexed by Side; marks[Nobody] is unused
	history []Move
}

// tttLines are the eight winning lines as cell masks.
var tttLines = [8]uint16{
	0007, 0070, 0700, // rows
	0111, 0222, 0444, // columns
	0421, 0124, // diagonals
}

// NewTicTacToe returns the empty board.
func NewTicTacToe() *TicTacToe { return &TicTacToe{} }

// Turn is X after an even number of moves.
func (t *TicTacToe) Turn() Side {
	if len(t.history)%2 == 0 {
		return X
	}
	return O
}

// at is the mark in cell, Nobody when it is empty.
func (t *TicTacToe) at(cell int) Side {
	switch {
	case t.marks[X]&(1<<cell) != 0:
		return X
	case t.marks[O]&(1<<cell) != 0:
		return O
	}
	return Nobody
}

// Moves lists the empty cells in cell order: among equally good moves the
// searches keep the first, the lowest cell, as seed 003's Java code does.
func (t *TicTacToe) Moves(buf []Move) []Move {
	buf = buf[:0]
	if t.Over() {
		return buf
	}
	for empty := ^(t.marks[X] | t.marks[O]) & 0777; empty != 0; empty &= empty - 1 {
		buf = append(buf, Move(bits.TrailingZeros16(empty)))
	}
	return buf
}

// Play marks cell m for the side to move.
func (t *TicTacToe) Play(m Move) {
	t.marks[t.Turn()] |= 1 << m
	t.history = append(t.history, m)
}

// Undo clears the last marked cell.
func (t *TicTacToe) Undo() {
	m := t.history[len(t.history)-1]
	t.history = t.history[:len(t.history)-1]
	t.marks[t.Turn()] &^= 1 << m
}

// History is the cells marked so far.
func (t *TicTacToe) History() []Move { return t.history }

// tttHasLine tells, for every 9-bit mask of one side's marks, whether it
// holds a full line: one lookup instead of eight tests on the search's
// hottest path.
var tttHasLine = func() (table [512]bool) {
	for mask := range table {
		for _, l := range tttLines {
			table[mask] = table[mask] || mask&int(l) == int(l)
		}
	}
	return table
}()

// Winner is the side with three in a row, if any. Play stops at the first
// line, so only the side that moved last can hold one.
func (t *TicTacToe) Winner() Side {
	if last := t.Turn().Other(); tttHasLine[t.marks[last]] {
		return last
	}
	return Nobody
}

// Over: a line is complete or the board is full.
func (t *TicTacToe) Over() bool {
	return len(t.history) == 9 || t.Winner() != Nobody
}

// tttWin is the seeds' score of a win (seeds 001 and 003 use 10).
const tttWin = 10

// Final is +10 for a win, -10 for a loss, 0 for a draw.
func (t *TicTacToe) Final(s Side) int {
	switch t.Winner() {
	case s:
		return tttWin
	case s.Other():
		return -tttWin
	}
	return 0
}

// Utility: Tic-Tac-Toe is won, lost or drawn, a win scoring 10.
func (t *TicTacToe) Utility() Utility { return Utility{Max: tttWin} }

// Key packs both masks; the side to move follows from them.
func (t *TicTacToe) Key() uint64 { return uint64(t.marks[X]) | uint64(t.marks[O])<<9 }

// Clone copies the board and its history.
func (t *TicTacToe) Clone() Game {
	c := *t
	c.history = append([]Move(nil), t.history...)
	return &c
}

// Render draws seed 003's grid; in colour it marks the last move and a
// winning line.
func (t *TicTacToe) Render(color bool) string {
	var last, win uint64
	if n := len(t.history); n > 0 {
		last = 1 << uint(t.history[n-1])
	}
	if w := t.Winner(); w != Nobody {
		for _, l := range tttLines {
			if t.marks[w]&l == l {
				win |= uint64(l)
			}
		}
	}
	return renderGrid(3, 3, t.at, last, win, color)
}

// ParseMove accepts a cell number 0-8 or "row col".
func (t *TicTacToe) ParseMove(s string) (Move, error) {
	if t.Over() {
		return NoMove, errGameOver
	}
	return parseCell(s, 3, 3, func(c int) bool { return t.at(c) == Nobody })
}

// FormatMove writes the cell number.
func (t *TicTacToe) FormatMove(m Move) string { return strconv.Itoa(int(m)) }

// moveGrid: a cell is a move, on the 3x3 grid (local search's walks).
func (t *TicTacToe) moveGrid() (rows, cols int) { return 3, 3 }

package main

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Side is a player's mark. X always moves first.
type Side int8

// The sides, and Nobody for an empty cell or a drawn game.
const (
	Nobody Side = iota
	X
	O
)

// Other returns the opponent of s (X for O, O for X).
func (s Side) Other() Side { return X + O - s }

func (s Side) String() string {
	switch s {
	case X:
		return "X"
	case O:
		return "O"
	}
	return "-"
}

// Move is a move in its game's own numbering: a Tic-Tac-Toe or Adjacency
// cell (row*width+col), a Connect Four column counted from 0.
type Move int

// NoMove stands for "no move": a finished position's best move.
const NoMove Move = -1

// Game is a position of a two-player, zero-sum game of perfect information,
// together with the moves that led to it. Every bot is written against this
// interface, so one minimax, one alpha-beta, one local search and one genetic
// search play every game.
//
// Scores are always from the point of view of the side passed in; the
// searches are negamax, so they ask for the side to move.
type Game interface {
	// Turn is the side to move.
	Turn() Side
	// Moves appends the legal moves to buf[:0] and returns it; none when the
	// game is over. Their order is the game's preferred search order.
	Moves(buf []Move) []Move
	// Play makes a legal move; Undo takes back the last one.
	Play(m Move)
	Undo()
	// History is the moves played from the start, oldest first.
	History() []Move
	// Over reports whether the game has ended.
	Over() bool
	// Winner is the winning side of a finished game, Nobody for a draw.
	Winner() Side
	// Final is the score of a finished game for s.
	Final(s Side) int
	// WinScore is Final's score of a win in a game that ends in a win, a loss
	// or a draw, so that a search can prefer a quicker win and a slower loss;
	// 0 for a game scored by its margin.
	WinScore() int
	// Evaluate estimates an unfinished position for s; it must stay below
	// the magnitude of a decided Final so that a real win outranks it.
	Evaluate(s Side) int
	// Key identifies the position (not the move order) for hashing.
	Key() uint64
	// Clone is an independent copy, history included.
	Clone() Game
	// Render draws the board, in colour if asked.
	Render(color bool) string
	// ParseMove reads a move as a person or a record writes it, and checks
	// that it is legal here. Its error is one short line for the user.
	ParseMove(s string) (Move, error)
	// FormatMove writes a move in the game's notation.
	FormatMove(m Move) string
}

// parseCell reads a cell of a rows x cols grid, typed either as its number
// (row*cols+col) or as "row col" (0-based, seed 001), and checks it is on
// the board and empty.
func parseCell(s string, rows, cols int, empty func(int) bool) (Move, error) {
	last := rows*cols - 1
	accepted := fmt.Sprintf("type a cell number 0-%d, or row and column like \"1 2\"", last)
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	var cell int
	switch len(fields) {
	case 1:
		n, err := strconv.Atoi(fields[0])
		if err != nil {
			return NoMove, fmt.Errorf("%q is not a cell: %s", s, accepted)
		}
		if n < 0 || n > last {
			return NoMove, fmt.Errorf("%d is off the board: cells are 0-%d", n, last)
		}
		cell = n
	case 2:
		r, err1 := strconv.Atoi(fields[0])
		c, err2 := strconv.Atoi(fields[1])
		if err1 != nil || err2 != nil {
			return NoMove, fmt.Errorf("%q is not a cell: %s", s, accepted)
		}
		if r < 0 || r >= rows || c < 0 || c >= cols {
			return NoMove, fmt.Errorf("row %d column %d is off the board: rows and columns are 0-%d", r, c, rows-1)
		}
		cell = r*cols + c
	default:
		return NoMove, fmt.Errorf("%s", accepted)
	}
	if !empty(cell) {
		return NoMove, fmt.Errorf("cell %d is taken: pick a cell that shows its number", cell)
	}
	return Move(cell), nil
}

// ANSI colours for the marks; used only when the output is a terminal.
const (
	colorX     = "\x1b[1;31m"
	colorO     = "\x1b[1;34m"
	colorDim   = "\x1b[2m"
	colorReset = "\x1b[0m"
)

// paint wraps text in a colour when color is on.
func paint(text, code string, color bool) string {
	if !color {
		return text
	}
	return code + text + colorReset
}

// markText draws a cell: its mark, or its number when empty (seed 003).
func markText(s Side, number string, color bool) string {
	switch s {
	case X:
		return paint("X", colorX, color)
	case O:
		return paint("O", colorO, color)
	}
	return paint(number, colorDim, color)
}

// renderGrid draws a numbered grid in the style of seed 003's Java program:
// a rule of dashes, each row between bars, empty cells showing their number
// right-aligned to the widest number.
func renderGrid(rows, cols int, at func(int) Side, color bool) string {
	width := len(strconv.Itoa(rows*cols - 1))
	rule := strings.Repeat("-", 4+cols*(width+1)-1)
	var b strings.Builder
	b.WriteString(rule + "\n")
	for r := 0; r < rows; r++ {
		b.WriteString("|")
		for c := 0; c < cols; c++ {
			cell := r*cols + c
			number := strconv.Itoa(cell)
			pad := width - len(number)
			if at(cell) != Nobody {
				pad = width - 1
			}
			b.WriteString(" " + strings.Repeat(" ", pad) + markText(at(cell), number, color))
		}
		b.WriteString(" |\n")
	}
	b.WriteString(rule + "\n")
	return b.String()
}

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

// WinScore: Tic-Tac-Toe is won, lost or drawn, a win scoring 10.
func (t *TicTacToe) WinScore() int { return tttWin }

// Evaluate counts open lines for depth-limited searches: a line only s
// holds is worth 1 per mark, the opponent's the same against; kept well
// inside a win's score.
func (t *TicTacToe) Evaluate(s Side) int {
	score := 0
	for _, l := range tttLines {
		mine, theirs := bits.OnesCount16(t.marks[s]&l), bits.OnesCount16(t.marks[s.Other()]&l)
		switch {
		case theirs == 0:
			score += mine
		case mine == 0:
			score -= theirs
		}
	}
	return max(-tttWin/2, min(tttWin/2, score))
}

// Key packs both masks; the side to move follows from them.
func (t *TicTacToe) Key() uint64 { return uint64(t.marks[X]) | uint64(t.marks[O])<<9 }

// Clone copies the board and its history.
func (t *TicTacToe) Clone() Game {
	c := *t
	c.history = append([]Move(nil), t.history...)
	return &c
}

// Render draws seed 003's grid.
func (t *TicTacToe) Render(color bool) string { return renderGrid(3, 3, t.at, color) }

// ParseMove accepts a cell number 0-8 or "row col".
func (t *TicTacToe) ParseMove(s string) (Move, error) {
	if t.Over() {
		return NoMove, fmt.Errorf("the game is over")
	}
	return parseCell(s, 3, 3, func(c int) bool { return t.at(c) == Nobody })
}

// FormatMove writes the cell number.
func (t *TicTacToe) FormatMove(m Move) string { return strconv.Itoa(int(m)) }

package main

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
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

// String is the side's mark, "X" or "O"; "-" for Nobody.
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
// together with the moves that led to it: its rules, and the notation and
// picture a person and a record use. Every bot is written against it, so
// one minimax, one alpha-beta, one local search and one genetic search play
// every game. How a position that is not finished is judged is not the
// rules' business: a search is given an evaluator (registryeval.go).
type Game interface {
	Rules
	Notation
	// Render draws the board, in colour if asked.
	Render(color bool) string
}

// Rules are a game's positions, moves and results. Scores are always from
// the point of view of the side passed in; the searches are negamax, so
// they ask for the side to move.
type Rules interface {
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
	// Utility says what Final's scores mean: win/draw/loss or a margin.
	Utility() Utility
	// Key identifies the position (not the move order) for hashing.
	Key() uint64
	// Clone is an independent copy, history included.
	Clone() Game
}

// Notation reads and writes moves as people and records do.
type Notation interface {
	// ParseMove reads a move as a person or a record writes it, and checks
	// that it is legal here. Its error is one short line for the user.
	ParseMove(s string) (Move, error)
	// FormatMove writes a move in the game's notation.
	FormatMove(m Move) string
}

// Utility describes the scores a game's Final returns, so that a search
// reads them instead of guessing per game. A game ends either in a win, a
// draw or a loss (Tic-Tac-Toe, Connect Four: Final is +Max, 0 or -Max, and
// a search may prefer a quicker win), or in a margin of marks (Adjacency:
// Final is any score in -Max..Max, the more the better).
type Utility struct {
	Margin bool // scored by the final margin; otherwise win/draw/loss
	Max    int  // the largest |Final|: a win's score, or the largest margin
}

// outcome is the result of a finished game for side s on the scale Monte
// Carlo searches average: 1 for a win, 1/2 for a draw, 0 for a loss.
// A game won on margin (Adjacency) counts by its winner alone
// (docs/bots.md, mcts).
func outcome(g Game, s Side) float64 {
	switch g.Winner() {
	case s:
		return 1
	case Nobody:
		return 0.5
	}
	return 0
}

// moveError is a move the parser refused, in the two parts of "what is
// wrong: what is accepted", which the front ends word differently: the
// prompt says both, -analyze only what was wrong and at which move.
type moveError struct {
	what   string // "9 is off the board"; "" when nothing was typed
	accept string // "cells are 0-8"; "" when nothing would do
	// notMove says the text is no move at all (a word, a sign): at the
	// prompt it may be a command mistyped.
	notMove bool
}

func (e *moveError) Error() string {
	switch {
	case e.what == "":
		return e.accept
	case e.accept == "":
		return e.what
	}
	return e.what + ": " + e.accept
}

// errGameOver refuses any move in a finished game.
var errGameOver = &moveError{what: "the game is over"}

// parseCell reads a cell of a rows x cols grid, typed either as its number
// (row*cols+col) or as "row col" (0-based, seed 001), and checks it is on
// the board and empty. Its errors are *moveError.
func parseCell(s string, rows, cols int, empty func(int) bool) (Move, error) {
	last := rows*cols - 1
	// The advice after a mistake is short, so that the message with the
	// mistake quoted fits a line; the long form is for an empty line,
	// and so for help.
	accept := fmt.Sprintf(`type a cell number 0-%d or "row col"`, last)
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	var cell int
	switch len(fields) {
	case 0:
		return NoMove, &moveError{accept: fmt.Sprintf(`type a cell number 0-%d, or row and column counted from 0 like "1 2"`, last)}
	case 1:
		n, err := strconv.Atoi(fields[0])
		if err != nil {
			return NoMove, &moveError{what: quoteShort(s) + " is not a cell", accept: accept, notMove: true}
		}
		if n < 0 || n > last {
			return NoMove, &moveError{what: fmt.Sprintf("%d is off the board", n), accept: fmt.Sprintf("cells are 0-%d", last)}
		}
		cell = n
	case 2:
		r, err1 := strconv.Atoi(fields[0])
		c, err2 := strconv.Atoi(fields[1])
		if err1 != nil || err2 != nil {
			return NoMove, &moveError{what: quoteShort(s) + " is not a cell", accept: accept, notMove: true}
		}
		if r < 0 || r >= rows || c < 0 || c >= cols {
			return NoMove, &moveError{what: fmt.Sprintf("row %d column %d is off the board", r, c),
				accept: fmt.Sprintf("rows and columns count from 0 to %d", rows-1)}
		}
		cell = r*cols + c
	default:
		if !allNumbers(fields) {
			return NoMove, &moveError{what: quoteShort(s) + " is not a cell", accept: accept, notMove: true}
		}
		return NoMove, &moveError{what: tooMany(s, fields), accept: accept}
	}
	if !empty(cell) {
		return NoMove, &moveError{what: fmt.Sprintf("cell %d is taken", cell), accept: "pick a cell that shows its number"}
	}
	return Move(cell), nil
}

// tooMany says that s, split into fields that are all numbers, has more
// of them than a move.
func tooMany(s string, fields []string) string {
	return fmt.Sprintf("too many numbers in %s", quoteShort(s))
}

// allNumbers says every field is a whole number: too many of them is a
// move mistyped, where a word makes the line no move at all.
func allNumbers(fields []string) bool {
	for _, f := range fields {
		if _, err := strconv.Atoi(f); err != nil {
			return false
		}
	}
	return true
}

// maxEcho is how many characters (escapes included) of a bad input line a
// message quotes back: enough to recognise it, and few enough that the
// message stays one short line whatever was pasted.
const maxEcho = 16

// quoteShort quotes what a person typed for an error message, cut after
// maxEcho characters with "..." after the quote. It counts the quoted
// form, since an unprintable character quotes as up to ten.
func quoteShort(s string) string { return quoteUpTo(s, maxEcho) }

// maxSpecEcho is how much of a bot spec an error quotes: a spec is
// typed, and its keys are what the error is about.
const maxSpecEcho = 60

// quoteUpTo is quoteShort cut after n characters.
func quoteUpTo(s string, n int) string {
	var b strings.Builder
	count := 0
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		q := strconv.Quote(s[i : i+size])
		q = q[1 : len(q)-1]
		if count += utf8.RuneCountInString(q); count > n {
			return `"` + b.String() + `"...`
		}
		b.WriteString(q)
		i += size
	}
	return `"` + b.String() + `"`
}

// ANSI colours for the marks; used only when the output is a terminal.
const (
	colorX     = "\x1b[1;31m"
	colorO     = "\x1b[1;34m"
	colorDim   = "\x1b[2m"
	colorReset = "\x1b[0m"
	// On top of a mark's colour: the last move (and what it turned) is
	// underlined, a winning line shown in reverse video.
	colorLast = "\x1b[4m"
	colorWin  = "\x1b[7m"
)

// paint wraps text in a colour when color is on.
func paint(text, code string, color bool) string {
	if !color {
		return text
	}
	return code + text + colorReset
}

// markText draws a cell: its mark, or its number when empty (seed 003).
// extra is a highlight (colorLast, colorWin) added in colour only.
func markText(s Side, number string, color bool, extra ...string) string {
	more := strings.Join(extra, "")
	switch s {
	case X:
		return paint("X", colorX+more, color)
	case O:
		return paint("O", colorO+more, color)
	}
	return paint(number, colorDim, color)
}

// highlight is the extra colour of a cell: colorLast for the cells in last,
// colorWin for those in win (both masks by cell number).
func highlight(cell int, last, win uint64) string {
	h := ""
	if last&(1<<uint(cell)) != 0 {
		h += colorLast
	}
	if win&(1<<uint(cell)) != 0 {
		h += colorWin
	}
	return h
}

// renderGrid draws a numbered grid in the style of seed 003's Java program:
// a rule of dashes, each row between bars, empty cells showing their number
// right-aligned to the widest number. In colour, the cells of last and win
// (masks by cell number) are highlighted; without colour the grid is the
// original's, whatever they hold.
func renderGrid(rows, cols int, at func(int) Side, last, win uint64, color bool) string {
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
			b.WriteString(" " + strings.Repeat(" ", pad) + markText(at(cell), number, color, highlight(cell, last, win)))
		}
		b.WriteString(" |\n")
	}
	b.WriteString(rule + "\n")
	return b.String()
}

// toFront moves x to the front of list, the others keeping their order
// (a list of moves or columns, its favourite first); nothing if x is not
// in it.
func toFront[T comparable](list []T, x T) {
	for i, y := range list {
		if y == x {
			copy(list[1:i+1], list[:i])
			list[0] = x
			return
		}
	}
}

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

// sign is -1, 0 or +1: the result a score says, for the side it is of.
func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

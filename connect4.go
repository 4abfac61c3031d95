package main

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Connect Four (the student paper's game, docs/history.md): 7 columns of
// 6 cells by default, any size from 4x4 up to what one 64-bit word holds;
// a stone drops to the lowest free cell of its column; four in a row in
// any direction wins; a full board is a draw.
//
// The board is a pair of bitboards in the layout the classic solvers use:
// column c owns bits 7c..7c+5 (bottom to top) and bit 7c+6 stays empty as a
// sentinel, so that shifting by 1 (vertical), 7 (horizontal), 6 and 8 (the
// diagonals) never carries a line from one column into the next. Another
// size H high uses H+1 bits a column the same way (c4Geom). The 7x6
// constants below stay compile-time: the solver's hot loop (c4solverpos.go,
// c4solversearch.go) and the random playouts (c4playout.go) are built on them.
const (
	c4Width  = 7
	c4Height = 6
	c4Cells  = c4Width * c4Height
	c4Col    = c4Height + 1 // bits per column, sentinel included
)

// Bitboard constants of the layout above.
const (
	c4Bottom = 1 | 1<<7 | 1<<14 | 1<<21 | 1<<28 | 1<<35 | 1<<42 // lowest cell of every column
	c4Full   = c4Bottom * (1<<c4Height - 1)                     // every playable cell
)

// c4Order is the column order searches try: centre first, since central
// stones take part in more lines.
var c4Order = [c4Width]int{3, 2, 4, 1, 5, 0, 6}

// c4ColumnMask is every cell of column c.
func c4ColumnMask(c int) uint64 { return (1<<c4Height - 1) << (c * c4Col) }

// c4TopCell is the highest cell of column c.
func c4TopCell(c int) uint64 { return 1 << (c4Height - 1 + c*c4Col) }

// c4BottomCell is the lowest cell of column c.
func c4BottomCell(c int) uint64 { return 1 << (c * c4Col) }

// c4Aligned reports whether the stones of b hold four in a row.
func c4Aligned(b uint64) bool {
	for _, d := range [4]uint{1, c4Col, c4Col - 1, c4Col + 1} {
		m := b & (b >> d)
		if m&(m>>(2*d)) != 0 {
			return true
		}
	}
	return false
}

// ConnectFour is a Connect Four position and the moves that led to it.
type ConnectFour struct {
	geo     *c4Geom   // the board's size; c4Std for 7x6
	stones  [3]uint64 // indexed by Side; stones[Nobody] is unused
	mask    uint64    // every stone on the board
	winner  Side      // set by the move that made four in a row
	history []Move
}

// NewConnectFourSize returns the empty board of width columns and height
// rows, which c4SizeError must accept.
func NewConnectFourSize(width, height int) *ConnectFour {
	return &ConnectFour{geo: c4GeomOf(width, height)}
}

// Size is the board's width and height.
func (c *ConnectFour) Size() (width, height int) { return c.geo.width, c.geo.height }

// Turn is X after an even number of stones.
func (c *ConnectFour) Turn() Side {
	if len(c.history)%2 == 0 {
		return X
	}
	return O
}

// canPlay reports whether column col has room.
func (c *ConnectFour) canPlay(col int) bool { return c.mask&c.geo.top[col] == 0 }

// Moves lists the open columns, centre first.
func (c *ConnectFour) Moves(buf []Move) []Move {
	buf = buf[:0]
	if c.Over() {
		return buf
	}
	for _, col := range c.geo.order {
		if c.canPlay(col) {
			buf = append(buf, Move(col))
		}
	}
	return buf
}

// Play drops a stone of the side to move into column m.
func (c *ConnectFour) Play(m Move) {
	s := c.Turn()
	if m < 0 || int(m) >= c.geo.width {
		panic(fmt.Sprintf("connect4: no column %d", m))
	}
	cell := (c.mask + c.geo.bottomCell[m]) & c.geo.column[m]
	if cell == 0 {
		panic(fmt.Sprintf("connect4: column %d is full", m+1))
	}
	c.stones[s] |= cell
	c.mask |= cell
	if c.geo.aligned(c.stones[s]) {
		c.winner = s
	}
	c.history = append(c.history, m)
}

// Undo lifts the last stone. No earlier position was won, as play stops
// at a win.
func (c *ConnectFour) Undo() {
	m := c.history[len(c.history)-1]
	c.history = c.history[:len(c.history)-1]
	col := c.mask & c.geo.column[m]
	top := uint64(1) << (63 - bits.LeadingZeros64(col))
	c.stones[c.Turn()] &^= top
	c.mask &^= top
	c.winner = Nobody
}

// History is the columns played, oldest first.
func (c *ConnectFour) History() []Move { return c.history }

// Over: four in a row or a full board.
func (c *ConnectFour) Over() bool { return c.winner != Nobody || len(c.history) == c.geo.cells }

// Winner is the side with four in a row, if any.
func (c *ConnectFour) Winner() Side { return c.winner }

// c4Win is the paper's score of a won game.
const c4Win = 512

// Final is +512 for a win, -512 for a loss, 0 for a draw, as in the
// paper.
func (c *ConnectFour) Final(s Side) int {
	switch c.winner {
	case Nobody:
		return 0
	case s:
		return c4Win
	}
	return -c4Win
}

// Utility: Connect Four is won, lost or drawn, a win scoring the paper's
// 512.
func (c *ConnectFour) Utility() Utility { return Utility{Max: c4Win} }

// Key is the classic unique key, the side to move's stones plus the mask,
// mixed with the board's size: a position is its board too.
func (c *ConnectFour) Key() uint64 { return (c.stones[c.Turn()] + c.mask) ^ c.geo.keySalt }

// Clone copies the board and its history.
func (c *ConnectFour) Clone() Game {
	d := *c
	d.history = append([]Move(nil), c.history...)
	return &d
}

// at is the stone at a row (0 = top) and column, for drawing.
func (c *ConnectFour) at(row, col int) Side {
	bit := uint64(1) << (col*c.geo.colBits + c.geo.height - 1 - row)
	switch {
	case c.stones[X]&bit != 0:
		return X
	case c.stones[O]&bit != 0:
		return O
	}
	return Nobody
}

// Render draws the rows in the style of the Tic-Tac-Toe grid, empty
// cells as dots, with the column numbers a player types underneath. In
// colour it marks the last stone and a winning four.
func (c *ConnectFour) Render(color bool) string {
	var last, win uint64 // in the bitboard layout
	if n := len(c.history); n > 0 {
		col := c.mask & c.geo.column[c.history[n-1]]
		last = 1 << (63 - bits.LeadingZeros64(col))
	}
	if c.winner != Nobody {
		for _, seg := range c.geo.segments {
			if c.stones[c.winner]&seg == seg {
				win |= seg
			}
		}
	}
	g := c.geo
	rule := strings.Repeat("-", 2*g.width+3)
	var b strings.Builder
	b.WriteString(rule + "\n")
	for row := 0; row < g.height; row++ {
		b.WriteString("|")
		for col := 0; col < g.width; col++ {
			bit := uint(col*g.colBits + g.height - 1 - row)
			b.WriteString(" " + markText(c.at(row, col), ".", color, highlight(int(bit), last, win)))
		}
		b.WriteString(" |\n")
	}
	b.WriteString(rule + "\n ")
	for col := 0; col < g.width; col++ {
		b.WriteString(" " + c4ColumnName(col))
	}
	b.WriteString("\n")
	return b.String()
}

// ParseMove accepts a column that still has room: its number 1-9, or on
// a board wider than nine columns also 10-12 or the letter that writes
// it (a-c, as records do). Its errors are *moveError.
func (c *ConnectFour) ParseMove(s string) (Move, error) {
	if c.Over() {
		return NoMove, errGameOver
	}
	s = strings.TrimSpace(s)
	w := c.geo.width
	accept := "type a column number " + c4Columns(w)
	if fields := strings.Fields(s); len(fields) > 1 {
		if !allNumbers(fields) {
			return NoMove, &moveError{what: quoteShort(s) + " is not a column", accept: accept, notMove: true}
		}
		return NoMove, &moveError{what: tooMany(s, fields), accept: "type one column number " + c4Columns(w)}
	}
	n, err := strconv.Atoi(s)
	letter := false // a, b, c: columns 10-12
	if err != nil && w > 9 && len(s) == 1 {
		if v, err2 := strconv.ParseInt(s, 36, 0); err2 == nil && v > 9 && v <= c4MaxWidth {
			n, err, letter = int(v), nil, true
		}
	}
	switch {
	case s == "":
		return NoMove, &moveError{accept: accept + ", as printed under the board"}
	case err != nil:
		return NoMove, &moveError{what: quoteShort(s) + " is not a column", accept: accept, notMove: true}
	case letter && n > w:
		return NoMove, &moveError{what: fmt.Sprintf("column %s (%d) is off the board", s, n), accept: "columns are " + c4Columns(w)}
	case n < 1 || n > w:
		return NoMove, &moveError{what: fmt.Sprintf("%d is off the board", n), accept: "columns are " + c4Columns(w)}
	}
	if !c.canPlay(n - 1) {
		return NoMove, &moveError{what: fmt.Sprintf("column %d is full", n), accept: "pick another column"}
	}
	return Move(n - 1), nil
}

// FormatMove writes the 1-based column number, as one character: 1-9,
// then a, b, c for columns 10-12 of the widest boards.
func (c *ConnectFour) FormatMove(m Move) string { return c4ColumnName(int(m)) }

// moveGrid: a column is a move, the columns one row (local search's
// walks go from column to neighbouring column).
func (c *ConnectFour) moveGrid() (rows, cols int) { return 1, c.geo.width }

// c4Four reports whether the stones b hold four in a row. Written out
// with constant shifts, like winningCells: it runs at every node.
func c4Four(b uint64) bool {
	v := b & (b >> 1)
	h := b & (b >> c4Col)
	d1 := b & (b >> (c4Col - 1))
	d2 := b & (b >> (c4Col + 1))
	return v&(v>>2)|h&(h>>(2*c4Col))|d1&(d1>>(2*(c4Col-1)))|d2&(d2>>(2*(c4Col+1))) != 0
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

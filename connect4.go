package main

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Connect Four (seed 004): 7 columns of 6 cells; a stone drops to the
// lowest free cell of its column; four in a row in any direction wins; a
// full board is a draw.
//
// The board is a pair of bitboards in the layout the classic solvers use:
// column c owns bits 7c..7c+5 (bottom to top) and bit 7c+6 stays empty as a
// sentinel, so that shifting by 1 (vertical), 7 (horizontal), 6 and 8 (the
// diagonals) never carries a line from one column into the next.
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
	stones  [3]uint64 // indexed by Side; stones[Nobody] is unused
	mask    uint64    // every stone on the board
	winner  Side      // set by the move that made four in a row
	history []Move
}

// NewConnectFour returns the empty board.
func NewConnectFour() *ConnectFour { return &ConnectFour{} }

// Turn is X after an even number of stones.
func (c *ConnectFour) Turn() Side {
	if len(c.history)%2 == 0 {
		return X
	}
	return O
}

// canPlay reports whether column col has room.
func (c *ConnectFour) canPlay(col int) bool { return c.mask&c4TopCell(col) == 0 }

// Moves lists the open columns, centre first.
func (c *ConnectFour) Moves(buf []Move) []Move {
	buf = buf[:0]
	if c.Over() {
		return buf
	}
	for _, col := range c4Order {
		if c.canPlay(col) {
			buf = append(buf, Move(col))
		}
	}
	return buf
}

// Play drops a stone of the side to move into column m.
func (c *ConnectFour) Play(m Move) {
	s := c.Turn()
	if m < 0 || m >= c4Width {
		panic(fmt.Sprintf("connect4: no column %d", m))
	}
	cell := (c.mask + c4BottomCell(int(m))) & c4ColumnMask(int(m))
	if cell == 0 {
		panic(fmt.Sprintf("connect4: column %d is full", m+1))
	}
	c.stones[s] |= cell
	c.mask |= cell
	if c4Aligned(c.stones[s]) {
		c.winner = s
	}
	c.history = append(c.history, m)
}

// Undo lifts the last stone. No earlier position was won, as play stops
// at a win.
func (c *ConnectFour) Undo() {
	m := c.history[len(c.history)-1]
	c.history = c.history[:len(c.history)-1]
	col := c.mask & c4ColumnMask(int(m))
	top := uint64(1) << (63 - bits.LeadingZeros64(col))
	c.stones[c.Turn()] &^= top
	c.mask &^= top
	c.winner = Nobody
}

// History is the columns played, oldest first.
func (c *ConnectFour) History() []Move { return c.history }

// Over: four in a row or a full board.
func (c *ConnectFour) Over() bool { return c.winner != Nobody || len(c.history) == c4Cells }

// Winner is the side with four in a row, if any.
func (c *ConnectFour) Winner() Side { return c.winner }

// randomPlayout is mcts's fast simulation (fastPlayout in mcts.go):
// uniformly random stones to the end of the game on copies of the
// bitboards, so there is nothing to take back, and the winner. It draws
// from rng exactly as Moves and Play in a loop would (the open columns in
// c4Order), so a seeded search plays the same with it or without.
func (c *ConnectFour) randomPlayout(rng *rand.Rand) Side {
	if c.winner != Nobody {
		return c.winner
	}
	stones, mask, s := c.stones, c.mask, c.Turn()
	var open [c4Width]int
	for n := len(c.history); n < c4Cells; n++ {
		k := 0
		for _, col := range c4Order {
			if mask&c4TopCell(col) == 0 {
				open[k] = col
				k++
			}
		}
		col := open[rng.IntN(k)]
		cell := (mask + c4BottomCell(col)) & c4ColumnMask(col)
		stones[s] |= cell
		mask |= cell
		if c4Aligned(stones[s]) {
			return s
		}
		s = s.Other()
	}
	return Nobody
}

// c4Win is seed 004's score of a won game.
const c4Win = 512

// Final is +512 for a win, -512 for a loss, 0 for a draw (seed 004).
func (c *ConnectFour) Final(s Side) int {
	switch c.winner {
	case Nobody:
		return 0
	case s:
		return c4Win
	}
	return -c4Win
}

// Utility: Connect Four is won, lost or drawn, a win scoring seed 004's 512.
func (c *ConnectFour) Utility() Utility { return Utility{Max: c4Win} }

// c4Segments are the 69 four-cell segments (24 horizontal, 21 vertical,
// 12 of each diagonal) as cell masks.
var c4Segments = func() []uint64 {
	var segs []uint64
	for col := 0; col < c4Width; col++ {
		for row := 0; row < c4Height; row++ {
			for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
				var m uint64
				ok := true
				for i := 0; i < 4; i++ {
					cc, rr := col+i*d[0], row+i*d[1]
					if cc < 0 || cc >= c4Width || rr < 0 || rr >= c4Height {
						ok = false
						break
					}
					m |= 1 << (cc*c4Col + rr)
				}
				if ok {
					segs = append(segs, m)
				}
			}
		}
	}
	return segs
}()

// c4SegmentValue is seed 004's value of a segment holding n stones of one
// colour and none of the other.
var c4SegmentValue = [5]int{0, 1, 10, 50, c4Win}

// c4TurnBonus is seed 004's bonus for having the move.
const c4TurnBonus = 16

// Evaluate is seed 004's evaluation from s's side: every segment holding
// stones of one colour only counts 1, 10 or 50 for 1, 2 or 3 stones, for
// the colour that holds it and against the other; the side to move gets a
// bonus of 16. SPEC keeps the sum within ±511, under a win's 512; but the
// search scores a win found n plies down as 512 - n (the sooner the
// better), so the sum is kept within ±469, under 512 - 42, for any win at
// any depth to outrank it.
func (c *ConnectFour) Evaluate(s Side) int {
	v := 0
	me, them := c.stones[s], c.stones[s.Other()]
	for _, seg := range c4Segments {
		a, b := bits.OnesCount64(me&seg), bits.OnesCount64(them&seg)
		switch {
		case b == 0:
			v += c4SegmentValue[a]
		case a == 0:
			v -= c4SegmentValue[b]
		}
	}
	if c.Turn() == s {
		v += c4TurnBonus
	} else {
		v -= c4TurnBonus
	}
	return max(-c4EvalCap, min(c4EvalCap, v))
}

// c4EvalCap bounds Evaluate below the least win the search can score.
const c4EvalCap = c4Win - c4Cells - 1

// Key is the classic unique key: the side to move's stones plus the mask.
func (c *ConnectFour) Key() uint64 { return c.stones[c.Turn()] + c.mask }

// Clone copies the board and its history.
func (c *ConnectFour) Clone() Game {
	d := *c
	d.history = append([]Move(nil), c.history...)
	return &d
}

// at is the stone at a row (0 = top) and column, for drawing.
func (c *ConnectFour) at(row, col int) Side {
	bit := uint64(1) << (col*c4Col + c4Height - 1 - row)
	switch {
	case c.stones[X]&bit != 0:
		return X
	case c.stones[O]&bit != 0:
		return O
	}
	return Nobody
}

// Render draws the six rows in the style of the Tic-Tac-Toe grid, empty
// cells as dots, with the column numbers a player types underneath. In
// colour it marks the last stone and a winning four.
func (c *ConnectFour) Render(color bool) string {
	var last, win uint64 // in the bitboard layout
	if n := len(c.history); n > 0 {
		col := c.mask & c4ColumnMask(int(c.history[n-1]))
		last = 1 << (63 - bits.LeadingZeros64(col))
	}
	if c.winner != Nobody {
		for _, seg := range c4Segments {
			if c.stones[c.winner]&seg == seg {
				win |= seg
			}
		}
	}
	rule := strings.Repeat("-", 2*c4Width+3)
	var b strings.Builder
	b.WriteString(rule + "\n")
	for row := 0; row < c4Height; row++ {
		b.WriteString("|")
		for col := 0; col < c4Width; col++ {
			bit := uint(col*c4Col + c4Height - 1 - row)
			b.WriteString(" " + markText(c.at(row, col), ".", color, highlight(int(bit), last, win)))
		}
		b.WriteString(" |\n")
	}
	b.WriteString(rule + "\n ")
	for col := 1; col <= c4Width; col++ {
		b.WriteString(" " + strconv.Itoa(col))
	}
	b.WriteString("\n")
	return b.String()
}

// ParseMove accepts a column number 1-7 that still has room. Its errors
// are *moveError.
func (c *ConnectFour) ParseMove(s string) (Move, error) {
	if c.Over() {
		return NoMove, errGameOver
	}
	s = strings.TrimSpace(s)
	accept := fmt.Sprintf("type a column number 1-%d", c4Width)
	if fields := strings.Fields(s); len(fields) > 1 {
		return NoMove, &moveError{what: tooMany(s, fields), accept: fmt.Sprintf("type one column number 1-%d", c4Width)}
	}
	n, err := strconv.Atoi(s)
	switch {
	case s == "":
		return NoMove, &moveError{accept: accept + ", as printed under the board"}
	case err != nil:
		return NoMove, &moveError{what: quoteShort(s) + " is not a column", accept: accept, notMove: true}
	case n < 1 || n > c4Width:
		return NoMove, &moveError{what: fmt.Sprintf("%d is off the board", n), accept: fmt.Sprintf("columns are 1-%d", c4Width)}
	}
	if !c.canPlay(n - 1) {
		return NoMove, &moveError{what: fmt.Sprintf("column %d is full", n), accept: "pick another column"}
	}
	return Move(n - 1), nil
}

// FormatMove writes the 1-based column number.
func (c *ConnectFour) FormatMove(m Move) string { return strconv.Itoa(int(m) + 1) }

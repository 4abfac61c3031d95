package main

import (
	"fmt"
	"slices"
	"strconv"
	"sync"
)

// Connect Four's board sizes: the masks of one width and height in the
// bitboard layout of connect4.go (column c owns bits c*(H+1) .. c*(H+1)+H-1,
// bit c*(H+1)+H is an empty sentinel), so that one 64-bit word holds a
// board up to W x (H+1) = 64 bits.

// Limits of the board size: four in a row needs four cells each way, and
// the board with its sentinel row must fit in 64 bits, which leaves at
// most 12 columns (of 4 rows) and 15 rows (of 4 columns).
const (
	c4MinSide   = 4
	c4MaxWidth  = 12
	c4MaxHeight = 15
)

// c4Geom is one board size's shape.
type c4Geom struct {
	width, height, cells int
	colBits              int    // bits per column, the sentinel included
	bottom, full         uint64 // every column's lowest cell; every cell
	// column, top and bottomCell are each column's cells, highest
	// cell and lowest cell.
	column, top, bottomCell [c4MaxWidth]uint64
	// order is the columns centre first (the left one first between
	// two as central), the order every search tries them in.
	order []int
	// segments are the four-cell lines as cell masks, for the paper's
	// evaluation and for finding a winning four.
	segments []uint64
	// oddRows are the cells of the rows 1, 3, 5... counted from the
	// bottom, where the first player's threats win (c4ThreatScore).
	oddRows uint64
	// keySalt tells boards of different sizes apart in Key, where the
	// same stones would otherwise give the same key.
	keySalt uint64

	// The solver's masks (c4solverbits.go, c4solverbounds.go). std is 7x6, whose
	// bit operations run on constants; keyBits the bits of a position's
	// key (cur+mask: every column with its sentinel).
	std     bool
	keyBits int
	// orderMasks are the columns' cells in order.
	orderMasks []uint64
	// evenRows are the cells of the rows 2, 4, 6... counted from the
	// bottom; lowRows[j] the cells of the lowest 2j+2 rows, for j up to
	// height/2 - 1.
	evenRows uint64
	lowRows  []uint64
	// below is one bit under each column's lowest cell: the sentinels,
	// and bit 0 (see c4FirstFour).
	below   uint64
	keyMask uint64 // the keyBits lowest bits
	// sh, shDown and shUp are the shifts of the horizontal line and the
	// two diagonals (colBits, colBits-1, colBits+1).
	sh, shDown, shUp uint
	// middle is the middle column of an odd width (else 0), swaps the
	// pairs of columns a mirror image swaps: the left one's cells and
	// the shift to the right one.
	middle uint64
	swaps  []c4Swap
}

// c4Swap is a pair of columns of a mirror image (c4Geom.swaps).
type c4Swap struct {
	left  uint64
	shift uint
}

// c4MaxCells is the most cells a board holds (W x (H+1) <= 64).
const c4MaxCells = 60

// c4SizeError says why a board of width x height cannot be played, or nil.
func c4SizeError(width, height int) error {
	switch {
	case width < c4MinSide || width > c4MaxWidth:
		return fmt.Errorf("-width %d: accepted are %d..%d columns (with -height, width x (height+1) at most 64)", width, c4MinSide, c4MaxWidth)
	case height < c4MinSide || height > c4MaxHeight:
		return fmt.Errorf("-height %d: accepted are %d..%d rows (with -width, width x (height+1) at most 64)", height, c4MinSide, c4MaxHeight)
	case width*(height+1) > 64:
		return fmt.Errorf("-width %d -height %d: accepted are sizes with width x (height+1) at most 64, so at most %d rows for %d columns", width, height, 64/width-1, width)
	}
	return nil
}

// c4Geoms holds every size made so far: a game of one size shares its
// masks with every other, and 7x6 is always there.
var c4Geoms = struct {
	sync.Mutex
	m map[[2]int]*c4Geom
}{m: map[[2]int]*c4Geom{}}

// c4Std is the standard 7x6 board.
var c4Std = c4GeomOf(7, 6)

// c4GeomOf returns the size's shape; it panics on a size c4SizeError
// refuses.
func c4GeomOf(width, height int) *c4Geom {
	if err := c4SizeError(width, height); err != nil {
		panic("connect4: " + err.Error())
	}
	c4Geoms.Lock()
	defer c4Geoms.Unlock()
	if g, ok := c4Geoms.m[[2]int{width, height}]; ok {
		return g
	}
	g := newC4Geom(width, height)
	c4Geoms.m[[2]int{width, height}] = g
	return g
}

// newC4Geom computes a size's masks, order and segments.
func newC4Geom(width, height int) *c4Geom {
	g := &c4Geom{width: width, height: height, cells: width * height, colBits: height + 1}
	g.keySalt = uint64(width<<8|height) * 0x9e3779b97f4a7c15 // a golden-ratio multiplier spreads the size over the word
	for c := range width {
		g.bottomCell[c] = 1 << (c * g.colBits)
		g.column[c] = (1<<height - 1) << (c * g.colBits)
		g.top[c] = 1 << (c*g.colBits + height - 1)
		g.bottom |= g.bottomCell[c]
		g.full |= g.column[c]
		for row := 0; row < height; row += 2 {
			g.oddRows |= 1 << (c*g.colBits + row)
		}
		g.order = append(g.order, c)
	}
	// Distance from the centre in half columns, so that both middle
	// columns of an even width tie and the stable sort keeps the left.
	slices.SortStableFunc(g.order, func(a, b int) int {
		return abs(2*a-(width-1)) - abs(2*b-(width-1))
	})
	g.solverMasks()
	for col := range width {
		for row := range height {
			for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
				if cc, rr := col+3*d[0], row+3*d[1]; cc >= width || rr < 0 || rr >= height {
					continue
				}
				var m uint64
				for i := range 4 {
					m |= 1 << ((col+i*d[0])*g.colBits + row + i*d[1])
				}
				g.segments = append(g.segments, m)
			}
		}
	}
	return g
}

// solverMasks computes the solver's masks of g.
func (g *c4Geom) solverMasks() {
	g.std = g.width == 7 && g.height == 6 // c4Std, whose operations have constant versions
	g.keyBits = g.width * g.colBits
	g.keyMask = 1<<g.keyBits - 1
	if g.keyBits == 64 {
		g.keyMask = ^uint64(0)
	}
	for _, c := range g.order {
		g.orderMasks = append(g.orderMasks, g.column[c])
	}
	g.evenRows = g.full &^ g.oddRows
	for r := 2; r <= g.height; r += 2 {
		g.lowRows = append(g.lowRows, g.bottom*(1<<r-1))
	}
	g.below = g.bottom<<g.height | 1
	g.sh, g.shDown, g.shUp = uint(g.colBits), uint(g.colBits-1), uint(g.colBits+1)
	col := uint64(1)<<g.colBits - 1
	for c := 0; c < g.width/2; c++ {
		g.swaps = append(g.swaps, c4Swap{col << (c * g.colBits), uint((g.width - 1 - 2*c) * g.colBits)})
	}
	if g.width%2 == 1 {
		g.middle = col << (g.width / 2 * g.colBits)
	}
}

// abs is |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// aligned reports whether the stones of b hold four in a row: the
// pairs b & b>>d, then pairs of pairs, along each direction d (up, right,
// and the two diagonals; the sentinel row stops a line from running from
// one column into the next).
func (g *c4Geom) aligned(b uint64) bool {
	return pairPairs(b, 1)|pairPairs(b, g.sh)|pairPairs(b, g.shDown)|pairPairs(b, g.shUp) != 0
}

// pairPairs marks the fours of b along shift d (in 1..63): pairs of
// stones, two cells apart. The shifts are by d again and again: see
// fourCells.
func pairPairs(b uint64, d uint) uint64 {
	d &= 63
	m := b & (b >> d)
	return m & (m >> d >> d)
}

// c4ColumnName writes column col (0-based) as players and records do: its
// number from 1, one character: 1-9, then a, b, c for columns 10-12.
func c4ColumnName(col int) string { return strconv.FormatInt(int64(col)+1, 36) }

// c4Columns is the range of column names of a board width wide, for
// messages: "1-7", or "1-9, a-c (10-12)" on the widest.
func c4Columns(width int) string {
	if width <= 9 {
		return "1-" + strconv.Itoa(width)
	}
	if width == 10 {
		return "1-9, a (10)"
	}
	return fmt.Sprintf("1-9, a-%s (10-%d)", c4ColumnName(width-1), width)
}

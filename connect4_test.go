package main

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

// c4Spec is the Connect Four entry of the games table.
func c4Spec() *gameSpec {
	spec, err := findGame("c4")
	if err != nil {
		panic(err)
	}
	return spec
}

// c4Game replays a record in column digits.
func c4Game(t testing.TB, record string) *ConnectFour {
	t.Helper()
	g, err := c4Spec().parseRecord(record, nil)
	if err != nil {
		t.Fatalf("%q: %v", record, err)
	}
	return g.(*ConnectFour)
}

// slowGrid is the board as a plain 7x6 array, [col][row], row 0 at the
// bottom, rebuilt from the record alone: the reference the bitboards are
// checked against.
func slowGrid(history []Move) (grid [c4Width][c4Height]Side) {
	var height [c4Width]int
	for i, m := range history {
		s := X
		if i%2 == 1 {
			s = O
		}
		grid[m][height[m]] = s
		height[m]++
	}
	return grid
}

// slowSegments calls f with the cells of every four-cell segment.
func slowSegments(f func(cells [4][2]int)) {
	for c := 0; c < c4Width; c++ {
		for r := 0; r < c4Height; r++ {
			for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
				var cells [4][2]int
				ok := true
				for i := range cells {
					cells[i] = [2]int{c + i*d[0], r + i*d[1]}
					if cells[i][0] >= c4Width || cells[i][1] < 0 || cells[i][1] >= c4Height {
						ok = false
					}
				}
				if ok {
					f(cells)
				}
			}
		}
	}
}

// slowWinner is the side with four in a row on the grid.
func slowWinner(grid [c4Width][c4Height]Side) Side {
	w := Nobody
	slowSegments(func(cells [4][2]int) {
		first := grid[cells[0][0]][cells[0][1]]
		for _, c := range cells {
			if grid[c[0]][c[1]] != first {
				return
			}
		}
		if first != Nobody {
			w = first
		}
	})
	return w
}

// slowEvaluate is seed 004's evaluation counted cell by cell.
func slowEvaluate(grid [c4Width][c4Height]Side, toMove, s Side) int {
	v := 0
	slowSegments(func(cells [4][2]int) {
		var n [3]int
		for _, c := range cells {
			n[grid[c[0]][c[1]]]++
		}
		points := [4]int{0, 1, 10, 50}
		switch {
		case n[s.Other()] == 0:
			v += points[n[s]]
		case n[s] == 0:
			v -= points[n[s.Other()]]
		}
	})
	if toMove == s {
		v += 16
	} else {
		v -= 16
	}
	return max(-469, min(469, v))
}

func TestConnectFourRules(t *testing.T) {
	tests := []struct {
		record string
		over   bool
		winner Side
	}{
		{"", false, Nobody},
		{"1122334", true, X},      // bottom row
		{"112233", false, Nobody}, // one short
		{"1213141", true, X},      // column 1
		{"12324252", true, O},     // column 2
		{"12234334544", true, X},  // rising diagonal 1-4
		{"1223433454", false, Nobody},
	}
	for _, tc := range tests {
		g := c4Game(t, tc.record)
		if g.Over() != tc.over || g.Winner() != tc.winner {
			t.Errorf("%q: over %v winner %v, want %v %v", tc.record, g.Over(), g.Winner(), tc.over, tc.winner)
		}
	}
	// No move after a win.
	if _, err := c4Spec().parseRecord("11223344", nil); err == nil {
		t.Errorf("a move after the game ended was accepted")
	}
}

// TestConnectFourAgainstReference plays random games and checks the
// bitboards against the plain grid at every ply: winner, evaluation,
// undo, key.
func TestConnectFourAgainstReference(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(4, 4))
	draws := 0
	for game := 0; game < 300; game++ {
		g := NewConnectFour()
		keys := map[uint64]string{}
		for !g.Over() {
			moves := g.Moves(nil)
			m := moves[rng.IntN(len(moves))]
			before := *g
			g.Play(m)
			grid := slowGrid(g.History())
			if w := slowWinner(grid); w != g.Winner() {
				t.Fatalf("%v: winner %v, want %v", g.History(), g.Winner(), w)
			}
			for _, s := range []Side{X, O} {
				if !g.Over() {
					if got, want := c4SegmentScore(g, s), slowEvaluate(grid, g.Turn(), s); got != want {
						t.Fatalf("%v: Evaluate(%v) = %d, want %d", g.History(), s, got, want)
					}
				}
			}
			rec := c4Spec().record(g)
			board := g.Render(false)
			if r, ok := keys[g.Key()]; ok && r != board {
				t.Fatalf("key collision between %s and %s", r, rec)
			}
			keys[g.Key()] = board
			g.Undo()
			if g.stones != before.stones || g.mask != before.mask || g.winner != before.winner {
				t.Fatalf("%v: undo of %d does not restore the board", g.History(), m)
			}
			g.Play(m)
		}
		if g.Winner() == Nobody {
			draws++
			if len(g.History()) != c4Cells || len(g.Moves(nil)) != 0 {
				t.Fatalf("%v: drawn before the board is full", g.History())
			}
		}
	}
	t.Logf("%d random games drawn", draws)
}

// TestEvaluateHand checks seed 004's evaluation on boards counted by hand.
func TestEvaluateHand(t *testing.T) {
	tests := []struct {
		record string
		x      int // from X's side
	}{
		// Empty: no segment holds a stone; X has the move.
		{"", 16},
		// X at the bottom of column 4 lies in 7 segments (4 horizontal,
		// 1 vertical, 1 of each diagonal): 7, and O has the move: -16.
		{"4", 7 - 16},
		// X's 7 less the vertical one O now shares: 6; O at 4/row 2 in
		// 4 horizontal, 1 clean vertical, 2+2 diagonal: -9; X to move.
		{"44", 6 - 9 + 16},
		// X at 1,2,3 bottom, O twice in column 7: bottom row 50+10+1-1,
		// verticals 3-10-1, X's rising diagonals 3, O's falling ones
		// -2, row 2 -1; O to move.
		{"17273", 60 - 8 + 3 - 2 - 1 - 16},
	}
	for _, tc := range tests {
		g := c4Game(t, tc.record)
		if got := c4SegmentScore(g, X); got != tc.x {
			t.Errorf("%q: Evaluate(X) = %d, want %d", tc.record, got, tc.x)
		}
		if got := c4SegmentScore(g, O); got != -tc.x {
			t.Errorf("%q: Evaluate(O) = %d, want %d", tc.record, got, -tc.x)
		}
	}
	if n := len(c4Segments); n != 69 {
		t.Errorf("%d segments, want 69", n)
	}
	g := c4Game(t, "1122334")
	if g.Final(X) != 512 || g.Final(O) != -512 || g.Utility() != (Utility{Max: 512}) {
		t.Errorf("won game: Final %d/%d", g.Final(X), g.Final(O))
	}
}

func TestConnectFourText(t *testing.T) {
	g := c4Game(t, "4435")
	want := strings.Join([]string{
		"-----------------",
		"| . . . . . . . |",
		"| . . . . . . . |",
		"| . . . . . . . |",
		"| . . . . . . . |",
		"| . . . O . . . |",
		"| . . X X O . . |",
		"-----------------",
		"  1 2 3 4 5 6 7",
		"",
	}, "\n")
	if got := g.Render(false); got != want {
		t.Errorf("render:\n%s\nwant:\n%s", got, want)
	}
	if got := g.Render(true); !strings.Contains(got, colorX+"X"+colorReset) || !strings.Contains(got, colorO+"O"+colorReset) {
		t.Errorf("colour render lacks coloured marks:\n%q", got)
	}
	full := c4Game(t, "444444")
	for _, tc := range []struct {
		in   string
		want Move
		err  string
	}{
		{"1", 0, ""},
		{" 7 ", 6, ""},
		{"0", NoMove, "0 is off the board: columns are 1-7"},
		{"8", NoMove, "8 is off the board"},
		{"-3", NoMove, "-3 is off the board"},
		{"x", NoMove, `"x" is not a column: type a column number 1-7`},
		{"4 4", NoMove, `too many numbers in "4 4": type one column number 1-7`},
		{"4 extra words", NoMove, `"4 extra words" is not a column`},
		{"", NoMove, "type a column number 1-7"},
		{"  ", NoMove, "type a column number 1-7"},
		{"4", NoMove, "column 4 is full"},
	} {
		m, err := full.ParseMove(tc.in)
		switch {
		case tc.err == "" && (err != nil || m != tc.want):
			t.Errorf("ParseMove(%q) = %v, %v; want %v", tc.in, m, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || strings.Contains(err.Error(), "\n")):
			t.Errorf("ParseMove(%q) error %v, want one line with %q", tc.in, err, tc.err)
		}
	}
	if s := full.FormatMove(6); s != "7" {
		t.Errorf("FormatMove(6) = %q", s)
	}
	if r := c4Spec().record(c4Game(t, "4453")); r != "4453" {
		t.Errorf("record %q", r)
	}
	if bits.OnesCount64(c4Full) != c4Cells {
		t.Errorf("board mask has %d cells", bits.OnesCount64(c4Full))
	}
}

// The same stones on boards of different sizes are different positions,
// so they have different keys (a bot that keeps its work from move to
// move, as mcts does, tells the boards apart by it).
func TestC4KeyNamesTheBoard(t *testing.T) {
	seen := map[uint64]string{}
	for w := c4MinSide; w <= c4MaxWidth; w++ {
		for h := c4MinSide; h <= c4MaxHeight; h++ {
			if c4SizeError(w, h) != nil {
				continue
			}
			g := NewConnectFourSize(w, h)
			for _, record := range []string{"", "1", "12"} {
				for _, r := range record {
					m, err := g.ParseMove(string(r))
					if err != nil {
						t.Fatal(err)
					}
					g.Play(m)
				}
				name := fmt.Sprintf("%dx%d %q", w, h, record)
				if other, ok := seen[g.Key()]; ok {
					t.Errorf("%s has the key of %s", name, other)
				}
				seen[g.Key()] = name
				for range record {
					g.Undo()
				}
			}
		}
	}
}

// NewConnectFour returns the empty 7x6 board.
func NewConnectFour() *ConnectFour { return &ConnectFour{geo: c4Std} }

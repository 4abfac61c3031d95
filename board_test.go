package main

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// playAll replays cells on a fresh Tic-Tac-Toe board.
func playAll(t testing.TB, cells ...Move) *TicTacToe {
	t.Helper()
	g := NewTicTacToe()
	for _, c := range cells {
		if !slices.Contains(g.Moves(nil), c) {
			t.Fatalf("move %d is illegal after %v", c, g.History())
		}
		g.Play(c)
	}
	return g
}

func TestTicTacToeRules(t *testing.T) {
	tests := []struct {
		name   string
		moves  []Move
		over   bool
		winner Side
		turn   Side
	}{
		{"empty", nil, false, Nobody, X},
		{"one move", []Move{4}, false, Nobody, O},
		{"X top row", []Move{0, 3, 1, 4, 2}, true, X, O},
		{"O middle column", []Move{0, 1, 2, 4, 3, 7}, true, O, X},
		{"X diagonal", []Move{0, 1, 4, 2, 8}, true, X, O},
		{"X anti-diagonal", []Move{2, 0, 4, 1, 6}, true, X, O},
		{"seed 003 draw", []Move{0, 4, 1, 2, 6, 3, 5, 8, 7}, true, Nobody, O},
		{"X wins on the last cell", []Move{0, 1, 2, 3, 5, 4, 7, 6, 8}, true, X, O},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := playAll(t, tt.moves...)
			if g.Over() != tt.over || g.Winner() != tt.winner || g.Turn() != tt.turn {
				t.Errorf("over %v winner %v turn %v; want %v %v %v", g.Over(), g.Winner(), g.Turn(), tt.over, tt.winner, tt.turn)
			}
			if tt.over && len(g.Moves(nil)) != 0 {
				t.Errorf("a finished game has moves %v", g.Moves(nil))
			}
			want := map[Side]int{Nobody: 0, X: tttWin, O: -tttWin}[tt.winner]
			if got := g.Final(X); tt.over && got != want {
				t.Errorf("Final(X) = %d, want %d", got, want)
			}
		})
	}
}

func TestTicTacToeUndoRestores(t *testing.T) {
	g := playAll(t, 4, 0, 8)
	key, hist := g.Key(), slices.Clone(g.History())
	for _, m := range g.Moves(nil) {
		g.Play(m)
		g.Undo()
		if g.Key() != key || !slices.Equal(g.History(), hist) {
			t.Fatalf("play/undo of %d changed the position", m)
		}
	}
}

func TestTicTacToeRender(t *testing.T) {
	want := "---------\n| X 1 2 |\n| 3 O 5 |\n| 6 7 8 |\n---------\n"
	if got := playAll(t, 0, 4).Render(false); got != want {
		t.Errorf("Render =\n%s\nwant\n%s", got, want)
	}
	colored := playAll(t, 0, 4).Render(true)
	if !strings.Contains(colored, colorX+"X"+colorReset) || !strings.Contains(colored, colorO+colorLast+"O"+colorReset) {
		t.Errorf("colour board lacks coloured marks: %q", colored)
	}
}

func TestTicTacToeParseMove(t *testing.T) {
	g := playAll(t, 4) // the centre is taken
	tests := []struct {
		in      string
		want    Move
		errPart string
	}{
		{"0", 0, ""},
		{"8", 8, ""},
		{" 2 ", 2, ""},
		{"1 2", 5, ""},
		{"2,0", 6, ""},
		{"0\t1", 1, ""},
		{"4", NoMove, "taken"},
		{"1 1", NoMove, "taken"},
		{"9", NoMove, "off the board"},
		{"-1", NoMove, "off the board"},
		{"3 0", NoMove, "off the board"},
		{"0 3", NoMove, "off the board"},
		{"x", NoMove, "not a cell"},
		{"four", NoMove, "not a cell"},
		{"1 a", NoMove, "not a cell"},
		{"", NoMove, "type a cell number 0-8"},
		{"1 2 3", NoMove, `too many numbers in "1 2 3": type a cell number 0-8`},
		{"4 extra words", NoMove, `"4 extra words" is not a cell`},
		{strings.Repeat("7", 5000), NoMove, `"7777777777777777"... is not a cell`},
		{"99999999999999999999", NoMove, "not a cell"},
	}
	for _, tt := range tests {
		got, err := g.ParseMove(tt.in)
		switch {
		case tt.errPart == "" && (err != nil || got != tt.want):
			t.Errorf("ParseMove(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		case tt.errPart != "" && (err == nil || !strings.Contains(err.Error(), tt.errPart)):
			t.Errorf("ParseMove(%q) error %v; want one saying %q", tt.in, err, tt.errPart)
		case err != nil && strings.Contains(err.Error(), "\n"):
			t.Errorf("ParseMove(%q) error spans lines: %q", tt.in, err)
		}
	}
}

// FuzzParseMove: no input panics any game's move parser, an accepted
// move is legal, and a refused one gets a message of one short line, as
// the parser words it and as the prompt does.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"4", "1 1", "", "x", "-0", "2,2", "00000000000000000004", "1 1 1", "\x00", "٣", "63", "7 7",
		"abc", "yes please", "ñ✓漢字", "4 extra words", strings.Repeat("\U000e0001", 30), strings.Repeat("ab ", 2000)} {
		f.Add(uint8(0), s, "041")
		f.Add(uint8(1), s, "4453")
		f.Add(uint8(2), s, "10,41")
	}
	f.Fuzz(func(t *testing.T, game uint8, in, record string) {
		spec := declared.games[int(game)%len(declared.games)]
		g, err := spec.parseRecord(record, nil)
		if err != nil {
			return
		}
		m, err := g.ParseMove(in)
		if err == nil && !slices.Contains(g.Moves(nil), m) {
			t.Fatalf("%s: ParseMove(%q) accepted illegal move %d after %q", spec.name, in, m, record)
		}
		if err == nil {
			return
		}
		for _, msg := range []string{err.Error(), moveAdvice(in, err)} {
			if strings.Contains(msg, "\n") || utf8.RuneCountInString(msg) >= 100 {
				t.Fatalf("%s: ParseMove(%q): message not one short line: %q", spec.name, in, msg)
			}
		}
	})
}

// FuzzParseRecord: any line of -analyze input, in any game, gets an answer,
// never a panic; an accepted record (which may spell a cell "05") writes
// back in canonical form, which reads back to the same position.
func FuzzParseRecord(f *testing.F) {
	for _, s := range []string{"", "048", "0000", "012345678", "9", "a", "4 extra", "4453", "5,23,40", "5,,6"} {
		f.Add(uint8(0), s)
	}
	f.Fuzz(func(t *testing.T, game uint8, record string) {
		spec := declared.games[int(game)%len(declared.games)]
		g, err := spec.parseRecord(record, nil)
		if err != nil {
			return
		}
		canonical := spec.record(g)
		again, err := spec.parseRecord(canonical, nil)
		if err != nil || spec.record(again) != canonical || again.Key() != g.Key() {
			t.Fatalf("%s: record %q writes as %q, which reads back as %v", spec.name, record, canonical, err)
		}
	})
}

// census walks every game of Tic-Tac-Toe from the empty board.
type census struct {
	games, xWins, oWins, draws int
	positions                  map[uint64]bool
	canonical                  map[uint64]bool
}

func (c *census) walk(g *TicTacToe) {
	c.positions[g.Key()] = true
	c.canonical[canonicalKey(g)] = true
	if g.Over() {
		c.games++
		switch g.Winner() {
		case X:
			c.xWins++
		case O:
			c.oWins++
		default:
			c.draws++
		}
		return
	}
	for _, m := range g.Moves(nil) {
		g.Play(m)
		c.walk(g)
		g.Undo()
	}
}

// tttSymmetries are the eight symmetries of the square as cell maps.
var tttSymmetries = [8][9]int{
	{0, 1, 2, 3, 4, 5, 6, 7, 8}, {2, 5, 8, 1, 4, 7, 0, 3, 6},
	{8, 7, 6, 5, 4, 3, 2, 1, 0}, {6, 3, 0, 7, 4, 1, 8, 5, 2},
	{2, 1, 0, 5, 4, 3, 8, 7, 6}, {6, 7, 8, 3, 4, 5, 0, 1, 2},
	{0, 3, 6, 1, 4, 7, 2, 5, 8}, {8, 5, 2, 7, 4, 1, 6, 3, 0},
}

// canonicalKey is the smallest key among the eight symmetric boards.
func canonicalKey(g *TicTacToe) uint64 {
	best := ^uint64(0)
	for _, sym := range tttSymmetries {
		var t TicTacToe
		for c := 0; c < 9; c++ {
			if s := g.at(c); s != Nobody {
				t.marks[s] |= 1 << sym[c]
			}
		}
		best = min(best, t.Key())
	}
	return best
}

// The counts every course quotes (docs/tictactoe.md).
func TestTicTacToeCensus(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	c := &census{positions: map[uint64]bool{}, canonical: map[uint64]bool{}}
	c.walk(NewTicTacToe())
	got := [6]int{c.games, c.xWins, c.oWins, c.draws, len(c.positions), len(c.canonical)}
	want := [6]int{255168, 131184, 77904, 46080, 5478, 765}
	if got != want {
		t.Errorf("games, X wins, O wins, draws, positions, up to symmetry = %v, want %v", got, want)
	}
}

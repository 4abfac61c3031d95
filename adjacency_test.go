package main

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"
)

// slowAdj is the plain reference of the Adjacency rules: a grid of cells,
// flips found by looking up, down, left and right with bounds checks, and
// seed 002's objective counted cell by cell. It plays through the Game
// interface so that the generic SearchBot can search it too.
type slowAdj struct {
	cells   [8][8]Side
	rounds  int
	history []Move
	boards  [][8][8]Side // the board before each move, for Undo
	// skipped counts the turns handed over without a mark: the relaxed
	// positions of adjsearchrelax_test.go.
	skipped int
}

func newSlowAdj(rounds int) *slowAdj {
	s := &slowAdj{rounds: rounds}
	s.cells[6][0], s.cells[6][1], s.cells[7][0], s.cells[7][1] = X, X, X, X
	s.cells[0][6], s.cells[0][7], s.cells[1][6], s.cells[1][7] = O, O, O, O
	return s
}

// steps are the four orthogonal directions.
var steps = [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

func onBoard(r, c int) bool { return r >= 0 && r < 8 && c >= 0 && c < 8 }

func (s *slowAdj) Turn() Side {
	if (len(s.history)+s.skipped)%2 == 0 {
		return X
	}
	return O
}

func (s *slowAdj) Moves(buf []Move) []Move {
	buf = buf[:0]
	if s.Over() {
		return buf
	}
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			if s.cells[r][c] == Nobody {
				buf = append(buf, Move(r*8+c))
			}
		}
	}
	return buf
}

func (s *slowAdj) Play(m Move) {
	s.boards = append(s.boards, s.cells)
	me := s.Turn()
	r, c := int(m)/8, int(m)%8
	s.cells[r][c] = me
	for _, d := range steps {
		if rr, cc := r+d[0], c+d[1]; onBoard(rr, cc) && s.cells[rr][cc] == me.Other() {
			s.cells[rr][cc] = me
		}
	}
	s.history = append(s.history, m)
}

func (s *slowAdj) Undo() {
	n := len(s.history) - 1
	s.cells = s.boards[n]
	s.history, s.boards = s.history[:n], s.boards[:n]
}

func (s *slowAdj) History() []Move { return s.history }
func (s *slowAdj) Over() bool      { return len(s.history)+s.skipped == 2*s.rounds }

func (s *slowAdj) count(side Side) int {
	n := 0
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			if s.cells[r][c] == side {
				n++
			}
		}
	}
	return n
}

func (s *slowAdj) Winner() Side {
	switch {
	case !s.Over():
		return Nobody
	case s.count(X) > s.count(O):
		return X
	case s.count(O) > s.count(X):
		return O
	}
	return Nobody
}

func (s *slowAdj) Final(side Side) int { return s.count(side) - s.count(side.Other()) }
func (s *slowAdj) Utility() Utility    { return Utility{Margin: true, Max: 64} }

// roundsLeft is ceil(plies left / 2), the template's label.
func (s *slowAdj) roundsLeft() int { return (2*s.rounds - len(s.history) + 1) / 2 }

// pliesLeft is the objective's M: the single moves still to come.
func (s *slowAdj) pliesLeft() int { return 2*s.rounds - len(s.history) }

// The generic searches over a slowAdj judge by its own reading of the
// objective (Evaluate below), the default evaluator of a card of its own
// (not registered as a game): a reference independent of adjeval.go.
func init() {
	cards[reflect.TypeOf((*slowAdj)(nil))] = &gameSpec{name: "slowadj", evaluators: []evaluator{{name: "course",
		score: func(g Game, s Side) int { return g.(*slowAdj).Evaluate(s) }}}}
}

// Evaluate follows seed 002's formula term by term.
func (s *slowAdj) Evaluate(side Side) int {
	var l, u [3]int
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			if s.cells[r][c] == Nobody {
				continue
			}
			open := false
			for _, d := range steps {
				if rr, cc := r+d[0], c+d[1]; onBoard(rr, cc) && s.cells[rr][cc] == Nobody {
					open = true
				}
			}
			if open {
				u[s.cells[r][c]]++
			} else {
				l[s.cells[r][c]]++
			}
		}
	}
	du := u[side] - u[side.Other()]
	sign := 0
	switch {
	case du > 0:
		sign = 1
	case du < 0:
		sign = -1
	}
	abs := du * sign
	return l[side] - l[side.Other()] + sign*max(abs-s.pliesLeft(), 0)
}

func (s *slowAdj) Key() uint64 {
	var k uint64 = 1469598103934665603
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			k = (k ^ uint64(s.cells[r][c])) * 1099511628211
		}
	}
	return k ^ uint64(s.rounds)
}

func (s *slowAdj) Clone() Game {
	c := *s
	c.history = append([]Move(nil), s.history...)
	c.boards = append([][8][8]Side(nil), s.boards...)
	return &c
}

func (s *slowAdj) Render(bool) string { return fmt.Sprint(s.cells) }

func (s *slowAdj) ParseMove(text string) (Move, error) {
	return parseCell(text, 8, 8, func(c int) bool { return s.cells[c/8][c%8] == Nobody })
}

func (s *slowAdj) FormatMove(m Move) string { return fmt.Sprint(int(m)) }

// adjFromPicture builds an Adjacency position from 8 rows of '.', 'X', 'O'
// with ply plies counted as played (their cells are not recorded, so the
// position cannot be undone).
func adjFromPicture(t *testing.T, rounds, ply int, rows ...string) *Adjacency {
	t.Helper()
	a := NewAdjacency(rounds)
	a.marks[X], a.marks[O] = 0, 0
	if len(rows) != 8 {
		t.Fatalf("picture has %d rows", len(rows))
	}
	for r, row := range rows {
		row = strings.ReplaceAll(row, " ", "")
		if len(row) != 8 {
			t.Fatalf("picture row %q is not 8 cells", row)
		}
		for c, ch := range row {
			switch ch {
			case 'X':
				a.marks[X] |= 1 << (r*8 + c)
			case 'O':
				a.marks[O] |= 1 << (r*8 + c)
			}
		}
	}
	a.history = make([]Move, ply)
	a.flipped = make([]uint64, ply)
	return a
}

// picture draws a position the way adjFromPicture reads it.
func picture(a *Adjacency) []string {
	rows := make([]string, 8)
	for r := range rows {
		var b strings.Builder
		for c := 0; c < 8; c++ {
			b.WriteString(map[Side]string{Nobody: ".", X: "X", O: "O"}[a.at(r*8+c)])
		}
		rows[r] = b.String()
	}
	return rows
}

func TestAdjacencyStart(t *testing.T) {
	a := NewAdjacency(8)
	want := []string{
		"......OO",
		"......OO",
		"........",
		"........",
		"........",
		"........",
		"XX......",
		"XX......",
	}
	if got := picture(a); strings.Join(got, "/") != strings.Join(want, "/") {
		t.Errorf("start board %v, want %v", got, want)
	}
	if a.Turn() != X || a.Count(X) != 4 || a.Count(O) != 4 || a.RoundsLeft() != 8 || a.Over() {
		t.Errorf("start: turn %v, counts %d-%d, rounds left %d, over %v", a.Turn(), a.Count(X), a.Count(O), a.RoundsLeft(), a.Over())
	}
	moves := a.Moves(nil)
	if len(moves) != 56 || moves[0] != 0 || moves[5] != 5 || moves[6] != 8 || moves[55] != 63 {
		t.Errorf("start moves %v: want the 56 empty cells in scan order", moves)
	}
}

// TestAdjacencyFlips plays one move on a drawn board and checks the board
// after it.
func TestAdjacencyFlips(t *testing.T) {
	tests := []struct {
		name   string
		ply    int // even: X moves, odd: O moves
		before []string
		move   Move
		after  []string
	}{
		{"top-left corner turns both neighbours", 0,
			[]string{".O......", "O.......", "........", "........", "........", "........", "........", "........"}, 0,
			[]string{"XX......", "X.......", "........", "........", "........", "........", "........", "........"}},
		{"four at once", 0,
			[]string{"........", "........", "...O....", "..O.O...", "...O....", "........", "........", "........"}, 27,
			[]string{"........", "........", "...X....", "..XXX...", "...X....", "........", "........", "........"}},
		{"never diagonally", 0,
			[]string{"........", "........", "..O.O...", "........", "..O.O...", "........", "........", "........"}, 27,
			[]string{"........", "........", "..O.O...", "...X....", "..O.O...", "........", "........", "........"}},
		{"right edge does not wrap into the next row", 0,
			[]string{"........", "O.......", "........", "........", "........", "........", "........", "........"}, 7,
			[]string{".......X", "O.......", "........", "........", "........", "........", "........", "........"}},
		{"left edge does not wrap into the row above", 0,
			[]string{".......O", "........", "........", "........", "........", "........", "........", "........"}, 8,
			[]string{".......O", "X.......", "........", "........", "........", "........", "........", "........"}},
		{"bottom-left corner, row above wraps to nothing", 1,
			[]string{"........", "........", "........", "........", "........", ".......X", "X.......", ".X......"}, 56,
			[]string{"........", "........", "........", "........", "........", ".......X", "O.......", "OO......"}},
		{"bottom-right corner", 1,
			[]string{"........", "........", "........", "........", "........", "........", ".......X", "X.....X."}, 63,
			[]string{"........", "........", "........", "........", "........", "........", ".......O", "X.....OO"}},
		{"own marks and far enemies stay", 0,
			[]string{"........", "...X....", "..X.X...", "...O....", "...O....", "........", "........", "........"}, 19,
			[]string{"........", "...X....", "..XXX...", "...X....", "...O....", "........", "........", "........"}},
		{"O turns X the same way, not diagonally", 1,
			[]string{"........", "........", "........", "........", "........", "........", "X.......", "X......."}, 57,
			[]string{"........", "........", "........", "........", "........", "........", "X.......", "OO......"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := adjFromPicture(t, 8, tc.ply, tc.before...)
			a.Play(tc.move)
			if got := picture(a); strings.Join(got, "/") != strings.Join(tc.after, "/") {
				t.Errorf("after %d:\n got %v\nwant %v", tc.move, got, tc.after)
			}
			a.Undo()
			if got := picture(a); strings.Join(got, "/") != strings.Join(tc.before, "/") {
				t.Errorf("undo: got %v, want %v", got, tc.before)
			}
		})
	}
}

func TestAdjacencyParseMove(t *testing.T) {
	a := NewAdjacency(8)
	tests := []struct {
		in   string
		want Move
		err  string // a word the error must contain, "" for none
	}{
		{"10", 10, ""},
		{"1 2", 10, ""},
		{" 63 ", 63, ""},
		{"7 7", 63, ""},
		{"48", NoMove, "taken"},
		{"6 0", NoMove, "taken"},
		{"64", NoMove, "off the board"},
		{"8 0", NoMove, "off the board"},
		{"-1", NoMove, "off the board"},
		{"hello", NoMove, "not a cell"},
		{"", NoMove, "cell number"},
		{"1 1 1", NoMove, `too many numbers in "1 1 1": type a cell number 0-63`},
	}
	for _, tc := range tests {
		m, err := a.ParseMove(tc.in)
		switch {
		case tc.err == "" && (err != nil || m != tc.want):
			t.Errorf("ParseMove(%q) = %d, %v; want %d", tc.in, m, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("ParseMove(%q) = %d, %v; want an error about %q", tc.in, m, err, tc.err)
		case err != nil && strings.Contains(err.Error(), "\n"):
			t.Errorf("ParseMove(%q): error %q is more than one line", tc.in, err)
		}
	}
	if got := a.FormatMove(41); got != "41" {
		t.Errorf("FormatMove(41) = %q", got)
	}
}

// TestAdjacencyRounds checks the round counting and the ends of games: a
// round is one move each, the game is 2*rounds plies, and after it no move
// is accepted.
func TestAdjacencyRounds(t *testing.T) {
	spec, err := findGame("adj")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		rounds int
		record string
		left   []int // rounds left after each ply
		x, o   int
		winner Side
	}{
		// Far apart, no flips: 6-6, a tie.
		{2, "0,63,3,60", []int{2, 1, 1, 0}, 6, 6, Nobody},
		// X's 5 turns 6, O's 40 turns 48, X's 22 turns 14, O's 23 turns 22.
		{2, "5,40,22,23", []int{2, 1, 1, 0}, 6, 6, Nobody},
		{2, "5,0,22,1", []int{2, 1, 1, 0}, 8, 4, X},
		// Moves at the row ends: 32 and 31 do not touch each other.
		{3, "40,39,41,47,32,31", []int{3, 2, 2, 1, 1, 0}, 7, 7, Nobody},
		// X's 13 turns 14, O's 12 turns 13, O's 22 turns 14 back.
		{2, "13,12,2,22", []int{2, 1, 1, 0}, 5, 7, O},
	}
	for _, tc := range tests {
		g, err := spec.parseRecord(tc.record, gameOptions{"rounds": tc.rounds})
		if err != nil {
			t.Fatalf("%s: %v", tc.record, err)
		}
		a := g.(*Adjacency)
		replay := NewAdjacency(tc.rounds)
		for i, m := range a.History() {
			if replay.Over() {
				t.Fatalf("%s: over after %d plies", tc.record, i)
			}
			replay.Play(m)
			if got := replay.RoundsLeft(); got != tc.left[i] {
				t.Errorf("%s: after ply %d, %d rounds left, want %d", tc.record, i+1, got, tc.left[i])
			}
		}
		if !a.Over() || len(a.Moves(nil)) != 0 {
			t.Errorf("%s: not over after %d rounds", tc.record, tc.rounds)
		}
		if a.Count(X) != tc.x || a.Count(O) != tc.o || a.Winner() != tc.winner {
			t.Errorf("%s: %d-%d, winner %v; want %d-%d, %v", tc.record, a.Count(X), a.Count(O), a.Winner(), tc.x, tc.o, tc.winner)
		}
		if a.Final(X) != tc.x-tc.o || a.Final(O) != tc.o-tc.x {
			t.Errorf("%s: Final %d/%d, want %d", tc.record, a.Final(X), a.Final(O), tc.x-tc.o)
		}
		if _, err := a.ParseMove("30"); err == nil {
			t.Errorf("%s: a move accepted after the end", tc.record)
		}
		if got := spec.record(a); got != tc.record {
			t.Errorf("record %q, want %q", got, tc.record)
		}
	}
}

// TestAdjacencyFullBoard plays 28 rounds at random: the board fills exactly.
func TestAdjacencyFullBoard(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for game := 0; game < 20; game++ {
		a := NewAdjacency(28)
		for !a.Over() {
			moves := a.Moves(nil)
			a.Play(moves[rng.IntN(len(moves))])
		}
		if len(a.History()) != 56 || a.marks[X]|a.marks[O] != ^uint64(0) || a.Count(X)+a.Count(O) != 64 {
			t.Fatalf("after 28 rounds: %d plies, %d+%d marks", len(a.History()), a.Count(X), a.Count(O))
		}
		if adjCourseScore(a, X) != a.Final(X) {
			t.Errorf("full board: Evaluate %d, Final %d", adjCourseScore(a, X), a.Final(X))
		}
	}
}

// TestAdjacencyObjective checks seed 002's objective on hand-counted boards.
func TestAdjacencyObjective(t *testing.T) {
	tests := []struct {
		name          string
		rounds, ply   int
		rows          []string
		evalX, finalX int
	}{
		// X: 56 is shut in by 48 and 57 (L), 48, 49, 57 touch an empty cell
		// (U); O the same with 7 shut in. L 1-1, U 3-3: 0.
		{"start", 8, 0, []string{"......OO", "......OO", "........", "........", "........", "........", "XX......", "XX......"}, 0, 0},
		// X 0 is shut in by O 1 and O 8 (L_X 1); X 9, O 1, O 8 touch empty
		// cells (U_X 1, U_O 2); |U diff| 1 <= M = 8 - 5 = 3: 1 - 0 = 1.
		{"corner shut in by the enemy", 4, 5, []string{"XO......", "OX......", "........", "........", "........", "........", "........", "........"}, 1, 0},
		// X: 0 shut in (L 1), 1 and 8 open (U 2). O: a column, all open
		// (U 8). C = -1, |U diff| 6; M is the plies left, 16 - ply: 6 at
		// ply 10, max(6-6, 0) = 0, so 1 - 0 = 1.
		{"U gap equals plies left", 8, 10, adjColumnBoard, 1, -5},
		// Ply 4 and 5: M 12 and 11, far above 6 (with M the rounds left,
		// 6 at both, the same).
		{"many plies left", 8, 4, adjColumnBoard, 1, -5},
		{"many plies left, O to move", 8, 5, adjColumnBoard, 1, -5},
		// Ply 11: M = 5, 1 - (6-5) = 0; ply 12: M = 4, 1 - 2 = -1 (the
		// rounds left, 2, would give -3); ply 14: M = 2, 1 - 4 = -3.
		{"U gap exceeds plies left by 1", 8, 11, adjColumnBoard, 0, -5},
		{"U gap exceeds plies left by 2", 8, 12, adjColumnBoard, -1, -5},
		{"U gap exceeds plies left by 4", 8, 14, adjColumnBoard, -3, -5},
		// X holds row 3 (8 open marks) and the start group (L 1, U 3); O
		// its start group (L 1, U 3). U 11-3, M = 16 - 12 = 4 at ply 12:
		// 0 + (8-4) = 4; at ply 15, M = 1: 0 + 7 = 7.
		{"C positive", 8, 12, []string{"......OO", "......OO", "........", "XXXXXXXX", "........", "........", "XX......", "XX......"}, 4, 8},
		{"C positive, last ply", 8, 15, []string{"......OO", "......OO", "........", "XXXXXXXX", "........", "........", "XX......", "XX......"}, 7, 8},
		// No round left: every term counts, Evaluate is the mark difference.
		{"no rounds left", 8, 16, []string{"......OO", "......OO", "........", "XXXXXXXX", "........", "........", "XX......", "XX......"}, 8, 8},
		// Full rows: no empty cell, so every mark is L.
		{"full board", 28, 56, []string{"XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "OOOOOOOO", "OOOOOOOO", "OOOOOOOO", "OOOOOOOO", "OOOOOOOO"}, -16, -16},
	}
	for _, tc := range tests {
		a := adjFromPicture(t, tc.rounds, tc.ply, tc.rows...)
		if got := adjCourseScore(a, X); got != tc.evalX {
			t.Errorf("%s: Evaluate(X) = %d, want %d", tc.name, got, tc.evalX)
		}
		if got := adjCourseScore(a, O); got != -tc.evalX {
			t.Errorf("%s: Evaluate(O) = %d, want %d", tc.name, got, -tc.evalX)
		}
		if got := a.Final(X); got != tc.finalX {
			t.Errorf("%s: Final(X) = %d, want %d", tc.name, got, tc.finalX)
		}
		if got := a.Final(O); got != -tc.finalX {
			t.Errorf("%s: Final(O) = %d, want %d", tc.name, got, -tc.finalX)
		}
	}
}

// adjColumnBoard is X in the top-left corner against an O column.
var adjColumnBoard = []string{
	"XX.O....",
	"X..O....",
	"...O....",
	"...O....",
	"...O....",
	"...O....",
	"...O....",
	"...O....",
}

// TestAdjacencyAgainstReference plays random games on the bitboards and on
// the plain grid side by side, comparing everything after every move, with
// some moves taken back and replayed.
func TestAdjacencyAgainstReference(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(3, 4))
	var buf, slowBuf []Move
	for game := 0; game < 300; game++ {
		rounds := 2 + rng.IntN(27)
		fast, slow := NewAdjacency(rounds), newSlowAdj(rounds)
		for {
			adjCompare(t, fast, slow)
			if t.Failed() {
				t.Fatalf("game %d, rounds %d, moves %v", game, rounds, fast.History())
			}
			if fast.Over() {
				break
			}
			buf, slowBuf = fast.Moves(buf), slow.Moves(slowBuf)
			m := buf[rng.IntN(len(buf))]
			if rng.IntN(4) == 0 {
				// A move and its undo leave both boards as they were.
				before := fast.Key()
				fast.Play(m)
				slow.Play(m)
				adjCompare(t, fast, slow)
				fast.Undo()
				slow.Undo()
				if fast.Key() != before {
					t.Fatalf("key changed by Play/Undo of %d", m)
				}
				adjCompare(t, fast, slow)
			}
			fast.Play(m)
			slow.Play(m)
		}
	}
}

// adjCompare reports every difference between the fast and the slow board.
func adjCompare(t *testing.T, fast *Adjacency, slow *slowAdj) {
	t.Helper()
	for c := 0; c < 64; c++ {
		if fast.at(c) != slow.cells[c/8][c%8] {
			t.Errorf("cell %d: %v, reference %v", c, fast.at(c), slow.cells[c/8][c%8])
		}
	}
	if fast.Turn() != slow.Turn() || fast.Over() != slow.Over() || fast.Winner() != slow.Winner() ||
		fast.RoundsLeft() != slow.roundsLeft() {
		t.Errorf("turn %v/%v over %v/%v winner %v/%v rounds left %d/%d", fast.Turn(), slow.Turn(),
			fast.Over(), slow.Over(), fast.Winner(), slow.Winner(), fast.RoundsLeft(), slow.roundsLeft())
	}
	for _, s := range []Side{X, O} {
		if adjCourseScore(fast, s) != slow.Evaluate(s) || fast.Final(s) != slow.Final(s) {
			t.Errorf("%v: Evaluate %d/%d Final %d/%d", s, adjCourseScore(fast, s), slow.Evaluate(s), fast.Final(s), slow.Final(s))
		}
	}
	fm, sm := fast.Moves(nil), slow.Moves(nil)
	if fmt.Sprint(fm) != fmt.Sprint(sm) {
		t.Errorf("moves %v, reference %v", fm, sm)
	}
}

// TestAdjacencyKeyAndClone: the key depends on the board, not the order
// the cells were taken in; a clone is independent of its original.
func TestAdjacencyKeyAndClone(t *testing.T) {
	a, b := NewAdjacency(8), NewAdjacency(8)
	for _, m := range []Move{10, 20, 30, 21} {
		a.Play(m)
	}
	for _, m := range []Move{30, 21, 10, 20} {
		b.Play(m)
	}
	if a.Key() != b.Key() {
		t.Errorf("same board, different keys")
	}
	c := a.Clone()
	c.Play(40)
	if a.Key() == c.Key() || len(a.History()) != 4 || len(c.History()) != 5 {
		t.Errorf("clone not independent")
	}
	c.Undo()
	if a.Key() != c.Key() {
		t.Errorf("clone after undo differs")
	}
	if NewAdjacency(8).Key() == NewAdjacency(9).Key() {
		t.Errorf("games of different lengths share a key")
	}
}

func TestAdjacencyRender(t *testing.T) {
	a := NewAdjacency(8)
	a.Play(40) // X below its group: no flip
	got := a.Render(false)
	for _, want := range []string{
		"|  0  1  2  3  4  5  O  O |\n",
		"|  X 41 42 43 44 45 46 47 |\n",
		"|  X  X 58 59 60 61 62 63 |\n",
		"X: 5  O: 4  rounds left: 8\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("render lacks %q:\n%s", want, got)
		}
	}
}

// TestAdjacencySpec checks the games table entry: names, defaults, the
// specialised bots and the comma-separated records.
func TestAdjacencySpec(t *testing.T) {
	spec, err := findGame("adjacency")
	if err != nil {
		t.Fatal(err)
	}
	if alias, _ := findGame("adj"); alias != spec {
		t.Errorf("adj is not an alias of adjacency")
	}
	if spec.seats.botFirst || spec.seats.bot != "alphabeta" || defaultBudget(t, spec, "alphabeta") != (Budget{Time: 5 * time.Second}) {
		t.Errorf("defaults: bot %q first %v budget %v", spec.seats.bot, spec.seats.botFirst, defaultBudget(t, spec, "alphabeta"))
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for name, prune := range map[string]bool{"alphabeta": true, "minimax": false} {
		b, err := newBotFor(spec, name, rng)
		if ab, ok := b.(*AdjBot); err != nil || !ok || ab.Prune != prune || b.Name() != name {
			t.Errorf("newBot(%q) = %T %v", name, b, err)
		}
	}
	if b, err := newBotFor(spec, "random", rng); err != nil || b.Name() != "random" {
		t.Errorf("newBot(random) = %v, %v", b, err)
	}
	g, err := spec.parseRecord("10,41,61", nil)
	if err != nil || spec.record(g) != "10,41,61" || g.Turn() != O {
		t.Errorf("record 10,41,61: %v", err)
	}
	if _, err := spec.parseRecord("10,10", nil); err == nil {
		t.Errorf("a taken cell accepted in a record")
	}
	if _, err := spec.parseRecord("1,2,3,4,5", gameOptions{"rounds": 2}); err == nil {
		t.Errorf("a record longer than the game accepted")
	}
}

// BenchmarkAdjacencyPlayEvaluate is the inner step of the generic bots
// (local search, genetic): play a move, score the position, take it back.
func BenchmarkAdjacencyPlayEvaluate(b *testing.B) {
	a := adjRandomPosition(rand.New(rand.NewPCG(1, 2)), 8, 6)
	moves := a.Moves(nil)
	sum := 0
	for i := 0; b.Loop(); i++ {
		a.Play(moves[i%len(moves)])
		sum += adjCourseScore(a, X) + a.Final(O)
		a.Undo()
	}
	_ = sum
}

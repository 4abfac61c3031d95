package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// refBoard is the reference for the solver on every size: a board as a
// plain array of columns, [col][row] from the bottom, and nothing clever.
type refBoard struct {
	w, h  int
	cells [][]Side
	n     int // stones on the board
}

// newRefBoard replays a record of 0-based columns on an empty w x h board.
func newRefBoard(w, h int, moves []Move) *refBoard {
	b := &refBoard{w: w, h: h, cells: make([][]Side, w)}
	for _, m := range moves {
		b.play(int(m))
	}
	return b
}

// turn is X after an even number of stones.
func (b *refBoard) turn() Side {
	if b.n%2 == 0 {
		return X
	}
	return O
}

func (b *refBoard) play(col int) { b.cells[col] = append(b.cells[col], b.turn()); b.n++ }

func (b *refBoard) undo(col int) { b.cells[col] = b.cells[col][:len(b.cells[col])-1]; b.n-- }

// at is the stone at col, row, Nobody off the board or empty.
func (b *refBoard) at(col, row int) Side {
	if col < 0 || col >= b.w || row < 0 || row >= len(b.cells[col]) {
		return Nobody
	}
	return b.cells[col][row]
}

// wins reports whether the top stone of col is in four in a row, by
// counting its colour both ways along each direction.
func (b *refBoard) wins(col int) bool {
	row := len(b.cells[col]) - 1
	s := b.at(col, row)
	for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		n := 1
		for _, sign := range []int{1, -1} {
			for i := 1; b.at(col+sign*i*d[0], row+sign*i*d[1]) == s; i++ {
				n++
			}
		}
		if n >= 4 {
			return true
		}
	}
	return false
}

// refScore is the exact score of the position for the side to move, by
// plain negamax over every move to the end of the game: a win on the
// mover's stone that falls on n stones scores (w*h + 1 - n)/2. memo holds
// the scores of positions seen (by their grid), only to keep 5x4 quick.
func refScore(b *refBoard, memo *refMemo) int {
	key, key2 := b.code()
	slot := memo.slot(key, key2)
	if memo.keys[slot] != 0 {
		return int(memo.vals[slot])
	}
	best, moved := -b.w*b.h, false
	for col := range b.w {
		if len(b.cells[col]) == b.h {
			continue
		}
		moved = true
		b.play(col)
		var v int
		switch {
		case b.wins(col):
			v = (b.w*b.h + 1 - (b.n - 1)) / 2
		case b.n == b.w*b.h:
			v = 0
		default:
			v = -refScore(b, memo)
		}
		b.undo(col)
		best = max(best, v)
	}
	if !moved {
		best = 0
	}
	memo.keys[slot], memo.keys2[slot], memo.vals[slot] = key+1, key2, int8(best)
	memo.n++
	return best
}

// refMemo is an open-addressing hash table of scores by grid code (plus
// one in its first word, 0 marking a free slot): a Go map of the 3
// million positions of 5x4 took seconds.
type refMemo struct {
	keys, keys2 []uint64
	vals        []int8
	n           int
}

// newRefMemo has room for 8 million positions.
func newRefMemo() *refMemo {
	return &refMemo{keys: make([]uint64, 1<<23), keys2: make([]uint64, 1<<23), vals: make([]int8, 1<<23)}
}

// slot is the key's slot, or the free slot where it goes.
func (m *refMemo) slot(key, key2 uint64) int {
	mask := len(m.keys) - 1
	i := int(((key^key2*0xff51afd7ed558ccd)*0x9E3779B97F4A7C15)>>40) & mask
	for m.keys[i] != 0 && (m.keys[i] != key+1 || m.keys2[i] != key2) {
		i = (i + 1) & mask
	}
	return i
}

// code is the grid as a number of two words, two bits a cell (Nobody, X,
// O), cell col*h + row: the memo's key (a board of up to 64 cells).
func (b *refBoard) code() (uint64, uint64) {
	var k [2]uint64
	for col, cells := range b.cells {
		for row, c := range cells {
			i := 2 * (col*b.h + row)
			k[i/64] |= uint64(c) << (i % 64)
		}
	}
	return k[0], k[1]
}

// sizedGame replays a record on a board of the given size.
func sizedGame(t testing.TB, w, h int, record string) *ConnectFour {
	t.Helper()
	g, err := c4Spec().parseRecord(record, gameOptions{"width": w, "height": h})
	if err != nil {
		t.Fatalf("%dx%d %q: %v", w, h, record, err)
	}
	return g.(*ConnectFour)
}

// TestSolverSmallBoardsAgainstReference: on 4x4, 5x4 and 4x5 the
// solver's exact score and best move agree with the plain negamax, from
// the empty board and from random positions of every length; so do the
// hint's column scores. 5x4 starts from 3 stones: its empty board would
// cost the reference 3 million positions, a second of the suite
// (TestSolverEmptySmallBoards has its score).
func TestSolverSmallBoardsAgainstReference(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	for _, size := range [][3]int{{4, 4, 0}, {5, 4, 3}, {4, 5, 0}} {
		// Each size a parallel subtest: its own solver, memo and seed.
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			smallBoardAgainstReference(t, size[0], size[1], size[2])
		})
	}
}

// smallBoardAgainstReference is TestSolverSmallBoardsAgainstReference on
// the w x h board, the random games least plies or more long.
func smallBoardAgainstReference(t *testing.T, w, h, least int) {
	memo := newRefMemo()
	s := newTestSolver(c4GeomOf(w, h), 14, nil)
	rng := rand.New(rand.NewPCG(uint64(w), uint64(h)))
	checked := 0
	for game := 0; game < 20; game++ {
		g := NewConnectFourSize(w, h)
		if game > 0 || least > 0 { // the first game checks the empty board
			for plies := least + rng.IntN(w*h-2-least); plies > 0 && !g.Over(); plies-- {
				moves := g.Moves(nil)
				g.Play(moves[rng.IntN(len(moves))])
			}
		}
		if g.Over() {
			continue
		}
		ref := newRefBoard(w, h, g.History())
		want := refScore(ref, memo)
		p := c4PosOf(g)
		m, v := s.bestMove(p)
		if v != want {
			t.Fatalf("%dx%d %q: score %d, reference %d", w, h, c4Spec().record(g), v, want)
		}
		// The move keeps the score: the reference scores it so.
		ref.play(int(m))
		got := (w*h + 1 - (ref.n - 1)) / 2
		if !ref.wins(int(m)) {
			got = 0
			if ref.n < w*h {
				got = -refScore(ref, memo)
			}
		}
		ref.undo(int(m))
		if got != want {
			t.Fatalf("%dx%d %q: move %d scores %d, best %d", w, h, c4Spec().record(g), m+1, got, want)
		}
		for col := range w {
			v, ok := s.childScore(p, col)
			if ok != (len(ref.cells[col]) < h) {
				t.Fatalf("%dx%d %q: column %d open %v", w, h, c4Spec().record(g), col+1, ok)
			}
			if !ok {
				continue
			}
			ref.play(col)
			want := (w*h + 1 - (ref.n - 1)) / 2
			if !ref.wins(col) {
				want = 0
				if ref.n < w*h {
					want = -refScore(ref, memo)
				}
			}
			ref.undo(col)
			if v != want {
				t.Fatalf("%dx%d %q: column %d scores %d, reference %d", w, h, c4Spec().record(g), col+1, v, want)
			}
		}
		checked++
	}
	t.Logf("%dx%d: %d positions, %d in the reference's memo", w, h, checked, memo.n)
}

// TestSolverEmptySmallBoards: the exact scores of the empty small boards
// (the reference's, and Tromp's results as Steininger's table gives
// them: 4x4, 5x4, 4x5 drawn, 6x4 a second-player win on the last stone,
// 4x6, 5x5, 7x4, 6x5 and 5x6 drawn).
func TestSolverEmptySmallBoards(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	for _, tc := range []struct{ w, h, score int }{{4, 4, 0}, {5, 4, 0}, {4, 5, 0}, {6, 4, -1}, {4, 6, 0}, {5, 5, 0}, {7, 4, 0}, {6, 5, 0}, {5, 6, 0}} {
		s := newTestSolver(c4GeomOf(tc.w, tc.h), 16, nil)
		if _, v := s.bestMove(c4Pos{}); v != tc.score {
			t.Errorf("%dx%d: empty board scores %d, want %d", tc.w, tc.h, v, tc.score)
		}
	}
}

// TestSolverOpsOnTheSets: on 7x6 positions of the benchmark sets (a
// sample of each), the solver with the operations written for every size
// (constShifts off) finds the set's score in as many nodes as with 7x6's
// on constant shifts, so that the other sizes search as 7x6 does.
func TestSolverOpsOnTheSets(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	std := newTestSolver(c4Std, 20, nil)
	tune := c4Defaults()
	tune.constShifts = false
	any := newC4Solver(c4Std, newC4Table(20, c4Std.keyBits), nil, tune)
	for _, set := range []struct {
		name string
		n    int
	}{{"Test_L3_R1", 50}, {"Test_L2_R1", 30}, {"Test_L2_R2", 20}, {"Test_L1_R1", 3}} {
		for _, c := range loadSet(t, set.name)[:set.n] {
			std.reset()
			any.reset()
			p := posOf(t, c.moves)
			if v, w := std.solve(p), any.solve(p); v != c.score || w != c.score || std.nodes() != any.nodes() {
				t.Errorf("%s %s: %d in %d nodes, with the operations of every size %d in %d, want %d",
					set.name, c.moves, v, std.nodes(), w, any.nodes(), c.score)
			}
		}
	}
}

// TestSizedBoard: the geometry of the sizes at the edges of the range,
// rendering and notation of wide boards, and the size's own rules.
func TestSizedBoard(t *testing.T) {
	for _, size := range [][2]int{{4, 4}, {9, 6}, {12, 4}, {4, 15}, {8, 7}, {5, 6}} {
		g := c4GeomOf(size[0], size[1])
		// Segments: horizontal (w-3)h, vertical w(h-3), diagonal 2(w-3)(h-3).
		w, h := size[0], size[1]
		if want := (w-3)*h + w*(h-3) + 2*(w-3)*(h-3); len(g.segments) != want {
			t.Errorf("%dx%d: %d segments, want %d", w, h, len(g.segments), want)
		}
		if got := popcount(g.full); got != w*h {
			t.Errorf("%dx%d: %d cells", w, h, got)
		}
	}
	if got := c4GeomOf(6, 5).order; !equalInts(got, []int{2, 3, 1, 4, 0, 5}) {
		t.Errorf("6 columns in order %v", got)
	}
	g := sizedGame(t, 10, 4, "aa1")
	want := strings.Join([]string{
		"-----------------------",
		"| . . . . . . . . . . |",
		"| . . . . . . . . . . |",
		"| . . . . . . . . . O |",
		"| X . . . . . . . . X |",
		"-----------------------",
		"  1 2 3 4 5 6 7 8 9 a",
		"",
	}, "\n")
	if got := g.Render(false); got != want {
		t.Errorf("render:\n%s\nwant:\n%s", got, want)
	}
	for in, want := range map[string]Move{"10": 9, "a": 9, "A": 9, "9": 8} {
		if m, err := g.ParseMove(in); err != nil || m != want {
			t.Errorf("10 columns: ParseMove(%q) = %v, %v", in, m, err)
		}
	}
	if _, err := g.ParseMove("b"); err == nil || !strings.Contains(err.Error(), "column b (11) is off the board: columns are 1-9, a (10)") {
		t.Errorf("10 columns: ParseMove(b) error %v", err)
	}
	if _, err := sizedGame(t, 9, 6, "").ParseMove("a"); err == nil || !strings.Contains(err.Error(), `"a" is not a column: type a column number 1-9`) {
		t.Errorf("9 columns: ParseMove(a) error %v", err)
	}
	// Four across on a 4x4 board's bottom row; a full 4x4 board drawn.
	if g := sizedGame(t, 4, 4, "1122334"); g.Winner() != X {
		t.Errorf("4x4 bottom row: winner %v", g.Winner())
	}
	if g := sizedGame(t, 4, 4, "1234123421434321"); !g.Over() || g.Winner() != Nobody {
		t.Errorf("4x4 full board: over %v winner %v", g.Over(), g.Winner())
	}
	if _, err := c4Spec().parseRecord("5", gameOptions{"width": 4, "height": 4}); err == nil {
		t.Errorf("column 5 accepted on 4 columns")
	}
}

// TestSizedAgainstReference plays random games on several sizes and
// checks the bitboards' winner and evaluation against the plain board.
func TestSizedAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, size := range [][2]int{{4, 4}, {5, 7}, {9, 6}, {12, 4}, {4, 15}, {8, 7}} {
		w, h := size[0], size[1]
		for range 30 {
			g := NewConnectFourSize(w, h)
			for !g.Over() {
				moves := g.Moves(nil)
				m := moves[rng.IntN(len(moves))]
				g.Play(m)
				ref := newRefBoard(w, h, g.History())
				if ref.wins(int(m)) != (g.Winner() != Nobody) {
					t.Fatalf("%dx%d %v: winner %v", w, h, g.History(), g.Winner())
				}
			}
			if g.Winner() == Nobody && len(g.History()) != w*h {
				t.Fatalf("%dx%d %v: drawn before the board is full", w, h, g.History())
			}
			// The fast playout follows the same rules: it ends every
			// game it starts, on a board of this size.
			if s := NewConnectFourSize(w, h).randomPlayout(rng); s != X && s != O && s != Nobody {
				t.Fatalf("%dx%d: playout winner %v", w, h, s)
			}
		}
	}
}

// TestSizedScores: the finished-position answer and the plies of a
// score follow the general convention (W*H + 1 - n)/2.
func TestSizedScores(t *testing.T) {
	// 4x4: X wins across the bottom with its 4th stone on 6 stones.
	if got := c4FinalScore(sizedGame(t, 4, 4, "1122334")); got != -(17-6)/2 {
		t.Errorf("4x4 finished: %d, want %d", got, -(17-6)/2)
	}
	for _, tc := range []struct{ cells, v, n, plies int }{
		{42, 18, 4, 3}, {42, 0, 10, 32}, {16, 5, 6, 1}, {16, -5, 5, 2}, {24, -1, 0, 24}, {42, 21, 0, 1},
	} {
		if got := c4AnyPlies(tc.cells, tc.v, tc.n); got != tc.plies {
			t.Errorf("c4AnyPlies(%d, %d, %d) = %d, want %d", tc.cells, tc.v, tc.n, got, tc.plies)
		}
	}
	// On 7x6 it agrees with the 7x6 solver's plies everywhere.
	for n := 0; n < 42; n++ {
		for v := -(42 - n) / 2; v <= (43-n)/2; v++ {
			if got, want := c4AnyPlies(42, v, n), plies(v, n); got != want {
				t.Fatalf("c4AnyPlies(42, %d, %d) = %d, plies %d", v, n, got, want)
			}
		}
	}
}

// TestSizedBotsPlay: every bot plays a whole game on 4x4 and on 9x5
// without an illegal move, the solver on 4x4 with the reference's exact
// scores and its expected line.
func TestSizedBotsPlay(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	spec := c4Spec()
	memo := newRefMemo()
	for _, size := range [][2]int{{4, 4}, {9, 5}} {
		w, h := size[0], size[1]
		for _, name := range declared.botNames(spec, false) {
			if name == "solver" && w > 4 {
				continue // minutes from the empty 9x5 board
			}
			bot, err := newBotFor(spec, name, rand.New(rand.NewPCG(1, 2)))
			if err != nil {
				t.Fatal(err)
			}
			g := spec.start(gameOptions{"width": w, "height": h})
			budget := Budget{Depth: 3, Playouts: 300, Jobs: 1, Time: time.Second}
			for !g.Over() {
				d := bot.Think(context.Background(), g, budget)
				c := g.(*ConnectFour)
				if d.Move < 0 || int(d.Move) >= w || !c.canPlay(int(d.Move)) {
					t.Fatalf("%s on %dx%d %v: move %d", name, w, h, g.History(), d.Move)
				}
				if name == "solver" {
					want := refScore(newRefBoard(w, h, g.History()), memo)
					if !d.Proof.Exact || d.Score != want || len(d.PV) != d.Depth || d.PV[0] != d.Move {
						t.Fatalf("solver on %dx%d %v: %+v, reference %d", w, h, g.History(), d.Stats, want)
					}
				}
				g.Play(d.Move)
			}
		}
	}
}

// TestSizedFlags: -width and -height reach the game; a size out of range
// or too large for 64 bits is a one-line error naming the flags; the
// flags warn in another game, as -rounds does.
func TestSizedFlags(t *testing.T) {
	p := mustPlan(t, "-game", "c4", "-width", "9", "-height", "6")
	if w, h := p.spec.start(p.opt).(*ConnectFour).Size(); w != 9 || h != 6 {
		t.Errorf("-width 9 -height 6: a %dx%d board", w, h)
	}
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"-game", "c4", "-width", "3"}, `-width "3": expected a whole number from 4 to 12`},
		{[]string{"-game", "c4", "-height", "16"}, `-height "16": expected a whole number from 4 to 15`},
		{[]string{"-game", "c4", "-width", "10"}, "-width 10 -height 6: accepted are sizes with width x (height+1) at most 64, so at most 5 rows for 10 columns"},
		{[]string{"-game", "c4", "-width", "x"}, `-width "x": expected a whole number from 4 to 12`},
	} {
		if _, err := planOf(tc.args...); err == nil || err.Error() != tc.err {
			t.Errorf("%v: error %v, want %q", tc.args, err, tc.err)
		}
	}
	if p := mustPlan(t, "-game", "adj", "-width", "5"); len(p.warnings) != 1 || p.warnings[0] != "-width does not apply to Adjacency: ignored" {
		t.Errorf("-width in Adjacency: %q", p.warnings)
	}
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// FuzzParseSizedRecord: any record on any board size gets an answer,
// never a panic; an accepted record writes back in canonical form (one
// character a column, a-c beyond 9), which reads back to the same
// position on that size.
func FuzzParseSizedRecord(f *testing.F) {
	for _, tc := range []struct {
		w, h   uint8
		record string
	}{{4, 4, "1122334"}, {12, 4, "abc1"}, {10, 5, "aA9"}, {9, 6, "999999"}, {9, 6, "9999999"}, {5, 11, "5"}, {4, 15, "1234"},
		{7, 6, "4453"}, {12, 4, "10"}, {11, 4, "c"}, {4, 4, "1234123421434321"}, {4, 4, "12341234214343211"}} {
		f.Add(tc.w, tc.h, tc.record)
	}
	f.Fuzz(func(t *testing.T, w, h uint8, record string) {
		width, height := c4MinSide+int(w)%(c4MaxWidth-c4MinSide+1), c4MinSide+int(h)%(c4MaxHeight-c4MinSide+1)
		if c4SizeError(width, height) != nil {
			return
		}
		opt := gameOptions{"width": width, "height": height}
		g, err := c4Spec().parseRecord(record, opt)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("%dx%d %q: error of more than one line: %q", width, height, record, err)
			}
			return
		}
		canonical := c4Spec().record(g)
		again, err := c4Spec().parseRecord(canonical, opt)
		if err != nil || c4Spec().record(again) != canonical || again.Key() != g.Key() || len(canonical) != len(g.History()) {
			t.Fatalf("%dx%d: record %q writes as %q, which reads back as %v", width, height, record, canonical, err)
		}
	})
}

// BenchmarkEmptySized solves the empty board of C4_WIDTH x C4_HEIGHT
// (default 6 x 6) with C4_JOBS threads (default 1), on a table of
// 2^C4_TABLE_BITS entries (by default as the solver bot's, c4TableBits);
// C4_ETC_LEFT sets the tuning's etcLeft. It reports
// the nodes and checks the score against C4_SCORE when set.
func BenchmarkEmptySized(b *testing.B) {
	g := c4GeomOf(envInt(b, "C4_WIDTH", 6), envInt(b, "C4_HEIGHT", 6))
	s := newEnvSolver(b, g, envInt(b, "C4_TABLE_BITS", c4TableBits(g)))
	s.setJobs(envInt(b, "C4_JOBS", 1))
	want := envInt(b, "C4_SCORE", infinity)
	for b.Loop() {
		s.reset()
		if v := s.solve(c4Pos{}); want != infinity && v != want {
			b.Fatalf("%dx%d: %d, want %d", g.width, g.height, v, want)
		}
	}
	b.ReportMetric(float64(s.nodes()), "nodes/op")
}

// TestOpsAgree: the operations written for every size (c4solverbits.go,
// c4solverbounds.go) give what 7x6's on constants give, on random positions of
// every board six high (7x6's serve them all), so that the other sizes
// search as 7x6 does (TestSolverOpsOnTheSets checks whole searches).
func TestOpsAgree(t *testing.T) {
	for _, size := range [][2]int{{7, 6}, {4, 6}, {6, 6}, {8, 6}, {9, 6}} {
		g := c4GeomOf(size[0], size[1])
		rng := rand.New(rand.NewPCG(39, uint64(g.width)))
		for n := 0; n < 1000; {
			c := NewConnectFourSize(g.width, g.height)
			for stones := rng.IntN(g.cells - 2); !c.Over() && len(c.history) < stones; {
				moves := c.Moves(nil)
				c.Play(moves[rng.IntN(len(moves))])
			}
			if c.Over() {
				continue
			}
			n++
			opsAgree(t, g, c4PosOf(c), fmt.Sprintf("%dx%d %s", g.width, g.height, c4Spec().record(c)))
		}
	}
}

// opsAgree checks the operations of every size against 7x6's on p, a
// position of board g six high (described as rec).
func opsAgree(t *testing.T, g *c4Geom, p c4Pos, rec string) {
	t.Helper()
	for _, b := range []uint64{p.cur, p.cur ^ p.mask} {
		if got, want := geoThreats(g, b, p.mask), stdThreats(g, b, p.mask); got != want {
			t.Fatalf("%s: threats %x, 7x6's %x", rec, got, want)
		}
	}
	empty := g.full &^ p.mask
	for _, b := range []uint64{p.cur | empty, p.cur ^ p.mask | empty, p.cur, p.mask} {
		if got, want := g.aligned(b), c4Four(b); got != want {
			t.Fatalf("%s: four in %x %v, 7x6's %v", rec, b, got, want)
		}
	}
	for _, w := range [][2]int{{0, 0}, {-3, -2}, {2, 3}} {
		lo, hi := geoOpenBounds(g, p, -20, 20, w[0], w[1])
		if wlo, whi := openBounds(g, p, -20, 20, w[0], w[1]); lo != wlo || hi != whi {
			t.Fatalf("%s: openBounds %d %d, 7x6's %d %d", rec, lo, hi, wlo, whi)
		}
	}
	if p.moves%2 == 0 {
		if got, want := geoClaimeven(g, p, 20), claimevenBound(g, p, 20); got != want {
			t.Fatalf("%s: claimeven %d, 7x6's %d", rec, got, want)
		}
	}
	if !g.std {
		return
	}
	if got, want := geoMirror(g, p.key()), mirror(p.key()); got != want {
		t.Fatalf("%s: mirror %x, 7x6's %x", rec, got, want)
	}
	for _, merge := range []bool{false, true} {
		k, f := geoTableKey(g, p, merge)
		if wk, wf := tableKey(p, merge); k != wk || f != wf {
			t.Fatalf("%s: key %x %v, 7x6's %x %v", rec, k, f, wk, wf)
		}
	}
}

// TestSolverWideKeys: on boards whose keys do not fit a narrow table
// entry beside their bucket (9x6, 63 bits; 12x4, 60; 4x15, 64), on a
// table of 2^20 entries, which must then hold wide entries, the solver's
// scores of random positions with 10 to 12 empty cells agree with the
// plain negamax, also with the table kept from one position to the next.
func TestSolverWideKeys(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	for _, size := range [][2]int{{9, 6}, {12, 4}, {4, 15}} {
		w, h := size[0], size[1]
		// Each size a parallel subtest: its own solver and seed.
		t.Run(fmt.Sprintf("%dx%d", w, h), func(t *testing.T) {
			t.Parallel()
			wideKeysAgainstReference(t, w, h)
		})
	}
}

// wideKeysAgainstReference is TestSolverWideKeys on the w x h board.
func wideKeysAgainstReference(t *testing.T, w, h int) {
	s := newTestSolver(c4GeomOf(w, h), 20, nil)
	if !s.wide {
		t.Fatalf("%dx%d: a narrow table", w, h)
	}
	rng := rand.New(rand.NewPCG(uint64(w), 15))
	for n := 0; n < 12; {
		g := NewConnectFourSize(w, h)
		for left := 10 + rng.IntN(3); !g.Over() && len(g.History()) < w*h-left; {
			moves := g.Moves(nil)
			g.Play(moves[rng.IntN(len(moves))])
		}
		if g.Over() {
			continue
		}
		n++
		want := refScore(newRefBoard(w, h, g.History()), newRefMemo())
		if n%2 == 0 {
			s.reset()
		}
		if v := s.solve(c4PosOf(g)); v != want {
			t.Errorf("%dx%d %q: %d, reference %d", w, h, c4Spec().record(g), v, want)
		}
	}
}

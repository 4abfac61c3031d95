package main

import (
	"bufio"
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// benchCase is a benchmark position and its published score.
type benchCase struct {
	moves string
	score int
}

// loadSet reads a public benchmark set from testdata/c4 (its README has
// the sets' names and the C++ solver's reference figures).
func loadSet(t testing.TB, name string) []benchCase {
	f, err := os.Open("testdata/c4/" + name)
	if err != nil {
		t.Fatalf("benchmark set: %v", err)
	}
	defer f.Close()
	var cases []benchCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 2 {
			t.Fatalf("%s: bad line %q", name, sc.Text())
		}
		v, err := strconv.Atoi(fields[1])
		if err != nil {
			t.Fatalf("%s: bad line %q", name, sc.Text())
		}
		cases = append(cases, benchCase{fields[0], v})
	}
	if len(cases) != 1000 {
		t.Fatalf("%s: %d positions, want 1000", name, len(cases))
	}
	return cases
}

// posOf replays a record for the solver.
func posOf(t testing.TB, record string) c4Pos {
	return c4PosOf(c4Game(t, record))
}

// TestSolverSets checks exact scores on the benchmark sets: all of the
// two easy ones, every stride-th position of the others. The table is
// kept between the positions of a set (scores belong to positions), which
// also tests that reuse.
func TestSolverSets(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	var sets sync.WaitGroup
	for _, tc := range []struct {
		set    string
		stride int
	}{
		{"Test_L3_R1", 1},
		{"Test_L2_R1", 1},
		{"Test_L2_R2", 10},
		{"Test_L1_R1", 5},
		{"Test_L1_R2", 200},
		{"Test_L1_R3", 1000},
	} {
		// Each set on a solver of its own, all at once: they take
		// seconds each, the first of Test_L1_R3 the longest.
		cases := loadSet(t, tc.set)
		var positions []c4Pos
		for i := 0; i < len(cases); i += tc.stride {
			positions = append(positions, posOf(t, cases[i].moves))
		}
		sets.Go(func() {
			s := newStdSolver()
			for i, p := range positions {
				if c, v := cases[i*tc.stride], s.solve(p); v != c.score {
					t.Errorf("%s %s: %d, want %d", tc.set, c.moves, v, c.score)
				}
			}
		})
	}
	sets.Wait()
}

// plainScore is the exact score by plain negamax: every move, no
// pruning, no table; the scores of docs/connect4.md straight from their
// definition.
func plainScore(g *ConnectFour) int {
	best := -infinity
	for _, m := range g.Moves(nil) {
		g.Play(m)
		var v int
		switch {
		case g.Winner() != Nobody:
			// The mover's stones are its ceil(n/2) of n on the board.
			v = 22 - (len(g.history)+1)/2
		case g.Over():
			v = 0
		default:
			v = -plainScore(g)
		}
		g.Undo()
		best = max(best, v)
	}
	return best
}

// TestSolverAgainstPlainNegamax compares scores and moves with the plain
// search on random positions with at most 12 empty cells.
func TestSolverAgainstPlainNegamax(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(12, 1))
	s := newStdSolver()
	for n := 0; n < 60; {
		g := NewConnectFour()
		empty := 8 + rng.IntN(5)
		for !g.Over() && len(g.history) < c4Cells-empty {
			moves := g.Moves(nil)
			g.Play(moves[rng.IntN(len(moves))])
		}
		if g.Over() {
			continue
		}
		n++
		want := plainScore(g)
		s.reset()
		p := c4PosOf(g)
		if v := s.solve(p); v != want {
			t.Errorf("%s: solver %d, plain negamax %d", c4Spec().record(g), v, want)
		}
		m, v := s.bestMove(p)
		g.Play(m)
		var after int
		switch {
		case g.Winner() != Nobody:
			after = 22 - (len(g.history)+1)/2
		case g.Over():
			after = 0
		default:
			after = -plainScore(g)
		}
		g.Undo()
		if v != want || after != want {
			t.Errorf("%s: best move %d scores %d (claimed %d), want %d", c4Spec().record(g), m+1, after, v, want)
		}
	}
}

// TestBestMoveCentral checks the tie rule: among columns that keep the
// score, the most central.
func TestBestMoveCentral(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	s := newStdSolver()
	recs := []string{"112233", "444444333333112"}
	for _, c := range loadSet(t, "Test_L2_R1")[:30] {
		recs = append(recs, c.moves)
	}
	offCentre := 0
	for _, rec := range recs {
		g := c4Game(t, rec)
		p := c4PosOf(g)
		m, v := s.bestMove(p)
		for _, col := range c4Order {
			sc, ok := s.childScore(p, col)
			if !ok || sc != v {
				continue
			}
			if Move(col) != m {
				t.Errorf("%s: move %d, but %d is more central with the same score %d", rec, m+1, col+1, v)
			}
			if col != c4Order[0] {
				offCentre++
			}
			break
		}
	}
	if offCentre == 0 {
		t.Errorf("no position where the centre column was not best: the order rule went untested")
	}
}

// decodeKey rebuilds a position from its key (cur+mask): adding the
// bottom row sets one bit above each column's stones.
func decodeKey(key uint64) c4Pos {
	k := key + c4Bottom
	var p c4Pos
	for col := 0; col < c4Width; col++ {
		c := k >> (col * c4Col) & (1<<c4Col - 1)
		h := bits.Len64(c) - 1
		p.mask |= (1<<h - 1) << (col * c4Col)
		p.cur |= (c &^ (1 << h)) << (col * c4Col)
	}
	p.moves = bits.OnesCount64(p.mask)
	return p
}

// bookValue is the score of p by one ply of the book: the book move (a
// legal one), then the worst of the opponent's replies, each scored by the
// book; false if some reply's position is not in the book.
func bookValue(b book, p c4Pos, e bookEntry) (int, bool) {
	cell := p.column(int(bookMove(p, e)))
	if c4Aligned(p.cur | cell) {
		return geoWinScore(c4Std, p), true
	}
	c := p.play(cell)
	if c.moves == c4Cells {
		return 0, true
	}
	if winningCells(c.cur, c.mask)&c.possible() != 0 {
		return -geoWinScore(c4Std, c), true
	}
	v := infinity
	for col := 0; col < c4Width; col++ {
		r := c.column(col)
		if r == 0 {
			continue
		}
		q := c.play(r)
		if q.moves == c4Cells {
			v = min(v, 0)
			continue
		}
		f, ok := b.lookup(bookKey(q))
		if !ok {
			return 0, false
		}
		v = min(v, int(f.score))
	}
	return v, true
}

// TestBook checks the embedded book: every entry whose replies are all in
// the book agrees with them (score = the book move's worst reply), the
// empty board scores +1 at column 4, and a random sample of the entries
// the solver answers in seconds is re-solved from scratch.
func TestBook(t *testing.T) {
	for _, rec := range []string{"", "4", "4453", "112233", "444444"} {
		if p := posOf(t, rec); decodeKey(p.key()) != p {
			t.Fatalf("%q: key decodes to %+v, want %+v", rec, decodeKey(p.key()), p)
		}
	}
	b := openingBook()
	if e, ok := b.lookup(bookKey(c4Pos{})); !ok || e.score != 1 || bookMove(c4Pos{}, e) != 3 {
		t.Fatalf("the book's empty board: %+v, %v; want score 1, column 4", e, ok)
	}
	checked := 0
	var deep []uint64
	for _, w := range b {
		p := decodeKey(w & bookKeyMask)
		e := unpackBookEntry(w)
		if p.moves >= 14 {
			deep = append(deep, w)
		}
		if m := int(bookMove(p, e)); m < 0 || m >= c4Width || p.column(m) == 0 {
			t.Errorf("book entry %x (%d stones): move %d is not legal", w&bookKeyMask, p.moves, m+1)
			continue
		}
		v, ok := bookValue(b, p, e)
		if !ok {
			continue
		}
		checked++
		if v != int(e.score) {
			t.Errorf("book entry %x (%d stones): score %d, its replies say %d", w&bookKeyMask, p.moves, e.score, v)
		}
	}
	if checked == 0 {
		t.Errorf("no book entry had all its replies in the book")
	}
	rng := rand.New(rand.NewPCG(7, 7))
	s := newStdSolver()
	for i := 0; i < 10 && len(deep) > 0; i++ {
		w := deep[rng.IntN(len(deep))]
		p, e := decodeKey(w&bookKeyMask), unpackBookEntry(w)
		if v := s.solve(p); v != int(e.score) {
			t.Errorf("book entry %x: score %d, solver %d", w&bookKeyMask, e.score, v)
		}
		if v, ok := s.childScore(p, int(bookMove(p, e))); !ok || v != int(e.score) {
			t.Errorf("book entry %x: move %d scores %d, want %d", w&bookKeyMask, bookMove(p, e)+1, v, e.score)
		}
	}
	t.Logf("%d entries, %d checked against their replies, %d deep ones sampled", len(b), checked, min(10, len(deep)))
}

// play runs one game between two bots from a record, checking every
// move is legal, and returns the finished game and the slowest move.
func play(t *testing.T, start string, x, o Bot, budget Budget) (*ConnectFour, time.Duration) {
	t.Helper()
	g := c4Game(t, start)
	var slowest time.Duration
	err := playGame(context.Background(), g, botSeats(x, o, budget), gameHooks{after: func(g Game, d Decision) error {
		slowest = max(slowest, d.Time)
		if d.Time > time.Second {
			t.Logf("move %d took %v, up to %q", len(g.History()), d.Time, c4Spec().record(g))
		}
		return nil
	}})
	if err != nil { // an illegal move among them
		t.Fatalf("%s: %v", c4Spec().record(g), err)
	}
	return g, slowest
}

// TestSolverBeatsAlphaBeta: the solver, moving as X, wins every game
// against the student paper's alpha-beta at its default depth: from the empty
// board (through the book), and from the Begin-Medium positions with X to
// move and a won score.
func TestSolverBeatsAlphaBeta(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	solver := &SolverBot{}
	ab, err := newBotFor(c4Spec(), "alphabeta", rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	starts := []string{""}
	for _, c := range loadSet(t, "Test_L1_R2") {
		if len(c.moves)%2 == 0 && len(c.moves) >= 10 && c.score > 0 && len(starts) < 6 {
			starts = append(starts, c.moves)
		}
	}
	budget := defaultBudget(t, c4Spec(), "alphabeta")
	var slowest time.Duration
	for _, start := range starts {
		g, slow := play(t, start, solver, ab, budget)
		slowest = max(slowest, slow)
		if g.Winner() != X {
			t.Errorf("from %q the solver did not win: %s", start, c4Spec().record(g))
		}
	}
	t.Logf("slowest move %v", slowest)
}

// TestSolverTimeout: a cancelled search still returns a legal move.
func TestSolverTimeout(t *testing.T) {
	b := &SolverBot{s: newStdSolver()}
	var g *ConnectFour
	for _, rec := range []string{"1717", "2626", "1212", "7171", "3535"} {
		if _, ok := openingBook().lookup(bookKey(posOf(t, rec))); !ok {
			g = c4Game(t, rec)
			break
		}
	}
	if g == nil {
		t.Fatal("no early position outside the book to time out on")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	var d Decision
	inTime(t, "cancelled solve", 50*time.Millisecond, 450*time.Millisecond, func() { d = b.Think(ctx, g, Budget{}) })
	if _, err := g.ParseMove(g.FormatMove(d.Move)); err != nil {
		t.Errorf("move after timeout: %v", err)
	}
	if d.Nodes < pollEvery {
		t.Errorf("the search stopped after %d nodes: it never ran into the time limit", d.Nodes)
	}
}

// TestAnalyzeAnswers replays records as -analyze does and checks the
// solver's answers: scores, moves, and finished positions.
func TestAnalyzeAnswers(t *testing.T) {
	spec := c4Spec()
	bot, err := newBotFor(spec, "solver", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		record string
		score  int
		move   string
	}{
		{"", 1, "4"},         // the book
		{"6146", 18, ""},     // the example of docs/connect4.md
		{"112233", 18, "4"},  // a win at once: 22 - 4 stones
		{"1122334", -18, ""}, // finished: the loser's side
	} {
		g, err := spec.parseRecord(tc.record, nil)
		if err != nil {
			t.Fatal(err)
		}
		if g.Over() {
			if v := spec.analyst.finalScore(g); v != tc.score {
				t.Errorf("%q finished: %d, want %d", tc.record, v, tc.score)
			}
			continue
		}
		d := bot.Think(context.Background(), g, defaultBudget(t, spec, "alphabeta"))
		if d.Score != tc.score || (tc.move != "" && g.FormatMove(d.Move) != tc.move) {
			t.Errorf("%q: %d %s, want %d %s", tc.record, d.Score, g.FormatMove(d.Move), tc.score, tc.move)
		}
	}
	rec := loadSet(t, "Test_L2_R1")[0].moves
	var scores []string
	s, p := newStdSolver(), posOf(t, rec)
	for col := 0; col < c4Width; col++ {
		if v, ok := s.childScore(p, col); ok {
			scores = append(scores, fmt.Sprint(v))
		} else {
			scores = append(scores, "-")
		}
	}
	if h, want := (&SolverBot{}).hint(context.Background(), c4Game(t, rec), 1), c4ScoreTable(scores); h != want {
		t.Errorf("hint of %s: %q, want %q", rec, h, want)
	}
}

// benchSet measures the solver on one benchmark set with a fresh table
// per position, like the reference figures: us/pos is the mean wall time
// of the solve alone (timed by hand: b.StopTimer would itself cost more
// than an easy solve), cpu-us/pos the same in the thread's processor
// time (on a shared machine the steadier figure), nodes/pos the mean
// nodes, ns/node the solve's wall time per node. C4_ETC_LEFT sets the
// tuning's etcLeft (as benchEmpty does).
func benchSet(b *testing.B, name string, limit, jobs int) {
	cases := loadSet(b, name)[:limit]
	s := newEnvSolver(b, c4Std, ttBits)
	s.setJobs(jobs)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var nodes int64
	var solving, cpu time.Duration
	cpuOK := true
	n := 0
	for b.Loop() {
		c := cases[n%len(cases)]
		p := posOf(b, c.moves)
		s.reset()
		c0, _ := threadCPU()
		start := time.Now()
		v := s.solve(p)
		solving += time.Since(start)
		c1, ok := threadCPU()
		cpu += c1 - c0
		cpuOK = cpuOK && ok
		if v != c.score {
			b.Fatalf("%s: %d, want %d", c.moves, v, c.score)
		}
		nodes += s.nodes()
		n++
	}
	b.ReportMetric(float64(nodes)/float64(n), "nodes/pos")
	b.ReportMetric(float64(solving.Nanoseconds())/1e3/float64(n), "us/pos")
	b.ReportMetric(float64(solving.Nanoseconds())/float64(max(nodes, 1)), "ns/node")
	if cpuOK {
		b.ReportMetric(float64(cpu.Nanoseconds())/1e3/float64(n), "cpu-us/pos")
	}
}

func BenchmarkEndEasy(b *testing.B)      { benchSet(b, "Test_L3_R1", 1000, 1) }
func BenchmarkMiddleEasy(b *testing.B)   { benchSet(b, "Test_L2_R1", 1000, 1) }
func BenchmarkMiddleMedium(b *testing.B) { benchSet(b, "Test_L2_R2", 1000, 1) }
func BenchmarkBeginEasy(b *testing.B)    { benchSet(b, "Test_L1_R1", 1000, 1) }
func BenchmarkBeginMedium(b *testing.B)  { benchSet(b, "Test_L1_R2", 100, 1) }
func BenchmarkBeginHard(b *testing.B)    { benchSet(b, "Test_L1_R3", 10, 1) }

// The same with two threads (their cpu-us/pos is the main thread's).
func BenchmarkMiddleMedium2(b *testing.B) { benchSet(b, "Test_L2_R2", 1000, 2) }
func BenchmarkBeginMedium2(b *testing.B)  { benchSet(b, "Test_L1_R2", 100, 2) }
func BenchmarkBeginHard2(b *testing.B)    { benchSet(b, "Test_L1_R3", 10, 2) }

// BenchmarkSeedAlphaBeta is one move of the student paper's alpha-beta at the
// default depth, over positions of the Middle-Medium set.
func BenchmarkSeedAlphaBeta(b *testing.B) {
	cases := loadSet(b, "Test_L2_R2")
	spec := c4Spec()
	bot, _ := newBotFor(spec, "alphabeta", nil)
	budget := defaultBudget(b, spec, "alphabeta")
	var nodes int64
	n := 0
	for b.Loop() {
		g := c4Game(b, cases[n%len(cases)].moves)
		nodes += bot.Think(context.Background(), g, budget).Nodes
		n++
	}
	b.ReportMetric(float64(nodes)/float64(n), "nodes/op")
}

// BenchmarkEmptyBoard solves the empty board without the book (minutes:
// run it with -bench=EmptyBoard -benchtime=1x); EmptyBoard2 with two
// threads.
func BenchmarkEmptyBoard(b *testing.B)  { benchEmpty(b, 1) }
func BenchmarkEmptyBoard2(b *testing.B) { benchEmpty(b, 2) }

// benchEmpty solves the empty board with so many threads, on a table of
// 2^ttBits entries, or 2^C4_EMPTY_BITS if set; C4_ETC_LEFT sets the
// tuning's etcLeft, the empty cells above which the static pass probes
// the table.
func benchEmpty(b *testing.B, jobs int) {
	s := newEnvSolver(b, c4Std, envInt(b, "C4_EMPTY_BITS", ttBits))
	s.setJobs(jobs)
	for b.Loop() {
		s.reset()
		if v := s.solve(c4Pos{}); v != 1 {
			b.Fatalf("empty board: %d, want 1", v)
		}
	}
	b.ReportMetric(float64(s.nodes()), "nodes/op")
}

// BenchmarkSolverGames plays whole games from the empty board, with the
// embedded book: solver against solver, and solver against the paper's
// alpha-beta at its default depth in both seats. It reports the slowest
// solver move, the figure that must stay under a second.
func BenchmarkSolverGames(b *testing.B) {
	spec := c4Spec()
	var slowest time.Duration
	for b.Loop() {
		for _, pair := range [][2]string{{"solver", "solver"}, {"solver", "alphabeta"}, {"alphabeta", "solver"}} {
			x, _ := newBotFor(spec, pair[0], nil)
			o, _ := newBotFor(spec, pair[1], nil)
			g := NewConnectFour()
			err := playGame(context.Background(), g, botSeats(x, o, defaultBudget(b, spec, "alphabeta")), gameHooks{after: func(g Game, d Decision) error {
				if pair[len(g.History())%2^1] == "solver" { // the mover's name
					slowest = max(slowest, d.Time)
					if d.Time > 100*time.Millisecond {
						b.Logf("%s-%s: move %d, up to %q, took %v", pair[0], pair[1], len(g.History()), spec.record(g), d.Time)
					}
				}
				return nil
			}})
			if err != nil {
				b.Fatal(err)
			}
			b.Logf("%s-%s: %s, winner %v", pair[0], pair[1], spec.record(g), g.Winner())
		}
	}
	b.ReportMetric(float64(slowest.Milliseconds()), "max-ms/move")
}

// TestSolverParallel solves benchmark positions with two threads on one
// table, kept between positions as in play, and checks the published
// scores; with one thread the node counts must be exactly those of the
// single-threaded solver.
func TestSolverParallel(t *testing.T) {
	par := newStdSolver()
	par.setJobs(2)
	for _, tc := range []struct {
		set    string
		stride int
	}{
		{"Test_L3_R1", 50},
		{"Test_L2_R1", 50},
		{"Test_L2_R2", 50},
		{"Test_L1_R1", 50},
		{"Test_L1_R2", 100},
	} {
		cases := loadSet(t, tc.set)
		for i := 0; i < len(cases); i += tc.stride {
			c := cases[i]
			if v := par.solve(posOf(t, c.moves)); v != c.score {
				t.Errorf("%s %s with 2 threads: %d, want %d", tc.set, c.moves, v, c.score)
			}
		}
	}
	// The scores above are exact although, now and then, a thread gave
	// up a subtree because the other had settled a node above it.
	// (On one processor the threads take turns and rarely overlap, so
	// only with two is unwinding certain to happen.)
	t.Logf("unwound %d times", par.unwinds())
	if par.tune.unwind && runtime.GOMAXPROCS(0) > 1 && par.unwinds() == 0 {
		t.Error("with two threads, no thread ever unwound to a node the other had settled")
	}
	one, plain := newStdSolver(), newStdSolver()
	one.setJobs(2)
	one.setJobs(1)
	for _, c := range loadSet(t, "Test_L1_R1")[:20] {
		one.reset()
		plain.reset()
		p := posOf(t, c.moves)
		if v, w := one.solve(p), plain.solve(p); v != w || one.nodes() != plain.nodes() {
			t.Errorf("%s: one thread after two: %d in %d nodes, single-threaded %d in %d", c.moves, v, one.nodes(), w, plain.nodes())
		}
	}
}

// TestSolverSmallTables solves benchmark positions on the smallest tables
// the solver accepts, whole from the start, where a store that finds its
// bucket full cannot make the part in use grow: it must drop an entry.
func TestSolverSmallTables(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	cases := loadSet(t, "Test_L2_R2")[:10]
	for _, bits := range []int{49 - ttTagBits + 1, ttEagerBits, ttEagerBits + 1, ttEagerBits + 2} {
		for _, jobs := range []int{1, 2} {
			t.Run(fmt.Sprintf("2^%d entries, %d threads", bits, jobs), func(t *testing.T) {
				s := newTestSolver(c4Std, bits, nil)
				s.setJobs(jobs)
				for _, c := range cases {
					s.reset()
					if v := s.solve(posOf(t, c.moves)); v != c.score {
						t.Errorf("%s: %d, want %d", c.moves, v, c.score)
					}
				}
			})
		}
	}
}

// TestSettledAbove checks how a thread finds a node on its path that
// another thread has settled: the first (nearest the root) whose table
// entry cuts its window, never the node being entered or below it.
func TestSettledAbove(t *testing.T) {
	p0 := posOf(t, "44")
	p1 := p0.play(p0.column(3))
	k0, _ := canonical(p0.key())
	k1, _ := canonical(p1.key())
	for _, tc := range []struct {
		name         string
		lo0, hi0     int // the table's bounds for the path's first node (2 stones)
		lo1, hi1     int // and for its second (3 stones)
		moves        int // stones of the node being entered
		unwind, want int // where to unwind (-1 nowhere) and the answer there
	}{
		{"nothing settled", -5, 5, -5, 5, 4, -1, 0},
		{"fails high above", 3, 5, -5, 5, 4, 2, 3},
		{"fails low above", -5, -1, -5, 5, 4, 2, -1},
		{"the nearer the root first", 3, 5, -5, -2, 4, 2, 3},
		{"the second node", -5, 5, -5, -2, 4, 3, -2},
		{"not the node being entered", -5, 5, -5, -2, 3, -1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := newTestSolver(c4Std, 16, nil).main // a thread with this path:
			x.top, x.unwind = 3, -1
			x.path[2] = pathNode{k0, 0, 1, -1}
			x.path[3] = pathNode{k1, -1, 0, 2}
			x.store(k0, 2, tc.lo0, tc.hi0, -1)
			x.store(k1, 3, tc.lo1, tc.hi1, -1)
			x.settledAbove(tc.moves)
			if x.unwind != tc.unwind || x.stopped != (tc.unwind >= 0) || tc.unwind >= 0 && x.unwindV != tc.want {
				t.Errorf("unwind to %d (stopped %v) answering %d, want %d answering %d", x.unwind, x.stopped, x.unwindV, tc.unwind, tc.want)
			}
		})
	}
}

// BenchmarkSolverMoveTimes plays the solver, with the book and
// runtime.NumCPU() threads, against random and against the paper's
// alpha-beta, in both seats, and reports the distribution of its move
// times off the book (p50, p99, max), the figure that must stay under a
// second. Alpha-beta is deterministic, so for variety its first move, and
// in every other game its second, are random; each game starts with a
// fresh table, as a new program does. Run with -benchtime=1x; SOLVER_GAMES
// sets the games per opponent and seat (default 50).
func BenchmarkSolverMoveTimes(b *testing.B) {
	games := envInt(b, "SOLVER_GAMES", 50)
	spec := c4Spec()
	s := newTestSolver(c4Std, ttBits, openingBook())
	solver := &SolverBot{s: s}
	budget := defaultBudget(b, spec, "alphabeta")
	budget.Jobs = runtime.NumCPU()
	var times []time.Duration
	var slowest string
	won, lost := 0, 0
	for b.Loop() {
		times, won, lost = times[:0], 0, 0
		for game := 0; game < 4*games; game++ {
			rng := rand.New(rand.NewPCG(uint64(game), 12))
			opp, _ := newBotFor(spec, "random", rng)
			randomPlies := 0
			if game%4 >= 2 {
				opp, _ = newBotFor(spec, "alphabeta", nil)
				randomPlies = 1 + game/4%2
			}
			solverSide := []Side{X, O}[game%2]
			s.reset()
			g := NewConnectFour()
			oppMoves := 0
			for !g.Over() {
				if g.Turn() != solverSide {
					var m Move
					if oppMoves < randomPlies {
						moves := g.Moves(nil)
						m = moves[rng.IntN(len(moves))]
					} else {
						m = opp.Think(context.Background(), g, budget).Move
					}
					oppMoves++
					g.Play(m)
					continue
				}
				_, inBook := openingBook().lookup(bookKey(c4PosOf(g)))
				d := solver.Think(context.Background(), g, budget)
				if !inBook {
					times = append(times, d.Time)
					if d.Time >= slices.Max(times) {
						slowest = fmt.Sprintf("%v after %q against %s", d.Time, spec.record(g), opp.Name())
					}
				}
				g.Play(d.Move)
			}
			switch g.Winner() {
			case solverSide:
				won++
			case Nobody:
			default:
				lost++
				b.Logf("lost (perfect play can lose as O): %s", spec.record(g))
			}
		}
	}
	slices.Sort(times)
	if len(times) == 0 {
		b.Fatal("no move off the book")
	}
	q := func(f float64) float64 {
		return float64(times[min(len(times)-1, int(f*float64(len(times))))].Microseconds()) / 1e3
	}
	b.Logf("%d moves off the book in %d games (won %d, lost %d); slowest %s", len(times), 4*games, won, lost, slowest)
	b.ReportMetric(q(0.5), "p50-ms")
	b.ReportMetric(q(0.99), "p99-ms")
	b.ReportMetric(float64(times[len(times)-1].Microseconds())/1e3, "max-ms")
	b.ReportMetric(float64(len(times)), "moves")
}

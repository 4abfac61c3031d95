package main

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkAdjSolve solves start positions as alphabeta:book=off:time=0
// does (adjSolve): the rounds of ADJ_SOLVE_ROUNDS (a comma-separated
// list, default 2,3,4), with a table of 2^ADJ_SOLVE_BITS entries
// (default adjSolveTableBits), on ADJ_SOLVE_JOBS threads (default 1), or
// the positions after ADJ_START's moves (see adjBenchStart). It reports
// the nodes, which on one thread repeat exactly; each solve's value and
// line go to standard error.
func BenchmarkAdjSolve(b *testing.B) {
	list := os.Getenv("ADJ_SOLVE_ROUNDS")
	if list == "" {
		list = "2,3,4"
	}
	for _, f := range strings.Split(list, ",") {
		rounds, err := strconv.Atoi(f)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("rounds=%d", rounds), func(b *testing.B) {
			for range b.N {
				a := adjBenchStart(b, rounds)
				tt := newAdjTable(envInt(b, "ADJ_SOLVE_BITS", adjSolveTableBits(a.PliesLeft())))
				sol, ok := adjSolve(context.Background(), a, tt, adjSolveOptions{jobs: adjSolveJobs(b)})
				if !ok {
					b.Fatal("stopped")
				}
				fmt.Fprintf(os.Stderr, "rounds %d: value %d line %s nodes %d time %v\n", rounds, sol.Value, formatAdjLine(sol.Line), sol.Nodes, sol.Time)
				b.ReportMetric(float64(sol.Value), "value")
				b.ReportMetric(float64(sol.Nodes), "nodes")
			}
		})
	}
}

// formatAdjLine writes moves in the -analyze notation.
func formatAdjLine(line []Move) string {
	var f []string
	for _, m := range line {
		f = append(f, strconv.Itoa(int(m)))
	}
	return strings.Join(f, ",")
}

// TestAdjMirror: the bit tricks reflect every cell as the plain formula
// (r, c) -> (7-c, 7-r) does, twice is none, and the start marks of both
// sides map to themselves.
func TestAdjMirror(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 200 {
		m := rng.Uint64() & rng.Uint64()
		if i < 64 {
			m = 1 << uint(i)
		}
		var want uint64
		for cell := range 64 {
			if m&(1<<uint(cell)) != 0 {
				r, c := cell/8, cell%8
				want |= 1 << uint((7-c)*8+7-r)
			}
		}
		if got := adjMirror(m); got != want {
			t.Fatalf("adjMirror(%#x) = %#x, want %#x", m, got, want)
		}
		if adjMirror(adjMirror(m)) != m {
			t.Fatalf("mirroring %#x twice gives %#x", m, adjMirror(adjMirror(m)))
		}
		if i < 64 && adjMirror(m) != 1<<uint(adjMirrorCell(int8(i))) {
			t.Fatalf("adjMirrorCell(%d) = %d, adjMirror says %#x", i, adjMirrorCell(int8(i)), adjMirror(m))
		}
	}
	if adjMirror(adjStartX) != adjStartX || adjMirror(adjStartO) != adjStartO {
		t.Errorf("the start marks are not symmetric: X %#x, O %#x", adjMirror(adjStartX), adjMirror(adjStartO))
	}
}

// TestAdjSolveAgainstReference: on random positions a few plies before
// the end, the solver's value is the exact value the generic alpha-beta
// finds on the plain board, and its line, played out, ends with that
// margin. The position's mirror image (its moves mirrored, from the
// symmetric start) has the same value.
func TestAdjSolveAgainstReference(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(41, 42))
	values := map[int]bool{}
	// The prover's result, on one table for every position, as
	// BenchmarkAdjMatchResults uses it.
	shared := newAdjTable(16)
	for i := range 24 {
		rounds := 2 + rng.IntN(26)
		a := adjRandomPosition(rng, rounds, 2*rounds-2-rng.IntN(4)) // 2 to 5 plies left
		want := slowExact(slowCopy(a))
		values[want] = true
		sol, ok := adjSolve(context.Background(), a, newAdjTable(16), adjSolveOptions{jobs: 1, guess: i%3*2 - 2})
		if !ok || sol.Value != want {
			t.Fatalf("moves %v: value %d (ok %t), reference %d", a.History(), sol.Value, ok, want)
		}
		if r, ok := newAdjProver(context.Background(), a, shared, adjSolveOptions{jobs: 1}).result(); !ok || r != cmp.Compare(want, 0) {
			t.Errorf("moves %v: result %d (ok %t), want the sign of %d", a.History(), r, ok, want)
		}
		if len(sol.Line) != a.PliesLeft() {
			t.Fatalf("moves %v: line %v of %d plies, want %d", a.History(), sol.Line, len(sol.Line), a.PliesLeft())
		}
		h := a.Clone()
		for _, m := range sol.Line {
			h.Play(m)
		}
		if got := h.Final(a.Turn()); got != want {
			t.Errorf("moves %v: line %v ends %d for the mover, want %d", a.History(), sol.Line, got, want)
		}
		mirror := NewAdjacency(rounds)
		for _, m := range a.History() {
			mirror.Play(Move(adjMirrorCell(int8(m))))
		}
		if ms, ok := adjSolve(context.Background(), mirror, newAdjTable(16), adjSolveOptions{jobs: 1}); !ok || ms.Value != want {
			t.Errorf("moves %v: the mirror image is worth %d (ok %t), want %d", a.History(), ms.Value, ok, want)
		}
	}
	if len(values) < 4 {
		t.Errorf("values seen %v: want a spread of wins, draws and losses", values)
	}
}

// TestAdjSolvedStarts: every solved start in the program has a line of
// the game's length that, played out, ends with its value; the small ones
// solve again to the same value, and along their lines every position
// keeps it (the line is perfect). Alphabeta answers a solved start at
// once with its value and that line, unless a depth limit asks for less.
func TestAdjSolvedStarts(t *testing.T) {
	for rounds, sol := range adjSolvedStarts {
		t.Run(fmt.Sprintf("rounds=%d", rounds), func(t *testing.T) {
			a := NewAdjacency(rounds)
			if len(sol.line) != a.PliesLeft() {
				t.Fatalf("line %v has %d plies, want %d", sol.line, len(sol.line), a.PliesLeft())
			}
			for _, m := range sol.line {
				if a.at(int(m)) != Nobody {
					t.Fatalf("line %v: cell %d is taken", sol.line, m)
				}
				a.Play(m)
			}
			if a.Final(X) != sol.value {
				t.Errorf("line %v ends %d for X, want %d", sol.line, a.Final(X), sol.value)
			}
			d := NewAdjBot(true).Think(context.Background(), NewAdjacency(rounds), Budget{Time: time.Second})
			if d.Score != sol.value || d.Move != sol.line[0] || d.Depth != 2*rounds || d.Nodes != 1 || !d.Proof.Exact || !slices.Equal(d.PV, sol.line) {
				t.Errorf("alphabeta from the start: %+v, want the book's value %d, move %d and line %v", d, sol.value, sol.line[0], sol.line)
			}
			if rounds > 6 {
				return // seconds or more: BenchmarkAdjSolve solves them
			}
			got, ok := adjSolve(context.Background(), NewAdjacency(rounds), newAdjTable(20), adjSolveOptions{jobs: 1})
			if !ok || got.Value != sol.value {
				t.Errorf("solved again: %d (ok %t), want %d", got.Value, ok, sol.value)
			}
			if rounds > 4 {
				return
			}
			a = NewAdjacency(rounds)
			for i, m := range sol.line {
				a.Play(m)
				want := sol.value
				if i%2 == 0 {
					want = -want // O to move
				}
				if got, _ := adjSolve(context.Background(), a, newAdjTable(16), adjSolveOptions{jobs: 1}); got.Value != want {
					t.Errorf("after %v: worth %d to the mover, want %d", sol.line[:i+1], got.Value, want)
				}
			}
		})
	}
	if d := NewAdjBot(true).Think(context.Background(), NewAdjacency(4), Budget{Depth: 2}); d.Nodes == 1 {
		t.Errorf("with a depth limit of 2, alphabeta answered from the book: %+v", d)
	}
}

// TestAdjSolveThreads: two threads over one table (see together) find
// the exact values one thread finds, with lines that play out to them,
// solve by class alike and find the same margin after the class (as
// alpha-beta does at the prompt), on positions deep enough (7 to 9
// plies left) for the threads to split the work.
func TestAdjSolveThreads(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	for range 6 {
		a := adjRandomPosition(rng, 8, 7+rng.IntN(3))
		t.Run(adjRecord(a), func(t *testing.T) {
			one, ok1 := adjSolve(context.Background(), a, newAdjTable(18), adjSolveOptions{jobs: 1})
			two, ok2 := adjSolve(context.Background(), a, newAdjTable(18), adjSolveOptions{jobs: 2})
			if !ok1 || !ok2 || one.Value != two.Value {
				t.Fatalf("one thread %d (ok %t), two %d (ok %t)", one.Value, ok1, two.Value, ok2)
			}
			h := a.Clone()
			for _, m := range two.Line {
				h.Play(m)
			}
			if !h.Over() || h.Final(a.Turn()) != two.Value {
				t.Errorf("two threads' line %v ends %d for the mover, want %d", two.Line, h.Final(a.Turn()), two.Value)
			}
			s := adjTestSearch(a, true, newAdjTable(18))
			r := newAdjRoot(a)
			m, class, ok := s.solveClass(r, 2, one.Value > 0)
			if want := cmp.Compare(one.Value, 0); !ok || class != want {
				t.Fatalf("two threads by class: %d (ok %t), want %d", class, ok, want)
			}
			b := a.Clone()
			b.Play(m)
			if after, _ := adjSolve(context.Background(), b.(*Adjacency), newAdjTable(18), adjSolveOptions{jobs: 1}); cmp.Compare(-after.Value, 0) != class {
				t.Errorf("the class's move %d leaves %d to the mover, not of class %d", m, -after.Value, class)
			}
			// The margin, as alpha-beta searches it after the class, on
			// both threads.
			d := s.prove(r, Decision{}, 2, one.Value > 0, time.Now())
			best, v := d.Move, d.Score
			if !d.Proof.Exact || v != one.Value {
				t.Fatalf("two threads' margin search: %d, want %d", v, one.Value)
			}
			c := a.Clone()
			c.Play(best)
			if after, _ := adjSolve(context.Background(), c.(*Adjacency), newAdjTable(18), adjSolveOptions{jobs: 1}); -after.Value != v {
				t.Errorf("the margin search's move %d leaves %d to the mover, want %d", best, -after.Value, v)
			}
		})
	}
}

// adjBenchStart is the solving benchmarks' position: the start of a game
// of so many rounds, after the moves of ADJ_START if set (a record, as
// "5,40,23"; values are then the mover's).
func adjBenchStart(b *testing.B, rounds int) *Adjacency {
	g, err := adjSpec(b).parseRecord(os.Getenv("ADJ_START"), gameOptions{"rounds": rounds})
	if err != nil {
		b.Fatal(err)
	}
	return g.(*Adjacency)
}

// adjSolveJobs is the solving benchmarks' threads: ADJ_SOLVE_JOBS, by
// default one (the node counts then repeat exactly).
func adjSolveJobs(b *testing.B) int { return envInt(b, "ADJ_SOLVE_JOBS", 1) }

// BenchmarkAdjMatchResults replays the Adjacency games of a match's
// transcript (ADJ_MATCH, the lines `go run . -game adj -games N` prints)
// and proves, after every ply from ADJ_MATCH_FROM on (default 2, the end
// of a 2-ply opening), the result for X under perfect play, on
// ADJ_SOLVE_JOBS threads. A move that changes it is a slip of its mover:
// from a win to a draw or a loss, or from a draw to a loss. Each game's
// results and slips go to standard error, then each bot's slips by ply,
// the points each gave away by them (half a point a step), and the
// results of the pairs' first games after ply ADJ_MATCH_FROM. From the
// openings (ADJ_MATCH_FROM 2) a pair is 1-1 between players that never
// slip, so a bot's score is half the games, plus what the other gave away,
// less what it gave away itself.
func BenchmarkAdjMatchResults(b *testing.B) {
	// A whole match takes minutes to prove: it runs only when asked for.
	path := os.Getenv("ADJ_MATCH")
	if path == "" {
		b.Skip("set ADJ_MATCH to a match's transcript, e.g. testdata/adj/match-mcts-500ms-seed6.txt")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	from := envInt(b, "ADJ_MATCH_FROM", 2)
	jobs := adjSolveJobs(b)
	spec := adjSpec(b)
	for range b.N {
		tt := newAdjTable(adjSolveTableBits(12))
		slips := map[string]map[int]int{} // by "bot as X/O", by ply
		openings := map[int]int{}         // by result for X after ply from
		halves := map[string]int{}        // half points given away, by bot
		for _, line := range strings.Split(string(data), "\n") {
			g, ok, err := parseMatchLine(spec, line)
			if err != nil {
				b.Fatal(err)
			}
			if !ok {
				continue
			}
			moves := g.game.History()
			a := NewAdjacency(g.game.rounds)
			for _, m := range moves[:min(from, len(moves))] {
				a.Play(m)
			}
			last := adjResultForX(a, tt, jobs)
			if g.number%2 == 1 {
				openings[last]++
			}
			results := []string{strconv.Itoa(last)}
			for p := len(a.history); p < len(moves); p++ {
				a.Play(moves[p])
				r := adjResultForX(a, tt, jobs)
				results = append(results, strconv.Itoa(r))
				if r != last {
					side, bot := X, g.x
					if p%2 == 1 {
						side, bot = O, g.o
					}
					who := fmt.Sprintf("%s as %s", bot, side)
					if slips[who] == nil {
						slips[who] = map[int]int{}
					}
					slips[who][p]++
					halves[bot] += max(r-last, last-r) // a win to a loss is two
					results = append(results, fmt.Sprintf("(ply %d %s)", p, side))
				}
				last = r
			}
			fmt.Fprintf(os.Stderr, "game %d: X %s, O %s: %s\n", g.number, g.x, g.o, strings.Join(results, " "))
		}
		for _, who := range slices.Sorted(maps.Keys(slips)) {
			fmt.Fprintf(os.Stderr, "slips of %s by ply: %v\n", who, slips[who])
		}
		for _, bot := range slices.Sorted(maps.Keys(halves)) {
			fmt.Fprintf(os.Stderr, "%s gave away %.1f points\n", bot, float64(halves[bot])/2)
		}
		fmt.Fprintf(os.Stderr, "pairs after ply %d: %d won for X, %d drawn, %d won for O\n", from, openings[1], openings[0], openings[-1])
	}
}

// adjResultForX proves a's result for X (1 a win, 0 a draw, -1 a loss) on
// tt with jobs threads.
func adjResultForX(a *Adjacency, tt *adjTable, jobs int) int {
	if a.Over() {
		return cmp.Compare(a.Final(X), 0)
	}
	p := newAdjProver(context.Background(), a, tt, adjSolveOptions{jobs: jobs})
	r, _ := p.result() // no deadline: it always finishes
	if a.Turn() == O {
		return -r
	}
	return r
}

// matchGame is one game line of a match's transcript, as arena.go prints
// it.
type matchGame struct {
	number int
	x, o   string
	result string     // as outcomeWords writes it (resultLine in older transcripts)
	game   *Adjacency // its record replayed
}

// parseMatchLine reads `game 3/40: X alphabeta, O mcts, opening 26,58:
// O wins, moves: 26,58,5,...` (or, as older transcripts have it, `O win.
// moves: ...`) and replays the record, of as many rounds as
// it has pairs of moves. ok is false for a line of another kind.
func parseMatchLine(spec *gameSpec, line string) (g matchGame, ok bool, err error) {
	head, rest, ok := strings.Cut(line, ": X ")
	if !ok || !strings.HasPrefix(head, "game ") {
		return g, false, nil
	}
	n, _, _ := strings.Cut(strings.TrimPrefix(head, "game "), "/")
	if g.number, err = strconv.Atoi(n); err != nil {
		return g, true, err
	}
	g.x, rest, _ = strings.Cut(rest, ", O ")
	g.o, rest, _ = strings.Cut(rest, ", ")
	rest, record, found := strings.Cut(rest, " moves: ")
	if !found {
		return g, true, fmt.Errorf("no moves in %q", line)
	}
	g.result = strings.TrimSuffix(rest[strings.LastIndex(rest, ": ")+2:], ",")
	record = strings.TrimSpace(record)
	played, err := spec.parseRecord(record, gameOptions{"rounds": (strings.Count(record, ",") + 1) / 2})
	if err != nil {
		return g, true, err
	}
	g.game = played.(*Adjacency)
	return g, true, nil
}

// The committed match transcripts that BenchmarkAdjMatchResults reads
// parse, every game line of them, and each game replays legally to its
// end and the result its line states.
func TestParseMatchLine(t *testing.T) {
	for _, tc := range []struct {
		file  string
		games int
	}{
		{"testdata/adj/match-mcts-500ms-seed6.txt", 40},
		{"testdata/adj/match-minimax-500ms-seed6.txt", 60},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, line := range strings.Split(string(data), "\n") {
				g, ok, err := parseMatchLine(adjSpec(t), line)
				if !ok {
					if strings.HasPrefix(line, "game ") {
						t.Errorf("not read: %q", line)
					}
					continue
				}
				n++
				switch {
				case err != nil:
					t.Errorf("game %d: %v", n, err)
				case g.number != n:
					t.Errorf("game %d read as number %d", n, g.number)
				case !g.game.Over() || resultLine(g.game) != g.result && outcomeWords(g.game) != g.result:
					t.Errorf("game %d: replayed to %q (over %v), the line says %q", n, resultLine(g.game), g.game.Over(), g.result)
				}
			}
			if n != tc.games {
				t.Errorf("%d games read, want %d", n, tc.games)
			}
		})
	}
}

// result proves the result for the side to move: 1 a win, 0 a draw, -1 a
// loss; ok is false when the context ended first. Two null windows settle
// it ("at least 1?", then "at least 0?"), far sooner than the margin. The
// bot's own proof is solveClass, which also orders the root's moves and
// keeps one of the class; the match analysis needs only the class.
func (p *adjProver) result() (class int, ok bool) {
	for _, beta := range [2]int{1, 0} {
		v, ok := p.atLeast(beta)
		if !ok || v >= beta {
			return beta, ok
		}
	}
	return -1, true
}

// TestAdjBotSolves: alphabeta with neither a time limit nor a depth short
// of the end solves with the solver: with the book off, from the start of
// 2 to 4 rounds, the solved value, exact, with a perfect line of the
// game's length that plays out to it, and the node count of adjSolve's
// own solve; with the book on, the book's answer. A trace shows the last
// null-window search, whose root holds the value.
func TestAdjBotSolves(t *testing.T) {
	for rounds := 2; rounds <= 4; rounds++ {
		t.Run(fmt.Sprint(rounds), func(t *testing.T) {
			a := NewAdjacency(rounds)
			want, _ := adjSolve(context.Background(), a, newAdjTable(adjSolveTableBits(a.PliesLeft())), adjSolveOptions{jobs: 1})
			d := newAdjBotSpec(false, true).Think(context.Background(), a, Budget{Jobs: 1})
			if d.Score != adjSolvedStarts[rounds].value || !d.Proof.Exact || d.Depth != 2*rounds || d.Nodes != want.Nodes || len(d.PV) != 2*rounds || d.Move != d.PV[0] {
				t.Fatalf("%+v, want value %d, exact, the whole line and %d nodes", d, adjSolvedStarts[rounds].value, want.Nodes)
			}
			h := a.Clone()
			for _, m := range d.PV {
				h.Play(m)
			}
			if h.Final(X) != d.Score {
				t.Errorf("line %v ends %d, want %d", d.PV, h.Final(X), d.Score)
			}
			if book := newAdjBotSpec(true, true).Think(context.Background(), a, Budget{}); book.Nodes != 1 || book.Score != d.Score {
				t.Errorf("with the book: %+v", book)
			}
			traced := newAdjBotSpec(false, true).Think(context.Background(), a, Budget{Jobs: 2, Trace: 2})
			if root := traced.Trace.Root; root == nil || int(*root.Value) != d.Score || traced.Score != d.Score || traced.Nodes != d.Nodes {
				t.Errorf("traced: %+v, root %+v", traced, traced.Trace.Root)
			}
		})
	}
}

// TestAdjBotSolveStops: a solve cut short by its context answers at once
// with a legal move, not exact (6 rounds: a solve of seconds, on a table
// of 64 MiB, which takes a moment to clear).
func TestAdjBotSolveStops(t *testing.T) {
	a := NewAdjacency(6)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	// Due in 30 ms; the rest of a second for the table's clearing (see
	// inTime: the machine's other work is excused).
	var d Decision
	inTime(t, "cut short after 30 ms", 30*time.Millisecond, 970*time.Millisecond, func() {
		d = newAdjBotSpec(false, true).Think(ctx, a, Budget{Jobs: 2})
	})
	if !slices.Contains(a.Moves(nil), d.Move) || d.Proof.Exact {
		t.Errorf("cut short: %+v", d)
	}
}

// TestAdjSolveProgress: the progress lines say what is known of the value,
// the question asked, the nodes and the time, at most every
// adjProgressEvery.
func TestAdjSolveProgress(t *testing.T) {
	var lines []string
	p := newAdjSolveProgress(func(line string) { lines = append(lines, line) }, 16, 2)
	p.asking(-2, infinity, 0)
	p.tick(123456789)
	if len(lines) != 0 {
		t.Errorf("reported at once: %q", lines)
	}
	p.last = p.last.Add(-adjProgressEvery)
	p.tick(12345678901)
	want := "solving 16 plies on 2 threads: value >= -2, asking >= 0; 12.3 G nodes, 0s"
	if len(lines) != 1 || lines[0] != want {
		t.Errorf("%q, want %q", lines, want)
	}
}

// BenchmarkAdjSolveGames solves, as alphabeta:book=off:time=0 does, the
// positions of testdata/adj/games8.txt cut ADJ_ENDGAME_LEFT plies before
// the end (default 12), each on a fresh table of its size, on
// ADJ_SOLVE_JOBS threads (default 1, where node counts repeat exactly).
// It reports the nodes of all and the median and worst time of one; each
// value goes to standard error.
func BenchmarkAdjSolveGames(b *testing.B) {
	left := envInt(b, "ADJ_ENDGAME_LEFT", 12)
	for range b.N {
		var times []time.Duration
		var nodes int64
		for _, a := range adjEndgamePositions(b, left) {
			sol, ok := adjSolve(context.Background(), a, newAdjTable(adjSolveTableBits(left)), adjSolveOptions{jobs: adjSolveJobs(b)})
			if !ok {
				b.Fatal("stopped")
			}
			times = append(times, sol.Time)
			nodes += sol.Nodes
			fmt.Fprintf(os.Stderr, "%s: value %d nodes %d time %v\n", adjRecord(a), sol.Value, sol.Nodes, sol.Time)
		}
		slices.Sort(times)
		b.ReportMetric(float64(nodes), "nodes")
		b.ReportMetric(times[len(times)/2].Seconds(), "median-s")
		b.ReportMetric(times[len(times)-1].Seconds(), "worst-s")
	}
}

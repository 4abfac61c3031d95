package main

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// adjRandomPosition plays plies random moves from the start of a game of
// the given rounds.
func adjRandomPosition(rng *rand.Rand, rounds, plies int) *Adjacency {
	a := NewAdjacency(rounds)
	for i := 0; i < plies && !a.Over(); i++ {
		moves := a.Moves(nil)
		a.Play(moves[rng.IntN(len(moves))])
	}
	return a
}

// adjTestSearch is a fresh search of a's game on tt, as the bot starts
// one (alpha-beta with prune, else minimax).
func adjTestSearch(a *Adjacency, prune bool, tt *adjTable) *adjSearch {
	return newAdjEngine(a, adjMode{prune: prune}, tt).newSearch(context.Background(), 0, nil, nil, nil, nil)
}

// adjProof is what BenchmarkAdjSolveClass measures of a: the bot's
// search on a fresh table of its unlimited size, to depth to order the
// root's moves, then the solve by class on jobs threads (unrelaxed, as
// relax=off).
func adjProof(a *Adjacency, jobs, depth int, unrelaxed bool) (s *adjSearch, m Move, class int) {
	tt := newAdjTable(adjTableBitsFor(Budget{}))
	tt.newGeneration()
	s = adjTestSearch(a, true, tt)
	s.unrelaxed = unrelaxed
	r := newAdjRoot(a)
	_, hopeful := s.deepen(r, Budget{Depth: depth}, time.Now())
	m, class, _ = s.solveClass(r, jobs, hopeful)
	return s, m, class
}

// slowCopy replays a position on the plain reference board.
func slowCopy(a *Adjacency) *slowAdj {
	s := newSlowAdj(a.rounds)
	for _, m := range a.History() {
		s.Play(m)
	}
	return s
}

// TestAdjSearchNodeCounts: without a time limit minimax searches the depth
// at once and visits every line: 1 + 56 + 56*55 (+ 56*55*54) positions
// from the start, as the generic minimax does on the plain board.
func TestAdjSearchNodeCounts(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	for _, tc := range []struct {
		rounds int
		record string
		depth  int
		nodes  int64
	}{
		{8, "", 1, 1 + 56},
		{8, "", 2, 1 + 56 + 56*55},
		{8, "", 3, 1 + 56 + 56*55 + 56*55*54},
		// The last two plies of the game, the last one scored in bulk:
		// every move counts, those that turn nothing too.
		{2, "27,36", 2, 1 + 54 + 54*53},
		{2, "0,63", 2, 1 + 54 + 54*53},
	} {
		t.Run(fmt.Sprintf("%d rounds %q depth %d", tc.rounds, tc.record, tc.depth), func(t *testing.T) {
			fast, slow := NewAdjacency(tc.rounds), newSlowAdj(tc.rounds)
			if tc.record != "" {
				for _, f := range strings.Split(tc.record, ",") {
					c, _ := strconv.Atoi(f)
					fast.Play(Move(c))
					slow.Play(Move(c))
				}
			}
			got := NewAdjBot(false).Think(context.Background(), fast, Budget{Depth: tc.depth})
			ref := SearchBot{}.Think(context.Background(), slow, Budget{Depth: tc.depth})
			if got.Nodes != tc.nodes || ref.Nodes != tc.nodes {
				t.Errorf("%d nodes, generic on the plain board %d, want %d", got.Nodes, ref.Nodes, tc.nodes)
			}
			if got.Score != ref.Score || got.Depth != tc.depth {
				t.Errorf("score %d depth %d, generic score %d", got.Score, got.Depth, ref.Score)
			}
		})
	}
}

// TestAdjSearchAgainstReference: on random positions, the specialised
// alpha-beta and minimax return the value the generic minimax finds on the
// plain board at the same depth, and alpha-beta's move has that value. The
// bots are kept across positions, so their tables carry over as in a game.
func TestAdjSearchAgainstReference(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(5, 6))
	ab, mm := NewAdjBot(true), NewAdjBot(false)
	type position struct {
		rounds, plies, depth int
	}
	var cases []position
	for i := 0; i < 16; i++ {
		rounds := 2 + rng.IntN(10)
		cases = append(cases, position{rounds, rng.IntN(2 * rounds), 1 + rng.IntN(3)})
	}
	for i := 0; i < 12; i++ {
		// Late in long games: few empty cells, deeper, often to the end.
		cases = append(cases, position{26 + rng.IntN(3), 40 + rng.IntN(12), 2 + rng.IntN(4)})
	}
	tested := 0
	for _, c := range cases {
		a := adjRandomPosition(rng, c.rounds, c.plies)
		if a.Over() {
			continue
		}
		tested++
		slow := slowCopy(a)
		var ref Decision
		if c.depth <= 2 {
			ref = SearchBot{}.Think(context.Background(), slow, Budget{Depth: c.depth})
		} else {
			ref = SearchBot{Prune: true}.Think(context.Background(), slow, Budget{Depth: c.depth})
		}
		budgets := []Budget{{Depth: c.depth}, {Depth: c.depth, Time: time.Minute}}
		for _, b := range budgets {
			got := ab.Think(context.Background(), a, b)
			if got.Score != ref.Score {
				t.Errorf("%v %v: alphabeta %d, reference %d (moves %v)", c, b, got.Score, ref.Score, a.History())
			}
			// The move must be worth the score.
			slow.Play(got.Move)
			v := -slow.Evaluate(slow.Turn())
			switch {
			case slow.Over():
				v = -slow.Final(slow.Turn())
			case c.depth > 1:
				v = -SearchBot{Prune: true}.Think(context.Background(), slow, Budget{Depth: c.depth - 1}).Score
			}
			slow.Undo()
			if v != ref.Score {
				t.Errorf("%v %v: alphabeta's move %d is worth %d, not %d", c, b, got.Move, v, ref.Score)
			}
		}
		if c.depth <= 3 {
			if got := mm.Think(context.Background(), a, Budget{Depth: c.depth}); got.Score != ref.Score {
				t.Errorf("%v: minimax %d, reference %d", c, got.Score, ref.Score)
			}
		}
	}
	if tested < 20 {
		t.Errorf("only %d positions tested", tested)
	}
}

// TestAdjSearchToTheEnd: with the plies left within reach, an unlimited
// search is exact: every deeper depth gives the same value and the search
// stops at the end of the game.
func TestAdjSearchToTheEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 6; i++ {
		a := adjRandomPosition(rng, 28, 50+rng.IntN(4)) // 3 to 6 plies left
		left := 56 - len(a.History())
		got := NewAdjBot(true).Think(context.Background(), a, Budget{})
		ref := SearchBot{Prune: true}.Think(context.Background(), slowCopy(a), Budget{})
		if got.Score != ref.Score || got.Depth != left {
			t.Errorf("%d plies left: score %d depth %d, reference %d", left, got.Score, got.Depth, ref.Score)
		}
	}
}

// TestAdjSolveClass: solving by class gives the sign of the exact value,
// by the generic search on the plain board, and a move of that sign, on
// full boards nearly filled and on open boards near their end; the
// positions cover wins, draws and losses, asked in both orders.
func TestAdjSolveClass(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	seen := map[int]int{}
	for i := 0; i < 24; i++ {
		var a *Adjacency
		if i%2 == 0 {
			a = adjRandomPosition(rng, 28, 50+rng.IntN(4)) // 3 to 6 plies left
		} else {
			rounds := 3 + rng.IntN(4)
			a = adjRandomPosition(rng, rounds, 2*rounds-2-rng.IntN(2)) // 2 or 3 plies left
		}
		s := adjTestSearch(a, true, newAdjTable(16))
		m, class, ok := s.solveClass(newAdjRoot(a), 1, i%4 < 2)
		slow := slowCopy(a)
		want := cmp.Compare(slowExact(slow), 0)
		seen[want]++
		if !ok || class != want {
			t.Errorf("moves %v: class %d (ok %t), exact value's sign %d", a.History(), class, ok, want)
			continue
		}
		if got := cmp.Compare(slowAfter(slow, m), 0); got != want {
			t.Errorf("moves %v: move %d of sign %d, want %d", a.History(), m, got, want)
		}
	}
	if len(seen) < 3 {
		t.Errorf("classes seen %v: want wins, draws and losses", seen)
	}
}

// TestAdjSearchTimeBudget: a bot answers within its budget plus a little
// (see keepsBudget), with a legal move, from the start, from the middle
// of long games and 10 plies before the end of a short one; a context
// already ended still gets a legal move.
func TestAdjSearchTimeBudget(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, budget := range []time.Duration{20 * time.Millisecond, 100 * time.Millisecond} {
		// 10 plies before the end of an 8-round game alpha-beta solves
		// by class, which these budgets cut short.
		for _, a := range []*Adjacency{NewAdjacency(8), NewAdjacency(28), adjRandomPosition(rng, 28, 20), adjRandomPosition(rng, 8, 6)} {
			for _, bot := range []*AdjBot{NewAdjBot(true), NewAdjBot(false)} {
				keepsBudget(t, bot, a, Budget{Time: budget})
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a := NewAdjacency(8)
	if d := NewAdjBot(true).Think(ctx, a, Budget{Time: time.Second}); !slices.Contains(a.Moves(nil), d.Move) {
		t.Errorf("cancelled: illegal move %d", d.Move)
	}
}

// TestAdjNextIteration: iteration times measured from the start of an
// 8-round game (depths 6 to 10: 13, 25, 63, 728, 2469 ms) predict depth 11
// far beyond a 5 s budget; depth 10, guessed before depth 6 is long enough
// to time, twice depth 9.
func TestAdjNextIteration(t *testing.T) {
	ms := time.Millisecond
	times := []time.Duration{0, 0, 0, 0, 0, 2 * ms, 13 * ms, 25 * ms, 63 * ms, 728 * ms, 2469 * ms}
	for _, tc := range []struct {
		depth int
		want  time.Duration
	}{
		{10, 21199360 * time.Microsecond}, // 728^2/25 ms
		{9, 1456 * ms},
		{8, 126 * ms},
		{4, 0},
	} {
		got := adjNextIteration(times, tc.depth)
		if d := got - tc.want; d < -time.Microsecond || d > time.Microsecond {
			t.Errorf("after depth %d: %v, want %v", tc.depth, got, tc.want)
		}
	}
	// A quiet machine: depth 7 takes 14 ms, and depth 11 is out of reach
	// of a 5-second budget after 1.8 s.
	quiet := []time.Duration{0, 0, 0, 0, 0, 1 * ms, 3 * ms, 14 * ms, 40 * ms, 400 * ms, 1200 * ms}
	if got, want := adjNextIteration(quiet, 10), 400*400*ms/14; got < want-time.Microsecond || got > want+time.Microsecond {
		t.Errorf("quiet machine, after depth 10: %v, want %v", got, want)
	}
}

// greedyBot takes the move that leaves it the most marks, the lowest cell
// among equals: the plain one-ply player the search must beat.
type greedyBot struct{}

func (greedyBot) Name() string { return "greedy" }

func (greedyBot) Think(_ context.Context, g Game, _ Budget) Decision {
	d := Decision{Move: NoMove, Stats: Stats{Score: -infinity}}
	me := g.Turn()
	for _, m := range g.Moves(nil) {
		g.Play(m)
		if v := g.Final(me); v > d.Score {
			d.Move, d.Score = m, v
		}
		g.Undo()
		d.Nodes++
	}
	return d
}

// TestAdjAlphaBetaBeatsGreedy: alpha-beta at depth 3 against the greedy
// one-ply player, 20 games of 8 rounds with seats swapped.
func TestAdjAlphaBetaBeatsGreedy(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(13, 14))
	w, l, d := playMatch(adjSpec(t), NewAdjBot(true), greedyBot{}, 20, 8, 2, budgetFor("alphabeta", Budget{Depth: 3}), rng)
	t.Logf("alphabeta depth 3 vs greedy: %d wins, %d draws, %d losses", w, d, l)
	if w < 16 || l > 2 {
		t.Errorf("alphabeta depth 3 vs greedy: %d wins, %d draws, %d losses; want at least 16 wins and at most 2 losses", w, d, l)
	}
}

// BenchmarkAdjAlphaBeta searches the start of an 8-round game to a fixed
// depth (iterative deepening, a fresh table), reporting nodes per second.
func BenchmarkAdjAlphaBeta(b *testing.B) {
	for _, depth := range []int{6, 8, 10} {
		b.Run(fmt.Sprintf("depth%d", depth), func(b *testing.B) {
			var d Decision
			for i := 0; i < b.N; i++ {
				d = NewAdjBot(true).Think(context.Background(), NewAdjacency(8), Budget{Depth: depth, Time: time.Hour})
			}
			b.ReportMetric(float64(d.Nodes), "nodes")
			b.ReportMetric(float64(d.Nodes)/d.Time.Seconds(), "nodes/s")
		})
	}
}

// BenchmarkAdjBudget reports the depth alpha-beta completes from the start
// of an 8-round game within 1, 2 and 5 seconds, and minimax within 5.
func BenchmarkAdjBudget(b *testing.B) {
	for _, tc := range []struct {
		prune  bool
		budget time.Duration
	}{{true, time.Second}, {true, 2 * time.Second}, {true, 5 * time.Second}, {false, 5 * time.Second}} {
		bot := NewAdjBot(tc.prune)
		b.Run(bot.Name()+"/"+tc.budget.String(), func(b *testing.B) {
			var d Decision
			for i := 0; i < b.N; i++ {
				d = NewAdjBot(tc.prune).Think(context.Background(), NewAdjacency(8), Budget{Time: tc.budget})
			}
			b.ReportMetric(float64(d.Depth), "depth")
			b.ReportMetric(float64(d.Nodes)/d.Time.Seconds(), "nodes/s")
			b.ReportMetric(d.Time.Seconds(), "s/move")
		})
	}
}

// BenchmarkAdjMatchGreedy plays alpha-beta at 100 ms a move against the
// greedy player, 100 games of 8 rounds, seats swapped (run with
// -benchtime 1x; it takes about a minute and a half).
func BenchmarkAdjMatchGreedy(b *testing.B) {
	for i := 0; i < b.N; i++ {
		rng := rand.New(rand.NewPCG(15, 16))
		w, l, d := playMatch(adjSpec(b), NewAdjBot(true), greedyBot{}, 100, 8, 2, budgetFor("alphabeta", Budget{Time: 100 * time.Millisecond}), rng)
		b.ReportMetric(float64(w), "wins")
		b.ReportMetric(float64(d), "draws")
		b.ReportMetric(float64(l), "losses")
	}
}

// BenchmarkAdjEndgame gives alphabeta its 5-second budget (or
// ADJ_ENDGAME_TIME) on positions of real games: testdata/adj/games8.txt
// holds 25 8-round games of the bots (distinct after two rounds), and
// each is cut ADJ_ENDGAME_LEFT plies before its end (default 12, where
// the two rounds are played). It reports how many positions alphabeta
// proves (the result at least) and the median and worst time it took to
// prove them (Stats.Solved); each answer goes to standard error. It
// searches with ADJ_ENDGAME_JOBS threads, by default every CPU, as at the
// prompt, with the book off: the book answers the positions right after
// the first round, where the reach of the proof is measured too.
func BenchmarkAdjEndgame(b *testing.B) {
	budget := 5 * time.Second
	if d, err := time.ParseDuration(os.Getenv("ADJ_ENDGAME_TIME")); err == nil {
		budget = d
	}
	left := envInt(b, "ADJ_ENDGAME_LEFT", 12)
	jobs := envInt(b, "ADJ_ENDGAME_JOBS", runtime.NumCPU())
	for range b.N {
		var times []time.Duration
		proved, positions := 0, 0
		for _, a := range adjEndgamePositions(b, left) {
			positions++
			d := newAdjBotSpec(false, true).Think(context.Background(), a, Budget{Time: budget, Jobs: jobs})
			if d.Proof.Solved > 0 {
				proved++
				times = append(times, d.Proof.Solved)
			}
			fmt.Fprintf(os.Stderr, "%s: move %d score %d depth %d nodes %d time %v proved at %v\n", adjRecord(a), d.Move, d.Score, d.Depth, d.Nodes, d.Time, d.Proof.Solved)
		}
		b.ReportMetric(float64(proved), "proved")
		b.ReportMetric(float64(positions), "positions")
		if len(times) > 0 {
			slices.Sort(times)
			b.ReportMetric(times[len(times)/2].Seconds(), "median-s")
			b.ReportMetric(times[len(times)-1].Seconds(), "worst-s")
		}
	}
}

// adjEndgamePositions are the games of testdata/adj/games8.txt, each cut
// left plies before its end.
func adjEndgamePositions(b testing.TB, left int) []*Adjacency {
	data, err := os.ReadFile("testdata/adj/games8.txt")
	if err != nil {
		b.Fatal(err)
	}
	var positions []*Adjacency
	for _, line := range strings.Fields(string(data)) {
		g, err := adjSpec(b).parseRecord(strings.Join(strings.Split(line, ",")[:16-left], ","), nil)
		if err != nil {
			b.Fatal(err)
		}
		positions = append(positions, g.(*Adjacency))
	}
	return positions
}

// On two threads under a time budget, where the proof runs on both (ten
// and eleven plies before the end, given 300 ms of two threads), the bot
// answers a legal move within the budget (see keepsBudget).
func TestAdjThreadsKeepTheBudget(t *testing.T) {
	for _, left := range []int{10, 11} {
		for i, a := range adjEndgamePositions(t, left)[:3] {
			t.Run(fmt.Sprintf("%d plies left, game %d", left, i+1), func(t *testing.T) {
				keepsBudget(t, NewAdjBot(true), a, Budget{Time: 300 * time.Millisecond, Jobs: 2})
			})
		}
	}
}

// BenchmarkAdjSolveClass measures the proof alone: the positions of
// BenchmarkAdjEndgame (ADJ_ENDGAME_LEFT plies before the end, default
// 11), or the 8-round positions ADJ_CLASS_RECORDS lists (records
// separated by spaces), are searched to depth ADJ_CLASS_DEPTH (default
// 6) to order the root moves, then solved by class with no time limit on
// ADJ_ENDGAME_JOBS threads (default 1, where node counts repeat exactly).
// It reports the nodes of all, and the median and worst time of one (the
// ordering search included); each result goes to standard error.
func BenchmarkAdjSolveClass(b *testing.B) {
	left := envInt(b, "ADJ_ENDGAME_LEFT", 11)
	jobs := envInt(b, "ADJ_ENDGAME_JOBS", 1)
	depth := envInt(b, "ADJ_CLASS_DEPTH", 6)
	var positions []*Adjacency
	for _, rec := range strings.Fields(os.Getenv("ADJ_CLASS_RECORDS")) {
		g, err := adjSpec(b).parseRecord(rec, gameOptions{"rounds": 8})
		if err != nil {
			b.Fatal(err)
		}
		positions = append(positions, g.(*Adjacency))
	}
	if len(positions) == 0 {
		positions = adjEndgamePositions(b, left)
	}
	for range b.N {
		var times []time.Duration
		var nodes int64
		for _, a := range positions {
			start := time.Now()
			s, m, class := adjProof(a, jobs, depth, false)
			times = append(times, time.Since(start))
			nodes += s.nodes
			fmt.Fprintf(os.Stderr, "%s: class %d move %d nodes %d time %v\n", adjRecord(a), class, m, s.nodes, times[len(times)-1])
		}
		slices.Sort(times)
		b.ReportMetric(float64(nodes), "nodes")
		b.ReportMetric(times[len(times)/2].Seconds(), "median-s")
		b.ReportMetric(times[len(times)-1].Seconds(), "worst-s")
	}
}

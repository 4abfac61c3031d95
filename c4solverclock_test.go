package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// clockedBot is a solver that notes how long each of its moves took,
// from the call to the answer, as the game loop sees it; with log set it
// also writes a line a move: the position, the time and what the move
// rests on.
type clockedBot struct {
	Bot
	times *moveTimes
	log   io.Writer
}

// moveTimes are the noted times of every clocked bot of a run, the moves
// late by more than budgetGrace (see clockReading.late), and how many of
// their moves were searched (not the book's) and exact.
type moveTimes struct {
	mu              sync.Mutex
	d               []time.Duration
	late            []clockReading
	searched, exact int
}

func (b clockedBot) Think(ctx context.Context, g Game, budget Budget) Decision {
	var d Decision
	r := timeCall(budget.Time, func() { d = b.Bot.Think(ctx, g, budget) })
	el := r.took
	if b.log != nil {
		basis := d.Proof.Basis
		if d.Proof.Exact {
			basis = fmt.Sprintf("exact %d", d.Score)
		}
		fmt.Fprintf(b.log, "ply %2d %s %6.1fms %s\n", len(g.History()), c4Spec().line(g.History()), float64(el)/1e6, basis)
	}
	b.times.mu.Lock()
	b.times.d = append(b.times.d, el)
	if r.late(budgetGrace(budget.Time)) {
		b.times.late = append(b.times.late, r)
	}
	if d.Nodes > 0 {
		b.times.searched++
		if d.Proof.Exact {
			b.times.exact++
		}
	}
	b.times.mu.Unlock()
	return d
}

// clockMatch plays a match of the solver (as "clocked") against opp (as
// "timed"), budget a move, jobs games at once, as -jobs does: the solvers
// of all games share the run's table, or with own each has a table of
// its own, made before its game starts; noBook leaves the opening book
// out, so that the clock decides from the first move. It returns every solver move's
// time and every opponent move's, and the solver's points (a draw half a
// point) out of games.
func clockMatch(t testing.TB, opp string, games, jobs int, budget time.Duration, seed uint64, own, noBook bool) (solver, other *moveTimes, points float64) {
	t.Helper()
	times, oppTimes := &moveTimes{}, &moveTimes{}
	var log io.Writer
	if os.Getenv("C4_CLOCK_LOG") == "1" {
		log = os.Stderr
	}
	oppDecl := declared.findBot(opp)
	decls := []*botDecl{{name: "clocked", games: []string{"connect4"}, params: []param{timeParam},
		build: func(c botConfig) Bot {
			// Each table made before the game, as the solver's build
			// does, and not in the first move's time.
			b := &SolverBot{reg: c.reg, noBook: noBook}
			runTable(c.reg, c4Std)
			if own {
				b = &SolverBot{s: newTestSolver(c4Std, ttBits, bookFor(c4Std, !noBook)), noBook: noBook}
			}
			return clockedBot{Bot: b, times: times, log: log}
		}}, {name: "timed", games: oppDecl.games, params: oppDecl.params,
		build: func(c botConfig) Bot {
			return clockedBot{Bot: c.reg.buildWith(oppDecl, c), times: oppTimes}
		}}}
	reg, err := newRegistry(decls...)
	if err != nil {
		t.Fatal(err)
	}
	c4, _ := reg.findGame("connect4")
	flags := budgetDefaults{time: budget}
	var players [2]*player
	for i, spec := range []string{"clocked", "timed"} {
		if players[i], err = reg.newPlayer(c4, spec, flags); err != nil {
			t.Fatal(err)
		}
	}
	var out capture
	m := matchConfig{reg: reg, spec: c4, players: players, games: games, plan: openingPlan{plies: 2}, seed: seed, jobs: jobs}
	m.report.json = true
	if err := m.run(context.Background(), &out, nil); err != nil {
		t.Fatal(err)
	}
	return times, oppTimes, out.points("clocked")
}

// capture keeps a JSON match's lines to count a player's points.
type capture struct{ lines []string }

func (c *capture) Write(b []byte) (int, error) {
	c.lines = append(c.lines, string(b))
	return len(b), nil
}

// points reads the player's wins and draws from the match's last line.
func (c *capture) points(name string) float64 {
	var total struct {
		Bots []struct {
			Bot         string
			Wins, Draws int
		}
	}
	for _, line := range c.lines {
		if strings.HasPrefix(line, `{"type":"match"`) {
			if err := json.Unmarshal([]byte(line), &total); err != nil {
				panic(err)
			}
		}
	}
	for _, b := range total.Bots {
		if b.Bot == name {
			return float64(b.Wins) + float64(b.Draws)/2
		}
	}
	return 0
}

// percentile is the p-th percentile (0..100) of times, nearest rank.
func percentile(times []time.Duration, p float64) time.Duration {
	if len(times) == 0 {
		return 0
	}
	s := slices.Clone(times)
	slices.Sort(s)
	i := int(p/100*float64(len(s)) + 0.5)
	return s[min(max(i-1, 0), len(s)-1)]
}

// Under a clock every solver move keeps its budget (see keepsBudget),
// with two games at once over the run's shared table (-jobs 2): none
// waits for the other. Without the book (which now answers most early
// moves: with it, two solver moves of 38 used more than half the budget),
// the clock decides from the first move.
func TestSolverClockJobs2(t *testing.T) {
	const budget = 100 * time.Millisecond
	solver, _, _ := clockMatch(t, "mcts", 2, 2, budget, 7, false, true)
	times := solver.d
	if len(times) == 0 {
		t.Fatal("no solver move timed")
	}
	long := 0
	for _, d := range times {
		if d > budget/2 {
			long++
		}
	}
	t.Logf("%d solver moves, %d of them over half the budget, p50 %v, longest %v", len(times), long, percentile(times, 50), slices.Max(times))
	for _, r := range solver.late {
		t.Errorf("budget %v: a solver move %v", budget, r)
	}
}

// BenchmarkSolverClock plays the solver under a clock against mcts (or
// C4_CLOCK_OPP) and reports its points and its move times: p50, p99 and
// the longest, in ms, and the opponent's p99 and longest. Knobs: C4_CLOCK_GAMES (20), C4_CLOCK_JOBS (2),
// C4_CLOCK_TIME (100ms), C4_CLOCK_SEED (3), C4_CLOCK_OWN=1 for a table
// per bot rather than the run's shared one, C4_CLOCK_LOG=1 for a line a
// solver move on standard error.
//
//	go test -run '^$' -bench SolverClock -benchtime 1x
func BenchmarkSolverClock(b *testing.B) {
	opp := envOr("C4_CLOCK_OPP", "mcts")
	games, _ := strconv.Atoi(envOr("C4_CLOCK_GAMES", "20"))
	jobs, _ := strconv.Atoi(envOr("C4_CLOCK_JOBS", "2"))
	budget, _ := time.ParseDuration(envOr("C4_CLOCK_TIME", "100ms"))
	seed, _ := strconv.ParseUint(envOr("C4_CLOCK_SEED", "3"), 10, 64)
	own := os.Getenv("C4_CLOCK_OWN") == "1"
	for range b.N {
		solver, rival, points := clockMatch(b, opp, games, jobs, budget, seed, own, false)
		times, other := solver.d, rival.d
		ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
		b.ReportMetric(points/float64(games)*100, "score%")
		b.ReportMetric(ms(percentile(times, 50)), "p50-ms")
		b.ReportMetric(ms(percentile(times, 99)), "p99-ms")
		b.ReportMetric(ms(slices.Max(times)), "max-ms")
		b.ReportMetric(float64(len(times)), "moves")
		b.ReportMetric(float64(solver.exact)/float64(max(solver.searched, 1))*100, "exact%")
		b.ReportMetric(ms(percentile(other, 99)), "opp-p99-ms")
		b.ReportMetric(ms(slices.Max(other)), "opp-max-ms")
	}
}

// envOr is the environment variable key, or def when it is not set.
func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// The proofs class a position as its exact score does: with time enough,
// classify settles every position, a column proved to win wins, and the
// floor is the sign of the score.
func TestClockClassify(t *testing.T) {
	s := newTestSolver(c4Std, 20, nil)
	exact := newTestSolver(c4Std, 20, nil)
	for _, pos := range loadSet(t, "Test_L2_R2")[:12] {
		p := posOf(t, pos.moves)
		c := newC4Clock(c4SolverProver{s}, c4Std, p)
		if !c.classify(context.Background(), c4Order[:]) {
			t.Fatalf("%s: not classed without a clock", pos.moves)
		}
		f, col := c.floor()
		if f != sign(pos.score) {
			t.Errorf("%s: score %d, classed %d", pos.moves, pos.score, f)
		}
		for col := range c4Width {
			v, ok := exact.childScore(p, col)
			if ok && (v < c.lo[col] || v > c.hi[col]) {
				t.Errorf("%s: column %d scores %d, proved within [%d, %d]", pos.moves, col+1, v, c.lo[col], c.hi[col])
			}
		}
		if f >= 0 {
			if v, _ := exact.childScore(p, col); sign(v) != f {
				t.Errorf("%s: column %d proved of class %d scores %d", pos.moves, col+1, f, v)
			}
		}
	}
}

// The guess chooses among the columns proved to reach the best class
// proved, and never one proved to lose while one is not.
func TestClockCandidates(t *testing.T) {
	open := [c4MaxWidth]bool{true, true, true, true, true, true, true}
	all := []int{3, 2, 4, 1, 5, 0, 6}
	tests := []struct {
		name   string
		lo, hi [7]int
		want   []int
	}{
		{"nothing proved", [7]int{-9, -9, -9, -9, -9, -9, -9}, [7]int{9, 9, 9, 9, 9, 9, 9}, all},
		{"two proved losing", [7]int{-9, -9, -9, -9, -9, -9, -9}, [7]int{9, -1, 9, 9, 9, -2, 9}, []int{3, 2, 4, 0, 6}},
		{"all proved losing", [7]int{-9, -9, -9, -9, -9, -9, -9}, [7]int{-1, -1, -3, -1, -1, -1, -1}, all},
		{"one proved a draw at least", [7]int{-9, -9, -9, 0, -9, -9, -9}, [7]int{9, 9, 9, 9, 9, 9, 9}, []int{3}},
		{"a draw, and one that may win", [7]int{-9, -9, 0, 0, -9, -9, -9}, [7]int{9, 9, 9, 0, 9, 9, 9}, []int{2}},
		{"two draws", [7]int{-9, -9, 0, 0, -9, -9, -9}, [7]int{0, 0, 0, 0, 0, 0, 0}, []int{3, 2}},
	}
	for _, tt := range tests {
		c := &c4Clock{g: c4Std, open: open}
		copy(c.lo[:], tt.lo[:])
		copy(c.hi[:], tt.hi[:])
		if got := c.candidates(all); !slices.Equal(got, tt.want) {
			t.Errorf("%s: candidates %v, want %v", tt.name, got, tt.want)
		}
	}
}

// Under a clock the solver's decision is honest: Exact only with the
// exact score and a move that keeps it, a win proved only where the move
// wins, and a legal move (TestConformance checks the budget).
func TestClockHonest(t *testing.T) {
	exact := newTestSolver(c4Std, 20, nil)
	bot := &SolverBot{s: newTestSolver(c4Std, 20, nil)}
	positions := append(loadSet(t, "Test_L1_R2")[:6], loadSet(t, "Test_L2_R2")[:6]...)
	for _, pos := range positions {
		g := c4Game(t, pos.moves)
		d := bot.Think(context.Background(), g, Budget{Time: 30 * time.Millisecond})
		p := posOf(t, pos.moves)
		v, ok := exact.childScore(p, int(d.Move))
		switch {
		case !ok:
			t.Fatalf("%s: illegal move %d", pos.moves, d.Move)
		case d.Proof.Exact && (d.Score != pos.score || v != pos.score):
			t.Errorf("%s: exact %d with column %d (%d), the score is %d", pos.moves, d.Score, d.Move+1, v, pos.score)
		case strings.HasPrefix(d.Proof.Basis, "proved a win") && v <= 0:
			t.Errorf("%s: proved a win with column %d, which scores %d", pos.moves, d.Move+1, v)
		}
	}
}

// With threads, a solve cut short by its deadline stays cut short: the
// quick child probes bestMove makes after it used to finish and pass
// the cut solve's bound for the exact score ("3133" scored -8, and was
// played as such; it is a draw).
func TestSolverThreadsStayStopped(t *testing.T) {
	s := newTestSolver(c4Std, 20, openingBook())
	s.setJobs(2)
	p := posOf(t, "3133")
	for _, ms := range []int{1, 2, 5, 10, 20} {
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(ms)*time.Millisecond)
		s.start(ctx, nil)
		m, v := s.bestMove(p)
		cancel()
		if !s.stopped() && v != 0 {
			t.Errorf("cut at %d ms: column %d, score %d reported exact; the score is 0", ms, m+1, v)
		}
	}
}

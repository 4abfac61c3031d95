package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkAdjClockShare measures how often alphabeta at the course's
// clock keeps the exact value of the position it moves in (issue 46,
// docs/adjacency.md). It takes ADJ_CLOCK_OPENINGS distinct 2-ply
// openings of the 8-round game (mirror images once), in the order
// `-openings 2 -seed ADJ_CLOCK_SEED` deals them to a match's pairs,
// starting at the ADJ_CLOCK_FROM-th, so that a long run can be split.
// From each, the program's default bot (alphabeta, book on) plays both
// sides, ADJ_CLOCK_MS milliseconds a move on ADJ_CLOCK_JOBS threads, for
// four plies. The positions measured are the opening and the positions
// two and three plies after it on that line, as issue 46 asks, and apart
// the one a ply after it (O's first move after the opening, where
// alphabeta slipped most at 500 ms, docs/strength.md): the solver (adjSolve, on
// ADJ_CLOCK_JOBS threads) gives each its exact value v, and one null
// window asks whether the bot's move lowers it (the position after the
// move is worth more than -v to the opponent); a move that does is
// solved to say by how much. A line a position goes to standard error;
// the share of positions kept is the metric (share-ply3 that of the
// positions a ply after the opening).
func BenchmarkAdjClockShare(b *testing.B) {
	spec := adjSpec(b)
	opt := gameOptions{"rounds": 8}
	n := envInt(b, "ADJ_CLOCK_OPENINGS", 5)
	from := envInt(b, "ADJ_CLOCK_FROM", 0)
	seed := envInt(b, "ADJ_CLOCK_SEED", 1)
	move := time.Duration(envInt(b, "ADJ_CLOCK_MS", 5000)) * time.Millisecond
	jobs := envInt(b, "ADJ_CLOCK_JOBS", 2)
	openings, _ := distinctOpenings(spec, opt, spec.start(opt), 2)
	order := openingSeed(uint64(seed), 0).Perm(len(openings))
	if from < 0 || n < 1 || from+n > len(openings) {
		b.Fatalf("ADJ_CLOCK_FROM=%d, ADJ_CLOCK_OPENINGS=%d: want 0 <= from and 1 <= openings, from+openings <= %d", from, n, len(openings))
	}
	for range b.N {
		// kept and measured count the positions 0, 2 and 3 plies after
		// the opening ([0]) and those a ply after it ([1]) apart.
		var kept, measured [2]int
		for k := from; k < from+n; k++ {
			rec := openings[order[k]]
			for _, r := range adjClockLine(b, spec, opt, rec, move, jobs) {
				fmt.Fprintf(os.Stderr, "opening %d %s\n", k, r)
				i := 0
				if r.ply == len(rec)+1 {
					i = 1
				}
				measured[i]++
				if r.lost == 0 {
					kept[i]++
				}
			}
		}
		fmt.Fprintf(os.Stderr, "kept %d of %d positions 0, 2 and 3 plies after the opening, %d of %d a ply after (openings %d..%d, seed %d, %v a move, %d threads)\n",
			kept[0], measured[0], kept[1], measured[1], from, from+n-1, seed, move, jobs)
		b.ReportMetric(float64(kept[0])/float64(measured[0]), "share")
		b.ReportMetric(float64(measured[0]), "positions")
		b.ReportMetric(float64(kept[1])/float64(measured[1]), "share-ply3")
	}
}

// adjClockResult is one measured position: its record, exact value for
// the mover, the bot's move and what it lost (0: the value kept), with
// the bot's search and the solver's cost.
type adjClockResult struct {
	record     string
	ply        int // the plies played from the start
	value      int
	move       Move
	lost       int
	bot        Decision
	botTime    time.Duration
	solveTime  time.Duration // the position's solve
	checkTime  time.Duration // the question about the move (and its solve when it lost)
	solveNodes int64
}

func (r adjClockResult) String() string {
	verdict := "kept"
	if r.lost != 0 {
		verdict = fmt.Sprintf("LOST %d", r.lost)
	}
	exact := ""
	if r.bot.Proof.Exact {
		exact = " exact"
	}
	return fmt.Sprintf("%-22s value %+d move %2d %s | bot score %+d depth %d%s nodes %d in %v | solve %v (%d nodes), check %v",
		r.record, r.value, r.move, verdict, r.bot.Score, r.bot.Depth, exact, r.bot.Nodes,
		r.botTime.Round(time.Millisecond), r.solveTime.Round(time.Millisecond), r.solveNodes, r.checkTime.Round(time.Millisecond))
}

// adjClockLine plays four plies from the opening rec with the default bot
// on both sides (one bot each, keeping its table between its moves as in
// a game) and measures the opening and the positions two and three plies
// later, on one solver table for the whole line.
func adjClockLine(b *testing.B, spec *gameSpec, opt gameOptions, rec []Move, move time.Duration, jobs int) []adjClockResult {
	ctx := context.Background()
	a := spec.start(opt).(*Adjacency)
	for _, m := range rec {
		a.Play(m)
	}
	bots := map[Side]*AdjBot{X: newAdjBotSpec(true, true), O: newAdjBotSpec(true, true)}
	tt := newAdjTable(adjSolveTableBits(a.PliesLeft()))
	var results []adjClockResult
	for range 4 {
		if a.Over() {
			break
		}
		r := adjClockResult{record: spec.record(a), ply: len(a.History())}
		sol, ok := adjSolve(ctx, a, tt, adjSolveOptions{jobs: jobs})
		if !ok {
			b.Fatal("solve stopped")
		}
		r.value, r.solveTime, r.solveNodes = sol.Value, sol.Time, sol.Nodes
		start := time.Now()
		r.bot = bots[a.Turn()].Think(ctx, a.Clone(), Budget{Time: move, Jobs: jobs})
		r.botTime = time.Since(start)
		r.move = r.bot.Move
		if !slices.Contains(a.Moves(nil), r.move) {
			b.Fatalf("%s: bot played %d, not legal", r.record, r.move)
		}
		a.Play(r.move)
		start = time.Now()
		r.lost = adjClockLoss(b, a, tt, jobs, r.value)
		r.checkTime = time.Since(start)
		results = append(results, r)
	}
	return results
}

// adjClockLoss is how much the move just played in a lowered the value
// v of the position before it, for the player who made it: 0 when the
// position after it is worth at most -v to the opponent (at least -v
// always, as v is the best of the moves), which one null window settles;
// else the exact difference, from a solve.
func adjClockLoss(b *testing.B, a *Adjacency, tt *adjTable, jobs, v int) int {
	if a.Over() {
		return v + a.Final(a.Turn())
	}
	p := newAdjProver(context.Background(), a, tt, adjSolveOptions{jobs: jobs})
	w, ok := p.atLeast(-v + 2)
	if !ok {
		b.Fatal("proof stopped")
	}
	if w < -v+2 {
		return 0
	}
	sol, ok := adjSolve(context.Background(), a, tt, adjSolveOptions{jobs: jobs, guess: w})
	if !ok {
		b.Fatal("solve stopped")
	}
	return v + sol.Value
}

// BenchmarkAdjClockPositions is BenchmarkAdjClockShare's measure on given
// positions of the 8-round game rather than on openings: ADJ_CLOCK_RECORDS
// lists them as record=value, separated by spaces, each value the
// position's exact value for the side to move (as BenchmarkAdjClockShare
// prints it). The default bot moves once in each, ADJ_CLOCK_MS a move on
// ADJ_CLOCK_JOBS threads, on a fresh table, and one null window asks
// whether the move kept the value. A line a position goes to standard
// error; the share kept is the metric.
func BenchmarkAdjClockPositions(b *testing.B) {
	spec := adjSpec(b)
	opt := gameOptions{"rounds": 8}
	move := time.Duration(envInt(b, "ADJ_CLOCK_MS", 5000)) * time.Millisecond
	jobs := envInt(b, "ADJ_CLOCK_JOBS", 2)
	var recs []string
	var values []int
	for _, f := range strings.Fields(os.Getenv("ADJ_CLOCK_RECORDS")) {
		rec, v, ok := strings.Cut(f, "=")
		n, err := strconv.Atoi(v)
		if !ok || err != nil {
			b.Fatalf("ADJ_CLOCK_RECORDS: %q is not record=value", f)
		}
		recs, values = append(recs, rec), append(values, n)
	}
	if len(recs) == 0 {
		b.Skip("ADJ_CLOCK_RECORDS lists no position")
	}
	for range b.N {
		kept := 0
		for i, rec := range recs {
			g, err := spec.parseRecord(rec, opt)
			if err != nil {
				b.Fatal(err)
			}
			a := g.(*Adjacency)
			start := time.Now()
			d := newAdjBotSpec(true, true).Think(context.Background(), a.Clone(), Budget{Time: move, Jobs: jobs})
			took := time.Since(start)
			a.Play(d.Move)
			lost := adjClockLoss(b, a, newAdjTable(adjSolveTableBits(a.PliesLeft())), jobs, values[i])
			r := adjClockResult{record: rec, ply: len(a.History()) - 1, value: values[i], move: d.Move, lost: lost, bot: d, botTime: took}
			fmt.Fprintln(os.Stderr, r)
			if lost == 0 {
				kept++
			}
		}
		fmt.Fprintf(os.Stderr, "kept %d of %d positions (%v a move, %d threads)\n", kept, len(recs), move, jobs)
		b.ReportMetric(float64(kept)/float64(len(recs)), "share")
	}
}

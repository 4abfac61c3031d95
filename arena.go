package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"slices"
	"sync"
	"text/tabwriter"
	"time"
)

// Matches and tournaments play many bot-against-bot games. Engine testers
// learned long ago to make them fair: games come in pairs from the same
// opening of a few random plies, the seats swapped, so that neither an
// opening nor the first move favours one bot, and deterministic bots do not
// replay one game over and over. The games of a run are independent, so
// they may run at once on every core (-jobs): each game builds its own bots
// from its own seed, which makes its moves the same whichever games run
// before or beside it.

// gameSeed is the seed of game i of a run: every game draws from its own
// source, so a game's moves do not depend on which games ran before it or
// beside it.
func gameSeed(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15*uint64(i+1)))
}

// openingSeed is the source of the opening of pair k: a stream apart from
// the games' own, so that the bots' random choices and the openings do not
// depend on each other.
func openingSeed(seed uint64, k int) *rand.Rand {
	return rand.New(rand.NewPCG(seed^0x6f70656e696e6773, 0xbf58476d1ce4e5b9*uint64(k+1)))
}

// randomOpening draws an opening of plies random legal plies from the
// start, none of which ends the game: at every ply it picks at random among
// the moves after which the game goes on, and backtracks from a position
// where every move ends the game (Tic-Tac-Toe's eighth ply may leave only
// winning cells). An opening as long as the game does not exist; the
// search gives up with an error after openingTries moves rather than try
// every game there is.
func randomOpening(spec *gameSpec, opt gameOptions, plies int, rng *rand.Rand) ([]Move, error) {
	g := spec.start(opt)
	tries := openingTries
	if !extendOpening(g, plies, rng, &tries) {
		return nil, openingsError{plies: plies, title: spec.title}
	}
	return slices.Clone(g.History()), nil
}

// openingsError is a -openings value after which no game is left to
// play. It is a bad flag value (exit status 2) rather than a failure of
// the run: matches and tournaments draw their openings before any game.
type openingsError struct {
	plies int
	title string // the game's
}

func (e openingsError) Error() string {
	return fmt.Sprintf("-openings %d: no opening of %d plies leaves %s open: accepted are 0 or more plies that do",
		e.plies, e.plies, e.title)
}

// openingTries bounds randomOpening's search, far above what any opening
// that exists needs.
const openingTries = 1 << 20

// extendOpening plays plies more random plies on g that leave the game
// open and reports true, or leaves g as it was and reports false.
func extendOpening(g Game, plies int, rng *rand.Rand, tries *int) bool {
	if plies == 0 {
		return true
	}
	var open []Move
	for _, m := range g.Moves(nil) {
		g.Play(m)
		if !g.Over() {
			open = append(open, m)
		}
		g.Undo()
	}
	for len(open) > 0 {
		if *tries--; *tries < 0 {
			return false
		}
		i := rng.IntN(len(open))
		g.Play(open[i])
		if extendOpening(g, plies-1, rng, tries) {
			return true
		}
		g.Undo()
		open = slices.Delete(open, i, i+1) // a dead end: try the others
	}
	return false
}

// openingsFor draws the openings of pairs 0..pairs-1.
func openingsFor(spec *gameSpec, opt gameOptions, plies, pairs int, seed uint64) ([][]Move, error) {
	openings := make([][]Move, pairs)
	for k := range openings {
		o, err := randomOpening(spec, opt, plies, openingSeed(seed, k))
		if err != nil {
			return nil, err
		}
		openings[k] = o
	}
	return openings, nil
}

// gameJob is one game of a run: who sits where, from which opening.
type gameJob struct {
	index   int       // its place in the run, from 0; its bots' seed
	bots    [3]string // the registry names of the bots, by side
	labels  [3]string // their names in lines and tables, by side
	opening []Move
}

// gameResult is a game played (or stopped) with its bots' figures by side.
type gameResult struct {
	job   gameJob
	game  Game
	moves [3]int
	nodes [3]int64
	time  [3]time.Duration
	err   error
}

// arena plays the games of a match or a tournament, jobs games at once.
type arena struct {
	spec   *gameSpec
	opt    gameOptions
	budget Budget // each game is single-threaded: Jobs is set to 1
	seed   uint64
	jobs   int
	// progress, if not nil (a terminal), shows the games done and an
	// estimate of the time left.
	progress io.Writer
}

// play plays the games, a.jobs at a time, one goroutine per game, and hands
// each result to done (on the caller's goroutine) in the order of the games,
// as soon as it and every game before it have finished. When the context
// is cancelled the games under way stop; done still gets every game that
// finished, in order, and play returns errInterrupted. A game that fails
// otherwise stops the others, and play returns its error.
func (a arena) play(ctx context.Context, games []gameJob, done func(gameResult)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan gameJob)
	results := make(chan gameResult)
	go func() {
		defer close(next)
		for _, j := range games {
			select {
			case next <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range max(1, min(a.jobs, len(games))) {
		wg.Go(func() {
			for j := range next {
				results <- a.playOne(ctx, j)
			}
		})
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	// The status line and done's lines share one terminal (standard
	// error and output): the status line is cleared before done prints,
	// or a game's line would start where the status line's text ends, and
	// it is drawn again once the finished games are handed on.
	shown := false
	clearStatus := func() {
		if shown {
			fmt.Fprint(a.progress, "\r\x1b[K")
			shown = false
		}
	}
	var failed error
	finished := map[int]gameResult{} // finished games not yet handed on
	handed, count, begun := 0, 0, time.Now()
	for r := range results {
		if r.err != nil {
			if failed == nil || errors.Is(failed, errInterrupted) && !errors.Is(r.err, errInterrupted) {
				failed = r.err
			}
			cancel()
			continue
		}
		finished[r.job.index] = r
		count++
		for ; ; handed++ {
			r, ok := finished[handed]
			if !ok {
				break
			}
			delete(finished, handed)
			clearStatus()
			done(r)
		}
		if a.progress != nil && failed == nil {
			elapsed := time.Since(begun)
			left := elapsed * time.Duration(len(games)-count) / time.Duration(count)
			fmt.Fprintf(a.progress, "\r%d/%d games, about %s left\x1b[K", count, len(games), left.Round(time.Second))
			shown = true
		}
	}
	clearStatus()
	// After a stop, the games that finished behind an unfinished one.
	for _, i := range slices.Sorted(maps.Keys(finished)) {
		done(finished[i])
	}
	if failed == nil && ctx.Err() != nil {
		failed = errInterrupted // stopped before any game was under way
	}
	if failed != nil && errors.Is(failed, context.Canceled) {
		failed = errInterrupted
	}
	return failed
}

// playOne plays one game from its opening, with bots of its own built from
// the game's own seed.
func (a arena) playOne(ctx context.Context, j gameJob) gameResult {
	r := gameResult{job: j}
	rng := gameSeed(a.seed, j.index)
	budget := a.budget
	budget.Jobs = 1
	budget.Trace = 0 // a match prints no trees: none to build
	var seats [3]seat
	for _, side := range []Side{X, O} {
		b, err := a.spec.newBot(j.bots[side], rng)
		if err != nil {
			r.err = err
			return r
		}
		seats[side] = botSeat{bot: b, label: j.labels[side], budget: budget}
	}
	g := a.spec.start(a.opt)
	for _, m := range j.opening {
		g.Play(m)
	}
	r.game = g
	r.err = playGame(ctx, g, seats, gameHooks{after: func(g Game, d Decision) error {
		side := g.Turn().Other()
		r.moves[side]++
		r.nodes[side] += d.Nodes
		r.time[side] += d.Time
		return nil
	}})
	return r
}

// tally is one bot's record over a match.
type tally struct {
	name                string
	wins, draws, losses int
	moves               int
	nodes               int64
	time                time.Duration
}

// matchConfig is a head-to-head match between two bots.
type matchConfig struct {
	spec     *gameSpec
	opt      gameOptions
	bots     [2]string // the bots of -x and -o
	budget   Budget
	games    int
	openings int // random plies before each pair of games
	seed     uint64
	jobs     int // games at once
}

// labels are the bots' names in lines and tables: their names, or when a
// bot plays itself, the seat each copy was given on the command line.
func (m matchConfig) labels() [2]string {
	if m.bots[0] == m.bots[1] {
		return [2]string{m.bots[0] + " (as -x)", m.bots[1] + " (as -o)"}
	}
	return m.bots
}

// run plays the games between the bots of -x and -o in pairs: games 2k+1
// and 2k+2 (counted from 1) start from the same opening, the bot of -x
// playing X in the first and O in the second. It prints one line per game
// in the order of the games, then the results table. On an interrupt it
// prints the table of the games finished and returns errInterrupted.
func (m matchConfig) run(ctx context.Context, out, progress io.Writer) error {
	labels := m.labels()
	openings, err := openingsFor(m.spec, m.opt, m.openings, (m.games+1)/2, m.seed)
	if err != nil {
		return err
	}
	games := make([]gameJob, m.games)
	for i := range games {
		// Bot 0 (of -x) plays X in even games, O in odd ones.
		x, o := i%2, 1-i%2
		games[i] = gameJob{index: i, bots: [3]string{X: m.bots[x], O: m.bots[o]},
			labels: [3]string{X: labels[x], O: labels[o]}, opening: openings[i/2]}
	}
	tallies := [2]*tally{{name: labels[0]}, {name: labels[1]}}
	points := make([]float64, m.games) // bot 0's points by game; -1 unplayed
	for i := range points {
		points[i] = -1
	}
	a := arena{spec: m.spec, opt: m.opt, budget: m.budget, seed: m.seed, jobs: m.jobs, progress: progress}
	err = a.play(ctx, games, func(r gameResult) {
		i := r.job.index
		order := [3]int{X: i % 2, O: 1 - i%2}
		for _, side := range []Side{X, O} {
			t := tallies[order[side]]
			t.moves += r.moves[side]
			t.nodes += r.nodes[side]
			t.time += r.time[side]
		}
		switch w := r.game.Winner(); w {
		case Nobody:
			tallies[0].draws++
			tallies[1].draws++
		default:
			tallies[order[w]].wins++
			tallies[1-order[w]].losses++
		}
		points[i] = outcome(r.game, [2]Side{X, O}[i%2])
		opening := ""
		if len(r.job.opening) > 0 {
			opening = ", opening " + m.spec.line(r.job.opening)
		}
		fmt.Fprintf(out, "game %d/%d: X %s, O %s%s: %s moves: %s\n", i+1, m.games,
			r.job.labels[X], r.job.labels[O], opening, resultLine(r.game), m.spec.record(r.game))
	})
	if err != nil && !errors.Is(err, errInterrupted) {
		return err
	}
	writeTable(out, tallies, matchElo(labels[0], points))
	return err
}

// matchElo is the elo line of the bot of -x from its points by game (-1
// for a game not played). Its interval is the first of these that the
// games can give:
//   - the pentanomial one over pairs, when every game played has its
//     pair's other game played too and the pairs' scores vary;
//   - when every pair scored exactly half its points (split 1-1, by two
//     draws or a win and a loss) and every game without its pair is a
//     draw, the sample shows no variance of the independent trials:
//     drawsInterval's exact bound, over those trials (the pairs and the
//     lone games), since none of them scored above or below half;
//   - otherwise the trinomial one over games, when some game lacks its
//     pair (an odd number of games, an interrupted run), or the pairs
//     cannot estimate the variance (a single pair, every pair alike). It
//     takes a pair's games for independent trials, which they are not
//     quite, but it is the only estimate left, and it does not claim
//     certainty.
func matchElo(name string, points []float64) string {
	var games wdl
	var pairs pentanomial
	lone, loneDraws := 0, 0 // games whose pair's other game was not played
	paired := true
	for k := 0; 2*k < len(points); k++ {
		first, second := points[2*k], -1.0
		if 2*k+1 < len(points) {
			second = points[2*k+1]
		}
		for _, p := range []float64{first, second} {
			if p >= 0 {
				games.add(p)
			}
		}
		switch {
		case first >= 0 && second >= 0:
			pairs.add(first, second)
		case first >= 0 || second >= 0:
			paired = false
			lone++
			if max(first, second) == 0.5 {
				loneDraws++
			}
		}
	}
	n := games.games()
	if n > 0 && paired {
		if diff, plusMinus, ok := eloIntervalPairs(pairs); ok {
			return eloLine(name, diff, plusMinus, n)
		}
	}
	complete := 0
	for _, c := range pairs {
		complete += c
	}
	if n > 0 && pairs[2] == complete && loneDraws == lone {
		return eloLine(name, 0, drawsInterval(complete+lone), n)
	}
	diff, plusMinus := eloInterval(games)
	return eloLine(name, diff, plusMinus, n)
}

// writeTable prints the results table, the elo line and SPEC's total line.
func writeTable(out io.Writer, t [2]*tally, elo string) {
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "bot\twins\tdraws\tlosses\tms/move\tnodes/move\t")
	for _, b := range t {
		perMove := func(x float64) float64 { return x / float64(max(b.moves, 1)) }
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.2f\t%.0f\t\n", b.name, b.wins, b.draws, b.losses,
			perMove(float64(b.time.Microseconds())/1000), perMove(float64(b.nodes)))
	}
	tw.Flush()
	fmt.Fprintln(out, elo)
	draws := fmt.Sprintf("%d draws", t[0].draws)
	if t[0].draws == 1 {
		draws = "1 draw"
	}
	fmt.Fprintf(out, "total: %s %d - %s %d, %s\n", t[0].name, t[0].wins, t[1].name, t[1].wins, draws)
}

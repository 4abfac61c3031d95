package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
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

// gameJob is one game of a run: who sits where, from which opening.
type gameJob struct {
	index   int        // its place in the run, from 0; its bots' seed
	pair    int        // its pair of openings, from 0
	players [3]*player // by side
	labels  [3]string  // their names in lines and tables, by side
	opening []Move     // from the game's start
}

// gameResult is a game played (or stopped) with its bots' figures by side.
type gameResult struct {
	job   gameJob
	game  Game
	moves [3]int
	nodes [3]int64
	time  [3]time.Duration
	// forfeit, when not nil, is how the game ended: a side's engine
	// failed (its Reason says how), and the other side won.
	forfeit *Forfeit
	err     error
	// resumed says the game was not played but read back from -out,
	// where a run before this one kept it: it is counted, not printed
	// or kept again.
	resumed bool
}

// arena plays the games of a match or a tournament, jobs games at once.
type arena struct {
	spec *gameSpec
	opt  gameOptions
	reg  *registry
	seed uint64
	jobs int // games at once; each game is single-threaded
	// progress, if not nil (a terminal), shows the games done and an
	// estimate of the time left.
	progress io.Writer
	// The run as its records name it (results.go).
	event string   // "match" or "tournament"
	field []string // the players as rated, in the order given
	total int      // the games of the whole run, every shard's
	// stopped, if not nil, gets each game that an interrupt stopped
	// under way, after done has had every finished one.
	stopped func(gameResult)
	// status, if not nil, adds to the status line (-sprt's llr).
	status func() string
	// replay are games not to play: their results, by index, from -out.
	replay map[int]gameResult
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
	c := newCollector(a, games, done)
	var left []gameJob
	for _, j := range games {
		if r, ok := a.replay[j.index]; ok {
			c.finished(r)
		} else {
			left = append(left, j)
		}
	}
	for r := range a.workers(ctx, left) {
		if r.err != nil {
			c.fail(r)
			cancel()
			continue
		}
		c.finished(r)
	}
	return c.close(ctx)
}

// workers play the games, a.jobs at a time, and send each result as it
// ends; the channel closes once every game has ended or ctx has.
func (a arena) workers(ctx context.Context, games []gameJob) <-chan gameResult {
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
	return results
}

// collector hands a run's results on in the order of its games, keeps the
// status line, and remembers why the run stopped.
type collector struct {
	a        arena
	total    int
	done     func(gameResult)
	place    map[int]int        // a game's place in the run, by its index
	waiting  map[int]gameResult // finished games not yet handed on, by place
	stopped  []gameResult       // games an interrupt stopped under way
	failed   error              // why the run stopped, if it did
	handed   int                // games handed on, in order
	count    int                // games finished
	begun    time.Time
	statusOn bool // the status line is on the terminal
}

// newCollector is a collector for games, handing each on to done.
func newCollector(a arena, games []gameJob, done func(gameResult)) *collector {
	c := &collector{a: a, total: len(games), done: done, place: map[int]int{}, waiting: map[int]gameResult{}, begun: time.Now()}
	for i, j := range games {
		c.place[j.index] = i
	}
	return c
}

// fail notes a game that ended in an error: the run's first failure (an
// interrupt gives way to any other), and a game stopped under way.
func (c *collector) fail(r gameResult) {
	if c.failed == nil || errors.Is(c.failed, errInterrupted) && !errors.Is(r.err, errInterrupted) {
		c.failed = r.err
	}
	if r.game != nil && (errors.Is(r.err, errInterrupted) || errors.Is(r.err, context.Canceled)) {
		c.stopped = append(c.stopped, r)
	}
}

// finished hands on every game finished so far in order, then redraws the
// status line.
func (c *collector) finished(r gameResult) {
	c.waiting[c.place[r.job.index]] = r
	c.count++
	for ; ; c.handed++ {
		r, ok := c.waiting[c.handed]
		if !ok {
			break
		}
		delete(c.waiting, c.handed)
		c.clearStatus()
		c.done(r)
	}
	if c.a.progress != nil && c.failed == nil {
		left := time.Since(c.begun) * time.Duration(c.total-c.count) / time.Duration(c.count)
		more := ""
		if c.a.status != nil {
			more = ", " + c.a.status()
		}
		fmt.Fprintf(c.a.progress, "\r%d/%d games, about %s left%s\x1b[K", c.count, c.total, left.Round(time.Second), more)
		c.statusOn = true
	}
}

// clearStatus takes the status line off the terminal: it shares one with
// done's lines (standard error and output), and a game's line must not
// start where the status line's text ends.
func (c *collector) clearStatus() {
	if c.statusOn {
		fmt.Fprint(c.a.progress, "\r\x1b[K")
		c.statusOn = false
	}
}

// close ends the run: after a stop, the games that finished behind an
// unfinished one, then those stopped under way; it returns why the run
// stopped (errInterrupted for an interrupt), nil if it did not.
func (c *collector) close(ctx context.Context) error {
	c.clearStatus()
	for _, i := range slices.Sorted(maps.Keys(c.waiting)) {
		c.done(c.waiting[i])
	}
	if c.a.stopped != nil {
		slices.SortFunc(c.stopped, func(p, q gameResult) int { return c.place[p.job.index] - c.place[q.job.index] })
		for _, r := range c.stopped {
			c.a.stopped(r)
		}
	}
	failed := c.failed
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
	var seats [3]seat
	for _, side := range []Side{X, O} {
		p := j.players[side]
		budget := p.budget() // one thread, and no trees: a match prints none
		budget.Jobs = 1
		seats[side] = botSeat{bot: a.reg.newBot(a.spec, p, rng), label: j.labels[side], budget: budget}
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
	if errors.As(r.err, &r.forfeit) {
		r.err = nil // a game lost, not a run stopped
	}
	return r
}

// tally is one bot's record over a match.
type tally struct {
	name                string
	wins, draws, losses int
	moves               int
	nodes               int64
	time                time.Duration
	forfeits            forfeitCount
}

// matchConfig is a head-to-head match between two bots.
type matchConfig struct {
	spec    *gameSpec
	opt     gameOptions
	reg     *registry
	players [2]*player // the bots of -x and -o
	games   int
	plan    openingPlan // where each pair of games starts
	seed    uint64
	jobs    int // games at once
	// width is the terminal's, to wrap the game lines to between tokens;
	// 0 (a pipe) leaves them one line each.
	width int
	// sprt, if not nil, stops the match as soon as its test decides;
	// games is then the most games.
	sprt *sprtTest
	report
}

// report is where a run's results go besides the lines it prints.
type report struct {
	keep *resultsWriter // -out: every game as a JSON line; nil for none
	json bool           // -format json: the lines and tables as JSON
	// have are the records -out's file held before the run, and keptIn
	// its name: the games of this run among them are not played again.
	have   []gameRecord
	keptIn string
	// plotFile, if set, gets the standings as a picture (-plot).
	plotFile string
}

// plot draws the run's ratings into -plot's file, if it is set.
func (r report) plot(game, axis string, pts []eloPoint) error {
	if r.plotFile == "" {
		return nil
	}
	if err := writePlot(r.plotFile, plotTitle(game, pts), axis, pts); err != nil {
		return fmt.Errorf("-plot %s: %v", r.plotFile, err)
	}
	return nil
}

// boundedPoint is a player's point at a rating difference that may be
// infinite (a perfect score): there the least difference likely at 95%
// after games, without an interval.
func boundedPoint(name string, diff, plusMinus float64, games int) eloPoint {
	if math.IsInf(diff, 0) && games > 0 {
		bound := eloDiff(math.Pow(0.025, 1/float64(games)))
		return eloPoint{name: name, elo: math.Copysign(bound, diff), plusMinus: math.NaN()}
	}
	return eloPoint{name: name, elo: diff, plusMinus: plusMinus}
}

// resume sets a to replay the games of games that r's file holds, and
// says how many: "resuming: 9 of 24 games already in FILE".
func (r report) resume(out io.Writer, a *arena, games []gameJob) {
	a.replay = a.resumable(games, r.have)
	switch {
	case len(a.replay) == 0:
	case r.json:
		writeJSONLine(out, resumeJSON{Type: "resume", Games: len(a.replay), Of: len(games), File: r.keptIn})
	default:
		fmt.Fprintf(out, "resuming: %d of %s already in %s\n", len(a.replay), plural(len(games), "game", "games"), r.keptIn)
	}
}

// keepGame keeps a game's record in -out and, with -format json, prints it
// as the game's line; it says whether it did, else the caller prints its
// text line (if any).
func (r report) keepGame(out io.Writer, rec gameRecord) (printed bool) {
	if r.keep != nil {
		r.keep.write(rec)
	}
	if r.json {
		writeJSONLine(out, rec)
	}
	return r.json
}

// labels are the bots' names in lines and tables: their names, or when a
// bot plays itself, the seat each copy was given on the command line.
func (m matchConfig) labels() [2]string {
	x, o := m.players[0].label, m.players[1].label
	if x == o {
		return [2]string{x + " (as -x)", o + " (as -o)"}
	}
	return [2]string{x, o}
}

// run plays the games between the bots of -x and -o in pairs: games 2k+1
// and 2k+2 (counted from 1) start from the same opening, the bot of -x
// playing X in the first and O in the second. It prints the seed, one line
// per game in the order of the games, then the results table. On an
// interrupt it prints the table of the games finished and returns
// errInterrupted. Under -sprt it stops once the test decides (sprtRun).
func (m matchConfig) run(ctx context.Context, out, progress io.Writer) error {
	labels := m.labels()
	openings, note, err := m.plan.openings(m.spec, m.opt, (m.games+1)/2, m.seed)
	if err != nil {
		return err
	}
	a := arena{spec: m.spec, opt: m.opt, reg: m.reg, seed: m.seed, jobs: m.jobs, progress: progress,
		event: "match", field: labels[:], total: m.games}
	m.header(out, a, note, "")
	games := make([]gameJob, m.games)
	for i := range games {
		// Bot 0 (of -x) plays X in even games, O in odd ones.
		x, o := i%2, 1-i%2
		games[i] = gameJob{index: i, pair: i / 2, players: [3]*player{X: m.players[x], O: m.players[o]},
			labels: [3]string{X: labels[x], O: labels[o]}, opening: openings[i/2]}
	}
	tallies := [2]*tally{{name: labels[0], forfeits: forfeitCount{}}, {name: labels[1], forfeits: forfeitCount{}}}
	points := make([]float64, m.games) // bot 0's points by game; -1 unplayed
	for i := range points {
		points[i] = -1
	}
	m.resume(out, &a, games)
	test := m.newSPRTRun(ctx, out, &a)
	a.stopped = func(r gameResult) {
		if !test.decided() {
			m.game(out, a, r)
		}
	}
	err = a.play(test.ctx, games, func(r gameResult) {
		if test.decided() {
			return // finished after the deciding pair: not needed
		}
		i := r.job.index
		tallyGame(tallies, r)
		points[i] = r.points([2]Side{X, O}[i%2])
		m.game(out, a, r)
		if i%2 == 1 {
			test.pair(points[i-1], points[i])
		}
	})
	err = test.end(ctx, err)
	if err != nil && !errors.Is(err, errInterrupted) {
		return err
	}
	played := tallies[0].wins + tallies[0].draws + tallies[0].losses
	if played > 0 {
		diff, plusMinus, n := matchEloFigures(points)
		pts := []eloPoint{boundedPoint(labels[0], diff, plusMinus, n), {name: labels[1], plusMinus: math.NaN()}}
		if perr := m.plot(m.spec.title, "Elo over "+labels[1], pts); perr != nil && err == nil {
			err = perr
		}
	}
	if m.json {
		diff, plusMinus, n := matchEloFigures(points)
		summary := matchSummary(m.spec.name, m.seed, m.games, tallies, eloFigures(labels[0], diff, plusMinus, n))
		summary.SPRT = test.summary(played)
		writeJSONLine(out, summary)
	} else {
		if test.on() {
			fmt.Fprintln(out, test.result(played))
		} else if played < m.games {
			fmt.Fprintf(out, "stopped after %d of %d games\n", played, m.games)
		}
		writeTable(out, tallies, matchElo(labels[0], points))
	}
	return err
}

// tallyGame counts a game in the tallies: ts[0] is the bot of -x's, which
// plays X in the even games.
func tallyGame(ts [2]*tally, r gameResult) {
	i := r.job.index
	order := [3]int{X: i % 2, O: 1 - i%2}
	for _, side := range []Side{X, O} {
		t := ts[order[side]]
		t.moves += r.moves[side]
		t.nodes += r.nodes[side]
		t.time += r.time[side]
	}
	if r.forfeit != nil {
		ts[order[r.forfeit.Side]].forfeits[r.forfeit.Kind]++
	}
	switch w := r.winner(); w {
	case Nobody:
		ts[0].draws++
		ts[1].draws++
	default:
		ts[order[w]].wins++
		ts[1-order[w]].losses++
	}
}

// sprtRun is a match's test under way: its pairs so far, its llr, and
// the context that stops the games once it decides.
type sprtRun struct {
	test    *sprtTest // nil: no test, and the rest is idle
	ctx     context.Context
	cancel  context.CancelFunc
	pairs   pentanomial
	llr     float64
	verdict sprtVerdict
}

// newSPRTRun starts the match's test, if it has one: its header line,
// and its llr on the status line.
func (m matchConfig) newSPRTRun(ctx context.Context, out io.Writer, a *arena) *sprtRun {
	s := &sprtRun{test: m.sprt}
	s.ctx, s.cancel = context.WithCancel(ctx)
	if s.test == nil {
		return s
	}
	if !m.json {
		fmt.Fprintln(out, s.test.header(m.games))
	}
	a.status = func() string { return s.test.status(s.llr) }
	return s
}

// on says the match has a test.
func (s *sprtRun) on() bool { return s.test != nil }

// decided says the test has decided: the games after are not needed.
func (s *sprtRun) decided() bool { return s.verdict != sprtGoing }

// pair counts a pair of games (the bot of -x's points in each) and stops
// the games under way if the test decides: they are discarded, as are
// games that finished after the deciding pair (-jobs above 1), so that
// the decision is the one a single game at a time would reach.
func (s *sprtRun) pair(first, second float64) {
	if s.test == nil {
		return
	}
	s.pairs.add(first, second)
	s.llr = s.test.llr(s.pairs)
	if s.verdict = s.test.verdict(s.llr); s.decided() {
		s.cancel()
	}
}

// end is the match's error once its games are over: none for a stop the
// test made, whatever the games stopped under way say; ctx is the
// match's own.
func (s *sprtRun) end(ctx context.Context, err error) error {
	defer s.cancel()
	if s.decided() && ctx.Err() == nil && errors.Is(err, errInterrupted) {
		return nil
	}
	return err
}

// result is the test's line after games.
func (s *sprtRun) result(games int) string { return s.test.result(s.llr, s.verdict, games) }

// summary is the test's end as JSON, nil without a test.
func (s *sprtRun) summary(games int) *sprtJSON {
	if s.test == nil {
		return nil
	}
	return s.test.summary(s.llr, s.verdict, games)
}

// header starts a run's output: the seed, so that any run can be
// repeated, and the openings' note if they must repeat.
func (r report) header(out io.Writer, a arena, note, shard string) {
	if r.json {
		writeJSONLine(out, runHeader{Type: "start", Event: a.event, Game: a.spec.name, Seed: a.seed,
			Field: a.field, Games: a.total, Shard: shard, Note: note})
		return
	}
	fmt.Fprintf(out, "seed: %d\n", a.seed)
	if note != "" {
		fmt.Fprintln(out, note)
	}
}

// game reports one game, finished or stopped: its record to -out, and
// its line (text or JSON) to out.
func (m matchConfig) game(out io.Writer, a arena, r gameResult) {
	if r.resumed {
		return
	}
	rec := a.record(r)
	if m.report.keepGame(out, rec) {
		return
	}
	outcome, opening := r.outcome(), ""
	if r.err != nil {
		outcome = "interrupted"
	}
	if len(r.job.opening) > 0 {
		opening = ", opening " + rec.Opening
	}
	line := fmt.Sprintf("game %d/%d: X %s, O %s%s: %s, moves: %s", r.job.index+1, m.games,
		r.job.labels[X], r.job.labels[O], opening, outcome, movesOrNone(rec.Record))
	fmt.Fprintln(out, wrapHanging(line, m.width, 4))
}

// winner is the side that won: the game's winner, or the opponent of the
// side that forfeited.
func (r gameResult) winner() Side {
	if r.forfeit != nil {
		return r.forfeit.Side.Other()
	}
	return r.game.Winner()
}

// points is what side s scored: 1, 1/2 or 0.
func (r gameResult) points(s Side) float64 {
	switch r.winner() {
	case s:
		return 1
	case Nobody:
		return 0.5
	}
	return 0
}

// movesOrNone is a game line's record: "none" for a game that ended
// before its first move (an engine that forfeited it), rather than nothing.
func movesOrNone(record string) string {
	if record == "" {
		return "none"
	}
	return record
}

// outcome says who won in the match lines' words, or who forfeited and why.
func (r gameResult) outcome() string {
	if r.forfeit != nil {
		return fmt.Sprintf("%s forfeits (%s), %s", r.forfeit.Side, r.forfeit.Reason, winWords(r.winner()))
	}
	return outcomeWords(r.game)
}

// record is the game as -out keeps it (results.go).
func (a arena) record(r gameResult) gameRecord {
	rec := a.recordHead(r.job)
	rec.Record = a.spec.record(r.game)
	for _, side := range []Side{X, O} {
		p := &rec.X
		if side == O {
			p = &rec.O
		}
		p.Moves, p.TimeMS, p.Nodes = r.moves[side], float64(r.time[side].Microseconds())/1000, r.nodes[side]
	}
	w := r.winner()
	switch {
	case r.err != nil:
		rec.Result, rec.End = "*", endInterrupted
		return rec
	case r.forfeit != nil:
		rec.End, rec.Reason, rec.Kind = endForfeit, r.forfeit.Reason, string(r.forfeit.Kind)
	case w == Nobody:
		rec.End = endDraw
	default:
		rec.End = endWin
	}
	rec.Result, rec.Winner = resultOf(w), map[Side]string{X: "X", O: "O"}[w]
	if a.spec.start(a.opt).Utility().Margin && r.forfeit == nil {
		margin := r.game.Final(X)
		rec.Margin = &margin
	}
	return rec
}

// recordHead is the part of a game's record that says which game of
// which run it is, before it is played: the game, its options, the run
// (event, field, seed, games), its number, pair and opening, and who
// played each side with what settings.
func (a arena) recordHead(j gameJob) gameRecord {
	rec := gameRecord{Type: "game", Game: a.spec.name, Event: a.event, Field: a.field,
		Number: j.index + 1, Games: a.total, Pair: j.pair + 1, Seed: a.seed, Opening: a.spec.line(j.opening)}
	if opt := a.spec.defaults(a.opt); len(opt) > 0 {
		rec.Options = opt
	}
	for _, side := range []Side{X, O} {
		pl := j.players[side]
		p := playerRecord{Name: pl.label, Bot: pl.decl.name, Params: pl.vals, Settings: settingsOf(pl.budget())}
		if j.labels[side] != p.Name {
			p.Label = j.labels[side]
		}
		if sp := a.spec.specialFor(pl.decl.name, pl.vals); sp != nil {
			p.Impl = sp.impl
		}
		if side == X {
			rec.X = p
		} else {
			rec.O = p
		}
	}
	return rec
}

// resumable are the games of this run that have records in have (an
// -out file written before), as results rebuilt from the records, by the
// games' indexes: the games a rerun need not play again. A record counts
// when its game finished and it is the same game of the same run: every
// field recordHead fills is the same.
func (a arena) resumable(games []gameJob, have []gameRecord) map[int]gameResult {
	byNumber := map[int][]gameRecord{}
	for _, rec := range have {
		if rec.End != endInterrupted {
			byNumber[rec.Number] = append(byNumber[rec.Number], rec)
		}
	}
	done := map[int]gameResult{}
	for _, j := range games {
		for _, rec := range byNumber[j.index+1] {
			if !sameGame(a.recordHead(j), rec) {
				continue
			}
			if r, err := a.fromRecord(j, rec); err == nil {
				done[j.index] = r
				break
			}
		}
	}
	return done
}

// fromRecord is the result a record keeps: its game replayed from the
// record, its sides' figures, its forfeit.
func (a arena) fromRecord(j gameJob, rec gameRecord) (gameResult, error) {
	g, err := a.spec.parseRecord(rec.Record, a.opt)
	if err != nil {
		return gameResult{}, err
	}
	r := gameResult{job: j, game: g, resumed: true}
	for side, p := range map[Side]playerRecord{X: rec.X, O: rec.O} {
		r.moves[side], r.nodes[side] = p.Moves, p.Nodes
		r.time[side] = time.Duration(math.Round(p.TimeMS*1000)) * time.Microsecond
	}
	if rec.End == endForfeit {
		loser := map[string]Side{"X": O, "O": X}[rec.Winner]
		r.forfeit = &Forfeit{Side: loser, Reason: rec.Reason, Kind: ForfeitKind(rec.Kind)}
	} else if !g.Over() {
		return gameResult{}, fmt.Errorf("game %d: the record does not end the game", rec.Number)
	}
	return r, nil
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
	diff, plusMinus, n := matchEloFigures(points)
	return eloLine(name, diff, plusMinus, n)
}

// matchEloFigures are matchElo's difference, interval and games.
func matchEloFigures(points []float64) (diff, plusMinus float64, n int) {
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
	n = games.games()
	if n > 0 && paired {
		if diff, plusMinus, ok := eloIntervalPairs(pairs); ok {
			return diff, plusMinus, n
		}
	}
	complete := 0
	for _, c := range pairs {
		complete += c
	}
	if n > 0 && pairs[2] == complete && loneDraws == lone {
		return 0, drawsInterval(complete + lone), n
	}
	diff, plusMinus = eloInterval(games)
	return diff, plusMinus, n
}

// writeTable prints the results table, the elo line and SPEC's total line.
func writeTable(out io.Writer, t [2]*tally, elo string) {
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "bot\twins\tdraws\tlosses\tms/move\tnodes/move\tforfeits\t")
	for _, b := range t {
		perMove := func(x float64) float64 { return x / float64(max(b.moves, 1)) }
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.2f\t%.0f\t%s\t\n", b.name, b.wins, b.draws, b.losses,
			perMove(float64(b.time.Microseconds())/1000), perMove(float64(b.nodes)), b.forfeits.text())
	}
	tw.Flush()
	if key := forfeitKey(t[0].forfeits, t[1].forfeits); key != "" {
		fmt.Fprintln(out, key)
	}
	fmt.Fprintln(out, elo)
	draws := fmt.Sprintf("%d draws", t[0].draws)
	if t[0].draws == 1 {
		draws = "1 draw"
	}
	fmt.Fprintf(out, "total: %s %d - %s %d, %s\n", t[0].name, t[0].wins, t[1].name, t[1].wins, draws)
}

// matchSummary is the table, the elo line and the total of a match as
// JSON (-format json).
func matchSummary(game string, seed uint64, games int, t [2]*tally, elo eloJSON) matchJSON {
	m := matchJSON{Type: "match", Game: game, Seed: seed, Games: games, Played: t[0].wins + t[0].draws + t[0].losses, Elo: elo}
	for _, b := range t {
		perMove := func(x float64) float64 { return math.Round(100*x/float64(max(b.moves, 1))) / 100 }
		m.Bots = append(m.Bots, matchBotJSON{Bot: b.name, Wins: b.wins, Draws: b.draws, Losses: b.losses,
			MSPerMove: perMove(float64(b.time.Microseconds()) / 1000), NodesPerMove: perMove(float64(b.nodes)), Forfeits: b.forfeits.json()})
	}
	return m
}

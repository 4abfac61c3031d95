package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"maps"
	"math/rand/v2"
	"slices"
	"sync"
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
	index   int        // its place in the whole run, from 0; its bots' seed
	place   int        // its place among the games this run deals (a shard's), from 0
	pair    int        // its pair of openings, from 0
	players [3]*player // by side
	labels  [3]string  // their names in lines and tables, by side
	field   [3]int     // its players' places in the run's field, by side
	opening []Move     // from the game's start
}

// schedule is the games a run deals, in order, made one by one as they
// are dealt: a run of a billion games holds no list of them, only the
// games under way and those finished ahead of an earlier one
// (docs/results.md).
type schedule struct {
	games iter.Seq[gameJob]
	count int // the games it deals
}

// dealAhead bounds how far the games dealt may run ahead of the first
// game not yet handed on: a slow game holds back at most so many
// finished ones in memory (their records are on disk already).
const dealAhead = 4096

// gameResult is a game played (or stopped) with its bots' figures by side.
type gameResult struct {
	job   gameJob
	game  Game
	moves [3]int
	nodes [3]int64
	time  [3]time.Duration
	// starts counts the moves that started a bot's program (an engine's
	// first move of a process), startup their time, which time includes.
	starts  [3]int
	startup [3]time.Duration
	// forfeit, when not nil, is how the game ended: a side's engine
	// failed (its Reason says how), and the other side won.
	forfeit *Forfeit
	err     error
	// adjudicated, when not nil, is how the game ended: its result was
	// sure at its last position (-adjudicate, arenaadjudicate.go).
	adjudicated *adjudication
	// grades, when not nil, are the oracle's grades of each side's moves
	// (-grade), by side; nil for a game not graded.
	grades *[3]gameGrade
	// resumed says the game was not played but read back from -out,
	// where a run before this one kept it: it is counted, not printed
	// or kept again.
	resumed bool
}

// arena plays the games of a match or a tournament, jobs games at once.
type arena struct {
	// adjudicate, when set, is the oracle's time a position for ending a
	// game once its result is proved (-adjudicate; 0: no limit).
	adjudicate *time.Duration
	// grade, when set, is the oracle's time a position for grading each
	// game once it ends (-grade; 0: no limit).
	grade *time.Duration
	spec  *gameSpec
	opt   gameOptions
	reg   *registry
	seed  uint64
	jobs  int // games at once; each game is single-threaded
	// progress, if not nil (a terminal), shows the games done and an
	// estimate of the time left.
	progress io.Writer
	// The run as its records name it (arenaresults.go).
	event string   // "match" or "tournament"
	field []string // the players as rated, in the order given
	total int      // the games of the whole run, every shard's
	// keep, if not nil, keeps a game (its -out record) the moment it
	// ends, whichever games are still under way before it, and each game
	// an interrupt stopped under way at the end; an error (a failed
	// write) stops the run at once.
	keep func(gameResult) error
	// stopped, if not nil, gets each game that an interrupt stopped
	// under way, after done has had every finished one.
	stopped func(gameResult)
	// status, if not nil, adds to the status line (-sprt's llr).
	status func() string
	// replay, if not nil, gives the result of a game not to play, read
	// back from -out (report.resume), as it is dealt; replays is how many
	// it gives.
	replay  func(gameJob) (gameResult, bool)
	replays int
}

// play plays the games, a.jobs at a time, one goroutine per game, keeps
// each the moment it ends (a.keep), and hands each result to done (on
// the caller's goroutine) in the order of the games, as soon as it and
// every game before it have finished. When the context is cancelled the
// games under way stop; done still gets every game that finished, in
// order, and play returns errInterrupted. A game that fails otherwise, or
// a game that cannot be kept, stops the others, and play returns its
// error.
func (a arena) play(ctx context.Context, games schedule, done func(gameResult)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	c := &collector{a: a, total: games.count, done: done, cancel: cancel, waiting: map[int]gameResult{},
		ahead: make(chan struct{}, dealAhead), begun: time.Now()}
	for r := range a.workers(ctx, games, c.ahead) {
		c.finished(r)
	}
	return c.close(ctx)
}

// workers play the games, a.jobs at a time, and send each result as it
// ends; a game of a.replay is sent as it comes, unplayed. A game is dealt
// once ahead has room for it (the collector frees a place for each game
// it hands on). The channel closes once every game has ended or ctx has;
// after ctx ends, the games of a.replay still to come are sent all the
// same, so that the tables count every game the file holds.
func (a arena) workers(ctx context.Context, games schedule, ahead chan struct{}) <-chan gameResult {
	next := make(chan gameJob)
	results := make(chan gameResult)
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(next)
		replays := a.replays
		for j := range games.games {
			stopped := ctx.Err() != nil
			if r, ok := a.replayed(j); ok {
				if !stopped {
					select {
					case ahead <- struct{}{}:
					case <-ctx.Done():
					}
				}
				results <- r
				if replays--; replays == 0 && ctx.Err() != nil {
					return
				}
				continue
			}
			if stopped {
				if replays == 0 {
					return
				}
				continue
			}
			select {
			case ahead <- struct{}{}:
			case <-ctx.Done():
				continue
			}
			select {
			case next <- j:
			case <-ctx.Done():
			}
		}
	})
	for range max(1, min(a.jobs, games.count)) {
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

// replayed is game j's result read back from -out, ok false for a game
// to play.
func (a arena) replayed(j gameJob) (gameResult, bool) {
	if a.replay == nil {
		return gameResult{}, false
	}
	return a.replay(j)
}

// collector hands a run's results on in the order of its games, keeps
// each game as it ends, keeps the status line, and remembers why the run
// stopped.
type collector struct {
	a        arena
	total    int
	done     func(gameResult)
	cancel   context.CancelFunc // stops the run: a game that cannot be kept
	waiting  map[int]gameResult // finished games not yet handed on, by place
	ahead    chan struct{}      // a place for each game dealt and not handed on
	stopped  []gameResult       // games an interrupt stopped under way
	failed   error              // why the run stopped, if it did
	handed   int                // games handed on, in order
	count    int                // games finished
	begun    time.Time
	statusOn bool // the status line is on the terminal
	unkept   bool // a game could not be kept: the run stops there
}

// stopErr says err is a game stopped by the run's stop (an interrupt, or
// the cancel after another failure), not a failure of its own.
func stopErr(err error) bool {
	return errors.Is(err, errInterrupted) || errors.Is(err, context.Canceled)
}

// fail notes why the run stops: its first failure, an interrupt giving
// way to any other.
func (c *collector) fail(err error) {
	if c.failed == nil || stopErr(c.failed) && !stopErr(err) {
		c.failed = err
	}
}

// keep keeps a game that ended (finished, or stopped under way); the
// first game that cannot be kept stops the run.
func (c *collector) keep(r gameResult) {
	if r.resumed || c.a.keep == nil {
		return
	}
	if err := c.a.keep(r); err != nil {
		c.fail(err)
		c.cancel()
		c.unkept = true
	}
}

// finished keeps a game that ended, hands on every game finished so far
// in order, then redraws the status line. A game that ended in an error
// is the run's failure, or a game stopped under way.
func (c *collector) finished(r gameResult) {
	if r.err != nil {
		c.fail(r.err)
		c.cancel()
		if r.game != nil && stopErr(r.err) {
			c.stopped = append(c.stopped, r)
		}
		return
	}
	if c.keep(r); c.unkept {
		return // not kept, not reported: the run stops at it
	}
	c.waiting[r.job.place] = r
	c.count++
	for ; ; c.handed++ {
		r, ok := c.waiting[c.handed]
		if !ok {
			break
		}
		delete(c.waiting, c.handed)
		select {
		case <-c.ahead: // a place for the next game to deal
		default: // a game read back after the stop took none
		}
		c.clearStatus()
		c.done(r)
	}
	if c.a.progress != nil && c.failed == nil {
		// In floating point: a billion games times the time so far
		// overflows a Duration's nanoseconds.
		left := time.Duration(min(float64(time.Since(c.begun))*float64(c.total-c.count)/float64(c.count), 1e18))
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
// unfinished one, then those stopped under way (kept, then handed to
// a.stopped); it returns why the run stopped (errInterrupted for an
// interrupt), nil if it did not.
func (c *collector) close(ctx context.Context) error {
	c.clearStatus()
	for _, i := range slices.Sorted(maps.Keys(c.waiting)) {
		c.done(c.waiting[i])
	}
	slices.SortFunc(c.stopped, func(p, q gameResult) int { return p.job.place - q.job.place })
	for _, r := range c.stopped {
		if c.keep(r); c.a.stopped != nil && !c.unkept {
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
	var judge *adjudicator
	if a.adjudicate != nil {
		judge = &adjudicator{}
		judge.judge, r.err = a.reg.newOracle(a.spec, Budget{Time: *a.adjudicate, Jobs: 1})
		if r.err != nil {
			return r
		}
	}
	r.err = playGame(ctx, g, seats, gameHooks{after: func(g Game, d Decision) error {
		side := g.Turn().Other()
		r.moves[side]++
		r.nodes[side] += d.Nodes
		r.time[side] += d.Time
		if d.Startup > 0 {
			r.starts[side]++
			r.startup[side] += d.Startup
		}
		if judge != nil {
			if adj, ok := judge.after(ctx, g, d); ok {
				r.adjudicated = adj
				return errEnough // the result is sure (arenaadjudicate.go): no need to play on
			}
		}
		return nil
	}})
	if r.adjudicated != nil && errors.Is(r.err, errEnough) {
		r.err = nil // ended by the proof, not stopped
	}
	if errors.As(r.err, &r.forfeit) {
		r.err = nil // a game lost, not a run stopped
	}
	if a.grade != nil && r.err == nil {
		r.grades, r.err = a.gradeOne(ctx, r.game, len(j.opening))
	}
	var host *hostFault
	if errors.As(r.err, &host) { // no one's loss: the run stops, the game unplayed and unrecorded
		r.err = fmt.Errorf("game %d/%d left unplayed, the run stops: %w", j.index+1, a.total, r.err)
	}
	return r
}

// gradeOne grades a game that ended, g, whose first opening plies were
// its opening: the grades by side, nil when ctx ended before the last
// position was asked (the game is kept without them).
func (a arena) gradeOne(ctx context.Context, g Game, opening int) (*[3]gameGrade, error) {
	o, err := a.reg.newOracle(a.spec, Budget{Time: *a.grade, Jobs: 1})
	if err != nil {
		return nil, err
	}
	start := a.spec.start(a.opt)
	grades, ok := gradeGame(ctx, o, start, g.History(), opening)
	if !ok {
		return nil, nil
	}
	return &grades, nil
}

// winner is the side that won: the game's winner, the opponent of the
// side that forfeited, or the adjudicated winner.
func (r gameResult) winner() Side {
	switch {
	case r.forfeit != nil:
		return r.forfeit.Side.Other()
	case r.adjudicated != nil:
		return r.adjudicated.winner
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
	if r.adjudicated != nil {
		return fmt.Sprintf("%s, adjudicated (value %+d for %s to move)", winWords(r.winner()), r.adjudicated.value, r.game.Turn())
	}
	return outcomeWords(r.game)
}

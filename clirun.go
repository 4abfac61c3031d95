package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"
	"time"

	"golang.org/x/term"
)

// A run's modes, wired to its streams: -analyze, a match or a
// tournament, -check, -rate, -make-book and the session at the prompt.
// Each builds its bots from the plan's players and hands them to its
// front end; main.go's run chooses among them, in one switch.

// invocation is a plan with the streams it runs on.
type invocation struct {
	*runPlan
	stdin          io.Reader
	stdout, stderr io.Writer
	engines        *engineGroup // the run's engines, which a second Ctrl-C kills at once
	intr           *interrupter // Ctrl-C's router while a mode runs (start)
}

// makeBook builds the opening book (-make-book).
func (r *invocation) makeBook() int {
	c := r.cfg
	if err := makeBook(c.makeBook, bookPlan{tree: c.bookPly, openings: c.bookOpenings, lines: c.bookLine}, r.stderr, isTerminal(r.stderr)); err != nil {
		fmt.Fprintf(r.stderr, "boardbots: -make-book: %v\n", err)
		return 1
	}
	return 0
}

// statusLine writes a status line on standard error, each line over
// the last, "" taking it away; nil when standard error is no terminal,
// where such lines would pile up.
func (r *invocation) statusLine() func(line string) {
	if !isTerminal(r.stderr) {
		return nil
	}
	return func(line string) { fmt.Fprintf(r.stderr, "\r%s\x1b[K", line) }
}

// rate rates the games of the -rate files, those of -game's game alone
// when -game is given.
func (r *invocation) rate() int {
	var only *rateOnly
	if r.cfg.set["game"] {
		only = &rateOnly{spec: r.spec, opt: r.opt}
	}
	var grader *recordGrader
	if r.cfg.set["grade"] {
		// Grading can take long: Ctrl-C stops it, and the games not
		// graded yet are rated without grades (docs/review.md).
		ctx, _, stop := interruptible(forceExit(r.engines, r.stderr))
		defer stop()
		grader = &recordGrader{ctx: ctx, reg: r.reg, budget: r.cfg.grade, jobs: r.cfg.jobs, status: r.statusLine()}
	}
	status := rateFiles(r.cfg.rate, only, grader, r.cfg.format == "json", r.cfg.plot, r.cfg.plotSize, isTerminal(r.stdout), r.stdout, r.stderr)
	if grader != nil && grader.ctx.Err() != nil && status == 0 {
		return exitStatus(grader.ctx, errInterrupted)
	}
	return status
}

// errProblems is -check's end when the engine had problems: status 1,
// the report already printed.
var errProblems = errors.New("the engine has problems")

// check checks an engine (-check).
func (r *invocation) check(ctx context.Context) error {
	c := engineCheck{reg: r.reg, spec: r.cfg.check, flags: r.cfg.budget, out: r.stdout, games: r.checked, opt: r.cfg.gameOpts}
	clean, err := c.run(ctx)
	if err == nil && !clean {
		return errProblems
	}
	return err
}

// start runs a mode under a context that Ctrl-C, SIGTERM and SIGHUP
// cancel (playinterrupt.go), so a thinking bot stops at once and the
// terminal is restored; at a table with a person, Ctrl-C during a search
// cuts only the search short (the table reads r.intr).
func (r *invocation) start(mode func(context.Context) error) int {
	ctx, intr, stop := interruptible(forceExit(r.engines, r.stderr))
	defer stop()
	r.intr = intr
	err := mode(ctx)
	if errors.Is(err, errProblems) {
		return 1
	}
	atTable := r.mode == modePlay // a game at the table ends its lines itself, even when interrupted
	status := exitStatus(ctx, err)
	switch {
	case status > 128 && !atTable:
		fmt.Fprintln(r.stdout)
	case status == 1 || status == 2:
		fmt.Fprintf(r.stderr, "boardbots: %v\n", err)
	}
	return status
}

// exitStatus is the exit status of a mode that ended with err under ctx:
// after a signal, 128 and its number (130 for Ctrl-C, 143 for SIGTERM),
// whatever err says, since a mode stopped by Ctrl-C may well return nil
// (-analyze reading no further, a game loop that takes the stop for the
// person's quit); 0 for a normal end (quit or end of input included); 2
// for a bad -openings or another input refused before any game; 1 for any
// other failure.
func exitStatus(ctx context.Context, err error) int {
	var bad openingsError
	var refused badInput
	var sig signalled
	switch {
	case errors.As(err, &refused):
		return 2
	case ctx.Err() != nil && errors.As(context.Cause(ctx), &sig):
		return sig.status()
	case ctx.Err() != nil, errors.Is(err, errInterrupted):
		return 130
	case err == nil, errors.Is(err, errQuit), errors.Is(err, io.EOF):
		return 0
	case errors.As(err, &bad):
		return 2
	}
	return 1
}

// forceExit ends the program at once at a second signal: the engines
// killed, waiting for nothing, and the status of the signal.
func forceExit(engines *engineGroup, stderr io.Writer) func(status int) {
	return func(status int) {
		engines.procs.killNow()
		fmt.Fprintln(stderr, "\nboardbots: stopped at once")
		os.Exit(status)
	}
}

// base is what every bot's budget adds to its player's own: the threads
// (-jobs) and the trace's depth (-trace).
func (r *invocation) base(b Budget) Budget {
	b.Jobs, b.Trace = r.cfg.jobs, r.cfg.trace
	return b
}

// traceFile opens -trace-out's file, when given (and -trace is): the
// traces' writer (nil: none) and its closing, whose error is the file's.
func (r *invocation) traceFile() (io.Writer, func() error, error) {
	if r.cfg.traceOut == "" || r.cfg.trace <= 0 {
		return nil, func() error { return nil }, nil
	}
	f, err := os.Create(r.cfg.traceOut)
	if err != nil {
		return nil, nil, fmt.Errorf("-trace-out: %v", err)
	}
	// Unbuffered: a trace is one write, there as soon as it is made. A
	// write that fails (a full disk) is the run's failure at its end.
	w := &checkedWriter{w: f}
	return w, func() error {
		err := cmp.Or(w.failed(), f.Close())
		if err != nil {
			return fmt.Errorf("-trace-out %s: %v", r.cfg.traceOut, err)
		}
		return nil
	}, nil
}

// analyze answers the positions on stdin with -bot's bot.
func (r *invocation) analyze(ctx context.Context) error {
	bot := r.reg.newBot(r.spec, r.bot, r.rng)
	mode := analyzeMode{json: r.cfg.format == "json", scores: r.cfg.scores, traceFormat: r.cfg.traceFormat}
	if r.cfg.scores {
		mode.scorer, _ = r.reg.newBot(r.spec, r.hinter, nil).(moveScorer)
	}
	hint := func() {
		if isTerminal(r.stdin) {
			fmt.Fprintln(r.stderr, analyzeHint)
		}
	}
	if len(r.cfg.merge) > 0 { // docs/solving.md
		// The answer files are read first: one that cannot be read
		// ends the run before the person is asked for anything.
		return analyzeMerge(ctx, r.stdin, r.stdout, r.stderr, r.spec, r.opt, r.cfg.split, r.cfg.merge, mode, hint)
	}
	hint()
	switch {
	case r.cfg.split > 0:
		return analyzeSplit(ctx, r.stdin, r.stdout, r.stderr, r.spec, r.opt, r.cfg.split)
	}
	if p, ok := bot.(progressive); ok && isTerminal(r.stderr) {
		p.reportProgress(r.statusLine())
	}
	traces, closeTraces, err := r.traceFile()
	if err != nil {
		return err
	}
	mode.traces = traces
	err = analyzeWith(ctx, r.stdin, r.stdout, r.spec, bot, r.base(r.bot.budget()), r.opt, mode)
	return cmp.Or(err, closeTraces())
}

// review reviews the games on stdin with the game's oracle, -time a
// position (reviewTime when not given), on -jobs threads; with -grade,
// -grade a position, -jobs games at once.
func (r *invocation) review(ctx context.Context) error {
	budget := Budget{Time: cmp.Or(r.cfg.budget.time, reviewTime), Jobs: r.cfg.jobs}
	if slices.Contains(r.cfg.budget.noLimit, "time") {
		budget.Time = 0 // -time 0: every position proved, however long it takes
	}
	if r.cfg.set["grade"] {
		budget.Time = r.cfg.grade // -grade TIME: the oracle's time a position
	}
	// A review is one game, its oracle on -jobs threads; grading is
	// many games, -jobs of them at once, each oracle on one thread
	// (docs/review.md, "Grading").
	games := 1
	if r.cfg.set["grade"] {
		games, budget.Jobs = r.cfg.jobs, 1
	}
	pool, err := r.reg.newOracles(r.spec, budget, games)
	if err != nil {
		return err
	}
	progress := r.statusLine()
	if isTerminal(r.stdin) {
		fmt.Fprintln(r.stderr, reviewHint)
	}
	var grading *grades
	if r.cfg.set["grade"] {
		grading = &grades{}
	}
	return reviewWith(ctx, r.stdin, r.stdout, pool, r.opt, r.cfg.format == "json", progress, grading)
}

// reviewHint is what -review says when a person is to type the games.
const reviewHint = "-review: type a game a line, as a record; Ctrl-D ends"

// progressive is a bot that can tell how a long search is going, a line
// at a time, and an empty line when it ends (Adjacency's solver): -analyze
// shows the line on the terminal's status line.
type progressive interface {
	reportProgress(report func(line string))
}

// analyzeHint is what -analyze says when a person, not a script, is to
// type the positions: otherwise it would wait in silence.
const analyzeHint = "-analyze: type a position a line, as a record (an empty line or - is the start); Ctrl-D ends"

// matches plays a match or a tournament, keeping every game in -out.
func (r *invocation) matches(ctx context.Context) error {
	var progress io.Writer
	if isTerminal(r.stderr) {
		progress = r.stderr
	}
	rep := report{json: r.cfg.format == "json", plotFile: r.cfg.plot, plotSize: r.cfg.plotSize, plotSaid: r.stderr}
	if r.cfg.set["adjudicate"] {
		rep.adjudicate = &r.cfg.adjudicate
	}
	if r.cfg.set["grade"] {
		rep.grade = &r.cfg.grade
	}
	if isTerminal(r.stdout) {
		rep.width = terminalWidth(fileOf(r.stdout))
	}
	var t tournamentConfig
	if r.mode != modeMatch {
		games := r.cfg.games
		if !r.cfg.set["games"] {
			games = 2 // one pair
		}
		t = tournamentConfig{spec: r.spec, opt: r.opt, reg: r.reg, players: r.field, games: games, plan: r.plan,
			seed: r.cfg.seed, jobs: r.cfg.jobs, shard: r.cfg.shard, shards: r.cfg.shards, gauntlet: r.cfg.gauntlet != "",
			swiss: r.cfg.swiss, knockout: r.cfg.knockout, report: rep}
		if err := t.refusal(); err != nil {
			return err // before -out is opened
		}
	}
	if r.cfg.out != "" {
		rf, err := openResults(ctx, r.cfg.out, r.cfg.wait, r.stderr, r.spec, r.opt)
		if err != nil {
			return err
		}
		defer rf.f.Close()
		if rf.note != "" {
			fmt.Fprintf(r.stderr, "boardbots: %s\n", rf.note)
		}
		rep.keep, rep.have, rep.runs, rep.keptIn = rf.keep, rf.have, rf.runs, r.cfg.out
		rep.seedGiven, rep.notes = r.cfg.set["seed"], r.stderr
	}
	var err error
	if r.mode == modeMatch {
		m := matchConfig{spec: r.spec, opt: r.opt, reg: r.reg, players: [2]*player{r.seats[X], r.seats[O]},
			games: r.cfg.games, plan: r.plan, seed: r.cfg.seed, jobs: r.cfg.jobs, sprt: r.cfg.sprt, report: rep}
		if m.sprt != nil && !r.cfg.set["games"] {
			m.games = sprtGames
		}
		err = m.run(ctx, r.stdout, progress)
	} else {
		t.report = rep
		err = t.play(ctx, r.stdout, progress)
	}
	return err
}

// play seats the person (if any) at a table on the program's terminal or
// pipe and plays games there until the person stops.
func (r *invocation) play(ctx context.Context) (err error) {
	intr := r.intr
	t := r.table()
	traces, closeTraces, err := r.traceFile()
	if err != nil {
		return err
	}
	t.traces = traces
	defer func() {
		if cerr := closeTraces(); cerr != nil && (err == nil || errors.Is(err, errQuit) || errors.Is(err, io.EOF)) {
			err = cerr
		}
	}()
	t.dumb = os.Getenv("TERM") == "dumb"
	t.color = !r.cfg.noColor && os.Getenv("NO_COLOR") == "" && !t.dumb && isTerminal(r.stdout)
	if r.cfg.verbose {
		fmt.Fprintf(r.stdout, "seed: %d\n", r.cfg.seed)
	}
	// A person types at the keyboard through liner, a script through a
	// pipe; two bots need input only to be stepped through (-step).
	reader := func(keyboard bool) {
		if !keyboard {
			t.in = newPipeReader(r.stdin, r.stdout)
			return
		}
		tr := newTermReader()
		t.in, t.closeIn, t.keyboard = tr, func() { tr.Close() }, true
	}
	if t.humans() > 0 {
		t.terminal = isTerminal(r.stdin) && isTerminal(r.stdout)
		reader(t.terminal)
	} else {
		t.terminal = isTerminal(r.stdout)
		t.delay = r.watchDelay(t.terminal)
		if r.cfg.step {
			t.step, t.delay = true, 0
			reader(isTerminal(r.stdin) && t.terminal)
		}
	}
	defer t.closeInput()
	if t.terminal {
		t.width = terminalWidth(fileOf(r.stdout))
		t.moveNow = intr
	}
	return t.run(ctx, func() Game {
		g := r.spec.start(r.opt)
		for _, m := range r.from {
			g.Play(m)
		}
		return g
	})
}

// table is the plan's table, its bots seated, writing to stdout; play
// gives it its input and its terminal.
func (r *invocation) table() *session {
	t := &session{screen: screen{out: r.stdout, verbose: r.cfg.verbose}, spec: r.spec, opt: r.opt, budget: r.base(Budget{}), traceFormat: r.cfg.traceFormat,
		hinter: r.reg.newBot(r.spec, r.hinter, r.rng), reg: r.reg, firstDrawn: r.firstDrawn,
		seatsGiven: r.cfg.set["x"] && r.cfg.set["o"]}
	for _, side := range []Side{X, O} {
		if p := r.seats[side]; p != nil {
			t.seats[side] = &seated{Bot: r.reg.newBot(r.spec, p, r.rng), label: p.label, impl: p.implName(r.spec), budget: p.budget()}
		}
	}
	return t
}

// watchDelay is the pause between moves when two bots play: -delay if
// given, else half a second at a terminal, so that a person can follow the
// game, and none on a pipe.
func (r *invocation) watchDelay(terminal bool) time.Duration {
	switch {
	case r.cfg.set["delay"]:
		return r.cfg.delay
	case terminal:
		return 500 * time.Millisecond
	}
	return 0
}

// isTerminal reports whether a stream is a terminal, as the system
// answers for a file: a character device such as /dev/null is not, so a
// job run with </dev/null gets no prompt's hints. A test's buffer is not
// either.
func isTerminal(stream any) bool {
	f := fileOf(stream)
	return f != nil && term.IsTerminal(int(f.Fd()))
}

// fileOf is the file a stream writes to or reads from, nil for none (a
// test's buffer).
func fileOf(stream any) *os.File {
	if c, ok := stream.(*checkedWriter); ok {
		stream = c.w
	}
	f, _ := stream.(*os.File)
	return f
}

// checkedWriter is a stream that keeps its first write error (a full
// disk, a closed pipe): every later write fails with it, and the program
// reports it at its end rather than drop its output in silence.
type checkedWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

// Write writes p, or fails at once after an earlier failure.
func (c *checkedWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.err = err
	return n, err
}

// failed is the first write error, nil for none.
func (c *checkedWriter) failed() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

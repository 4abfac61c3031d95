package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"time"
)

// A run's modes, wired to its streams: -analyze, a match or a
// tournament, and the table at the prompt. Each builds its bots from the
// plan's players and hands them to its front end.

// invocation is a plan with the streams it runs on.
type invocation struct {
	*runPlan
	stdin          io.Reader
	stdout, stderr io.Writer
}

// base is what every bot's budget adds to its player's own: the threads
// (-jobs) and the trace (-trace, -trace-format).
func (r *invocation) base(b Budget) Budget {
	b.Jobs, b.Trace, b.TraceFormat = r.cfg.jobs, r.cfg.trace, r.cfg.traceFormat
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
	// Unbuffered: a trace is one write, there as soon as it is made.
	return f, func() error {
		if err := f.Close(); err != nil {
			return fmt.Errorf("-trace-out: %v", err)
		}
		return nil
	}, nil
}

// analyze answers the positions on stdin with -bot's bot.
func (r *invocation) analyze(ctx context.Context) error {
	bot := r.reg.newBot(r.spec, r.bot, r.rng)
	mode := analyzeMode{json: r.cfg.format == "json", scores: r.cfg.scores, reg: r.reg}
	if isTerminal(r.stdin) {
		fmt.Fprintln(r.stderr, analyzeHint)
	}
	if p, ok := bot.(progressive); ok && isTerminal(r.stderr) {
		p.reportProgress(func(line string) { fmt.Fprintf(r.stderr, "\r%s\x1b[K", line) })
	}
	traces, closeTraces, err := r.traceFile()
	if err != nil {
		return err
	}
	mode.traces = traces
	err = analyzeWith(ctx, r.stdin, r.stdout, r.spec, bot, r.base(r.bot.budget()), r.opt, mode)
	return cmp.Or(err, closeTraces())
}

// progressive is a bot that can tell how a long search is going, a line
// at a time, and an empty line when it ends (Adjacency's solver): -analyze
// shows the line on the terminal's status line.
type progressive interface {
	reportProgress(report func(line string))
}

// analyzeHint is what -analyze says when a person, not a script, is to
// type the positions: otherwise it would wait in silence.
const analyzeHint = "-analyze: type a position a line, as a record (an empty line is the start); Ctrl-D ends"

// matches plays a match or a tournament, keeping every game in -out.
func (r *invocation) matches(ctx context.Context) error {
	var progress io.Writer
	if isTerminal(r.stderr) {
		progress = r.stderr
	}
	rep := report{json: r.cfg.format == "json", plotFile: r.cfg.plot}
	if r.cfg.out != "" {
		f, have, err := openResults(r.cfg.out)
		if err != nil {
			return fmt.Errorf("-out: %v", err)
		}
		defer f.Close()
		rep.keep, rep.have, rep.keptIn = &resultsWriter{w: f}, have, r.cfg.out
	}
	var err error
	if r.mode == modeMatch {
		m := matchConfig{spec: r.spec, opt: r.opt, reg: r.reg, players: [2]*player{r.seats[X], r.seats[O]},
			games: r.cfg.games, plan: r.plan, seed: r.cfg.seed, jobs: r.cfg.jobs, sprt: r.cfg.sprt, report: rep}
		if m.sprt != nil && !r.cfg.set["games"] {
			m.games = sprtGames
		}
		if isTerminal(r.stdout) {
			m.width = terminalWidth(r.stdout.(*os.File))
		}
		err = m.run(ctx, r.stdout, progress)
	} else {
		games := r.cfg.games
		if !r.cfg.set["games"] {
			games = 2 // one pair
		}
		t := tournamentConfig{spec: r.spec, opt: r.opt, reg: r.reg, players: r.field, games: games, plan: r.plan,
			seed: r.cfg.seed, jobs: r.cfg.jobs, shard: r.cfg.shard, shards: r.cfg.shards, gauntlet: r.cfg.gauntlet != "", report: rep}
		err = t.run(ctx, r.stdout, progress)
	}
	if rep.keep != nil && rep.keep.err != nil && err == nil {
		err = fmt.Errorf("-out %s: %v", r.cfg.out, rep.keep.err)
	}
	return err
}

// play seats the person (if any) at a table on the program's terminal or
// pipe and plays games there until the person stops.
func (r *invocation) play(ctx context.Context, intr *interrupter) error {
	t := r.table()
	traces, closeTraces, err := r.traceFile()
	if err != nil {
		return err
	}
	t.traces = traces
	defer func() {
		if cerr := closeTraces(); cerr != nil {
			fmt.Fprintf(r.stderr, "boardbots: %v\n", cerr)
		}
	}()
	t.color = !r.cfg.noColor && os.Getenv("NO_COLOR") == "" && isTerminal(r.stdout)
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
		t.width = terminalWidth(r.stdout.(*os.File))
		t.moveNow = intr
	}
	return t.session(ctx, func() Game {
		g := r.spec.start(r.opt)
		for _, m := range r.from {
			g.Play(m)
		}
		return g
	})
}

// table is the plan's table, its bots seated, writing to stdout; play
// gives it its input and its terminal.
func (r *invocation) table() *table {
	t := &table{screen: screen{out: r.stdout, verbose: r.cfg.verbose}, spec: r.spec, opt: r.opt, budget: r.base(Budget{}),
		hinter: r.reg.newBot(r.spec, r.hinter, r.rng), reg: r.reg, firstDrawn: r.firstDrawn}
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

// isTerminal reports whether a stream is a terminal: a file that is a
// character device. A test's buffer is not.
func isTerminal(stream any) bool {
	f, ok := stream.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

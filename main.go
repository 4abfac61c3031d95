// Command boardbots plays Tic-Tac-Toe, Connect Four and the Adjacency
// Strategy Game in a terminal against the classic adversarial-search bots
// (minimax, alpha-beta, local search, genetic minimax, Monte Carlo tree
// search, a perfect Connect Four solver), or lets two bots play each other.
// README.md and docs/ describe it.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// main wires the program to the process: its arguments, its standard
// streams and its exit status.
func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// run is the program: it reads the command line (cli*.go), resolves it
// into a plan and runs the plan's mode, returning the exit status, so that
// deferred clean-up (the terminal, the engines' processes) happens before
// the process ends. A bad command line is one line on stderr and status 2;
// a write to stdout that failed (a full disk, a closed pipe) is one line
// and status 1 at the end, as any other failure.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	checked := &checkedWriter{w: stdout}
	stdout = checked
	defer func() {
		if err := checked.failed(); err != nil && status == 0 {
			fmt.Fprintf(stderr, "boardbots: standard output: %v\n", err)
			status = 1
		}
	}()
	engines := &engineGroup{}
	defer engines.procs.killAll()
	reg, c, err := readCommandLine(args, engines)
	switch {
	case errors.Is(err, errHelp):
		fmt.Fprint(stdout, helpText(reg, progName(os.Args[0])))
		return 0
	case err != nil:
		fmt.Fprintf(stderr, "boardbots: %v\n", err)
		return 2
	}
	if c.version { // before anything else is looked at
		fmt.Fprintln(stdout, versionText())
		return 0
	}
	p, err := newRunPlan(c, reg)
	if err != nil {
		fmt.Fprintf(stderr, "boardbots: %v\n", err)
		return 2
	}
	for _, w := range p.warnings {
		fmt.Fprintf(stderr, "boardbots: %s\n", w)
	}
	switch p.mode {
	case modeBook:
		if err := makeBook(c.makeBook, bookPlan{tree: c.bookPly, openings: c.bookOpenings, lines: c.bookLine}, stderr, isTerminal(stderr)); err != nil {
			fmt.Fprintf(stderr, "boardbots: -make-book: %v\n", err)
			return 1
		}
		return 0
	case modeRate:
		var only *rateOnly
		if c.set["game"] {
			only = &rateOnly{spec: p.spec, opt: p.opt}
		}
		return rateFiles(c.rate, only, c.format == "json", c.plot, stdout, stderr)
	}
	return (&invocation{runPlan: p, stdin: stdin, stdout: stdout, stderr: stderr}).start()
}

// readCommandLine reads args with the flag table, then makes the run's
// registry with the engines they declare, of the run's group. On -h the
// registry holds the engines declared before it, which help lists among
// the bots.
func readCommandLine(args []string, engines *engineGroup) (*registry, *config, error) {
	c, err := parseArgs(flagTable(&declared), args)
	if c == nil {
		return nil, nil, err
	}
	decls, declErr := engineDecls(c.engines, engines)
	for _, path := range c.engineFiles {
		if declErr != nil {
			break
		}
		var more []*botDecl
		more, declErr = engineListDecls(path, 1000+len(decls), engines)
		decls = append(decls, more...)
	}
	reg, regErr := newRegistry(decls...)
	switch {
	case errors.Is(err, errHelp) && declErr == nil && regErr == nil:
		return reg, c, err
	case errors.Is(err, errHelp):
		return &declared, c, err
	case err != nil:
		return nil, nil, err
	case declErr != nil:
		return nil, nil, declErr
	case regErr != nil:
		return nil, nil, fmt.Errorf("-engine: %v", regErr)
	}
	if !c.set["seed"] {
		c.seed = uint64(time.Now().UnixNano())
	}
	return reg, c, nil
}

// start runs the plan's mode under a context that Ctrl-C cancels, so a
// thinking bot stops at once and the terminal is restored; at a table
// with a person, Ctrl-C during a search cuts only the search short.
func (r *invocation) start() int {
	ctx, intr, stop := interruptible()
	defer stop()
	var err error
	atTable := false // a game at the table ends its lines itself, even when interrupted
	switch r.mode {
	case modeAnalyze:
		err = r.analyze(ctx)
	case modeMatch, modeTournament:
		err = r.matches(ctx)
	case modeCheck:
		c := engineCheck{reg: r.reg, spec: r.cfg.check, flags: r.cfg.budget, out: r.stdout, games: r.checked, opt: r.cfg.gameOpts}
		var clean bool
		if clean, err = c.run(ctx); err == nil && !clean {
			return 1
		}
	default:
		err = r.play(ctx, intr)
		atTable = true
	}
	status := exitStatus(ctx, err)
	switch {
	case status == 130 && !atTable:
		fmt.Fprintln(r.stdout)
	case status == 1 || status == 2:
		fmt.Fprintf(r.stderr, "boardbots: %v\n", err)
	}
	return status
}

// exitStatus is the exit status of a mode that ended with err under ctx:
// 130 after an interrupt, whatever err says, since a mode stopped by
// Ctrl-C may well return nil (-analyze reading no further, a game loop
// that takes the stop for the person's quit); 0 for a normal end (quit or
// end of input included); 2 for a bad -openings or another input refused
// before any game; 1 for any other failure.
func exitStatus(ctx context.Context, err error) int {
	var bad openingsError
	var refused badInput
	switch {
	case errors.As(err, &refused):
		return 2
	case ctx.Err() != nil, errors.Is(err, errInterrupted):
		return 130
	case err == nil, errors.Is(err, errQuit), errors.Is(err, io.EOF):
		return 0
	case errors.As(err, &bad):
		return 2
	}
	return 1
}

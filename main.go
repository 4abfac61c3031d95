// Command boardbots plays Tic-Tac-Toe, Connect Four and the Adjacency
// Strategy Game in a terminal against the classic adversarial-search bots
// (minimax, alpha-beta, local search, genetic minimax, Monte Carlo tree
// search, a perfect Connect Four solver), or lets two bots play each other.
// README.md and docs/ describe it.
package main

import (
	"fmt"
	"io"
	"os"
)

// main wires the program to the process: its arguments, its standard
// streams and its exit status. Started as the keeper of a run's engines,
// it is that instead (engineproc_linux.go).
func main() {
	if os.Getenv(keeperEnv) != "" {
		os.Exit(runKeeper())
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the program: it reads the command line into a plan (cli*.go)
// and runs the plan's mode, returning the exit status, so that deferred
// clean-up (the terminal, the engines' processes) happens before the
// process ends. A bad command line is one line on stderr and status 2; a
// write to stdout that failed (a full disk, a closed pipe) is one line
// and status 1 at the end, as any other failure.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	checked := &checkedWriter{w: stdout}
	defer func() {
		if err := checked.failed(); err != nil && status == 0 {
			fmt.Fprintf(stderr, "boardbots: standard output: %v\n", err)
			status = 1
		}
	}()
	engines := &engineGroup{}
	defer engines.close()
	p, status, ok := planRun(args, engines, checked, stderr)
	if !ok {
		return status
	}
	r := &invocation{runPlan: p, stdin: stdin, stdout: checked, stderr: stderr, engines: engines}
	switch p.mode {
	case modeBook:
		return r.makeBook()
	case modeRate:
		return r.rate()
	case modeAnalyze:
		return r.start(r.analyze)
	case modeReview:
		return r.start(r.review)
	case modeMatch, modeTournament:
		return r.start(r.matches)
	case modeCheck:
		return r.start(r.check)
	}
	return r.start(r.play)
}

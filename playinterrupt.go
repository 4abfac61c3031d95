package main

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// Ctrl-C at the prompt ends the program (with the record so far); Ctrl-C
// while a search runs for a person at the prompt, a bot's move or a hint,
// means "move now": the search stops and its best move so far is played or
// shown, as every bot returns a legal move when its context ends. Pressed
// twice within a second during a search, Ctrl-C ends the program, for the
// person who meant to leave.

// interrupter routes Ctrl-C: to the search under way if one is, else to
// the whole run.
type interrupter struct {
	mu     sync.Mutex
	quit   context.CancelFunc // ends the run
	search context.CancelFunc // cuts the search under way short; nil when none runs
	cut    time.Time          // when Ctrl-C last cut a search short
}

// quitWithin is how soon a second Ctrl-C must follow the first, during a
// search, to end the program rather than cut the search short.
const quitWithin = time.Second

// interruptible is the run's context: SIGTERM cancels it, and so does
// Ctrl-C (SIGINT) unless a search registered with the interrupter is
// running. stop releases the signals.
func interruptible() (ctx context.Context, in *interrupter, stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	in = &interrupter{quit: cancel}
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case sig := <-signals:
				if sig == os.Interrupt {
					in.interrupt()
				} else {
					cancel()
				}
			}
		}
	}()
	return ctx, in, func() {
		signal.Stop(signals)
		close(done)
		cancel()
	}
}

// searching derives the context of one search from ctx: Ctrl-C while it
// runs cancels this context alone. The search must call done when it
// returns; done reports whether Ctrl-C cut it short. A nil interrupter
// (a pipe, a test) leaves every Ctrl-C to ctx.
func (in *interrupter) searching(ctx context.Context) (search context.Context, done func() (cut bool)) {
	if in == nil {
		return ctx, func() bool { return false }
	}
	search, cancel := context.WithCancel(ctx)
	in.mu.Lock()
	in.search = cancel
	in.mu.Unlock()
	return search, func() bool {
		in.mu.Lock()
		in.search = nil
		in.mu.Unlock()
		cut := search.Err() != nil && ctx.Err() == nil
		cancel()
		return cut
	}
}

// interrupt is one Ctrl-C: it cuts the search under way short, or ends
// the run when none runs or when it follows a cut within quitWithin.
func (in *interrupter) interrupt() {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.search == nil || time.Since(in.cut) < quitWithin {
		in.quit()
		return
	}
	in.search()
	in.cut = time.Now()
}

package main

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// The one place signals are handled. Ctrl-C at a person's prompt where
// it is a signal (a dumb terminal's) goes to the prompt, which says how
// to leave and resume and leaves at the second (playcommands.go);
// elsewhere, with no search running, it ends the program (with the
// record so far). Ctrl-C while a search runs for a
// person at the table, a bot's move or a hint, means "move now": the
// search stops and its best move so far is played or shown, as every bot
// returns a legal move when its context ends. Pressed twice within a
// second during a search, Ctrl-C ends the program, for the person who
// meant to leave. SIGTERM and SIGHUP (a closed terminal or ssh session)
// end the run as Ctrl-C does, and so does a reader of standard output
// that has gone (SIGPIPE: | head). Ending the run is orderly: the games
// under way stop, the engines are ended, the partial tables are printed,
// and the exit status is 128 and the signal's number (130 for Ctrl-C,
// 143 for SIGTERM, 129 for SIGHUP, 141 for SIGPIPE), as a shell reports
// a program the signal killed. A second Ctrl-C, SIGTERM or SIGHUP after
// the run has begun to end ends the program at once, its engines killed
// first.

// interrupter routes Ctrl-C: to the search under way if one is, else to
// the whole run.
type interrupter struct {
	mu     sync.Mutex
	quit   func()             // ends the run
	search context.CancelFunc // cuts the search under way short; nil when none runs
	cut    time.Time          // when Ctrl-C last cut a search short
	prompt context.CancelFunc // stops the person's prompt; nil when none waits
}

// quitWithin is how soon a second Ctrl-C must follow the first, during a
// search, to end the program rather than cut the search short.
const quitWithin = time.Second

// signalled is the cause of a run ended by a signal.
type signalled struct{ sig syscall.Signal }

func (s signalled) Error() string { return "ended by " + s.sig.String() }

// status is the exit status of a program ended by the signal.
func (s signalled) status() int { return 128 + int(s.sig) }

// endingSignals are the signals that end a run. A signal ignored when
// the program started (nohup's SIGHUP, a shell's background job's
// Ctrl-C) stays ignored: the one who started it asked for that.
func endingSignals() []os.Signal {
	var sigs []os.Signal
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP} {
		if !signal.Ignored(sig) {
			sigs = append(sigs, sig)
		}
	}
	return sigs
}

// interruptible is the run's context: Ctrl-C (SIGINT) cancels it unless a
// search registered with the interrupter is running, SIGTERM and SIGHUP
// cancel it, and so does SIGPIPE when standard output has lost its
// reader; the context's cause is the signal (signalled). Once it is
// cancelled, another of those signals calls force with the exit status,
// which ends the program. stop releases the signals.
func interruptible(force func(status int)) (ctx context.Context, in *interrupter, stop func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	signals := make(chan os.Signal, 4)
	signal.Notify(signals, append(endingSignals(), syscall.SIGPIPE)...)
	var mu sync.Mutex
	ended := false
	end := func(sig os.Signal) {
		mu.Lock()
		ended = true
		mu.Unlock()
		cancel(signalled{sig.(syscall.Signal)})
	}
	in = &interrupter{quit: func() { end(os.Interrupt) }}
	done := make(chan struct{})
	go func() {
		for {
			var sig os.Signal
			select {
			case <-done:
				return
			case sig = <-signals:
			}
			mu.Lock()
			again := ended
			mu.Unlock()
			switch {
			case sig == syscall.SIGPIPE:
				// Any pipe's: an engine's that has gone as well as standard
				// output's, which alone ends the run.
				if !again && stdoutGone() {
					end(sig)
				}
			case again:
				force(signalled{sig.(syscall.Signal)}.status())
			case sig == os.Interrupt:
				in.interrupt()
			default:
				end(sig)
			}
		}
	}()
	return ctx, in, func() {
		signal.Stop(signals)
		close(done)
		cancel(nil)
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

// prompting derives the context of one wait at the person's prompt from
// ctx: Ctrl-C meanwhile cancels this context alone, and the prompt
// decides what it means. done must be called when the wait ends. A nil
// interrupter leaves every Ctrl-C to ctx.
func (in *interrupter) prompting(ctx context.Context) (prompt context.Context, done func()) {
	if in == nil {
		return ctx, func() {}
	}
	prompt, cancel := context.WithCancel(ctx)
	in.mu.Lock()
	in.prompt = cancel
	in.mu.Unlock()
	return prompt, func() {
		in.mu.Lock()
		in.prompt = nil
		in.mu.Unlock()
		cancel()
	}
}

// interrupt is one Ctrl-C: it cuts the search under way short, or ends
// the run when it follows a cut within quitWithin; with no search, it
// stops the prompt waiting, or ends the run when none waits.
func (in *interrupter) interrupt() {
	in.mu.Lock()
	defer in.mu.Unlock()
	switch {
	case in.search != nil && time.Since(in.cut) >= quitWithin:
		in.search()
		in.cut = time.Now()
	case in.search == nil && in.prompt != nil:
		in.prompt()
	default:
		in.quit()
	}
}

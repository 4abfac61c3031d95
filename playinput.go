package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/peterh/liner"
)

// Reading what the person types: at a terminal through liner (line
// editing, history), from a pipe or a file line by line, and in either case
// stoppable by Ctrl-C.

// lineReader asks the person at the keyboard for one line.
type lineReader interface {
	// ReadLine shows prompt and returns the line typed, without its newline;
	// io.EOF at the end of input, errInterrupted on Ctrl-C or once ctx is
	// cancelled. A line that arrives after the cancellation is never
	// returned, so nothing typed after Ctrl-C is played.
	ReadLine(ctx context.Context, prompt string) (string, error)
}

// termReader reads from a terminal through liner: line editing and
// history. A dumb terminal (TERM=dumb), where liner edits nothing, is read
// line by line as the terminal sends them.
type termReader struct {
	state *liner.State // nil at a dumb terminal
	// keys tells whether Ctrl-C came on a half-typed line (nil: it never
	// does, and Ctrl-C always quits).
	keys *keyWatch
	// lines are a dumb terminal's. Ctrl-C there is a signal, which ends
	// the wait at once (liner would wait for Enter) and quits: the
	// terminal clears a half-typed line itself and does not say.
	lines *lineFeed
}

// newTermReader puts liner in charge of the terminal. The caller must Close
// it on every way out, or the terminal stays raw. The keys reach liner
// through a keyWatch.
func newTermReader() *termReader {
	if !liner.TerminalSupported() {
		return &termReader{lines: newLineFeed(os.Stdin)}
	}
	r := &termReader{}
	r.keys = watchKeys(func() { r.state = liner.NewLiner() })
	r.state.SetCtrlCAborts(true)
	return r
}

// ReadLine prompts with liner and keeps non-empty lines in the history.
// In raw mode Ctrl-C reaches liner as a key, not as a signal, so liner
// sees it: on a half-typed line it clears the line and asks again, on an
// empty line it stops. ctx is cancelled only by a signal from elsewhere
// (kill -INT), and then the line, if one comes, is dropped.
func (r *termReader) ReadLine(ctx context.Context, prompt string) (string, error) {
	if r.state == nil {
		return r.dumbLine(ctx, prompt)
	}
	for {
		if ctx.Err() != nil {
			return "", errInterrupted
		}
		line, err := r.state.Prompt(prompt)
		switch {
		case errors.Is(err, liner.ErrPromptAborted) && r.keys != nil && r.keys.halfTyped():
			continue // liner has printed ^C and a newline: the prompt again
		case errors.Is(err, liner.ErrPromptAborted), err == nil && ctx.Err() != nil:
			return "", errInterrupted
		case errors.Is(err, io.EOF):
			fmt.Println() // end the prompt's line, so the shell's starts afresh
			return "", err
		case err != nil:
			return "", err
		}
		if strings.TrimSpace(line) != "" {
			r.state.AppendHistory(line)
		}
		return line, nil
	}
}

// dumbLine is ReadLine at a dumb terminal: the terminal echoes what is
// typed, and Ctrl-C (a signal) cancels ctx.
func (r *termReader) dumbLine(ctx context.Context, prompt string) (string, error) {
	fmt.Print(prompt)
	line, err := r.lines.next(ctx)
	if errors.Is(err, io.EOF) {
		fmt.Println()
	}
	return strings.TrimRight(line, "\r"), err
}

// Close gives the terminal back as it was.
func (r *termReader) Close() error {
	if r.state == nil {
		return nil
	}
	return r.state.Close()
}

// pipeReader reads a script of moves. It echoes each line after its prompt,
// so the output reads like a session at the keyboard (and like seed 003's
// transcript).
type pipeReader struct {
	feed *lineFeed
	out  io.Writer
}

// newPipeReader reads lines from in, each when a ReadLine asks for it.
func newPipeReader(in io.Reader, out io.Writer) *pipeReader {
	return &pipeReader{feed: newLineFeed(in), out: out}
}

// ReadLine prints the prompt and echoes the line read. An over-long line
// is echoed only by its start and comes back as errLineTooLong: cut, it
// could read as a move the whole line is not.
func (r *pipeReader) ReadLine(ctx context.Context, prompt string) (string, error) {
	fmt.Fprint(r.out, prompt)
	line, err := r.feed.next(ctx)
	if errors.Is(err, errLineTooLong) {
		fmt.Fprintln(r.out, quoteShort(line))
		return "", err
	}
	if err != nil {
		fmt.Fprintln(r.out) // the prompt's line ends before the record
		return "", err
	}
	line = strings.TrimRight(line, "\r")
	fmt.Fprintln(r.out, line)
	return line, nil
}

package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
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

// termReader reads from a terminal through liner: line editing and history.
type termReader struct{ state *liner.State }

// newTermReader puts liner in charge of the terminal. The caller must Close
// it on every way out, or the terminal stays raw.
func newTermReader() *termReader {
	s := liner.NewLiner()
	s.SetCtrlCAborts(true)
	return &termReader{state: s}
}

// ReadLine prompts with liner and keeps non-empty lines in the history.
// In raw mode Ctrl-C reaches liner as a key, not as a signal, so liner
// sees it; ctx is cancelled only by a signal from elsewhere (kill -INT),
// and then the line, if one comes, is dropped.
func (r *termReader) ReadLine(ctx context.Context, prompt string) (string, error) {
	if ctx.Err() != nil {
		return "", errInterrupted
	}
	line, err := r.state.Prompt(prompt)
	switch {
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

// Close gives the terminal back as it was.
func (r *termReader) Close() error { return r.state.Close() }

// maxLine is the longest input line kept: a longer one is cut there and
// reported (errLineTooLong), so that a runaway line costs bounded memory
// and one answer, not the run.
const maxLine = 1 << 20

// errLineTooLong comes with the first maxLine bytes of a longer line.
var errLineTooLong = errors.New("line longer than 1 MiB")

// lineFeed reads lines from a reader that may block for ever (a pipe, a
// FIFO, a terminal in cooked mode) in a goroutine, so that a reader can
// stop waiting when ctx is cancelled: Ctrl-C is a signal there, and no
// read returns for it. It reads a line only when asked, so no line is
// taken from the input unless one is wanted.
type lineFeed struct {
	in      *bufio.Reader
	want    chan struct{}   // one request at a time
	got     chan lineResult // its answer; buffered, so the reader never waits on it
	pending bool            // a request is out, its answer not yet taken
}

// lineResult is one line read, or why none was.
type lineResult struct {
	line string
	err  error
}

// newLineFeed starts the reading goroutine. It waits for requests and
// reads only when asked; it never ends (nothing closes want), so a program
// makes one feed for its input, and a test one for each of its readers.
func newLineFeed(in io.Reader) *lineFeed {
	f := &lineFeed{in: bufio.NewReader(in), want: make(chan struct{}, 1), got: make(chan lineResult, 1)}
	go func() {
		for range f.want {
			line, err := f.read()
			f.got <- lineResult{line, err}
		}
	}()
	return f
}

// next returns the next line without its line ending: io.EOF after the
// last, errInterrupted as soon as ctx is cancelled, whether the line has
// come or not; errLineTooLong with the start of an over-long line.
func (f *lineFeed) next(ctx context.Context) (string, error) {
	if ctx.Err() != nil {
		return "", errInterrupted
	}
	if !f.pending {
		f.want <- struct{}{}
		f.pending = true
	}
	select {
	case <-ctx.Done():
		return "", errInterrupted
	case r := <-f.got:
		f.pending = false
		// Both may be ready at once: a line typed after Ctrl-C must
		// not count.
		if ctx.Err() != nil {
			return "", errInterrupted
		}
		return r.line, r.err
	}
}

// read reads one line, keeping at most maxLine bytes of it. The last line
// may lack its newline; only an empty end is io.EOF.
func (f *lineFeed) read() (string, error) {
	var line []byte
	tooLong := false
	for {
		chunk, isPrefix, err := f.in.ReadLine()
		if err != nil {
			if len(line) > 0 || tooLong {
				break // the end of input came inside the line
			}
			return "", err
		}
		if keep := maxLine - len(line); len(chunk) > keep {
			chunk, tooLong = chunk[:keep], true
		}
		line = append(line, chunk...)
		if !isPrefix {
			break
		}
	}
	if tooLong {
		return string(line), errLineTooLong
	}
	return string(line), nil
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

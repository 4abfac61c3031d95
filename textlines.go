package main

import (
	"bufio"
	"context"
	"errors"
	"io"
)

// Reading lines that may be slow to come: the moves a person types, the
// positions -analyze is fed, the lines of a results or openings file.

// errInterrupted answers a wait that Ctrl-C (or a signal) cut short: a
// line not read, a search, a game or a run stopped. The front ends turn
// it into their messages and exit codes.
var errInterrupted = errors.New("interrupted")

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

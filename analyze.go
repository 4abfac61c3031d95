package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// analyze is batch mode (SPEC: "Batch analysis"): each input line's first
// field is a position in the game's notation, and each gets one answer line,
// <position> <score> <best move> <nodes> <microseconds>, or
// <position> error: <reason>. A bad line never stops the run; Ctrl-C does,
// at once, with errInterrupted and no answer for the line in hand.
func analyze(ctx context.Context, in io.Reader, out io.Writer, spec *gameSpec, bot Bot, budget Budget, opt gameOptions) error {
	// The lines come through a lineFeed, so that Ctrl-C stops a run
	// that waits on a pipe or a FIFO.
	feed := newLineFeed(in)
	w := bufio.NewWriter(out)
	defer w.Flush()
	for {
		line, err := feed.next(ctx)
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, errLineTooLong):
			fmt.Fprintln(w, cutField(line)+" error: "+err.Error())
		case err != nil:
			return err
		default:
			answer := analyzeLine(ctx, spec, bot, budget, opt, line)
			// A search cut short by Ctrl-C has no answer, only its
			// best guess so far: print nothing for its line.
			if ctx.Err() != nil {
				return errInterrupted
			}
			fmt.Fprintln(w, answer)
		}
		w.Flush() // answers appear as they come, for a script reading a pipe
	}
}

// cutField is the first field of an over-long line as its answer names
// it: cut to maxEcho characters, so that the answer stays a line.
func cutField(line string) string {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return ""
	}
	if r := []rune(fields[0]); len(r) > maxEcho {
		return string(r[:maxEcho]) + "..."
	}
	return fields[0]
}

// analyzeLine answers one input line; if ctx is cancelled meanwhile, the
// answer is the search's guess and not to be printed.
func analyzeLine(ctx context.Context, spec *gameSpec, bot Bot, budget Budget, opt gameOptions, line string) string {
	pos := ""
	if fields := strings.Fields(line); len(fields) > 0 {
		pos = fields[0]
	}
	g, err := spec.parseRecord(pos, opt)
	if err != nil {
		return pos + " error: " + err.Error()
	}
	// The empty position is the empty first field: the answer then starts
	// with the score, as in "1 4 ..." for Connect Four's empty board.
	answer := func(fields ...any) string {
		s := strings.TrimSpace(fmt.Sprintln(fields...))
		if pos == "" {
			return s
		}
		return pos + " " + s
	}
	if g.Over() {
		score := g.Final(g.Turn())
		if spec.finalScore != nil {
			score = spec.finalScore(g)
		}
		return answer(score, "-", 0, 0)
	}
	d := bot.Think(ctx, g, budget)
	s := answer(d.Score, g.FormatMove(d.Move), d.Nodes, d.Time.Microseconds())
	if trace := traceOutput(bot, d, budget); trace != "" {
		s += "\n" + trace
	}
	return s
}

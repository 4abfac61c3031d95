package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// analyzeMode is how -analyze answers: in JSON (-format json), and with
// every move's score (-scores); traces, when set, takes the traces
// (-trace-out), which then stay out of the answers.
type analyzeMode struct {
	json, scores bool
	traces       io.Writer
	// traceFormat is how traces are written (-trace-format).
	traceFormat string
	// scorer, with scores, is the game's strongest bot, which gives
	// every move's exact score (moveScorer).
	scorer moveScorer
}

// analyzeJSON is an answer line under -format json. Move is null for a
// finished position; Scores (with -scores) holds every move's score by
// move number, null where no move is legal; Error replaces the rest for a
// line that is no legal position.
type analyzeJSON struct {
	Position string  `json:"position"`
	Error    string  `json:"error,omitempty"`
	Bound    string  `json:"bound,omitempty"` // ">=" or "<=": Score is a bound (analyzebound.go)
	Score    *int    `json:"score,omitempty"`
	Move     *string `json:"move,omitempty"`
	Nodes    *int64  `json:"nodes,omitempty"`
	Micros   *int64  `json:"us,omitempty"`
	Scores   []*int  `json:"scores,omitempty"`
	Trace    string  `json:"trace,omitempty"`
}

// analyzeWith is analyze answering as mode asks.
func analyzeWith(ctx context.Context, in io.Reader, out io.Writer, spec *gameSpec, bot Bot, budget Budget, opt gameOptions, mode analyzeMode) error {
	w := bufio.NewWriter(out)
	defer w.Flush()
	return eachLine(ctx, in, w, mode, func(line string) error {
		answer := analyzeLine(ctx, spec, bot, budget, opt, line, mode)
		// A search cut short by Ctrl-C has no answer, only its best
		// guess so far: print nothing for its line.
		if ctx.Err() != nil {
			return errInterrupted
		}
		if mode.traces != nil && answer.Trace != "" {
			fmt.Fprintln(mode.traces, answer.Trace)
			answer.Trace = ""
		}
		fmt.Fprintln(w, answer.text(mode))
		return nil
	})
}

// eachLine calls do with each line read, and answers a line too long to
// read with an error line, as mode writes answers. The output is flushed
// after each line, so that a script reading a pipe sees each answer as
// it comes. The lines come through a lineFeed, so that Ctrl-C stops a
// run that waits on a pipe or a FIFO.
func eachLine(ctx context.Context, in io.Reader, w *bufio.Writer, mode analyzeMode, do func(line string) error) error {
	feed := newLineFeed(in)
	for {
		line, err := feed.next(ctx)
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.Is(err, errLineTooLong):
			fmt.Fprintln(w, analyzeJSON{Position: cutField(line), Error: err.Error()}.text(mode))
		case err != nil:
			return err
		default:
			if err := do(line); err != nil {
				return err
			}
		}
		w.Flush()
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
// answer is the search's guess and not to be printed. With mode.scores it
// adds every move's exact score where the game gives them. A line whose
// second field is a bound asks only that (analyzebound.go).
func analyzeLine(ctx context.Context, spec *gameSpec, bot Bot, budget Budget, opt gameOptions, line string, mode analyzeMode) analyzeJSON {
	pos, record := positionField(line)
	a := analyzeJSON{Position: pos}
	g, err := spec.parseRecord(record, opt)
	if err != nil {
		a.Error = err.Error()
		return a
	}
	beta, bounded, err := jobBound(strings.Fields(line))
	if err != nil {
		a.Error = err.Error()
		return a
	}
	if bounded && !g.Over() {
		bound, d, err := boundAnswer(ctx, bot, g, beta, budget.Jobs)
		if err != nil {
			a.Error = err.Error()
			return a
		}
		us := d.Time.Microseconds()
		a.Bound, a.Score, a.Nodes, a.Micros = bound, &d.Score, &d.Nodes, &us
		if bound == ">=" {
			move := g.FormatMove(d.Move)
			a.Move = &move
		}
		return a
	}
	if mode.scores && mode.scorer != nil {
		a.Scores = scoresByNumber(ctx, mode.scorer, g, budget.Jobs)
	}
	var zero int64
	if g.Over() {
		score := g.Final(g.Turn())
		if spec.analyst.finalScore != nil {
			score = spec.analyst.finalScore(g)
		}
		a.Score, a.Nodes, a.Micros = &score, &zero, &zero
		return a
	}
	d := bot.Think(ctx, g, budget)
	move, us := g.FormatMove(d.Move), d.Time.Microseconds()
	score, _ := d.shownScore()
	a.Score, a.Move, a.Nodes, a.Micros = &score, &move, &d.Nodes, &us
	if budget.Trace > 0 {
		// The trace names the position as a game's trace does: by its
		// record, "" the start (docs/trace.md).
		a.Trace = traceOutput(bot.Name(), d.Trace, mode.traceFormat, record, move)
	}
	return a
}

// MarshalJSON writes a -trace-format json trace as the object it is, not
// as a string holding it, so that a script reads the line with one
// decode; a text or DOT trace stays a string.
func (a analyzeJSON) MarshalJSON() ([]byte, error) {
	type plain analyzeJSON // without this method
	out := struct {
		plain
		Trace any `json:"trace,omitempty"` // the shallower field wins
	}{plain: plain(a)}
	switch {
	case a.Trace == "":
	case json.Valid([]byte(a.Trace)):
		out.Trace = json.RawMessage(a.Trace)
	default:
		out.Trace = a.Trace
	}
	return marshalPlain(out)
}

// marshalPlain is json.Marshal without its HTML escapes, so that a
// bound reads ">=" in JSON as in text.
func marshalPlain(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// text is the answer line as mode asks: JSON, or the fields docs/analyze.md lists
// <position> <score> <best move> <nodes> <microseconds> (a bounded job's
// score ">=V" or "<=V"), then with -scores every move's score, "-" where
// no move is legal, as the public Connect
// Four solver's analyze prints them; or <position> error: <reason>. The
// start position is "-" (startField). A trace follows on its own lines.
func (a analyzeJSON) text(mode analyzeMode) string {
	if mode.json {
		line, err := marshalPlain(a)
		if err != nil {
			panic(err) // an answer always marshals
		}
		return string(line)
	}
	if a.Error != "" {
		return a.Position + " error: " + a.Error
	}
	move := "-"
	if a.Move != nil {
		move = *a.Move
	}
	out := []string{a.Position, a.Bound + fmt.Sprint(*a.Score), move, fmt.Sprint(*a.Nodes), fmt.Sprint(*a.Micros)}
	for _, v := range a.Scores {
		if v == nil {
			out = append(out, "-")
		} else {
			out = append(out, fmt.Sprint(*v))
		}
	}
	s := strings.Join(out, " ")
	if a.Trace != "" {
		s += "\n" + a.Trace
	}
	return s
}

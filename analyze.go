package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
)

// analyze is batch mode (SPEC: "Batch analysis"): each input line's first
// field is a position in the game's notation, and each gets one answer line,
// <position> <score> <best move> <nodes> <microseconds>, or
// <position> error: <reason>. A bad line never stops the run.
func analyze(ctx context.Context, in io.Reader, out io.Writer, spec *gameSpec, bot Bot, budget Budget, opt gameOptions) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	w := bufio.NewWriter(out)
	defer w.Flush()
	for sc.Scan() {
		if ctx.Err() != nil {
			return errInterrupted
		}
		fmt.Fprintln(w, analyzeLine(ctx, spec, bot, budget, opt, sc.Text()))
		w.Flush() // answers appear as they come, for a script reading a pipe
	}
	return sc.Err()
}

// analyzeLine answers one input line.
func analyzeLine(ctx context.Context, spec *gameSpec, bot Bot, budget Budget, opt gameOptions, line string) string {
	pos := ""
	if fields := strings.Fields(line); len(fields) > 0 {
		pos = fields[0]
	}
	g, err := replay(spec, pos, opt)
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
	if s := traceText(bot, d, budget); s != "" {
		return answer(d.Score, g.FormatMove(d.Move), d.Nodes, d.Time.Microseconds()) + "\n" + s
	}
	return answer(d.Score, g.FormatMove(d.Move), d.Nodes, d.Time.Microseconds())
}

// replay plays a record from the start as spec.parseRecord does, but words
// a bad move for a batch reader: what is wrong and at which move
// ("illegal: cell 4 is taken at move 3"), without the prompt's advice.
func replay(spec *gameSpec, record string, opt gameOptions) (Game, error) {
	g := spec.start(opt)
	if record == "" {
		return g, nil
	}
	for i, tok := range strings.Split(record, spec.sep) {
		m, err := g.ParseMove(tok)
		if err != nil {
			return nil, fmt.Errorf("illegal: %s at move %d", moveFault(tok, err), i+1)
		}
		g.Play(m)
	}
	return g, nil
}

// moveFault is the first half of a ParseMove error, which by convention
// says "what is wrong: what is accepted"; batch output wants only the what.
// An error that is only advice ("type a cell number ...") means the token
// is no move at all.
func moveFault(tok string, err error) string {
	what, _, _ := strings.Cut(err.Error(), ": ")
	switch {
	case tok == "":
		return "no move"
	case strings.HasPrefix(what, "type "):
		return quoteShort(tok) + " is not a move"
	}
	return what
}

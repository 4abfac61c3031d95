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

// lineReader asks the person at the keyboard for one line.
type lineReader interface {
	// ReadLine shows prompt and returns the line typed, without its newline;
	// io.EOF at the end of input, errInterrupted on Ctrl-C.
	ReadLine(prompt string) (string, error)
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
func (r *termReader) ReadLine(prompt string) (string, error) {
	line, err := r.state.Prompt(prompt)
	switch {
	case errors.Is(err, liner.ErrPromptAborted):
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

// pipeReader reads a script of moves. It echoes each line after its prompt,
// so the output reads like a session at the keyboard (and like seed 003's
// transcript).
type pipeReader struct {
	in  *bufio.Scanner
	out io.Writer
}

func newPipeReader(in io.Reader, out io.Writer) *pipeReader {
	return &pipeReader{in: bufio.NewScanner(in), out: out}
}

// ReadLine prints the prompt and echoes the line read.
func (r *pipeReader) ReadLine(prompt string) (string, error) {
	fmt.Fprint(r.out, prompt)
	if !r.in.Scan() {
		fmt.Fprintln(r.out)
		if err := r.in.Err(); err != nil {
			return "", err
		}
		return "", io.EOF
	}
	line := strings.TrimRight(r.in.Text(), "\r")
	fmt.Fprintln(r.out, line)
	return line, nil
}

// table is one game being played: the game's rules and messages, who sits
// on each side, and the terminal. It owns all the printing.
type table struct {
	spec    *gameSpec
	out     io.Writer
	in      lineReader
	color   bool
	verbose bool
	budget  Budget
	seats   [3]Bot // indexed by Side; nil is a person
	hinter  Bot    // the bot behind "hint"
}

// humans counts the seats taken by people.
func (t *table) humans() int {
	n := 0
	for _, s := range []Side{X, O} {
		if t.seats[s] == nil {
			n++
		}
	}
	return n
}

// play runs g to its end through the game loop, printing as seed 003's
// program does: the board before every move, "playing by AI" before a
// bot's, the result and the record at the end. It returns errQuit, io.EOF
// or errInterrupted if the game stops early.
func (t *table) play(ctx context.Context, g Game) error {
	if t.spec.intro != "" && t.humans() > 0 {
		fmt.Fprintln(t.out, t.spec.intro)
	}
	var seats [3]seat
	for _, side := range []Side{X, O} {
		if b := t.seats[side]; b != nil {
			seats[side] = botSeat{bot: b, label: b.Name(), budget: t.budget}
		} else {
			seats[side] = humanSeat{t}
		}
	}
	err := playGame(ctx, g, seats, gameHooks{
		before: func(g Game) {
			fmt.Fprint(t.out, g.Render(t.color))
			if t.seats[g.Turn()] != nil {
				fmt.Fprintln(t.out, "playing by AI")
			}
		},
		after: func(g Game, d Decision) error {
			if bot := t.seats[g.Turn().Other()]; bot != nil && t.verbose {
				fmt.Fprintln(t.out, t.thinking(g, bot, d))
			}
			if bot := t.seats[g.Turn().Other()]; bot != nil {
				if s := traceText(bot, d, t.budget); s != "" {
					fmt.Fprintln(t.out, s)
				}
			}
			return nil
		},
	})
	if err != nil {
		return err
	}
	fmt.Fprint(t.out, g.Render(t.color))
	fmt.Fprintln(t.out, resultLine(g))
	fmt.Fprintln(t.out, "moves: "+t.spec.record(g))
	return nil
}

// resultLine is the original program's last line.
func resultLine(g Game) string {
	switch g.Winner() {
	case X:
		return "X win."
	case O:
		return "O win."
	}
	return "Draw"
}

// thinking is the -v line after a bot's move (g is the position after
// it): the bot under its -bot name, with the game's own implementation
// where it has one.
func (t *table) thinking(g Game, bot Bot, d Decision) string {
	line := fmt.Sprintf("%s %s: move %s, score %d, depth %d, nodes %d, time %s",
		g.Turn().Other(), t.spec.implName(bot.Name()), g.FormatMove(d.Move), d.Score, d.Depth, d.Nodes, d.Time.Round(1000))
	if d.Playouts > 0 {
		line += fmt.Sprintf(", playouts %d (%.0f/s), visits %.0f%%, win rate %.0f%%",
			d.Playouts, float64(d.Playouts)/max(d.Time.Seconds(), 1e-9), 100*d.Share, 100*d.WinRate)
	}
	if len(d.PV) > 0 {
		line += ", expects " + t.spec.line(d.PV)
	}
	return line
}

// humanHelp lists the in-game commands.
const humanHelp = `commands: a move as the prompt asks, or
  undo   take back your last move (and the bot's reply)
  hint   show the strongest bot's move and its score
  help   this list
  quit   end the game (Ctrl-D and Ctrl-C too)`

// humanSeat is the person at the prompt of a table.
type humanSeat struct{ t *table }

func (h humanSeat) name() string { return "you" }

func (h humanSeat) choose(ctx context.Context, g Game) (Decision, error) {
	m, err := h.t.humanMove(ctx, g)
	return Decision{Move: m}, err
}

// humanMove asks for a move until one is legal, serving the commands on
// the way; bad input costs nothing but a one-line message. After an undo
// it returns errRetake, so that the loop shows the board again.
func (t *table) humanMove(ctx context.Context, g Game) (Move, error) {
	prompt := t.spec.prompt
	if t.humans() == 2 {
		prompt = g.Turn().String() + ", " + strings.ToLower(prompt[:1]) + prompt[1:]
	}
	for {
		line, err := t.in.ReadLine(prompt)
		if err != nil {
			return NoMove, err
		}
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "help", "?":
			fmt.Fprintln(t.out, humanHelp)
			continue
		case "quit", "exit", "q":
			return NoMove, errQuit
		case "undo", "u":
			if t.undo(g) {
				return NoMove, errRetake
			}
			fmt.Fprintln(t.out, "nothing to undo: you have not moved yet")
			continue
		case "hint", "h":
			fmt.Fprintln(t.out, t.hint(ctx, g))
			continue
		}
		m, err := g.ParseMove(line)
		if err != nil {
			fmt.Fprintln(t.out, err)
			continue
		}
		return m, nil
	}
}

// undo takes back moves up to and including the last one a person made,
// so against a bot it undoes the bot's reply and your move. It reports
// false when no person has moved yet.
func (t *table) undo(g Game) bool {
	h := g.History()
	last := -1
	for i := range h {
		if t.seats[moverOf(i)] == nil {
			last = i
		}
	}
	if last < 0 {
		return false
	}
	for len(g.History()) > last {
		g.Undo()
	}
	return true
}

// moverOf is the side that made the move with index i: the sides alternate
// from X in every game here.
func moverOf(i int) Side {
	if i%2 == 0 {
		return X
	}
	return O
}

// hint asks the strongest bot for its move and says what it expects: the
// score in words and the line it foresees. Then every legal move's score:
// the game's own hint where it has one (Connect Four), or a search to the
// end of each move where the hint budget is one (Tic-Tac-Toe).
func (t *table) hint(ctx context.Context, g Game) string {
	d := t.hinter.Think(ctx, g, t.spec.hintBudget)
	words := fmt.Sprintf("score %d", d.Score)
	if t.spec.describe != nil {
		words = t.spec.describe(g, d)
	}
	s := fmt.Sprintf("hint: %s (%s: %s)", g.FormatMove(d.Move), t.hinter.Name(), words)
	if len(d.PV) > 1 {
		s += ", expects " + t.spec.line(d.PV)
	}
	switch {
	case t.spec.hint != nil:
		s += "\n" + t.spec.hint(ctx, g, t.spec.hintBudget)
	case t.spec.hintBudget == Budget{} && t.spec.describe != nil:
		s += "\n" + moveScores(ctx, g, t.spec.describe)
	}
	return s
}

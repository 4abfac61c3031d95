package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// The person's turn: a move, or one of the prompt's commands, declared in
// one table (word, argument, help, handler) that help and -h read.

// promptCommand is one command of the prompt.
type promptCommand struct {
	words []string // the command, then its short forms
	arg   string   // its argument's word in help ("RECORD"); "" for none
	help  string   // one line
	// run serves it in game g: nil to ask again, or the error that ends
	// the person's turn (errQuit, errNew, errRetake, a loaded position).
	run func(t *session, ctx context.Context, g Game, arg string) error
}

// promptCommands are the prompt's commands, in help's order.
func promptCommands() []promptCommand {
	return []promptCommand{
		{words: []string{"undo", "u"}, help: "take back your last move (and the bot's reply)", run: (*session).undoCommand},
		{words: []string{"hint", "hi"}, help: "show the strongest bot's move and its score", run: (*session).hintCommand},
		{words: []string{"new"}, help: "drop this game (its record is printed) and start another",
			run: func(*session, context.Context, Game, string) error { return errNew }},
		{words: []string{"board"}, help: "show the board again", run: func(t *session, _ context.Context, g Game, _ string) error {
			fmt.Fprint(t.out, g.Render(t.color))
			return nil
		}},
		{words: []string{"moves"}, help: "print the record of the game so far", run: (*session).movesCommand},
		{words: []string{"load"}, arg: "RECORD", help: "play on from a position: its moves, as a record prints them", run: (*session).loadCommand},
		{words: []string{"rules"}, help: "the rules of this game", run: func(t *session, _ context.Context, _ Game, _ string) error {
			fmt.Fprintln(t.out, t.spec.words.rules)
			return nil
		}},
		{words: []string{"help", "h", "?"}, help: "this list", run: func(t *session, _ context.Context, g Game, _ string) error {
			fmt.Fprintln(t.out, t.help(g))
			return nil
		}},
		{words: []string{"quit", "q", "exit"}, help: "end the game (Ctrl-D and Ctrl-C too)",
			run: func(*session, context.Context, Game, string) error { return errQuit }},
	}
}

// findCommand is the command a line asks for, with its argument: the
// first word names it; a command without an argument takes none, so
// "undo 3" is no command.
func findCommand(line string) (promptCommand, string, bool) {
	word, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
	word, arg = strings.ToLower(word), strings.TrimSpace(arg)
	for _, c := range promptCommands() {
		if slices.Contains(c.words, word) && (c.arg != "" || arg == "") {
			return c, arg, true
		}
	}
	return promptCommand{}, "", false
}

// promptCommandWords names the commands for -h: "undo, hint, ...,
// load RECORD, ...".
func promptCommandWords() string {
	var words []string
	for _, c := range promptCommands() {
		words = append(words, strings.TrimSpace(c.words[0]+" "+c.arg))
	}
	return strings.Join(words, ", ")
}

// humanSeat is the person at the prompt of a table.
type humanSeat struct{ t *session }

func (h humanSeat) name() string { return "you" }

func (h humanSeat) choose(ctx context.Context, g Game) (Decision, error) {
	m, err := h.t.humanMove(ctx, g)
	return Decision{Move: m}, err
}

// humanMove asks for a move until one is legal, serving the commands on
// the way; bad input costs nothing but a one-line message. After an undo
// it returns errRetake, so that the loop shows the board again.
func (t *session) humanMove(ctx context.Context, g Game) (Move, error) {
	prompt := t.spec.words.prompt
	switch {
	case t.terminal: // the side, as "You play X" has scrolled away
		prompt = g.Turn().String() + " to move, " + strings.ToLower(prompt[:1]) + prompt[1:]
	case t.humans() == 2:
		prompt = g.Turn().String() + ", " + strings.ToLower(prompt[:1]) + prompt[1:]
	}
	for {
		line, err := t.in.ReadLine(ctx, prompt)
		if errors.Is(err, errLineTooLong) {
			fmt.Fprintln(t.out, "that line is longer than 1 MiB: type a move, or help")
			continue
		}
		if err != nil {
			return NoMove, err
		}
		if c, arg, ok := findCommand(line); ok {
			if err := c.run(t, ctx, g, arg); err != nil {
				return NoMove, err
			}
			continue
		}
		m, err := g.ParseMove(line)
		if err != nil {
			t.say(moveAdvice(line, err))
			continue
		}
		return m, nil
	}
}

// undoCommand takes back the person's last move, or says there is none.
func (t *session) undoCommand(_ context.Context, g Game, _ string) error {
	if t.undo(g) {
		return errRetake
	}
	fmt.Fprintln(t.out, "nothing to undo: you have not moved yet")
	return nil
}

// movesCommand prints the record so far.
func (t *session) movesCommand(_ context.Context, g Game, _ string) error {
	if len(g.History()) == 0 {
		fmt.Fprintln(t.out, "no moves yet")
	} else {
		fmt.Fprintln(t.out, "moves: "+t.spec.record(g))
	}
	return nil
}

// loadCommand drops the game for the position of a record.
func (t *session) loadCommand(_ context.Context, _ Game, record string) error {
	if record == "" {
		fmt.Fprintln(t.out, "load what? type load and a record, like the moves line prints")
		return nil
	}
	p, err := t.load(record)
	if err != nil {
		t.say(err.Error())
		return nil
	}
	return loaded{p, record}
}

// hintCommand shows the hint, with the thinking line at a terminal; Ctrl-C
// meanwhile shows the hint so far.
func (t *session) hintCommand(ctx context.Context, g Game, _ string) error {
	stop := func() {}
	if t.terminal {
		stop = t.showThinking("hint: thinking", t.spec.analyst.hintBudget.Time)
	}
	search, done := t.moveNow.searching(ctx)
	hint := t.hint(search, g)
	cut := done()
	stop()
	if ctx.Err() != nil {
		return errInterrupted
	}
	if cut {
		hint = "(Ctrl-C: the hint so far) " + hint
	}
	t.say(hint)
	return nil
}

// moveAdvice words a refused move for the prompt, in one short line: what
// was wrong and what is accepted. Text that is no move at all (a word, a
// sign) or has letters is as likely a command mistyped as a move, so then
// help is offered too, in every game alike.
func moveAdvice(line string, err error) string {
	var e *moveError
	if !errors.As(err, &e) || e.what == "" || e.accept == "" || !e.notMove && strings.IndexFunc(line, unicode.IsLetter) < 0 {
		return err.Error()
	}
	if e.notMove {
		return e.what + " or a command: " + e.accept + ", or help"
	}
	return e.what + ": " + e.accept + ", or help"
}

// help lists the in-game commands, every short form included, after how
// to type a move in this game (its numbering base above all).
func (t *session) help(g Game) string {
	how := "type a move"
	if _, err := g.ParseMove(""); err != nil {
		how = err.Error() // the game's own "type a ..." line
	}
	var b strings.Builder
	b.WriteString("a move: " + how + "\ncommands:")
	for _, c := range promptCommands() {
		fmt.Fprintf(&b, "\n  %-16s %s", strings.TrimSpace(strings.Join(c.words, ", ")+" "+c.arg), c.help)
	}
	return b.String() + t.ctrlCHelp()
}

// ctrlCHelp says what Ctrl-C does while a search runs, where it does
// more than quit.
func (t *session) ctrlCHelp() string {
	if t.moveNow == nil {
		return ""
	}
	return `
Ctrl-C while the bot thinks or a hint runs: move now (the bot plays, or the
hint shows, its best move so far); twice within a second: quit.`
}

package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
)

// The person's turn and the question after a game: a move, or one of the
// prompt's commands, declared in one table (words, argument, help, when
// they apply, handler) that help, -h and docs/playing.md follow.

// commandTime is when a command may be given: at the person's turn in a
// game, at the question after a game, or at both.
type commandTime uint8

const (
	inGame commandTime = 1 << iota
	afterGame
	anyTime = inGame | afterGame
)

// promptCommand is one command of the prompt.
type promptCommand struct {
	words []string // the command, then its short forms
	arg   string   // its argument's word in help ("RECORD"); "" for none
	help  string   // one line
	when  commandTime
	// run serves it in game g (over, after a game): nil to ask again, or
	// the error that ends the person's turn or the question: errQuit,
	// errNew, errRetake (moves taken back), a loaded position.
	run func(t *session, ctx context.Context, g Game, arg string) error
}

// promptCommands are the prompt's commands, in help's order.
func promptCommands() []promptCommand {
	return []promptCommand{
		{words: []string{"yes", "y"}, help: "after a game: play again (Enter alone too)", when: afterGame,
			run: func(*session, context.Context, Game, string) error { return errNew }},
		{words: []string{"swap", "s"}, help: "after a game: play again with the sides swapped", when: afterGame, run: (*session).swapCommand},
		{words: []string{"undo", "u"}, help: "take back your last move and the bot's reply, and play on", when: anyTime,
			run: (*session).undoCommand},
		{words: []string{"hint", "hi"}, help: "show the strongest bot's move and its score", when: anyTime, run: (*session).hintCommand},
		{words: []string{"review"}, help: "the game so far, each move marked where it lost ground", when: anyTime,
			run: (*session).reviewCommand},
		{words: []string{"new"}, help: "another game (a game in play ends, its record printed)", when: anyTime,
			run: func(*session, context.Context, Game, string) error { return errNew }},
		{words: []string{"board"}, help: "show the board again", when: anyTime, run: func(t *session, _ context.Context, g Game, _ string) error {
			fmt.Fprint(t.out, t.board(g))
			return nil
		}},
		{words: []string{"moves"}, help: "print the record of the game so far", when: anyTime, run: (*session).movesCommand},
		{words: []string{"load"}, arg: "RECORD", help: "play on from a position: its moves, as a record prints them", when: anyTime,
			run: (*session).loadCommand},
		{words: []string{"rules"}, help: "the rules of this game", when: anyTime, run: func(t *session, _ context.Context, _ Game, _ string) error {
			fmt.Fprintln(t.out, t.spec.words.rules)
			return nil
		}},
		{words: []string{"help", "h", "?"}, help: "this list", when: anyTime, run: func(t *session, _ context.Context, g Game, _ string) error {
			fmt.Fprintln(t.out, t.help(g))
			return nil
		}},
		{words: []string{"quit", "q", "exit"}, help: "end the game (Ctrl-D too, and Ctrl-C twice)", when: anyTime,
			run: func(*session, context.Context, Game, string) error { return errQuit }},
		{words: []string{"no", "n"}, help: "after a game: stop, as quit does", when: afterGame,
			run: func(*session, context.Context, Game, string) error { return errQuit }},
	}
}

// findCommand is the command a line asks for at the time when, with its
// argument: the first word names it; a command without an argument takes
// none, so "undo 3" is no command.
func findCommand(line string, when commandTime) (promptCommand, string, bool) {
	word, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
	word, arg = strings.ToLower(word), strings.TrimSpace(arg)
	for _, c := range promptCommands() {
		if c.when&when != 0 && slices.Contains(c.words, word) && (c.arg != "" || arg == "") {
			return c, arg, true
		}
	}
	return promptCommand{}, "", false
}

// promptCommandWords names the commands of a game in play for -h: "undo,
// hint, ..., load RECORD, ...".
func promptCommandWords() string {
	var words []string
	for _, c := range promptCommands() {
		if c.when&inGame != 0 {
			words = append(words, strings.TrimSpace(c.words[0]+" "+c.arg))
		}
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
		line, err := t.readAtPrompt(ctx, prompt)
		if errors.Is(err, errInterrupted) && ctx.Err() == nil && t.moveNow != nil && !t.leaveWarned {
			// Ctrl-C on the empty prompt, at a terminal: often pressed to
			// hurry a bot that has already moved. Leaving takes a second.
			t.leaveWarned = true
			if t.dumb {
				fmt.Fprintln(t.out) // after the terminal's ^C
			}
			fmt.Fprintln(t.out, t.leaveAdvice(g))
			continue
		}
		t.leaveWarned = false
		if errors.Is(err, errLineTooLong) {
			fmt.Fprintln(t.out, "that line is longer than 1 MiB: type a move, or help")
			continue
		}
		if err != nil {
			return NoMove, err
		}
		if c, arg, ok := findCommand(line, inGame); ok {
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

// readAtPrompt reads the person's line. Where Ctrl-C is a signal (a dumb
// terminal), the interrupter gives it to this wait, which it stops, as
// liner stops at the key.
func (t *session) readAtPrompt(ctx context.Context, prompt string) (string, error) {
	if r, ok := t.in.(*termReader); !ok || r.state != nil {
		return t.in.ReadLine(ctx, prompt)
	}
	wait, done := t.moveNow.prompting(ctx)
	defer done()
	return t.in.ReadLine(wait, prompt)
}

// leaveAdvice answers the first Ctrl-C on the empty prompt: how to leave,
// and how to resume the game later (no full stop after the flags: they
// are copied as they stand).
func (t *session) leaveAdvice(g Game) string {
	advice := "To leave, press Ctrl-C again or type quit."
	if len(g.History()) == 0 {
		return advice
	}
	return advice + "\n" + t.resumeLine("To resume the game later, run the same command with", g)
}

// swapCommand plays again with the sides swapped.
func (t *session) swapCommand(context.Context, Game, string) error {
	t.seats[X], t.seats[O] = t.seats[O], t.seats[X]
	t.swapped = true // the command's seating no longer holds
	t.firstDrawn = false
	return errNew
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
	if g.Over() { // after a game: nothing to play, but undo leads back
		t.say("hint: the game is over (" + outcomeWords(g) + "); undo your last move, then hint")
		return nil
	}
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
		if t.dumb {
			fmt.Fprintln(t.out) // after the terminal's ^C, which no thinking line clears
		}
	}
	t.say(hint)
	return nil
}

// reviewCommand reviews the game so far with the game's oracle, a
// second a position (docs/review.md), with the thinking line at a
// terminal; Ctrl-C meanwhile shows the review so far.
func (t *session) reviewCommand(ctx context.Context, g Game, _ string) error {
	if len(g.History()) == 0 {
		t.say("review: no move played yet")
		return nil
	}
	o, err := t.reg.newOracle(t.spec, Budget{Time: reviewTime, Jobs: t.budget.Jobs})
	if err != nil {
		t.say("review: " + err.Error())
		return nil
	}
	start := g.Clone()
	for range g.History() {
		start.Undo()
	}
	stop := func() {}
	if t.terminal {
		stop = t.showThinking("review: thinking", reviewTime*time.Duration(len(g.History())+1))
	}
	search, done := t.moveNow.searching(ctx)
	r := reviewGame(search, o, start, g.History(), 0, nil)
	cut := done()
	stop()
	if ctx.Err() != nil {
		return errInterrupted
	}
	if cut {
		fmt.Fprintln(t.out, "(Ctrl-C: the review so far)")
	}
	fmt.Fprint(t.out, reviewText(r, t.spec, start))
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

// help lists the commands of the moment, every short form included:
// during a game after how to type a move in this game (its numbering
// base above all), after a game after the answers to the question.
func (t *session) help(g Game) string {
	var b strings.Builder
	when := inGame
	if t.asking {
		when = afterGame
		b.WriteString("the game is over: answer, or give a command:")
	} else {
		how := "type a move"
		if _, err := g.ParseMove(""); err != nil {
			how = err.Error() // the game's own "type a ..." line
		}
		b.WriteString("a move: " + how + "\ncommands:")
	}
	for _, c := range promptCommands() {
		if c.when&when != 0 {
			fmt.Fprintf(&b, "\n  %-16s %s", strings.TrimSpace(strings.Join(c.words, ", ")+" "+c.arg), c.help)
		}
	}
	return b.String() + t.ctrlCHelp()
}

// ctrlCHelp says what Ctrl-C does at a terminal, where it does more than
// quit: at the prompt, and while a search runs.
func (t *session) ctrlCHelp() string {
	if t.moveNow == nil {
		return ""
	}
	atPrompt := "\nCtrl-C at your turn says how to leave and resume; a second one leaves."
	if r, ok := t.in.(*termReader); ok && r.keys != nil {
		atPrompt = "\nCtrl-C on a half-typed line clears it; on an empty line it says how to\nleave and resume, and a second one leaves."
	}
	return atPrompt + `
Ctrl-C while the bot thinks or a hint runs: move now (the bot plays, or the
hint shows, its best move so far); twice within a second: quit.`
}

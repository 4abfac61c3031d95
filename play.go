package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// The table: the games played at one prompt, a person or a bot on each
// side, through the one game loop. The table owns the printing; reading
// input is playinput.go's, the commands playcommands.go's, what is shown
// while bots think and move playwatch.go's.

// run plays games until the person has had enough: "new" starts
// another at once, and after a game at a terminal the person may play
// again, with the same sides or swapped, or take moves back and play on.
// newGame gives each starting position.
func (t *session) run(ctx context.Context, newGame func() Game) error {
	g, resume := newGame(), false
	t.base = len(g.History())
	for {
		var err error
		if resume {
			err = t.playOn(ctx, g)
		} else {
			err = t.play(ctx, g)
		}
		ended := err == nil
		if ended {
			if !t.terminal || t.in == nil || t.humans() == 0 {
				return nil
			}
			err = t.afterGame(ctx, g)
		}
		resume = false
		var load loaded
		switch {
		case errors.As(err, &load):
			if ended { // the game's record is printed already
				fmt.Fprintf(t.out, "loaded %s\n", load.record)
			}
			g = load.g
		case errors.Is(err, errRetake): // undo after the game: play on
			resume = true
			continue
		case errors.Is(err, errNew):
			if !ended {
				fmt.Fprintln(t.out, "new game")
			}
			g = newGame()
		case ended && (errors.Is(err, errQuit) || errors.Is(err, io.EOF)):
			return nil
		default:
			return err
		}
		t.base = len(g.History())
	}
}

// againPrompt is the question after a game. Like every prompt here it
// ends in ": ", and the capital Y says that Enter alone means yes; undo is
// named, as taking back the losing move is what a person exploring a game
// wants most, and help lists the rest.
const againPrompt = "Play again? [Y]es / [s]wap sides / [u]ndo / [q]uit: "

// againAdvice answers a line that is no answer to againPrompt.
const againAdvice = "Enter or y: play again, s: swap sides, u: undo your last move, q: quit, or help"

// afterGame asks what next once a game at a terminal has ended: another
// game (Enter, y, new), with the sides swapped (s), or the end (q, n,
// Ctrl-D: errQuit). Meanwhile the prompt's commands work on the finished
// game as during it: undo takes moves back and the game goes on
// (errRetake), load starts from a record, hint, moves and board look at
// it.
func (t *session) afterGame(ctx context.Context, g Game) error {
	t.asking = true
	defer func() { t.asking = false }()
	for {
		line, err := t.in.ReadLine(ctx, againPrompt)
		switch {
		case errors.Is(err, io.EOF):
			return errQuit
		case errors.Is(err, errLineTooLong):
			line = "?" // not an answer: the line below says what is
		case err != nil:
			return err
		}
		if strings.TrimSpace(line) == "" {
			return errNew
		}
		if c, arg, ok := findCommand(line, afterGame); ok {
			if err := c.run(t, ctx, g, arg); err != nil {
				return err
			}
			continue
		}
		t.say(againAdvice)
	}
}

// play runs g to its end through the game loop, printing as seed 003's
// program does: the board before every move, "playing by AI" before a
// bot's, the result and the record at the end; at a terminal it says more
// (see terminal). It returns errQuit, io.EOF, errInterrupted or errNew if
// the game stops early, after printing the record so far.
func (t *session) play(ctx context.Context, g Game) error {
	t.announce()
	return t.playOn(ctx, g)
}

// playOn is play without the announcement, for a game taken back after
// its end.
func (t *session) playOn(ctx context.Context, g Game) error {
	err := playGame(ctx, g, t.gameSeats(), gameHooks{before: t.beforeMove, after: func(g Game, d Decision) error {
		return t.afterMove(ctx, g, d)
	}})
	return t.finish(g, err)
}

// announce says, at a terminal, who plays which side, and then, once, how
// to move, and that -level picks an easier opponent than the default.
func (t *session) announce() {
	if t.terminal {
		fmt.Fprintln(t.out, wrapWords(t.status(), t.columns()))
		if note := t.levelNote(); note != "" && !t.introShown {
			fmt.Fprintln(t.out, wrapWords(note, t.columns()))
		}
	}
	if intro := t.spec.words.intro; intro != "" && t.humans() > 0 && !t.introShown {
		fmt.Fprintln(t.out, wrapWords(intro, t.columns()))
		t.introShown = true
	}
}

// gameSeats are the game loop's seats: the person at the prompt, or a
// bot, watched at a terminal.
func (t *session) gameSeats() [3]seat {
	var seats [3]seat
	for _, side := range []Side{X, O} {
		b := t.seats[side]
		switch {
		case b == nil:
			seats[side] = humanSeat{t}
		case t.terminal:
			seats[side] = watchedSeat{botSeat{bot: b.Bot, label: b.name(), budget: t.budgetOf(side)}, t, side}
		default:
			seats[side] = botSeat{bot: b.Bot, label: b.name(), budget: t.budgetOf(side)}
		}
	}
	return seats
}

// beforeMove draws the board for the side to move (unless -step's pause
// has just drawn it), and where the original program's words are kept
// (originalWords) says a bot is to play.
func (t *session) beforeMove(g Game) {
	if !t.stepDrawn {
		fmt.Fprint(t.out, t.board(g))
	}
	t.stepDrawn = false
	if t.seats[g.Turn()] != nil && t.originalWords() {
		fmt.Fprintln(t.out, "playing by AI") // a terminal shows the thinking line
	}
}

// afterMove reports a bot's move (its line, -v, -trace), then paces a
// game of two bots: -step's pause or -delay's. A bot's move is named at a
// terminal, and on a pipe but where the original program's words are kept
// (seed 003's transcript names none); -v's line names it too. Every
// line is broken at the terminal's width, or at 80 columns on a pipe.
func (t *session) afterMove(ctx context.Context, g Game, d Decision) error {
	mover := g.Turn().Other()
	if bot := t.seats[mover]; bot != nil {
		switch {
		case t.terminal:
			if t.cut && t.dumb {
				fmt.Fprintln(t.out) // after the terminal's ^C, which no thinking line clears
			}
			fmt.Fprintln(t.out, wrapSteady(t.botMoveLine(t.spec, g, bot, d, t.cut), t.columns(), 4))
			t.cut = false
		case t.verbose:
			fmt.Fprintln(t.out, wrapSteady(t.thinking(t.spec, g, bot, d), t.columns(), 4))
		case !t.originalWords():
			fmt.Fprintln(t.out, t.botMoveLine(t.spec, g, bot, d, false))
		}
		if t.budget.Trace > 0 {
			h := g.History()
			t.showTrace(traceOutput(bot.Name(), d.Trace, t.traceFormat, t.spec.line(h[:len(h)-1]), g.FormatMove(d.Move)))
		}
	}
	switch {
	case t.humans() > 0 || g.Over():
	case t.step:
		return t.stepWait(ctx, g)
	case t.delay > 0:
		select {
		case <-ctx.Done():
			return errInterrupted
		case <-time.After(t.delay):
		}
	}
	return nil
}

// showTrace writes a decision's trace (none: "") to -trace-out's file,
// or under the move, wrapped at a terminal.
func (t *session) showTrace(s string) {
	switch {
	case s == "":
	case t.traces != nil:
		fmt.Fprintln(t.traces, s)
	default:
		fmt.Fprintln(t.out, wrapTrace(s, t.traceFormat, t.widthIfTerminal()))
	}
}

// finish ends a game of the session: the last board, the result and the
// record, or for a game stopped early the record so far and, unless
// another game replaces it, how to resume it. An engine that
// failed loses, and the person sees why under the board it failed to move
// on.
func (t *session) finish(g Game, err error) error {
	var forfeit *Forfeit
	if errors.As(err, &forfeit) {
		fmt.Fprintln(t.out, forfeit.Error())
		err = nil
	}
	if err != nil {
		switch {
		case !t.terminal || !errors.Is(err, errInterrupted):
		case t.dumb:
			fmt.Fprintln(t.out) // after the terminal's ^C
		default:
			fmt.Fprint(t.out, "\r\x1b[K") // over the terminal's ^C
		}
		var load loaded
		switch {
		case errors.As(err, &load) && len(g.History()) > 0:
			fmt.Fprintf(t.out, "loaded %s; the game dropped was %s\n", load.record, t.spec.record(g))
		case errors.As(err, &load):
			fmt.Fprintf(t.out, "loaded %s\n", load.record)
		case len(g.History()) > 0:
			fmt.Fprintln(t.out, "moves: "+t.spec.record(g)) // the record of the game dropped
			// Left unfinished, not replaced by another: how to resume it.
			if !errors.Is(err, errNew) {
				fmt.Fprintln(t.out, t.resumeLine("to resume the game, run the same command with", g))
			}
		}
		return err
	}
	w := g.Winner()
	if forfeit == nil {
		fmt.Fprint(t.out, t.board(g))
	} else {
		w = forfeit.Side.Other()
	}
	fmt.Fprintln(t.out, t.result(w))
	fmt.Fprintln(t.out, "moves: "+t.spec.record(g))
	return nil
}

// stepPrompt is -step's prompt between moves.
const stepPrompt = "Enter: next move, b: back, q: quit "

// stepWait shows the board after a move of a game of two bots (-step) and
// holds the game until the person presses Enter. b takes the last move back and shows the position again,
// as often as asked, and the bot to move then thinks again from there; q
// ends the game, and so does Ctrl-D at a terminal. At the end of a piped
// script the game plays on.
func (t *session) stepWait(ctx context.Context, g Game) error {
	// The move just named, on the board, before the pause.
	fmt.Fprint(t.out, t.board(g))
	t.stepDrawn = true
	for {
		line, err := t.in.ReadLine(ctx, stepPrompt)
		switch {
		case errors.Is(err, io.EOF) && t.keyboard:
			return errQuit
		case errors.Is(err, io.EOF):
			t.step = false
			return nil
		case errors.Is(err, errLineTooLong):
			line = "?"
		case err != nil:
			return err
		}
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "":
			return nil
		case "b", "back":
			if len(g.History()) <= t.base {
				fmt.Fprintln(t.out, "this is the start: no move to take back")
				continue
			}
			g.Undo()
			fmt.Fprint(t.out, t.board(g))
		case "q", "quit":
			return errQuit
		default:
			fmt.Fprintf(t.out, "%s: accepted are Enter (the next move), b (back one move), q (quit)\n", quoteShort(line))
		}
	}
}

// watchedSeat is a bot at a terminal: while it thinks, a line says so.
type watchedSeat struct {
	botSeat
	t    *session
	side Side
}

// choose asks the bot, showing the thinking line. With a person at the
// table, Ctrl-C meanwhile cuts the search short and its move is played;
// only the end of ctx stops the game.
func (s watchedSeat) choose(ctx context.Context, g Game) (Decision, error) {
	stop := s.t.showThinking(fmt.Sprintf("%s (%s) is thinking", s.label, s.side), s.budget.Time)
	defer stop()
	// An engine cannot be told to move now, and it may forfeit: it goes
	// through botSeat, so that its fault ends the game (Ctrl-C then ends
	// the game too, as with two bots).
	if _, fallible := s.bot.(fallibleBot); s.t.humans() == 0 || fallible {
		return s.botSeat.choose(ctx, g)
	}
	search, done := s.t.moveNow.searching(ctx)
	d := s.bot.Think(search, g, s.budget)
	s.t.cut = done()
	if ctx.Err() != nil {
		return d, errInterrupted
	}
	return d, nil
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// The session: the games played at one prompt, who sits on each side, and
// what the person may ask of them (undo, load, hint). Playing a game in
// the session is play.go's; the commands are playcommands.go's.

// session is the games played at one prompt: the game's rules and messages,
// who sits on each side, and the screen it writes to. It owns all the
// printing.
type session struct {
	screen
	spec *gameSpec
	opt  gameOptions // the game's options, for load
	in   lineReader
	// budget is what every bot's own budget is given besides: threads
	// and the trace's depth; traceFormat is how traces are written, and
	// traces, when set, takes them (-trace-out).
	budget      Budget
	traceFormat string
	traces      io.Writer
	seats       [3]*seated    // indexed by Side; nil is a person
	hinter      Bot           // the bot behind "hint"
	reg         *registry     // the run's, whose solver table the hint shares
	delay       time.Duration // pause after each move when two bots play
	// firstDrawn says -first random chose who moves first.
	firstDrawn bool
	introShown bool
	// swapped says the person has swapped sides since the command's
	// seating, and seatsGiven that -x and -o named both seats: with
	// firstDrawn, what resumeArgs must add to the command to seat a game
	// left unfinished as it was.
	swapped, seatsGiven bool
	// leaveWarned says Ctrl-C on the empty prompt has said how to leave
	// and resume, and nothing has been typed since: the next one leaves.
	leaveWarned bool
	// asking says the question after a game is asked: help lists its
	// answers. (A game an engine forfeited is over without its position
	// being so.)
	asking bool
	// base is how many moves of the game in play came with its starting
	// position (-moves, load): undo never takes them back.
	base int
	// moveNow takes Ctrl-C during a search for the person at the prompt
	// as "move now" (nil: Ctrl-C always stops the game); cut says it cut
	// the last bot move short.
	moveNow *interrupter
	cut     bool
	// step holds a game of two bots after each move until the person
	// presses Enter (-step): b takes a move back, q quits. stepDrawn says
	// the wait drew the position already, so the next turn does not.
	step, stepDrawn bool
	// closeIn, when set, gives the terminal back (liner's raw mode).
	closeIn func()
	// keyboard says a person types the input at a terminal: the end of
	// input (Ctrl-D) then means stop, where a piped script's end does not.
	keyboard bool
}

// closeInput gives the terminal back, if the session took it.
func (t *session) closeInput() {
	if t.closeIn != nil {
		t.closeIn()
	}
}

// budgetOf is the budget of the bot of side: its own, with the session's
// threads and trace.
func (t *session) budgetOf(side Side) Budget {
	b := t.seats[side].budget
	b.Jobs, b.Trace = t.budget.Jobs, t.budget.Trace
	return b
}

// loaded is the load command: the game is dropped for g, given as record.
type loaded struct {
	g      Game
	record string
}

func (loaded) Error() string { return "load a position" }

// errNew is the "new" command: the game is dropped and another starts.
var errNew = errors.New("new game")

// humans counts the seats taken by people.
func (t *session) humans() int {
	n := 0
	for _, s := range []Side{X, O} {
		if t.seats[s] == nil {
			n++
		}
	}
	return n
}

// status says who plays which side, for the person at a terminal.
func (t *session) status() string {
	drawn := ""
	if t.firstDrawn {
		drawn = " (drawn at random)"
	}
	x, o := t.seats[X], t.seats[O]
	switch {
	case x == nil && o == nil:
		return "X and O both play here, X first"
	case x != nil && o != nil:
		return fmt.Sprintf("%s plays X and moves first; %s plays O", x.name(), o.name())
	case x == nil:
		return fmt.Sprintf("You play X and move first%s; %s plays O", drawn, o.name())
	}
	return fmt.Sprintf("You play O; %s plays X and moves first%s", x.name(), drawn)
}

// originalWords says the output keeps the words of the program the game
// comes from (docs/history.md): piped, in a game that keeps them, with a
// person at the prompt, as that program was played (seed 003's
// transcript). A game of two bots names its moves, as in the other games.
func (t *session) originalWords() bool {
	return !t.terminal && t.spec.words.original && t.humans() > 0
}

// result is the line that ends a game: "X wins", "O wins" or "Draw",
// which at a terminal says "you" to a person playing a bot ("You lose (O
// wins)"); where the original program's words are kept (originalWords)
// it ends as that program did (X win., O win., Draw).
func (t *session) result(w Side) string {
	switch {
	case t.originalWords():
		return winLine(w)
	case w == Nobody:
		return "Draw"
	case !t.terminal || t.humans() != 1:
		return winWords(w)
	case t.seats[w] == nil:
		return "You win (" + winWords(w) + ")"
	}
	return "You lose (" + winWords(w) + ")"
}

// resumeArgs are the flags that, added to the command that started a
// game left unfinished, start it again where g stands (docs/playing.md):
// -moves and its record, after the flag that seats the person as now
// when the command seats them otherwise (drawn by -first random, or
// swapped since). A later flag overrides an earlier one, so they are
// added at the end, even to a command that has -moves already.
func (t *session) resumeArgs(g Game) string {
	args := "-moves " + t.spec.record(g)
	if t.humans() != 1 || !t.firstDrawn && !t.swapped {
		return args
	}
	if t.seatsGiven { // -first is ignored beside -x and -o
		return fmt.Sprintf("-x %s -o %s %s", seatWord(t.seats[X]), seatWord(t.seats[O]), args)
	}
	if t.seats[X] == nil {
		return "-first human " + args
	}
	return "-first bot " + args
}

// seatWord is a seat as -x and -o take it: human, or the bot's spec.
func seatWord(s *seated) string {
	if s == nil {
		return "human"
	}
	return s.name()
}

// resumeLine says how to resume a game left unfinished, after lead
// ("to resume the game, run the same command with"). The flags are never
// broken, as they are copied as they stand: where the line would be
// wider than the terminal (80 columns on a pipe), they go on a line of
// their own, indented.
func (t *session) resumeLine(lead string, g Game) string {
	args := t.resumeArgs(g)
	if len(lead)+1+len(args) > t.columns() { // bytes: a name not ASCII only breaks sooner
		return lead + "\n    " + args
	}
	return lead + " " + args
}

// levelNote tells a person who faces the game's default bot, every
// game's strongest (Tic-Tac-Toe's and Connect Four's play perfectly), that
// -level offers easier ones; "" for any other table.
func (t *session) levelNote() string {
	for _, side := range []Side{X, O} {
		if b := t.seats[side]; b != nil && t.humans() == 1 && b.label == t.spec.seats.bot {
			return b.name() + " is the strongest opponent; -level 1 (easiest) to 5 picks another."
		}
	}
	return ""
}

// load reads the position of a load command. Its error is one line for
// the prompt: which move is wrong, and what is accepted.
func (t *session) load(record string) (Game, error) {
	if len(strings.Fields(record)) > 1 {
		return nil, fmt.Errorf("load %s: one record, without spaces, like the moves line prints", quoteShort(record))
	}
	g, err := t.spec.parseRecord(record, t.opt)
	if err != nil {
		return nil, fmt.Errorf("load %s: %v; the position is unchanged", quoteShort(record), err)
	}
	if g.Over() { // as -moves refuses it: there is nothing to play
		return nil, fmt.Errorf("load %s: the game is over there: accepted is a record that leaves it open; the position is unchanged", quoteShort(record))
	}
	return g, nil
}

// undo takes back moves up to and including the last one a person made,
// so against a bot it undoes the bot's reply and your move. It reports
// false when no person has moved yet.
func (t *session) undo(g Game) bool {
	h := g.History()
	last := -1
	for i := t.base; i < len(h); i++ {
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
func (t *session) hint(ctx context.Context, g Game) string {
	a := t.spec.analyst
	b := a.hintBudget
	b.Jobs = t.budget.Jobs // -jobs: the solver's threads
	d := t.hinter.Think(ctx, g, b)
	words := fmt.Sprintf("score %d", d.Score)
	switch {
	case ctx.Err() != nil && !d.Proof.Exact && d.Depth == 0:
		// Stopped before one search finished: its score is a placeholder,
		// which would read as a guess from depth 0.
		words = "stopped before a score"
	case t.spec.words.describe != nil:
		words = t.spec.words.describe(g, d)
	}
	s := fmt.Sprintf("hint: %s (%s: %s)", g.FormatMove(d.Move), t.hinter.Name(), words)
	if len(d.PV) > 1 {
		s += ", expects " + t.spec.line(d.PV)
	}
	if ctx.Err() != nil {
		return s // cut short: every move's score would be a search stopped at once
	}
	h, own := t.hinter.(hinter)
	switch {
	case own:
		s += "\n" + h.hint(ctx, g, b.Jobs)
	case a.hintBudget == Budget{} && t.spec.words.describe != nil:
		s += "\n" + moveScores(ctx, g, t.spec.words.describe)
	}
	return s
}

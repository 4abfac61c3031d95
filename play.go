package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode"

	"github.com/peterh/liner"
)

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

// table is the games played at one prompt: the game's rules and messages,
// who sits on each side, and the terminal. It owns all the printing.
type table struct {
	spec    *gameSpec
	opt     gameOptions // the game's options, for load
	out     io.Writer
	in      lineReader
	color   bool
	verbose bool
	budget  Budget
	seats   [3]Bot // indexed by Side; nil is a person
	hinter  Bot    // the bot behind "hint"
	// terminal says a person watches the output: then the table also says
	// who plays which side, names each bot move, shows a line while a bot
	// thinks and offers another game. Piped output stays the original
	// programs' (seed 003's transcript).
	terminal bool
	width    int           // columns to wrap the intro to; 0 means 80
	delay    time.Duration // pause after each move when two bots play
	// firstDrawn says -first random chose who moves first.
	firstDrawn bool
	// thinkAfter is how long a bot thinks before the thinking line shows;
	// 0 means thinkingShown.
	thinkAfter time.Duration
	introShown bool
	// base is how many moves of the game in play came with its starting
	// position (-moves, load): undo never takes them back.
	base int
	// moveNow takes Ctrl-C during a search for the person at the table
	// as "move now" (nil: Ctrl-C always stops the game); cut says it cut
	// the last bot move short.
	moveNow *interrupter
	cut     bool
	// step holds a game of two bots after each move until the person
	// presses Enter (-step): b takes a move back, q quits. stepDrawn says
	// the wait drew the position already, so the next turn does not.
	step, stepDrawn bool
}

// loaded is the load command: the game is dropped for g.
type loaded struct{ g Game }

func (loaded) Error() string { return "load a position" }

// errNew is the "new" command: the game is dropped and another starts.
var errNew = errors.New("new game")

// thinkingShown is how long a bot may think before a terminal shows that
// it is thinking: shorter waits pass unnoticed.
const thinkingShown = 300 * time.Millisecond

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

// session plays games until the person has had enough: "new" starts
// another at once, and after a game at a terminal the person may play
// again, with the same sides or swapped. newGame gives each starting
// position.
func (t *table) session(ctx context.Context, newGame func() Game) error {
	g := newGame()
	for {
		t.base = len(g.History())
		err := t.play(ctx, g)
		var load loaded
		switch {
		case errors.As(err, &load):
			g = load.g
			continue
		case errors.Is(err, errNew):
			fmt.Fprintln(t.out, "new game")
			g = newGame()
			continue
		case err != nil:
			return err
		case !t.terminal || t.in == nil || t.humans() == 0:
			return nil
		}
		again, err := t.again(ctx)
		if err != nil || !again {
			return err
		}
		g = newGame()
	}
}

// againPrompt offers another game. Like every prompt here it ends in ": ",
// and the capital Y says that Enter alone means yes.
const againPrompt = "Play again? [Y]es / [s]wap sides / [q]uit: "

// again asks whether to play another game, swapping the sides if asked.
// End of input means no.
func (t *table) again(ctx context.Context) (bool, error) {
	for {
		line, err := t.in.ReadLine(ctx, againPrompt)
		switch {
		case errors.Is(err, io.EOF):
			return false, nil
		case errors.Is(err, errLineTooLong):
			line = "?" // not an answer: the line below says what is
		case err != nil:
			return false, err
		}
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "", "y", "yes":
			return true, nil
		case "s", "swap":
			t.seats[X], t.seats[O] = t.seats[O], t.seats[X]
			t.firstDrawn = false
			return true, nil
		case "q", "quit", "n", "no", "exit":
			return false, nil
		}
		fmt.Fprintln(t.out, "type y (or just Enter) to play again, s to swap sides, q to quit")
	}
}

// status says who plays which side, for the person at a terminal.
func (t *table) status() string {
	drawn := ""
	if t.firstDrawn {
		drawn = " (drawn at random)"
	}
	x, o := t.seats[X], t.seats[O]
	switch {
	case x == nil && o == nil:
		return "X and O both play here, X first"
	case x != nil && o != nil:
		return fmt.Sprintf("%s plays X and moves first; %s plays O", x.Name(), o.Name())
	case x == nil:
		return fmt.Sprintf("You play X and move first%s; %s plays O", drawn, o.Name())
	}
	return fmt.Sprintf("You play O; %s plays X and moves first%s", x.Name(), drawn)
}

// play runs g to its end through the game loop, printing as seed 003's
// program does: the board before every move, "playing by AI" before a
// bot's, the result and the record at the end; at a terminal it says more
// (see terminal). It returns errQuit, io.EOF, errInterrupted or errNew if
// the game stops early, after printing the record so far.
func (t *table) play(ctx context.Context, g Game) error {
	// At a terminal the person learns their side first, then how to move.
	if t.terminal {
		fmt.Fprintln(t.out, wrapWords(t.status(), t.columns()))
	}
	if t.spec.intro != "" && t.humans() > 0 && !t.introShown {
		fmt.Fprintln(t.out, wrapWords(t.spec.intro, t.columns()))
		t.introShown = true
	}
	var seats [3]seat
	for _, side := range []Side{X, O} {
		if b := t.seats[side]; b != nil {
			s := botSeat{bot: b, label: b.Name(), budget: t.budget}
			if t.terminal {
				seats[side] = watchedSeat{s, t, side}
			} else {
				seats[side] = s
			}
		} else {
			seats[side] = humanSeat{t}
		}
	}
	err := playGame(ctx, g, seats, gameHooks{
		before: func(g Game) {
			if !t.stepDrawn {
				fmt.Fprint(t.out, t.board(g))
			}
			t.stepDrawn = false
			if t.seats[g.Turn()] != nil && !t.terminal {
				fmt.Fprintln(t.out, "playing by AI") // a terminal shows the thinking line
			}
		},
		after: func(g Game, d Decision) error {
			bot := t.seats[g.Turn().Other()]
			switch {
			case bot != nil && t.terminal:
				fmt.Fprintln(t.out, wrapHanging(t.botMoveLine(g, bot, d), t.columns(), 4))
			case bot != nil && t.verbose:
				fmt.Fprintln(t.out, t.thinking(g, bot, d))
			}
			if bot != nil {
				if s := traceOutput(bot, d, t.budget); s != "" {
					fmt.Fprintln(t.out, wrapTrace(s, t.budget.TraceFormat, t.widthIfTerminal()))
				}
			}
			if t.step && t.humans() == 0 && !g.Over() {
				return t.stepWait(ctx, g)
			}
			if t.humans() == 0 && t.delay > 0 && !g.Over() {
				select {
				case <-ctx.Done():
					return errInterrupted
				case <-time.After(t.delay):
				}
			}
			return nil
		},
	})
	var forfeit *Forfeit
	if errors.As(err, &forfeit) {
		// An engine that failed loses, and the person sees why under
		// the board it failed to move on.
		fmt.Fprintln(t.out, forfeit.Error())
		err = nil
	}
	if err != nil {
		if t.terminal && errors.Is(err, errInterrupted) {
			fmt.Fprint(t.out, "\r\x1b[K") // over the terminal's ^C
		}
		if len(g.History()) > 0 {
			fmt.Fprintln(t.out, "moves: "+t.spec.record(g)) // the record of the game dropped
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

// board draws g: in colour; at a terminal without colour with the last
// move, the marks it turned and a winning line in brackets, and the turned
// marks named; piped, as the original programs did.
func (t *table) board(g Game) string {
	switch {
	case t.color:
		return g.Render(true)
	case t.terminal:
		return plainMarks(g.Render(true)) + turnedLine(g)
	}
	return g.Render(false)
}

// result is the line that ends a game: the original's words on a pipe
// (X win., O win., Draw); at a terminal one line in plain words, which
// says "you" to a person playing a bot.
func (t *table) result(w Side) string {
	switch {
	case !t.terminal:
		return winLine(w)
	case w == Nobody:
		return "Draw"
	case t.humans() != 1:
		return winWords(w)
	case t.seats[w] == nil:
		return "You win (" + winWords(w) + ")"
	}
	return "You lose (" + winWords(w) + ")"
}

// botMoveLine names a bot's move at a terminal; with -v it goes on with
// what the search did (the piped -v line's figures), so a move is one
// line either way.
func (t *table) botMoveLine(g Game, bot Bot, d Decision) string {
	name := bot.Name()
	if t.verbose {
		name = t.spec.implName(name) // Adjacency's alphabeta is its own search
	}
	line := fmt.Sprintf("%s (%s) plays %s", name, g.Turn().Other(), g.FormatMove(d.Move))
	cut := t.cut
	if cut {
		line += " (Ctrl-C: its best move so far)"
		t.cut = false
	}
	switch {
	case !t.verbose:
	case cut && d.Depth == 0 && d.Playouts == 0 && !d.Exact:
		// Stopped before its first result: a score would be made up.
		line += fmt.Sprintf(": stopped before a score, nodes %d, time %s", d.Nodes, d.Time.Round(time.Microsecond))
	default:
		line += ": " + t.searchFigures(g, d)
	}
	return line
}

// say prints a line for the person at the prompt, broken between words
// at a terminal (with a hanging indent), so that the terminal's own wrap
// never splits a word, a cell number or a quoted input.
func (t *table) say(text string) {
	fmt.Fprintln(t.out, wrapHanging(text, t.widthIfTerminal(), 4))
}

// widthIfTerminal is the width to wrap lines to at a terminal; 0 (none)
// on a pipe, whose output stays the program's lines.
func (t *table) widthIfTerminal() int {
	if !t.terminal {
		return 0
	}
	return t.columns()
}

// stepPrompt is -step's prompt between moves.
const stepPrompt = "Enter: next move, b: back, q: quit "

// stepWait shows the board after a move of a game of two bots (-step) and
// holds the game until the person presses Enter. b takes the last move back and shows the position again,
// as often as asked, and the bot to move then thinks again from there; q
// ends the game. At the end of a piped script the game plays on.
func (t *table) stepWait(ctx context.Context, g Game) error {
	// The move just named, on the board, before the pause.
	fmt.Fprint(t.out, t.board(g))
	t.stepDrawn = true
	for {
		line, err := t.in.ReadLine(ctx, stepPrompt)
		switch {
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

// columns is the width to wrap text to: the terminal's, or 80.
func (t *table) columns() int {
	if t.width > 0 {
		return t.width
	}
	return 80
}

// watchedSeat is a bot at a terminal: while it thinks, a line says so.
type watchedSeat struct {
	botSeat
	t    *table
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

// showThinking starts the live line of a search that has a time limit
// (0: none): after thinkAfter it shows what and how long, and the time
// left, ten times a second. The function returned clears the line; only
// then may anything else print.
func (t *table) showThinking(what string, limit time.Duration) (stop func()) {
	after := t.thinkAfter
	if after == 0 {
		after = thinkingShown
	}
	start := time.Now()
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		wait := time.NewTimer(after)
		defer wait.Stop()
		select {
		case <-done:
			return
		case <-wait.C:
		}
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			elapsed := time.Since(start)
			line := fmt.Sprintf("%s: %.1fs", what, elapsed.Seconds())
			if limit > 0 {
				line += fmt.Sprintf(", %.1fs left", max(limit-elapsed, 0).Seconds())
			}
			fmt.Fprint(t.out, "\r\x1b[K"+line)
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() {
		close(done)
		<-finished
		fmt.Fprint(t.out, "\r\x1b[K")
	}
}

// thinking is the -v line after a bot's move (g is the position after
// it): the bot under its -bot name, with the game's own implementation
// where it has one.
func (t *table) thinking(g Game, bot Bot, d Decision) string {
	return fmt.Sprintf("%s %s: move %s, ", g.Turn().Other(), t.spec.implName(bot.Name()), g.FormatMove(d.Move)) +
		t.searchFigures(g, d)
}

// searchFigures are the figures of a bot's decision for -v: score, depth,
// nodes, time, and what the bot says beyond them.
func (t *table) searchFigures(g Game, d Decision) string {
	line := fmt.Sprintf("score %d, depth %d, nodes %d, time %s", d.Score, d.Depth, d.Nodes, d.Time.Round(time.Microsecond))
	// A result proved well before the search ended (which then sought
	// the margin, or a swindle) is worth saying when.
	if d.Solved > 0 && d.Solved < d.Time*9/10 {
		line += fmt.Sprintf(" (result proved at %s)", d.Solved.Round(time.Microsecond))
	}
	if d.Playouts > 0 {
		line += fmt.Sprintf(", playouts %d (%.0f/s), visits %.0f%%, win rate %.0f%%",
			d.Playouts, float64(d.Playouts)/max(d.Time.Seconds(), 1e-9), 100*d.Share, 100*d.WinRate)
	}
	if len(d.PV) > 0 {
		line += ", expects " + t.spec.line(d.PV)
	}
	if len(d.Top) > 0 {
		line += "\n" + visitsLine(g, d.Top, min(t.columns(), 80))
	}
	return line
}

// help lists the in-game commands, every alias included, after how to
// type a move in this game (its numbering base above all).
func (t *table) help(g Game) string {
	how := "type a move"
	if _, err := g.ParseMove(""); err != nil {
		how = err.Error() // the game's own "type a ..." line
	}
	return "a move: " + how + `
commands:
  undo, u          take back your last move (and the bot's reply)
  hint, hi         show the strongest bot's move and its score
  new              drop this game (its record is printed) and start another
  board            show the board again
  moves            print the record of the game so far
  load RECORD      play on from a position: its moves, as a record prints them
  rules            the rules of this game
  help, h, ?       this list
  quit, q, exit    end the game (Ctrl-D and Ctrl-C too)` + t.ctrlCHelp()
}

// ctrlCHelp says what Ctrl-C does while a search runs, where it does
// more than quit.
func (t *table) ctrlCHelp() string {
	if t.moveNow == nil {
		return ""
	}
	return `
Ctrl-C while the bot thinks or a hint runs: move now (the bot plays, or the
hint shows, its best move so far); twice within a second: quit.`
}

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
		if word, record, ok := strings.Cut(strings.TrimSpace(line), " "); ok && strings.ToLower(word) == "load" {
			p, err := t.load(strings.TrimSpace(record))
			if err == nil {
				return NoMove, loaded{p}
			}
			t.say(err.Error())
			continue
		}
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "board":
			fmt.Fprint(t.out, g.Render(t.color))
			continue
		case "moves":
			if len(g.History()) == 0 {
				fmt.Fprintln(t.out, "no moves yet")
			} else {
				fmt.Fprintln(t.out, "moves: "+t.spec.record(g))
			}
			continue
		case "load":
			fmt.Fprintln(t.out, "load what? type load and a record, like the moves line prints")
			continue
		case "help", "h", "?":
			fmt.Fprintln(t.out, t.help(g))
			continue
		case "rules":
			fmt.Fprintln(t.out, t.spec.rules)
			continue
		case "new":
			return NoMove, errNew
		case "quit", "exit", "q":
			return NoMove, errQuit
		case "undo", "u":
			if t.undo(g) {
				return NoMove, errRetake
			}
			fmt.Fprintln(t.out, "nothing to undo: you have not moved yet")
			continue
		case "hint", "hi":
			stop := func() {}
			if t.terminal {
				stop = t.showThinking("hint: thinking", t.spec.hintBudget.Time)
			}
			search, done := t.moveNow.searching(ctx)
			hint := t.hint(search, g)
			cut := done()
			stop()
			if ctx.Err() != nil {
				return NoMove, errInterrupted
			}
			if cut {
				hint = "(Ctrl-C: the hint so far) " + hint
			}
			t.say(hint)
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

// load reads the position of a load command. Its error is one line for
// the prompt: which move is wrong, and what is accepted.
func (t *table) load(record string) (Game, error) {
	if len(strings.Fields(record)) > 1 {
		return nil, fmt.Errorf("load %s: one record, without spaces, like the moves line prints", quoteShort(record))
	}
	g, err := t.spec.parseRecord(record, t.opt)
	if err != nil {
		return nil, fmt.Errorf("load %s: %v; the position is unchanged", quoteShort(record), err)
	}
	return g, nil
}

// moveAdvice words a refused move for the prompt, in one short line: what
// was wrong and what is accepted. Letters typed are as likely a command
// mistyped as a move, so then help is offered too.
func moveAdvice(line string, err error) string {
	var e *moveError
	if !errors.As(err, &e) || e.what == "" || e.accept == "" || strings.IndexFunc(line, unicode.IsLetter) < 0 {
		return err.Error()
	}
	if e.notMove {
		return e.what + " or a command: " + e.accept + ", or help"
	}
	return e.what + ": " + e.accept + ", or help"
}

// undo takes back moves up to and including the last one a person made,
// so against a bot it undoes the bot's reply and your move. It reports
// false when no person has moved yet.
func (t *table) undo(g Game) bool {
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
func (t *table) hint(ctx context.Context, g Game) string {
	b := t.spec.hintBudget
	b.Jobs = t.budget.Jobs // -jobs: the solver's threads
	d := t.hinter.Think(ctx, g, b)
	words := fmt.Sprintf("score %d", d.Score)
	switch {
	case ctx.Err() != nil && !d.Exact && d.Depth == 0:
		// Stopped before one search finished: its score is a placeholder,
		// which would read as a guess from depth 0.
		words = "stopped before a score"
	case t.spec.describe != nil:
		words = t.spec.describe(g, d)
	}
	s := fmt.Sprintf("hint: %s (%s: %s)", g.FormatMove(d.Move), t.hinter.Name(), words)
	if len(d.PV) > 1 {
		s += ", expects " + t.spec.line(d.PV)
	}
	if ctx.Err() != nil {
		return s // cut short: every move's score would be a search stopped at once
	}
	switch {
	case t.spec.hint != nil:
		s += "\n" + t.spec.hint(ctx, g, b)
	case t.spec.hintBudget == Budget{} && t.spec.describe != nil:
		s += "\n" + moveScores(ctx, g, t.spec.describe)
	}
	return s
}

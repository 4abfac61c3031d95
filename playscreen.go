package main

import (
	"cmp"
	"fmt"
	"io"
	"time"
)

// What a table shows: the board as the output allows, lines wrapped at a
// terminal, the line while a bot thinks, and each bot move with its -v
// figures. A screen knows nothing of the game in play beyond what it is
// handed.

// screen is where a table writes, and how.
type screen struct {
	out     io.Writer
	color   bool
	verbose bool // -v: each bot move's figures
	// terminal says a person watches the output: then the session also says
	// who plays which side, names each bot move, shows a line while a bot
	// thinks and offers another game. Piped output stays the original
	// programs' (seed 003's transcript).
	terminal bool
	width    int // columns to wrap to; 0 means 80
	// dumb says the terminal takes no escape sequences (TERM=dumb, as
	// Emacs's shell sets it): no colour, and no line redrawn in place.
	dumb bool
	// thinkAfter is how long a bot thinks before the thinking line shows;
	// 0 means thinkingShown.
	thinkAfter time.Duration
}

// seated is a bot in a seat of the session, with its player's name and budget.
type seated struct {
	Bot
	// label is its name in messages, its spec ("alphabeta:depth=3");
	// impl is the label with the game's own implementation, for -v.
	// Either falls back to the bot's Name.
	label, impl string
	// budget is its depth, time and playouts: the session adds the rest.
	budget Budget
}

// name is the bot's name in messages.
func (s *seated) name() string { return cmp.Or(s.label, s.Name()) }

// implName is its name in -v lines.
func (s *seated) implName() string { return cmp.Or(s.impl, s.name()) }

// thinkingShown is how long a bot may think before a terminal shows that
// it is thinking: shorter waits pass unnoticed.
const thinkingShown = 300 * time.Millisecond

// moveNowHint ends the thinking line: at a terminal Ctrl-C cuts the
// search short and the bot plays its best move so far.
const moveNowHint = " (Ctrl-C: move now)"

// board draws g: in colour; at a terminal without colour with the last
// move, the marks it turned and a winning line in brackets, and the turned
// marks named; piped, as the original programs did.
func (t *screen) board(g Game) string {
	switch {
	case t.color:
		return g.Render(true)
	case t.terminal:
		return plainMarks(g.Render(true)) + turnedLine(g)
	}
	return g.Render(false)
}

// botMoveLine names a bot's move at a terminal; with -v it goes on with
// what the search did (the piped -v line's figures), so a move is one
// line either way. cut says Ctrl-C cut its search short.
func (t *screen) botMoveLine(spec *gameSpec, g Game, bot *seated, d Decision, cut bool) string {
	name := bot.name()
	if t.verbose {
		name = bot.implName() // Adjacency's alphabeta is its own search
	}
	line := fmt.Sprintf("%s (%s) plays %s", name, g.Turn().Other(), g.FormatMove(d.Move))
	if cut {
		line += " (Ctrl-C: its best move so far)"
	}
	switch {
	case !t.verbose:
	case cut && d.Depth == 0 && d.Tree.Playouts == 0 && !d.Proof.Exact:
		// Stopped before its first result: a score would be made up.
		line += fmt.Sprintf(": stopped before a score, nodes %d, time %s", d.Nodes, d.Time.Round(time.Microsecond))
	default:
		line += ": " + t.searchFigures(spec, g, d)
	}
	return line
}

// say prints a line for the person at the prompt, broken between words
// at a terminal (with a hanging indent), so that the terminal's own wrap
// never splits a word, a cell number or a quoted input.
func (t *screen) say(text string) {
	fmt.Fprintln(t.out, wrapHanging(text, t.widthIfTerminal(), 4))
}

// widthIfTerminal is the width to wrap lines to at a terminal; 0 (none)
// on a pipe, whose output stays the program's lines.
func (t *screen) widthIfTerminal() int {
	if !t.terminal {
		return 0
	}
	return t.columns()
}

// columns is the width to wrap text to: the terminal's, or 80.
func (t *screen) columns() int {
	if t.width > 0 {
		return t.width
	}
	return 80
}

// showThinking starts the live line of a search that has a time limit
// (0: none): after thinkAfter it shows what and how long, and the time
// left, ten times a second. The function returned clears the line; only
// then may anything else print. A dumb terminal, which cannot redraw a
// line, shows none.
func (t *screen) showThinking(what string, limit time.Duration) (stop func()) {
	if t.dumb {
		return func() {}
	}
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
			if len(line)+len(moveNowHint) < t.columns() { // the line must not wrap, or \r cannot redraw it
				line += moveNowHint
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
func (t *screen) thinking(spec *gameSpec, g Game, bot *seated, d Decision) string {
	return fmt.Sprintf("%s %s: move %s, ", g.Turn().Other(), bot.implName(), g.FormatMove(d.Move)) +
		t.searchFigures(spec, g, d)
}

// searchFigures are the figures of a bot's decision for -v: score, depth,
// nodes, time, and what the bot says beyond them.
func (t *screen) searchFigures(spec *gameSpec, g Game, d Decision) string {
	line := knownFigures(d.Stats) + fmt.Sprintf("time %s", d.Time.Round(time.Microsecond))
	// A result proved well before the search ended (which then sought
	// the margin, or a swindle) is worth saying when.
	if d.Proof.Solved > 0 && d.Proof.Solved < d.Time*9/10 {
		line += fmt.Sprintf(" (result proved at %s)", d.Proof.Solved.Round(time.Microsecond))
	}
	if d.Tree.Playouts > 0 {
		line += fmt.Sprintf(", playouts %d (%.0f/s), visits %.0f%%, win rate %.0f%%",
			d.Tree.Playouts, float64(d.Tree.Playouts)/max(d.Time.Seconds(), 1e-9), 100*d.Tree.Share, 100*d.Tree.WinRate)
	}
	if d.Tree.Proved != "" {
		line += ", proved " + d.Tree.Proved
		if d.Tree.Proved != "draw" {
			line += " in " + plural(d.Tree.ProvedPlies, "ply", "plies")
		}
	}
	if len(d.PV) > 0 {
		line += ", expects " + spec.line(d.PV)
	}
	if d.Says != "" {
		line += ", says " + quoteUpTo(d.Says, maxSaysEcho)
	}
	if len(d.Tree.Top) > 0 {
		line += "\n" + visitsLine(g, d.Tree.Top, min(t.columns(), 80))
	}
	return line
}

// maxSaysEcho is how much of a bot's own words -v quotes: a line's worth.
const maxSaysEcho = 120

// knownFigures are score, depth and nodes for -v, each followed by ", ",
// but those the bot did not report.
func knownFigures(s Stats) string {
	line := ""
	if score, ok := s.shownScore(); ok {
		line += fmt.Sprintf("score %d, ", score)
		if s.Proof.Basis != "" {
			line = fmt.Sprintf("score %d (%s), ", score, s.Proof.Basis)
		}
	}
	if s.Unknown&FigDepth == 0 {
		line += fmt.Sprintf("depth %d, ", s.Depth)
	}
	if s.Unknown&FigNodes == 0 {
		line += fmt.Sprintf("nodes %d, ", s.Nodes)
	}
	return line
}

// visitsLine is mcts's root moves for -v, in one line of at most width
// columns: as many of the most-visited as fit, each with its visits and
// win rate for the mover, e.g. "  visits (win rate): 4 812 (55%), 3 301
// (48%)".
func visitsLine(g Game, top []MoveVisits, width int) string {
	line := "  visits (win rate):"
	for i, m := range top {
		item := fmt.Sprintf(" %s %d (%.0f%%)", g.FormatMove(m.Move), m.Visits, 100*m.WinRate)
		if i > 0 {
			item = "," + item
		}
		if len(line)+len(item) > width {
			break
		}
		line += item
	}
	return line
}

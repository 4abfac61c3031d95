package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"strings"
)

// -check NAME: a declared engine plays a few moves of every game it plays,
// on each side, against random moves, and every protocol problem is
// reported with the conversation that led to it, the line at fault and
// what was expected, so that a student finds them before a tournament
// does. A fault ends that game's check and the next starts a fresh
// process; an engine out of time ends the check, since it would most
// likely be late in every game.

// checkMoves is how many moves of each game the engine plays on each
// side: as X it plays a Tic-Tac-Toe game out.
const checkMoves = 5

// checkShown is how many lines of the conversation a problem shows.
const checkShown = 8

// checkLine is a line of the conversation with the engine.
type checkLine struct {
	sent bool
	text string
}

// checkTalk is the end of a conversation: its last checkShown lines
// (memory stays bounded, whatever an engine writes), and whether lines
// before them were dropped.
type checkTalk struct {
	lines []checkLine
	cut   bool
}

// add keeps l, dropping the oldest line if the talk is full.
func (t *checkTalk) add(l checkLine) {
	if len(t.lines) == checkShown {
		copy(t.lines, t.lines[1:])
		t.lines, t.cut = t.lines[:checkShown-1], true
	}
	t.lines = append(t.lines, l)
}

// then is the talk followed by u, bounded as one.
func (t checkTalk) then(u checkTalk) checkTalk {
	all := checkTalk{cut: t.cut}
	for _, l := range t.lines {
		all.add(l)
	}
	all.cut = all.cut || u.cut
	for _, l := range u.lines {
		all.add(l)
	}
	return all
}

// engineCheck is one -check run.
type engineCheck struct {
	reg   *registry
	spec  string // the engine's bot spec, NAME or NAME:KEY=VALUE...
	flags budgetDefaults
	// games are the games to check it in (nil: every game it plays),
	// with the games' option values given (opt, nil for the defaults).
	games    []*gameSpec
	opt      gameOptions
	out      io.Writer
	problems int
	// seen counts each kind of problem's reports (problemKind): a kind
	// is shown once, and the summary says how often it came.
	seen map[string]int
	// talk is the conversation of the move in hand, prev the one of the
	// move before: a line written out of turn shows with the move it
	// came after.
	talk, prev checkTalk
	// pos is the position of the move in hand, for its info lines; the
	// problems found in them (a kind not seen before each) wait in
	// infos to be shown with the whole move.
	pos   Game
	infos [][3]string
}

// checkEngineSpec says whether the bot spec text names a declared
// engine, in one line for the command line's error.
func checkEngineSpec(reg *registry, text string) error {
	s, err := splitSpec(text)
	if err != nil {
		return fmt.Errorf("-check: %v", err)
	}
	if b := reg.findBot(s.name); b == nil || !b.anyKey {
		return fmt.Errorf("-check %s: not an engine: accepted is the NAME of an -engine NAME=COMMAND given too", quoteShort(text))
	}
	return nil
}

// run checks the engine in every game it plays; clean says no problem
// was found. Its error is the run's (Ctrl-C, or an engine that could not
// be started), not the engine's.
func (c *engineCheck) run(ctx context.Context) (clean bool, err error) {
	s, _ := splitSpec(c.spec)
	decl := c.reg.findBot(s.name)
	var logPath string
	games := c.games
	if games == nil {
		games = c.reg.games
	}
	fmt.Fprintf(c.out, "checking %s (%s): %d moves of each game it plays, as X and as O\n", c.spec, decl.about, checkMoves)
	fmt.Fprintf(c.out, "memory limit: %s (-engine-memory)\n", c.memoryLimit(games))
	for _, spec := range games {
		if !decl.plays(spec) {
			continue
		}
		for _, side := range []Side{X, O} {
			p, err := c.reg.newPlayer(spec, c.spec, c.flags)
			if err != nil {
				return false, fmt.Errorf("-check: %v", err)
			}
			bot := c.reg.newBot(spec, p, rand.New(rand.NewPCG(1, 2))).(*engineBot)
			late, err := c.game(ctx, spec, bot, p.budget(), side)
			if path := bot.decl.group.logs.path(bot.decl.name); path != "" {
				logPath = path
			}
			if err != nil {
				return false, err
			}
			if late {
				fmt.Fprintln(c.out, "the check stops here: an engine out of time once is most likely out of time in every game")
				return c.summary(logPath), nil
			}
		}
	}
	return c.summary(logPath), nil
}

// memoryLimit says the limit of memory of the engine's processes (4 GiB
// a process, or none), as its bot in the first of games that it plays
// has it.
func (c *engineCheck) memoryLimit(games []*gameSpec) string {
	s, _ := splitSpec(c.spec)
	decl := c.reg.findBot(s.name)
	for _, spec := range games {
		if p, err := c.reg.newPlayer(spec, c.spec, c.flags); err == nil && decl.plays(spec) {
			if bot, ok := c.reg.newBot(spec, p, rand.New(rand.NewPCG(1, 2))).(*engineBot); ok {
				if m := bot.decl.group.memory; m > 0 {
					return memoryText(m) + " a process"
				}
				return "none"
			}
		}
	}
	return "none"
}

// summary is the check's last line; it says whether the engine is clean.
func (c *engineCheck) summary(logPath string) bool {
	where := ""
	if logPath != "" {
		where = "; its stderr is in " + logPath
	}
	if c.problems == 0 {
		fmt.Fprintf(c.out, "%s: no problems%s\n", c.spec, where)
		return true
	}
	times := ""
	if c.problems > len(c.seen) {
		times = fmt.Sprintf(", %d times in all", c.problems)
	}
	fmt.Fprintf(c.out, "%s: %s%s%s\n", c.spec, plural(len(c.seen), "problem", "problems"), times, where)
	return false
}

// game plays the engine on side of a new game of spec for checkMoves
// of its moves, the other side's moves drawn at random, and reports what
// went wrong; late says it ran out of time.
func (c *engineCheck) game(ctx context.Context, spec *gameSpec, bot *engineBot, b Budget, side Side) (late bool, err error) {
	rng := rand.New(rand.NewPCG(uint64(side), 7))
	g := spec.start(c.opt)
	where := fmt.Sprintf("%s%s, %s as %s", spec.protocol.name, spec.protocolOptions(g), bot.Name(), side)
	_, ours := bot.decl.dialect.(ourProtocol)
	bot.watch = func(sent bool, line string) {
		c.talk.add(checkLine{sent, line})
		if words := strings.Fields(line); !sent && ours && len(words) > 0 && words[0] == "info" {
			c.info(line, words[1:])
		}
	}
	bot.watchStale = func(after int, line string, fault bool) {
		c.talk.add(checkLine{false, line})
		if !fault {
			c.report(fmt.Sprintf("%s, after its move %d", where, after), c.prev.then(c.talk),
				fmt.Sprintf("%s wrote %s after its move, before it was asked again: dropped", bot.Name(), quoteUpTo(line, engineEcho)),
				"nothing between its move and the next go")
		}
	}
	before, moves := c.problems, 0
	c.prev, c.talk = checkTalk{}, checkTalk{}
	for !g.Over() && moves < checkMoves {
		if g.Turn() != side {
			legal := g.Moves(nil)
			g.Play(legal[rng.IntN(len(legal))])
			continue
		}
		c.prev, c.talk, c.pos = c.talk, checkTalk{}, g
		moves++
		d, err := bot.decide(ctx, g, b)
		if ctx.Err() != nil {
			bot.finish(g, errInterrupted)
			return false, errInterrupted
		}
		var host *hostFault
		if errors.As(err, &host) { // the machine's, not the engine's: the check cannot go on
			bot.finish(g, err)
			return false, err
		}
		if err != nil {
			at, talk, expected := fmt.Sprintf("%s, its move %d", where, moves), c.talk, bot.decl.dialect.expects(g)
			var stale *staleLine
			if errors.As(err, &stale) { // shown with the move it came after
				at, talk, expected = fmt.Sprintf("%s, after its move %d", where, stale.after), c.prev.then(c.talk),
					"nothing between its move and the next go"
				if stale.after == 0 {
					at = where + ", before its first move"
				}
			}
			c.report(at, talk, err.Error(), expected)
			bot.finish(g, err)
			return errors.Is(err, errNoAnswer), nil
		}
		c.showInfos(fmt.Sprintf("%s, its move %d", where, moves))
		g.Play(d.Move)
	}
	c.prev, c.talk = c.talk, checkTalk{}
	bot.watchStale = func(after int, line string, fault bool) {
		c.talk.add(checkLine{false, line})
		c.report(fmt.Sprintf("%s, after its move %d, the last", where, after), c.prev.then(c.talk),
			fmt.Sprintf("%s wrote %s after its last move", bot.Name(), quoteUpTo(line, engineEcho)),
			"nothing between its move and the next go or the end")
	}
	bot.finish(g, nil)
	if bot.lingered {
		c.report(where+", at the end", c.talk, fmt.Sprintf("%s did not exit within %s of its last line: killed", bot.Name(), engineQuitWait),
			"to exit when told quit (or when its input ends)")
	}
	if c.problems == before {
		fmt.Fprintf(c.out, "%s: %s, no problems\n", where, plural(moves, "move", "moves"))
	}
	return false, nil
}

// info takes the problems of an info line of the move in hand: counted
// at once, and the first of each kind kept to be shown with the move.
func (c *engineCheck) info(line string, words []string) {
	for _, p := range readInfo(words, c.pos, &Decision{}) {
		what, expected := p, ""
		if i := strings.LastIndex(p, ": expected "); i >= 0 {
			what, expected = p[:i], p[i+len(": expected "):]
		}
		if c.count(what) {
			c.infos = append(c.infos, [3]string{quoteUpTo(line, engineEcho), what, expected})
		}
	}
}

// showInfos shows the problems of the move's info lines, each with the
// line it was found in.
func (c *engineCheck) showInfos(where string) {
	for _, p := range c.infos {
		c.show(where+", the line "+p[0], c.talk, p[1], p[2])
	}
	c.infos = c.infos[:0]
}

// problemKind is what two problems that differ only in the moves, the
// numbers and the text quoted have in common: one kind is shown once.
var problemKind = regexp.MustCompile(`"[^"]*"|[0-9]+`)

// report counts a problem and prints it if it is the first of its kind:
// where, the end of the conversation, what was wrong and what was
// expected.
func (c *engineCheck) report(where string, talk checkTalk, problem, expected string) {
	if c.count(problem) {
		c.show(where, talk, problem, expected)
	}
}

// count counts a problem and says whether it is the first of its kind.
func (c *engineCheck) count(problem string) bool {
	if c.seen == nil {
		c.seen = map[string]int{}
	}
	c.problems++
	kind := problemKind.ReplaceAllString(strings.TrimPrefix(problem, "forfeit: "), "#")
	c.seen[kind]++
	return c.seen[kind] == 1
}

// show prints a problem.
func (c *engineCheck) show(where string, talk checkTalk, problem, expected string) {
	fmt.Fprintf(c.out, "problem: %s\n", where)
	if talk.cut {
		fmt.Fprintln(c.out, "  ...")
	}
	for _, l := range talk.lines {
		if l.sent {
			fmt.Fprintf(c.out, "  sent:     %s\n", l.text)
		} else {
			fmt.Fprintf(c.out, "  answered: %s\n", quoteUpTo(l.text, engineEcho))
		}
	}
	fmt.Fprintf(c.out, "  wrong:    %s\n", strings.TrimPrefix(problem, "forfeit: "))
	fmt.Fprintf(c.out, "  expected: %s\n", expected)
}

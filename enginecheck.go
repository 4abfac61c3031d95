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
	// talk is the conversation of the move in hand.
	talk []checkLine
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
// was found. Its error is the run's (Ctrl-C), not the engine's.
func (c *engineCheck) run(ctx context.Context) (clean bool, err error) {
	s, _ := splitSpec(c.spec)
	decl := c.reg.findBot(s.name)
	fmt.Fprintf(c.out, "checking %s (%s): %d moves of each game it plays, as X and as O\n", c.spec, decl.about, checkMoves)
	var logPath string
	games := c.games
	if games == nil {
		games = c.reg.games
	}
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
			logPath = bot.decl.group.logs.open(bot.decl.name).path
			late, err := c.game(ctx, spec, bot, p.budget(), side)
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
	bot.watch = func(sent bool, line string) { c.talk = append(c.talk, checkLine{sent, line}) }
	g := spec.start(c.opt)
	name, opts := engineGame(g)
	where := fmt.Sprintf("%s%s, %s as %s", name, opts, bot.Name(), side)
	before, moves := c.problems, 0
	for !g.Over() && moves < checkMoves {
		if g.Turn() != side {
			legal := g.Moves(nil)
			g.Play(legal[rng.IntN(len(legal))])
			continue
		}
		c.talk = c.talk[:0]
		moves++
		d, err := bot.decide(ctx, g, b)
		if ctx.Err() != nil {
			bot.finish(g, errInterrupted)
			return false, errInterrupted
		}
		if err != nil {
			c.report(fmt.Sprintf("%s, its move %d", where, moves), err.Error(), bot.decl.dialect.expects(g))
			bot.finish(g, err)
			return errors.Is(err, errNoAnswer), nil
		}
		c.infoProblems(where, moves, bot, g)
		g.Play(d.Move)
	}
	c.talk = c.talk[:0]
	bot.finish(g, nil)
	if bot.lingered {
		c.report(where+", at the end", fmt.Sprintf("%s did not exit within %s of its last line: killed", bot.Name(), engineQuitWait),
			"to exit when told quit (or when its input ends)")
	}
	if c.problems == before {
		fmt.Fprintf(c.out, "%s: %s, no problems\n", where, plural(moves, "move", "moves"))
	}
	return false, nil
}

// infoProblems reports what the engine's info lines of its move in g got
// wrong.
func (c *engineCheck) infoProblems(where string, move int, bot *engineBot, g Game) {
	if _, ours := bot.decl.dialect.(ourProtocol); !ours {
		return
	}
	for _, l := range c.talk {
		words := strings.Fields(l.text)
		if l.sent || len(words) == 0 || words[0] != "info" {
			continue
		}
		for _, p := range readInfo(words[1:], g, &Decision{}) {
			what, expected := p, ""
			if i := strings.LastIndex(p, ": expected "); i >= 0 {
				what, expected = p[:i], p[i+len(": expected "):]
			}
			c.report(fmt.Sprintf("%s, its move %d, the line %s", where, move, quoteUpTo(l.text, engineEcho)), what, expected)
		}
	}
}

// problemKind is what two problems that differ only in the moves, the
// numbers and the text quoted have in common: one kind is shown once.
var problemKind = regexp.MustCompile(`"[^"]*"|[0-9]+`)

// report prints one problem: where, the end of the conversation, what
// was wrong and what was expected.
func (c *engineCheck) report(where, problem, expected string) {
	problem = strings.TrimPrefix(problem, "forfeit: ")
	if c.seen == nil {
		c.seen = map[string]int{}
	}
	c.problems++
	kind := problemKind.ReplaceAllString(problem, "#")
	if c.seen[kind]++; c.seen[kind] > 1 {
		return
	}
	fmt.Fprintf(c.out, "problem: %s\n", where)
	talk := c.talk
	if len(talk) > checkShown {
		fmt.Fprintln(c.out, "  ...")
		talk = talk[len(talk)-checkShown:]
	}
	for _, l := range talk {
		if l.sent {
			fmt.Fprintf(c.out, "  sent:     %s\n", l.text)
		} else {
			fmt.Fprintf(c.out, "  answered: %s\n", quoteUpTo(l.text, engineEcho))
		}
	}
	fmt.Fprintf(c.out, "  wrong:    %s\n", problem)
	fmt.Fprintf(c.out, "  expected: %s\n", expected)
}

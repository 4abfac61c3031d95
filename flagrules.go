package main

import (
	"fmt"
	"slices"
	"strings"
)

// One rule for flags a run cannot use: each gets one warning line naming
// it and what it does not apply to, and the run goes on without it. The
// table below says, flag by flag, when a flag does not apply; whether a
// bot reads -depth, -playouts or -trace is the bot's own word (Reads), not
// a list kept here.

// runMode is what a run does, as start dispatches it.
type runMode int

const (
	modePlay       runMode = iota // a game at the prompt, or two bots watched
	modeMatch                     // -games N with two bots
	modeTournament                // -tournament
	modeAnalyze                   // -analyze
)

// flagRun is what the rules look at: the flags given, the game, the mode
// and the bots that will play.
type flagRun struct {
	set      map[string]bool // the flags on the command line
	x, o     string          // -x and -o as given
	level    int             // -level, 0 when not given
	gameOpts []string        // every game's own flags (-rounds)
	spec     *gameSpec
	mode     runMode
	bots     []Bot
}

// flagRule is one flag's rule: notFor says what in the run the flag does
// not apply to ("solver", "a single game"), or "" when it applies.
type flagRule struct {
	flag   string
	notFor func(r flagRun) string
}

// flagRules are the rules, in the order the warnings print.
var flagRules = []flagRule{
	{"depth", func(r flagRun) string { return r.botsWithout(ReadsDepth) }},
	{"playouts", func(r flagRun) string { return r.botsWithout(ReadsPlayouts) }},
	{"trace", func(r flagRun) string {
		if m := r.only(modePlay, modeAnalyze); m != "" {
			return m // matches print no trace
		}
		return r.botsWithout(ReadsTrace)
	}},
	{"openings", func(r flagRun) string {
		if r.mode == modeMatch || r.mode == modeTournament {
			return ""
		}
		return r.modeName()
	}},
	{"bot", func(r flagRun) string {
		if r.level > 0 && r.mode != modeTournament {
			return "a run with -level, which picks the bot"
		}
		return r.seatsGiven()
	}},
	{"level", func(r flagRun) string { return r.seatsGiven() }},
	{"first", func(r flagRun) string {
		if m := r.only(modePlay, modeMatch); m != "" {
			return m
		}
		return r.seatsGiven()
	}},
	{"x", func(r flagRun) string { return r.seatsListed() }},
	{"o", func(r flagRun) string { return r.seatsListed() }},
	{"games", func(r flagRun) string { return r.only(modePlay, modeMatch, modeTournament) }},
	{"tournament", func(r flagRun) string { return r.only(modeTournament) }},
	{"out", func(r flagRun) string { return r.only(modeMatch, modeTournament) }},
	{"delay", flagRun.botsWatched},
	{"step", flagRun.botsWatched},
	{"trace-format", func(r flagRun) string {
		if r.set["trace"] {
			return ""
		}
		return "a run without -trace"
	}},
	{"book-ply", func(flagRun) string { return "a run without -make-book" }},
	{"book-line-ply", func(flagRun) string { return "a run without -make-book" }},
}

// flagWarnings are the warning lines of a run: one for each flag set on
// the command line that it cannot use, the game's own options included.
func flagWarnings(r flagRun) []string {
	var lines []string
	warn := func(flag, what string) {
		if r.set[flag] && what != "" {
			lines = append(lines, fmt.Sprintf("-%s does not apply to %s: ignored", flag, what))
		}
	}
	for _, rule := range flagRules {
		warn(rule.flag, rule.notFor(r))
	}
	for _, name := range slices.Sorted(slices.Values(r.gameOpts)) {
		if !slices.ContainsFunc(r.spec.options, func(g gameOption) bool { return g.name == name }) {
			warn(name, r.spec.title)
		}
	}
	return lines
}

// botsWithout names the run's bots when none of them reads the limit l;
// "" when one does (or the run has no bot).
func (r flagRun) botsWithout(l Limits) string {
	var names []string
	for _, b := range r.bots {
		if reads(b, l) {
			return ""
		}
		if !slices.Contains(names, b.Name()) {
			names = append(names, b.Name())
		}
	}
	return strings.Join(names, " and ")
}

// seatsGiven is for the flags that choose the bot's seat or the bot
// (-bot, -first, -level): a tournament seats its field, and -x with -o
// name both sides themselves.
func (r flagRun) seatsGiven() string {
	switch {
	case r.mode == modeTournament:
		return r.modeName()
	case r.mode == modeAnalyze:
		return ""
	case r.x != "" && r.o != "":
		return "a game with both -x and -o set"
	}
	return ""
}

// seatsListed is for -x and -o: a tournament seats the bots it lists, and
// -analyze has no seats.
func (r flagRun) seatsListed() string { return r.only(modePlay, modeMatch) }

// botsWatched is for the flags that pace a game of two bots (-delay,
// -step): "" when the run is one.
func (r flagRun) botsWatched() string {
	if r.mode == modePlay && r.x != "" && r.o != "" && !strings.EqualFold(r.x, "human") && !strings.EqualFold(r.o, "human") {
		return ""
	}
	return "a run that is not two bots watched"
}

// only is "" when the run's mode is among modes, else its name.
func (r flagRun) only(modes ...runMode) string {
	if slices.Contains(modes, r.mode) {
		return ""
	}
	return r.modeName()
}

// modeName names the run's mode for a warning.
func (r flagRun) modeName() string {
	return [...]string{modePlay: "a single game", modeMatch: "a match", modeTournament: "a tournament", modeAnalyze: "-analyze"}[r.mode]
}

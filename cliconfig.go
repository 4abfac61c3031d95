package main

import (
	"slices"
	"strings"
	"time"
)

// The command line as read (config), the modes a run can be in, and what
// the flags' rules look at to say whether a flag applies (flagRun).

// config is the command line as read: every flag's value, and which were
// given.
type config struct {
	game                string
	bot, first, x, o    string // bot specs, or human for -x and -o
	level               int
	budget              budgetDefaults // -depth, -time, -playouts
	gameOpts            map[string]int // the games' own flags (-rounds), as given
	seed                uint64
	games, jobs         int
	openings            string // K plies or a file, as given; "" the game's default
	tournament          string
	gauntlet            string   // -gauntlet's bot spec
	plot                string   // -plot's file
	plotSize            plotSize // -plot-size; zero for the default
	delay               time.Duration
	trace               int
	traceFormat, format string
	traceOut            string // -trace-out: a file for the traces
	analyze, verbose    bool
	review              bool
	grade               time.Duration // -grade: the oracle's time a position; 0 no limit
	adjudicate          time.Duration // -adjudicate: the oracle's time a position; 0 no limit
	step, noColor       bool
	version, scores     bool
	moves, out          string
	wait                bool // -wait: for another run writing -out's file
	swiss               int  // -pairing: 0 round-robin, -1 Swiss of the default rounds, N rounds
	knockout            bool // -pairing knockout
	rate, engines       []string
	split               int       // -split PLIES; 0 when not given
	merge               []string  // -merge's files
	engineFiles         []string  // -engines: class lists of engines
	engineMemory        int64     // -engine-memory: each engine process's limit in bytes; 0, none
	sprt                *sprtTest // -sprt; nil when not given
	shard, shards       int       // -shard I/N; 0 and 0 when not given
	makeBook            string
	check               string // -check: an engine's bot spec
	bookPly, bookLine   int
	bookOpenings        int
	set                 map[string]bool // the flags given
}

// runMode is what a run does; a flag applies to a set of them.
type runMode uint16

const (
	modePlay       runMode = 1 << iota // a game at the prompt, or two bots watched
	modeMatch                          // -games N with two bots
	modeTournament                     // -tournament
	modeAnalyze                        // -analyze
	modeRate                           // -rate
	modeBook                           // -make-book
	modeVersion                        // -version
	modeCheck                          // -check
	modeReview                         // -review

	modeGames = modePlay | modeMatch | modeTournament                                 // where bots play games
	modeBots  = modeGames | modeAnalyze                                               // where bots move
	modeAll   = modeBots | modeRate | modeBook | modeVersion | modeCheck | modeReview // every run
)

// modesNeeded says, for a refusal, which runs a flag applies to and
// how to ask for them: "a match (-x BOT -o BOT -games N) or -rate FILE...".
func modesNeeded(modes runMode) string {
	var ways []string
	for _, m := range []runMode{modePlay, modeMatch, modeTournament, modeAnalyze, modeReview, modeRate} {
		if modes&m != 0 {
			ways = append(ways, modeWays[m])
		}
	}
	return orList(ways)
}

// modeWays say how a command line asks for a mode.
var modeWays = map[runMode]string{modePlay: "a game", modeMatch: "a match (-x BOT -o BOT -games N)",
	modeTournament: "a tournament (-tournament LIST)", modeAnalyze: "-analyze", modeReview: "-review", modeRate: "-rate FILE..."}

// modeNames name the modes in warnings.
var modeNames = map[runMode]string{modePlay: "a single game", modeMatch: "a match", modeTournament: "a tournament",
	modeAnalyze: "-analyze", modeReview: "-review", modeRate: "-rate", modeBook: "-make-book", modeVersion: "-version", modeCheck: "-check"}

// modeOf is the mode a command line asks for.
func modeOf(c *config) runMode {
	switch {
	case c.version:
		return modeVersion
	case c.makeBook != "":
		return modeBook
	case c.check != "":
		return modeCheck
	case len(c.rate) > 0:
		return modeRate
	case c.analyze:
		return modeAnalyze
	case c.review:
		return modeReview
	case c.tournament != "":
		return modeTournament
	case c.games > 1, c.sprt != nil && c.x != "" && c.o != "":
		return modeMatch
	}
	return modePlay
}

// flagRun is what a flag's rule looks at: the run's command line, mode
// and game, and the bots that will play.
type flagRun struct {
	cfg  *config
	mode runMode
	// games are the games the run plays: -game's, or -check's.
	games   []*gameSpec
	players []*player
	watched bool // two bots at the table
}

// budgetKeyNotFor is the rule of -depth, -time and -playouts: they apply
// to a bot that reads the key and whose spec does not set it.
func budgetKeyNotFor(key string) func(r flagRun) string {
	return func(r flagRun) string {
		var names []string
		for _, pl := range r.players {
			if pl.reads(key) && !slices.Contains(pl.given, key) {
				return ""
			}
			if !slices.Contains(names, pl.label) {
				names = append(names, pl.label)
			}
		}
		return strings.Join(names, " and ")
	}
}

// gameOptionNotFor is the rule of a game's own flag: it applies to its
// game, among the games the run plays.
func gameOptionNotFor(name string) func(r flagRun) string {
	return func(r flagRun) string {
		var titles []string
		for _, g := range r.games {
			if slices.ContainsFunc(g.options, func(o gameOption) bool { return o.name == name }) {
				return ""
			}
			titles = append(titles, g.title)
		}
		return orList(titles)
	}
}

// botChosen is the rule of -bot: -level picks the bot instead, and the
// seats may name the bots themselves.
func (r flagRun) botChosen() string {
	if r.cfg.level > 0 {
		return "a run with -level, which picks the bot"
	}
	return r.seatsNameBots()
}

// seatsNameBots is the rule of the flags that choose the opponent (-bot,
// -level): -x with -o name both sides themselves, and one of them naming
// a bot leaves the other seat to the person.
func (r flagRun) seatsNameBots() string {
	if what := r.seatsBothGiven(); what != "" {
		return what
	}
	for _, side := range []Side{X, O} {
		spec := map[Side]string{X: r.cfg.x, O: r.cfg.o}[side]
		if r.mode == modePlay && spec != "" && !strings.EqualFold(spec, "human") {
			return "a game where -" + sideFlag(side) + " names the bot"
		}
	}
	return ""
}

// sideFlag is the flag that names a side's seat: x or o.
func sideFlag(side Side) string { return strings.ToLower(side.String()) }

// seatsBothGiven is the rule of -first: -x with -o name both sides
// themselves (one of them alone decides who moves first: seatPlayers
// says so when -first disagrees).
func (r flagRun) seatsBothGiven() string {
	if r.mode == modePlay && r.cfg.x != "" && r.cfg.o != "" {
		return "a game with both -x and -o set"
	}
	return ""
}

// notWatched is the rule of the flags that pace two bots at the table
// (-delay, -step).
func (r flagRun) notWatched() string {
	if r.watched {
		return ""
	}
	return "a run that is not two bots watched"
}

// rateUngraded is the rule of -jobs with -rate: only grading runs
// several games at once there.
func (r flagRun) rateUngraded() string {
	if r.mode == modeRate && !r.cfg.set["grade"] {
		return "-rate without -grade"
	}
	return ""
}

// noPlot is the rule of -plot-size: the run must draw a picture.
func (r flagRun) noPlot() string {
	if r.cfg.set["plot"] {
		return ""
	}
	return "a run without -plot"
}

// noBotTraces is the rule of -trace: some bot of the run must show its
// search.
func (r flagRun) noBotTraces() string {
	var names []string
	for _, pl := range r.players {
		if pl.decl.traces {
			return ""
		}
		names = append(names, pl.label)
	}
	return strings.Join(names, " and ")
}

// noTrace is the rule of -trace-format and -trace-out: they shape
// -trace's output.
func (r flagRun) noTrace() string {
	if r.cfg.set["trace"] {
		return ""
	}
	return "a run without -trace"
}

package main

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The command line, declared once: every flag is one flagDef in the table
// below, with its default, its meaning, what it accepts and the modes it
// applies to. Help (clihelp.go), the parser and its errors (cliparse.go)
// and the warning for a flag that does not apply (cliplan.go) all read it,
// so every flag behaves alike.

// flagDef is one flag.
type flagDef struct {
	name string
	arg  string // its value's word in help (N, TIME, FILE); "" for a switch
	// section is its heading in help; the common ones lead it.
	section helpSection
	// about is its meaning, in a line or two of help.
	about string
	// def is its default, applied before the command line is read and
	// shown by help; defWords, when set, is what help says instead (per
	// game, the clock).
	def, defWords string
	// accepts says what values it takes, for help and errors; choices,
	// when it takes words of a fixed set, are the words, so that a word
	// typed wrong gets the nearest.
	accepts string
	choices []string
	// set reads a value into c: errBadValue for one that accepts refuses,
	// or an error of its own saying what is wrong and what is accepted.
	set func(c *config, v string) error
	// modes are the runs it applies to; notFor, when set, says what else
	// in the run it does not apply to ("" when it applies).
	modes  runMode
	notFor func(r flagRun) string
	// promises, when set, says that the value given promises output
	// (a file, a test's verdict, another format): where the flag does
	// not apply that output would never come, so the run is refused
	// rather than warned.
	promises func(c *config) bool
	// many says it takes the words that follow it too (-rate a b c).
	many bool
}

// helpSection is a heading of -h; every flag sits under one (flagDef's
// section), the common ones on the first screen.
type helpSection uint8

const (
	sectionCommon helpSection = iota
	sectionPlaying
	sectionWatching
	sectionMatches
	sectionEngines
	sectionOutput
	sectionBook
)

// errBadValue is a value the flag's accepts refuses.
var errBadValue = errors.New("bad value")

// boolean says the flag is a switch: given alone, it is on.
func (f flagDef) boolean() bool { return f.arg == "" }

// flagTable is the command line's flags, in help's order; the games'
// own flags (-rounds, -width, -height) come from their cards.
func flagTable(reg *registry) []flagDef {
	table := []flagDef{
		{name: "game", arg: "NAME", def: "ttt", section: sectionCommon, about: "the game: " + reg.gameShortList(), accepts: reg.gameList(), choices: reg.gameNames(),
			modes: modeAll &^ (modeVersion | modeBook), set: func(c *config, v string) error {
				if _, err := reg.findGame(v); err != nil {
					return errBadValue
				}
				c.game = v
				return nil
			}},
		{name: "bot", arg: "BOT", section: sectionCommon, about: "your opponent: a bot, like mcts or alphabeta:depth=3",
			modes: modePlay | modeAnalyze, notFor: flagRun.botChosen, set: text(func(c *config) *string { return &c.bot })},
		{name: "level", arg: "N", section: sectionCommon, about: fmt.Sprintf("an opponent from 1 (easiest) to %d (strongest), instead of -bot", levelCount),
			modes: modePlay | modeAnalyze, notFor: flagRun.seatsNameBots,
			accepts: fmt.Sprintf("a level from 1 to %d", levelCount), set: whole(func(c *config) *int { return &c.level }, 1, levelCount)},
		{name: "first", arg: "WHO", defWords: "per game", section: sectionCommon, about: "who moves first: human, bot or random",
			accepts: "human, bot or random", choices: []string{"human", "bot", "random"}, modes: modePlay, notFor: flagRun.seatsBothGiven,
			set: oneOf(func(c *config) *string { return &c.first }, "human", "bot", "random")},
		{name: "x", arg: "BOT", section: sectionCommon, about: "who plays X: human or a bot; a bot here gives you O",
			modes: modePlay | modeMatch, set: text(func(c *config) *string { return &c.x })},
		{name: "o", arg: "BOT", section: sectionCommon, about: "who plays O: human or a bot; a bot here gives you X",
			modes: modePlay | modeMatch, set: text(func(c *config) *string { return &c.o })},
		{name: "depth", arg: "N", section: sectionPlaying, about: "plies (single moves) to look ahead, for every bot that reads depth=; 0 means no limit",
			accepts: "a whole number of plies from 0 (no limit) to 64", modes: modeBots, notFor: budgetKeyNotFor("depth"),
			set: noLimit("depth", whole(func(c *config) *int { return &c.budget.depth }, 0, 64))},
		{name: "time", arg: "TIME", section: sectionCommon, about: "time a bot may think a move, like 500ms; 0 means no limit",
			accepts: "a time like 500ms or 5s, or 0 (no limit)", modes: modeBots | modeCheck | modeReview, notFor: budgetKeyNotFor("time"),
			set: noLimit("time", duration(func(c *config) *time.Duration { return &c.budget.time }))},
		{name: "playouts", arg: "N", section: sectionPlaying, about: "playouts (random games) a move, for every bot that reads playouts=; 0 means no limit",
			accepts: "a whole number of playouts, or 0 (no limit)", modes: modeBots, notFor: budgetKeyNotFor("playouts"),
			set: noLimit("playouts", whole(func(c *config) *int { return &c.budget.playouts }, 0, 1e9))},
	}
	table = append(table, gameOptionFlags(reg)...)
	return append(table, []flagDef{
		{name: "seed", arg: "N", section: sectionPlaying, about: "the random seed (by default a new one each run): with fixed budgets (depth, playouts) a run repeats exactly",
			accepts: "a whole number, 0 or more", modes: modeBots, set: func(c *config, v string) (err error) {
				c.seed, err = strconv.ParseUint(v, 10, 64)
				return asBad(err)
			}},
		{name: "games", arg: "N", def: "1", section: sectionMatches, about: "play N games between -x and -o, who swap sides after each game, then print a table with Elo ratings",
			accepts: "a whole number, 1 or more", modes: modeGames, set: whole(func(c *config) *int { return &c.games }, 1, math.MaxInt32)},
		{name: "sprt", arg: "TEST", section: sectionMatches, about: "elo0=E0,elo1=E1[,alpha=A,beta=B]: stop a match as soon as a sequential test (pentanomial GSPRT, logistic Elo) decides whether -x is at most E0 or at least E1 Elo stronger; -games is then the most games",
			accepts: sprtAccepts, modes: modeMatch, promises: always, set: func(c *config, v string) error {
				t, err := parseSPRT(v)
				if errors.Is(err, errSPRTSyntax) {
					return errBadValue
				}
				if err != nil {
					return fmt.Errorf("%v: expected %s", err, sprtAccepts)
				}
				c.sprt = &t
				return nil
			}},
		{name: "openings", arg: "K|FILE", defWords: "per game", section: sectionMatches, about: "start each pair of games after K random moves, or from the records in FILE, one record for each pair, in order",
			accepts: "K plies, 0 or more, or a file of records", modes: modeMatch | modeTournament, set: (*config).setOpenings},
		{name: "tournament", arg: "LIST", section: sectionMatches, about: "a round-robin between the bots listed, separated by commas, or all; a key given as A..B or A/B/C (depth=1..4) makes one player for each value",
			modes: modeTournament, set: text(func(c *config) *string { return &c.tournament })},
		{name: "gauntlet", arg: "BOT", section: sectionMatches, about: "with -tournament LIST: BOT plays every bot of LIST, and they do not play each other; LIST is ranked by its score against BOT",
			modes: modeTournament, set: text(func(c *config) *string { return &c.gauntlet })},
		{name: "jobs", arg: "N", def: strconv.Itoa(runtime.NumCPU()), defWords: "every CPU", section: sectionMatches, about: "how many CPUs to use: games played or graded at once, or threads of one search",
			accepts: "a whole number from 1 to 4096", modes: modeBots | modeReview | modeRate, notFor: flagRun.rateUngraded, set: whole(func(c *config) *int { return &c.jobs }, 1, 4096)},
		{name: "delay", arg: "TIME", defWords: "0.5s on a terminal, 0 on a pipe", section: sectionWatching, about: "the pause between moves when two bots play",
			accepts: "a time like 500ms or 1s, or 0", modes: modePlay, notFor: flagRun.notWatched,
			set: duration(func(c *config) *time.Duration { return &c.delay })},
		{name: "step", section: sectionWatching, about: "when two bots play, wait for Enter after each move (b goes back, q quits)",
			modes: modePlay, notFor: flagRun.notWatched, set: onOff(func(c *config) *bool { return &c.step })},
		{name: "v", section: sectionCommon, about: "after each bot move, its score, depth, nodes and expected line",
			modes: modePlay, set: onOff(func(c *config) *bool { return &c.verbose })},
		{name: "trace", arg: "N", section: sectionWatching, about: "after each bot move, the tree it searched, N plies deep (docs/trace.md)",
			accepts: "a whole number of plies from 0 to 64", modes: modePlay | modeAnalyze, notFor: flagRun.noBotTraces,
			set: whole(func(c *config) *int { return &c.trace }, 0, 64)},
		{name: "trace-format", arg: "FORMAT", def: "text", section: sectionWatching, about: "how -trace writes the tree: text, dot (Graphviz) or json",
			accepts: orList(traceFormats), choices: traceFormats, modes: modePlay | modeAnalyze, notFor: flagRun.noTrace,
			set: oneOf(func(c *config) *string { return &c.traceFormat }, traceFormats...)},
		{name: "trace-out", arg: "FILE", section: sectionWatching, about: "write the traces to FILE instead of standard output, where -analyze's answers then stand alone",
			modes: modePlay | modeAnalyze, notFor: flagRun.noTrace, promises: always, set: fileName(func(c *config) *string { return &c.traceOut })},
		{name: "no-color", section: sectionOutput, about: "no colour, even on a terminal (the NO_COLOR environment variable does the same)", modes: modePlay, set: onOff(func(c *config) *bool { return &c.noColor })},
		{name: "moves", arg: "RECORD", section: sectionPlaying, about: "start from this position: the moves so far, in the game's notation, like 4453",
			modes: modeGames, set: text(func(c *config) *string { return &c.moves })},
		{name: "analyze", section: sectionWatching, about: "read positions from standard input, one on each line, and answer each with <position> <score> <move> <nodes> <microseconds>",
			modes: modeAnalyze, set: onOff(func(c *config) *bool { return &c.analyze })},
		{name: "review", section: sectionWatching, about: "read games from standard input, a record or a results file's line each, and mark every move that changed the game's value, with the moves that kept it (-time: the time a position, default 1s)",
			modes: modeReview, set: onOff(func(c *config) *bool { return &c.review })},
		{name: "adjudicate", arg: "TIME", section: sectionMatches, about: "end a game once its result is sure: the game's oracle proves it, TIME a position, and the winner proved it too (for a draw, both players)",
			accepts: "a time like 100ms or 1s, or 0 (no limit)", modes: modeMatch | modeTournament, set: duration(func(c *config) *time.Duration { return &c.adjudicate })},
		{name: "grade", arg: "TIME", section: sectionWatching, about: "grade each player's moves by the oracle, TIME a position: the share that kept the value (perfect), blunders a game; in a match, a tournament or -rate, each game when it ends, its grades in -out; with -review, no reviews but the grades",
			accepts: "a time like 500ms or 1s, or 0 (no limit)", modes: modeReview | modeMatch | modeTournament | modeRate, set: duration(func(c *config) *time.Duration { return &c.grade })},
		{name: "scores", section: sectionWatching, about: "with -analyze: the exact score of every move (Tic-Tac-Toe and Connect Four)",
			modes: modeAnalyze, promises: always, set: onOff(func(c *config) *bool { return &c.scores })},
		{name: "split", arg: "PLIES", section: sectionWatching, about: "with -analyze: print each position's frontier PLIES plies down instead, one record a line (mirror images and transpositions once, the likely best lines first): jobs for -analyze on any batch runner (docs/solving.md)",
			accepts: "a whole number of plies from 1 to 64", modes: modeAnalyze, promises: always, set: whole(func(c *config) *int { return &c.split }, 1, 64)},
		{name: "merge", arg: "FILE...", section: sectionWatching, about: "with -analyze -split PLIES: answer each position from the jobs' answers in FILE..., or list the frontier records a proof still needs",
			modes: modeAnalyze, many: true, promises: always, set: func(c *config, v string) error { c.merge = append(c.merge, v); return nil }},
		{name: "format", arg: "FORMAT", def: "text", section: sectionOutput, about: "text or json, for the lines of games, the tables and -analyze's answers",
			accepts: "text or json", choices: []string{"text", "json"}, modes: modeMatch | modeTournament | modeAnalyze | modeReview | modeRate,
			promises: func(c *config) bool { return c.format == "json" }, set: oneOf(func(c *config) *string { return &c.format }, "text", "json")},
		{name: "out", arg: "FILE", section: sectionOutput, about: "with -games or -tournament: add every game to FILE as a JSON line when it ends; the same command run again plays only the games FILE lacks",
			modes: modeMatch | modeTournament, promises: always, set: fileName(func(c *config) *string { return &c.out })},
		{name: "wait", section: sectionOutput, about: "with -out: when another run is writing FILE, wait for it to end, rather than stop at once",
			modes: modeMatch | modeTournament, set: onOff(func(c *config) *bool { return &c.wait })},
		{name: "rate", arg: "FILE...", section: sectionMatches, about: "rate together the games of files written by -out: -rate a.jsonl b.jsonl",
			modes: modeRate, many: true, set: func(c *config, v string) error { c.rate = append(c.rate, v); return nil }},
		{name: "plot", arg: "FILE", section: sectionOutput, about: "with a match, a tournament or -rate: the ratings as a picture, FILE.svg or FILE.png; a bot swept over one key gives a line",
			accepts: "a file name ending in .svg or .png", modes: modeMatch | modeTournament | modeRate, promises: always, set: func(c *config, v string) error {
				if checkPlotFile(v) != nil {
					return errBadValue
				}
				c.plot = v
				return writable(v)
			}},
		{name: "plot-size", arg: "WxH", defWords: "1600 pixels wide", section: sectionOutput, about: "with -plot: the picture's size in pixels, like 1920x1080 (an SVG scales to it)",
			accepts: plotSizeAccepts, modes: modeMatch | modeTournament | modeRate, notFor: flagRun.noPlot, set: func(c *config, v string) error {
				size, ok := parsePlotSize(v)
				if !ok {
					return errBadValue
				}
				c.plotSize = size
				return nil
			}},
		{name: "pairing", arg: "FORMAT", def: "roundrobin", section: sectionMatches, about: "with -tournament: roundrobin (every two bots meet), swiss: a few rounds, each pairing bots of equal scores that have not met (swiss:rounds=N), or knockout: a bracket in the order given, the loser of each tie out",
			accepts: pairingAccepts, modes: modeTournament, set: func(c *config, v string) error {
				if v == "knockout" {
					c.swiss, c.knockout = 0, true
					return nil
				}
				n, ok := parseSwiss(v)
				if !ok {
					return errBadValue
				}
				c.swiss, c.knockout = n, false
				return nil
			}},
		{name: "shard", arg: "I/N", section: sectionMatches, about: "with -tournament: play only slice I of N of its games, like 1/4, so that N machines can share it",
			accepts: "I/N, slice I of N slices, like 2/4 (I from 1 to N)", modes: modeTournament, promises: always, set: (*config).setShard},
		{name: "engine", arg: "NAME=COMMAND", section: sectionEngines, about: "your own bot, in any language: a program speaking our protocol (docs/engines.md), or NAME=riddles:COMMAND for a Four In A Row bot; NAME then plays wherever a bot does; repeatable",
			modes: modeBots | modeCheck, set: func(c *config, v string) error { c.engines = append(c.engines, v); return nil }},
		{name: "engines", arg: "FILE", section: sectionEngines, about: "engines declared in FILE, one NAME=COMMAND on each line (# starts a comment), as if each line were an -engine flag; repeatable",
			modes: modeBots | modeCheck, set: func(c *config, v string) error { c.engineFiles = append(c.engineFiles, v); return nil }},
		{name: "engine-memory", arg: "SIZE", def: "4G", section: sectionEngines, about: "the memory each engine process may have; an engine that runs out loses the game (docs/engines.md)",
			accepts: memoryAccepts, modes: modeBots | modeCheck,
			notFor: func(r flagRun) string {
				if len(r.cfg.engines)+len(r.cfg.engineFiles) == 0 {
					return "a run without engines (-engine, -engines)"
				}
				return ""
			},
			set: func(c *config, v string) (err error) {
				if c.engineMemory, err = memorySize(v); errors.Is(err, errNotSize) {
					return errBadValue
				}
				return err
			}},
		{name: "check", arg: "ENGINE", section: sectionEngines, about: "play the engine a few moves of every game it plays, or of -game's alone, and report every protocol problem; exit status 0 when there is none",
			modes: modeCheck, set: text(func(c *config) *string { return &c.check })},
		{name: "make-book", arg: "FILE", section: sectionBook, about: "build the Connect Four opening book into FILE with the solver, then exit",
			modes: modeBook, set: text(func(c *config) *string { return &c.makeBook })},
		{name: "book-ply", arg: "N", def: "12", section: sectionBook, about: "with -make-book: the last ply of the book's full tree",
			accepts: fmt.Sprintf("a whole number of plies from 0 to %d", bookMaxPly), modes: modeBook,
			set: whole(func(c *config) *int { return &c.bookPly }, 0, bookMaxPly)},
		{name: "book-openings-ply", arg: "N", def: "0", section: sectionBook, about: "with -make-book: the last ply of the full trees below every 2-ply opening (0 means none)",
			accepts: fmt.Sprintf("a whole number of plies from 0 to %d", bookMaxPly), modes: modeBook,
			set: whole(func(c *config) *int { return &c.bookOpenings }, 0, bookMaxPly)},
		{name: "book-line-ply", arg: "N", def: "36", section: sectionBook, about: "with -make-book: the last ply of the solver's games in the book",
			accepts: fmt.Sprintf("a whole number of plies from 0 to %d", bookMaxPly), modes: modeBook,
			set: whole(func(c *config) *int { return &c.bookLine }, 0, bookMaxPly)},
		{name: "version", section: sectionOutput, about: "print the program's version and exit", modes: modeVersion,
			set: onOff(func(c *config) *bool { return &c.version })},
	}...)
}

// gameOptionFlags are the games' own flags, from their cards, each once
// (a flag two games share, declared by the first).
func gameOptionFlags(reg *registry) []flagDef {
	var defs []flagDef
	var seen []string
	for _, g := range reg.games {
		for _, opt := range g.options {
			if slices.Contains(seen, opt.name) {
				continue
			}
			seen = append(seen, opt.name)
			defs = append(defs, flagDef{name: opt.name, arg: "N", def: strconv.Itoa(opt.def), about: opt.usage, section: sectionPlaying,
				accepts: fmt.Sprintf("a whole number from %d to %d", opt.min, opt.max), modes: modeGames | modeAnalyze | modeReview | modeRate | modeCheck,
				notFor: gameOptionNotFor(opt.name),
				set: func(c *config, v string) error {
					n, err := strconv.Atoi(v)
					if err != nil || n < opt.min || n > opt.max {
						return errBadValue
					}
					c.gameOpts[opt.name] = n
					return nil
				}})
		}
	}
	return defs
}

// Setters for the table's kinds of value.

// text takes any value.
func text(field func(*config) *string) func(*config, string) error {
	return func(c *config, v string) error { *field(c) = v; return nil }
}

// fileName takes a file's name, never an empty one: "-out=" is a
// script's unset variable, and would write nowhere (or to standard
// output) without a word.
func fileName(field func(*config) *string) func(*config, string) error {
	return func(c *config, v string) error {
		if v == "" {
			return errors.New("an empty name: accepted is a file's name")
		}
		*field(c) = v
		return nil
	}
}

// whole takes a whole number in [lo, hi].
func whole(field func(*config) *int, lo, hi int) func(*config, string) error {
	return func(c *config, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi {
			return errBadValue
		}
		*field(c) = n
		return nil
	}
}

// duration takes a duration, 0 or more; a bare 0 too.
func duration(field func(*config) *time.Duration) func(*config, string) error {
	return func(c *config, v string) error {
		d, err := time.ParseDuration(v)
		if v == "0" {
			d, err = 0, nil
		}
		if err != nil || d < 0 {
			return errBadValue
		}
		*field(c) = d
		return nil
	}
}

// oneOf takes one of words, in any case.
func oneOf(field func(*config) *string, words ...string) func(*config, string) error {
	return func(c *config, v string) error {
		for _, w := range words {
			if strings.EqualFold(v, w) {
				*field(c) = w
				return nil
			}
		}
		return errBadValue
	}
}

// onOff is a switch: true or false (a switch given alone is true).
func onOff(field func(*config) *bool) func(*config, string) error {
	return func(c *config, v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return errBadValue
		}
		*field(c) = b
		return nil
	}
}

// noLimit is set for a budget flag (-depth, -time, -playouts): a value
// of 0 given is the key's 0, no limit, for every bot that reads it, and
// a run tells it from a flag not given.
func noLimit(key string, set func(*config, string) error) func(*config, string) error {
	return func(c *config, v string) error {
		if err := set(c, v); err != nil {
			return err
		}
		c.budget.noLimit = slices.DeleteFunc(c.budget.noLimit, func(k string) bool { return k == key })
		if c.budget.given(key) == "" {
			c.budget.noLimit = append(c.budget.noLimit, key)
		}
		return nil
	}
}

// asBad is errBadValue for any error, nil for none.
func asBad(err error) error {
	if err != nil {
		return errBadValue
	}
	return nil
}

// writable says why a file could not be written where path names it, a
// run's output that comes only at its end (-plot): its directory must
// exist and take a new file, and the file, if there, must not be a
// directory or read-only. Nil when it can be written. A test file is
// made in the directory and removed at once, since permissions alone do
// not say (a read-only mount, another user's ACL).
func writable(path string) error {
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("there is no directory %s", dir)
	}
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return errors.New("that is a directory")
		}
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return errors.New("the file cannot be written")
		}
		return f.Close()
	}
	f, err := os.CreateTemp(dir, ".boardbots-*")
	if err != nil {
		return fmt.Errorf("no file can be written in %s", dir)
	}
	f.Close()
	return os.Remove(f.Name())
}

// setOpenings reads -openings: K plies, or a file that is there (its
// records are read once the game is known).
func (c *config) setOpenings(v string) error {
	if n, err := strconv.Atoi(v); err == nil {
		if n < 0 {
			return errBadValue
		}
	} else if _, err := os.Stat(v); err != nil {
		return errors.New("no such file and not a number: expected K plies (0 or more) or a file of records")
	}
	c.openings = v
	return nil
}

// setShard reads -shard I/N.
func (c *config) setShard(v string) error {
	i, n, ok := strings.Cut(v, "/")
	var err1, err2 error
	if ok {
		c.shard, err1 = strconv.Atoi(i)
		c.shards, err2 = strconv.Atoi(n)
	}
	if !ok || err1 != nil || err2 != nil || c.shard < 1 || c.shard > c.shards {
		return errBadValue
	}
	return nil
}

// always is the promise of a flag whose every value promises output.
func always(*config) bool { return true }

// flagWarnings are the lines for the flags given that the run cannot use,
// one each, in the table's order: "-v does not apply to a match:
// ignored". A flag that promises output and cannot give it is an error
// instead, the first such flag's: nothing runs.
func flagWarnings(table []flagDef, r flagRun) ([]string, error) {
	var lines []string
	for _, f := range table {
		if !r.cfg.set[f.name] {
			continue
		}
		what := ""
		switch {
		case f.modes&r.mode == 0:
			what = modeNames[r.mode]
			if f.promises != nil && f.promises(r.cfg) {
				return nil, fmt.Errorf("%s is for %s, not %s: nothing was run", f.given(r.cfg), modesNeeded(f.modes), what)
			}
		case f.notFor != nil:
			what = f.notFor(r)
			if what != "" && f.promises != nil && f.promises(r.cfg) {
				return nil, fmt.Errorf("%s does not apply to %s, and would write nothing: nothing was run", f.given(r.cfg), what)
			}
		}
		if what != "" {
			lines = append(lines, fmt.Sprintf("-%s does not apply to %s: ignored", f.name, what))
		}
	}
	return lines, nil
}

// given names the flag as given, with the value that promises ("-format
// json"), for a refusal.
func (f flagDef) given(c *config) string {
	if f.name == "format" {
		return "-format " + c.format
	}
	return "-" + f.name
}

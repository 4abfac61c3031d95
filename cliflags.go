package main

import (
	"errors"
	"fmt"
	"math"
	"os"
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
	// about is its meaning, in a line or two of help.
	about string
	// def is its default, applied before the command line is read and
	// shown by help; defWords, when set, is what help says instead (per
	// game, the clock).
	def, defWords string
	// accepts says what values it takes, for help and errors.
	accepts string
	// set reads a value into c: errBadValue for one that accepts refuses,
	// or an error of its own saying what is wrong and what is accepted.
	set func(c *config, v string) error
	// modes are the runs it applies to; notFor, when set, says what else
	// in the run it does not apply to ("" when it applies).
	modes  runMode
	notFor func(r flagRun) string
	// many says it takes the words that follow it too (-rate a b c).
	many bool
}

// errBadValue is a value the flag's accepts refuses.
var errBadValue = errors.New("bad value")

// boolean says the flag is a switch: given alone, it is on.
func (f flagDef) boolean() bool { return f.arg == "" }

// flagTable is the command line's flags, in help's order; the games'
// own flags (-rounds, -width, -height) come from their cards.
func flagTable(reg *registry) []flagDef {
	table := []flagDef{
		{name: "game", arg: "NAME", def: "ttt", about: "the game: " + reg.gameList(), accepts: reg.gameList(),
			modes: modeAll &^ (modeVersion | modeBook | modeCheck), set: func(c *config, v string) error {
				if _, err := reg.findGame(v); err != nil {
					return errBadValue
				}
				c.game = v
				return nil
			}},
		{name: "bot", arg: "BOT", defWords: "per game", about: "your opponent, or -analyze's bot: a bot spec, NAME or NAME:KEY=VALUE:... (bots below)",
			modes: modePlay | modeAnalyze, notFor: flagRun.botChosen, set: text(func(c *config) *string { return &c.bot })},
		{name: "level", arg: "N", about: fmt.Sprintf("an opponent from 1 (easiest) to %d (strongest), in place of -bot", levelCount),
			modes: modePlay | modeAnalyze, notFor: flagRun.seatsBothGiven,
			accepts: fmt.Sprintf("a level 1..%d", levelCount), set: whole(func(c *config) *int { return &c.level }, 1, levelCount)},
		{name: "first", arg: "WHO", defWords: "per game", about: "who moves first, as X: human, bot or random",
			accepts: "human, bot or random", modes: modePlay, notFor: flagRun.seatsBothGiven,
			set: oneOf(func(c *config) *string { return &c.first }, "human", "bot", "random")},
		{name: "x", arg: "BOT", about: "who plays X: human or a bot spec (overrides -bot and -first)",
			modes: modePlay | modeMatch, set: text(func(c *config) *string { return &c.x })},
		{name: "o", arg: "BOT", about: "who plays O: human or a bot spec (overrides -bot and -first)",
			modes: modePlay | modeMatch, set: text(func(c *config) *string { return &c.o })},
		{name: "depth", arg: "N", about: "plies to look ahead, for every bot that reads depth= (0: each bot's default)",
			accepts: "a whole number of plies 0..64", modes: modeBots, notFor: budgetKeyNotFor("depth"),
			set: whole(func(c *config) *int { return &c.budget.depth }, 0, 64)},
		{name: "time", arg: "TIME", about: "time a move, like 500ms or 5s, for every bot that reads time= (0: each bot's default)",
			accepts: "a duration like 500ms or 5s, 0 or more", modes: modeBots | modeCheck, notFor: budgetKeyNotFor("time"),
			set: duration(func(c *config) *time.Duration { return &c.budget.time })},
		{name: "playouts", arg: "N", about: "playouts a move, for every bot that reads playouts= (0: each bot's default)",
			accepts: "a whole number 0 or more", modes: modeBots, notFor: budgetKeyNotFor("playouts"),
			set: whole(func(c *config) *int { return &c.budget.playouts }, 0, 1e9)},
	}
	table = append(table, gameOptionFlags(reg)...)
	return append(table, []flagDef{
		{name: "seed", arg: "N", defWords: "the clock", about: "random seed: with fixed budgets (depth, playouts) a run repeats exactly",
			accepts: "a whole number 0 or more", modes: modeBots, set: func(c *config, v string) (err error) {
				c.seed, err = strconv.ParseUint(v, 10, 64)
				return asBad(err)
			}},
		{name: "games", arg: "N", def: "1", about: "play N games of -x against -o, seats swapped, then a table with Elo",
			accepts: "a whole number 1 or more", modes: modeGames, set: whole(func(c *config) *int { return &c.games }, 1, math.MaxInt32)},
		{name: "sprt", arg: "TEST", about: "elo0=E0,elo1=E1[,alpha=A,beta=B]: a match stops once a sequential test decides between elo <= E0 and elo >= E1 (pentanomial GSPRT, logistic Elo); -games is then the most games",
			accepts: sprtAccepts, modes: modeMatch, set: func(c *config, v string) error {
				t, err := parseSPRT(v)
				if errors.Is(err, errSPRTSyntax) {
					return errBadValue
				}
				if err != nil {
					return fmt.Errorf("%v: accepted is %s", err, sprtAccepts)
				}
				c.sprt = &t
				return nil
			}},
		{name: "openings", arg: "K|FILE", defWords: "per game", about: "K random plies open each pair of games, or a file of records, one a pair, in order",
			accepts: "K plies, 0 or more, or a file of records", modes: modeMatch | modeTournament, set: (*config).setOpenings},
		{name: "tournament", arg: "LIST", about: "a round-robin of the bot specs listed, comma-separated, or all; KEY=A..B or KEY=A/B/C is a player a value",
			modes: modeTournament, set: text(func(c *config) *string { return &c.tournament })},
		{name: "gauntlet", arg: "BOT", about: "with -tournament LIST: BOT plays every player of LIST, who do not play each other; LIST ranked by score against BOT",
			modes: modeTournament, set: text(func(c *config) *string { return &c.gauntlet })},
		{name: "jobs", arg: "N", def: strconv.Itoa(runtime.NumCPU()), defWords: "every CPU", about: "CPUs: games at once in matches, threads of one search",
			accepts: "a whole number 1 or more", modes: modeBots, set: whole(func(c *config) *int { return &c.jobs }, 1, 4096)},
		{name: "delay", arg: "TIME", defWords: "0.5s on a terminal, 0 on a pipe", about: "pause between the moves of two bots watched",
			accepts: "a duration like 500ms or 1s, 0 or more", modes: modePlay, notFor: flagRun.notWatched,
			set: duration(func(c *config) *time.Duration { return &c.delay })},
		{name: "step", about: "with two bots watched, wait for Enter after each move (b: back, q: quit)",
			modes: modePlay, notFor: flagRun.notWatched, set: onOff(func(c *config) *bool { return &c.step })},
		{name: "v", about: "after each bot move, its score, depth, nodes, time and expected line",
			modes: modePlay, set: onOff(func(c *config) *bool { return &c.verbose })},
		{name: "trace", arg: "N", about: "after each bot move, the tree it searched, N plies deep (docs/trace.md)",
			accepts: "a whole number of plies 0 or more", modes: modePlay | modeAnalyze, notFor: flagRun.noBotTraces,
			set: whole(func(c *config) *int { return &c.trace }, 0, 64)},
		{name: "trace-format", arg: "FORMAT", def: "text", about: "how -trace writes: text, dot (Graphviz) or json",
			accepts: strings.Join(traceFormats, ", "), modes: modePlay | modeAnalyze, notFor: flagRun.noTrace,
			set: oneOf(func(c *config) *string { return &c.traceFormat }, traceFormats...)},
		{name: "trace-out", arg: "FILE", about: "write every trace to FILE, not to standard output (-analyze's answers stay alone there)",
			modes: modePlay | modeAnalyze, notFor: flagRun.noTrace, set: text(func(c *config) *string { return &c.traceOut })},
		{name: "no-color", about: "plain output, even on a terminal", modes: modePlay, set: onOff(func(c *config) *bool { return &c.noColor })},
		{name: "moves", arg: "RECORD", about: "start from this position: a record in the game's notation, like 4453",
			modes: modeGames, set: text(func(c *config) *string { return &c.moves })},
		{name: "analyze", about: "read positions on stdin, print <position> <score> <move> <nodes> <us>",
			modes: modeAnalyze, set: onOff(func(c *config) *bool { return &c.analyze })},
		{name: "scores", about: "with -analyze: every move's exact score (Tic-Tac-Toe, Connect Four)",
			modes: modeAnalyze, set: onOff(func(c *config) *bool { return &c.scores })},
		{name: "format", arg: "FORMAT", def: "text", about: "text or json: game lines, tables and -analyze answers",
			accepts: "text or json", modes: modeMatch | modeTournament | modeAnalyze | modeRate,
			set: oneOf(func(c *config) *string { return &c.format }, "text", "json")},
		{name: "out", arg: "FILE", about: "with -games or -tournament: every game added to FILE as a JSON line as it ends; a rerun of the same run plays only the games FILE lacks",
			modes: modeMatch | modeTournament, set: text(func(c *config) *string { return &c.out })},
		{name: "rate", arg: "FILE...", about: "rate the games of files written by -out together: -rate a.jsonl b.jsonl",
			modes: modeRate, many: true, set: func(c *config, v string) error { c.rate = append(c.rate, v); return nil }},
		{name: "plot", arg: "FILE", about: "with a match, a tournament, a gauntlet or -rate: the ratings as a picture, FILE.svg or FILE.png; a bot swept over one key as a line",
			accepts: "a file name ending in .svg or .png", modes: modeMatch | modeTournament | modeRate, set: func(c *config, v string) error {
				if checkPlotFile(v) != nil {
					return errBadValue
				}
				c.plot = v
				return nil
			}},
		{name: "plot-size", arg: "WxH", defWords: "1600 pixels wide", about: "with -plot: the picture's size in pixels, like 1920x1080 (an SVG scales to it)",
			accepts: plotSizeAccepts, modes: modeMatch | modeTournament | modeRate, set: func(c *config, v string) error {
				size, ok := parsePlotSize(v)
				if !ok {
					return errBadValue
				}
				c.plotSize = size
				return nil
			}},
		{name: "shard", arg: "I/N", about: "with -tournament: play only slice I of N of its games, like 1/4",
			accepts: "I/N, the I-th of N slices, 1 <= I <= N, like 2/4", modes: modeTournament, set: (*config).setShard},
		{name: "engine", arg: "NAME=COMMAND", about: "an external bot speaking our protocol (docs/engines.md), or NAME=riddles:COMMAND for a Four In A Row bot; repeatable; NAME then plays wherever a bot does",
			modes: modeBots | modeCheck, set: func(c *config, v string) error { c.engines = append(c.engines, v); return nil }},
		{name: "engines", arg: "FILE", about: "engines declared in FILE, one NAME=COMMAND a line (# comments), as many -engine flags would; repeatable",
			modes: modeBots | modeCheck, set: func(c *config, v string) error { c.engineFiles = append(c.engineFiles, v); return nil }},
		{name: "check", arg: "ENGINE", about: "play an engine declared with -engine a few moves of every game it plays and report each protocol problem; exit 0 when clean",
			modes: modeCheck, set: text(func(c *config) *string { return &c.check })},
		{name: "make-book", arg: "FILE", about: "build the Connect Four opening book into FILE with the solver, then exit",
			modes: modeBook, set: text(func(c *config) *string { return &c.makeBook })},
		{name: "book-ply", arg: "N", def: "12", about: "with -make-book: the last ply of the book's full tree",
			accepts: fmt.Sprintf("a whole number of plies 0..%d", c4Cells), modes: modeBook,
			set: whole(func(c *config) *int { return &c.bookPly }, 0, c4Cells)},
		{name: "book-openings-ply", arg: "N", def: "0", about: "with -make-book: the last ply of the full trees from every 2-ply opening (0: none)",
			accepts: fmt.Sprintf("a whole number of plies 0..%d", c4Cells), modes: modeBook,
			set: whole(func(c *config) *int { return &c.bookOpenings }, 0, c4Cells)},
		{name: "book-line-ply", arg: "N", def: "36", about: "with -make-book: the last ply of the book's solver games",
			accepts: fmt.Sprintf("a whole number of plies 0..%d", c4Cells), modes: modeBook,
			set: whole(func(c *config) *int { return &c.bookLine }, 0, c4Cells)},
		{name: "version", about: "print the program's version and exit", modes: modeVersion,
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
			defs = append(defs, flagDef{name: opt.name, arg: "N", def: strconv.Itoa(opt.def), about: opt.usage,
				accepts: fmt.Sprintf("a whole number %d..%d", opt.min, opt.max), modes: modeGames | modeAnalyze | modeRate,
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

// asBad is errBadValue for any error, nil for none.
func asBad(err error) error {
	if err != nil {
		return errBadValue
	}
	return nil
}

// setOpenings reads -openings: K plies, or a file that is there (its
// records are read once the game is known).
func (c *config) setOpenings(v string) error {
	if n, err := strconv.Atoi(v); err == nil {
		if n < 0 {
			return errBadValue
		}
	} else if _, err := os.Stat(v); err != nil {
		return errors.New("no such file and not a number: accepted is K plies (0 or more) or a file of records")
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

// flagWarnings are the lines for the flags given that the run cannot use,
// one each, in the table's order: "-v does not apply to a match: ignored".
func flagWarnings(table []flagDef, r flagRun) []string {
	var lines []string
	for _, f := range table {
		if !r.cfg.set[f.name] {
			continue
		}
		what := ""
		switch {
		case f.modes&r.mode == 0:
			what = modeNames[r.mode]
		case f.notFor != nil:
			what = f.notFor(r)
		}
		if what != "" {
			lines = append(lines, fmt.Sprintf("-%s does not apply to %s: ignored", f.name, what))
		}
	}
	return lines
}

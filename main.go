// Command boardbots plays Tic-Tac-Toe, Connect Four and the Adjacency
// Strategy Game in a terminal against the classic adversarial-search bots
// (minimax, alpha-beta, local search, genetic minimax, a perfect Connect
// Four solver), or lets two bots play each other. README.md and docs/
// describe it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// options are the parsed command line.
type options struct {
	game, bot, first, x, o string
	depth, games           int
	playouts, jobs         int
	openings               int // -1 when not given: the game's default
	tournament             string
	limit, delay           time.Duration
	delaySet               bool
	trace                  int
	traceFormat            string
	seed                   uint64
	seedSet                bool
	analyze, verbose, step bool
	noColor                bool
	version                bool   // print the version and exit
	makeBook               string // build the Connect Four book into this file
	bookPly, bookLinePly   int
	openingsArg            string   // -openings as given: K plies or a file
	openingsFile           string   // -openings FILE
	moves                  string   // -moves: the starting position's record
	out                    string   // -out FILE
	rate                   []string // -rate FILE...: every file
	shard, shards          int      // -shard I/N; 0 and 0 when not given
	format                 string   // -format: text or json
	scores                 bool     // -scores: every move's score in -analyze
	level                  int      // 0: none; else the opponent's level, 1..levelCount
	engines                engineFlags
	// gameOpts are the games' own flags (Adjacency's -rounds) as given;
	// set holds those on the command line.
	gameOpts map[string]*int
	set      map[string]bool
}

// usageText is -h's page around the flags; %[1]s is the program's name
// as the user ran it (progName), %[2]s the flags, bots and defaults.
const usageText = `boardbots: play board games against search bots, or watch bots play.

usage: %[1]s [flags]

%[2]s
examples:
  %[1]s
        Tic-Tac-Toe: the bot (minimax) moves first
  %[1]s -first human
        Tic-Tac-Toe, you move first
  %[1]s -game connect4
        Connect Four against the perfect solver
  %[1]s -game c4 -level 2
        Connect Four against level 2 of 5
  %[1]s -game adj -bot genetic -time 2s
        Adjacency against genetic minimax, 2 seconds a move
  %[1]s -x alphabeta -o random -v
        watch two bots, with their thinking
  %[1]s -x alphabeta -o human -trace 2
        see the tree alpha-beta searched for each of its moves
  %[1]s -x alphabeta -o mcts -step -trace 1
        two bots a move at a time, Enter for the next (docs/trace.md)
  %[1]s -game adj -x alphabeta -o local -games 100 -time 100ms
        a 100-game match, seats swapped every game
  %[1]s -game c4 -tournament all -time 100ms
        every bot against every other, then standings with ratings
  %[1]s -engine 'me=python3 examples/randombot.py' -x me
        play against your own bot, in any language (docs/engines.md)
  echo 4455 | %[1]s -game c4 -analyze
        score a position: <position> <score> <move> <nodes> <us>

in a game type a move, or help, undo, hint, new, rules, quit. At a terminal,
Ctrl-C while the bot thinks or a hint runs means "move now"; at the prompt
it quits.

With a time budget (-time) how deep a bot searches depends on the machine's
speed, so the same -seed can give different games; with fixed budgets only
(-depth, -playouts) a run repeats exactly, also with -jobs above 1.
`

// helpWidth is the width -h keeps to: a terminal's 80 columns.
const helpWidth = 80

// progName is the program's name as the user ran it, for -h: "go run ."
// when the go command built it into a temporary work directory (named
// go-build and digits: go run, go test) or into its build cache (go run
// keeps the binary of a main package in a directory named by its 64-digit
// hash and "-d"), else the name of the file run.
func progName(arg0 string) string {
	if hash, ok := strings.CutSuffix(filepath.Base(filepath.Dir(arg0)), "-d"); ok && len(hash) == 64 && strings.Trim(hash, "0123456789abcdef") == "" {
		return "go run ."
	}
	for _, dir := range strings.Split(filepath.ToSlash(filepath.Dir(arg0)), "/") {
		if digits, ok := strings.CutPrefix(dir, "go-build"); ok && digits != "" && strings.Trim(digits, "0123456789") == "" {
			return "go run ."
		}
	}
	return filepath.Base(arg0)
}

// wrapHelp is prefix followed by text's words, in lines that end before
// helpWidth where the words allow; the lines after the first start with
// indent spaces. It ends with a newline.
func wrapHelp(prefix, text string, indent int) string {
	var b strings.Builder
	line := prefix
	fresh := true // nothing but the prefix or the indent on this line yet
	for _, w := range strings.Fields(text) {
		switch {
		case fresh:
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > helpWidth:
			b.WriteString(line + "\n")
			line = strings.Repeat(" ", indent)
		default:
			line += " "
		}
		line += w
		fresh = false
	}
	b.WriteString(line + "\n")
	return b.String()
}

// flagHelp lists fs's flags as flag.PrintDefaults does, but indented with
// spaces and wrapped within helpWidth. A description that names its own
// default ("(default per game)") gets no second one.
func flagHelp(fs *flag.FlagSet) string {
	var b strings.Builder
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		head := "  -" + f.Name
		if name != "" {
			head += " " + name
		}
		if !strings.Contains(usage, "(default") && !slices.Contains([]string{"", "0", "0s", "false"}, f.DefValue) {
			if name == "string" {
				usage += fmt.Sprintf(" (default %q)", f.DefValue)
			} else {
				usage += fmt.Sprintf(" (default %s)", f.DefValue)
			}
		}
		b.WriteString(head + "\n")
		b.WriteString(wrapHelp("        ", usage, 8))
	})
	return b.String()
}

// gameDefaults describes each game's defaults for help, from the registry.
func gameDefaults() string {
	var b strings.Builder
	for _, g := range gameRegistry {
		first := "you move first"
		if g.botFirst {
			first = "the bot moves first"
		}
		limit := "no time limit"
		if g.time > 0 {
			limit = g.time.String() + " a move"
		}
		depth := "to the end"
		if g.depth > 0 {
			depth = fmt.Sprintf("minimax/alphabeta to depth %d", g.depth)
		}
		b.WriteString(wrapHelp(fmt.Sprintf("  %-10s ", g.name),
			fmt.Sprintf("bot %s, %s; search %s (genetic %d plies), %s", g.bot, first, depth, geneticDepth, limit), 13))
		for _, sp := range g.special {
			b.WriteString(wrapHelp(fmt.Sprintf("  %-10s ", ""), fmt.Sprintf("%s here is %s: %s", sp.bot, sp.impl, sp.about), 13))
		}
	}
	return b.String()
}

// botHelp lists the bots for help, from the registry.
func botHelp() string {
	var b strings.Builder
	for _, bot := range botRegistry {
		if !bot.hidden {
			b.WriteString(wrapHelp(fmt.Sprintf("  %-10s ", bot.name), fmt.Sprintf("%s (%s)", bot.about, bot.gameTitles()), 13))
		}
	}
	return b.String()
}

// botList is the -bot values of every game.
func botList() string {
	var names []string
	for _, b := range botRegistry {
		if !b.hidden {
			names = append(names, b.name)
		}
	}
	return strings.Join(names, ", ")
}

// parseFlags reads the command line into options, checking every value
// with a one-line error that names the flag and what it accepts.
func parseFlags(args []string, stdout io.Writer) (*options, error) {
	o := &options{}
	fs := o.flagSet()
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			// The engines declared before -h join its list of bots.
			if err := declareEngines(o.engines); err != nil {
				return nil, err
			}
			fmt.Fprintf(stdout, usageText, progName(os.Args[0]),
				"flags:\n"+flagHelp(fs)+"\nbots:\n"+botHelp()+"\ndefaults per game:\n"+gameDefaults())
		}
		return nil, flagError(err)
	}
	// -rate a.jsonl b.jsonl -format json: the files after the flag's own
	// are -rate's too, and flags may follow them.
	for rest := fs.Args(); len(rest) > 0 && len(o.rate) > 0; rest = fs.Args() {
		if strings.HasPrefix(rest[0], "-") {
			if err := fs.Parse(rest); err != nil {
				return nil, flagError(err)
			}
			continue
		}
		o.rate = append(o.rate, rest[0])
		if err := fs.Parse(rest[1:]); err != nil {
			return nil, flagError(err)
		}
	}
	fs.Visit(func(f *flag.Flag) { o.set[f.Name] = true })
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q: all settings are flags (see -h)", fs.Arg(0))
	}
	if err := o.checkRecords(); err != nil {
		return nil, err
	}
	o.seedSet, o.delaySet = o.set["seed"], o.set["delay"]
	o.first = strings.ToLower(o.first)
	if !o.seedSet {
		o.seed = uint64(time.Now().UnixNano())
	}
	switch {
	case o.first != "" && !slices.Contains([]string{"human", "bot", "random"}, o.first):
		return nil, fmt.Errorf("-first %q: accepted are human, bot, random", o.first)
	case o.depth < 0:
		return nil, fmt.Errorf("-depth %d: accepted is 0 (the game's default) or more plies", o.depth)
	case o.limit < 0:
		return nil, fmt.Errorf("-time %s: accepted is 0 (the game's default) or a positive duration like 5s", o.limit)
	case o.games < 1:
		return nil, fmt.Errorf("-games %d: accepted is 1 or more", o.games)
	case o.playouts < 0:
		return nil, fmt.Errorf("-playouts %d: accepted is 0 (by time) or more", o.playouts)
	case o.jobs < 1:
		return nil, fmt.Errorf("-jobs %d: accepted is 1 or more", o.jobs)
	case o.delay < 0:
		return nil, fmt.Errorf("-delay %s: accepted is 0 or a positive duration like 1s", o.delay)
	case o.level < 0 || o.level > levelCount:
		return nil, fmt.Errorf("-level %d: accepted are 1 (easiest) to %d (strongest)", o.level, levelCount)
	case o.trace < 0:
		return nil, fmt.Errorf("-trace %d: accepted is 0 (off) or more plies", o.trace)
	case !slices.Contains(traceFormats, o.traceFormat):
		return nil, fmt.Errorf("-trace-format %q: accepted are %s", o.traceFormat, strings.Join(traceFormats, ", "))
	case o.bookPly < 0 || o.bookPly > c4Cells:
		return nil, fmt.Errorf("-book-ply %d: accepted are 0..%d plies", o.bookPly, c4Cells)
	case o.bookLinePly < o.bookPly && !o.set["book-line-ply"]:
		return nil, fmt.Errorf("-book-ply %d: accepted are 0..%d plies, -book-line-ply (%d) at most", o.bookPly, o.bookLinePly, o.bookLinePly)
	case o.bookLinePly < o.bookPly || o.bookLinePly > c4Cells:
		return nil, fmt.Errorf("-book-line-ply %d: accepted are -book-ply (%d)..%d plies", o.bookLinePly, o.bookPly, c4Cells)
	}
	if err := declareEngines(o.engines); err != nil {
		return nil, err
	}
	for _, g := range gameRegistry {
		for _, opt := range g.options {
			if v := *o.gameOpts[opt.name]; v < opt.min || v > opt.max {
				return nil, fmt.Errorf("-%s %d: accepted are %d..%d", opt.name, v, opt.min, opt.max)
			}
		}
	}
	return o, nil
}

// flagSet defines the command line's flags over o's fields, with their
// defaults.
func (o *options) flagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("boardbots", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.game, "game", "ttt", "play "+gameList())
	fs.StringVar(&o.bot, "bot", "", "the bot: "+botList()+" (default per game)")
	fs.StringVar(&o.first, "first", "", "who moves first, as X: human, bot, random (default per game)")
	fs.StringVar(&o.x, "x", "", "who plays X: human or a bot name (overrides -bot/-first)")
	fs.StringVar(&o.o, "o", "", "who plays O: human or a bot name (overrides -bot/-first)")
	fs.IntVar(&o.depth, "depth", 0, "depth in plies of minimax, alphabeta, genetic; 0 = the game's default")
	fs.DurationVar(&o.limit, "time", 0, "time budget per bot move, e.g. 500ms or 5s; 0 = the game's default")
	o.gameOpts, o.set = map[string]*int{}, map[string]bool{}
	for _, g := range gameRegistry {
		for _, opt := range g.options {
			if o.gameOpts[opt.name] == nil {
				o.gameOpts[opt.name] = fs.Int(opt.name, opt.def, opt.usage)
			}
		}
	}
	fs.Uint64Var(&o.seed, "seed", 0, "random seed, to repeat a run (default from the clock)")
	fs.IntVar(&o.games, "games", 1, "play N games of two bots, seats swapped, then print a table")
	// The default is per game, which a number cannot say: 0 here keeps
	// -h from printing a second "(default ...)", and parseFlags turns a
	// -openings not given into -1.
	fs.StringVar(&o.openingsArg, "openings", "", "with -games or -tournament: `K` random plies open each pair of games (default per game), or a file of records, one a pair, in order")
	fs.StringVar(&o.tournament, "tournament", "", "round-robin of the bots listed, comma-separated, or all")
	fs.IntVar(&o.playouts, "playouts", 0, "Monte Carlo tree search: playouts per move; 0 = by -time or the default")
	fs.IntVar(&o.jobs, "jobs", runtime.NumCPU(), "CPUs: games at once in matches, threads of a search (default: every CPU)")
	fs.DurationVar(&o.delay, "delay", 0, "pause between two bots' moves (default 0.5s on a terminal, 0 on a pipe)")
	fs.IntVar(&o.level, "level", 0, fmt.Sprintf("an opponent from 1 (easiest) to %d (strongest), in place of -bot", levelCount))
	fs.IntVar(&o.trace, "trace", 0, "after each bot move, print the tree it searched, N plies deep")
	fs.StringVar(&o.traceFormat, "trace-format", "text", "how -trace writes: text, dot (Graphviz) or json")
	fs.BoolVar(&o.analyze, "analyze", false, "read positions from stdin, print <position> <score> <move> <nodes> <us>")
	fs.BoolVar(&o.verbose, "v", false, "after each bot move, its score, depth, nodes, time and expected line")
	fs.BoolVar(&o.step, "step", false, "with two bots, wait for Enter after each move (b: back, q: quit)")
	fs.BoolVar(&o.noColor, "no-color", false, "plain output, even on a terminal")
	fs.BoolVar(&o.version, "version", false, "print the program's version and exit")
	fs.StringVar(&o.moves, "moves", "", "start from this position: a `RECORD` in the game's notation, e.g. 4453")
	fs.StringVar(&o.out, "out", "", "with -games or -tournament: write every game to `FILE` as a JSON line")
	fs.Func("rate", "rate the games of `FILE`s written by -out together: -rate a.jsonl b.jsonl", func(v string) error {
		o.rate = append(o.rate, v)
		return nil
	})
	fs.Func("shard", "with -tournament: play only slice `I/N` of its games, e.g. 1/4", o.parseShard)
	fs.StringVar(&o.format, "format", "text", "text or json: tables, game lines and -analyze answers")
	fs.BoolVar(&o.scores, "scores", false, "with -analyze: add every move's exact score (Tic-Tac-Toe, Connect Four)")
	fs.Var(&o.engines, "engine", "an external bot: `NAME=COMMAND` speaking our protocol (docs/engines.md),\nor NAME=riddles:COMMAND (or theaigames:COMMAND) for a Four In A Row\ncompetition bot; repeatable; NAME then plays wherever a bot name goes")
	fs.StringVar(&o.makeBook, "make-book", "", "build the Connect Four opening book into `FILE` with the solver, then exit")
	fs.IntVar(&o.bookPly, "book-ply", 12, "with -make-book: the last ply of the book's full tree")
	fs.IntVar(&o.bookLinePly, "book-line-ply", 36, "with -make-book: the last ply of the book's solver games")
	return fs
}

// parseShard reads -shard I/N.
func (o *options) parseShard(v string) error {
	i, n, ok := strings.Cut(v, "/")
	var err1, err2 error
	if ok {
		o.shard, err1 = strconv.Atoi(i)
		o.shards, err2 = strconv.Atoi(n)
	}
	if !ok || err1 != nil || err2 != nil || o.shard < 1 || o.shard > o.shards {
		return errors.New("bad shard")
	}
	return nil
}

// checkRecords checks the flags of positions, records and results: what
// each takes, and that it goes with the mode that reads it.
func (o *options) checkRecords() error {
	o.openings = -1 // the game's default
	if o.openingsArg != "" {
		if n, err := strconv.Atoi(o.openingsArg); err == nil {
			if n < 0 {
				return fmt.Errorf("-openings %d: accepted is 0 or more plies, or a file of records", n)
			}
			o.openings = n
		} else if _, err := os.Stat(o.openingsArg); err != nil {
			return fmt.Errorf("-openings %q: no such file and not a number: accepted is K plies (0 or more) or a file of records", o.openingsArg)
		} else {
			o.openingsFile = o.openingsArg
		}
	}
	switch {
	case o.format != "text" && o.format != "json":
		return fmt.Errorf("-format %q: accepted are text, json", o.format)
	case o.shards > 0 && o.tournament == "":
		return fmt.Errorf("-shard %d/%d: accepted only with -tournament", o.shard, o.shards)
	case o.scores && !o.analyze:
		return errors.New("-scores: accepted only with -analyze")
	case o.openingsFile != "" && o.moves != "":
		return errors.New("-moves with -openings FILE: the file's records start from the start: give one or the other")
	}
	return nil
}

// engineFlags are the -engine values, in order: the flag may be given
// again and again.
type engineFlags []string

func (e *engineFlags) String() string     { return strings.Join(*e, " ") }
func (e *engineFlags) Set(v string) error { *e = append(*e, v); return nil }
func (e *engineFlags) Get() any           { return e.String() } // text, as a string flag's

// flagTakes says what each of the program's own flags takes, for the
// one-line error about a value the flag package cannot parse; the games'
// options say it themselves (see flagAccepts).
var flagTakes = map[string]string{
	"depth":         "a whole number of plies, 0 for the game's default",
	"time":          "a duration like 500ms or 5s, 0 for the game's default",
	"seed":          "a whole number 0 or more",
	"games":         "a whole number 1 or more",
	"playouts":      "a whole number 0 or more",
	"jobs":          "a whole number 1 or more",
	"delay":         "a duration like 500ms or 1s",
	"trace":         "a whole number of plies 0 or more",
	"level":         fmt.Sprintf("a level 1..%d", levelCount),
	"book-ply":      "a whole number of plies",
	"analyze":       "true or false",
	"v":             "true or false",
	"step":          "true or false",
	"no-color":      "true or false",
	"scores":        "true or false",
	"shard":         "I/N, the I-th of N slices, 1 <= I <= N, like 2/4",
	"book-line-ply": "a whole number of plies",
	"version":       "true or false",
}

// flagAccepts says what the flag takes: its line in flagTakes, or the
// range of a game's option; "" for a flag it cannot say.
func flagAccepts(name string) string {
	if s, ok := flagTakes[name]; ok {
		return s
	}
	for _, g := range gameRegistry {
		for _, opt := range g.options {
			if opt.name == name {
				return fmt.Sprintf("a whole number %d..%d", opt.min, opt.max)
			}
		}
	}
	return ""
}

// flagNamed finds the flag an error of the flag package is about.
var flagNamed = regexp.MustCompile(`(?:for flag|for|defined:|argument:) -+([\w-]+)`)

// flagValue finds the value it could not parse.
var flagValue = regexp.MustCompile(`value ("[^"]*")`)

// flagError rewrites an error of the flag package as one line naming the
// flag and what it accepts.
func flagError(err error) error {
	m := flagNamed.FindStringSubmatch(err.Error())
	switch {
	case m == nil:
		return err
	case strings.HasPrefix(err.Error(), "flag provided but not defined"):
		return fmt.Errorf("unknown flag -%s: see -h for the flags", m[1])
	case flagAccepts(m[1]) != "":
		value := ""
		if v := flagValue.FindStringSubmatch(err.Error()); v != nil {
			value = " " + v[1]
		}
		return fmt.Errorf("-%s%s: accepted is %s", m[1], value, flagAccepts(m[1]))
	}
	return fmt.Errorf("-%s needs a value: see -h", m[1])
}

// setup is everything a run needs, resolved from the options.
type setup struct {
	spec      *gameSpec
	opt       gameOptions // the game's own option values
	rng       *rand.Rand
	bot       Bot       // the -bot bot (or the game's default), which -analyze uses
	seats     [3]Bot    // nil is a person
	seatNames [3]string // the bots' -bot names ("" for a person)
	budget    Budget
	hinter    Bot
	warnings  []string    // flags the run cannot use (flagrules.go)
	from      []Move      // -moves: where every game starts
	field     []string    // -tournament's bots
	plan      openingPlan // where a match's or a tournament's pairs start
}

// resolve applies the per-game defaults and the -bot, -first, -x, -o rules
// of SPEC.md to decide who sits where.
func resolve(o *options) (*setup, error) {
	spec, err := findGame(o.game)
	if err != nil {
		return nil, fmt.Errorf("-game: %v", err)
	}
	s := &setup{spec: spec, opt: gameOptions{}, rng: rand.New(rand.NewPCG(o.seed, 0x5eed)), budget: spec.budget(o.depth, o.limit)}
	if o.playouts > 0 {
		s.budget.Playouts = o.playouts
	}
	s.budget.Jobs = o.jobs
	s.budget.Trace, s.budget.TraceFormat = o.trace, o.traceFormat
	for name, v := range o.gameOpts {
		if slices.ContainsFunc(spec.options, func(g gameOption) bool { return g.name == name }) {
			s.opt[name] = *v
		}
	}
	if spec.check != nil {
		if err := spec.check(spec.defaults(s.opt)); err != nil {
			return nil, err
		}
	}
	botName := o.bot
	switch {
	case o.level > 0:
		botName = levelName(o.level)
	case botName == "":
		botName = spec.bot
	}
	bot, err := spec.newBot(botName, s.rng)
	if err != nil {
		return nil, fmt.Errorf("-bot: %v", err)
	}
	s.bot, botName = bot, findBot(botName).name
	botFirst := spec.botFirst
	switch o.first {
	case "human":
		botFirst = false
	case "bot":
		botFirst = true
	case "random":
		botFirst = s.rng.IntN(2) == 0
	}
	if botFirst {
		s.seats[X], s.seatNames[X] = bot, botName
	} else {
		s.seats[O], s.seatNames[O] = bot, botName
	}
	for _, side := range []Side{X, O} {
		name := o.x
		if side == O {
			name = o.o
		}
		switch {
		case name == "":
		case strings.EqualFold(name, "human"):
			s.seats[side], s.seatNames[side] = nil, ""
		default:
			b, err := spec.newBot(name, s.rng)
			if err != nil {
				return nil, fmt.Errorf("-%s: %v (or human)", strings.ToLower(side.String()), err)
			}
			s.seats[side], s.seatNames[side] = b, findBot(name).name
		}
	}
	if o.games > 1 && o.tournament == "" && (s.seats[X] == nil || s.seats[O] == nil) {
		return nil, fmt.Errorf("-games %d: a match needs two bots: set -x and -o to bot names", o.games)
	}
	if s.hinter, err = spec.newBot(spec.strongest, s.rng); err != nil {
		return nil, err
	}
	if err := s.positions(o); err != nil {
		return nil, err
	}
	if o.scores && spec.scores == nil {
		return nil, fmt.Errorf("-scores: %s's search does not score every move: accepted with Tic-Tac-Toe and Connect Four", spec.title)
	}
	if o.tournament != "" {
		if s.field, err = tournamentField(spec, o.tournament); err != nil {
			return nil, err
		}
	}
	s.warnings = flagWarnings(newFlagRun(o, s))
	return s, nil
}

// modeOf is the mode start runs for these options.
func modeOf(o *options) runMode {
	switch {
	case o.analyze:
		return modeAnalyze
	case o.tournament != "":
		return modeTournament
	case o.games > 1:
		return modeMatch
	}
	return modePlay
}

// newFlagRun gathers what the rules look at; the tournament's field is
// built here only to ask its bots what they read.
func newFlagRun(o *options, s *setup) flagRun {
	r := flagRun{set: o.set, x: o.x, o: o.o, level: o.level, gameOpts: slices.Collect(maps.Keys(o.gameOpts)),
		spec: s.spec, mode: modeOf(o)}
	switch r.mode {
	case modeAnalyze:
		r.bots = []Bot{s.bot}
	case modeTournament:
		field, err := tournamentField(s.spec, o.tournament)
		if err != nil {
			break // start reports it
		}
		rng := rand.New(rand.NewPCG(0, 0))
		for _, name := range field {
			if b, err := s.spec.newBot(name, rng); err == nil {
				r.bots = append(r.bots, b)
			}
		}
	default:
		for _, b := range s.seats {
			if b != nil {
				r.bots = append(r.bots, b)
			}
		}
	}
	return r
}

// devVersion is what -version says of a build that recorded no version of
// its own.
const devVersion = "boardbots dev"

// versionText is what -version prints: the module's version and the commit
// the go command recorded in the binary (go install of a tagged module
// records a version; go build in a git clone a pseudo-version and the
// commit), else devVersion.
func versionText() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return devVersion
	}
	return buildVersion(info)
}

// buildVersion is versionText's line for the build info given.
func buildVersion(info *debug.BuildInfo) string {
	text := devVersion
	if v := info.Main.Version; v != "" && v != "(devel)" {
		text = "boardbots " + v
	}
	var about []string
	vcs := map[string]string{}
	for _, s := range info.Settings {
		vcs[s.Key] = s.Value
	}
	if rev := vcs["vcs.revision"]; rev != "" {
		commit := "commit " + rev[:min(12, len(rev))]
		if t := vcs["vcs.time"]; t != "" {
			commit += " of " + t
		}
		if vcs["vcs.modified"] == "true" {
			commit += ", modified"
		}
		about = append(about, commit)
	}
	if info.GoVersion != "" {
		about = append(about, info.GoVersion)
	}
	if len(about) > 0 {
		text += " (" + strings.Join(about, ", ") + ")"
	}
	return text
}

// positions reads -moves and -openings: where games start.
func (s *setup) positions(o *options) error {
	if o.moves != "" && !o.analyze {
		g, err := s.spec.parseRecord(o.moves, s.opt)
		if err != nil {
			return fmt.Errorf("-moves %s: %v", quoteShort(o.moves), err)
		}
		if g.Over() {
			return fmt.Errorf("-moves %s: the game is over there: accepted is a record that leaves it open", quoteShort(o.moves))
		}
		s.from = slices.Clone(g.History())
	}
	// Random plies: the game's default from its start, none from -moves
	// unless asked.
	s.plan = openingPlan{start: s.from, plies: o.openings}
	if o.openings < 0 && o.moves == "" {
		s.plan.plies = s.spec.openings
	} else if o.openings < 0 {
		s.plan.plies = 0
	}
	if o.openingsFile != "" {
		f, err := os.Open(o.openingsFile)
		if err != nil {
			return fmt.Errorf("-openings: %v", err)
		}
		defer f.Close()
		if s.plan.suite, err = readOpenings(f, s.spec, s.opt); err != nil {
			return fmt.Errorf("-openings %s: %v", o.openingsFile, err)
		}
		s.plan.file = o.openingsFile
	}
	return nil
}

// isTerminal reports whether f is a character device, a terminal in practice.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func main() { os.Exit(run(os.Args[1:])) }

// run is the program; it returns the exit status so that deferred clean-up
// (the terminal above all) happens before the process ends.
func run(args []string) int {
	defer killEngines()
	o, err := parseFlags(args, os.Stdout)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err == nil && o.version {
		fmt.Println(versionText())
		return 0
	}
	if err == nil && o.makeBook != "" {
		if err := makeBook(o.makeBook, o.bookPly, o.bookLinePly, isTerminal(os.Stderr)); err != nil {
			fmt.Fprintf(os.Stderr, "boardbots: -make-book: %v\n", err)
			return 1
		}
		return 0
	}
	if err == nil && len(o.rate) > 0 {
		return rateFiles(o.rate, o.format == "json", os.Stdout, os.Stderr)
	}
	if err == nil {
		var s *setup
		if s, err = resolve(o); err == nil {
			return s.start(o)
		}
	}
	fmt.Fprintf(os.Stderr, "boardbots: %v\n", err)
	return 2
}

// matchOrTournament reports whether the options ask for many games.
func (o *options) matchOrTournament() bool { return o.tournament != "" || o.games > 1 }

// start runs the chosen mode under a context that Ctrl-C cancels, so a
// thinking bot stops at once and the terminal is restored; at a table
// with a person, Ctrl-C during a search cuts only the search short.
func (s *setup) start(o *options) int {
	ctx, intr, stop := interruptible()
	defer stop()
	color := !o.noColor && os.Getenv("NO_COLOR") == "" && isTerminal(os.Stdout)
	for _, w := range s.warnings {
		fmt.Fprintf(os.Stderr, "boardbots: %s\n", w)
	}
	if o.verbose && !o.matchOrTournament() {
		fmt.Printf("seed: %d\n", o.seed) // a match or a tournament prints it anyway
	}
	var err error
	atTable := false // a game at the table ends its lines itself, even when interrupted
	switch {
	case o.analyze:
		err = analyzeWith(ctx, os.Stdin, os.Stdout, s.spec, s.bot, s.budget, s.opt, analyzeMode{json: o.format == "json", scores: o.scores})
	case o.matchOrTournament():
		var progress io.Writer
		if isTerminal(os.Stderr) {
			progress = os.Stderr
		}
		rep := report{json: o.format == "json"}
		if o.out != "" {
			f, err := os.Create(o.out)
			if err != nil {
				fmt.Fprintf(os.Stderr, "boardbots: -out: %v\n", err)
				return 2
			}
			defer f.Close()
			rep.keep = &resultsWriter{w: f}
		}
		if o.tournament == "" {
			m := matchConfig{spec: s.spec, opt: s.opt, bots: [2]string{s.seatNames[X], s.seatNames[O]},
				budget: s.budget, games: o.games, plan: s.plan, seed: o.seed, jobs: o.jobs, report: rep}
			if isTerminal(os.Stdout) {
				m.width = terminalWidth(os.Stdout)
			}
			err = m.run(ctx, os.Stdout, progress)
		} else {
			games := o.games
			if !o.set["games"] {
				games = 2 // one pair
			}
			t := tournamentConfig{spec: s.spec, opt: s.opt, bots: s.field, budget: s.budget,
				games: games, plan: s.plan, seed: o.seed, jobs: o.jobs, shard: o.shard, shards: o.shards, report: rep}
			err = t.run(ctx, os.Stdout, progress)
		}
		if rep.keep != nil && rep.keep.err != nil && err == nil {
			err = fmt.Errorf("-out %s: %v", o.out, rep.keep.err)
		}
	default:
		err = s.play(ctx, o, color, intr)
		atTable = true
	}
	status := exitStatus(ctx, err)
	switch {
	case status == 130 && !atTable:
		fmt.Println()
	case status == 1 || status == 2:
		fmt.Fprintf(os.Stderr, "boardbots: %v\n", err)
	}
	return status
}

// exitStatus is the exit status of a mode that ended with err under ctx:
// 130 after an interrupt, whatever err says, since a mode stopped by
// Ctrl-C may well return nil (-analyze reading no further, a game loop
// that takes the stop for the person's quit); 0 for a normal end (quit or
// end of input included); 2 for a bad -openings, found before any game;
// 1 for any other failure.
func exitStatus(ctx context.Context, err error) int {
	var bad openingsError
	switch {
	case ctx.Err() != nil, errors.Is(err, errInterrupted):
		return 130
	case err == nil, errors.Is(err, errQuit), errors.Is(err, io.EOF):
		return 0
	case errors.As(err, &bad):
		return 2
	}
	return 1
}

// play seats the person (if any) at a table on the program's terminal or
// pipe and plays games there until the person stops.
func (s *setup) play(ctx context.Context, o *options, color bool, intr *interrupter) error {
	t := &table{spec: s.spec, opt: s.opt, out: os.Stdout, color: color, verbose: o.verbose,
		budget: s.budget, seats: s.seats, hinter: s.hinter,
		firstDrawn: o.first == "random" && o.x == "" && o.o == ""}
	if s.seats[X] == nil || s.seats[O] == nil {
		t.terminal = isTerminal(os.Stdin) && isTerminal(os.Stdout)
		if t.terminal {
			tr := newTermReader()
			defer tr.Close()
			t.in = tr
		} else {
			t.in = newPipeReader(os.Stdin, os.Stdout)
		}
	} else {
		t.terminal = isTerminal(os.Stdout)
		t.delay = watchDelay(o, t.terminal)
		if o.step {
			t.step, t.delay, t.in = true, 0, newPipeReader(os.Stdin, os.Stdout)
			if isTerminal(os.Stdin) && t.terminal {
				tr := newTermReader()
				defer tr.Close()
				t.in = tr
			}
		}
	}
	if t.terminal {
		t.width = terminalWidth(os.Stdout)
		t.moveNow = intr
	}
	return t.session(ctx, func() Game {
		g := s.spec.start(s.opt)
		for _, m := range s.from {
			g.Play(m)
		}
		return g
	})
}

// watchDelay is the pause between moves when two bots play: -delay if
// given, else half a second at a terminal, so that a person can follow the
// game, and none on a pipe.
func watchDelay(o *options, terminal bool) time.Duration {
	switch {
	case o.delaySet:
		return o.delay
	case terminal:
		return 500 * time.Millisecond
	}
	return 0
}

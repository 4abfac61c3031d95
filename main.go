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
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
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
	seed                   uint64
	seedSet                bool
	analyze, verbose       bool
	noColor                bool
	version                bool   // print the version and exit
	makeBook               string // build the Connect Four book into this file
	bookPly, bookLinePly   int
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
  %[1]s -game adj -bot genetic -time 2s
        Adjacency against genetic minimax, 2 seconds a move
  %[1]s -x alphabeta -o random -v
        watch two bots, with their thinking
  %[1]s -x alphabeta -o human -trace 2
        see the tree alpha-beta searched for each of its moves
  %[1]s -game adj -x alphabeta -o local -games 100 -time 100ms
        a 100-game match, seats swapped every game
  %[1]s -game c4 -tournament all -time 100ms
        every bot against every other, then standings with ratings
  echo 4455 | %[1]s -game c4 -analyze
        score a position: <position> <score> <move> <nodes> <us>

in a game type a move, or help, undo, hint, new, rules, quit.

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
		b.WriteString(wrapHelp(fmt.Sprintf("  %-10s ", bot.name), fmt.Sprintf("%s (%s)", bot.about, bot.gameTitles()), 13))
	}
	return b.String()
}

// botList is the -bot values of every game.
func botList() string {
	var names []string
	for _, b := range botRegistry {
		names = append(names, b.name)
	}
	return strings.Join(names, ", ")
}

// gameList is the -game values with their aliases.
func gameList() string {
	var names []string
	for _, g := range gameRegistry {
		names = append(names, fmt.Sprintf("%s (%s)", g.name, strings.Join(g.aliases, ", ")))
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
			fmt.Fprintf(stdout, usageText, progName(os.Args[0]),
				"flags:\n"+flagHelp(fs)+"\nbots:\n"+botHelp()+"\ndefaults per game:\n"+gameDefaults())
		}
		return nil, flagError(err)
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q: all settings are flags (see -h)", fs.Arg(0))
	}
	fs.Visit(func(f *flag.Flag) { o.set[f.Name] = true })
	o.seedSet, o.delaySet = o.set["seed"], o.set["delay"]
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
	case o.openings < 0:
		return nil, fmt.Errorf("-openings %d: accepted is 0 or more plies", o.openings)
	case o.delay < 0:
		return nil, fmt.Errorf("-delay %s: accepted is 0 or a positive duration like 1s", o.delay)
	case o.trace < 0:
		return nil, fmt.Errorf("-trace %d: accepted is 0 (off) or more plies", o.trace)
	case o.bookPly < 0 || o.bookPly > c4Cells:
		return nil, fmt.Errorf("-book-ply %d: accepted are 0..%d plies", o.bookPly, c4Cells)
	case o.bookLinePly < o.bookPly && !o.set["book-line-ply"]:
		return nil, fmt.Errorf("-book-ply %d: accepted are 0..%d plies, -book-line-ply (%d) at most", o.bookPly, o.bookLinePly, o.bookLinePly)
	case o.bookLinePly < o.bookPly || o.bookLinePly > c4Cells:
		return nil, fmt.Errorf("-book-line-ply %d: accepted are -book-ply (%d)..%d plies", o.bookLinePly, o.bookPly, c4Cells)
	}
	if !o.set["openings"] {
		o.openings = -1
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
	fs.IntVar(&o.openings, "openings", 0, "with -games or -tournament: `K` random plies open each pair of games (default per game)")
	fs.StringVar(&o.tournament, "tournament", "", "round-robin of the bots listed, comma-separated, or all")
	fs.IntVar(&o.playouts, "playouts", 0, "Monte Carlo tree search: playouts per move; 0 = by -time or the default")
	fs.IntVar(&o.jobs, "jobs", runtime.NumCPU(), "CPUs: games at once in matches, threads of a search (default: every CPU)")
	fs.DurationVar(&o.delay, "delay", 0, "pause between two bots' moves (default 0.5s on a terminal, 0 on a pipe)")
	fs.IntVar(&o.trace, "trace", 0, "print the tree minimax or alphabeta searched, N plies deep")
	fs.BoolVar(&o.analyze, "analyze", false, "read positions from stdin, print <position> <score> <move> <nodes> <us>")
	fs.BoolVar(&o.verbose, "v", false, "after each bot move, its score, depth, nodes, time and expected line")
	fs.BoolVar(&o.noColor, "no-color", false, "plain output, even on a terminal")
	fs.BoolVar(&o.version, "version", false, "print the program's version and exit")
	fs.StringVar(&o.makeBook, "make-book", "", "build the Connect Four opening book into `FILE` with the solver, then exit")
	fs.IntVar(&o.bookPly, "book-ply", 12, "with -make-book: the last ply of the book's full tree")
	fs.IntVar(&o.bookLinePly, "book-line-ply", 36, "with -make-book: the last ply of the book's solver games")
	return fs
}

// flagTakes says what each of the program's own flags takes, for the
// one-line error about a value the flag package cannot parse; the games'
// options say it themselves (see flagAccepts).
var flagTakes = map[string]string{
	"depth":         "a whole number of plies, 0 for the game's default",
	"time":          "a duration like 500ms or 5s, 0 for the game's default",
	"seed":          "a whole number 0 or more",
	"games":         "a whole number 1 or more",
	"openings":      "a whole number of plies 0 or more",
	"playouts":      "a whole number 0 or more",
	"jobs":          "a whole number 1 or more",
	"delay":         "a duration like 500ms or 1s",
	"trace":         "a whole number of plies 0 or more",
	"book-ply":      "a whole number of plies",
	"analyze":       "true or false",
	"v":             "true or false",
	"no-color":      "true or false",
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
	warnings  []string // flags that do not apply to the chosen game
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
	s.budget.Trace = o.trace
	for name, v := range o.gameOpts {
		if slices.ContainsFunc(spec.options, func(g gameOption) bool { return g.name == name }) {
			s.opt[name] = *v
		} else if o.set[name] {
			s.warnings = append(s.warnings, fmt.Sprintf("-%s does not apply to %s: ignored", name, spec.title))
		}
	}
	if spec.check != nil {
		if err := spec.check(spec.defaults(s.opt)); err != nil {
			return nil, err
		}
	}
	botName := o.bot
	if botName == "" {
		botName = spec.bot
	}
	bot, err := spec.newBot(botName, s.rng)
	if err != nil {
		return nil, fmt.Errorf("-bot: %v", err)
	}
	s.bot = bot
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
		switch name {
		case "":
		case "human":
			s.seats[side], s.seatNames[side] = nil, ""
		default:
			b, err := spec.newBot(name, s.rng)
			if err != nil {
				return nil, fmt.Errorf("-%s: %v (or human)", strings.ToLower(side.String()), err)
			}
			s.seats[side], s.seatNames[side] = b, name
		}
	}
	if o.games > 1 && o.tournament == "" && (s.seats[X] == nil || s.seats[O] == nil) {
		return nil, fmt.Errorf("-games %d: a match needs two bots: set -x and -o to bot names", o.games)
	}
	if s.hinter, err = spec.newBot(spec.strongest, s.rng); err != nil {
		return nil, err
	}
	return s, nil
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

// isTerminal reports whether f is a character device, a terminal in practice.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func main() { os.Exit(run(os.Args[1:])) }

// run is the program; it returns the exit status so that deferred clean-up
// (the terminal above all) happens before the process ends.
func run(args []string) int {
	o, err := parseFlags(args, os.Stdout)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err == nil && o.version {
		fmt.Println(versionText())
		return 0
	}
	if err == nil && o.makeBook != "" {
		if err := makeBook(o.makeBook, o.bookPly, o.bookLinePly); err != nil {
			fmt.Fprintf(os.Stderr, "boardbots: -make-book: %v\n", err)
			return 1
		}
		return 0
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

// start runs the chosen mode under a context that Ctrl-C cancels, so a
// thinking bot stops at once and the terminal is restored.
func (s *setup) start(o *options) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	color := !o.noColor && os.Getenv("NO_COLOR") == "" && isTerminal(os.Stdout)
	for _, w := range s.warnings {
		fmt.Fprintf(os.Stderr, "boardbots: %s\n", w)
	}
	if o.verbose {
		fmt.Printf("seed: %d\n", o.seed)
	}
	var err error
	atTable := false // a game at the table ends its lines itself, even when interrupted
	switch {
	case o.analyze:
		err = analyze(ctx, os.Stdin, os.Stdout, s.spec, s.bot, s.budget, s.opt)
	case o.tournament != "" || o.games > 1:
		var progress io.Writer
		if isTerminal(os.Stderr) {
			progress = os.Stderr
		}
		openings := o.openings
		if openings < 0 {
			openings = s.spec.openings
		}
		if o.tournament == "" {
			m := matchConfig{spec: s.spec, opt: s.opt, bots: [2]string{s.seatNames[X], s.seatNames[O]},
				budget: s.budget, games: o.games, openings: openings, seed: o.seed, jobs: o.jobs}
			err = m.run(ctx, os.Stdout, progress)
			break
		}
		var field []string
		if field, err = tournamentField(s.spec, o.tournament); err != nil {
			fmt.Fprintf(os.Stderr, "boardbots: %v\n", err)
			return 2
		}
		games := o.games
		if !o.set["games"] {
			games = 2 // one pair
		}
		t := tournamentConfig{spec: s.spec, opt: s.opt, bots: field, budget: s.budget,
			games: games, openings: openings, seed: o.seed, jobs: o.jobs}
		err = t.run(ctx, os.Stdout, progress)
	default:
		err = s.play(ctx, o, color)
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
func (s *setup) play(ctx context.Context, o *options, color bool) error {
	t := &table{spec: s.spec, out: os.Stdout, color: color, verbose: o.verbose,
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
	}
	if t.terminal {
		t.width = terminalWidth(os.Stdout)
	}
	return t.session(ctx, func() Game { return s.spec.start(s.opt) })
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

package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// findGame is a declared game by name, for tests.
func findGame(name string) (*gameSpec, error) { return declared.findGame(name) }

// newBotFor builds a bot from its spec for the game, every key not given
// at its default, drawing from rng, as a run's prompt would.
func newBotFor(spec *gameSpec, text string, rng *rand.Rand) (Bot, error) {
	p, err := declared.newPlayer(spec, text, budgetDefaults{})
	if err != nil {
		return nil, err
	}
	return declared.newBot(spec, p, rng), nil
}

// mustPlayer reads a bot spec for the game with the flags' values flags,
// failing the test on an error.
func mustPlayer(t testing.TB, spec *gameSpec, text string, flags budgetDefaults) *player {
	t.Helper()
	p, err := declared.newPlayer(spec, text, flags)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// mustPlayerIn is a player of reg's, every key at its default.
func mustPlayerIn(t testing.TB, reg *registry, spec *gameSpec, text string) *player {
	t.Helper()
	p, err := reg.newPlayer(spec, text, budgetDefaults{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// playerPair is the players of a match, -x's and -o's.
func playerPair(t testing.TB, spec *gameSpec, flags budgetDefaults, x, o string) [2]*player {
	t.Helper()
	return [2]*player{mustPlayer(t, spec, x, flags), mustPlayer(t, spec, o, flags)}
}

// playersOf is playerPair from a pair of specs.
func playersOf(t testing.TB, spec *gameSpec, flags budgetDefaults, bots [2]string) [2]*player {
	t.Helper()
	return playerPair(t, spec, flags, bots[0], bots[1])
}

// playerList is a tournament's field from a list of specs.
func playerList(t testing.TB, spec *gameSpec, flags budgetDefaults, list string) []*player {
	t.Helper()
	field, err := declared.newPlayers(spec, list, flags)
	if err != nil {
		t.Fatal(err)
	}
	return field
}

// defaultBudget is the budget a bot spec gets in the game with no flags.
func defaultBudget(t testing.TB, spec *gameSpec, text string) Budget {
	t.Helper()
	return mustPlayer(t, spec, text, budgetDefaults{}).budget()
}

// botsAt seats bots at a table (nil: a person).
func botsAt(x, o Bot) [3]*seated {
	var s [3]*seated
	if x != nil {
		s[X] = &seated{Bot: x}
	}
	if o != nil {
		s[O] = &seated{Bot: o}
	}
	return s
}

// planOf reads a command line and resolves it as run does.
func planOf(args ...string) (*runPlan, error) {
	reg, c, err := readCommandLine(args, &engineGroup{})
	if err != nil {
		return nil, err
	}
	return newRunPlan(c, reg)
}

// mustPlan is planOf, failing the test on an error.
func mustPlan(t testing.TB, args ...string) *runPlan {
	t.Helper()
	p, err := planOf(args...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// runCapture runs the program on args with stdin, returning its exit
// status, standard output and standard error.
func runCapture(args []string, stdin string) (int, string, string) {
	var out, errOut strings.Builder
	status := run(args, strings.NewReader(stdin), &out, &errOut)
	return status, out.String(), errOut.String()
}

// specNamed is a registered game for tests.
func specNamed(t testing.TB, name string) *gameSpec {
	t.Helper()
	spec, err := findGame(name)
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

// tttSpec is Tic-Tac-Toe's registration.
func tttSpec() *gameSpec {
	spec, _ := findGame("ttt")
	return spec
}

// conformanceGame is a random position of spec: a game's opening plies are
// random, Adjacency's rounds and Connect Four's size too, so that bots
// meet every stage of every game.
func conformanceGame(spec *gameSpec, rng *rand.Rand) Game {
	opt := conformanceOptions(spec, rng)
	g := spec.start(opt)
	for plies := rng.IntN(12); plies > 0 && !g.Over(); plies-- {
		moves := g.Moves(nil)
		g.Play(moves[rng.IntN(len(moves))])
	}
	return g
}

// conformanceOptions draws the game's option values. Connect Four's size
// is the default 7x6 (its book answers the solver's first moves) or a
// board of at most 25 cells, which the general solver settles in
// milliseconds: a fixed budget leaves the solver no time limit.
func conformanceOptions(spec *gameSpec, rng *rand.Rand) gameOptions {
	for {
		opt := gameOptions{}
		for _, o := range spec.options {
			opt[o.name] = o.min + rng.IntN(min(o.max, o.min+8)-o.min+1)
		}
		if spec.check == nil {
			return opt
		}
		if w, h := opt["width"], opt["height"]; spec.check(opt) == nil && (w*h <= 25 || w == c4Width && h == c4Height) {
			return opt
		}
	}
}

// snapshot is what Think must leave unchanged: the moves, the key and the
// picture of the position.
func snapshot(spec *gameSpec, g Game) string {
	return spec.record(g) + "|" + g.Render(false) + "|" + strconv.FormatUint(g.Key(), 16)
}

// TestConformance holds every registered bot to the Bot contract in every
// game it plays, so that a new bot or game is tested the day it is
// registered: over random games, only legal moves; Think leaves the
// position as it was; a cancelled context is answered at once with a legal
// move; a short time budget is kept; the same seed plays the same moves.
// Every key a bot declares is played at values other than its default
// (conformanceSpecs), each held to the contract but for the time budget.
//
// The fixture engines (enginefixture_test.go) are registered for it as
// -engine registers an engine, so an engine is held to the contract too,
// and a fault of theirs fails the test rather than pass as Think's
// fallback move.
func TestConformance(t *testing.T) {
	reg := withEngines(t, fixtureEngine(t, "fixture", "good"), fixtureEngine(t, "fixture-riddles", "riddles"))
	for _, spec := range reg.games {
		for _, name := range reg.botNames(spec, false) {
			for _, text := range conformanceSpecs(reg.findBot(name), spec) {
				t.Run(spec.name+"/"+text, func(t *testing.T) {
					p, err := reg.newPlayer(spec, text, budgetDefaults{})
					if err != nil {
						t.Fatal(err)
					}
					conforms(t, reg, spec, p, text == name)
				})
			}
		}
	}
}

// conforms holds player p to the Bot contract in the game spec; whole
// adds the time budget and more games, which the default values get.
func conforms(t *testing.T, reg *registry, spec *gameSpec, p *player, whole bool) {
	rng := rand.New(rand.NewPCG(1, 2))
	bot := reg.newBot(spec, p, rng)
	if f, ok := bot.(finisher); ok {
		t.Cleanup(func() { f.finish(spec.start(nil), errInterrupted) })
	}
	// Quick budgets, with a budget key the spec gives (a time no longer
	// than the quick one's; none in the fixed budget, which a count
	// bounds so that one seed plays one game).
	quick := Budget{Depth: 3, Time: 20 * time.Millisecond, Playouts: 200, Jobs: 1}
	fixed := Budget{Depth: 2, Playouts: 300, Jobs: 1}
	games := 3
	if !whole {
		games = 1
		own := p.budget()
		for _, key := range p.given {
			switch key {
			case "depth":
				quick.Depth, fixed.Depth = own.Depth, own.Depth
			case "playouts":
				quick.Playouts, fixed.Playouts = own.Playouts, own.Playouts
			case "time":
				quick.Time = min(quick.Time, own.Time)
			}
		}
	}
	// Legal moves, and the position unchanged, over random games played
	// out by the bot itself from random openings.
	for range games {
		g := conformanceGame(spec, rng)
		for !g.Over() {
			before := snapshot(spec, g)
			d := thinkOrFail(t, bot, g, quick)
			if after := snapshot(spec, g); after != before {
				t.Fatalf("Think changed the position %s into %s", before, after)
			}
			if !slices.Contains(g.Moves(nil), d.Move) {
				t.Fatalf("position %s: illegal move %d", spec.record(g), d.Move)
			}
			g.Play(d.Move)
		}
	}
	answersInTime(t, spec, bot, rng, games, whole)
	// With a fixed budget the same seed gives the same game.
	var records []string
	for range 2 {
		rng := rand.New(rand.NewPCG(7, 7))
		g := conformanceGame(spec, rng)
		b := reg.newBot(spec, p, rng)
		if err := playGame(context.Background(), g, botSeats(b, b, fixed), gameHooks{}); err != nil {
			t.Fatal(err)
		}
		records = append(records, spec.record(g))
	}
	if records[0] != records[1] {
		t.Errorf("same seed, different games:\n%s\n%s", records[0], records[1])
	}
}

// answersInTime is conforms's part that reads the clock: a cancelled
// caller gets a legal move at once, whatever the budget, and (whole) a
// time budget is kept, both through clockcheck_test.go.
func answersInTime(t *testing.T, spec *gameSpec, bot Bot, rng *rand.Rand, games int, whole bool) {
	t.Helper()
	// A cancelled caller gets a legal move at once, whatever the budget.
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for range 5 {
		g := conformanceGame(spec, rng)
		if g.Over() {
			continue
		}
		var d Decision
		inTime(t, fmt.Sprintf("position %s: cancelled", spec.record(g)), 0, 50*time.Millisecond, func() {
			d = bot.Think(cancelled, g, Budget{Time: time.Hour})
		})
		if !slices.Contains(g.Moves(nil), d.Move) {
			t.Errorf("position %s: cancelled, illegal move %d", spec.record(g), d.Move)
		}
	}
	// A time budget is kept (see keepsBudget). The first move of an
	// engine's process has the start-up allowance besides
	// (docs/engines.md): its process is started first.
	for range games {
		if g := conformanceGame(spec, rng); whole && !g.Over() {
			budget := Budget{Time: 60 * time.Millisecond}
			if _, ok := bot.(*engineBot); ok {
				thinkOrFail(t, bot, g, budget)
			}
			keepsBudget(t, bot, g, budget)
		}
	}
}

// conformanceSpecs are the specs TestConformance plays of a bot in a
// game: the bot with every default, then each key at each value other
// than its default that nonDefaults draws, and for an engine an option
// of its own.
func conformanceSpecs(b *botDecl, game *gameSpec) []string {
	specs := []string{b.name}
	for _, p := range b.params {
		for _, v := range nonDefaults(p, b.name, game) {
			specs = append(specs, b.name+":"+p.key+"="+v)
		}
	}
	if b.anyKey {
		specs = append(specs, b.name+":level=3")
	}
	return specs
}

// nonDefaults are values of a key other than its default in the game:
// every other word of a choice, the other switch, and a number or a time
// inside the range.
func nonDefaults(p param, bot string, spec *gameSpec) []string {
	game := spec.name
	def := p.defaultIn(spec, bot)
	var values []string
	switch p.kind {
	case kindChoice:
		for _, c := range p.choicesFor(game) {
			if c != def {
				values = append(values, c)
			}
		}
	case kindSwitch:
		values = []string{map[string]string{"on": "off", "off": "on"}[def]}
	case kindInt:
		v := int(p.min) + 1
		if strconv.Itoa(v) == def {
			v++
		}
		values = []string{strconv.Itoa(v)}
	case kindFloat:
		values = []string{strconv.FormatFloat((p.min+p.max)/4, 'g', -1, 64)}
	case kindDuration:
		values = []string{"10ms"}
	}
	return values
}

// thinkOrFail is bot's decision, failing the test if the bot (an engine)
// forfeits.
func thinkOrFail(t *testing.T, bot Bot, g Game, b Budget) Decision {
	t.Helper()
	f, ok := bot.(fallibleBot)
	if !ok {
		return bot.Think(context.Background(), g, b)
	}
	d, err := f.decide(context.Background(), g, b)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Every bot and game is registered once under a unique name, and help and
// error messages list them from the registry.
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range declared.games {
		for _, n := range append([]string{g.name}, g.aliases...) {
			if seen["game "+n] {
				t.Errorf("game name %q registered twice", n)
			}
			seen["game "+n] = true
		}
		if declared.findBot(g.seats.bot) == nil || declared.findBot(g.analyst.strongest) == nil {
			t.Errorf("%s: default bot %q or hint bot %q is not registered", g.name, g.seats.bot, g.analyst.strongest)
		}
		for _, sp := range g.specials() {
			if b := declared.findBot(sp.bot); b == nil || !b.plays(g) {
				t.Errorf("%s: special %s stands for no registered bot of the game", g.name, sp.bot)
			}
		}
	}
	for _, b := range declared.bots {
		if seen["bot "+b.name] {
			t.Errorf("bot %q registered twice", b.name)
		}
		seen["bot "+b.name] = true
		if b.about == "" {
			t.Errorf("bot %q has no description", b.name)
		}
		for _, g := range b.games {
			if _, err := findGame(g); err != nil {
				t.Errorf("bot %q plays unknown game %q", b.name, g)
			}
		}
		help := botHelp(&declared)
		listed := strings.Contains(help, "  "+b.name+" ")
		switch {
		case b.hidden && listed:
			t.Errorf("help lists the hidden bot %q", b.name)
		case !b.hidden && !listed:
			t.Errorf("help does not list bot %q", b.name)
		}
	}
}

// The README's bot table lists exactly the registered bots, each with the
// games it plays; the levels, hidden bots, have docs/levels.md.
func TestReadmeBotTable(t *testing.T) {
	section := readmeSection(t, "The bots")
	row := regexp.MustCompile("(?m)^\\| `([a-z0-9]+)` \\| [^|]+ \\| ([^|]+) \\|")
	var listed []string
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		listed = append(listed, m[1])
		b := declared.findBot(m[1])
		if b == nil {
			t.Errorf("README lists bot %q, which is not registered", m[1])
			continue
		}
		if got := strings.TrimSpace(m[2]); got != declared.gameTitles(b) {
			t.Errorf("README: %s plays %q; the registry says %q", m[1], got, declared.gameTitles(b))
		}
	}
	for _, b := range declared.bots {
		if !b.hidden && !slices.Contains(listed, b.name) {
			t.Errorf("README's bot table lacks %q", b.name)
		}
	}
}

// The README's flag table lists exactly the flags the program defines:
// each row's first cell names one flag or more, as `-name`.
func TestReadmeFlagTable(t *testing.T) {
	section := readmeSection(t, "Flags")
	row := regexp.MustCompile("(?m)^\\| ([^|]+) \\|")
	name := regexp.MustCompile("`-([a-z0-9-]+)`")
	listed := map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		for _, n := range name.FindAllStringSubmatch(m[1], -1) {
			listed[n[1]] = true
		}
	}
	table := flagTable(&declared)
	for n := range listed {
		if _, ok := findFlag(table, n); !ok {
			t.Errorf("README lists flag -%s, which the program does not define", n)
		}
	}
	for _, f := range table {
		if !listed[f.name] {
			t.Errorf("README's flag table lacks -%s", f.name)
		}
	}
}

// readmeSection is the README's section under "## heading", up to the
// next section of that level.
func readmeSection(t *testing.T, heading string) string {
	t.Helper()
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	start := strings.Index(text, "\n## "+heading+"\n")
	if start < 0 {
		t.Fatalf("README has no ## %s section", heading)
	}
	section := text[start+1:]
	if end := strings.Index(section[3:], "\n## "); end >= 0 {
		section = section[:end+3]
	}
	return section
}

// parseRecord's errors are -analyze's: what is wrong, at which move, in
// one line without the prompt's advice.
func TestParseRecordErrors(t *testing.T) {
	for _, tt := range []struct{ game, record, want string }{
		{"ttt", "044", "illegal: cell 4 is taken at move 3"},
		{"ttt", "0,1", `illegal: "," is not a move at move 2`},
		{"c4", "48", "illegal: 8 is off the board at move 2"},
		{"c4", "1111111", "illegal: column 1 is full at move 7"},
		{"c4", "4x", `illegal: "x" is not a column at move 2`},
		{"adj", "5,,6", "illegal: no move at move 2"},
		{"adj", "5,5", "illegal: cell 5 is taken at move 2"},
		{"adj", "5," + strings.Repeat("9", 100), `illegal: "9999999999999999"... is not a cell at move 2`},
	} {
		t.Run(tt.game+" "+tt.record[:min(len(tt.record), 10)], func(t *testing.T) {
			spec, _ := findGame(tt.game)
			if _, err := spec.parseRecord(tt.record, nil); err == nil || err.Error() != tt.want {
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
}

// keepsBudget checks that bot answers g with a legal move within b.Time
// and budgetGrace, less what the machine's other work made it wait (see
// clockcheck_test.go), and returns the decision.
func keepsBudget(t *testing.T, bot Bot, g Game, b Budget) Decision {
	t.Helper()
	var d Decision
	inTime(t, fmt.Sprintf("%s after %v, budget %v", bot.Name(), g.History(), b.Time), b.Time, budgetGrace(b.Time), func() {
		d = bot.Think(context.Background(), g, b)
	})
	if !slices.Contains(g.Moves(nil), d.Move) {
		t.Fatalf("after %v: illegal move %d", g.History(), d.Move)
	}
	return d
}

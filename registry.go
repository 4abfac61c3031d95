package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// The registries of games and bots. Each game and each bot declares itself
// once, in its own file, with an init that calls registerGame or
// registerBot; everything else (flags, help, the README check, hints, the
// conformance test) reads the lists here. Adding a bot or a game is one new
// file plus its tests.

// gameSpec is what the program knows of a game beyond its positions: names,
// notation, options, the original programs' messages and the defaults.
type gameSpec struct {
	name    string   // the -game value
	aliases []string // other accepted -game values
	title   string   // for headings and help
	order   int      // place in help and listings, lowest first
	// options are the game's own flags (Adjacency's -rounds).
	options []gameOption
	// check, when set, says what is wrong with option values that are
	// each in range but not together (Connect Four's width x height),
	// as a one-line flag error; values completed with the defaults.
	check func(opt gameOptions) error
	// newGame returns the starting position for option values that the
	// front end has checked and completed with the defaults.
	newGame func(opt gameOptions) Game
	// sep separates moves in a record ("" for one-character moves).
	sep string
	// Defaults of the original programs (SPEC.md).
	bot      string        // -bot
	botFirst bool          // -first bot
	depth    int           // -depth 0 means this; 0 here means to the end
	time     time.Duration // -time default; 0 means none
	openings int           // -openings default for matches: random plies before a game
	// playouts is mcts's count of playouts a move when the game has no
	// time limit and -playouts is not given: a count, so that a game
	// repeats on any machine, chosen so that a move takes under a second
	// on a busy 2-core machine (BenchmarkMCTSPlayouts: about 1.4 million
	// playouts a second in Tic-Tac-Toe, 850,000 in Connect Four on a quiet
	// one).
	playouts int
	intro    string // printed once before the first board
	prompt   string // the human's prompt
	// rules is the game's rules in a few lines, for the rules command.
	rules string
	// strongest is the bot behind "hint", with its budget.
	strongest  string
	hintBudget Budget
	// special lists the bots this game implements itself under a common
	// name: this is the one place that says so.
	special []specialBot
	// hint, when set, answers the in-game "hint" command instead of the
	// strongest bot's move and score (Connect Four shows every column).
	hint func(ctx context.Context, g Game, b Budget) string
	// finalScore, when set, is the -analyze answer for a finished position;
	// otherwise Final of the side to move.
	finalScore func(g Game) int
	// scores, when set, is the exact score of every move for the side to
	// move (-analyze -scores), by move number from 0 (Tic-Tac-Toe's
	// cells, Connect Four's columns), nil where no move is legal; jobs is
	// -jobs, the threads it may use.
	scores func(ctx context.Context, g Game, jobs int) []*int
	// symmetries map moves onto their images under the board's
	// symmetries that keep the starting position (not the identity):
	// openings that are images of each other count as one (openings.go).
	// They take the game's options (with defaults filled in), since an
	// image depends on the board's size. symmetryNote says which, for
	// messages.
	symmetries   []func(opt gameOptions, m Move) Move
	symmetryNote string
	// describe says a decision's score for the side to move in g in
	// words for a person: exact ("wins in 3 plies", "draw") where the
	// search saw the end of the game, else the evaluation's figure.
	describe func(g Game, d Decision) string
}

// gameOption is a whole-number flag that belongs to one game.
type gameOption struct {
	name, usage   string
	def, min, max int
}

// gameOptions are a game's option values by flag name.
type gameOptions map[string]int

// specialBot is a game's own implementation of a common bot name, such as
// Adjacency's bitboard alpha-beta: -v and -h name it by impl.
type specialBot struct {
	bot   string // the -bot name it answers to
	impl  string // its own name, e.g. "adjsearch"
	about string // one line for -h
	build func(rng *rand.Rand) Bot
}

// botSpec declares a bot: its -bot name, one line for help and the README,
// the games it plays and its constructor.
type botSpec struct {
	name  string
	about string
	order int // place in help and listings, lowest first
	// games are the games it plays by name; none means every game.
	games []string
	// hidden leaves it out of help's list, "accepted are" and
	// -tournament all: the levels, which are other bots at settings.
	hidden bool
	// build makes one bot, drawing every random choice from rng. A bot
	// belongs to one game at a time: matches build one per game.
	build func(rng *rand.Rand) Bot
}

var (
	gameRegistry []*gameSpec
	botRegistry  []*botSpec
)

// registerGame adds a game; called from the game file's init.
func registerGame(g *gameSpec) {
	gameRegistry = append(gameRegistry, g)
	slices.SortStableFunc(gameRegistry, func(a, b *gameSpec) int { return a.order - b.order })
}

// registerBot adds a bot; called from the bot file's init.
func registerBot(b *botSpec) {
	botRegistry = append(botRegistry, b)
	slices.SortStableFunc(botRegistry, func(a, b *botSpec) int { return a.order - b.order })
}

// findGame looks a -game value up, by its name or an alias, in any case
// (TTT, Connect4).
func findGame(name string) (*gameSpec, error) {
	for _, g := range gameRegistry {
		if strings.EqualFold(g.name, name) || slices.ContainsFunc(g.aliases, func(a string) bool { return strings.EqualFold(a, name) }) {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q: accepted are %s", name, gameList())
}

// gameList is the -game values with their aliases: "ttt (tictactoe), ...".
func gameList() string {
	var names []string
	for _, g := range gameRegistry {
		names = append(names, fmt.Sprintf("%s (%s)", g.name, strings.Join(g.aliases, ", ")))
	}
	return strings.Join(names, ", ")
}

// findBot looks a -bot value up in the registry, whatever the game and in
// any case (AlphaBeta); the registry's own spelling is the botSpec's name.
func findBot(name string) *botSpec {
	for _, b := range botRegistry {
		if strings.EqualFold(b.name, name) {
			return b
		}
	}
	return nil
}

// plays reports whether the bot plays the game.
func (b *botSpec) plays(g *gameSpec) bool {
	return len(b.games) == 0 || slices.Contains(b.games, g.name)
}

// gameTitles lists the titles of the games a bot plays, for help.
func (b *botSpec) gameTitles() string {
	var titles []string
	for _, g := range gameRegistry {
		if b.plays(g) {
			titles = append(titles, g.title)
		}
	}
	if len(titles) == len(gameRegistry) {
		return "all"
	}
	return strings.Join(titles, ", ")
}

// specialFor is the game's own implementation of a bot name, if it has one.
func (spec *gameSpec) specialFor(name string) *specialBot {
	for i := range spec.special {
		if spec.special[i].bot == name {
			return &spec.special[i]
		}
	}
	return nil
}

// newBot builds the named bot for this game, drawing randomness from rng:
// the game's own implementation if it has one, else the registered bot.
func (spec *gameSpec) newBot(name string, rng *rand.Rand) (Bot, error) {
	b := findBot(name)
	switch {
	case b == nil:
		return nil, fmt.Errorf("unknown bot %q: accepted are %s", name, strings.Join(spec.botNames(), ", "))
	case !b.plays(spec):
		return nil, fmt.Errorf("bot %q does not play %s: accepted are %s", name, spec.title, strings.Join(spec.botNames(), ", "))
	}
	if s := spec.specialFor(name); s != nil {
		return s.build(rng), nil
	}
	return b.build(rng), nil
}

// botNames are the bots that play this game, in registry order.
func (spec *gameSpec) botNames() []string {
	var names []string
	for _, b := range botRegistry {
		if b.plays(spec) && !b.hidden {
			names = append(names, b.name)
		}
	}
	return names
}

// implName is the name -v shows for a bot in this game: the -bot name,
// followed by the game's own implementation where it has one.
func (spec *gameSpec) implName(name string) string {
	if s := spec.specialFor(name); s != nil {
		return name + " [" + s.impl + "]"
	}
	return name
}

// defaults completes option values with the game's defaults; values it
// does not know are left out.
func (spec *gameSpec) defaults(opt gameOptions) gameOptions {
	full := gameOptions{}
	for _, o := range spec.options {
		v, ok := opt[o.name]
		if !ok {
			v = o.def
		}
		full[o.name] = v
	}
	return full
}

// start is the starting position for the given option values (nil for
// every default).
func (spec *gameSpec) start(opt gameOptions) Game { return spec.newGame(spec.defaults(opt)) }

// budget is the bot's budget in this game after the -depth and -time flags
// (zero values take the game's defaults; without a time, mcts gets the
// game's count of playouts).
func (spec *gameSpec) budget(depth int, limit time.Duration) Budget {
	b := Budget{Depth: depth, Time: limit}
	if b.Depth == 0 {
		b.Depth = spec.depth
	}
	if b.Time == 0 {
		b.Time = spec.time
	}
	if b.Time == 0 {
		b.Playouts = spec.playouts
	}
	return b
}

// parseRecord replays a record in the game's notation (SPEC: "Batch
// analysis") from the start, checking every move. Its error is worded for
// a batch reader, as -analyze prints it: what is wrong and at which move
// ("illegal: cell 4 is taken at move 3"), without the prompt's advice.
func (spec *gameSpec) parseRecord(record string, opt gameOptions) (Game, error) {
	g := spec.start(opt)
	if record == "" {
		return g, nil
	}
	// Split by "" splits into characters: one-character moves.
	for i, tok := range strings.Split(record, spec.sep) {
		m, err := g.ParseMove(tok)
		if err != nil {
			return nil, fmt.Errorf("illegal: %s at move %d", moveFault(tok, err), i+1)
		}
		g.Play(m)
	}
	return g, nil
}

// moveFault is what was wrong with a move token that ParseMove refused. An
// error that is only advice ("type a cell number ...") means the token is
// no move at all.
func moveFault(tok string, err error) string {
	var e *moveError
	switch {
	case tok == "":
		return "no move"
	case !errors.As(err, &e):
		return err.Error()
	case e.what == "":
		return quoteShort(tok) + " is not a move"
	}
	return e.what
}

// record writes a game's moves in its notation.
func (spec *gameSpec) record(g Game) string { return spec.line(g.History()) }

// line writes moves in the game's notation, as a record does. Every game
// here formats a move without looking at the position.
func (spec *gameSpec) line(moves []Move) string {
	g := spec.start(nil)
	parts := make([]string, len(moves))
	for i, m := range moves {
		parts[i] = g.FormatMove(m)
	}
	return strings.Join(parts, spec.sep)
}

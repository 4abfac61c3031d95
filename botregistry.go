package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"
)

// The registries of games and bots. Each game and each bot declares itself
// once, in its own file, with an init that calls registerGame or
// registerBot; a run then works on a registry value of its own (the
// declared games and bots, and the engines its command line declares),
// which help, flag checking, hints, the docs' tables and the conformance
// test all read. Adding a bot or a game is one new file plus its tests.

// gameSpec is a game's card: what the program knows of a game beyond its
// positions. The card is split by who reads it: its identity and rules
// options (the front ends and records), the seats it starts with (the
// command line), the words it speaks (the prompt), and how it is analysed
// (hint, -analyze). How its positions are judged is not here: its
// evaluators are (boteval.go), and its bots' defaults are the bots' own
// (each bot's params).
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
	// symmetries map moves onto their images under the board's
	// symmetries that keep the starting position (not the identity):
	// openings that are images of each other count as one (arenaopenings.go).
	// They take the game's options (with defaults filled in), since an
	// image depends on the board's size. symmetryNote says which, for
	// messages.
	symmetries   []func(opt gameOptions, m Move) Move
	symmetryNote string
	// special lists the bots this game implements itself under a common
	// name: this is the one place that says so.
	special []specialBot
	seats   seatDefaults
	words   gameWords
	analyst gameAnalyst
}

// seatDefaults are who plays a game when the command line does not say,
// as the original programs had it (docs/history.md), and how its matches
// open.
type seatDefaults struct {
	bot      string // -bot
	botFirst bool   // -first bot
	openings int    // -openings: random plies before each pair of games
	// exact, when set, is the bot for exact play where the other bots'
	// searches to the end of the game do not finish in practice
	// (Connect Four's solver): a spec that asks them for one is refused,
	// naming it.
	exact string
	// clock, when set, is the time a move of a bot that would search to
	// the end with no time limit (toTheEnd) and was given no time, on a
	// board of these options: 0 where such a search ends in practice
	// (Connect Four's 7x6, with its book), else a clock, so that the
	// game's own opponent never thinks without end.
	clock func(opt gameOptions) time.Duration
}

// gameWords are what the prompt says of a game.
type gameWords struct {
	intro  string // printed once before the first board
	prompt string // the human's prompt
	rules  string // the rules in a few lines, for the rules command
	// original says that piped output keeps the words of the program the
	// game comes from (docs/history.md), so that its sample game is
	// reproduced word for word: "playing by AI" before a bot's move, which
	// is not named, and "X win.", "O win." or "Draw" at the end. Other
	// games name each bot move and end "X wins", "O wins" or "Draw".
	original bool
	// describe says a decision's score for the side to move in g in
	// words for a person: exact ("wins in 3 plies", "draw") where the
	// search saw the end of the game, else the evaluation's figure.
	describe func(g Game, d Decision) string
}

// gameAnalyst is how a game answers hint and -analyze.
type gameAnalyst struct {
	// strongest is the bot behind "hint", with its budget.
	strongest  string
	hintBudget Budget
	// hint, when set, answers the in-game "hint" command instead of the
	// strongest bot's move and score (Connect Four shows every column),
	// with what the run's bots share (reg).
	hint func(ctx context.Context, reg *registry, g Game, b Budget) string
	// finalScore, when set, is the -analyze answer for a finished position;
	// otherwise Final of the side to move.
	finalScore func(g Game) int
	// scores, when set, is the exact score of every move for the side to
	// move (-analyze -scores), by move number from 0 (Tic-Tac-Toe's
	// cells, Connect Four's columns), nil where no move is legal; jobs is
	// -jobs, the threads it may use; reg is the run's, whose bots' table
	// it may share.
	scores func(ctx context.Context, reg *registry, g Game, jobs int) []*int
}

// gameOption is a whole-number flag that belongs to one game.
type gameOption struct {
	name, usage   string
	def, min, max int
}

// gameOptions are a game's option values by flag name.
type gameOptions map[string]int

// specialBot is a game's own implementation of a common bot name, such as
// Adjacency's bitboard alpha-beta: -v and -h name it by impl. It stands
// in only for the values it implements (fits): another evaluator, say,
// goes to the common bot.
type specialBot struct {
	bot   string // the -bot name it answers to
	impl  string // its own name, e.g. "adjsearch"
	about string // one line for -h
	fits  func(v paramValues) bool
	build func(c botConfig) Bot
}

// botDecl declares a bot: its name, one line for help and the README, the
// games it plays, the keys it reads and its constructor.
type botDecl struct {
	name  string
	about string
	order int // place in help and listings, lowest first
	// games are the games it plays by name; none means every game.
	games []string
	// hidden leaves it out of help's list, errors' lists of bots and
	// -tournament all: the levels, which are other bots at settings.
	hidden bool
	// params are the keys of its specs, in the order specs write them.
	params []param
	// anyKey accepts keys it does not declare, as they are typed: an
	// engine's options, which the engine reads.
	anyKey bool
	// traces says it answers -trace with what its search did.
	traces bool
	// toTheEnd says that with no time limit (time=0), and no depth limit
	// where it reads depth=, it searches to the end of the game, or may
	// hand its move to a bot that does (the levels): such a search may
	// not end in practice (seatDefaults.exact, seatDefaults.clock).
	toTheEnd bool
	// build makes one bot, drawing every random choice from c.rng. A
	// bot belongs to one game at a time: matches build one per game.
	build func(c botConfig) Bot
}

// botConfig is what a bot is built with: its game, its values, its
// source of randomness, and the run's registry (a level plays through
// another bot).
type botConfig struct {
	game *gameSpec
	vals paramValues
	// options are the keys a bot that takes any key (an engine) reads
	// itself, in the order given.
	options [][2]string
	rng     *rand.Rand
	reg     *registry
}

// registry is a run's games and bots, and what its bots share.
type registry struct {
	games []*gameSpec
	bots  []*botDecl
	// share is what the run's bots share from game to game (the Connect
	// Four solver's table), by name; nil in the declared registry, whose
	// bots keep their own.
	share *runShare
}

// runShare holds what the bots of one run share, each thing made on
// first use.
type runShare struct {
	mu    sync.Mutex
	items map[string]any
}

// running reports whether r is a run's registry, which keeps what its
// bots share (shared), rather than the declared one.
func (r *registry) running() bool { return r != nil && r.share != nil }

// shared is the run's thing named key, made by make on first use; without
// a run to keep it (a nil registry, the declared one) it is made anew.
// Safe for concurrent use: the games of a match run at once (-jobs).
func (r *registry) shared(key string, make func() any) any {
	if r == nil || r.share == nil {
		return make()
	}
	r.share.mu.Lock()
	defer r.share.mu.Unlock()
	v, ok := r.share.items[key]
	if !ok {
		v = make()
		r.share.items[key] = v
	}
	return v
}

// declared are the games and bots the program's files declare, filled as
// it starts (by the inits) and never changed after: every run copies it.
var declared registry

// registerGame adds a game; called from the game file's init.
func registerGame(g *gameSpec) {
	declared.games = append(declared.games, g)
	slices.SortStableFunc(declared.games, func(a, b *gameSpec) int { return a.order - b.order })
}

// registerBot adds a bot; called from the bot file's init.
func registerBot(b *botDecl) {
	declared.bots = append(declared.bots, b)
	slices.SortStableFunc(declared.bots, func(a, b *botDecl) int { return a.order - b.order })
}

// newRegistry is a run's registry: the declared games and bots, and
// the run's own (its engines) after them, each under a name no other
// has. Its error names the bot that cannot join.
func newRegistry(extra ...*botDecl) (*registry, error) {
	r := &registry{games: declared.games, bots: slices.Clone(declared.bots), share: &runShare{items: map[string]any{}}}
	for _, b := range extra {
		if r.findBot(b.name) != nil {
			return nil, fmt.Errorf("%s is declared twice, or is a built-in bot's name: choose another", b.name)
		}
		r.bots = append(r.bots, b)
	}
	return r, nil
}

// findGame looks a -game value up, by its name or an alias, in any case
// (TTT, Connect4).
func (r *registry) findGame(name string) (*gameSpec, error) {
	for _, g := range r.games {
		if strings.EqualFold(g.name, name) || slices.ContainsFunc(g.aliases, func(a string) bool { return strings.EqualFold(a, name) }) {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q: expected one of %s", name, r.gameList())
}

// gameList is the -game values with their aliases: "ttt (tictactoe), ...".
func (r *registry) gameList() string {
	var names []string
	for _, g := range r.games {
		names = append(names, fmt.Sprintf("%s (%s)", g.name, strings.Join(g.aliases, ", ")))
	}
	return orList(names)
}

// gameShortList is the -game values for help: each name with its
// shorter aliases, "ttt, connect4 (c4) or adjacency (adj)".
func (r *registry) gameShortList() string {
	var names []string
	for _, g := range r.games {
		var short []string
		for _, a := range g.aliases {
			if len(a) < len(g.name) {
				short = append(short, a)
			}
		}
		if len(short) > 0 {
			names = append(names, fmt.Sprintf("%s (%s)", g.name, strings.Join(short, ", ")))
		} else {
			names = append(names, g.name)
		}
	}
	return orList(names)
}

// gameNames are the -game values, names and aliases.
func (r *registry) gameNames() []string {
	var names []string
	for _, g := range r.games {
		names = append(append(names, g.name), g.aliases...)
	}
	return names
}

// findBot looks a bot's name up, whatever the game and in any case
// (AlphaBeta); the registry's own spelling is the botDecl's name.
func (r *registry) findBot(name string) *botDecl {
	for _, b := range r.bots {
		if strings.EqualFold(b.name, name) {
			return b
		}
	}
	return nil
}

// botNames are the bots that play the game, in registry order, the
// hidden ones left out.
func (r *registry) botNames(g *gameSpec) []string {
	var names []string
	for _, b := range r.bots {
		if b.plays(g) && !b.hidden {
			names = append(names, b.name)
		}
	}
	return names
}

// plays reports whether the bot plays the game.
func (b *botDecl) plays(g *gameSpec) bool {
	return len(b.games) == 0 || slices.Contains(b.games, g.name)
}

// param is the bot's declaration of key, if it reads it.
func (b *botDecl) param(key string) (param, bool) {
	i := slices.IndexFunc(b.params, func(p param) bool { return p.key == key })
	if i < 0 {
		return param{}, false
	}
	return b.params[i], true
}

// defaults are every key's default in the game.
func (b *botDecl) defaults(g *gameSpec) paramValues {
	v := paramValues{}
	for _, p := range b.params {
		v[p.key] = p.defaultFor(g.name)
	}
	return v
}

// build makes the bot for game g with values vals (nil: every default),
// drawing randomness from rng: the game's own implementation where it has
// one that fits the values, else the bot.
func (r *registry) build(g *gameSpec, b *botDecl, vals paramValues, rng *rand.Rand) Bot {
	if vals == nil {
		vals = b.defaults(g)
	}
	return r.buildWith(b, botConfig{game: g, vals: vals, rng: rng, reg: r})
}

// buildWith makes the bot b with c: the game's own implementation where
// it has one that fits c's values, else b.
func (r *registry) buildWith(b *botDecl, c botConfig) Bot {
	if s := c.game.specialFor(b.name, c.vals); s != nil {
		return s.build(c)
	}
	return b.build(c)
}

// gameTitles lists the titles of the games a bot plays, for help.
func (r *registry) gameTitles(b *botDecl) string {
	var titles []string
	for _, g := range r.games {
		if b.plays(g) {
			titles = append(titles, g.title)
		}
	}
	if len(titles) == len(r.games) {
		return "all"
	}
	return strings.Join(titles, ", ")
}

// specialFor is the game's own implementation of a bot name that fits
// the values, if it has one.
func (spec *gameSpec) specialFor(name string, vals paramValues) *specialBot {
	for i := range spec.special {
		if s := &spec.special[i]; s.bot == name && (s.fits == nil || s.fits(vals)) {
			return s
		}
	}
	return nil
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

// parseRecord replays a record in the game's notation (docs/analyze.md)
// from the start, checking every move. Its error is worded for
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

// moveTime is the game's default time a move (Adjacency's 5 s, the
// original's rule), as the time key declares it; 0 for none.
func (spec *gameSpec) moveTime() time.Duration {
	return paramValues{"time": timeParam.defaultFor(spec.name)}.duration("time")
}

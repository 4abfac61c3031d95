package main

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
)

// The registries of games and bots. Each game and each bot declares itself
// once, in its own file, with an init that calls registerGame or
// registerBot; a run then works on a registry value of its own (the
// declared games and bots, and the engines its command line declares),
// which help, flag checking, hints, the docs' tables and the conformance
// test all read. Adding a bot or a game is one new file plus its tests.

// botDecl declares a bot: its name, one line for help and the README, the
// games it plays, the keys it reads and its constructor.
type botDecl struct {
	name  string
	about string
	order int // place in help and listings, lowest first
	// games are the games it plays by name; none means every game.
	games []string
	// fits, when set, narrows the games to those whose card fits it:
	// the levels play the games that have levels.
	fits func(g *gameSpec) bool
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

// registerGame adds a game; called from the game file's init. Its
// evaluators become the game's (registryeval.go), and its positions'
// type leads back to its card (cardOf).
func registerGame(g *gameSpec) {
	if n := len(g.levels); n != 0 && n != levelCount {
		panic(fmt.Sprintf("%s: %d levels; a game has none or %d", g.name, n, levelCount))
	}
	declared.games = append(declared.games, g)
	slices.SortStableFunc(declared.games, func(a, b *gameSpec) int { return a.order - b.order })
	gameEvaluators[g.name] = g.evaluators
	cards[reflect.TypeOf(g.start(nil))] = g
}

// scoringGames are the titles of the games whose strongest bot scores
// every move (-analyze -scores), for the error that lists them; the
// bots are built with the declared registry, which shares no table.
func (r *registry) scoringGames() string {
	var titles []string
	for _, g := range r.games {
		if d := r.findBot(g.analyst.strongest); d != nil {
			if _, ok := declared.build(g, d, d.defaults(g), nil).(moveScorer); ok {
				titles = append(titles, g.title)
			}
		}
	}
	return orList(titles)
}

// cards are the games' cards by the type of their positions.
var cards = map[reflect.Type]*gameSpec{}

// cardOf is the card of g's game: how a search or a host that is handed
// a position finds the game's facts (its default evaluator, its name in
// the engine protocol) without switching on its type.
func cardOf(g Game) *gameSpec { return cards[reflect.TypeOf(g)] }

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
		name := g.name
		if len(g.aliases) > 0 {
			name += " (" + strings.Join(g.aliases, ", ") + ")"
		}
		names = append(names, name)
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

// botNames are the bots that play the game, in registry order; the
// hidden ones (the levels), which lists such as "all" leave out, only
// with hidden, for a message saying what is accepted.
func (r *registry) botNames(g *gameSpec, hidden bool) []string {
	var names []string
	for _, b := range r.bots {
		if b.plays(g) && (hidden || !b.hidden) {
			names = append(names, b.name)
		}
	}
	return names
}

// plays reports whether the bot plays the game.
func (b *botDecl) plays(g *gameSpec) bool {
	return (len(b.games) == 0 || slices.Contains(b.games, g.name)) && (b.fits == nil || b.fits(g))
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
		v[p.key] = p.defaultIn(g, b.name)
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

// defaultEval is the default evaluator of g's game, for a search built
// without one (a test's, mostly); a game without evaluators is judged
// by its final score alone, 0 for an unfinished position.
func defaultEval(g Game) evalFunc {
	if spec := cardOf(g); spec != nil && len(spec.evaluators) > 0 {
		return spec.evaluators[0].score
	}
	return func(Game, Side) int { return 0 }
}

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

// gameSpecials are the bots each game implements itself under a common
// name, by game name: the searches of a game's own (Adjacency's bitboard
// alpha-beta) join its card from their own group, which the game's group
// does not know. Filled as the program starts, never changed after.
var gameSpecials = map[string][]specialBot{}

// registerSpecial declares a game's own implementation of a common bot
// name; called from the implementing group's init.
func registerSpecial(game string, s specialBot) {
	gameSpecials[game] = append(gameSpecials[game], s)
}

// specials are the bots the game implements itself.
func (spec *gameSpec) specials() []specialBot { return gameSpecials[spec.name] }

// specialFor is the game's own implementation of a bot name that fits
// the values, if it has one.
func (spec *gameSpec) specialFor(name string, vals paramValues) *specialBot {
	specials := gameSpecials[spec.name]
	for i := range specials {
		if s := &specials[i]; s.bot == name && (s.fits == nil || s.fits(vals)) {
			return s
		}
	}
	return nil
}

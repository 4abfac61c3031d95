package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// The game's card: everything the program knows of a game beyond its
// positions and rules, in one place, so that no other group switches on
// a game (docs/development.md, "A new game").

// gameSpec is a game's card: what the program knows of a game beyond its
// positions. The card is split by who reads it: its identity and rules
// options (the front ends and records), the seats it starts with (the
// command line), the words it speaks (the prompt), how its positions are
// judged (evaluators, the bots' defaults in it, the levels), how engines
// are told of it (protocol), and how it is analysed (hint, -analyze).
// The game's group fills it and knows no search; a search of the game's
// own joins it with registerSpecial.
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
	// optionsOf is the option values a position was started with (its
	// board's size), for the engine protocol and the records; nil for a
	// game without options.
	optionsOf func(g Game) gameOptions
	// evaluators are the game's named evaluation functions, its default
	// first (registryeval.go); a game without any has searches judge
	// positions they cannot search to the end by the final score only.
	evaluators []evaluator
	// botDefaults are the game's own defaults for bots' keys, where the
	// key's declared default does not suit the game: "BOT.KEY" for one
	// bot, or "KEY" for every bot whose key takes the game's default
	// (param.gameDefault). Connect Four's alpha-beta searches 7 plies,
	// Adjacency's bots think 5 s a move.
	botDefaults map[string]string
	// levels are the game's -level opponents, easiest first: none, or
	// exactly levelCount of them (docs/levels.md). A game without levels
	// says so when asked for one.
	levels   []levelPlan
	protocol gameProtocol
	seats    seatDefaults
	words    gameWords
	analyst  gameAnalyst
}

// levelCount is how many levels a game with levels has.
const levelCount = 5

// levelPlan is how one level plays one game.
type levelPlan struct {
	depth int     // plies of the scoring search; 0 means to the end of the game
	temp  float64 // softmax temperature, in the game's score units; 0: the best moves only
	// bot, when set, plays the level instead: the game's strong bot, with
	// the run's budget, and its depth limit when depth is set.
	bot string
}

// gameProtocol is how the engine protocol names the game
// (docs/engines.md): the word after "game", the options after it (the
// card's options, in their order, from optionsOf), and what a move looks
// like, for an engine that answered something else.
type gameProtocol struct {
	name    string
	expects func(g Game) string
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
	// original says that a game with a person's moves piped in keeps the
	// words of the program the game comes from (docs/history.md), so that
	// its sample game is reproduced word for word: "playing by AI" before
	// a bot's move, which is not named, and "X win.", "O win." or "Draw"
	// at the end. Otherwise each bot move is named, and the game ends "X
	// wins", "O wins" or "Draw".
	original bool
	// describe says a decision's score for the side to move in g in
	// words for a person: exact ("wins in 3 plies", "draw") where the
	// search saw the end of the game, else the evaluation's figure.
	describe func(g Game, d Decision) string
}

// gameAnalyst is how a game answers hint and -analyze.
type gameAnalyst struct {
	// strongest is the bot behind "hint", with its budget.
	strongest string
	// The strongest bot may also score every move exactly (moveScorer:
	// -analyze -scores) and give a hint of its own (hinter).
	hintBudget Budget
	// finalScore, when set, is the -analyze answer for a finished position;
	// otherwise Final of the side to move.
	finalScore func(g Game) int
}

// moveScorer is a bot that gives the exact score of every legal move for
// the side to move (-analyze -scores): the game's strongest bot, where it
// can. jobs is -jobs, the threads it may use. A move missing from the
// answer was not proved before ctx ended.
type moveScorer interface {
	exactScores(ctx context.Context, g Game, jobs int) map[Move]int
}

// hinter is a bot whose hint adds more than its move and score: the
// Connect Four solver shows every column's score.
type hinter interface {
	hint(ctx context.Context, g Game, jobs int) string
}

// gameOption is a whole-number flag that belongs to one game.
type gameOption struct {
	name, usage   string
	def, min, max int
}

// gameOptions are a game's option values by flag name.
type gameOptions map[string]int

// protocolOptions are the game's options as the engine protocol writes
// them after its name: " width 7 height 6", "" for none.
func (spec *gameSpec) protocolOptions(g Game) string {
	if spec.optionsOf == nil {
		return ""
	}
	opt := spec.optionsOf(g)
	var b strings.Builder
	for _, o := range spec.options {
		fmt.Fprintf(&b, " %s %d", o.name, opt[o.name])
	}
	return b.String()
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

// startField is the start position's field, in and out: the engine
// protocol's "position -" (docs/engines.md), so that every answer has
// its position as the first of five fields and a script reads the
// columns alike (docs/analyze.md). An empty line is the start too.
const startField = "-"

// positionField is the position a line asks about, as its answer names
// it, and its record: the line's first field, where "-" and an empty
// line are the start, whose record is "".
func positionField(line string) (pos, record string) {
	pos = startField
	if fields := strings.Fields(line); len(fields) > 0 {
		pos = fields[0]
	}
	if pos != startField {
		record = pos
	}
	return pos, record
}

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
// original's rule), as its card gives the time key; 0 for none.
func (spec *gameSpec) moveTime() time.Duration {
	return paramValues{"time": spec.botDefaults["time"]}.duration("time")
}

// scoresByNumber is scorer's exact score of every legal move of g, by
// move number from 0 up to the highest move of the game's start
// (Tic-Tac-Toe's cells, Connect Four's columns): nil where a move is not
// legal here or was not proved before ctx ended.
func scoresByNumber(ctx context.Context, scorer moveScorer, g Game, jobs int) []*int {
	start := g.Clone()
	for range g.History() {
		start.Undo()
	}
	n := 0
	for _, m := range start.Moves(nil) {
		n = max(n, int(m)+1)
	}
	out := make([]*int, n)
	if g.Over() {
		return out
	}
	for m, v := range scorer.exactScores(ctx, g, jobs) {
		if int(m) < n {
			out[m] = &v
		}
	}
	return out
}

// gameDefault is the game's own default for the key of bot, if its card
// has one: for that bot ("BOT.KEY"), else for every bot ("KEY").
func (p param) gameDefault(spec *gameSpec, bot string) (string, bool) {
	if p.fixed {
		return "", false
	}
	if v, ok := spec.botDefaults[bot+"."+p.key]; ok {
		return v, true
	}
	v, ok := spec.botDefaults[p.key]
	return v, ok
}

// defaultIn is the key's default for bot in the game: the card's, else
// the declared one, else (a choice declared without one) the game's
// first word.
func (p param) defaultIn(spec *gameSpec, bot string) string {
	if v, ok := p.gameDefault(spec, bot); ok {
		return v
	}
	if choices := p.choicesFor(spec.name); p.def == "" && p.kind == kindChoice && len(choices) > 0 {
		return choices[0] // the first word: the game's own
	}
	return p.def
}

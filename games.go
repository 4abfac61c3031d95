package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// gameSpec is what the program knows of a game beyond its positions: names,
// notation, the original programs' messages and the per-game defaults.
type gameSpec struct {
	name    string   // the -game value
	aliases []string // other accepted -game values
	title   string   // for headings and help
	// newGame returns the starting position; rounds matters to Adjacency only.
	newGame func(rounds int) Game
	// sep separates moves in a record ("" for one-character moves).
	sep string
	// Defaults of the original programs (SPEC.md).
	bot        string        // -bot
	botFirst   bool          // -first bot
	depth      int           // -depth 0 means this; 0 here means to the end
	time       time.Duration // -time default; 0 means none
	intro      string        // printed once before the first board
	prompt     string        // the human's prompt
	strongest  string        // the bot behind "hint"
	hintBudget Budget        // its budget for a hint
	// bot builds a bot only this game has (or a specialised one under a
	// common name); nil, false sends the name to the shared bots.
	ownBot func(name string, rng *rand.Rand) (Bot, bool)
	// hint, when set, answers the in-game "hint" command instead of the
	// strongest bot's move and score (Connect Four shows every column).
	hint func(ctx context.Context, g Game) string
	// finalScore, when set, is the -analyze answer for a finished position;
	// otherwise Final of the side to move.
	finalScore func(g Game) int
}

// games lists every game, in the order help shows them.
var games = []*gameSpec{
	{
		name:       "ttt",
		aliases:    []string{"tictactoe"},
		title:      "Tic-Tac-Toe",
		newGame:    func(int) Game { return NewTicTacToe() },
		bot:        "minimax",
		botFirst:   true,
		intro:      "please select number to mark",
		prompt:     "Enter the number: ",
		strongest:  "alphabeta",
		hintBudget: Budget{},
	},
	{
		name:       "connect4",
		aliases:    []string{"c4"},
		title:      "Connect Four",
		newGame:    func(int) Game { return NewConnectFour() },
		bot:        "solver",
		botFirst:   false,
		depth:      c4DefaultDepth,
		time:       c4DefaultTime,
		intro:      "drop a stone: type the column number 1-7 shown under the board",
		prompt:     "Enter the column: ",
		strongest:  "solver",
		hintBudget: Budget{Time: c4HintTime},
		ownBot:     c4Bot,
		hint:       c4Hint,
		finalScore: c4FinalScore,
	},
	{
		name:       "adjacency",
		aliases:    []string{"adj"},
		title:      "Adjacency",
		newGame:    func(rounds int) Game { return NewAdjacency(rounds) },
		sep:        ",",
		bot:        "alphabeta",
		botFirst:   false,
		time:       5 * time.Second,
		depth:      0,
		intro:      "mark an empty cell: the enemy marks above, below, left and right of it become yours; most marks after the last round wins",
		prompt:     "Enter the number: ",
		strongest:  "alphabeta",
		hintBudget: Budget{Time: time.Second},
		ownBot: func(name string, _ *rand.Rand) (Bot, bool) {
			switch name {
			case "alphabeta":
				return NewAdjBot(true), true
			case "minimax":
				return NewAdjBot(false), true
			}
			return nil, false
		},
	},
}

// allBots are the -bot values of all games, for help.
var allBots = []string{"minimax", "alphabeta", "local", "rollout", "genetic", "solver", "random"}

// findGame looks a -game value up.
func findGame(name string) (*gameSpec, error) {
	var names []string
	for _, g := range games {
		if g.name == name {
			return g, nil
		}
		for _, a := range g.aliases {
			if a == name {
				return g, nil
			}
		}
		names = append(names, g.name)
	}
	return nil, fmt.Errorf("unknown game %q: accepted are %s", name, strings.Join(names, ", "))
}

// newBot builds the named bot for a game, drawing randomness from rng.
func (spec *gameSpec) newBot(name string, rng *rand.Rand) (Bot, error) {
	if b, ok := spec.lookupBot(name, rng); ok {
		return b, nil
	}
	if !slices.Contains(allBots, name) {
		return nil, fmt.Errorf("unknown bot %q: accepted are %s", name, strings.Join(spec.botNames(), ", "))
	}
	return nil, fmt.Errorf("bot %q does not play %s: accepted are %s", name, spec.title, strings.Join(spec.botNames(), ", "))
}

// lookupBot builds the named bot if it plays this game: the game's own
// bots first, then the shared ones.
func (spec *gameSpec) lookupBot(name string, rng *rand.Rand) (Bot, bool) {
	if spec.ownBot != nil {
		if b, ok := spec.ownBot(name, rng); ok {
			return b, true
		}
	}
	switch name {
	case "minimax":
		return SearchBot{}, true
	case "alphabeta":
		return SearchBot{Prune: true}, true
	case "random":
		return RandomBot{rng: rng}, true
	}
	return sharedBot(name, rng)
}

// botNames are the bots that play this game.
func (spec *gameSpec) botNames() []string {
	var names []string
	for _, name := range allBots {
		if _, ok := spec.lookupBot(name, rand.New(rand.NewPCG(0, 0))); ok {
			names = append(names, name)
		}
	}
	return names
}

// sharedBot builds the bots of their own files (local search, genetic) that
// play every game; it grows as they land.
func sharedBot(name string, rng *rand.Rand) (Bot, bool) {
	switch name {
	case "local":
		return LocalBot{}, true
	case "rollout":
		return RolloutBot{}, true
	case "genetic":
		return NewGeneticBot(rng), true
	}
	return nil, false
}

// budget is the bot's budget in this game after the -depth and -time flags
// (zero values take the game's defaults).
func (spec *gameSpec) budget(depth int, limit time.Duration) Budget {
	b := Budget{Depth: depth, Time: limit}
	if b.Depth == 0 {
		b.Depth = spec.depth
	}
	if b.Time == 0 {
		b.Time = spec.time
	}
	return b
}

// parseRecord replays a record in the game's notation (SPEC: "Batch
// analysis") from the start, checking every move.
func (spec *gameSpec) parseRecord(record string, rounds int) (Game, error) {
	g := spec.newGame(rounds)
	if record == "" {
		return g, nil
	}
	var tokens []string
	if spec.sep == "" {
		tokens = strings.Split(record, "")
	} else {
		tokens = strings.Split(record, spec.sep)
	}
	for i, tok := range tokens {
		m, err := g.ParseMove(tok)
		if err != nil {
			return nil, fmt.Errorf("move %d (%s): %v", i+1, tok, err)
		}
		g.Play(m)
	}
	return g, nil
}

// record writes a game's moves in its notation.
func (spec *gameSpec) record(g Game) string {
	parts := make([]string, len(g.History()))
	for i, m := range g.History() {
		parts[i] = g.FormatMove(m)
	}
	return strings.Join(parts, spec.sep)
}

package main

import (
	"fmt"
	"time"
)

// Adjacency's card: its names, its rounds option, defaults and messages, and
// the bitboard search that stands in for minimax and alpha-beta here.

// adjRules are the rules for the rules command and the intro.
const adjRules = `Adjacency: X starts with four marks bottom-left, O with four top-right.
In turn, X first, each side marks any empty cell; every enemy mark directly
above, below, left or right of it turns to the mover's. A round is a move
each; after the last round the side with more marks wins. Type a cell
number 0-63 (an empty cell shows its number), or its row and column
counted from 0, like "6 2".`

func init() {
	registerGame(&gameSpec{
		name:    "adjacency",
		aliases: []string{"adj"},
		title:   "Adjacency",
		order:   3,
		options: []gameOption{{name: "rounds", usage: "Adjacency rounds, 2..28",
			def: 8, min: adjMinRounds, max: adjMaxRounds}},
		newGame: func(opt gameOptions) Game { return NewAdjacency(opt["rounds"]) },
		sep:     ",",
		seats:   seatDefaults{bot: "alphabeta", openings: 2},
		words: gameWords{intro: "mark an empty cell: the enemy marks above, below, left and right of it become yours; most marks after the last round wins",
			prompt: "Enter the number: ", rules: adjRules, describe: adjDescribe},
		analyst:     gameAnalyst{strongest: "alphabeta", hintBudget: Budget{Time: time.Second}},
		evaluators:  adjEvaluators(),
		botDefaults: map[string]string{"time": "5s"},
		levels:      adjLevels,
		optionsOf:   func(g Game) gameOptions { return gameOptions{"rounds": g.(*Adjacency).rounds} },
		protocol:    gameProtocol{name: "adjacency", expects: func(Game) string { return "an empty cell 0-63" }},
		// The anti-diagonal, (r, c) to (7-c, 7-r), keeps both sides'
		// corners; every other symmetry of the square swaps X's and O's.
		symmetries:   []func(gameOptions, Move) Move{func(_ gameOptions, m Move) Move { return Move((7-int(m)%8)*8 + 7 - int(m)/8) }},
		symmetryNote: "mirror images in the anti-diagonal counted once",
	})
}

// adjLevels are Adjacency's levels, easiest first: the temperatures in
// marks, the course objective's unit, and the top two the game's own
// search, at depth 5 and at the run's time (docs/levels.md).
var adjLevels = []levelPlan{
	{depth: 1, temp: 3},
	{depth: 2, temp: 1.5},
	{depth: 3, temp: 0.5},
	{bot: "alphabeta", depth: 5},
	{bot: "alphabeta"}, // the game's own search, at the run's time
}

// adjDescribe: an Adjacency score is the mark margin, exact once the
// search reached the last round, otherwise the course's objective. A
// search that proved the result but had no time left to find its margin
// says so: its score is the result's smallest margin.
func adjDescribe(g Game, d Decision) string {
	a := g.(*Adjacency)
	if d.Depth >= 2*a.rounds-len(a.history) {
		least := ""
		if !d.Proof.Exact {
			least = "at least "
		}
		switch {
		case d.Score > 0:
			return "wins by " + least + plural(d.Score, "mark", "marks")
		case d.Score < 0:
			return "loses by " + least + plural(-d.Score, "mark", "marks")
		}
		return "draw"
	}
	return fmt.Sprintf("%+d by the course's objective, a guess from depth %d", d.Score, d.Depth)
}

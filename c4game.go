package main

import (
	"fmt"
	"time"
)

// Connect Four's card: its names, defaults, messages and hint, registered
// with the game registry. The rules live in connect4.go, the solver in the
// c4*.go files below this one.

func init() {
	registerGame(&gameSpec{
		name:    "connect4",
		aliases: []string{"c4"},
		title:   "Connect Four",
		order:   2,
		options: []gameOption{
			{name: "width", usage: "Connect Four columns, 4..12; width x (height+1) at most 64",
				def: c4Width, min: c4MinSide, max: c4MaxWidth},
			{name: "height", usage: "Connect Four rows, 4..15",
				def: c4Height, min: c4MinSide, max: c4MaxHeight},
		},
		check:   func(opt gameOptions) error { return c4SizeError(opt["width"], opt["height"]) },
		newGame: func(opt gameOptions) Game { return NewConnectFourSize(opt["width"], opt["height"]) },
		seats:   seatDefaults{bot: "solver", openings: 2, exact: "solver", clock: c4SizeClockFor},
		words: gameWords{intro: "drop a stone: type the number of a column, as shown under the board",
			prompt: "Enter the column: ", rules: c4Rules, describe: c4Describe},
		analyst:     gameAnalyst{strongest: "solver", hintBudget: Budget{Time: c4HintTime}, finalScore: c4FinalScore},
		evaluators:  c4Evaluators(),
		botDefaults: map[string]string{"minimax.depth": "7", "alphabeta.depth": "7", "mcts.playouts": "100000", "local.temperature": "20"},
		levels:      c4Levels,
		optionsOf: func(g Game) gameOptions {
			geo := g.(*ConnectFour).geo
			return gameOptions{"width": geo.width, "height": geo.height}
		},
		protocol: gameProtocol{name: "connect4", expects: func(g Game) string {
			return "a column with room, " + c4Columns(g.(*ConnectFour).geo.width)
		}},
		// Left and right: column c is column width-1-c in the mirror.
		symmetries:   []func(gameOptions, Move) Move{func(opt gameOptions, m Move) Move { return Move(opt["width"]-1) - m }},
		symmetryNote: "mirror images counted once",
	})
}

// c4Levels are Connect Four's levels, easiest first: the temperatures in
// tens, the steps of the student paper's count (docs/history.md), and the
// top level the solver (docs/levels.md).
var c4Levels = []levelPlan{
	{depth: 1, temp: 40},
	{depth: 2, temp: 20},
	{depth: 4, temp: 8},
	{depth: 8, temp: 2},
	{bot: "solver"}, // perfect
}

// c4SizeClockFor is the time a move of a bot that would search to the end
// (the solver, by default) when no time is given: none on 7x6, which
// its book answers at once, and c4SizeClock on every other board, whose
// searches from scratch take minutes or hours (docs/connect4-sizes.md).
func c4SizeClockFor(opt gameOptions) time.Duration {
	if opt["width"] == c4Width && opt["height"] == c4Height {
		return 0
	}
	return c4SizeClock
}

// c4SizeClock is c4SizeClockFor off 7x6: Adjacency's time a move, and an
// engine's where the game sets none.
const c4SizeClock = 5 * time.Second

// c4Rules are the rules for the rules command.
const c4Rules = `Connect Four: X and O take turns dropping a stone into one of the
columns (seven of six cells, unless -width and -height say otherwise), X
first; it falls to the lowest free cell. Four stones in a row, across, up
or diagonally, win; a full board is a draw. Type the column number printed
under the board (a, b, c for columns 10-12 of the widest boards).`

// c4Describe: the solver's scores are exact (22 minus the winner's stone
// count on 7x6), the plies to the end following from the score; the
// student paper's alpha-beta and minimax (docs/history.md) score wins
// and losses as ±512 and guess the rest, on a scale whose small values
// look like the solver's; the solver out of time says what its score
// rests on (Basis).
func c4Describe(g Game, d Decision) string {
	switch {
	case d.Proof.Exact:
		return inPlies(d.Score, c4AnyPlies(g.(*ConnectFour).geo.cells, d.Score, len(g.History())))
	case endsGame(g, d.PV):
		return inPlies(d.Score, len(d.PV))
	case d.Proof.Basis != "":
		return fmt.Sprintf("%+d: %s", d.Score, d.Proof.Basis)
	}
	return fmt.Sprintf("%+d by the seed's line count, a guess from depth %d", d.Score, d.Depth)
}

// c4FinalScore is the score of a finished game (docs/connect4.md,
// "Scores") for the side to move: the loser, so minus the winner's
// score, or 0 for a draw.
func c4FinalScore(g Game) int {
	c := g.(*ConnectFour)
	if c.Winner() == Nobody {
		return 0
	}
	// The winner's last stone fell on len-1 stones: (W*H+1 - (len-1))/2,
	// 22 minus the winner's stones on 7x6.
	return -((c.geo.cells + 2 - len(c.history)) / 2)
}

// c4HintTime is what a hint may take (c4game.go): the solver has no time
// limit by default, and on 7x6 answers from the book or within a second,
// but other sizes search from scratch, the largest for minutes.
const c4HintTime = 10 * time.Second

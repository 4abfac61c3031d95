package main

import "fmt"

// Tic-Tac-Toe's card: its names, the defaults and messages of the original
// Java program, and its scores in words.

// tttDescribe: a Tic-Tac-Toe score is exact when the line ends the game
// (10 minus the plies to a win); otherwise it counts open lines.
func tttDescribe(g Game, d Decision) string {
	if endsGame(g, d.PV) {
		return inPlies(d.Score, tttWin-max(d.Score, -d.Score))
	}
	return fmt.Sprintf("%+d by the open-lines count, a guess from depth %d", d.Score, d.Depth)
}

func init() {
	registerGame(&gameSpec{
		name:         "ttt",
		aliases:      []string{"tictactoe"},
		title:        "Tic-Tac-Toe",
		order:        1,
		newGame:      func(gameOptions) Game { return NewTicTacToe() },
		seats:        seatDefaults{bot: "minimax", botFirst: true},
		words:        gameWords{intro: "please select number to mark", prompt: "Enter the number: ", rules: tttRules, describe: tttDescribe, original: true},
		analyst:      gameAnalyst{strongest: "alphabeta"},
		evaluators:   tttEvaluators(),
		botDefaults:  map[string]string{"mcts.playouts": "20000"},
		levels:       tttLevels,
		protocol:     gameProtocol{name: "tictactoe", expects: func(Game) string { return "an empty cell 0-8" }},
		symmetries:   tttImages(),
		symmetryNote: "rotations and reflections counted once",
	})
}

// tttLevels are Tic-Tac-Toe's levels, easiest first: the temperatures in
// steps of the open-lines count, which moves by ones (docs/levels.md).
var tttLevels = []levelPlan{
	{depth: 1, temp: 3},
	{depth: 2, temp: 1.5},
	{depth: 3, temp: 0.7},
	{depth: 5, temp: 0.3},
	{temp: 0}, // perfect: any move that keeps the game's value
}

// tttRules are the rules for the rules command.
const tttRules = `Tic-Tac-Toe: X and O take turns marking an empty cell of the 3x3 grid,
X first. Three marks in a row, a column or a diagonal win; a full grid
without one is a draw. Type a cell number 0-8 (an empty cell shows its
number), or its row and column counted from 0, like "1 2".`

// tttImages are the grid's seven symmetries besides the identity: the
// rotations by a quarter, a half and three quarters, and the four
// reflections, each as a map of cells.
func tttImages() []func(gameOptions, Move) Move {
	cell := func(f func(r, c int) (int, int)) func(gameOptions, Move) Move {
		return func(_ gameOptions, m Move) Move {
			r, c := f(int(m)/3, int(m)%3)
			return Move(r*3 + c)
		}
	}
	return []func(gameOptions, Move) Move{
		cell(func(r, c int) (int, int) { return c, 2 - r }),     // a quarter turn
		cell(func(r, c int) (int, int) { return 2 - r, 2 - c }), // a half turn
		cell(func(r, c int) (int, int) { return 2 - c, r }),     // three quarters
		cell(func(r, c int) (int, int) { return r, 2 - c }),     // left and right
		cell(func(r, c int) (int, int) { return 2 - r, c }),     // top and bottom
		cell(func(r, c int) (int, int) { return c, r }),         // the diagonal
		cell(func(r, c int) (int, int) { return 2 - c, 2 - r }), // the other diagonal
	}
}

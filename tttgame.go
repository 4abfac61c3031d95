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
		name:       "ttt",
		aliases:    []string{"tictactoe"},
		title:      "Tic-Tac-Toe",
		order:      1,
		newGame:    func(gameOptions) Game { return NewTicTacToe() },
		bot:        "minimax",
		botFirst:   true,
		intro:      "please select number to mark",
		playouts:   20_000,
		prompt:     "Enter the number: ",
		rules:      tttRules,
		strongest:  "alphabeta",
		hintBudget: Budget{},
		describe:   tttDescribe,
	})
}

// tttRules are the rules for the rules command.
const tttRules = `Tic-Tac-Toe: X and O take turns marking an empty cell of the 3x3 grid,
X first. Three marks in a row, a column or a diagonal win; a full grid
without one is a draw. Type a cell number 0-8 (an empty cell shows its
number), or its row and column counted from 0, like "1 2".`

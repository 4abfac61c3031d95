package main

import "math/bits"

// Tic-Tac-Toe's evaluator: a depth-limited search of this game has only
// open lines to judge by.

// tttEvaluators are the game's evaluators for its card, its default first.
func tttEvaluators() []evaluator {
	return []evaluator{
		{name: "lines", score: tttOpenLines,
			about: "open lines: each mark in a line the opponent has no mark in counts 1"},
		{name: "reply-lines", score: replyEval(tttOpenLines, tttLimit),
			about: "open lines, counted after the best reply of the side to move"},
	}
}

// tttLimit is the bound of the open-line count, half a win.
func tttLimit(Game) int { return tttWin / 2 }

// tttOpenLines counts open lines for side s: a line only s holds is worth
// 1 per mark, the opponent's the same against; kept within ±5, half a
// win, which a win found within four plies outranks (a win later than
// that scores 10 less its plies, 5 or less, and can tie or trail the
// count; only searches that stop short of the end see the count at all).
func tttOpenLines(g Game, s Side) int {
	t := g.(*TicTacToe)
	score := 0
	for _, l := range tttLines {
		mine, theirs := bits.OnesCount16(t.marks[s]&l), bits.OnesCount16(t.marks[s.Other()]&l)
		switch {
		case theirs == 0:
			score += mine
		case mine == 0:
			score -= theirs
		}
	}
	return max(-tttWin/2, min(tttWin/2, score))
}

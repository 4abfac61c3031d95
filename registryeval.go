package main

import (
	"slices"
)

// Evaluation functions, apart from the rules (as OpenSpiel passes an
// evaluator to a bot): a depth-limited search judges the positions it
// cannot search to their end with one of its game's named evaluators,
// chosen with eval=NAME. Each game declares its own in its own file
// (ttteval.go, c4eval.go, adjeval.go), its default first.

// evaluator is one named evaluation function of a game.
type evaluator struct {
	name  string
	about string // one line, for help and docs/bots.md
	// score estimates an unfinished position for side me. It must stay
	// below the magnitude of a decided Final, so that a real win
	// outranks any estimate (the searches score a win found n plies down
	// as the win less n).
	score func(g Game, me Side) int
}

// evalFunc is an evaluator's function: the estimate of g for side me.
type evalFunc = func(g Game, me Side) int

// gameEvaluators are each game's evaluators by game name, its default
// first, as its card lists them (registerGame fills it as the program
// starts, and nothing changes it after).
var gameEvaluators = map[string][]evaluator{}

// evaluatorNames are the names of a game's evaluators, its default first.
func evaluatorNames(game string) []string {
	var names []string
	for _, e := range gameEvaluators[game] {
		names = append(names, e.name)
	}
	return names
}

// findEvaluator is the game's evaluator by name; "" is its default.
func findEvaluator(game, name string) evaluator {
	evals := gameEvaluators[game]
	if i := slices.IndexFunc(evals, func(e evaluator) bool { return e.name == name }); i >= 0 {
		return evals[i]
	}
	if len(evals) == 0 {
		return evaluator{name: "final", score: func(Game, Side) int { return 0 }}
	}
	return evals[0]
}

// replyEval is base seen one reply later: the side to move in g makes
// the reply that base rates best for it, and the position after it is
// judged by base, or by the game's final score if the reply ends the
// game. A local search that judges its moves so sees what the opponent
// can do next, as the students' hill climbers of the Adjacency course
// did (docs/bots.md). It plays on g and takes its move back.
//
// In a win/draw/loss game, limit(g) is the bound of base's estimates,
// which any win a search finds outranks: the estimates after the reply
// are kept within limit-1, and a reply that wins counts limit (a loss
// -limit), above (below) every estimate but still an estimate, under a
// real win. A margin game's final score is a margin like its estimates.
func replyEval(base evalFunc, limit func(g Game) int) evalFunc {
	return func(g Game, me Side) int {
		if g.Over() {
			return replyFinal(g, me, limit)
		}
		mover := g.Turn()
		var buf [64]Move
		best := 0
		for i, m := range g.Moves(buf[:0]) {
			g.Play(m)
			var v int
			switch {
			case g.Over():
				v = replyFinal(g, mover, limit)
			case g.Utility().Margin:
				v = base(g, mover)
			default:
				w := limit(g) - 1
				v = max(-w, min(w, base(g, mover)))
			}
			g.Undo()
			if i == 0 || v > best {
				best = v
			}
		}
		if mover == me {
			return best
		}
		return -best
	}
}

// replyFinal is the final score of g for s as replyEval counts it: the
// margin, or limit(g) for a win, -limit(g) for a loss, 0 for a draw.
func replyFinal(g Game, s Side, limit func(g Game) int) int {
	v := g.Final(s)
	if g.Utility().Margin {
		return v
	}
	switch {
	case v > 0:
		return limit(g)
	case v < 0:
		return -limit(g)
	}
	return 0
}

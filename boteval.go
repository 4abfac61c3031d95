package main

import (
	"reflect"
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
// first, and the default by the type of the game's positions; the
// evaluator files fill them as the program starts, and nothing changes
// them after.
var (
	gameEvaluators = map[string][]evaluator{}
	typeEvaluators = map[reflect.Type]evaluator{}
)

// registerEvaluators declares a game's evaluators, whose positions are
// of sample's type; called from the game's evaluator file's init.
func registerEvaluators(game string, sample Game, evals ...evaluator) {
	gameEvaluators[game] = append(gameEvaluators[game], evals...)
	typeEvaluators[reflect.TypeOf(sample)] = gameEvaluators[game][0]
}

// defaultEval is the default evaluator of g's game, for a search built
// without one (a test's, mostly).
func defaultEval(g Game) evalFunc { return typeEvaluators[reflect.TypeOf(g)].score }

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
	return evals[0]
}

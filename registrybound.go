package main

import "context"

// Bounded jobs of a split solve (docs/solving.md): a frontier position
// asked only whether its score reaches a bound, which a null-window
// search proves far sooner than the exact score.

// boundTester is an exact solver that answers whether a position's score
// for the side to move is at least beta, by one fail-soft null-window
// search to the end of the game: a Decision whose Score v >= beta proves
// the score is at least v, with a Move that keeps it (NoMove if it
// found none, which proves nothing); v < beta proves it is at most v,
// whatever the Move. jobs is -jobs, the threads it may use. ok is false
// when ctx ended first, or when g is not a position of the solver's
// game: the answer then proves nothing. The caller times it.
type boundTester interface {
	atLeast(ctx context.Context, g Game, beta, jobs int) (d Decision, ok bool)
}

// testsBounds says the game's strongest bot answers bounds
// (boundTester), so that -merge asks bounded jobs rather than exact ones.
// The bot is built with the declared registry, which shares no table.
func (spec *gameSpec) testsBounds() bool {
	d := declared.findBot(spec.analyst.strongest)
	if d == nil {
		return false
	}
	_, ok := declared.build(spec, d, d.defaults(spec), nil).(boundTester)
	return ok
}

package main

import "math/rand/v2"

// Fast paths: what a game may offer so that a search (Monte Carlo tree
// search, mcts.go) runs on its own board rather than through the Game
// interface. The contract sits here, below the games and the searches,
// so that a game offers it knowing no search. A game offers either or
// both, from its own files:
//
//   - a fast simulation (fastPlayout): random moves to the end on copies
//     of its board, with nothing to take back;
//   - a walker (mctsWalker) for whole iterations: the tree's steps are
//     the search's own (walk in mcts.go, with the same tree operations
//     as playout), and the walker plays the moves on a copy of the root's
//     board: a tree move costs a few bit operations with nothing to take
//     back, and a finished game is known from the tree, not recomputed.
//
// Either must draw the same random numbers in the same order as the
// generic steps over Game.Moves, so that a seeded search plays the same
// with it or without, and grows the same tree (the games' tests check
// this against the reference bot, MCTS.reference).

// fastPlayout is the fast simulation a game may offer: play uniformly
// random moves from its position to the end, leaving it as it was, and
// return the winner, drawing from rng exactly as randomPlayOut does over
// the game's Moves.
type fastPlayout interface {
	randomPlayout(rng *rand.Rand) Side
}

// mctsWalking is a game that offers a walker for MCTS's iterations.
type mctsWalking interface {
	// mctsWalker returns a walker whose root is the game's position now.
	mctsWalker() mctsWalker
}

// mctsWalker is the board that a game offers for the iterations of MCTS,
// from one root position.
type mctsWalker interface {
	// follow sets the board to the root position with moves played on
	// it, in order, and returns the legal moves there, in the order the
	// game's Moves lists them (in buf), and the side to move.
	follow(moves, buf []Move) ([]Move, Side)
	// play plays m on the board; over says it ended the game, won by
	// winner (Nobody for a draw).
	play(m Move) (winner Side, over bool)
	// randomPlayout is fastPlayout's, from the board's position.
	randomPlayout(rng *rand.Rand) Side
}

package main

import (
	"context"
	"time"
)

// LocalBot is seed 002's local search (section IV): it tries the mover's
// mark in every neighbour state, one move ahead, and keeps the state with
// the best objective. The neighbours are the legal moves in the game's
// Moves order (Adjacency: the empty cells left to right, top to bottom),
// and among equal objectives the first is kept, as the course's scan does.
// It plays every game through the Game interface, with each game's own
// evaluation.
type LocalBot struct{}

// Name is "local".
func (LocalBot) Name() string { return "local" }

// Think scores every move's resulting position from the mover's side: the
// final score if the move ends the game, otherwise the evaluation. Nodes
// counts the positions scored. The budget's depth does not apply (local
// search looks one move ahead by definition); its time does: when it runs
// out the best move so far is returned.
func (LocalBot) Think(ctx context.Context, g Game, b Budget) Decision {
	start := time.Now()
	ctx, cancel := withBudget(ctx, b)
	defer cancel()
	g = g.Clone()
	me := g.Turn()
	d := Decision{Move: NoMove}
	moves := g.Moves(nil)
	if len(moves) == 0 {
		d.Time = time.Since(start)
		return d
	}
	d.Move, d.Score, d.Depth = moves[0], -infinity, 1
	for i, m := range moves {
		// Scoring a move costs next to nothing; the clock is looked at
		// only so that a cancelled caller is answered at once.
		if i > 0 && ctx.Err() != nil {
			break
		}
		g.Play(m)
		v := localScore(g, me)
		g.Undo()
		d.Nodes++
		if v > d.Score {
			d.Move, d.Score = m, v
		}
	}
	d.Time = time.Since(start)
	return d
}

// localScore is seed 002's objective of a position for side me: the
// complete-state score once the game is over, the incomplete-state
// estimate otherwise.
func localScore(g Game, me Side) int {
	if g.Over() {
		return g.Final(me)
	}
	return g.Evaluate(me)
}

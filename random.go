package main

import (
	"context"
	"math/rand/v2"
	"time"
)

func init() {
	registerBot(&botDecl{name: "random", order: 99, traces: true,
		about: "a uniformly random legal move: the baseline every bot must beat",
		build: func(c botConfig) Bot { return RandomBot{rng: c.rng} }})
}

// RandomBot plays a uniformly random legal move from the seeded source.
type RandomBot struct{ rng *rand.Rand }

// Name is "random".
func (RandomBot) Name() string { return "random" }

// Think picks a move at random.
func (b RandomBot) Think(_ context.Context, g Game, budget Budget) Decision {
	start := time.Now()
	moves := g.Moves(nil)
	d := Decision{Move: NoMove}
	if len(moves) > 0 {
		d.Move = moves[b.rng.IntN(len(moves))]
	}
	d.Nodes, d.Time = 1, time.Since(start)
	if budget.Trace > 0 {
		d.Trace = &SearchTrace{Bot: "random", Heading: []string{"trace: random picks a legal move uniformly at random: there is no search to trace"}}
	}
	return d
}

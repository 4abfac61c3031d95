package main

import (
	"context"
	"fmt"
)

// The oracle: one answer to "what is this position worth" for every host
// that asks it (-review, and the review at the prompt), so that no two of
// them can disagree. It is the game's strongest bot, as its card names it,
// asked within a budget: the exact value for the side to move, on that
// bot's scale, or "not proved" when the budget ran out first
// (docs/review.md). A bot that scores every move (moveScorer: the
// Tic-Tac-Toe search to the end, the Connect Four solver) also gives each
// move's value; another (Adjacency's search, with its book and its exact
// endgame) gives the position's value and a move that keeps it.

// oracle is a game's oracle with its budget a position.
type oracle struct {
	spec   *gameSpec
	bot    Bot
	budget Budget
}

// oracles are n oracles of one game, each lent to one game at a time,
// so that n games are graded or reviewed at once (docs/review.md).
type oracles struct {
	spec *gameSpec
	free chan *oracle
}

// newOracles makes n oracles (at least one) of game spec, each thinking
// for at most budget a position.
func (r *registry) newOracles(spec *gameSpec, budget Budget, n int) (*oracles, error) {
	p := &oracles{spec: spec, free: make(chan *oracle, max(n, 1))}
	for range cap(p.free) {
		o, err := r.newOracle(spec, budget)
		if err != nil {
			return nil, err
		}
		p.free <- o
	}
	return p, nil
}

// size is how many games the oracles serve at once.
func (p *oracles) size() int { return cap(p.free) }

// lend calls f with an oracle that no other game is using, once one is
// free.
func (p *oracles) lend(f func(o *oracle)) {
	o := <-p.free
	defer func() { p.free <- o }()
	f(o)
}

// oracleValue is what the oracle proved of a position.
type oracleValue struct {
	// Value is the position's value for the side to move, exact when
	// Proved; otherwise the bot's best guess, which no one should take
	// for a fact.
	Value  int
	Proved bool
	// Best is a move that keeps the value, NoMove in a finished game.
	Best Move
	// Moves are the proved values of the legal moves, for the side to
	// move, where the bot scores every move; nil otherwise.
	Moves map[Move]int
}

// newOracle is the oracle of game spec in the run of r, thinking for at
// most budget a position (its Jobs the threads it may use).
func (r *registry) newOracle(spec *gameSpec, budget Budget) (*oracle, error) {
	p, err := r.newPlayer(spec, spec.analyst.strongest, budgetDefaults{})
	if err != nil {
		return nil, fmt.Errorf("%s's oracle, %s: %v", spec.title, spec.analyst.strongest, err)
	}
	return &oracle{spec: spec, bot: r.newBot(spec, p, nil), budget: budget}, nil
}

// value is what the oracle proves of g within its budget; ctx ending
// stops it with what it had.
func (o *oracle) value(ctx context.Context, g Game) oracleValue {
	if g.Over() {
		v := g.Final(g.Turn())
		if o.spec.analyst.finalScore != nil {
			v = o.spec.analyst.finalScore(g)
		}
		return oracleValue{Value: v, Proved: true, Best: NoMove}
	}
	ctx, cancel := withBudget(ctx, o.budget)
	defer cancel()
	scorer, ok := o.bot.(moveScorer)
	if !ok {
		d := o.bot.Think(ctx, g, o.budget)
		return oracleValue{Value: d.Score, Proved: d.Proof.Exact, Best: d.Move}
	}
	moves := scorer.exactScores(ctx, g, o.budget.Jobs)
	a := oracleValue{Proved: true, Best: NoMove, Moves: moves}
	for _, m := range g.Moves(nil) {
		v, ok := moves[m]
		switch {
		case !ok:
			a.Proved = false // the best may be among the moves not proved
		case a.Best == NoMove || v > a.Value:
			a.Best, a.Value = m, v
		}
	}
	if a.Best == NoMove { // nothing proved: the first legal move, a guess
		a.Best = g.Moves(nil)[0]
	}
	return a
}

// adjudicate is the result perfect play gives from g, where the oracle
// proves it within its budget: the winner (Nobody for a draw) and the
// proved value for the side to move. With -adjudicate a match ends a
// game so once the players have proved that result too (docs/review.md,
// "Adjudication").
func (o *oracle) adjudicate(ctx context.Context, g Game) (winner Side, value int, ok bool) {
	v := o.value(ctx, g)
	if !v.Proved || g.Over() {
		return Nobody, 0, false
	}
	switch {
	case v.Value > 0:
		winner = g.Turn()
	case v.Value < 0:
		winner = g.Turn().Other()
	}
	return winner, v.Value, true
}

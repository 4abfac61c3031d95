package main

import "context"

// When -adjudicate ends a game (docs/review.md, "Adjudication"). The
// oracle's proof alone gives the result perfect play gives, which is not
// always the result the players would reach: Connect Four's book proves
// the position after every opening, and two bots that are not perfect
// would often go on to another result. So a game ends only when its
// result is sure: the oracle proves it, and the players have proved it
// too. The side the proof makes the winner proved that win in its own
// last search, or, for a draw, both sides proved the draw in theirs. A
// player that proved its win is not let off by its opponent and plays
// its proof out, so the game ends as playing on would end it, sooner.
// Bots that prove nothing (random, a search to a fixed depth) play every
// game out.

// adjudication is a game ended when its result was sure: the winner
// from its last position (Nobody: a draw), and the proved value
// for the side to move there.
type adjudication struct {
	winner Side
	value  int
}

// adjudicator ends a game once its result is sure.
type adjudicator struct {
	judge *oracle
	// claims are what each side's last search proved of the position it
	// moved from, for itself: +1 a win, 0 a draw, -1 a loss; proved
	// says whether it proved anything.
	claims [3]int
	proved [3]bool
}

// after takes the decision d of the side that just moved in g, and says
// how the game ends if its result is now sure.
func (a *adjudicator) after(ctx context.Context, g Game, d Decision) (*adjudication, bool) {
	side := g.Turn().Other()
	a.claims[side], a.proved[side] = claimOf(d)
	if g.Over() || !a.sure(X) && !a.sure(O) && !a.sure(Nobody) {
		return nil, false // no player has proved a result: the oracle is not asked
	}
	w, v, ok := a.judge.adjudicate(ctx, g)
	if !ok || ctx.Err() != nil || !a.sure(w) {
		return nil, false
	}
	return &adjudication{winner: w, value: v}, true
}

// sure says whether the players have proved the result of winner w
// (Nobody: a draw): w's own win, or both sides' draw.
func (a *adjudicator) sure(w Side) bool {
	if w == Nobody {
		return a.proved[X] && a.proved[O] && a.claims[X] == 0 && a.claims[O] == 0
	}
	return a.proved[w] && a.claims[w] > 0
}

// claimOf is what a decision's search proved of the position it moved
// from, for the mover: +1 a win, 0 a draw, -1 a loss, and whether it
// proved anything. A proving search says so in its Proof (an exact
// score, on the game's scale, whose sign is the result) or, for Monte
// Carlo, in the result its tree proved.
func claimOf(d Decision) (int, bool) {
	if result, ok := d.Tree.provedSign(); ok {
		return result, true
	}
	return sign(d.Score), d.Proof.Exact
}

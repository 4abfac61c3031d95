package main

import "context"

// Alpha-beta's answer to a bounded job of a split solve: whether a
// position's final margin reaches a bound, by one of the solver's
// null-window questions (docs/solving.md, "Bounded jobs").

var _ boundTester = (*AdjBot)(nil)

// atLeast asks the solver's question "is the value at least beta?" once
// about g (an *Adjacency, not over), on a table of its own size, and
// when the answer is yes, finds the move that keeps it (firstReaching,
// quick on the table the question filled). The book answers exactly
// where it knows the position, unless the bot reads none (book=off).
func (b *AdjBot) atLeast(ctx context.Context, g Game, beta, jobs int) (Decision, bool) {
	a, ok := g.(*Adjacency)
	if !ok || a.Over() || !b.Prune {
		return Decision{}, false
	}
	if d, ok := b.fromBook(a, Budget{}); ok {
		return d, true
	}
	tt, release := b.cache.table(adjSolveTableBits(a.PliesLeft()))
	defer release()
	p := newAdjProver(ctx, a, tt, adjSolveOptions{jobs: jobs, unrelaxed: b.unrelaxed})
	if (beta-p.parity)&1 != 0 {
		beta++ // every value has p's parity: the same question
	}
	v, ok := p.atLeast(beta)
	d := Decision{Move: NoMove, Stats: Stats{Score: v}}
	if ok && v >= beta {
		d.Move = p.s.firstReaching(newAdjRoot(a), jobs, beta)
	}
	d.Nodes = p.s.nodes
	return d, ok && !p.s.stopped
}

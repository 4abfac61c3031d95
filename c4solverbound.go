package main

import "context"

// The solver's answer to a bounded job of a split solve: whether a
// position's score reaches a bound, by one null-window search
// (docs/solving.md, "Bounded jobs").

var _ boundTester = (*SolverBot)(nil)

// atLeast is one null-window search of g (a *ConnectFour, not over) at
// (beta-1, beta), fail-soft; when it fails high, the most central column
// whose own null-window search keeps the bound, which the table searched
// just now makes quick. The opening book answers exactly where it knows
// the position.
func (b *SolverBot) atLeast(ctx context.Context, g Game, beta, jobs int) (Decision, bool) {
	c, ok := g.(*ConnectFour)
	if !ok || c.Over() {
		return Decision{}, false
	}
	p := c4PosOf(c)
	if d, ok := b.fromBook(c, p, Budget{}); ok {
		return d, true
	}
	s := b.solverFor(c.geo)
	s.setJobs(jobs)
	s.start(ctx, nil)
	v := s.window(p, beta-1, beta)
	d := Decision{Move: NoMove, Stats: Stats{Score: v}}
	if v >= beta {
		d.Move = s.reaching(p, beta)
	}
	d.Nodes = s.nodes()
	return d, !s.stopped()
}

// reaching is the most central column that scores at least beta in p,
// NoMove if none does or the search was stopped.
func (s *c4Solver) reaching(p c4Pos, beta int) Move {
	for _, col := range s.g.order {
		q, w, over, ok := geoAfterMove(s.g, p, col)
		switch {
		case !ok:
			continue
		case over:
			if w >= beta {
				return Move(col)
			}
			continue
		}
		r := s.window(q, -beta, -beta+1)
		if s.stopped() {
			return NoMove
		}
		if r <= -beta {
			return Move(col)
		}
	}
	return NoMove
}

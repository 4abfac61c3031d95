package main

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// The solver under a clock. An exact solve of an early position takes
// seconds, far more than a move's budget; what wins games then is to
// play the best move of what the solver knows. In order:
//
//  0. The exact solve, for a small share of the time: most positions
//     past the opening need no more.
//  1. A short guess (c4solverguess.go) ranks the columns.
//  2. Null-window probes class the columns, best ranked first: for each,
//     does it lose, and if not, does it win (see classify). A finished
//     probe proves a bound of its column's exact score.
//  3. When the probes class the position (won, drawn or lost), the rest
//     of the time goes to the exact score, as without a clock; if it
//     does not come, the proved move is played.
//  4. Otherwise the guess searches on to the end of the budget, over the
//     columns the proofs leave (see candidates): never one proved
//     losing while one is not, never one below what another is proved
//     to reach.

// c4Prover is an exact solver as the clock uses it: what the clock asks
// of the solver (c4SolverProver in c4solverbot.go answers for every board
// size), and no more. Scores are the solver's, of which the clock reads
// mostly the sign: above 0 a win, 0 a draw, below 0 a loss for the side
// to move.
type c4Prover interface {
	// known bounds col's score for the mover of p by what the rules, the
	// book and the table know, without a search; false for a full column.
	known(p c4Pos, col int) (lo, hi int, ok bool)
	// probe searches the position col leaves in p with the null window
	// (a, a+1), from the opponent's side, under ctx: the fail-soft answer
	// from the opponent's side, and false if ctx ended it first.
	probe(ctx context.Context, p c4Pos, col, a int) (int, bool)
	// exact is the decision the solver makes without a clock (exact
	// score, the most central move that keeps it, the expected line);
	// false if ctx ended it first.
	exact(ctx context.Context, p c4Pos) (Decision, bool)
	// line is the line expected after col keeps the exact score v of p,
	// under ctx.
	line(ctx context.Context, p c4Pos, col, v int) []Move
	// proved is what the table proves of a position without a search: 1
	// won, 0 drawn, -1 lost for the side to move (the guess's proved).
	proved(p c4Pos) (int, bool)
	// nodes is how many nodes the prover has searched so far.
	nodes() int64
}

// c4Clock is one timed decision: the columns' bounds as the proofs leave
// them.
type c4Clock struct {
	pr     c4Prover
	g      *c4Geom
	p      c4Pos
	lo, hi [c4MaxWidth]int // the bounds of each column's exact score
	open   [c4MaxWidth]bool
	probes int // probes finished
}

// newC4Clock starts a decision in p with what pr knows without a search.
func newC4Clock(pr c4Prover, g *c4Geom, p c4Pos) *c4Clock {
	c := &c4Clock{pr: pr, g: g, p: p}
	for col := range g.width {
		c.lo[col], c.hi[col], c.open[col] = pr.known(p, col)
	}
	return c
}

// floor is the best class some column is proved to reach (-1 when none
// is proved to reach a draw), and that column (-1 for none; the one
// proved to win soonest among winners).
func (c *c4Clock) floor() (int, int) {
	f, at := -1, -1
	for col := range c.g.width {
		if !c.open[col] {
			continue
		}
		if cl := sign(c.lo[col]); cl > f || cl == f && at >= 0 && c.lo[col] > c.lo[at] {
			f, at = cl, col
		}
	}
	if f < 0 {
		at = -1
	}
	return f, at
}

// classify probes the columns in the order given until the position's
// class is known or ctx ends, and reports whether it is known. Knowing
// that some column draws, it asks of each other column only whether it
// wins; knowing none, first whether it loses, then whether it wins.
// Ordered best first, a won or drawn position costs about as many probes
// as the solver's own search of its sign, and a lost one fewer, and every
// finished probe proves a bound of one column, which the guess uses if
// the time runs out first.
func (c *c4Clock) classify(ctx context.Context, order []int) bool {
	for _, col := range order {
		if f, _ := c.floor(); f == 1 {
			return true
		}
		if !c.open[col] {
			continue
		}
		f, _ := c.floor()
		if f < 0 && c.lo[col] < 0 && c.hi[col] >= 0 && !c.ask(ctx, col, 0) {
			return false
		}
		if f, _ = c.floor(); f >= 0 && c.lo[col] < 1 && c.hi[col] > 0 && !c.ask(ctx, col, 1) {
			return false
		}
	}
	return c.settled()
}

// ask proves whether col scores at least v (0 or 1): the opponent's
// probe (-v, -v+1) of the position it leaves; false if ctx ended it.
func (c *c4Clock) ask(ctx context.Context, col, v int) bool {
	r, ok := c.pr.probe(ctx, c.p, col, -v)
	if !ok {
		return false
	}
	c.probes++
	if r <= -v {
		c.lo[col] = max(c.lo[col], -r)
	} else {
		c.hi[col] = min(c.hi[col], -r)
	}
	return true
}

// settled reports whether the bounds class the position: a column
// proved to win, or one proved to draw and none that may win, or every
// column proved to lose.
func (c *c4Clock) settled() bool {
	f, _ := c.floor()
	if f == 1 {
		return true
	}
	for col := range c.g.width {
		if c.open[col] && sign(c.hi[col]) > f {
			return false
		}
	}
	return true
}

// candidates are the columns the guess may choose among, in order:
// those proved to reach the best class any column is proved to reach,
// and of those the ones that may still do better; when no column is
// proved to reach a draw, every column not proved to lose (all of them
// if all are).
func (c *c4Clock) candidates(order []int) []int {
	f, _ := c.floor()
	inBest := func(col int) bool {
		if f >= 0 {
			return sign(c.lo[col]) == f
		}
		return sign(c.hi[col]) >= 0
	}
	var out []int
	for _, col := range order {
		if c.open[col] && inBest(col) {
			out = append(out, col)
		}
	}
	if len(out) == 0 {
		for _, col := range order {
			if c.open[col] {
				out = append(out, col)
			}
		}
	}
	// Of those, the ones that may do best.
	top := -1
	for _, col := range out {
		top = max(top, sign(c.hi[col]))
	}
	best := out[:0:0]
	for _, col := range out {
		if sign(c.hi[col]) == top {
			best = append(best, col)
		}
	}
	return best
}

// proofNote sums up the proofs for -v: which columns they proved losing,
// drawing at least, or winning.
func (c *c4Clock) proofNote() string {
	var lose, draw []string
	for col := range c.g.width {
		switch {
		case !c.open[col]:
		case c.hi[col] < 0:
			lose = append(lose, c4ColumnName(col))
		case c.lo[col] >= 0:
			draw = append(draw, c4ColumnName(col))
		}
	}
	var parts []string
	if len(lose) > 0 {
		parts = append(parts, "proved losing: "+strings.Join(lose, " "))
	}
	if len(draw) > 0 {
		parts = append(parts, "proved not losing: "+strings.Join(draw, " "))
	}
	if len(parts) == 0 {
		return "nothing proved"
	}
	return strings.Join(parts, "; ")
}

// clockThink is the solver's decision in p (not over, no win at once)
// within the budget's time, as the comment at the top of this file
// says: exact when the solve finishes, else the best of what the proofs
// and the guess know. gs is the guess of p's board, which keeps its
// table from move to move.
func clockThink(ctx context.Context, pr c4Prover, gs *c4Guess, g *c4Geom, p c4Pos, budget Budget) Decision {
	start := time.Now()
	at := func(share float64) time.Time { return start.Add(time.Duration(share * float64(budget.Time))) }
	nodes0 := pr.nodes()
	c := newC4Clock(pr, g, p)
	order := c.candidates(g.order)
	gs.begin(pr.proved)
	finish := func(d Decision) Decision {
		d.Nodes, d.Time = pr.nodes()-nodes0+gs.nodes, time.Since(start)
		return d
	}

	// 0. Most positions past the opening solve in a few milliseconds.
	sub, cancel := context.WithDeadline(ctx, at(exactShare))
	d, ok := pr.exact(sub, p)
	cancel()
	if ok {
		return finish(d)
	}

	// 1. A first guess ranks the columns for the probes.
	sub, cancel = context.WithDeadline(ctx, at(guessShare))
	first := gs.best(sub, p, order)
	cancel()
	order = c.ranked(first.col)

	// 2. The probes, to proofShare of the time.
	sub, cancel = context.WithDeadline(ctx, at(proofShare))
	known := c.classify(sub, order)
	cancel()

	// 3. A class known: the exact score with the rest of the time, else
	// the proved move.
	end, cancelEnd := context.WithDeadline(ctx, at(spentShare))
	defer cancelEnd()
	if known {
		if d, ok := c.proved(end); ok {
			return finish(d)
		}
	}

	// 4. The guess, over what the proofs leave; with one column left,
	// only its first depth, for a score.
	cands := c.candidates(order)
	guessEnd := end
	if len(cands) == 1 {
		var stop context.CancelFunc
		guessEnd, stop = context.WithCancel(end)
		stop()
	}
	r := gs.best(guessEnd, p, cands)
	d = Decision{Move: Move(r.col), Stats: Stats{Score: r.score, Depth: r.depth, PV: r.pv}}
	d.Proof.Basis = fmt.Sprintf("depth-limited, threats, depth %d; %s: %s", r.depth, plural(c.probes, "probe", "probes"), c.proofNote())
	return finish(d)
}

// ranked is every open column in the order the probes take them: the
// guess's first, then centre first, those already proved to lose last.
func (c *c4Clock) ranked(first int) []int {
	order := []int{first}
	for _, col := range c.g.order {
		if col != first && c.open[col] && c.hi[col] >= 0 {
			order = append(order, col)
		}
	}
	for _, col := range c.g.order {
		if col != first && c.open[col] && c.hi[col] < 0 {
			order = append(order, col)
		}
	}
	return order
}

// proved is the decision once the probes have classed the position, with
// time to end: for a draw the drawing column, exact (0); for a win the
// exact decision if it comes in time, else the proved winning column;
// for a loss the slowest loss if half the time left finds it, else
// nothing (false), and the guess chooses.
func (c *c4Clock) proved(end context.Context) (Decision, bool) {
	f, col := c.floor()
	switch f {
	case 0:
		d := Decision{Move: Move(col), Stats: Stats{Proof: ProofStats{Exact: true}, Depth: c.g.cells - c.p.moves}}
		d.PV = c.pr.line(end, c.p, col, 0)
		return d, true
	case 1:
		if d, ok := c.pr.exact(end, c.p); ok {
			return d, true
		}
		return Decision{Move: Move(col), Stats: Stats{Score: c.lo[col],
			Proof: ProofStats{Basis: fmt.Sprintf("proved a win, at least %d; no time for the exact score", c.lo[col])}}}, true
	}
	// Lost: the slowest loss if half the time left finds it, else the
	// guess, which may set the opponent harder problems.
	deadline, _ := end.Deadline()
	half, cancel := context.WithDeadline(end, time.Now().Add(time.Until(deadline)/2))
	defer cancel()
	return c.pr.exact(half, c.p)
}

package main

import (
	"runtime"
	"slices"
	"time"
)

// The bot's search from the root: iterative deepening under the clock,
// the solve by class near the end and the margin after it, then the
// choice among equal moves (adjsearchswindle.go).

// run is iterative deepening from the root: depth 1, 2, ... up to the
// budget's depth or the end of the game, keeping the move of the last
// depth completed. Without a time limit minimax searches the depth limit
// at once, so that it searches each position of that tree once (or not
// at all, when its table holds the position's value already). Close
// enough to the end (adjSolveReach), alpha-beta deepens only briefly and
// then solves the position by class (see prove). Once alpha-beta knows
// the exact value, the time left goes to choosing, among the moves of
// that value, the one that gives the opponent the most chances to err
// (see swindleMove).
func (s *adjSearch) run(a *Adjacency, budget Budget) Decision {
	start := time.Now()
	if a.Over() {
		return Decision{Move: NoMove}
	}
	r := newAdjRoot(a)
	d, hopeful := s.deepen(r, budget, start)
	if !d.Proof.Exact && s.solvable(budget, r.left) && !s.stopped {
		d = s.prove(r, d, budget.Jobs, hopeful, start)
	}
	if s.swindle && d.Proof.Exact {
		d.Move = s.swindleMove(r, d.Move, d.Score)
	}
	d.PV = adjExpectedLine(s, a, d.Move, d.Depth)
	d.Nodes, d.Time = s.nodes, time.Since(start)
	return d
}

// deepen searches r one ply deeper at a time, up to the budget's depth or
// the end of the game, while the time allows (see deepened), and returns
// the last depth's decision (the first move when none finished) and
// whether a solve should first ask if the mover wins (see adjHopeful).
func (s *adjSearch) deepen(r *adjRoot, budget Budget, start time.Time) (d Decision, hopeful bool) {
	d = Decision{Move: r.moves[0]} // a legal fallback if time runs out at once
	limit := r.left
	if budget.Depth > 0 {
		limit = min(budget.Depth, r.left)
	}
	from := 1
	if !s.prune && budget.Time <= 0 {
		from = limit
	}
	s.nodes++ // the root
	s.guess = -infinity
	times := make([]time.Duration, limit+1) // each iteration's time, by depth
	for depth := from; depth <= limit; depth++ {
		began := time.Now()
		m, v := s.root(r, depth, 1)
		if s.stopped {
			break
		}
		hopeful = adjHopeful(s.guess, v)
		s.guess = v
		d.Move, d.Score, d.Depth = m, v, depth
		if depth == r.left {
			d.Proof.Solved, d.Proof.Exact = time.Since(start), true
		}
		// The best move leads the next iteration: its value makes a
		// tight bound for the others.
		toFront(r.moves, m)
		times[depth] = time.Since(began)
		if s.deepened(budget, r.left, limit, times, depth, start) {
			break
		}
	}
	return d, hopeful
}

// deepened tells whether deepening stops after depth, given each
// iteration's time so far. When the next iteration cannot finish in the
// time left, the search answers now rather than make the user wait for
// nothing. Close enough to the end, unless deepening is about to reach
// it anyway, a shallow search has ordered the moves well enough and the
// time is better spent on solving by class.
func (s *adjSearch) deepened(budget Budget, left, limit int, times []time.Duration, depth int, start time.Time) bool {
	if budget.Time > 0 && time.Since(start)+adjNextIteration(times, depth) > budget.Time {
		return true
	}
	return limit == left && s.solvable(budget, left) && depth < left && time.Since(start) > budget.Time/adjOrderShare &&
		time.Since(start)+adjTimeToEnd(times, depth, left) > budget.Time/2
}

// prove solves r by class (see solveClass) after deepening decided d,
// and then, for a win or a loss, searches its margin with the time left,
// the class's move leading. A proved result whose margin the time did not
// allow to find is not exact: its score is only the result's smallest
// margin.
func (s *adjSearch) prove(r *adjRoot, d Decision, jobs int, hopeful bool, start time.Time) Decision {
	m, c, ok := s.solveClass(r, jobs, hopeful)
	if !ok {
		return d
	}
	d.Move, d.Depth, d.Score, d.Proof.Solved = m, r.left, 2*c, time.Since(start)
	d.Proof.Exact = c == 0 // a draw's value is 0
	if d.Proof.Exact {
		return d
	}
	toFront(r.moves, m)
	s.guess = d.Score
	if m, v := s.root(r, r.left, jobs); !s.stopped {
		d.Move, d.Score, d.Proof.Exact = m, v, true
	}
	return d
}

// solvable tells whether the search should try solveClass: alpha-beta with
// a time budget, close enough to the end (adjSolveReach: the budget times
// the threads, up to the CPUs, decides how close), and no depth limit
// short of it.
func (s *adjSearch) solvable(budget Budget, left int) bool {
	if !s.prune || budget.Time <= 0 || budget.Depth > 0 && budget.Depth < left {
		return false
	}
	work := budget.Time * time.Duration(max(1, min(budget.Jobs, runtime.NumCPU())))
	most := 0
	for _, r := range adjSolveReach {
		if work >= r.work {
			most = r.plies
		}
	}
	return left <= most
}

// solveClass solves the root by class: a win (1), a draw (0) or a loss
// (-1) for the mover, with a move that keeps that class. Only the sign of
// the final mark difference decides the game, and two null-window
// searches (is the value above 0? is it at least 0?) settle the sign far
// sooner than a full window settles the value. The root's moves go in
// the proof's own order (see firstReaching). The first question is the
// one the shallow search's score expects to be the last: "at least 0?"
// settles a loss alone, and when hopeful (the score is positive) "above
// 0?" settles a win alone. ok is false when time ran out first.
//
// With jobs threads, they search the root together (see together).
func (s *adjSearch) solveClass(r *adjRoot, jobs int, hopeful bool) (best Move, class int, ok bool) {
	// What the shallow search learnt of the order misleads the proof: its
	// killers, quiet moves that cut off by the objective, are rarely
	// replaced near the end, where the moves that cut off mostly turn
	// marks, and would come first at every node; so would its table moves
	// (see lookUp).
	s.forgetKillers()
	// "At least 0?" (beta 0) and "above 0?" (beta 1), first the one
	// expected to settle the matter alone: no move reaching 0 is a loss, a
	// move reaching 1 a win, and a draw needs both answers.
	questions := [2]int{0, 1}
	if hopeful {
		questions = [2]int{1, 0}
	}
	draw := NoMove
	for _, beta := range questions {
		m := s.firstReaching(r, jobs, beta)
		switch {
		case s.stopped:
			return NoMove, 0, false
		case beta == 1 && m != NoMove:
			return m, 1, true
		case beta == 0 && m == NoMove:
			return r.moves[0], -1, true
		case beta == 0:
			draw = m
		}
	}
	return draw, 0, true
}

// firstReaching is a move of r worth at least beta, by null-window
// searches to the end on jobs threads; NoMove if none is (or the search
// stopped). The root is searched as any node of the proof, its moves in
// the order the proof's own picker gives them, and the move is the one
// the root's table entry keeps, the move that cut off. The shallow
// search's order would mislead here as its killers do (see solveClass):
// it ranks first the moves that look good by the objective, such as the
// mirror image of the opponent's move, and each of them that does not
// reach beta costs a whole refutation before the next is tried
// (docs/adjacency.md, "At the course's clock").
func (s *adjSearch) firstReaching(r *adjRoot, jobs, beta int) Move {
	if tr := s.tr; tr != nil {
		tr.restart(r.left)
		tr.enter(r.me, r.opp, r.ply, r.left, beta-1, beta, s.plies, s.nodes)
	}
	v := s.together(jobs, func(t *adjSearch) int {
		return t.negamax(r.me, r.opp, r.ply, r.left, beta-1, beta)
	})
	if s.tr != nil {
		s.tr.leave(r.ply, v, s.nodes)
	}
	if s.stopped || v < beta {
		return NoMove
	}
	if m := s.tableMove(r.me, r.opp); m != NoMove {
		return m
	}
	// The shared table holds no entry for a root three plies or fewer
	// above the horizon (those are kept in the thread's small table, or
	// not at all: see adjSearch.table and negamax). Such a proof is
	// small, and the table still holds what it found below the root, so
	// asking each move again is quick.
	for _, m := range r.moves {
		nme, nopp := adjAfter(r.me, r.opp, m)
		w := -s.together(jobs, func(t *adjSearch) int {
			return t.negamax(nopp, nme, r.ply+1, r.left-1, -beta, -beta+1)
		})
		if s.stopped {
			return NoMove
		}
		if w >= beta {
			return m
		}
	}
	return NoMove
}

// adjHopeful tells whether a solve should first ask if the mover wins,
// from the scores of the last two depths searched (prev -infinity when
// there was none): both must be positive. Scores swing between odd and
// even depths, and a loss taken for a hope costs a whole second
// refutation.
func adjHopeful(prev, last int) bool { return last > 0 && (prev == -infinity || prev > 0) }

// adjTimeToEnd predicts the time the iterations after depth take to reach
// depth left, by adjNextIteration one after the other.
func adjTimeToEnd(times []time.Duration, depth, left int) time.Duration {
	t := slices.Clone(times[:depth+1])
	var sum time.Duration
	for d := depth; d < left; d++ {
		next := adjNextIteration(t, d)
		t = append(t, next)
		sum += next
	}
	return sum
}

// adjNextIteration guesses the time of iteration depth+1 from the times
// of those before it. The growth from one depth to the next swings between
// odd and even depths, so the guess repeats the growth of the same
// parity, two plies back: t(d+1) = t(d-1)^2 / t(d-3), once t(d-3) is long
// enough to be timed at all (adjTimeable). Before that, and never less,
// it is twice the last: the search rather tries a depth it may not finish
// than gives up one it could have. A busy machine can only stretch
// t(d-3), which lowers the guess, so timing noise errs on the side of
// trying.
func adjNextIteration(times []time.Duration, depth int) time.Duration {
	guess := 2 * times[depth]
	if depth >= 4 && times[depth-3] >= adjTimeable {
		t1, t3 := float64(times[depth-1]), float64(times[depth-3])
		guess = max(guess, time.Duration(t1*t1/t3))
	}
	return guess
}

// root searches every move of r to depth and returns the best, the first
// in the list among equals. The first move's window is centred on
// s.guess, the value expected (-infinity: none). With jobs above 1, the
// threads search each move together (see together).
func (s *adjSearch) root(r *adjRoot, depth, jobs int) (Move, int) {
	best, bestScore := NoMove, -infinity
	if s.tr != nil {
		s.tr.restart(depth)
		s.tr.enter(r.me, r.opp, r.ply, depth, -infinity, infinity, s.plies, s.nodes)
		defer func() { s.tr.leave(r.ply, bestScore, s.nodes) }()
	}
	for i, m := range r.moves {
		v := s.rootMove(r, m, depth, jobs, i == 0, bestScore)
		if s.stopped {
			break
		}
		if v > bestScore {
			best, bestScore = m, v
		}
	}
	return best, bestScore
}

// rootMove is the value of r's move m searched to depth: minimax's
// exact; alpha-beta's, for the first move, within an aspiration window
// around s.guess, widened on the side it fails; for the others, a null
// window above the best so far, and a re-search for one that beats it.
func (s *adjSearch) rootMove(r *adjRoot, m Move, depth, jobs int, first bool, bestScore int) int {
	nme, nopp := adjAfter(r.me, r.opp, m)
	// child is the move's value searched within (alpha, beta).
	child := func(alpha, beta int) int {
		return -s.together(jobs, func(t *adjSearch) int {
			if t.tr != nil {
				return t.traced(nopp, nme, adjBans{}, r.ply+1, depth-1, -beta, -alpha)
			}
			return t.negamax(nopp, nme, r.ply+1, depth-1, -beta, -alpha)
		})
	}
	switch {
	case !s.prune || first && s.guess == -infinity:
		return child(-infinity, infinity)
	case first:
		lo, hi := s.guess-1, s.guess+1
		v := child(lo, hi)
		if v <= lo && !s.stopped {
			v = child(-infinity, lo)
		} else if v >= hi && !s.stopped {
			v = child(hi, infinity)
		}
		return v
	}
	v := child(bestScore, bestScore+1)
	if v > bestScore && !s.stopped {
		v = child(bestScore, infinity)
	}
	return v
}

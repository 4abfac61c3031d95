package main

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"time"
)

// The Adjacency bot: iterative deepening under the time budget, the exact
// endgame solve, the swindle among equal moves, and the book.

// AdjBot is minimax, or alpha-beta when Prune is set, specialised for the
// Adjacency game: the position is two masks passed by value (no Play/Undo,
// no interface calls), nodes one ply above the horizon score their children
// in a tight loop, and a transposition table remembers positions reached by
// other move orders, which in this game are most of them (the same cells
// taken in another order give the same board more often than not).
//
// It computes exactly what the generic SearchBot computes over the Game
// interface (the same negamax value at every depth, the same objective),
// only far faster; adjsearch_test.go checks one against the other. Given a
// time budget it deepens one ply at a time and plays the best move of the
// last depth it completed; it stops deepening once the search reaches the
// end of the game, where the value is exact.
//
// Its node count is of positions scored or searched: the children a node
// one ply above the horizon scores in bulk count one each, the moves the
// bounds settle unsearched count nothing.
type AdjBot struct {
	Prune bool
	plain bool      // no book and no swindle: the first move of the best value, for comparison
	cache *adjCache // the table kept between moves; nil allocates per move
}

// NewAdjBot returns the specialised alpha-beta (prune) or minimax bot with
// its own transposition table, kept between its moves.
func NewAdjBot(prune bool) *AdjBot { return &AdjBot{Prune: prune, cache: &adjCache{}} }

// Name is the bot's command-line name.
func (b *AdjBot) Name() string {
	if b.Prune {
		return "alphabeta"
	}
	return "minimax"
}

// adjCache keeps one bot's table between its moves. Its entries stay true
// across moves because each holds the value of one position at one exact
// depth; a bot shared by two concurrent games allocates a second table
// rather than wait.
type adjCache struct {
	mu sync.Mutex
	tt *adjTable
}

// Think searches g within the budget. Anything but an Adjacency position
// goes to the generic SearchBot.
func (b *AdjBot) Think(ctx context.Context, g Game, budget Budget) Decision {
	a, ok := g.(*Adjacency)
	if !ok {
		return SearchBot{Prune: b.Prune}.Think(ctx, g, budget)
	}
	// A position solved beforehand is answered from the book, exactly and
	// at once, unless a depth limit asks for a shallower value.
	if b.Prune && !b.plain && (budget.Depth == 0 || budget.Depth >= a.PliesLeft()) {
		if d, ok := adjBookMove(a); ok {
			if budget.Trace > 0 {
				d.Trace = &SearchTrace{Bot: b.Name(), Heading: []string{fmt.Sprintf("trace: %s: the book knows this position (score %d): no search", b.Name(), d.Score)}}
			}
			return d
		}
	}
	ctx, cancel := withBudget(ctx, budget)
	defer cancel()
	if expired(ctx) {
		// Cancelled already: a legal move at once, before the table
		// (up to hundreds of MiB for a long budget) is allocated.
		d := Decision{Move: NoMove}
		if moves := a.Moves(nil); len(moves) > 0 {
			d.Move = moves[0]
		}
		return d
	}
	size := adjTableBits(budget)
	var tt *adjTable
	if b.cache != nil && b.cache.mu.TryLock() {
		defer b.cache.mu.Unlock()
		if b.cache.tt == nil || b.cache.tt.bits < size {
			b.cache.tt = newAdjTable(size)
		}
		tt = b.cache.tt
	} else {
		tt = newAdjTable(size)
	}
	tt.gen++
	s := newAdjSearch(ctx, a, b.Prune, tt)
	s.swindle = b.Prune && !b.plain
	if budget.Trace <= 0 {
		return s.run(a, budget)
	}
	// One thread, so that the tree shown is the whole search's.
	s.tr, budget.Jobs = newAdjTracer(budget.Trace, len(a.history)), 1
	d := s.run(a, budget)
	d.Trace = s.tr.trace(b.Name(), d)
	return d
}

// run is iterative deepening from the root: depth 1, 2, ... up to the
// budget's depth or the end of the game, keeping the move of the last
// depth completed. Without a time limit minimax searches the depth limit
// at once, so that it searches each position of that tree once (or not
// at all, when its table holds the position's value already). Close
// enough to the end (adjSolveReach), alpha-beta deepens only briefly and
// then solves the position by class (see solveClass). Once alpha-beta
// knows the exact value, the time left goes to choosing, among the moves
// of that value, the one that gives the opponent the most chances to err
// (see swindleMove).
func (s *adjSearch) run(a *Adjacency, budget Budget) Decision {
	start := time.Now()
	ply := len(a.history)
	d := Decision{Move: NoMove}
	if a.Over() {
		return d
	}
	me, opp := a.marks[a.Turn()], a.marks[a.Turn().Other()]
	left := s.plies - ply
	limit := left
	if budget.Depth > 0 {
		limit = min(budget.Depth, left)
	}
	var root []Move
	for e := ^(me | opp); e != 0; e &= e - 1 {
		root = append(root, Move(bits.TrailingZeros64(e)))
	}
	d.Move = root[0] // a legal fallback if time runs out at once
	from := 1
	if !s.prune && budget.Time <= 0 {
		from = limit
	}
	s.nodes++ // the root
	// The previous depth's score centres the first move's window.
	s.guess = -infinity
	// Whether a solve asks first if the mover wins (see adjHopeful).
	hopeful := false
	times := make([]time.Duration, limit+1) // each iteration's time, by depth
	for depth := from; depth <= limit; depth++ {
		began := time.Now()
		m, v := s.root(me, opp, ply, depth, root, 1)
		if s.stopped {
			break
		}
		hopeful = adjHopeful(s.guess, v)
		s.guess = v
		d.Move, d.Score, d.Depth = m, v, depth
		if depth == left {
			d.Proof.Solved = time.Since(start)
		}
		// The best move leads the next iteration: its value makes a
		// tight bound for the others.
		toFront(root, m)
		// When the next iteration cannot finish in the time left, answer
		// now rather than make the user wait for nothing.
		times[depth] = time.Since(began)
		if budget.Time > 0 && time.Since(start)+adjNextIteration(times, depth) > budget.Time {
			break
		}
		// Close enough to the end, unless deepening is about to reach it
		// anyway, a shallow search has ordered the moves well enough and
		// the time is better spent on solving by class.
		if s.solvable(budget, left, limit) && depth < left && time.Since(start) > budget.Time/adjOrderShare &&
			time.Since(start)+adjTimeToEnd(times, depth, left) > budget.Time/2 {
			break
		}
	}
	exact := d.Depth == left
	if !exact && s.solvable(budget, left, limit) && !s.stopped {
		if m, c, ok := s.solveClass(me, opp, ply, root, budget.Jobs, hopeful); ok {
			// A draw's value is 0; a win or a loss, if time allows, is
			// then searched for its margin, its move leading.
			d.Move, d.Depth, d.Score, d.Proof.Solved = m, left, 2*c, time.Since(start)
			exact = c == 0
			if !exact {
				toFront(root, m)
				s.guess = d.Score
				if m, v := s.root(me, opp, ply, left, root, budget.Jobs); !s.stopped {
					d.Move, d.Score, exact = m, v, true
				}
			}
		}
	}
	// A proved result whose margin the time did not allow to find is not
	// exact: its score is only the result's smallest margin.
	d.Proof.Exact = exact
	if s.swindle && exact {
		d.Move = s.swindleMove(me, opp, ply, root, d.Move, d.Score)
	}
	d.PV = adjExpectedLine(s, a, d.Move, d.Depth)
	d.Nodes, d.Time = s.nodes, time.Since(start)
	return d
}

// adjSolveReach is how close to the end alpha-beta, once a shallow search
// has ordered the root moves, spends its time on solving the position by
// class (see solveClass) rather than on deepening: within plies of the
// end, given at least work, the budget times the threads (up to the
// CPUs). A failed solve costs the deepening a ply or two, so each step
// asks for enough to prove most positions. On the 25 positions of
// BenchmarkAdjEndgame, the proof after a depth-6 search
// (BenchmarkAdjSolveClass) took, median and worst, 0.08 and 0.30 s on
// one thread ten plies before the end, 0.12 and 1.0 s eleven before, 1.6
// and 3.0 s twelve before, and 1.3 and 6.5 s on two threads thirteen
// before; given 5 s on two threads, alphabeta proves 25 twelve plies
// before the end and 21 thirteen before, and given 500 ms on one thread
// 24 ten plies before and 18 eleven before.
var adjSolveReach = [...]struct {
	plies int
	work  time.Duration
}{{10, 0}, {11, 500 * time.Millisecond}, {12, 4 * time.Second}, {13, 8 * time.Second}}

// adjOrderShare: the shallow search before a solve gets 1/adjOrderShare of
// the budget.
const adjOrderShare = 20

// solvable tells whether the search should try solveClass: alpha-beta with
// a time budget, close enough to the end, and no depth limit short of it.
func (s *adjSearch) solvable(budget Budget, left, limit int) bool {
	work := budget.Time * time.Duration(max(1, min(budget.Jobs, runtime.NumCPU())))
	most := 0
	for _, r := range adjSolveReach {
		if work >= r.work {
			most = r.plies
		}
	}
	return s.prune && budget.Time > 0 && limit == left && left <= most
}

// solveClass solves the root by class: a win (1), a draw (0) or a loss
// (-1) for the mover, with a move that keeps that class. Only the sign of
// the final mark difference decides the game, and two null-window
// searches (is the value above 0? is it at least 0?) settle the sign far
// sooner than a full window settles the value. The moves go in the order
// the shallow search left them, best first. The first question is the
// one the shallow search's score expects to be the last: "at least 0?"
// settles a loss alone, and when hopeful (the score is positive) "above
// 0?" settles a win alone. ok is false when time ran out first.
//
// With jobs threads, they search each root move together (see together).
func (s *adjSearch) solveClass(me, opp uint64, ply int, root []Move, jobs int, hopeful bool) (best Move, class int, ok bool) {
	left := s.plies - ply
	// What the shallow search learnt of the order misleads the proof: its
	// killers, quiet moves that cut off by the objective, are rarely
	// replaced near the end, where the moves that cut off mostly turn
	// marks, and would come first at every node; so would its table moves
	// (see negamax). With both set aside, the positions of
	// BenchmarkAdjEndgame that took longest to prove twelve plies before
	// the end were proved five to eight times sooner.
	for i := range s.killers {
		s.killers[i] = [2]int8{-1, -1}
	}
	// The first move worth at least beta, the value a class's moves reach.
	find := func(beta int) Move {
		for _, m := range root {
			nme, nopp := adjAfter(me, opp, m)
			v := -s.together(jobs, func(t *adjSearch) int {
				return t.negamax(nopp, nme, ply+1, left-1, -beta, -beta+1)
			})
			if s.stopped {
				return NoMove
			}
			if v >= beta {
				return m
			}
		}
		return NoMove
	}
	// "At least 0?" (beta 0) and "above 0?" (beta 1), first the one
	// expected to settle the matter alone: no move reaching 0 is a loss, a
	// move reaching 1 a win, and a draw needs both answers.
	questions := [2]int{0, 1}
	if hopeful {
		questions = [2]int{1, 0}
	}
	draw := NoMove
	for _, beta := range questions {
		m := find(beta)
		switch {
		case s.stopped:
			return NoMove, 0, false
		case beta == 1 && m != NoMove:
			return m, 1, true
		case beta == 0 && m == NoMove:
			return root[0], -1, true
		case beta == 0:
			draw = m
		}
	}
	return draw, 0, true
}

// adjHopeful tells whether a solve should first ask if the mover wins,
// from the scores of the last two depths searched (prev -infinity when
// there was none): both must be positive. Scores swing between odd and
// even depths: of the 18 positions of BenchmarkAdjEndgame lost for the
// mover twelve plies before the end, 13 score -1 at depth 8 and 1 at
// depth 9, and only one scores above 0 at both; a loss taken for a hope
// costs a whole second refutation.
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

// adjTimeable is the shortest iteration whose time adjNextIteration
// trusts as a base for growth: on a quiet machine depth 7 from the start
// takes about 14 ms, and with the threshold at 20 ms, as it once was, the
// guess fell back to twice the last time and the search tried depth 11 at
// 5 s, which it could not finish.
const adjTimeable = 5 * time.Millisecond

// adjNextIteration guesses the time of iteration depth+1 from the times
// of those before it. The growth from one depth to the next swings between
// odd and even depths (from the start of an 8-round game, depth 9 costs
// about ten times depth 8, depth 10 three times depth 9, depth 11 twenty
// times depth 10), so the guess repeats the growth of the same parity, two
// plies back: t(d+1) = t(d-1)^2 / t(d-3), once t(d-3) is long enough to be
// timed at all (adjTimeable). Before that, and never less, it is twice
// the last: the search rather tries a depth it may not finish than gives
// up one it could have. A busy machine can only stretch t(d-3), which
// lowers the guess, so timing noise errs on the side of trying.
func adjNextIteration(times []time.Duration, depth int) time.Duration {
	guess := 2 * times[depth]
	if depth >= 4 && times[depth-3] >= adjTimeable {
		t1, t3 := float64(times[depth-1]), float64(times[depth-3])
		guess = max(guess, time.Duration(t1*t1/t3))
	}
	return guess
}

// root searches every move to depth and returns the best, the first in
// the list among equals. With jobs above 1, the threads search each move
// together (see together).
func (s *adjSearch) root(me, opp uint64, ply, depth int, moves []Move, jobs int) (Move, int) {
	best, bestScore := NoMove, -infinity
	if s.tr != nil {
		s.tr.restart(depth)
		s.tr.enter(me, opp, ply, depth, -infinity, infinity, s.plies, s.nodes)
		defer func() { s.tr.leave(ply, bestScore, s.nodes) }()
	}
	for i, m := range moves {
		nme, nopp := adjAfter(me, opp, m)
		// child is the move's value searched within (alpha, beta).
		child := func(alpha, beta int) int {
			return -s.together(jobs, func(t *adjSearch) int {
				if t.tr != nil {
					return t.traced(nopp, nme, ply+1, depth-1, -beta, -alpha)
				}
				return t.negamax(nopp, nme, ply+1, depth-1, -beta, -alpha)
			})
		}
		var v int
		switch {
		case !s.prune:
			v = child(-infinity, infinity)
		case i == 0 && s.guess != -infinity:
			lo, hi := s.guess-1, s.guess+1
			v = child(lo, hi)
			if v <= lo && !s.stopped {
				v = child(-infinity, lo)
			} else if v >= hi && !s.stopped {
				v = child(hi, infinity)
			}
		case i == 0:
			v = child(-infinity, infinity)
		default:
			v = child(bestScore, bestScore+1)
			if v > bestScore && !s.stopped {
				v = child(bestScore, infinity)
			}
		}
		if s.stopped {
			break
		}
		if v > bestScore {
			best, bestScore = m, v
		}
	}
	return best, bestScore
}

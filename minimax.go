package main

import (
	"context"
	"slices"
	"time"
)

// searcher holds the state of one minimax or alpha-beta search. Minimax and
// alpha-beta share it: alpha-beta is minimax plus the one cut-off line
// guarded by prune.
type searcher struct {
	ctx   context.Context
	prune bool
	// eval judges the positions at the depth limit (eval=).
	eval evalFunc
	// plain searches the moves in their numbering, without the game's
	// order and without the last iteration's best move first (order=none).
	plain   bool
	nodes   int64
	toEnd   bool     // no depth limit: every leaf is a finished game
	stopped bool     // the context ended: results of this iteration are void
	cut     bool     // some leaf was cut by the depth limit: the score is a guess
	maxPly  int      // deepest ply reached in this iteration
	moves   [][]Move // one move buffer per ply, reused to spare the allocator
	// pv is the triangular array of expected lines: pv[ply][:pvLen[ply]]
	// is the best line found so far from the node being searched at ply,
	// its own move first. A node's line is its best move followed by that
	// child's line, so the root's line ends where the search did. Lengths
	// apart from rows keep the per-node cost to one integer store.
	pv    [][]Move
	pvLen []int
	tr    *tracer // records the tree for -trace; nil (the rule) costs one test a node
}

// startLine empties the expected line of the node at ply, growing the
// array on the way down.
func (s *searcher) startLine(ply int) {
	for len(s.pvLen) <= ply {
		s.pv, s.pvLen = append(s.pv, make([]Move, 16)), append(s.pvLen, 0)
	}
	s.pvLen[ply] = 0
}

// extendLine makes m, followed by the line of the child at ply+1, the
// line of the node at ply.
func (s *searcher) extendLine(ply int, m Move) {
	n := s.pvLen[ply+1]
	if n >= len(s.pv[ply]) {
		s.pv[ply] = make([]Move, 2*(n+1))
	}
	row := s.pv[ply]
	row[0] = m
	copy(row[1:n+1], s.pv[ply+1][:n])
	s.pvLen[ply] = n + 1
}

// line is the expected line of the node at ply.
func (s *searcher) line(ply int) []Move { return s.pv[ply][:s.pvLen[ply]] }

// buffer returns the move buffer of a ply.
func (s *searcher) buffer(ply int) []Move {
	for len(s.moves) <= ply {
		s.moves = append(s.moves, make([]Move, 0, 16))
	}
	return s.moves[ply]
}

// pollEvery is how many nodes pass between looks at the clock: often enough
// to stop within a fraction of a millisecond, rare enough to cost nothing.
const pollEvery = 1024

// timeUp notes whether the search must stop, looking every pollEvery nodes.
func (s *searcher) timeUp() bool {
	if !s.stopped && s.nodes%pollEvery == 0 {
		s.stopped = expired(s.ctx)
	}
	return s.stopped
}

// final scores a finished game for the side to move, ply moves below the
// root. In a won-or-lost game a win nearer the root scores higher and a
// loss further away scores higher, so the bot wins quickly and resists long.
func final(g Game, ply int) int {
	v := g.Final(g.Turn())
	if !g.Utility().Margin {
		switch {
		case v > 0:
			v -= ply
		case v < 0:
			v += ply
		}
	}
	return v
}

// negamax returns the score of g for the side to move, searching depth
// more plies (unlimited when depth < 0). With prune off it is plain
// minimax and ignores the window; with prune on it is alpha-beta and the
// score is exact only inside (alpha, beta). It leaves the line it expects
// in s.line(ply). Its children are searched through the tracer when
// there is one: the test sits at the call, since Go inlines no recursive
// call and a wrapper would cost a call a node.
func (s *searcher) negamax(g Game, depth, ply, alpha, beta int) int {
	s.nodes++
	s.maxPly = max(s.maxPly, ply)
	// A leaf's line is empty; a node with moves gets its line from the
	// child that sets its score.
	if g.Over() {
		s.startLine(ply)
		return final(g, ply)
	}
	// The clock is looked at before a leaf is judged too: most nodes are
	// leaves, and an evaluator that searches itself (the reply
	// evaluators) makes them dear, so a poll at inner nodes alone came
	// tens of thousands of nodes apart.
	if s.timeUp() {
		s.startLine(ply)
		return 0
	}
	if depth == 0 {
		s.cut = true
		s.startLine(ply)
		return s.eval(g, g.Turn())
	}
	alpha0 := alpha
	if u := g.Utility(); s.prune && s.toEnd && !u.Margin {
		w := u.Max
		// Mate-distance pruning: the mover can at best win with its next
		// move and at worst lose to the reply, so a window beyond those
		// scores decides nothing. Sound only when no leaf is a heuristic
		// guess that could pass for a distant win.
		lo, hi := -(w - ply - 2), w-ply-1
		if lo >= beta || hi <= alpha {
			s.startLine(ply)
			if s.tr != nil {
				s.tr.skip(ply, len(g.Moves(nil)))
			}
			if lo >= beta {
				return lo
			}
			return hi
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
	}
	best := -infinity
	moves := s.ordered(g.Moves(s.buffer(ply)))
	s.moves[ply] = moves
	for i, m := range moves {
		g.Play(m)
		var v int
		if s.tr == nil {
			v = -s.negamax(g, depth-1, ply+1, -beta, -max(alpha, best))
		} else {
			v = -s.traced(g, depth-1, ply+1, -beta, -max(alpha, best))
		}
		g.Undo()
		if v > best {
			best = v
			// Alpha-beta needs no line of a node that fails low (its
			// score is no better than the window's alpha as given, before
			// mate-distance narrowing): the node above cuts off on it and
			// never makes it its own line.
			if !s.prune || v > alpha0 {
				s.extendLine(ply, m)
			}
			if s.prune && best >= beta {
				if s.tr != nil {
					s.tr.skip(ply, len(moves)-i-1)
				}
				break
			}
		}
	}
	return best
}

// root searches every move of g to depth and returns the best one, the
// first in the game's order among equals (so the lowest cell in
// Tic-Tac-Toe, as in seed 003). first, if legal, is searched before the
// others, for the cut-offs its score gives; a move before it in the
// game's order is then searched with the window open by one, so that a
// tie is seen and still goes to the earlier move.
func (s *searcher) root(g Game, depth int, first Move) (Move, int) {
	moves := s.ordered(append([]Move(nil), g.Moves(nil)...))
	if s.plain {
		first = NoMove
	}
	// before is how many moves precede first in the game's order; they
	// come right after it.
	before := 0
	for i, m := range moves {
		if m == first {
			copy(moves[1:i+1], moves[:i])
			moves[0] = first
			before = i
			break
		}
	}
	if s.tr != nil {
		s.tr.enter(g, depth, 0, -infinity, infinity, s.nodes)
	}
	s.nodes++
	s.startLine(0)
	best, bestScore := NoMove, -infinity
	for i, m := range moves {
		// Only first can be best while a move before it in the game's
		// order is searched: the others come in that order.
		earlier := i > 0 && i <= before && best == first
		beta := -bestScore
		if earlier {
			beta++
		}
		g.Play(m)
		var v int
		if s.tr == nil {
			v = -s.negamax(g, depth-1, 1, -infinity, beta)
		} else {
			v = -s.traced(g, depth-1, 1, -infinity, beta)
		}
		g.Undo()
		if s.stopped {
			break
		}
		if v > bestScore || earlier && v == bestScore {
			best, bestScore = m, v
			s.extendLine(0, m)
		}
	}
	if s.tr != nil {
		s.tr.leave(0, bestScore, s.nodes)
	}
	return best, bestScore
}

// ordered is the moves in the order searched: the game's, or with
// order=none their numbering.
func (s *searcher) ordered(moves []Move) []Move {
	if s.plain {
		slices.Sort(moves)
	}
	return moves
}

// search runs the budgeted search: one pass at the depth limit when there
// is no time limit (so node counts are those of the textbook algorithm),
// otherwise iterative deepening, keeping the last completed depth's move.
func (s *searcher) search(g Game, b Budget) Decision {
	start := time.Now()
	limit := b.Depth
	if limit <= 0 {
		limit = infinity
	}
	moves := g.Moves(nil)
	d := Decision{Move: NoMove}
	if len(moves) == 0 {
		return d
	}
	d.Move = moves[0] // a legal fallback if time runs out at once
	from := limit
	if b.Time > 0 {
		from = 1
	}
	for depth := from; depth <= limit; depth++ {
		s.cut, s.maxPly, s.toEnd = false, 0, depth == infinity
		if s.tr != nil {
			s.tr.reset()
		}
		m, v := s.root(g, depth, d.Move)
		if s.stopped {
			break
		}
		d.Move, d.Score, d.Depth = m, v, s.maxPly
		d.PV = append(d.PV[:0], s.line(0)...)
		if s.tr != nil {
			d.Trace = s.tr.tree(g, s.maxPly, d.PV)
		}
		if !s.cut {
			break // every line reached the end: deeper search changes nothing
		}
	}
	d.Nodes, d.Time = s.nodes, time.Since(start)
	return d
}

// Keys of minimax and alpha-beta: to the end (Tic-Tac-Toe) or as deep as
// the time allows, unless the game's card says otherwise (Connect Four's
// depth 7, the seed's).
var (
	searchDepth = param{key: "depth", kind: kindInt, min: 0, max: 64, def: "0",
		untilTime: true, about: depthParam.about}
	orderParam = param{key: "order", kind: kindChoice, choices: []string{"game", "none"},
		about: "move order: game (its own, and the last depth's best move first) or none (by number)"}
	// alphabetaBook switches Adjacency's book of solved positions; the
	// other games' alpha-beta has none.
	alphabetaBook = param{key: "book", kind: kindSwitch, def: "on",
		about: "Adjacency: answer from the book of solved positions where it can (off: search every position)"}
	// alphabetaRelax switches how Adjacency's search to the end settles
	// a node's isolated moves; it is there to show what that saves.
	alphabetaRelax = param{key: "relax", kind: kindSwitch, def: "on",
		about: "Adjacency, searched to the end: settle a node's isolated moves together by one search of a relaxed position (off: search each)"}
)

func init() {
	registerBot(&botDecl{name: "minimax", order: 1, traces: true, toTheEnd: true,
		about:  "plain minimax: every move to the depth limit (or the end), the textbook algorithm",
		params: []param{searchDepth, timeParam, evalParam},
		build:  func(c botConfig) Bot { return newSearchBot(c, false) }})
	registerBot(&botDecl{name: "alphabeta", order: 2, traces: true, toTheEnd: true,
		about:  "minimax with alpha-beta pruning and iterative deepening under a time budget",
		params: []param{searchDepth, timeParam, evalParam, orderParam, alphabetaBook, alphabetaRelax},
		build:  func(c botConfig) Bot { return newSearchBot(c, true) }})
}

// newSearchBot is minimax, or alpha-beta with prune, with c's evaluator
// and order.
func newSearchBot(c botConfig, prune bool) SearchBot {
	return SearchBot{Prune: prune, Eval: findEvaluator(c.game.name, c.vals.text("eval")).score,
		Plain: c.vals.text("order") == "none"}
}

// SearchBot is minimax, with alpha-beta pruning when Prune is set, over the
// Game interface: it plays every game.
type SearchBot struct {
	Prune bool
	// Eval judges the positions at the depth limit; nil is the game's
	// default evaluator.
	Eval evalFunc
	// Plain searches moves by number, without move ordering (order=none).
	Plain bool
}

// Name is the bot's command-line name.
func (b SearchBot) Name() string {
	if b.Prune {
		return "alphabeta"
	}
	return "minimax"
}

// Think searches a copy of g within the budget.
func (b SearchBot) Think(ctx context.Context, g Game, budget Budget) Decision {
	ctx, cancel := withBudget(ctx, budget)
	defer cancel()
	s := &searcher{ctx: ctx, prune: b.Prune, eval: b.Eval, plain: b.Plain}
	if s.eval == nil {
		s.eval = defaultEval(g)
	}
	if budget.Trace > 0 {
		s.tr = newTracer(b.Name(), budget.Trace, b.Prune)
	}
	return s.search(g.Clone(), budget)
}

// traced is negamax with the tracer told of the node.
func (s *searcher) traced(g Game, depth, ply, alpha, beta int) int {
	s.tr.enter(g, depth, ply, alpha, beta, s.nodes)
	v := s.negamax(g, depth, ply, alpha, beta)
	s.tr.leave(ply, v, s.nodes)
	return v
}

package main

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// rolloutDepth is how far rollout plays each move out.
var rolloutDepth = param{key: "depth", kind: kindInt, min: 0, max: 64, def: "0",
	about: "plies each rollout plays; 0 means no limit: to the end of the game"}

func init() {
	registerBot(&botDecl{name: "local", order: 3, traces: true,
		about:  "local search: the move whose position scores best, one ply ahead, or a walk from move to move (variant=)",
		params: append(slices.Clone(localVariantKeys), timeParam, evalParam),
		build: func(c botConfig) Bot {
			eval := findEvaluator(c.game.name, c.vals.text("eval")).score
			if w := walkerFor(c.vals); w != nil {
				return &WalkBot{Variant: c.vals.text("variant"), walker: w, Eval: eval, rng: c.rng}
			}
			return LocalBot{Eval: eval}
		}})
	registerBot(&botDecl{name: "rollout", order: 4, traces: true,
		about:  "local search judged by where it leads: each move rolled out greedily to the end",
		params: []param{rolloutDepth, timeParam, evalParam},
		build: func(c botConfig) Bot {
			return RolloutBot{Eval: findEvaluator(c.game.name, c.vals.text("eval")).score}
		}})
}

// LocalBot is seed 002's local search (section IV) as the course team's
// code does it: it tries the mover's mark in every neighbour state, one
// move ahead, and keeps the state with the best objective. The neighbours
// are the legal moves in the game's Moves order (Adjacency: the empty
// cells left to right, top to bottom), and a move is kept whenever its
// objective is at least the best so far, so the LAST of equal moves wins:
// the team's scan compares with >=, and the objective ties constantly
// (from the start, cells 5, 23, 40 and 58 all score 1 for X, and local
// search plays 58). It plays every game through the Game interface, with
// each game's own evaluation.
type LocalBot struct {
	// Eval judges the positions the moves make; nil is the game's default.
	Eval evalFunc
}

// Name is "local".
func (LocalBot) Name() string { return "local" }

// Think scores every move's resulting position from the mover's side: the
// final score if the move ends the game, otherwise the evaluation (see
// greedy). The budget's depth does not apply (local search looks one move
// ahead by definition); its time does.
func (l LocalBot) Think(ctx context.Context, g Game, b Budget) Decision {
	start := time.Now()
	ctx, cancel := withBudget(ctx, b)
	defer cancel()
	g = g.Clone()
	eval := orDefault(l.Eval, g)
	d := Decision{}
	d.Move, d.Score, d.Nodes = greedy(ctx, g, eval, nil)
	if d.Move != NoMove {
		d.Depth = 1
	} else {
		d.Score = 0
	}
	d.Time = time.Since(start)
	if b.Trace > 0 {
		// Scored again, one ply each: nothing for greedy to keep when
		// not traced.
		var scores []int
		for _, m := range g.Moves(nil) {
			g.Play(m)
			scores = append(scores, localScore(g, eval, g.Turn().Other()))
			g.Undo()
		}
		d.Trace = candidatesTrace("local", g, d, scores,
			"trace: local search scored every move one ply ahead and keeps the last of the best",
			fmt.Sprintf("scores are %v's: the objective of the position the move makes", g.Turn()))
	}
	return d
}

// candidatesTrace is the trace of a search that scores each legal move of
// g once (local search, rollout): the moves with their scores, in the
// game's order, the one played marked.
func candidatesTrace(bot string, g Game, d Decision, scores []int, heading ...string) *SearchTrace {
	root := &TraceNode{Move: "root", Value: scoreOf(d.Score), PV: true}
	for i, m := range g.Moves(nil)[:len(scores)] {
		c := &TraceNode{Move: g.FormatMove(m), Value: scoreOf(scores[i]), PV: m == d.Move}
		if c.PV {
			c.Note = "played"
		}
		root.Children = append(root.Children, c)
	}
	return &SearchTrace{Bot: bot, Root: root, Heading: heading}
}

// greedy is the local search step: the move whose resulting position
// scores best for the side to move (the last among equals), its score and
// the positions scored. It plays on g and takes every move back. If ctx
// ends it stops with the best so far (the first move at worst). buf is
// reused for the moves.
func greedy(ctx context.Context, g Game, eval evalFunc, buf []Move) (Move, int, int64) {
	me := g.Turn()
	moves := g.Moves(buf)
	if len(moves) == 0 {
		return NoMove, 0, 0
	}
	best, score, nodes := moves[0], -infinity, int64(0)
	for i, m := range moves {
		// Scoring a move costs next to nothing; the clock is looked at
		// only so that a cancelled caller is answered at once.
		if i > 0 && expired(ctx) {
			break
		}
		g.Play(m)
		v := localScore(g, eval, me)
		g.Undo()
		nodes++
		if v >= score {
			best, score = m, v
		}
	}
	return best, score, nodes
}

// RolloutBot is a stronger variant of local search: the same neighbours
// (every legal move, in order), but each is judged by where it leads
// rather than by the position it makes at once. After the move both sides
// play seed 002's local search (the greedy step above) to the end of the
// game, or for Budget.Depth further plies when that is set, and the
// position reached is scored for the mover. It is the one-step rollout
// improvement of the greedy policy: it sees the replies local search
// would make, so it avoids moves the opponent can flip straight back. How
// it fares against local search and genetic minimax on Adjacency:
// docs/bots.md (BenchmarkAdjacencyMatches).
type RolloutBot struct {
	// Eval judges where a rollout cut short ends; nil is the game's
	// default.
	Eval evalFunc
}

// Name is "rollout".
func (RolloutBot) Name() string { return "rollout" }

// Think rolls every move out and keeps the best final score (first among
// equals). Nodes counts the positions scored, in the rollouts included;
// Depth is the longest line played. When the time runs out the best move
// so far is returned.
func (r RolloutBot) Think(ctx context.Context, g Game, b Budget) Decision {
	start := time.Now()
	ctx, cancel := withBudget(ctx, b)
	defer cancel()
	g = g.Clone()
	eval := orDefault(r.Eval, g)
	me := g.Turn()
	moves := g.Moves(nil)
	d := Decision{Move: NoMove}
	if len(moves) == 0 {
		d.Time = time.Since(start)
		return d
	}
	d.Move, d.Score = moves[0], -infinity
	buf := make([]Move, 0, 64) // greedy is done with it before the next call
	var scores []int           // each move's, for -trace
	for i, m := range moves {
		if i > 0 && expired(ctx) {
			break
		}
		g.Play(m)
		played := 1
		for !g.Over() && (b.Depth <= 0 || played < b.Depth) {
			reply, _, n := greedy(ctx, g, eval, buf)
			d.Nodes += n
			g.Play(reply)
			played++
		}
		v := localScore(g, eval, me)
		d.Nodes++
		d.Depth = max(d.Depth, played)
		for ; played > 0; played-- {
			g.Undo()
		}
		if i > 0 && expired(ctx) {
			break // a rollout cut short by the clock is not a fair score
		}
		if v > d.Score {
			d.Move, d.Score = m, v
		}
		if b.Trace > 0 {
			scores = append(scores, v)
		}
	}
	d.Time = time.Since(start)
	if b.Trace > 0 {
		d.Trace = candidatesTrace("rollout", g, d, scores,
			"trace: rollout played each move out with local search and keeps the first of the best",
			fmt.Sprintf("scores are %v's: the objective of the position where the rollout ended", me))
	}
	return d
}

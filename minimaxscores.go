package main

import (
	"context"
	"fmt"
	"strings"
)

// Every move's score: the root's moves searched one by one, each with a
// full window, so that every score is exact and not merely a bound that
// shows it is worse than the best. Hints show them (Tic-Tac-Toe's
// "every move:" lines, -analyze -scores) and the weaker levels draw
// their moves by them (level.go).

// rootScore is one legal move of a position, its score for the side to
// move and the line expected after it, the move first.
type rootScore struct {
	move  Move
	score int
	line  []Move
}

// rootScores searches every legal move of g in turn by alpha-beta, depth
// plies deep (0: to the end of the game) and judged by eval at the
// horizon. When ctx ends it returns the moves scored so far. nodes and
// reached are the positions searched and the deepest ply reached.
func rootScores(ctx context.Context, g Game, eval evalFunc, depth int) (scores []rootScore, nodes int64, reached int) {
	s := &searcher{ctx: ctx, prune: true, toEnd: depth == 0, eval: eval}
	left := depth - 1
	if depth == 0 {
		left = -1 // negamax: no limit
	}
	p := g.Clone()
	for _, m := range p.Moves(nil) {
		p.Play(m)
		v := -s.negamax(p, left, 1, -infinity, infinity)
		p.Undo()
		if s.stopped {
			break
		}
		scores = append(scores, rootScore{m, v, append([]Move{m}, s.line(1)...)})
	}
	return scores, s.nodes, s.maxPly
}

// moveScores lists every legal move of g with its exact score in words
// (searched to the end: affordable in Tic-Tac-Toe).
func moveScores(ctx context.Context, g Game, describe func(Game, Decision) string) string {
	var b strings.Builder
	b.WriteString("every move:")
	scores, _, _ := rootScores(ctx, g, nil, 0)
	for _, r := range scores {
		fmt.Fprintf(&b, "\n  %s  %s", g.FormatMove(r.move), describe(g, Decision{Move: r.move, Stats: Stats{Score: r.score, PV: r.line}}))
	}
	return b.String()
}

// The generic search gives a game's exact scores where its card names it
// the strongest bot (Tic-Tac-Toe's).
var _ moveScorer = SearchBot{}

// exactScores is every legal move's exact score for the side to move in
// g, searched to the end as moveScores does (the Tic-Tac-Toe card's
// -analyze -scores): a card names this bot its strongest only where a
// search to the end is quick.
func (b SearchBot) exactScores(ctx context.Context, g Game, _ int) map[Move]int {
	out := map[Move]int{}
	scores, _, _ := rootScores(ctx, g, nil, 0)
	for _, r := range scores {
		out[r.move] = r.score
	}
	return out
}

package main

import (
	"context"
	"fmt"
	"strings"
)

// Scores in words for a person (hint and -v): the helpers the game cards'
// describers share.

// endsGame reports whether playing the line out on a copy of g ends the
// game, every move legal.
func endsGame(g Game, line []Move) bool {
	if len(line) == 0 {
		return false
	}
	p := g.Clone()
	for _, m := range line {
		legal := false
		for _, l := range p.Moves(nil) {
			legal = legal || l == m
		}
		if !legal {
			return false
		}
		p.Play(m)
	}
	return p.Over()
}

// inPlies words a won or lost end so many plies away.
func inPlies(score, plies int) string {
	switch {
	case score > 0:
		return "wins in " + plural(plies, "ply", "plies")
	case score < 0:
		return "loses in " + plural(plies, "ply", "plies")
	}
	return "draw"
}

// moveScores lists every legal move of g with its exact score in words,
// each searched to the end by alpha-beta with a full window (so each
// score, not only the best, is exact): affordable in Tic-Tac-Toe.
func moveScores(ctx context.Context, g Game, describe func(Game, Decision) string) string {
	s := &searcher{ctx: ctx, prune: true, toEnd: true}
	p := g.Clone()
	var b strings.Builder
	b.WriteString("every move:")
	for _, m := range p.Moves(nil) {
		p.Play(m)
		v := -s.negamax(p, infinity, 1, -infinity, infinity)
		line := append([]Move{m}, s.line(1)...)
		p.Undo()
		fmt.Fprintf(&b, "\n  %s  %s", p.FormatMove(m), describe(p, Decision{Move: m, Stats: Stats{Score: v, PV: line}}))
	}
	return b.String()
}

// exactScores is every legal move's exact score for the side to move in
// g, by move number below n (nil for the others), each searched to the end
// by alpha-beta with a full window as moveScores does: affordable in
// Tic-Tac-Toe.
func exactScores(ctx context.Context, g Game, n int) []*int {
	s := &searcher{ctx: ctx, prune: true, toEnd: true}
	p := g.Clone()
	scores := make([]*int, n)
	for _, m := range p.Moves(nil) {
		p.Play(m)
		v := -s.negamax(p, infinity, 1, -infinity, infinity)
		p.Undo()
		scores[m] = &v
	}
	return scores
}

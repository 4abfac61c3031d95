package main

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The solver as the game's analyst: its hint shows every column's exact
// score, and -analyze -scores prints them (docs/connect4.md, "Scores").
// The solver bot answers both for Connect Four's card, which names it its
// strongest bot.

// The solver answers both for the card.
var (
	_ hinter     = (*SolverBot)(nil)
	_ moveScorer = (*SolverBot)(nil)
)

// hint: every column's score under the hint's clock (c4HintJobs).
func (b *SolverBot) hint(ctx context.Context, g Game, jobs int) string {
	return c4HintJobs(ctx, b.reg, g, jobs)
}

// exactScores: every column's exact score, searched with so many threads.
func (b *SolverBot) exactScores(ctx context.Context, g Game, jobs int) map[Move]int {
	scores, _ := c4ColumnScores(ctx, b.reg, g, jobs)
	out := map[Move]int{}
	for col, v := range scores {
		if v != nil {
			out[Move(col)] = *v
		}
	}
	return out
}

// c4HintJobs shows the solver's score of every column (the scores of
// docs/connect4.md, from the side to move; "-" for a full column, "?"
// when time ran out), searched by c4ColumnScores with so many threads
// (-jobs) over the table that reg's run keeps for the board's size.
func c4HintJobs(ctx context.Context, reg *registry, g Game, jobs int) string {
	if g.Over() {
		return "the game is over"
	}
	ctx, cancel := context.WithTimeout(ctx, c4HintTime)
	defer cancel()
	scores, _ := c4ColumnScores(ctx, reg, g, jobs)
	legal := g.Moves(nil)
	cells := make([]string, len(scores))
	for col, v := range scores {
		switch {
		case !slices.Contains(legal, Move(col)):
			cells[col] = "-"
		case v == nil:
			cells[col] = "?" // time ran out before this column
		default:
			cells[col] = strconv.Itoa(*v)
		}
	}
	return c4ScoreTable(cells)
}

// c4ColumnScores is the solver's exact score of every column for the side
// to move (docs/connect4.md), nil for a full column, with so many search
// threads over the table that reg's run keeps for the board's size (reg
// nil: a table of its own), and the book on 7x6; stopped says ctx ended
// the search first: the columns scored before then keep their exact
// scores, the rest are nil.
func c4ColumnScores(ctx context.Context, reg *registry, g Game, jobs int) (scores []*int, stopped bool) {
	c := g.(*ConnectFour)
	if g.Over() {
		return make([]*int, c.geo.width), false
	}
	s := newC4Solver(c.geo, runTable(reg, c.geo), bookFor(c.geo, true), c4Defaults())
	s.setJobs(jobs)
	s.start(ctx, nil)
	return s.columnScores(c4PosOf(c)), s.stopped()
}

// c4ScoreTable writes the hint's scores (column 1 first) under their
// column numbers, each right-aligned in a field wide enough for "-21":
// the board's own names are two characters apart, too close for such
// scores, so the table repeats them above.
func c4ScoreTable(scores []string) string {
	var cols, vals strings.Builder
	cols.WriteString("column:")
	vals.WriteString("score: ")
	for i, v := range scores {
		fmt.Fprintf(&cols, "%4s", c4ColumnName(i))
		fmt.Fprintf(&vals, "%4s", v)
	}
	key := "win > 0 > loss; higher wins sooner"
	if slices.Contains(scores, "?") {
		key += "; ? ran out of time"
	}
	return "scores by column (" + key + "):\n" + cols.String() + "\n" + vals.String()
}

package main

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Connect Four's card: its names, defaults, messages and hint, registered
// with the game registry. The rules live in connect4.go, the solver in the
// c4*.go files below this one.

func init() {
	registerGame(&gameSpec{
		name:    "connect4",
		aliases: []string{"c4"},
		title:   "Connect Four",
		order:   2,
		options: []gameOption{
			{name: "width", usage: "Connect Four columns, 4..12; width x (height+1) at most 64",
				def: c4Width, min: c4MinSide, max: c4MaxWidth},
			{name: "height", usage: "Connect Four rows, 4..15",
				def: c4Height, min: c4MinSide, max: c4MaxHeight},
		},
		check:   func(opt gameOptions) error { return c4SizeError(opt["width"], opt["height"]) },
		newGame: func(opt gameOptions) Game { return NewConnectFourSize(opt["width"], opt["height"]) },
		seats:   seatDefaults{bot: "solver", openings: 2, exact: "solver", clock: c4SizeClockFor},
		words: gameWords{intro: "drop a stone: type the number of a column, as shown under the board",
			prompt: "Enter the column: ", rules: c4Rules, describe: c4Describe},
		analyst: gameAnalyst{strongest: "solver", hintBudget: Budget{Time: c4HintTime},
			hint: func(ctx context.Context, reg *registry, g Game, b Budget) string {
				return c4HintJobs(ctx, reg, g, b.Jobs)
			},
			finalScore: c4FinalScore,
			scores: func(ctx context.Context, reg *registry, g Game, jobs int) []*int {
				scores, _ := c4ColumnScores(ctx, reg, g, jobs)
				return scores
			}},
		// Left and right: column c is column width-1-c in the mirror.
		symmetries:   []func(gameOptions, Move) Move{func(opt gameOptions, m Move) Move { return Move(opt["width"]-1) - m }},
		symmetryNote: "mirror images counted once",
	})
}

// c4SizeClockFor is the time a move of a bot that would search to the end
// (the solver, by default) when no time is given: none on 7x6, which
// its book answers at once, and c4SizeClock on every other board, whose
// searches from scratch take minutes or hours (docs/connect4-sizes.md).
func c4SizeClockFor(opt gameOptions) time.Duration {
	if opt["width"] == c4Width && opt["height"] == c4Height {
		return 0
	}
	return c4SizeClock
}

// c4SizeClock is c4SizeClockFor off 7x6: Adjacency's time a move, and an
// engine's where the game sets none.
const c4SizeClock = 5 * time.Second

// c4Rules are the rules for the rules command.
const c4Rules = `Connect Four: X and O take turns dropping a stone into one of the
columns (seven of six cells, unless -width and -height say otherwise), X
first; it falls to the lowest free cell. Four stones in a row, across, up
or diagonally, win; a full board is a draw. Type the column number printed
under the board (a, b, c for columns 10-12 of the widest boards).`

// c4Describe: the solver's scores are exact (22 minus the winner's stone
// count on 7x6), the plies to the end following from the score; the
// student paper's alpha-beta and minimax (docs/history.md) score wins
// and losses as ±512 and guess the rest, on a scale whose small values
// look like the solver's; the solver out of time says what its score
// rests on (Basis).
func c4Describe(g Game, d Decision) string {
	switch {
	case d.Proof.Exact:
		return inPlies(d.Score, c4AnyPlies(g.(*ConnectFour).geo.cells, d.Score, len(g.History())))
	case endsGame(g, d.PV):
		return inPlies(d.Score, len(d.PV))
	case d.Proof.Basis != "":
		return fmt.Sprintf("%+d: %s", d.Score, d.Proof.Basis)
	}
	return fmt.Sprintf("%+d by the seed's line count, a guess from depth %d", d.Score, d.Depth)
}

// c4FinalScore is the score of a finished game (docs/connect4.md,
// "Scores") for the side to move: the loser, so minus the winner's
// score, or 0 for a draw.
func c4FinalScore(g Game) int {
	c := g.(*ConnectFour)
	if c.Winner() == Nobody {
		return 0
	}
	// The winner's last stone fell on len-1 stones: (W*H+1 - (len-1))/2,
	// 22 minus the winner's stones on 7x6.
	return -((c.geo.cells + 2 - len(c.history)) / 2)
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

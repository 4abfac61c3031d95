package main

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
)

// Ratings said: a match's elo line and a round-robin's standings. A
// perfect score (every game won, or every game lost) gives a rating
// difference without a bound on one side: the likeliest difference is
// infinite, and only the other side is bounded. A match, a gauntlet and
// a tournament say it in the same words (docs/strength.md).

// eloLine is the head-to-head line (docs/results.md), `elo: <name> <diff> +- <interval> at 95%`,
// rounded to whole Elo points: "elo: alphabeta +191 +- 42 at 95%". After
// a perfect score the difference has no bound on one side, and the line
// says so in words (perfectWords): "elo: alphabeta won all 10 games: at
// least +140 at 95%, no upper bound". Without a game (a match interrupted
// before its first game ended) there is nothing to rate: "elo: alphabeta
// no games". An unbounded interval prints as "+- inf".
func eloLine(name string, diff, plusMinus float64, games int) string {
	switch {
	case games == 0:
		return fmt.Sprintf("elo: %s no games", name)
	case math.IsInf(diff, 0):
		return fmt.Sprintf("elo: %s %s", name, perfectWords(diff > 0, games, perfectBound(diff > 0, games)))
	case math.IsInf(plusMinus, 0):
		return fmt.Sprintf("elo: %s %s +- inf", name, signedElo(diff))
	}
	return fmt.Sprintf("elo: %s %s +- %.0f at 95%%", name, signedElo(diff), plusMinus)
}

// perfectBound is the one bound a perfect score of games games gives the
// rating difference, from the exact (Clopper-Pearson) binomial bound: n
// wins in n games happen with probability below 2.5% if the true score
// is below 0.025^(1/n), so 10 wins of 10 put it at least at +140 at 95%,
// and 4 of 4 only at least at -72 (4 games say little). Lost all: the
// mirror image, an upper bound.
func perfectBound(won bool, games int) float64 {
	bound := eloDiff(math.Pow(0.025, 1/float64(games)))
	if !won {
		return -bound
	}
	return bound
}

// perfectWords says what a perfect score tells, the same words after a
// match, a gauntlet and a tournament (docs/results.md): "won all 4
// games: at least -72 at 95%, no upper bound", "lost all 4 games: at
// most +72 at 95%, no lower bound".
func perfectWords(won bool, games int, bound float64) string {
	if won {
		return fmt.Sprintf("won all %s: at least %s at 95%%, no upper bound", plural(games, "game", "games"), signedElo(bound))
	}
	return fmt.Sprintf("lost all %s: at most %s at 95%%, no lower bound", plural(games, "game", "games"), signedElo(bound))
}

// perfectCells are a table's elo and +- cells for a perfect score: the
// bound, ">=-72" or "<=+72", and no interval; perfectWords says it in
// words under the table.
func perfectCells(won bool, bound float64) (elo, plusMinus string) {
	if won {
		return ">=" + signedElo(bound), "-"
	}
	return "<=" + signedElo(bound), "-"
}

// perfectBounds are, for each bot of a round-robin that won every game
// or lost every game, the one bound at 95%: its opponents' mean rating
// (each weighted by the games against it) plus perfectBound over its
// games; NaN for the other bots. The fit's own rating of such a bot is
// finite only because of the virtual draws, and says nothing more.
func (c crossResults) perfectBounds(elo []float64) []float64 {
	bounds := make([]float64, len(c))
	for i, row := range c {
		bounds[i] = math.NaN()
		var t wdl
		opponents := 0.0
		for j, r := range row {
			if r.games() > 0 {
				t.wins, t.draws, t.losses = t.wins+r.wins, t.draws+r.draws, t.losses+r.losses
				opponents += float64(r.games()) * elo[j]
			}
		}
		n := t.games()
		if n == 0 || t.wins != n && t.losses != n {
			continue
		}
		bounds[i] = opponents/float64(n) + perfectBound(t.wins == n, n)
	}
	return bounds
}

// perfectNotes says under a table, in perfectWords, what each perfect
// score in it tells: "random lost all 4 games: at most +72 at 95%, no
// lower bound". won and games are by row, bound NaN for a row without
// a perfect score.
func perfectNotes(out io.Writer, names []string, won []bool, games []int, bound []float64) {
	for k, name := range names {
		if !math.IsNaN(bound[k]) {
			fmt.Fprintf(out, "%s %s\n", name, perfectWords(won[k], games[k], bound[k]))
		}
	}
}

// standings are a round-robin's ratings and the order of its tables,
// found once for both the crosstable and the standings.
type standings struct {
	elo, plusMinus []float64 // by bot; NaN for a bot without games
	order          []int     // the bots, best rating first
	// bound is, for a bot that won or lost every game, the one bound
	// its games give (perfectBounds); NaN for the others.
	bound []float64
}

// standings rates the table and orders the bots: best rating first, the
// bots without a game last (their 0 points say nothing of their
// strength), ties in the order the bots were given.
func (c crossResults) standings() standings {
	elo, plusMinus := c.ratings()
	order := make([]int, len(elo))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		// Descending; cmp.Compare puts a NaN below every number, so the
		// unrated bots go last.
		return cmp.Compare(elo[b], elo[a])
	})
	return standings{elo: elo, plusMinus: plusMinus, order: order, bound: c.perfectBounds(elo)}
}

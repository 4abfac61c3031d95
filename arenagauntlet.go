package main

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
)

// A gauntlet (-gauntlet BOT -tournament LIST): BOT plays every player of
// LIST, and they do not play each other, as an engine tester runs a new
// version against a pool of others. Its standings rank LIST by score
// against BOT, each player's Elo over BOT with the interval of a match
// (pentanomial over its pairs), BOT's own record below them.

// gauntletRow is one player's record against the gauntlet's bot.
type gauntletRow struct {
	name            string
	record          wdl
	diff, plusMinus float64 // its Elo over the bot, and the 95% interval
	games           int     // the games the Elo counts
	stats           playStats
}

// gauntletScore keeps a gauntlet's game j, in which X scored xPoints:
// the other player's points (one of them is the bot, index 0), at the
// game's place in its match. That place is 2k or 2k+1 in pair k, and the
// schedule gave the other player X where the place and the player's
// index add up odd.
func gauntletScore(scores []pairScores, j gameJob, xPoints float64) {
	x, o := j.field[X], j.field[O]
	other, got, swapped := o, 1-xPoints, 0
	if x != 0 {
		other, got, swapped = x, xPoints, 1
	}
	scores[other].add(2*j.pair+(swapped+other)%2, got)
}

// gauntletRows are LIST's rows, best score first (ties in LIST's order):
// the field is the bot (index 0) and LIST; c is its crosstable, and
// scores[j] player j's points in its games against the bot.
func gauntletRows(names []string, c crossResults, stats fieldStats, scores []pairScores) []gauntletRow {
	var rows []gauntletRow
	for j := 1; j < len(names); j++ {
		r := gauntletRow{name: names[j], record: c[j][0], stats: stats[j]}
		r.diff, r.plusMinus, r.games = scores[j].figures()
		rows = append(rows, r)
	}
	slices.SortStableFunc(rows, func(a, b gauntletRow) int {
		if a.record.games() == 0 || b.record.games() == 0 {
			return cmp.Compare(b.record.games(), a.record.games()) // the idle last
		}
		return cmp.Compare(b.record.score(), a.record.score())
	})
	return rows
}

// writeGauntlet prints the gauntlet's standings: LIST's rows with their
// Elo over the bot, then the bot's own record over them all.
// fit says the table goes to a terminal and keeps within tableWidth,
// names cut short if need be; elsewhere every name is whole.
func writeGauntlet(out io.Writer, fit bool, rows []gauntletRow, bot string, botStats playStats, ends endCount) {
	table := [][]string{{"rank", "bot", "games", "wins", "draws", "losses", "score%", "elo", "+-", "ms/move", "forfeits"}}
	counts := []forfeitCount{botStats.forfeits}
	var total wdl
	for k, r := range rows {
		score, elo, pm := "-", "-", "-"
		if r.record.games() > 0 {
			score = fmt.Sprintf("%.1f", 100*r.record.score())
			elo, pm = gauntletElo(r.diff, r.plusMinus, r.games)
		}
		table = append(table, []string{strconv.Itoa(k + 1), r.name, strconv.Itoa(r.record.games()), strconv.Itoa(r.record.wins),
			strconv.Itoa(r.record.draws), strconv.Itoa(r.record.losses), score, elo, pm, fmt.Sprintf("%.2f", r.stats.msPerMove()),
			r.stats.forfeits.text()})
		counts = append(counts, r.stats.forfeits)
		total.wins, total.draws, total.losses = total.wins+r.record.losses, total.draws+r.record.draws, total.losses+r.record.wins
	}
	if botStats.grade != nil {
		table[0] = append(table[0], gradeHeads...)
		for k, r := range rows {
			table[k+1] = append(table[k+1], r.stats.grade.gradeCells()...)
		}
	}
	table, grades := apartGrades(table, fit, len(standingsGaps))
	gaps := rowGaps(len(table[0]))
	full := column(table[1:], 1)
	short := full
	if fit {
		short = shortNames(full, nameRoom(table, 1, gaps))
	}
	for a := range short {
		table[a+1][1] = short[a]
	}
	writeRows(out, table, gaps)
	writeGrades(out, grades, short)
	if key := forfeitKey(counts...); key != "" {
		fmt.Fprintln(out, key)
	}
	won, games, bounds := make([]bool, len(rows)), make([]int, len(rows)), make([]float64, len(rows))
	for k, r := range rows {
		bounds[k] = math.NaN()
		if math.IsInf(r.diff, 0) && r.games > 0 {
			won[k], games[k], bounds[k] = r.diff > 0, r.games, perfectBound(r.diff > 0, r.games)
		}
	}
	perfectNotes(out, short, won, games, bounds)
	score := "-"
	if total.games() > 0 {
		score = fmt.Sprintf("%.1f%%", 100*total.score())
	}
	fmt.Fprintf(out, "%s: %s, %s, %s, %s, score %s, %.2f ms/move, forfeits %s\n",
		bot, plural(total.games(), "game", "games"), plural(total.wins, "win", "wins"), plural(total.draws, "draw", "draws"),
		plural(total.losses, "loss", "losses"), score, botStats.msPerMove(), botStats.forfeits.text())
	if g := botStats.grade; g != nil {
		cells := g.gradeCells()
		fmt.Fprintf(out, "%s graded: %s%% of its moves, %s%% of them perfect, %s blunders a game\n", bot, cells[0], cells[1], cells[2])
	}
	rowStats := []playStats{botStats}
	for _, r := range rows {
		rowStats = append(rowStats, r.stats)
	}
	if l := startupLine(append([]string{bot}, short...), rowStats, tableWidth); l != "" {
		fmt.Fprintln(out, l)
	}
	if ended := ends.text(); ended != "" {
		fmt.Fprintln(out, ended)
	}
	writeNameLegend(out, column(table[1:], 0), full, short)
}

// gauntletElo is a row's Elo and interval as the match's elo line words
// them: after a perfect score, the bound (">=+277" and "-", perfectCells).
func gauntletElo(diff, plusMinus float64, games int) (elo, pm string) {
	if math.IsInf(diff, 0) {
		return perfectCells(diff > 0, perfectBound(diff > 0, games))
	}
	if math.IsInf(plusMinus, 0) {
		return signedElo(diff), "inf"
	}
	return signedElo(diff), fmt.Sprintf("%.0f", plusMinus)
}

// gauntletJSON is the gauntlet's tables under -format json.
type gauntletJSON struct {
	Type      string         `json:"type"` // "gauntlet"
	Game      string         `json:"game"`
	Seed      uint64         `json:"seed"`
	Shard     string         `json:"shard,omitempty"`
	Bot       standingJSON   `json:"bot"` // the gauntlet's bot: its record over all, rank 0, elo null
	Games     int            `json:"games"`
	Of        int            `json:"of"`
	PerMatch  int            `json:"per_match"`
	Open      int            `json:"interrupted"`
	Standings []standingJSON `json:"standings"` // LIST, best score first; elo is over the bot
	Ended     endsJSON       `json:"ended"`     // how the games ended
}

// fill puts the gauntlet's rows and its bot's record into j.
func (j *gauntletJSON) fill(rows []gauntletRow, bot string, botStats playStats) {
	var total wdl
	j.Standings = []standingJSON{}
	for k, r := range rows {
		row := standingJSON{Rank: k + 1, Bot: r.name, Games: r.record.games(), Wins: r.record.wins, Draws: r.record.draws,
			Losses: r.record.losses, MSPerMove: math.Round(100*r.stats.msPerMove()) / 100, StartupMS: r.stats.startupJSON(),
			Forfeits: r.stats.forfeits.json(), Grade: gradeJSONOf(r.stats.grade)}
		if r.record.games() > 0 {
			s := math.Round(r.record.score()*1e4) / 1e4
			row.Score = &s
			if !math.IsInf(r.diff, 0) {
				d := math.Round(r.diff*10) / 10
				row.Elo = &d
			}
			if !math.IsInf(r.plusMinus, 0) && !math.IsInf(r.diff, 0) {
				pm := math.Round(r.plusMinus*10) / 10
				row.PlusMinus = &pm
			}
			if math.IsInf(r.diff, 0) {
				b := math.Round(perfectBound(r.diff > 0, r.games)*10) / 10
				row.Bound = &b
			}
		}
		j.Standings = append(j.Standings, row)
		total.wins, total.draws, total.losses = total.wins+r.record.losses, total.draws+r.record.draws, total.losses+r.record.wins
	}
	j.Bot = standingJSON{Bot: bot, Games: total.games(), Wins: total.wins, Draws: total.draws, Losses: total.losses,
		MSPerMove: math.Round(100*botStats.msPerMove()) / 100, StartupMS: botStats.startupJSON(), Forfeits: botStats.forfeits.json(),
		Grade: gradeJSONOf(botStats.grade)}
	if total.games() > 0 {
		s := math.Round(total.score()*1e4) / 1e4
		j.Bot.Score = &s
	}
}

// gauntletPoints are the rows as a picture's points, the bot at 0 below
// them unless the rows are a sweep (drawn as a line, the bot's 0 the
// axis's reference).
func gauntletPoints(rows []gauntletRow, bot string) []eloPoint {
	var pts []eloPoint
	for _, r := range rows {
		pt := eloPoint{name: r.name, elo: math.NaN(), plusMinus: math.NaN()}
		if r.record.games() > 0 {
			pt = boundedPoint(r.name, r.diff, r.plusMinus, r.games)
		}
		pts = append(pts, pt)
	}
	if _, _, sweep := sweepOf(pts); !sweep {
		pts = append(pts, eloPoint{name: bot, plusMinus: math.NaN()})
	}
	return pts
}

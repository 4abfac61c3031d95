package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
)

// The lines of -format json: a run's header, a match's table, a
// round-robin's tables, each one JSON object a line.

// writeJSONLine writes v as one line of JSON (-format json).
func writeJSONLine(out io.Writer, v any) {
	line, err := json.Marshal(v)
	if err != nil {
		panic(err) // the output types always marshal
	}
	fmt.Fprintf(out, "%s\n", line)
}

// runHeader is the first line of a match or a tournament under -format
// json, as "seed: N" is of its text.
type runHeader struct {
	Type  string   `json:"type"`  // "start"
	Event string   `json:"event"` // "match" or "tournament"
	Game  string   `json:"game"`
	Seed  uint64   `json:"seed"`
	Field []string `json:"field"`
	Games int      `json:"games"`           // the games of the whole run
	Shard string   `json:"shard,omitempty"` // "I/N" when the run is a shard
	Note  string   `json:"note,omitempty"`  // the openings' note, if they repeat
}

// noteJSON is a line about the run amid its games under -format json
// (-sprt's openings that come again).
type noteJSON struct {
	Type string `json:"type"` // "note"
	Note string `json:"note"`
}

// resumeJSON is the resuming line under -format json: games of the run
// read back from -out's file rather than played.
type resumeJSON struct {
	Type  string `json:"type"`  // "resume"
	Games int    `json:"games"` // games already in the file
	Of    int    `json:"of"`    // the run's (this shard's) games
	File  string `json:"file"`
}

// eloJSON is the elo line of a match: the rating difference of the bot
// of -x over the bot of -o and its 95% interval, in Elo points. Numbers
// JSON cannot hold are null: Diff after a perfect score (Bound then holds
// the least difference at 95%, negative for the most after a score of
// nil) or without games; PlusMinus when unbounded.
type eloJSON struct {
	Bot       string   `json:"bot"`
	Games     int      `json:"games"`
	Diff      *float64 `json:"diff"`
	PlusMinus *float64 `json:"plus_minus"`
	Bound     *float64 `json:"bound,omitempty"`
}

// eloFigures is eloLine's content as JSON, rounded to a tenth of a point.
func eloFigures(name string, diff, plusMinus float64, games int) eloJSON {
	e := eloJSON{Bot: name, Games: games}
	num := func(x float64) *float64 {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return nil
		}
		x = math.Round(x*10) / 10
		return &x
	}
	if games == 0 {
		return e
	}
	e.Diff, e.PlusMinus = num(diff), num(plusMinus)
	if math.IsInf(diff, 0) {
		bound := eloDiff(math.Pow(0.025, 1/float64(games)))
		if diff < 0 {
			bound = -bound
		}
		e.Bound = num(bound)
	}
	return e
}

// matchJSON is a match's table under -format json: the table, elo
// line and total line in one object.
type matchJSON struct {
	Type   string         `json:"type"` // "match"
	Game   string         `json:"game"`
	Seed   uint64         `json:"seed"`
	Games  int            `json:"games"`  // asked for
	Played int            `json:"played"` // finished
	Bots   []matchBotJSON `json:"bots"`   // the bot of -x, then of -o
	Elo    eloJSON        `json:"elo"`
	// LOS is the likelihood that the bot of -x is the stronger (0..1),
	// DrawRatio the share of the games drawn; null without games.
	LOS       *float64  `json:"los"`
	DrawRatio *float64  `json:"draw_ratio"`
	Ended     endsJSON  `json:"ended"`
	SPRT      *sprtJSON `json:"sprt,omitempty"` // -sprt's end
}

// matchBotJSON is one row of the match table.
type matchBotJSON struct {
	Bot          string       `json:"bot"`
	Wins         int          `json:"wins"`
	Draws        int          `json:"draws"`
	Losses       int          `json:"losses"`
	MSPerMove    float64      `json:"ms_per_move"`
	StartupMS    *float64     `json:"startup_ms"` // startupJSON
	NodesPerMove float64      `json:"nodes_per_move"`
	Forfeits     forfeitsJSON `json:"forfeits"`
	Grade        *gradeJSON   `json:"grade,omitempty"` // -grade's
}

// crossJSON is one cell of the crosstable: what Bot scored against
// Opponent.
type crossJSON struct {
	Bot      string  `json:"bot"`
	Opponent string  `json:"opponent"`
	Games    int     `json:"games"`
	Points   float64 `json:"points"`
	Wins     int     `json:"wins"`
	Draws    int     `json:"draws"`
	Losses   int     `json:"losses"`
}

// standingJSON is one row of the standings; Score (0..1, a draw half),
// Elo and PlusMinus are null for a bot without games.
type standingJSON struct {
	Rank      int          `json:"rank"`
	Bot       string       `json:"bot"`
	Games     int          `json:"games"`
	Wins      int          `json:"wins"`
	Draws     int          `json:"draws"`
	Losses    int          `json:"losses"`
	Score     *float64     `json:"score"`
	Elo       *float64     `json:"elo"`
	PlusMinus *float64     `json:"plus_minus"`
	MSPerMove float64      `json:"ms_per_move"` // mean thinking time a move
	StartupMS *float64     `json:"startup_ms"`  // startupJSON
	Forfeits  forfeitsJSON `json:"forfeits"`
	// Bound is, after a perfect score (elo and plus_minus null), the one
	// bound at 95%: the least rating after every game won, the most
	// after every game lost (perfectWords).
	Bound *float64 `json:"bound,omitempty"`
	// Grade sums the grades of the bot's games graded (-grade).
	Grade *gradeJSON `json:"grade,omitempty"`
}

// tableJSON is a round-robin's tables under -format json, for
// -tournament (Type "tournament") and -rate (Type "rating").
type tableJSON struct {
	Type       string         `json:"type"`
	Game       string         `json:"game"`
	Seed       *uint64        `json:"seed,omitempty"`      // -tournament's
	Shard      string         `json:"shard,omitempty"`     // -tournament -shard's "I/N"
	Files      []string       `json:"files,omitempty"`     // -rate's
	Games      int            `json:"games"`               // games rated
	Of         int            `json:"of,omitempty"`        // -tournament: games scheduled (this shard's)
	PerMatch   int            `json:"per_match,omitempty"` // -tournament: games between two bots
	Open       int            `json:"interrupted"`         // games not finished, not rated
	Doubles    int            `json:"duplicates"`          // -rate: games found twice, counted once
	Skipped    int            `json:"skipped,omitempty"`   // -rate -game: games of other games passed over
	Torn       []string       `json:"torn,omitempty"`      // -rate: files whose torn last line was left out
	Group      int            `json:"group,omitempty"`     // -rate: the group's number, from 1, when players never met
	Groups     int            `json:"groups,omitempty"`    // -rate: how many groups
	Crosstable []crossJSON    `json:"crosstable"`          // in the standings' order, rows then columns
	Standings  []standingJSON `json:"standings"`
	Ended      endsJSON       `json:"ended"` // how the games rated ended
}

// fillTables puts the crosstable and the standings of c into t, in the
// order of the standings, as the text tables have them.
func (t *tableJSON) fillTables(names []string, c crossResults, s standings, stats fieldStats) {
	round := func(x float64, scale float64) *float64 {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil
		}
		x = math.Round(x*scale) / scale
		return &x
	}
	t.Crosstable, t.Standings = []crossJSON{}, []standingJSON{}
	for rank, i := range s.order {
		var total wdl
		for _, j := range s.order {
			r := c[i][j]
			total.wins, total.draws, total.losses = total.wins+r.wins, total.draws+r.draws, total.losses+r.losses
			if i != j && r.games() > 0 {
				t.Crosstable = append(t.Crosstable, crossJSON{Bot: names[i], Opponent: names[j], Games: r.games(),
					Points: r.points(), Wins: r.wins, Draws: r.draws, Losses: r.losses})
			}
		}
		row := standingJSON{Rank: rank + 1, Bot: names[i], Games: total.games(), Wins: total.wins, Draws: total.draws, Losses: total.losses,
			MSPerMove: math.Round(100*stats[i].msPerMove()) / 100, StartupMS: stats[i].startupJSON(), Forfeits: stats[i].forfeits.json(),
			Grade: gradeJSONOf(stats[i].grade)}
		switch {
		case total.games() > 0 && !math.IsNaN(s.bound[i]):
			row.Score, row.Bound = round(total.score(), 1e4), round(s.bound[i], 10)
		case total.games() > 0:
			row.Score, row.Elo, row.PlusMinus = round(total.score(), 1e4), round(s.elo[i], 10), round(s.plusMinus[i], 10)
		}
		t.Standings = append(t.Standings, row)
	}
	t.Ended = roundRobinEnds(c, stats).json()
}

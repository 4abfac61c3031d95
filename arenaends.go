package main

import (
	"fmt"
	"slices"
	"strings"
)

// How games ended: each player's forfeits by kind, a column of the
// tables, and the run's games in one line under its table: "ended: 31
// by the rules (25 wins, 6 draws), 2 on time, 1 crash". The line says at
// a glance why the run's games ended, as engine testers read a run
// (cutechess-cli and fastchess list the reasons games ended): a run of
// engines whose games end on time is no test of their play. With
// -adjudicate a game also ends once its result is sure: the line counts
// those apart (docs/review.md, "Adjudication").

// forfeitCount is a player's forfeits by kind ("" for a record written
// before kinds were kept).
type forfeitCount map[ForfeitKind]int

// total is the forfeits of every kind.
func (f forfeitCount) total() int {
	n := 0
	for _, c := range f {
		n += c
	}
	return n
}

// text is the forfeits as one word a whitespace-splitting script reads:
// "0", or the total and the kinds by their initials, "13(t12,c1)" (see
// forfeitKey): short, so that the standings keep within 80 columns.
func (f forfeitCount) text() string {
	if f.total() == 0 {
		return "0"
	}
	var kinds []string
	for _, k := range slices.Concat(forfeitKinds, []ForfeitKind{""}) {
		if f[k] > 0 {
			initial := "?"
			if k != "" {
				initial = string(k)[:1]
			}
			kinds = append(kinds, fmt.Sprintf("%s%d", initial, f[k]))
		}
	}
	return fmt.Sprintf("%d(%s)", f.total(), strings.Join(kinds, ","))
}

// forfeitKey is the line under a table that says what the initials of
// the forfeits it shows mean; "" when nobody forfeited.
func forfeitKey(counts ...forfeitCount) string {
	words := map[ForfeitKind]string{ForfeitTime: "t on time", ForfeitCrash: "c crashed", ForfeitIllegal: "i an illegal move",
		ForfeitGarbage: "g garbage", "": "? a kind not recorded"}
	var key []string
	for _, k := range slices.Concat(forfeitKinds, []ForfeitKind{""}) {
		if slices.ContainsFunc(counts, func(f forfeitCount) bool { return f[k] > 0 }) {
			key = append(key, words[k])
		}
	}
	if len(key) == 0 {
		return ""
	}
	return "forfeits: " + strings.Join(key, ", ")
}

// forfeitsJSON is a player's forfeits under -format json: every kind,
// and their total (which counts records without a kind too).
type forfeitsJSON struct {
	Total   int `json:"total"`
	Time    int `json:"time"`
	Crash   int `json:"crash"`
	Illegal int `json:"illegal"`
	Garbage int `json:"garbage"`
}

// json is the forfeits as -format json gives them.
func (f forfeitCount) json() forfeitsJSON {
	return forfeitsJSON{Total: f.total(), Time: f[ForfeitTime], Crash: f[ForfeitCrash], Illegal: f[ForfeitIllegal], Garbage: f[ForfeitGarbage]}
}

// endCount is how a run's finished games ended: wins and draws by the
// rules, and forfeits by kind.
type endCount struct {
	games, wins, draws int // wins: the games won by the rules or adjudicated
	forfeits           forfeitCount
	// adjudicated are the games ended by the oracle's proof
	// (-adjudicate), which wins and draws count too; adjudicatedDraws
	// those of them drawn.
	adjudicated, adjudicatedDraws int
}

// text is the line: the games that ended by the rules, won and drawn,
// then the forfeits of each kind there were; "" without games.
func (e endCount) text() string {
	if e.games == 0 {
		return ""
	}
	wins, draws := e.wins-(e.adjudicated-e.adjudicatedDraws), e.draws-e.adjudicatedDraws
	parts := []string{fmt.Sprintf("%d by the rules (%s, %s)", wins+draws,
		plural(wins, "win", "wins"), plural(draws, "draw", "draws"))}
	if e.adjudicated > 0 {
		parts = append(parts, fmt.Sprintf("%d adjudicated (%s, %s)", e.adjudicated,
			plural(e.adjudicated-e.adjudicatedDraws, "win", "wins"), plural(e.adjudicatedDraws, "draw", "draws")))
	}
	words := map[ForfeitKind][2]string{
		ForfeitTime:    {"on time", "on time"},
		ForfeitCrash:   {"crash", "crashes"},
		ForfeitIllegal: {"illegal move", "illegal moves"},
		ForfeitGarbage: {"garbage answer", "garbage answers"},
		"":             {"forfeit of a kind not recorded", "forfeits of a kind not recorded"},
	}
	for _, k := range slices.Concat(forfeitKinds, []ForfeitKind{""}) {
		if n := e.forfeits[k]; n > 0 {
			parts = append(parts, plural(n, words[k][0], words[k][1]))
		}
	}
	return "ended: " + strings.Join(parts, ", ")
}

// endsJSON is the line under -format json: the games, those that ended
// by the rules (won, drawn) and the forfeits by kind.
type endsJSON struct {
	Games    int          `json:"games"`
	Rules    int          `json:"rules"`
	Wins     int          `json:"wins"`
	Draws    int          `json:"draws"`
	Forfeits forfeitsJSON `json:"forfeits"`
	// Adjudicated are the games the oracle's proof ended, which Wins
	// and Draws count too.
	Adjudicated int `json:"adjudicated,omitempty"`
}

// json is the count as -format json gives it.
func (e endCount) json() endsJSON {
	return endsJSON{Games: e.games, Rules: e.wins + e.draws - e.adjudicated, Wins: e.wins, Draws: e.draws, Forfeits: e.forfeits.json(),
		Adjudicated: e.adjudicated}
}

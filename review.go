package main

import (
	"context"
	"fmt"
	"time"
)

// Reviewing a game: every position of it valued by the game's oracle
// (registryoracle.go), and every move marked where it changed the game's
// value, with the moves that kept it (docs/review.md). A move can throw a
// won game to a draw or a loss, or a drawn game to a loss: a blunder. In a
// game won on margin (Adjacency), a move can also give marks away and
// keep the result: a slip of so many marks. A position the oracle could
// not prove in its budget is shown as such, and a move next to one is
// not judged.

// reviewTime is the oracle's time a position when -time does not say: the
// Connect Four solver proves most positions past the opening in well under
// it, Adjacency's search the last 13 plies or so (docs/review.md).
const reviewTime = time.Second

// reviewedMove is one move of a reviewed game. Before and After are the
// game's value for the mover before and after the move, nil where the
// oracle did not prove it.
type reviewedMove struct {
	Ply    int    `json:"ply"`
	Side   string `json:"side"`
	Move   string `json:"move"`
	Before *int   `json:"before"`
	After  *int   `json:"after"`
	// Mark is "blunder" (the result changed), "slip" (marks given away,
	// the result kept) or "" (the value kept, or not judged).
	Mark string `json:"mark,omitempty"`
	// Lost says what the mark cost, in words: "a win thrown to a draw",
	// "2 marks given away".
	Lost string `json:"lost,omitempty"`
	// Kept are moves that kept the value, where the move did not: every
	// one the oracle proved, or its best.
	Kept []string `json:"kept,omitempty"`
	// Opening says the move was the game's opening (a match's random
	// plies, -moves), played by no one: it is valued but not judged.
	Opening bool `json:"opening,omitempty"`
}

// reviewedGame is a game's review.
type reviewedGame struct {
	Record string         `json:"record"`
	Moves  []reviewedMove `json:"moves"`
	// Proved is how many of the game's positions, the last included, the
	// oracle proved; Positions how many it has.
	Proved    int `json:"proved"`
	Positions int `json:"positions"`
	// FirstBlunder is the ply of the game's first blunder, 0 for none.
	FirstBlunder int `json:"first_blunder"`
	// Stopped says the review was cut short (Ctrl-C): the positions
	// after the last one valued are not proved.
	Stopped bool `json:"stopped,omitempty"`
}

// reviewGame reviews the game of spec that moves play from start, asking
// o of each position, the first opening moves the game's opening, which
// no player chose; progress, when set, hears of each position before it
// is asked. ctx ending stops it: the positions left count as not proved,
// and Stopped says so.
func reviewGame(ctx context.Context, o *oracle, start Game, moves []Move, opening int, progress func(done, of int)) reviewedGame {
	g := start.Clone()
	values := make([]oracleValue, len(moves)+1)
	r := reviewedGame{Record: o.spec.line(moves), Positions: len(moves) + 1}
	for k := 0; k <= len(moves); k++ {
		if ctx.Err() != nil {
			r.Stopped = true
		} else {
			if progress != nil {
				progress(k, len(moves)+1)
			}
			values[k] = o.value(ctx, g)
			if ctx.Err() != nil && !g.Over() {
				values[k].Proved = false // cut short, not a proof
				r.Stopped = true
			}
		}
		if values[k].Proved {
			r.Proved++
		}
		if k < len(moves) {
			g.Play(moves[k])
		}
	}
	g = start.Clone()
	margin := g.Utility().Margin
	for k, m := range moves {
		rm := reviewedMove{Ply: k + 1, Side: g.Turn().String(), Move: g.FormatMove(m), Opening: k < opening}
		before, after := values[k], values[k+1]
		if before.Proved {
			v := before.Value
			rm.Before = &v
		}
		if after.Proved {
			v := -after.Value
			rm.After = &v
		}
		if rm.Before != nil && rm.After != nil && !rm.Opening {
			rm.Mark, rm.Lost = reviewMark(*rm.Before, *rm.After, margin)
			if rm.Mark != "" {
				rm.Kept = keptMoves(g, before, margin)
				if rm.Mark == "blunder" && r.FirstBlunder == 0 {
					r.FirstBlunder = k + 1
				}
			}
		}
		r.Moves = append(r.Moves, rm)
		g.Play(m)
	}
	return r
}

// reviewMark judges a move whose values before and after are proved, for
// the mover: a blunder when the result fell (a win to a draw or a loss, a
// draw to a loss), a slip when a game on margin lost marks but kept its
// result, else nothing. The values of a game won, drawn or lost are
// compared by result alone: a slower win is still a win.
func reviewMark(before, after int, margin bool) (mark, lost string) {
	if from, to := reviewResult(before), reviewResult(after); sign(after) < sign(before) {
		lost = "a " + from + " thrown to a " + to
		if margin {
			lost += fmt.Sprintf(", %s given away", plural(before-after, "mark", "marks"))
		}
		return "blunder", lost
	}
	if margin && after < before {
		return "slip", plural(before-after, "mark", "marks") + " given away"
	}
	return "", ""
}

// reviewResult names a value's result for the side it belongs to.
func reviewResult(v int) string {
	switch {
	case v > 0:
		return "win"
	case v < 0:
		return "loss"
	}
	return "draw"
}

// keptMoves are the moves of g that keep the value before the move:
// every move the oracle proved that keeps it (by result in a game won or
// lost, by margin in a game on margin), or else the oracle's best.
func keptMoves(g Game, before oracleValue, margin bool) []string {
	var kept []string
	for _, m := range g.Moves(nil) {
		v, ok := before.Moves[m]
		if ok && (v == before.Value || !margin && sign(v) == sign(before.Value)) {
			kept = append(kept, g.FormatMove(m))
		}
	}
	if len(kept) == 0 && before.Best != NoMove {
		kept = []string{g.FormatMove(before.Best)}
	}
	return kept
}

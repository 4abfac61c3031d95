package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Grading: each player's moves over many games, judged by the oracle as a
// review judges them (docs/review.md, "Grading"), from a results file
// after the games: `-review -grade TIME < FILE`. A move is graded when the
// oracle proved the values before and after it; a graded move is perfect
// when it kept the value (the result in a game won, drawn or lost, the
// margin too in a game on margin).

// grade is what the oracle made of one player's moves.
type grade struct {
	Player   string `json:"player"`
	Games    int    `json:"games"`
	Moves    int    `json:"moves"`  // every move of the player's
	Graded   int    `json:"graded"` // moves with both values proved
	Perfect  int    `json:"perfect"`
	Blunders int    `json:"blunders"`
	Slips    int    `json:"slips"`
	// FirstBlunders are the plies of the player's first blunder in each
	// game that had one.
	FirstBlunders []int `json:"first_blunders"`
}

// grades are the players' grades, in the order they were first met.
type grades struct {
	list []*grade
}

// gameGrade is what the oracle made of one side's moves in one game, as
// a results file's line keeps it for each side (docs/results.md): the
// side's moves (the opening's are no one's), those graded, perfect,
// blunders and slips among them, and the first blunder, if any.
type gameGrade struct {
	Moves    int `json:"moves"`
	Graded   int `json:"graded"`
	Perfect  int `json:"perfect"`
	Blunders int `json:"blunders"`
	Slips    int `json:"slips"`
	// FirstBlunder is the side's first blunder, nil for none.
	FirstBlunder *blunderAt `json:"first_blunder,omitempty"`
}

// blunderAt is a blunder's place: its ply in the game's record (the
// opening's plies counted) and the move, as the record writes it.
type blunderAt struct {
	Ply  int    `json:"ply"`
	Move string `json:"move"`
}

// sideGrade is side's grade in a reviewed game.
func sideGrade(r reviewedGame, side Side) gameGrade {
	var g gameGrade
	for _, m := range r.Moves {
		if m.Side != side.String() || m.Opening {
			continue
		}
		g.Moves++
		if m.Before == nil || m.After == nil {
			continue
		}
		g.Graded++
		switch m.Mark {
		case "":
			g.Perfect++
		case "blunder":
			g.Blunders++
			if g.FirstBlunder == nil {
				g.FirstBlunder = &blunderAt{Ply: m.Ply, Move: m.Move}
			}
		case "slip":
			g.Slips++
		}
	}
	return g
}

// gradeGame grades both sides of the game that moves play from start,
// the first opening of them the game's opening, asking o of each
// position: the grades by side, ok false when ctx ended before every
// position was asked (a grade cut short is no grade).
func gradeGame(ctx context.Context, o *oracle, start Game, moves []Move, opening int) (grades [3]gameGrade, ok bool) {
	r := reviewGame(ctx, o, start, moves, opening, nil)
	if r.Stopped {
		return grades, false
	}
	return [3]gameGrade{X: sideGrade(r, X), O: sideGrade(r, O)}, true
}

// add counts the moves of the players of a reviewed game: names[X] and
// names[O] (a plain record's players are "X" and "O").
func (gs *grades) add(r reviewedGame, names [3]string) {
	for _, side := range []Side{X, O} {
		gs.of(names[side]).addGame(sideGrade(r, side))
	}
}

// addGame counts one game's grade of the player's.
func (g *grade) addGame(gg gameGrade) {
	g.Games++
	g.Moves += gg.Moves
	g.Graded += gg.Graded
	g.Perfect += gg.Perfect
	g.Blunders += gg.Blunders
	g.Slips += gg.Slips
	if gg.FirstBlunder != nil {
		g.FirstBlunders = append(g.FirstBlunders, gg.FirstBlunder.Ply)
	}
}

// of is the named player's grade, made on first use.
func (gs *grades) of(name string) *grade {
	i := slices.IndexFunc(gs.list, func(g *grade) bool { return g.Player == name })
	if i < 0 {
		gs.list = append(gs.list, &grade{Player: name, FirstBlunders: []int{}})
		i = len(gs.list) - 1
	}
	return gs.list[i]
}

// table writes the grades, a line a player: games, moves, the share of
// moves graded, the share of graded moves that were perfect, blunders a
// game, and the median ply of the first blunder of the games with one.
func (gs *grades) table(out io.Writer, margin bool) {
	width := len("player")
	for _, g := range gs.list {
		width = max(width, len(g.Player))
	}
	head := fmt.Sprintf("%-*s %6s %6s %8s %8s %13s %12s", width, "player", "games", "moves", "graded%", "perfect%", "blunders/game", "first blunder")
	if margin {
		head += fmt.Sprintf(" %10s", "slips/game")
	}
	fmt.Fprintln(out, strings.TrimRight(head, " "))
	for _, g := range gs.list {
		cells := g.gradeCells()
		first := "-"
		if n := len(g.FirstBlunders); n > 0 {
			plies := slices.Sorted(slices.Values(g.FirstBlunders))
			first = fmt.Sprint(plies[(n-1)/2])
		}
		line := fmt.Sprintf("%-*s %6d %6d %8s %8s %13s %12s", width, g.Player, g.Games, g.Moves,
			cells[0], cells[1], cells[2], first)
		if margin {
			line += fmt.Sprintf(" %10.2f", float64(g.Slips)/float64(max(g.Games, 1)))
		}
		fmt.Fprintln(out, line)
	}
}

// gradeHeads are the heads of the columns a match's and a tournament's
// tables add under -grade (docs/review.md, "Grading"), gradeCells their
// cells.
var gradeHeads = []string{"graded%", "perfect%", "blunders/game"}

// gradeCells are a player's cells under gradeHeads: the share of its
// moves graded, the share of those perfect, its blunders a game graded;
// "-" where there is nothing to share.
func (g *grade) gradeCells() []string {
	share := func(n, of int) string {
		if of == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f", 100*float64(n)/float64(of))
	}
	blunders := "-"
	if g.Games > 0 {
		blunders = fmt.Sprintf("%.2f", float64(g.Blunders)/float64(g.Games))
	}
	return []string{share(g.Graded, g.Moves), share(g.Perfect, g.Graded), blunders}
}

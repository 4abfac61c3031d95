package main

import (
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

// add counts the moves of the players of a reviewed game: names[X] and
// names[O] (a plain record's players are "X" and "O").
func (gs *grades) add(r reviewedGame, names [3]string) {
	for _, side := range []Side{X, O} {
		g := gs.of(names[side])
		g.Games++
		first := 0
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
				if first == 0 {
					first = m.Ply
				}
			case "slip":
				g.Slips++
			}
		}
		if first > 0 {
			g.FirstBlunders = append(g.FirstBlunders, first)
		}
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
		share := func(n, of int) string {
			if of == 0 {
				return "-"
			}
			return fmt.Sprintf("%.1f", 100*float64(n)/float64(of))
		}
		first := "-"
		if n := len(g.FirstBlunders); n > 0 {
			plies := slices.Sorted(slices.Values(g.FirstBlunders))
			first = fmt.Sprint(plies[(n-1)/2])
		}
		line := fmt.Sprintf("%-*s %6d %6d %8s %8s %13.2f %12s", width, g.Player, g.Games, g.Moves,
			share(g.Graded, g.Moves), share(g.Perfect, g.Graded), float64(g.Blunders)/float64(max(g.Games, 1)), first)
		if margin {
			line += fmt.Sprintf(" %10.2f", float64(g.Slips)/float64(max(g.Games, 1)))
		}
		fmt.Fprintln(out, line)
	}
}

package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"
	"time"
)

// tally is one bot's record over a match.
type tally struct {
	name                string
	wins, draws, losses int
	moves               int
	nodes               int64
	time                time.Duration
}

// match plays n games between the bots of -x and -o, swapping their seats
// after every game (seed 002's BotFight), one line per game as it ends, and
// then the results table. If progress is not nil (a terminal), a status
// line there shows the game and ply under way, since a game of 5-second
// moves takes a while.
func (s *setup) match(ctx context.Context, out, progress io.Writer, n, rounds int) error {
	bots := [2]Bot{s.seats[X], s.seats[O]}
	tallies := [2]*tally{{name: bots[0].Name()}, {name: bots[1].Name()}}
	for i := 0; i < n; i++ {
		// Bot 0 (of -x) plays X in even games, O in odd ones.
		seat := [3]int{X: i % 2, O: 1 - i%2}
		g := s.spec.newGame(rounds)
		for !g.Over() {
			k := seat[g.Turn()]
			d := bots[k].Think(ctx, g, s.budget)
			if ctx.Err() != nil {
				return errInterrupted
			}
			t := tallies[k]
			t.moves++
			t.nodes += d.Nodes
			t.time += d.Time
			g.Play(d.Move)
			if progress != nil {
				fmt.Fprintf(progress, "\rgame %d/%d, ply %d ", i+1, n, len(g.History()))
			}
		}
		if progress != nil {
			fmt.Fprint(progress, "\r\x1b[K") // clear the status line
		}
		switch w := g.Winner(); w {
		case Nobody:
			tallies[0].draws++
			tallies[1].draws++
		default:
			tallies[seat[w]].wins++
			tallies[1-seat[w]].losses++
		}
		fmt.Fprintf(out, "game %d/%d: X %s, O %s: %s moves: %s\n", i+1, n,
			bots[seat[X]].Name(), bots[seat[O]].Name(), resultLine(g), s.spec.record(g))
	}
	writeTable(out, tallies)
	return nil
}

// writeTable prints the results table and SPEC's total line.
func writeTable(out io.Writer, t [2]*tally) {
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "bot\twins\tdraws\tlosses\tms/move\tnodes/move\t")
	for _, b := range t {
		perMove := func(x float64) float64 { return x / float64(max(b.moves, 1)) }
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.2f\t%.0f\t\n", b.name, b.wins, b.draws, b.losses,
			perMove(float64(b.time.Microseconds())/1000), perMove(float64(b.nodes)))
	}
	tw.Flush()
	fmt.Fprintf(out, "total: %s %d - %s %d, %d draws\n", t[0].name, t[0].wins, t[1].name, t[1].wins, t[0].draws)
}

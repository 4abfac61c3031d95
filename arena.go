package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"text/tabwriter"
	"time"
)

// seat chooses the moves of one side: a bot within its budget, or a person
// at the prompt (play.go).
type seat interface {
	// name is who sits there, for messages.
	name() string
	// choose returns the move to play in g. A seat may change g only by
	// taking moves back (a person's undo); it then returns errRetake and is
	// asked again.
	choose(ctx context.Context, g Game) (Decision, error)
}

// Ways a game loop stops or starts over before the game's end; the front
// ends turn them into messages and exit codes.
var (
	errRetake      = errors.New("the position changed: ask again")
	errEnough      = errors.New("the game is stopped early")
	errQuit        = errors.New("quit")
	errInterrupted = errors.New("interrupted")
)

// botSeat is a bot playing one side with a budget per move.
type botSeat struct {
	bot    Bot
	label  string // its name in messages (the -bot name, or the seat's)
	budget Budget
}

func (s botSeat) name() string { return s.label }

// choose asks the bot; an interrupt while it thinks stops the game.
func (s botSeat) choose(ctx context.Context, g Game) (Decision, error) {
	d := s.bot.Think(ctx, g, s.budget)
	if ctx.Err() != nil {
		return d, errInterrupted
	}
	return d, nil
}

// botSeats seats bot x on X and bot o on O, both with budget b.
func botSeats(x, o Bot, b Budget) [3]seat {
	return [3]seat{X: botSeat{bot: x, label: x.Name(), budget: b}, O: botSeat{bot: o, label: o.Name(), budget: b}}
}

// gameHooks let a front end watch a game; either may be nil.
type gameHooks struct {
	// before runs when the side to move is about to choose.
	before func(g Game)
	// after runs once d.Move is played; errEnough ends the game there
	// without an error (the book builder stops at its last ply).
	after func(g Game, d Decision) error
}

// playGame is the one game loop: every game the program plays, at the
// prompt, in a match, in the book builder and in the tests, goes through
// it. It asks the seat of the side to move for a move, checks that it is
// legal and plays it, until the game is over.
func playGame(ctx context.Context, g Game, seats [3]seat, h gameHooks) error {
	var legal []Move
	for !g.Over() {
		if h.before != nil {
			h.before(g)
		}
		s := seats[g.Turn()]
		d, err := s.choose(ctx, g)
		switch {
		case errors.Is(err, errRetake):
			continue
		case err != nil:
			return err
		}
		if legal = g.Moves(legal); !slices.Contains(legal, d.Move) {
			return fmt.Errorf("%s chose %s, which is not a legal move here", s.name(), g.FormatMove(d.Move))
		}
		g.Play(d.Move)
		if h.after != nil {
			if err := h.after(g, d); errors.Is(err, errEnough) {
				return nil
			} else if err != nil {
				return err
			}
		}
	}
	return nil
}

// tally is one bot's record over a match.
type tally struct {
	name                string
	wins, draws, losses int
	moves               int
	nodes               int64
	time                time.Duration
}

// gameSeed is the seed of game i of a run: every game draws from its own
// source, so a game's moves do not depend on which games ran before it or
// beside it.
func gameSeed(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15*uint64(i+1)))
}

// matchConfig is a head-to-head match between two bots.
type matchConfig struct {
	spec   *gameSpec
	opt    gameOptions
	bots   [2]string // the bots of -x and -o
	budget Budget
	games  int
	seed   uint64
}

// match plays the games between the bots of -x and -o, swapping their
// seats after every game (seed 002's BotFight), one line per game as it
// ends, and then the results table. Each game gets bots of its own, drawn
// from the game's own seed. If progress is not nil (a terminal), a status
// line there shows the game and ply under way, since a game of 5-second
// moves takes a while.
func (m matchConfig) run(ctx context.Context, out, progress io.Writer) error {
	tallies := [2]*tally{{name: m.bots[0]}, {name: m.bots[1]}}
	for i := 0; i < m.games; i++ {
		// Bot 0 (of -x) plays X in even games, O in odd ones.
		order := [3]int{X: i % 2, O: 1 - i%2}
		rng := gameSeed(m.seed, i)
		var seats [3]seat
		for _, side := range []Side{X, O} {
			b, err := m.spec.newBot(m.bots[order[side]], rng)
			if err != nil {
				return err
			}
			seats[side] = botSeat{bot: b, label: m.bots[order[side]], budget: m.budget}
		}
		g := m.spec.start(m.opt)
		err := playGame(ctx, g, seats, gameHooks{after: func(g Game, d Decision) error {
			t := tallies[order[g.Turn().Other()]]
			t.moves++
			t.nodes += d.Nodes
			t.time += d.Time
			if progress != nil {
				fmt.Fprintf(progress, "\rgame %d/%d, ply %d ", i+1, m.games, len(g.History()))
			}
			return nil
		}})
		if progress != nil {
			fmt.Fprint(progress, "\r\x1b[K") // clear the status line
		}
		if err != nil {
			return err
		}
		switch w := g.Winner(); w {
		case Nobody:
			tallies[0].draws++
			tallies[1].draws++
		default:
			tallies[order[w]].wins++
			tallies[1-order[w]].losses++
		}
		fmt.Fprintf(out, "game %d/%d: X %s, O %s: %s moves: %s\n", i+1, m.games,
			m.bots[order[X]], m.bots[order[O]], resultLine(g), m.spec.record(g))
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

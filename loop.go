package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// The one game loop: two seats, a bot or a person each, take turns on a
// position until the game ends. The prompt, matches and tournaments all play
// through playGame; what each shows of a game it says through gameHooks.

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

// botSeat is a bot playing one side with a budget per move.
type botSeat struct {
	bot    Bot
	label  string // its name in messages (the -bot name, or the seat's)
	budget Budget
}

func (s botSeat) name() string { return s.label }

// choose asks the bot; an interrupt while it thinks stops the game, and
// a bot that can fail (an engine) may forfeit.
func (s botSeat) choose(ctx context.Context, g Game) (Decision, error) {
	var d Decision
	var err error
	if f, ok := s.bot.(fallibleBot); ok {
		d, err = f.decide(ctx, g, s.budget)
	} else {
		d = s.bot.Think(ctx, g, s.budget)
	}
	if ctx.Err() != nil {
		return d, errInterrupted
	}
	return d, err
}

// finish tells a bot that holds a process that its game has ended.
func (s botSeat) finish(g Game, err error) {
	if f, ok := s.bot.(finisher); ok {
		f.finish(g, err)
	}
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
// legal and plays it, until the game is over. A seat that forfeits ends
// the game with a *Forfeit naming its side; a seat that cannot play for
// no fault of its own (an engine whose program cannot be started: a
// *hostFault) ends it with that error, which is no one's loss, and the
// front end stops. However the game ends, the seats that hold something
// for it (engines) are told.
func playGame(ctx context.Context, g Game, seats [3]seat, h gameHooks) (err error) {
	defer func() {
		for _, s := range seats {
			if f, ok := s.(finisher); ok {
				f.finish(g, err)
			}
		}
	}()
	var legal []Move
	for !g.Over() {
		if h.before != nil {
			h.before(g)
		}
		s := seats[g.Turn()]
		d, err := s.choose(ctx, g)
		var forfeit *Forfeit
		switch {
		case errors.Is(err, errRetake):
			continue
		case errors.As(err, &forfeit):
			forfeit.Side = g.Turn()
			return forfeit
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

// winLine is the original program's last line for a game that w won
// (Nobody: a draw).
func winLine(w Side) string {
	switch w {
	case X:
		return "X win."
	case O:
		return "O win."
	}
	return "Draw"
}

// outcomeWords says who won in plain words, as a terminal and the match
// lines do: "X wins", "O wins" or "draw".
func outcomeWords(g Game) string { return winWords(g.Winner()) }

// winWords is outcomeWords for a game that w won (Nobody: a draw), a
// forfeit's included.
func winWords(w Side) string {
	switch w {
	case X, O:
		return w.String() + " wins"
	}
	return "draw"
}

// Ways a game loop stops or starts over before the game's end; the front
// ends turn them into messages and exit codes.
var (
	errRetake = errors.New("the position changed: ask again")
	errEnough = errors.New("the game is stopped early")
	errQuit   = errors.New("quit")
)

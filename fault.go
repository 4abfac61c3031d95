package main

import (
	"context"
	"errors"
)

// Faults: how a seat loses a game other than on the board (an engine that
// crashed, hung or answered nonsense), and the faults of the machine that
// lose no one the game. The game loop, the engines and the arena share
// these words; the bots of this program never fail (docs/engines.md,
// Faults).

// Forfeit is a game lost by a seat's fault rather than on the board: an
// external engine that crashed, hung, overran its time or answered an
// illegal move. playGame returns it with Side set to the side that
// forfeited; the front ends turn it into a result (the other side wins)
// and show Reason, one line that names the engine.
type Forfeit struct {
	Side   Side
	Reason string
	Kind   ForfeitKind
	// Cause, when set, is the kind of fault, for a caller that tells them
	// apart (-check stops at an engine that runs out of time).
	Cause error
}

func (f *Forfeit) Error() string { return "forfeit: " + f.Reason }

// ForfeitKind is what sort of fault lost a game, for the tables that
// count forfeits by kind and the records that keep it: a class of thirty
// engines wants to know whose lost on time and whose crashed, without
// reading every reason.
type ForfeitKind string

// The kinds of forfeit.
const (
	ForfeitTime    ForfeitKind = "time"    // no move in the time allowed
	ForfeitCrash   ForfeitKind = "crash"   // the process exited or closed its output
	ForfeitIllegal ForfeitKind = "illegal" // a move in the game's notation that is not legal here
	ForfeitGarbage ForfeitKind = "garbage" // a line that is no answer at all, or output past the limits
)

// forfeitKinds are the kinds, in the order tables show them.
var forfeitKinds = []ForfeitKind{ForfeitTime, ForfeitCrash, ForfeitIllegal, ForfeitGarbage}

// fault is an error marked with the kind of forfeit it causes, so that
// the code that words a fault also classifies it, and no one parses the
// words later.
type fault struct {
	kind ForfeitKind
	error
}

func (f fault) Unwrap() error { return f.error }

// faultKind is the kind err was marked with, or otherwise when it was not.
func faultKind(err error, otherwise ForfeitKind) ForfeitKind {
	var f fault
	if errors.As(err, &f) {
		return f.kind
	}
	return otherwise
}
func (f *Forfeit) Unwrap() error { return f.Cause }

// hostFault is a fault of the machine the program runs on rather than of
// a seat: an engine's program that could not be started (its binary gone,
// no file descriptors left, no memory for a process). No one loses the
// game by it: playGame returns it as it is, and a run stops at it with
// the game unplayed, so that a rerun plays it (docs/engines.md, Faults).
type hostFault struct {
	what string // what could not be done, after the engine's name
	err  error
}

func (h *hostFault) Error() string { return h.what + ": " + h.err.Error() }
func (h *hostFault) Unwrap() error { return h.err }

// fallibleBot is a bot that can fail to give a move (an external engine):
// the game loop asks it through decide, whose error is a *Forfeit, a
// *hostFault or the caller's interrupt. Its Think still keeps the Bot
// contract, answering a legal move whatever happens.
type fallibleBot interface {
	Bot
	decide(ctx context.Context, g Game, b Budget) (Decision, error)
}

// finisher is a bot that holds something for the length of a game (an
// engine's process): playGame tells it the game has ended, however it
// ended (err is playGame's own, nil for a game played out).
type finisher interface {
	finish(g Game, err error)
}

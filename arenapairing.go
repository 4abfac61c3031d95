package main

import (
	"context"
	"fmt"
	"io"
)

// The formats of -pairing side by side: which one a tournament plays,
// and what each refuses before anything starts.

// play plays the tournament in its format, unless refused: a knockout,
// a Swiss, or a round-robin (a gauntlet's too).
func (t tournamentConfig) play(ctx context.Context, out, progress io.Writer) error {
	if err := t.refusal(); err != nil {
		return err
	}
	switch {
	case t.knockout:
		return t.runKnockout(ctx, out, progress)
	case t.swiss != 0:
		return t.runSwiss(ctx, out, progress)
	}
	return t.run(ctx, out, progress)
}

// refusal is why t cannot be played, said before -out's file is opened
// or any game played: more players than -rate rates, or what its format
// cannot do (checkPaired); nil when it can.
func (t tournamentConfig) refusal() error {
	if err := t.checkField(); err != nil {
		return err
	}
	switch {
	case t.knockout:
		if err := t.checkPaired(&knockoutFormat{}, "knockout"); err != nil {
			return err
		}
		if t.games%2 == 1 {
			return badInput{fmt.Errorf("-pairing knockout: -games %d: a tie is game pairs, seats swapped: accepted an even number", t.games)}
		}
	case t.swiss != 0:
		return t.checkPaired(&swissFormat{}, "swiss")
	}
	return nil
}

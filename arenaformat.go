package main

import (
	"context"
)

// The scheduler's seam (docs/strength.md, "How a format pairs"): a
// format says which games a run plays, a round at a time, and sees every
// result before it says the next round. A round-robin or a gauntlet
// knows all its games before the first, and deals them as one round; a
// Swiss or a knockout pairs each round from the results of the rounds
// before; a match under -sprt deals its games as one round and stops
// them once its test decides. The arena plays whatever a format deals.

// format is how a run pairs its players.
type format interface {
	// next is the next round's games, given every result handed to saw
	// so far; ok is false when the run is over.
	next() (games schedule, ok bool)
	// saw is a game of the round handed on, in the order of the games;
	// stop says the format needs no more of the round (-sprt decided):
	// the games under way stop, and those after are not handed on.
	saw(r gameResult) (stop bool)
	// shardable is nil when every game is known before the first is
	// played, so that -shard can deal a slice of them to each machine,
	// else the reason it cannot.
	shardable() error
}

// playRounds plays f's rounds one after another until f has none left:
// before each, start (the -out file's resume and run line) gets its
// games; each game that ends goes to f, then to done. It returns the
// first round's error that stops the run (errInterrupted for an
// interrupt), or nil.
func (a *arena) playRounds(ctx context.Context, f format, start func(games schedule) error, done func(gameResult)) error {
	for {
		games, ok := f.next()
		if !ok {
			return nil
		}
		if err := start(games); err != nil {
			return err
		}
		round, cancel := context.WithCancel(ctx)
		stopped := false
		err := a.play(round, games, func(r gameResult) {
			if stopped {
				return // after the format stopped the round: not needed
			}
			stop := f.saw(r)
			done(r)
			if stop {
				stopped = true
				cancel()
			}
		})
		cancel()
		if stopped && ctx.Err() == nil && stopErr(err) {
			err = nil // the format's stop, not the user's
		}
		if err != nil {
			return err
		}
	}
}

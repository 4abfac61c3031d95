package main

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"time"
)

// A game of a run as -out keeps it, and back: the record of a game
// played, and the games a resumed run finds already played.

// record is the game as -out keeps it (arenaresults.go).
func (a arena) record(r gameResult) gameRecord {
	rec := a.recordHead(r.job)
	rec.Record = a.spec.record(r.game)
	for _, side := range []Side{X, O} {
		p := rec.side(side)
		p.Moves, p.TimeMS, p.Nodes = r.moves[side], float64(r.time[side].Microseconds())/1000, r.nodes[side]
		p.Starts, p.StartupMS = r.starts[side], float64(r.startup[side].Microseconds())/1000
	}
	w := r.winner()
	switch {
	case r.err != nil:
		rec.Result, rec.End = "*", endInterrupted
		return rec
	case r.forfeit != nil:
		rec.End, rec.Reason, rec.Kind = endForfeit, r.forfeit.Reason, string(r.forfeit.Kind)
	case w == Nobody:
		rec.End = endDraw
	default:
		rec.End = endWin
	}
	rec.Result, rec.Winner = resultOf(w), map[Side]string{X: "X", O: "O"}[w]
	if a.spec.start(a.opt).Utility().Margin && r.forfeit == nil {
		margin := r.game.Final(X)
		rec.Margin = &margin
	}
	return rec
}

// recordHead is the part of a game's record that says which game of
// which run it is, before it is played: the game, its options, the run
// (event, field, seed, games), its number, pair and opening, and who
// played each side with what settings.
func (a arena) recordHead(j gameJob) gameRecord {
	rec := gameRecord{Type: "game", Game: a.spec.name, Event: a.event, Field: a.field,
		Number: j.index + 1, Games: a.total, Pair: j.pair + 1, Seed: a.seed, Opening: a.spec.line(j.opening)}
	if opt := a.spec.defaults(a.opt); len(opt) > 0 {
		rec.Options = opt
	}
	for _, side := range []Side{X, O} {
		pl := j.players[side]
		p := playerRecord{Name: pl.label, Bot: pl.decl.name, Params: pl.vals, Settings: settingsOf(pl.budget())}
		if j.labels[side] != p.Name {
			p.Label = j.labels[side]
		}
		if sp := a.spec.specialFor(pl.decl.name, pl.vals); sp != nil {
			p.Impl = sp.impl
		}
		*rec.side(side) = p
	}
	return rec
}

// resumable are the games of this run that have records in have (the
// finished games an -out file written before holds, by number), by the
// games' indexes: the games a rerun need not play again. A record counts
// when it is the same game (gameRecord.id) and replays to its end. The
// schedule is walked only as far as the highest number have holds.
func (a arena) resumable(games schedule, have map[int][]keptRecord) map[int]*gameRecord {
	if len(have) == 0 {
		return nil
	}
	last := slices.Max(slices.Collect(maps.Keys(have)))
	done := map[int]*gameRecord{}
	for j := range games.games {
		if j.index >= last {
			break
		}
		kept := have[j.index+1]
		if len(kept) == 0 {
			continue
		}
		id := a.recordHead(j).id()
		for i := range kept {
			if kept[i].id != id {
				continue
			}
			if _, err := a.fromRecord(j, &kept[i].gameRecord); err == nil {
				done[j.index] = &kept[i].gameRecord
				break
			}
		}
	}
	return done
}

// fromRecord is the result a record holds: its game replayed from the
// record, its sides' figures, its forfeit.
func (a arena) fromRecord(j gameJob, rec *gameRecord) (gameResult, error) {
	g, err := a.spec.parseRecord(rec.Record, a.opt)
	if err != nil {
		return gameResult{}, err
	}
	r := gameResult{job: j, game: g, resumed: true}
	for _, side := range []Side{X, O} {
		p := rec.side(side)
		r.moves[side], r.nodes[side], r.starts[side] = p.Moves, p.Nodes, p.Starts
		r.time[side] = time.Duration(math.Round(p.TimeMS*1000)) * time.Microsecond
		r.startup[side] = time.Duration(math.Round(p.StartupMS*1000)) * time.Microsecond
	}
	if rec.End == endForfeit {
		loser := map[string]Side{"X": O, "O": X}[rec.Winner]
		r.forfeit = &Forfeit{Side: loser, Reason: rec.Reason, Kind: ForfeitKind(rec.Kind)}
	} else if !g.Over() {
		return gameResult{}, fmt.Errorf("game %d: the record does not end the game", j.index+1)
	}
	return r, nil
}

// side is the record of side s's player.
func (r *gameRecord) side(s Side) *playerRecord {
	if s == O {
		return &r.O
	}
	return &r.X
}

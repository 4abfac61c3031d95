package main

import (
	"crypto/sha256"
	"encoding/json"
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
	if r.grades != nil {
		rec.X.Grade, rec.O.Grade = &r.grades[X], &r.grades[O]
	}
	w := r.winner()
	switch {
	case r.err != nil:
		rec.Result, rec.End = "*", endInterrupted
		return rec
	case r.forfeit != nil:
		rec.End, rec.Reason, rec.Kind = endForfeit, r.forfeit.Reason, string(r.forfeit.Kind)
	case r.adjudicated != nil:
		v := r.adjudicated.value
		rec.End, rec.Value = endAdjudicated, &v
	case w == Nobody:
		rec.End = endDraw
	default:
		rec.End = endWin
	}
	rec.Result, rec.Winner = resultOf(w), map[Side]string{X: "X", O: "O"}[w]
	if a.spec.start(a.opt).Utility().Margin && r.forfeit == nil && r.adjudicated == nil {
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
		*rec.side(side) = a.playerHead(j.players[side], j.labels[side])
	}
	return rec
}

// playerHead is a player's part of recordHead: who it is, rated under
// label, with what settings.
func (a arena) playerHead(pl *player, label string) playerRecord {
	p := playerRecord{Name: pl.label, Bot: pl.decl.name, Params: pl.vals, Settings: settingsOf(pl.budget())}
	if label != p.Name {
		p.Label = label
	}
	if sp := a.spec.specialFor(pl.decl.name, pl.vals); sp != nil {
		p.Impl = sp.impl
	}
	return p
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
	if rec.X.Grade != nil && rec.O.Grade != nil {
		r.grades = &[3]gameGrade{X: *rec.X.Grade, O: *rec.O.Grade}
	}
	switch {
	case rec.End == endForfeit:
		loser := map[string]Side{"X": O, "O": X}[rec.Winner]
		r.forfeit = &Forfeit{Side: loser, Reason: rec.Reason, Kind: ForfeitKind(rec.Kind)}
	case rec.End == endAdjudicated && rec.Value != nil:
		r.adjudicated = &adjudication{winner: map[string]Side{"X": X, "O": O, "": Nobody}[rec.Winner], value: *rec.Value}
	case !g.Over():
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

// gameID names a game of a run: two records with the same gameID are
// the same game, which a resume does not play again and -rate counts
// once (docs/results.md).
type gameID [16]byte

// identity is the part of a record that says which game of which run it
// is, and all that makes two records the same game, for a resume and
// for -rate alike: the game and its options, the run (event, field,
// seed, games), the game's number, pair and opening, and who played
// each side with what settings (arena.recordHead fills exactly these).
// What the play filled in (the moves, the result, how it ended, the
// figures) is not part of it: a game played twice, by two runs onto
// one file or by a rerun, is still one game.
func (r gameRecord) identity() gameRecord {
	side := func(p playerRecord) playerRecord {
		return playerRecord{Name: p.Name, Bot: p.Bot, Params: p.Params, Label: p.Label, Impl: p.Impl, Settings: p.Settings}
	}
	return gameRecord{Type: r.Type, Game: r.Game, Options: r.Options, Event: r.Event, Field: r.Field, Number: r.Number,
		Games: r.Games, Pair: r.Pair, Seed: r.Seed, X: side(r.X), O: side(r.O), Opening: r.Opening}
}

// id is the digest of the record's identity, compared as canonical JSON
// (fields in a fixed order, a map's keys sorted, an empty map left out
// as a missing one).
func (r gameRecord) id() gameID {
	key, err := json.Marshal(r.identity())
	if err != nil {
		panic(err) // the record types always marshal
	}
	sum := sha256.Sum256(key)
	return gameID(sum[:16])
}

// kept is the record as a rerun keeps it in memory, by its number, while
// its run is under way: its id, and what fromRecord reads (the moves,
// how the game ended, the figures), without the names and settings of
// its run and players, which can be kilobytes a line.
type keptRecord struct {
	id gameID
	gameRecord
}

// keep is rec as a rerun keeps it.
func keep(rec gameRecord) keptRecord {
	k := keptRecord{id: rec.id(), gameRecord: rec}
	k.Field, k.Options = nil, nil
	k.X.Params, k.O.Params = nil, nil
	return k
}

package main

import (
	"maps"
	"slices"
)

// A rerun without -seed: a run's first seed comes from the clock, so the
// same command run again after Ctrl-C would draw another and start
// another run beside the first (game 1 twice, under two seeds), though a
// rerun is to play only the games the file lacks. So -out's file is
// read for the runs it holds, and a rerun without -seed of a run of the
// same settings adopts that run's seed and resumes it, saying so in one
// line (docs/results.md).

// runSeen is a run an -out file holds, by its seed: what its records say
// of it besides their games.
type runSeen struct {
	event   string
	field   []string
	games   int
	players map[string]playerRecord // by rated name: who played, with what settings (no figures)
	// mixed says records of this seed disagree on the run: two runs of
	// one seed (another -depth, say). Its seed is adopted by no rerun.
	mixed bool
}

// seeRun notes rec's run in runs, by its seed.
func seeRun(runs map[uint64]*runSeen, rec gameRecord) {
	id := rec.identity()
	r := runs[rec.Seed]
	if r == nil {
		r = &runSeen{event: rec.Event, field: rec.Field, games: rec.Games, players: map[string]playerRecord{}}
		runs[rec.Seed] = r
	}
	if r.event != rec.Event || r.games != rec.Games || !slices.Equal(r.field, rec.Field) {
		r.mixed = true
	}
	for _, p := range []playerRecord{id.X, id.O} {
		if had, ok := r.players[p.rated()]; !ok {
			r.players[p.rated()] = p
		} else if !samePlayer(had, p) {
			r.mixed = true
		}
	}
}

// samePlayer says two records' players are one player with one set of
// settings.
func samePlayer(a, b playerRecord) bool {
	return a.Name == b.Name && a.Bot == b.Bot && a.Label == b.Label && a.Impl == b.Impl && a.Settings == b.Settings &&
		maps.Equal(a.Params, b.Params)
}

// sameRun says a run seen is of the settings of a, whose players are ps.
func (r *runSeen) sameRun(a arena, ps []playerRecord) bool {
	if r.mixed || r.event != a.event || r.games != a.total || !slices.Equal(r.field, a.field) {
		return false
	}
	for _, p := range ps {
		if had, ok := r.players[p.rated()]; ok && !samePlayer(had, p) {
			return false
		}
	}
	return true
}

package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
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

// adoptSeed is the seed of a run about to start as a, whose players are
// ps: without -seed (r.seedGiven false), the seed of the one run of the
// same settings that -out's file holds, said in one line on out; with a
// -seed that differs from such runs', that seed, and a line saying that
// another run starts beside them. Two or more runs of the same settings
// and no -seed is a refusal: which to resume is the user's to say.
func (r report) adoptSeed(out io.Writer, a arena, ps []playerRecord) (uint64, error) {
	var same []uint64
	for _, seed := range slices.Sorted(maps.Keys(r.runs)) {
		if r.runs[seed].sameRun(a, ps) {
			same = append(same, seed)
		}
	}
	if len(same) == 0 || slices.Contains(same, a.seed) && r.seedGiven {
		return a.seed, nil
	}
	if out == nil {
		out = io.Discard
	}
	seeds := make([]string, len(same))
	for i, s := range same {
		seeds[i] = fmt.Sprint(s)
	}
	switch {
	case r.seedGiven:
		fmt.Fprintf(out, "-out %s holds a run of these settings with seed %s; -seed %d starts another beside it\n", r.keptIn, strings.Join(seeds, ", "), a.seed)
		return a.seed, nil
	case len(same) > 1:
		return 0, badInput{fmt.Errorf("-out %s holds %d runs of these settings, seeds %s: -seed SEED resumes one of them, or starts another", r.keptIn, len(same), strings.Join(seeds, ", "))}
	}
	fmt.Fprintf(out, "-seed not given: resuming the run of seed %d that %s holds\n", same[0], r.keptIn)
	return same[0], nil
}

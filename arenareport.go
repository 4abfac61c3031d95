package main

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"time"
)

// What a run reports besides its lines: -out's records (kept, resumed),
// -format json, -plot's picture, and the run's first lines.

// report is where a run's results go besides the lines it prints.
type report struct {
	keep *resultsWriter // -out: every game as a JSON line; nil for none
	// adjudicate, when set, is the oracle's time a position for ending
	// each game once its result is proved (-adjudicate; 0: no limit).
	adjudicate *time.Duration
	// grade, when set, is the oracle's time a position for grading each
	// game as it ends (-grade; 0: no limit).
	grade *time.Duration
	json  bool // -format json: the lines and tables as JSON
	// have are the records -out's file held before the run that may be
	// this run's (finished games of its game and seed), by number, and
	// keptIn its name: the games of this run among them are not played
	// again.
	have   map[uint64]map[int][]keptRecord
	runs   map[uint64]*runSeen
	keptIn string
	// seedGiven says -seed was given: a rerun without it adopts the seed
	// of the run of its settings that -out's file holds (arenaseed.go),
	// saying so on notes (standard error).
	seedGiven bool
	notes     io.Writer
	// plotFile, if set, gets the standings as a picture (-plot) of
	// plotSize pixels (-plot-size; zero for the default), and plotSaid,
	// if set, a line naming it once written.
	plotFile string
	plotSize plotSize
	plotSaid io.Writer
	// width is the terminal's that standard output is, 0 when it is not
	// one: on a terminal the tables keep within tableWidth and the game
	// lines wrap to width; in a file or a pipe every name is whole.
	width int
}

// plot draws the run's ratings into -plot's file, if it is set.
func (r report) plot(game, axis string, pts []eloPoint) error {
	if r.plotFile == "" {
		return nil
	}
	if err := writePlot(r.plotFile, plotTitle(game, pts), axis, pts, r.plotSize); err != nil {
		return fmt.Errorf("-plot %s: %v", r.plotFile, err)
	}
	if r.plotSaid != nil {
		fmt.Fprintf(r.plotSaid, "plot: %s\n", r.plotFile)
	}
	return nil
}

// boundedPoint is a player's point at a rating difference that may be
// infinite (a perfect score): there the least difference likely at 95%
// after games, without an interval.
func boundedPoint(name string, diff, plusMinus float64, games int) eloPoint {
	if math.IsInf(diff, 0) && games > 0 {
		bound := eloDiff(math.Pow(0.025, 1/float64(games)))
		return eloPoint{name: name, elo: math.Copysign(bound, diff), plusMinus: math.NaN()}
	}
	return eloPoint{name: name, elo: diff, plusMinus: plusMinus}
}

// resume sets a to replay the games of games that r's file holds, and
// says how many: "resuming: 9 of 24 games already in FILE".
func (r report) resume(out io.Writer, a *arena, games schedule) {
	kept := a.resumable(games, r.have[a.seed])
	a.replays = len(kept)
	a.replay = func(j gameJob) (gameResult, bool) {
		k, ok := kept[j.index]
		if !ok {
			return gameResult{}, false
		}
		res, err := a.fromRecord(j, k) // resumable replayed it once
		return res, err == nil
	}
	switch {
	case len(kept) == 0:
	case r.json:
		writeJSONLine(out, resumeJSON{Type: "resume", Games: len(kept), Of: games.count, File: r.keptIn})
	default:
		fmt.Fprintf(out, "resuming: %d of %s already in %s\n", len(kept), plural(games.count, "game", "games"), r.keptIn)
	}
}

// keepRecord keeps a game's record in -out, if the run has one.
func (r report) keepRecord(rec gameRecord) error {
	if r.keep == nil {
		return nil
	}
	return r.keep.write(rec)
}

// printRecord prints a game's record as the game's line under -format
// json, and says whether it did; else the caller prints its text line
// (if any).
func (r report) printRecord(out io.Writer, rec gameRecord) (printed bool) {
	if r.json {
		writeJSONLine(out, rec)
	}
	return r.json
}

// header starts a run's output: the seed, so that any run can be
// repeated, and the openings' note if they must repeat.
func (r report) header(out io.Writer, a arena, note, shard string) {
	if r.json {
		writeJSONLine(out, runHeader{Type: "start", Event: a.event, Game: a.spec.name, Seed: a.seed,
			Field: a.field, Games: a.total, Shard: shard, Note: note})
		return
	}
	fmt.Fprintf(out, "seed: %d\n", a.seed)
	if note != "" {
		fmt.Fprintln(out, note)
	}
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

package main

import (
	"fmt"
	"io"
	"math"
)

// What a run reports besides its lines: -out's records (kept, resumed),
// -format json, -plot's picture, and the run's first lines.

// report is where a run's results go besides the lines it prints.
type report struct {
	keep *resultsWriter // -out: every game as a JSON line; nil for none
	json bool           // -format json: the lines and tables as JSON
	// have are the records -out's file held before the run, and keptIn
	// its name: the games of this run among them are not played again.
	have   []gameRecord
	keptIn string
	// plotFile, if set, gets the standings as a picture (-plot), and
	// plotSaid, if set, a line naming it once written.
	plotFile string
	plotSaid io.Writer
}

// plot draws the run's ratings into -plot's file, if it is set.
func (r report) plot(game, axis string, pts []eloPoint) error {
	if r.plotFile == "" {
		return nil
	}
	if err := writePlot(r.plotFile, plotTitle(game, pts), axis, pts); err != nil {
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
func (r report) resume(out io.Writer, a *arena, games []gameJob) {
	a.replay = a.resumable(games, r.have)
	switch {
	case len(a.replay) == 0:
	case r.json:
		writeJSONLine(out, resumeJSON{Type: "resume", Games: len(a.replay), Of: len(games), File: r.keptIn})
	default:
		fmt.Fprintf(out, "resuming: %d of %s already in %s\n", len(a.replay), plural(len(games), "game", "games"), r.keptIn)
	}
}

// keepGame keeps a game's record in -out and, with -format json, prints it
// as the game's line; it says whether it did, else the caller prints its
// text line (if any).
func (r report) keepGame(out io.Writer, rec gameRecord) (printed bool) {
	if r.keep != nil {
		r.keep.write(rec)
	}
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

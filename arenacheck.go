package main

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Every game a results file holds is replayed when the file is read,
// by -rate and by a resume (docs/results.md): a line edited by hand or
// written by another program says something false only with a word
// saying so. A record that breaks the rules, a result or a winner that
// contradicts the moves, a value out of range: the file is refused with
// the line and what was wrong, and nothing of it is counted or played
// beside it.

// checkRecord replays rec and says what is wrong with it, nil for a
// record a rating and a resume may count: its game and options are
// ones this program plays; its number, pair and figures are in range;
// its moves are legal from the start and begin with its opening; and
// its result, winner, end and margin say what its moves say.
func checkRecord(rec *gameRecord) error {
	spec, err := declared.findGame(rec.Game)
	if err != nil {
		return fmt.Errorf("game %q: accepted are %s", rec.Game, declared.gameList())
	}
	if err := checkOptions(spec, rec.Options); err != nil {
		return err
	}
	if err := checkNumbers(rec); err != nil {
		return err
	}
	g, err := spec.parseRecord(rec.Record, gameOptions(rec.Options))
	if err != nil {
		return fmt.Errorf("record %s: %v", quoteShort(rec.Record), err)
	}
	if rec.Opening != "" && rec.Record != rec.Opening && !strings.HasPrefix(rec.Record, rec.Opening+spec.sep) {
		return fmt.Errorf("record %s does not start with its opening %s", quoteShort(rec.Record), quoteShort(rec.Opening))
	}
	if err := checkOutcome(rec, g); err != nil {
		return err
	}
	return checkGrades(rec, spec, g)
}

// checkOptions says what is wrong with a record's game options: a name
// the game has no option of, a value out of its range, or values that
// do not go together.
func checkOptions(spec *gameSpec, opt map[string]int) error {
	for name, v := range opt {
		i := slices.IndexFunc(spec.options, func(o gameOption) bool { return o.name == name })
		if i < 0 {
			return fmt.Errorf("option %q: %s has none of that name", name, spec.title)
		}
		if o := spec.options[i]; v < o.min || v > o.max {
			return fmt.Errorf("option %s %d: accepted are %d to %d", name, v, o.min, o.max)
		}
	}
	if spec.check != nil {
		if err := spec.check(spec.defaults(gameOptions(opt))); err != nil {
			return fmt.Errorf("options: %v", err)
		}
	}
	return nil
}

// checkNumbers says what is wrong with a record's numbers: its place in
// its run, and each side's figures.
func checkNumbers(rec *gameRecord) error {
	switch {
	case rec.Games < 1:
		return fmt.Errorf("games %d: accepted is 1 or more", rec.Games)
	case rec.Number < 1 || rec.Number > rec.Games:
		return fmt.Errorf("number %d: accepted is 1 to the run's games, %d", rec.Number, rec.Games)
	case rec.Pair < 1 || rec.Pair > rec.Number:
		return fmt.Errorf("pair %d: accepted is 1 to the game's number, %d", rec.Pair, rec.Number)
	}
	for _, side := range []Side{X, O} {
		p := rec.side(side)
		switch {
		case p.Moves < 0 || p.Nodes < 0 || p.Starts < 0 || p.Starts > p.Moves:
			return fmt.Errorf("%s's moves %d, nodes %d, starts %d: accepted are counts, starts at most the moves", side, p.Moves, p.Nodes, p.Starts)
		case p.TimeMS < 0 || p.StartupMS < 0 || math.IsInf(p.TimeMS, 0) || math.IsInf(p.StartupMS, 0):
			return fmt.Errorf("%s's time_ms %g, startup_ms %g: accepted are times of 0 or more", side, p.TimeMS, p.StartupMS)
		}
	}
	return nil
}

// checkOutcome says what is wrong with what a record says of how its
// game g (replayed) ended.
func checkOutcome(rec *gameRecord, g Game) error {
	winner, decisive := map[string]string{"1-0": "X", "0-1": "O"}[rec.Result]
	switch {
	case !slices.Contains([]string{"1-0", "0-1", "1/2-1/2", "*"}, rec.Result):
		return fmt.Errorf(`result %s: accepted are "1-0", "0-1", "1/2-1/2" and "*"`, quoteShort(rec.Result))
	case rec.Winner != winner:
		return fmt.Errorf("winner %s with result %s: accepted is %s", quoteShort(rec.Winner), rec.Result, quoteShort(winner))
	}
	over, rules := g.Over(), map[Side]string{X: "X", O: "O"}[g.Winner()]
	switch rec.End {
	case endWin, endDraw:
		if !over {
			return fmt.Errorf("end %q, but the record %s does not end the game", rec.End, quoteShort(rec.Record))
		}
		if rules != winner || (rec.End == endDraw) != (winner == "") {
			return fmt.Errorf("end %q and result %s, but the record %s is %s", rec.End, rec.Result, quoteShort(rec.Record), outcomeWords(g))
		}
		if rec.Margin != nil && *rec.Margin != g.Final(X) {
			return fmt.Errorf("margin %d, but the record %s ends with X's margin %d", *rec.Margin, quoteShort(rec.Record), g.Final(X))
		}
	case endForfeit:
		if !decisive {
			return fmt.Errorf("end %q with result %s: a forfeit is a win, 1-0 or 0-1", rec.End, rec.Result)
		}
		if !slices.Contains([]ForfeitKind{"", ForfeitTime, ForfeitCrash, ForfeitIllegal, ForfeitGarbage}, ForfeitKind(rec.Kind)) {
			return fmt.Errorf("kind %s: accepted are time, crash, illegal and garbage", quoteShort(rec.Kind))
		}
	case endAdjudicated:
		if over || rec.Value == nil {
			return fmt.Errorf("end %q: an adjudicated game stops before its end, with the proved value", rec.End)
		}
		want := map[int]Side{1: g.Turn(), -1: g.Turn().Other(), 0: Nobody}[sign(*rec.Value)]
		if winner != map[Side]string{X: "X", O: "O"}[want] || rec.Result == "*" {
			return fmt.Errorf("end %q with value %d for %s to move: accepted is the result %s", rec.End, *rec.Value, g.Turn(), resultOf(want))
		}
	case endInterrupted:
		if rec.Result != "*" {
			return fmt.Errorf("end %q with result %s: an interrupted game's result is *", rec.End, rec.Result)
		}
	default:
		return fmt.Errorf("end %s: accepted are win, draw, forfeit, adjudicated and interrupted", quoteShort(rec.End))
	}
	if rec.Result == "*" && rec.End != endInterrupted {
		return errors.New(`result "*" is a game not finished: its end is "interrupted"`)
	}
	return nil
}

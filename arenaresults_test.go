package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// parseRecords reads JSON Lines with encoding/json, failing on any line
// that is not a game record.
func parseRecords(t *testing.T, text string) []gameRecord {
	t.Helper()
	var recs []gameRecord
	var run gameRecord // the last run line: its field is the games' after it
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if line == "" {
			continue
		}
		var rec gameRecord
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&rec); err != nil || rec.Type != "game" && rec.Type != "run" {
			t.Fatalf("%q: %v", line, err)
		}
		if rec.Type == "run" {
			run = rec
			continue
		}
		if rec.Field == nil && run.heads(rec) {
			rec.Field = run.Field
		}
		recs = append(recs, rec)
	}
	return recs
}

// A match's -out: a record a game (in the order they end), whose record
// replays to its result, its opening first, the seats swapping, and each
// side's moves and nodes its own.
func TestMatchRecords(t *testing.T) {
	c4, _ := findGame("c4")
	var keep bytes.Buffer
	m := matchConfig{reg: &declared, spec: c4, players: playersOf(t, c4, budgetDefaults{depth: 3}, [2]string{"alphabeta", "minimax"}), games: 4,
		plan: openingPlan{plies: 2}, seed: 9, jobs: 2, report: report{keep: &resultsWriter{w: &keep}}}
	var out strings.Builder
	if err := m.run(context.Background(), &out, nil); err != nil {
		t.Fatal(err)
	}
	recs := byNumber(parseRecords(t, keep.String()))
	if len(recs) != 4 {
		t.Fatalf("%d records, want 4:\n%s", len(recs), keep.String())
	}
	for i, r := range recs {
		x, o := "alphabeta", "minimax"
		if i%2 == 1 {
			x, o = o, x
		}
		g, err := c4.parseRecord(r.Record, nil)
		if err != nil || !g.Over() {
			t.Fatalf("game %d: record %s: %v, want a finished game", i+1, r.Record, err)
		}
		plies := len(r.Record) - len(r.Opening)
		if r.Number != i+1 || r.Pair != i/2+1 || r.Games != 4 || r.Seed != 9 || r.Event != "match" || r.Game != "connect4" ||
			!slices.Equal(r.Field, []string{"alphabeta", "minimax"}) || r.X.Name != x || r.O.Name != o ||
			!strings.HasPrefix(r.Record, r.Opening) || len(r.Opening) != 2 ||
			r.X.Moves != (plies+1)/2 || r.O.Moves != plies/2 || r.X.Nodes <= 0 || r.X.Settings.Depth != 3 {
			t.Errorf("game %d: %+v", i+1, r)
		}
		want := map[Side]string{X: "1-0", O: "0-1", Nobody: "1/2-1/2"}[g.Winner()]
		end := map[bool]string{true: "draw", false: "win"}[g.Winner() == Nobody]
		if r.Result != want || r.End != end || r.Winner != map[Side]string{X: "X", O: "O"}[g.Winner()] {
			t.Errorf("game %d: result %s, end %s, winner %q; the record says %s", i+1, r.Result, r.End, r.Winner, want)
		}
		if i%2 == 1 && r.Opening != recs[i-1].Opening {
			t.Errorf("games %d and %d: openings %s and %s, want the same", i, i+1, recs[i-1].Opening, r.Opening)
		}
	}
	// Adjacency's margin is X's final marks minus O's.
	adj, _ := findGame("adj")
	keep.Reset()
	m = matchConfig{reg: &declared, spec: adj, opt: gameOptions{"rounds": 3}, players: playersOf(t, adj, budgetDefaults{}, [2]string{"local", "random"}), games: 2, seed: 1, jobs: 1,
		report: report{keep: &resultsWriter{w: &keep}}}
	if err := m.run(context.Background(), &out, nil); err != nil {
		t.Fatal(err)
	}
	for _, r := range parseRecords(t, keep.String()) {
		g, _ := adj.parseRecord(r.Record, gameOptions{"rounds": 3})
		if r.Margin == nil || *r.Margin != g.Final(X) || r.Options["rounds"] != 3 || r.X.Impl != "" {
			t.Errorf("adjacency record %+v: want margin %d and rounds 3", r, g.Final(X))
		}
	}
}

// -format json: the match's lines are its records between a start line
// and the table, every line JSON.
func TestMatchJSON(t *testing.T) {
	ttt, _ := findGame("ttt")
	var out strings.Builder
	m := matchConfig{reg: &declared, spec: ttt, players: playersOf(t, ttt, budgetDefaults{}, [2]string{"alphabeta", "random"}), games: 4, seed: 1, jobs: 1, report: report{json: true}}
	if err := m.run(context.Background(), &out, nil); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	var head runHeader
	var table matchJSON
	if len(lines) != 6 || json.Unmarshal([]byte(lines[0]), &head) != nil || json.Unmarshal([]byte(lines[5]), &table) != nil {
		t.Fatalf("want a start line, 4 games and the table:\n%s", out.String())
	}
	parseRecords(t, strings.Join(lines[1:5], "\n"))
	ab := table.Bots[0]
	if head.Type != "start" || head.Seed != 1 || head.Games != 4 || table.Type != "match" || table.Played != 4 ||
		ab.Bot != "alphabeta" || ab.Wins+ab.Draws+ab.Losses != 4 || ab.Losses != 0 ||
		table.Elo.Bot != "alphabeta" || table.Elo.Games != 4 {
		t.Errorf("start %+v, table %+v", head, table)
	}
	// LOS, draw ratio and how the games ended, from the same games.
	r := wdl{ab.Wins, ab.Draws, ab.Losses}
	if table.LOS == nil || *table.LOS != math.Round(1e4*los(r))/1e4 || table.DrawRatio == nil || *table.DrawRatio != float64(ab.Draws)/4 ||
		table.Ended != (endsJSON{Games: 4, Rules: 4, Wins: ab.Wins, Draws: ab.Draws}) {
		t.Errorf("los %v, draw ratio %v, ended %+v; want from %+v", table.LOS, table.DrawRatio, table.Ended, r)
	}
	// A perfect score has no finite difference: null, and the bound.
	e := eloFigures("a", eloDiff(1), 0, 10)
	if e.Diff != nil || e.Bound == nil || math.Round(*e.Bound) != 140 {
		t.Errorf("10 of 10: %+v, want diff null, bound 140", e)
	}
}

// byNumber are records in the order of their games' numbers: -out
// writes each as its game ends.
func byNumber(recs []gameRecord) []gameRecord {
	slices.SortStableFunc(recs, func(a, b gameRecord) int { return a.Number - b.Number })
	return recs
}

// tournamentRun plays the tiny Tic-Tac-Toe round-robin (or a shard of it)
// with -out, returning the text output and the records.
func tournamentRun(t *testing.T, ctx context.Context, shard, shards int, stopAfter int) (string, string) {
	t.Helper()
	tc := tttField(2)
	tc.games = 6
	tc.shard, tc.shards = shard, shards
	var keep bytes.Buffer
	tc.keep = &resultsWriter{w: &keep}
	var out strings.Builder
	var progress *cancelAfter
	if stopAfter > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		defer cancel()
		progress = &cancelAfter{n: stopAfter, cancel: cancel}
	}
	var err error
	if progress != nil {
		err = tc.run(ctx, &out, progress)
	} else {
		err = tc.run(ctx, &out, nil)
	}
	if err != nil && (stopAfter == 0 || !strings.Contains(err.Error(), "interrupted")) {
		t.Fatal(err)
	}
	return out.String(), keep.String()
}

// tables is the crosstable and the standings of a run's text output.
func tables(out string) string {
	_, after, _ := strings.Cut(out, "\n\n")
	return after
}

// tablesFrom are the tables of a tournament's output, from its heading
// on: the game lines before it left out.
func tablesFrom(out string) string {
	if i := strings.Index(out, "\nTic-Tac-Toe round-robin"); i >= 0 {
		out = out[i+1:]
	}
	return tables(out)
}

// Two shards play exactly the games of one run, seeds and openings
// included, and -rate over their files prints the crosstable and the
// standings that one run prints.
func TestShardsMergeToOneRun(t *testing.T) {
	ctx := context.Background()
	whole, wholeRecs := tournamentRun(t, ctx, 0, 0, 0)
	_, first := tournamentRun(t, ctx, 1, 2, 0)
	_, second := tournamentRun(t, ctx, 2, 2, 0)
	a, b := parseRecords(t, first), parseRecords(t, second)
	if len(a) != 10 || len(b) != 8 {
		t.Fatalf("shards of %d and %d games, want 10 and 8 (5 and 4 of the 9 pairs)", len(a), len(b))
	}
	for i, shard := range [][]gameRecord{a, b} {
		matches := map[string]bool{}
		for _, r := range shard {
			matches[min(r.X.Name, r.O.Name)+"-"+max(r.X.Name, r.O.Name)] = true
		}
		if len(matches) != 3 {
			t.Errorf("shard %d plays %d of the 3 matches, want a share of each", i+1, len(matches))
		}
	}
	byNumber := map[int]gameRecord{}
	for _, r := range parseRecords(t, wholeRecs) {
		byNumber[r.Number] = r
	}
	for _, r := range append(slices.Clone(a), b...) {
		w, ok := byNumber[r.Number]
		if !ok || w.Record != r.Record || w.Opening != r.Opening || w.X.Name != r.X.Name || w.Result != r.Result {
			t.Errorf("game %d: shard %+v, one run %+v", r.Number, r, w)
		}
		delete(byNumber, r.Number)
	}
	if len(byNumber) != 0 {
		t.Errorf("games no shard played: %v", byNumber)
	}
	var rated strings.Builder
	rr, err := rateRecords(append(a, b...))
	if err != nil {
		t.Fatal(err)
	}
	rr.write(&rated, []string{"1.jsonl", "2.jsonl"}, false)
	if maskTimes(tables(rated.String())) != maskTimes(tables(strings.TrimPrefix(whole, "seed: 3\n"))) {
		t.Errorf("-rate of the shards:\n%s\none run:\n%s", rated.String(), whole)
	}
	if !strings.HasPrefix(rated.String(), "Tic-Tac-Toe results: 3 bots, 18 games from 2 files\n") {
		t.Errorf("heading: %q", strings.SplitN(rated.String(), "\n", 2)[0])
	}
}

// A shard interrupted half way keeps every game it finished in its file
// (and marks the ones stopped under way); merged with the other shard,
// -rate gives the standings of the same games taken from one run.
func TestInterruptedShardMerges(t *testing.T) {
	ctx := context.Background()
	_, wholeRecs := tournamentRun(t, ctx, 0, 0, 0)
	_, first := tournamentRun(t, ctx, 1, 2, 4)
	_, second := tournamentRun(t, ctx, 2, 2, 0)
	a := parseRecords(t, first)
	finished := 0
	for _, r := range a {
		if r.End == endInterrupted {
			if r.Result != "*" || r.Winner != "" {
				t.Errorf("an interrupted game: %+v", r)
			}
			continue
		}
		finished++
	}
	if finished < 4 || finished >= 9 {
		t.Fatalf("%d games finished of the first shard's 9, want 4 or more, not all", finished)
	}
	merged := append(a, parseRecords(t, second)...)
	played := map[int]bool{}
	for _, r := range merged {
		if r.End != endInterrupted {
			played[r.Number] = true
		}
	}
	var same []gameRecord
	for _, r := range parseRecords(t, wholeRecs) {
		if played[r.Number] {
			same = append(same, r)
		}
	}
	var got, want strings.Builder
	rr, err := rateRecords(merged)
	if err != nil {
		t.Fatal(err)
	}
	rr.write(&got, nil, false)
	ro, err := rateRecords(same)
	if err != nil {
		t.Fatal(err)
	}
	ro.write(&want, nil, false)
	if maskTimes(tables(got.String())) != maskTimes(tables(want.String())) || ro.counted != finished+8 || rr.open != len(a)-finished {
		t.Errorf("merged shards:\n%s\nthe same games of one run:\n%s", got.String(), want.String())
	}
}

// -format json's tables for a tournament and for -rate: the crosstable
// and the standings as the text has them, parsed here.
func TestTablesJSON(t *testing.T) {
	tc := tttField(2)
	tc.json = true
	var out strings.Builder
	if err := tc.run(context.Background(), &out, nil); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	var tj tableJSON
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &tj); err != nil {
		t.Fatal(err)
	}
	if tj.Type != "tournament" || tj.Games != 12 || tj.Of != 12 || len(tj.Standings) != 3 || len(tj.Crosstable) != 6 {
		t.Fatalf("%+v", tj)
	}
	random := tj.Standings[2]
	// random lost every game: no rating, its one bound instead.
	if random.Bot != "random" || random.Rank != 3 || random.Games != 8 || random.Wins != 0 || random.Elo != nil || random.PlusMinus != nil || random.Bound == nil {
		t.Errorf("standings: %+v", tj.Standings)
	}
	draws := 0
	for _, c := range tj.Crosstable {
		if c.Games != 4 || c.Points != float64(c.Wins)+float64(c.Draws)/2 {
			t.Errorf("crosstable cell %+v", c)
		}
		draws += c.Draws
	}
	if want := (endsJSON{Games: 12, Rules: 12, Wins: 12 - draws/2, Draws: draws / 2}); tj.Ended != want {
		t.Errorf("ended %+v, want %+v", tj.Ended, want)
	}
	// The saved output rates to the same tables.
	recs, err := readResults(strings.NewReader(out.String()), "out.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	rr, _ := rateRecords(recs)
	var rated strings.Builder
	rr.write(&rated, []string{"out.jsonl"}, true)
	var rj tableJSON
	if err := json.Unmarshal([]byte(rated.String()), &rj); err != nil {
		t.Fatal(err)
	}
	if rj.Type != "rating" || !slices.Equal(rj.Files, []string{"out.jsonl"}) ||
		!reflect.DeepEqual(rj.Standings, tj.Standings) || !reflect.DeepEqual(rj.Crosstable, tj.Crosstable) || rj.Ended != tj.Ended {
		t.Errorf("-rate -format json:\n%s\n-tournament -format json:\n%s", rated.String(), lines[len(lines)-1])
	}
}

// Bad result files are one-line errors naming the file and line.
func TestReadResultsErrors(t *testing.T) {
	rec := "{\"type\":\"game\",\"x\":{\"name\":\"a\"},\"o\":{\"name\":\"b\"}}\n"
	for _, tc := range []struct{ text, want string }{
		{rec + "not json\n" + rec, "f line 2: not a JSON object"},
		{"{\"type\":\"game\",\"x\":{\"name\":\"a\"}}\n" + rec, "f line 1: a game needs both players' names"},
		{rec + strings.Repeat("x", maxLine+1) + "\n" + rec, "f line 2: longer than 1048576 bytes"},
	} {
		if _, err := readResults(strings.NewReader(tc.text), "f"); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.text, err, tc.want)
		}
	}
	a := gameRecord{Type: "game", Game: "ttt", Result: "1-0", X: playerRecord{Name: "a"}, O: playerRecord{Name: "b"}}
	b := a
	b.Game = "connect4"
	if _, err := rateRecords([]gameRecord{a, b}); err == nil || err.Error() != "the files mix games: ttt, and connect4 (height 6, width 7) at record 2; rate one at a time: -game NAME (and its size flags) picks one" {
		t.Errorf("mixed games: %v", err)
	}
	// Two board sizes (or counts of rounds) are two games to a rating; a
	// record that leaves the options out has the defaults.
	c, d := b, b
	c.Options = map[string]int{"width": 6, "height": 5}
	if _, err := rateRecords([]gameRecord{b, c}); err == nil || err.Error() != "the files mix games: connect4 (height 6, width 7), and connect4 (height 5, width 6) at record 2; rate one at a time: -game NAME (and its size flags) picks one" {
		t.Errorf("mixed sizes: %v", err)
	}
	d.Options = map[string]int{"width": 7, "height": 6}
	if _, err := rateRecords([]gameRecord{b, d}); err != nil {
		t.Errorf("7x6 with and without options: %v", err)
	}
	// The same game twice counts once.
	rr, err := rateRecords([]gameRecord{a, a})
	if err != nil || rr.counted != 1 || rr.doubles != 1 {
		t.Errorf("a game twice: %+v, %v", rr, err)
	}
}

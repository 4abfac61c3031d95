package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gameRecord.id is the one rule that makes two records the same game:
// what the play filled in (moves, result, how it ended, the figures)
// is not part of it; every field that says which game of which run it
// is, is.
func TestGameRecordIdentity(t *testing.T) {
	t.Parallel()
	base := func() gameRecord {
		margin := 2
		return gameRecord{Type: "game", Game: "connect4", Options: map[string]int{"width": 7}, Event: "match",
			Field: []string{"alphabeta", "random"}, Number: 3, Games: 4, Pair: 2, Seed: 9, Opening: "44",
			X: playerRecord{Name: "alphabeta", Bot: "alphabeta", Params: map[string]string{"depth": "7"}, Settings: botSettings{Depth: 7},
				Moves: 10, TimeMS: 3.5, Nodes: 900, Starts: 1, StartupMS: 0.5},
			O:      playerRecord{Name: "random", Bot: "random", Moves: 9, TimeMS: 0.1, Nodes: 9},
			Record: "4455", Result: "1-0", Winner: "X", End: endWin, Margin: &margin}
	}
	for _, tc := range []struct {
		name string
		edit func(*gameRecord)
		same bool
	}{
		{"the figures", func(r *gameRecord) { r.X.TimeMS, r.X.Nodes, r.O.Moves, r.X.Starts, r.X.StartupMS = 99, 1, 2, 0, 0 }, true},
		{"the moves and result", func(r *gameRecord) { r.Record, r.Result, r.Winner, r.Margin = "4444", "0-1", "O", nil }, true},
		{"how it ended", func(r *gameRecord) { r.End, r.Reason, r.Kind = endForfeit, "time", "time" }, true},
		{"an empty map for none", func(r *gameRecord) { r.O.Params = map[string]string{} }, true},
		{"the seed", func(r *gameRecord) { r.Seed = 10 }, false},
		{"the number", func(r *gameRecord) { r.Number = 4 }, false},
		{"the pair", func(r *gameRecord) { r.Pair = 1 }, false},
		{"the opening", func(r *gameRecord) { r.Opening = "43" }, false},
		{"the run's games", func(r *gameRecord) { r.Games = 6 }, false},
		{"the event", func(r *gameRecord) { r.Event = "tournament" }, false},
		{"the field", func(r *gameRecord) { r.Field = []string{"alphabeta", "random", "mcts"} }, false},
		{"the options", func(r *gameRecord) { r.Options = map[string]int{"width": 6} }, false},
		{"a player's depth", func(r *gameRecord) { r.X.Settings.Depth = 6 }, false},
		{"a player's key", func(r *gameRecord) { r.X.Params = map[string]string{"depth": "6"} }, false},
		{"a player's label", func(r *gameRecord) { r.O.Label = "random (as -o)" }, false},
		{"a player's impl", func(r *gameRecord) { r.X.Impl = "c4solver" }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := base()
			tc.edit(&r)
			if same := r.id() == base().id(); same != tc.same {
				t.Errorf("the same game: %v, want %v", same, tc.same)
			}
		})
	}
	// What a rerun keeps in memory has the id of the whole record.
	if k := keep(base()); k.id != base().id() || k.Field != nil || k.Record != "4455" {
		t.Errorf("kept: %+v", k)
	}
}

// A resume plays exactly the games its file lacks: with games 2 and 5 of
// six taken out of the file, the rerun says 4 of 6 and plays those two,
// and the file then holds each game once. -rate counts a game found
// twice once, whatever its moves: the same game played again with other
// moves (two runs of one command onto one file) is still one game.
func TestResumeAndRateOneIdentity(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "games.jsonl")
	args := []string{"-game", "ttt", "-x", "alphabeta", "-o", "random", "-games", "6", "-seed", "2", "-jobs", "1", "-out", path}
	if status, _, errText := runCapture(args, ""); status != 0 {
		t.Fatalf("status %d: %s", status, errText)
	}
	data, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(data), "\n")
	kept := lines[0] + lines[1] + lines[3] + lines[4] + lines[6] // the run line, games 1, 3, 4 and 6
	if err := os.WriteFile(path, []byte(kept), 0o644); err != nil {
		t.Fatal(err)
	}
	status, out, errText := runCapture(args, "")
	if status != 0 || !strings.Contains(out, "resuming: 4 of 6 games already in "+path+"\n") {
		t.Fatalf("status %d, %s%s", status, out, errText)
	}
	for _, n := range []string{"2", "5"} {
		if !strings.Contains(out, "game "+n+"/6: ") {
			t.Errorf("game %s not played:\n%s", n, out)
		}
	}
	if strings.Count(out, "\ngame ") != 2 {
		t.Errorf("games played beside the 4 kept:\n%s", out)
	}
	numbers := map[int]int{}
	for _, r := range parseRecords(t, mustRead(t, path)) {
		numbers[r.Number]++
	}
	if len(numbers) != 6 || numbers[1] != 1 || numbers[2] != 1 || numbers[5] != 1 || numbers[6] != 1 {
		t.Errorf("the file's games by number: %v, want 1..6 once each", numbers)
	}
	// Game 1 again, with other moves (as a second run onto the file,
	// with bots on the clock, plays it): one game of 6, said so.
	first := parseRecords(t, lines[0]+lines[1])[0]
	first.Record = "4"
	other := []gameRecord{first}
	recs := append(parseRecords(t, mustRead(t, path)), other...)
	rr, err := rateRecords(recs)
	if err != nil {
		t.Fatal(err)
	}
	if rr.counted != 6 || rr.doubles != 1 {
		t.Errorf("-rate counted %d games and %d found twice, want 6 and 1", rr.counted, rr.doubles)
	}
}

// mustRead is a file's text.
func mustRead(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// An empty file name (a script's unset variable) is refused before any
// game, exit 2: -out= wrote nothing before, -trace-out= wrote to
// standard output.
func TestEmptyFileNamesRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-x", "alphabeta", "-o", "random", "-games", "2", "-out="}, "boardbots: -out \"\": an empty name: accepted is a file's name\n"},
		{[]string{"-x", "alphabeta", "-o", "random", "-trace", "1", "-trace-out="}, "boardbots: -trace-out \"\": an empty name: accepted is a file's name\n"},
	} {
		status, out, errText := runCapture(tc.args, "")
		if status != 2 || out != "" || errText != tc.want {
			t.Errorf("%v: status %d, %q, %q; want 2, nothing, %q", tc.args, status, out, errText, tc.want)
		}
	}
}

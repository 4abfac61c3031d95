package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// readResults reads the game records of a results file, as -rate does
// (a torn last line left out).
func readResults(r io.Reader, name string) ([]gameRecord, error) {
	var recs []gameRecord
	_, err := scanResults(r, name, func(_ int, rec gameRecord) error {
		recs = append(recs, rec)
		return nil
	})
	return recs, err
}

// rateRecords gathers records into one table, as -rate does.
func rateRecords(recs []gameRecord) (*ratedResults, error) {
	rt := &rater{}
	for i, rec := range recs {
		if err := rt.add(rec, "record "+strconv.Itoa(i+1)); err != nil {
			return nil, err
		}
	}
	return rt.results(), nil
}

// -rate tells games apart by everything that makes them other games:
// two runs that differ only in -depth share seed, field and numbers, and
// all their games count; the same file given twice counts once. With
// -game it rates that game's records of a mixed file and says how many
// of other games it skipped; without, a mix is one line naming where.
func TestRateIdentityAndGames(t *testing.T) {
	dir := t.TempDir()
	file := func(name string) string { return filepath.Join(dir, name) }
	for _, args := range [][]string{
		{"-game", "c4", "-x", "alphabeta", "-o", "minimax", "-depth", "2", "-games", "4", "-seed", "5", "-out", file("depth.jsonl")},
		{"-game", "c4", "-x", "alphabeta", "-o", "minimax", "-depth", "4", "-games", "4", "-seed", "5", "-out", file("depth.jsonl")},
		{"-game", "c4", "-x", "alphabeta", "-o", "random", "-games", "2", "-seed", "5", "-out", file("mixed.jsonl")},
		{"-game", "ttt", "-x", "alphabeta", "-o", "random", "-games", "4", "-seed", "5", "-out", file("ttt.jsonl")},
	} {
		if status, _, errText := runCapture(append(args, "-jobs", "1"), ""); status != 0 {
			t.Fatalf("%v: %s", args, errText)
		}
	}
	ttt, _ := os.ReadFile(file("ttt.jsonl"))
	f, _ := os.OpenFile(file("mixed.jsonl"), os.O_WRONLY|os.O_APPEND, 0)
	f.Write(ttt) // what -out now refuses, as an older run did it
	f.Close()
	for _, tc := range []struct {
		args   []string
		status int
		want   string // stdout's first line, or stderr
	}{
		{[]string{"-rate", file("depth.jsonl")}, 0, "Connect Four results: 2 bots, 8 games from 1 file\n"},
		{[]string{"-rate", file("depth.jsonl"), file("depth.jsonl")}, 0, "Connect Four results: 2 bots, 8 games from 2 files, 8 games found twice counted once\n"},
		{[]string{"-rate", file("mixed.jsonl")}, 2, "boardbots: -rate: the files mix games: connect4 (height 6, width 7), and ttt at " + file("mixed.jsonl") + " line 5; rate one at a time: -game NAME (and its size flags) picks one\n"},
		{[]string{"-rate", file("mixed.jsonl"), "-game", "c4"}, 0, "Connect Four results: 2 bots, 2 games from 1 file, 4 games of other games skipped\n"},
		{[]string{"-rate", file("mixed.jsonl"), "-game", "ttt"}, 0, "Tic-Tac-Toe results: 2 bots, 4 games from 1 file, 2 games of other games skipped\n"},
		{[]string{"-rate", file("mixed.jsonl"), "-game", "c4", "-width", "6"}, 2, "boardbots: -rate: no games of Connect Four, width 6 in " + file("mixed.jsonl") + ", only 6 games of other games or sizes: -game NAME (and its size flags) picks the games rated\n"},
	} {
		status, out, errText := runCapture(tc.args, "")
		got := errText
		if status == 0 {
			got, _, _ = strings.Cut(out, "\n")
			got += "\n"
		}
		if status != tc.status || got != tc.want {
			t.Errorf("%v: status %d, %q; want %d, %q", tc.args[1:], status, got, tc.status, tc.want)
		}
	}
}

// Players in groups that never met are said to be so, and each group is
// rated on its own scale rather than all on one; a picture of them is
// refused. Names from a file reach the terminal quoted when they hold a
// control code. A file that names more players than a table can hold is
// one line, at once (a 31 KB line of 4,000 names took 4 minutes and
// 1.1 GB before).
func TestRateGroupsNamesAndBounds(t *testing.T) {
	dir := t.TempDir()
	rec := func(x, o, result string, field ...string) string {
		if field == nil {
			field = []string{x, o}
		}
		// A game whose moves give the result: every record is replayed.
		played := map[string][3]string{"1-0": {"03142", "X", endWin}, "0-1": {"031485", "O", endWin}, "1/2-1/2": {"048263571", "", endDraw}}[result]
		r := gameRecord{Type: "game", Game: "ttt", Event: "match", Field: field, Number: 1, Games: 1, Pair: 1, Seed: 1,
			X: playerRecord{Name: x}, O: playerRecord{Name: o}, Record: played[0], Result: result, Winner: played[1], End: played[2]}
		line, _ := json.Marshal(r)
		return string(line) + "\n"
	}
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	groups := write("groups.jsonl", rec("a", "b", "1-0")+rec("c", "d", "0-1")+rec("b", "e", "1/2-1/2"))
	status, out, errText := runCapture([]string{"-rate", groups}, "")
	for _, want := range []string{
		"Tic-Tac-Toe results: 5 bots, 3 games from 1 file\n" +
			"the players form 2 groups that never met, directly or through others: {a, b, e}, {c, d}; each group is rated on a scale of its own\n\n" +
			"group 1 of 2: 3 bots\n",
		"\ngroup 2 of 2: 2 bots\n",
	} {
		if status != 0 || !strings.Contains(out, want) {
			t.Errorf("groups: status %d, %s%s\nwant %q", status, out, errText, want)
		}
	}
	if status, _, errText := runCapture([]string{"-rate", groups, "-plot", filepath.Join(dir, "g.svg")}, ""); status != 2 || !strings.Contains(errText, "no one picture rates them") {
		t.Errorf("-plot of groups: status %d, %q", status, errText)
	}
	var js []tableJSON
	_, out, _ = runCapture([]string{"-rate", groups, "-format", "json"}, "")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var tj tableJSON
		if err := json.Unmarshal([]byte(line), &tj); err != nil {
			t.Fatal(err)
		}
		js = append(js, tj)
	}
	if len(js) != 2 || js[0].Group != 1 || js[1].Groups != 2 || js[0].Games != 2 || js[1].Games != 1 || len(js[1].Standings) != 2 {
		t.Errorf("groups as JSON: %+v", js)
	}

	evil := write("evil.jsonl", rec("evil\x1b[2J", "b", "1-0"))
	if _, out, _ := runCapture([]string{"-rate", evil}, ""); strings.ContainsRune(out, '\x1b') || !strings.Contains(out, `"evil\x1b[2J"`) {
		t.Errorf("a name with a control code:\n%s", out)
	}

	var names []string
	for i := range maxRatedPlayers + 1 {
		names = append(names, "p"+strconv.Itoa(i))
	}
	crafted := write("crafted.jsonl", rec("p0", "p1", "1-0")+rec("p0", "p1", "1-0", names...))
	status, out, errText = runCapture([]string{"-rate", crafted}, "")
	if want := "boardbots: -rate: " + crafted + " line 2: more than 512 players: accepted are at most 512\n"; status != 2 || out != "" || errText != want {
		t.Errorf("crafted: status %d, %q, %q; want %q", status, out, errText, want)
	}
}

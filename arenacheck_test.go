package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every game is replayed when a file is read: a line edited by hand to
// break the rules, to contradict its moves or to hold a value out of
// range is refused by -rate and by a resume alike, with its file and
// line and what was wrong, exit 2; the resume plays nothing and leaves
// the file as it was. (Before, each was counted, exit 0, and a resume
// onto the first played game 1 again beside it: 21 games of a 20-game
// run.)
func TestEveryGameReplayed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "games.jsonl")
	args := []string{"-game", "ttt", "-x", "alphabeta", "-o", "random", "-games", "4", "-seed", "1", "-jobs", "1"}
	if status, _, errText := runCapture(append(args, "-out", path), ""); status != 0 {
		t.Fatalf("status %d: %s", status, errText)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(mustRead(t, path), "\n"), "\n")
	first := parseRecords(t, lines[0]+lines[1])[0] // game 1: X alphabeta wins, "04172", after the run line
	if first.Record != "04172" || first.Result != "1-0" {
		t.Fatalf("game 1 is %s %s, not the game the cases edit", first.Record, first.Result)
	}
	for _, tc := range []struct {
		name string
		edit func(r *gameRecord)
		want string
	}{
		{"a cell taken twice", func(r *gameRecord) { r.Record = "00172" }, `record "00172": illegal: cell 0 is taken at move 2`},
		{"a result the moves do not give", func(r *gameRecord) { r.Record = "01" }, `end "win", but the record "01" does not end the game`},
		{"a winner against the result", func(r *gameRecord) { r.Winner = "O" }, `winner "O" with result 1-0: accepted is "X"`},
		{"a result out of range", func(r *gameRecord) { r.Result = "2-0" }, `result "2-0": accepted are "1-0", "0-1", "1/2-1/2" and "*"`},
		{"a draw the moves won", func(r *gameRecord) { r.Result, r.Winner, r.End = "1/2-1/2", "", endDraw }, `end "draw" and result 1/2-1/2, but the record "04172" is X wins;`},
		{"moves after the end", func(r *gameRecord) { r.Record = "041725" }, `record "041725": illegal:`},
		{"a number past the run", func(r *gameRecord) { r.Number = 5 }, "number 5: accepted is 1 to the run's games, 4"},
		{"negative time", func(r *gameRecord) { r.X.TimeMS = -1 }, "X's time_ms -1, startup_ms 0: accepted are times of 0 or more"},
		{"an option it lacks", func(r *gameRecord) { r.Options = map[string]int{"width": 7} }, `option "width": Tic-Tac-Toe has none of that name`},
		{"an end of no kind", func(r *gameRecord) { r.End = "resigned" }, `end "resigned": accepted are win, draw, forfeit, adjudicated and interrupted`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := first
			tc.edit(&rec)
			line, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "edited.jsonl")
			text := lines[0] + string(line) + "\n" + strings.Join(lines[2:], "") + "\n"
			if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			status, out, errText := runCapture([]string{"-rate", file}, "")
			want := "boardbots: -rate: " + file + " line 2: " + tc.want
			if status != 2 || out != "" || !strings.HasPrefix(errText, want) || strings.Count(errText, "\n") != 1 {
				t.Errorf("-rate: status %d, %q, %q; want 2 and %q...", status, out, errText, want)
			}
			status, out, errText = runCapture(append(args, "-out", file), "")
			want = "boardbots: -out " + file + " line 2: " + tc.want
			if status != 2 || out != "" || !strings.HasPrefix(errText, want) || strings.Count(errText, "\n") != 1 {
				t.Errorf("resume: status %d, %q, %q; want 2 and %q...", status, out, errText, want)
			}
			if mustRead(t, file) != text {
				t.Errorf("the refused resume changed the file")
			}
		})
	}
}

// A line of any content is checked without a crash: options, numbers,
// moves, outcome and grades from a file never reach the rules
// unchecked. A grade, when moves is not negative, is both sides'.
func FuzzCheckRecord(f *testing.F) {
	f.Add("connect4", 7, 6, "4455", "1-0", "X", endWin, 1, 1, 1, "", -1, 0, 0, 0, 0, "")
	f.Add("ttt", 0, 0, "04172", "1-0", "X", endWin, 1, 1, 2, "", -1, 0, 0, 0, 0, "")
	f.Add("adjacency", 0, 0, "", "*", "", endInterrupted, 1, 1, 1, "", 0, 0, 0, 0, 0, "")
	f.Add("connect4", 99, -3, "9", "0-1", "O", endForfeit, 0, 2, 1, "", 1, 1, 0, 1, 9, "9")
	f.Add("ttt", 0, 0, "0123456", "1-0", "X", endWin, 1, 1, 1, "01", 2, 2, 1, 1, 3, "2")
	f.Fuzz(func(t *testing.T, game string, width, height int, record, result, winner, end string, number, games, pair int,
		opening string, moves, graded, perfect, blunders, ply int, move string) {
		rec := gameRecord{Type: "game", Game: game, Options: map[string]int{"width": width, "height": height}, Number: number,
			Games: games, Pair: pair, Record: record, Result: result, Winner: winner, End: end, Opening: opening}
		if game == "ttt" || width == 0 {
			rec.Options = nil
		}
		if moves >= 0 {
			g := gameGrade{Moves: moves, Graded: graded, Perfect: perfect, Blunders: blunders}
			if ply != 0 || move != "" {
				g.FirstBlunder = &blunderAt{Ply: ply, Move: move}
			}
			rec.X.Grade, rec.O.Grade = &g, &g
		}
		_ = checkRecord(&rec)
	})
}

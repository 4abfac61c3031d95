package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// refValue is the result of g for the side to move by a plain negamax
// over the rules, independent of every search of the program: +1 a win,
// 0 a draw, -1 a loss.
func refValue(g Game) int {
	if g.Over() {
		return sign(g.Final(g.Turn()))
	}
	best := -2
	for _, m := range g.Moves(nil) {
		g.Play(m)
		best = max(best, -refValue(g))
		g.Undo()
	}
	return best
}

// Every move of a reviewed game of a game won, drawn or lost is marked
// exactly where the reference's result for the mover fell, and its kept
// moves are exactly those that keep the reference's result.
func TestReviewMarksAgainstReference(t *testing.T) {
	t.Parallel()
	tests := []struct{ game, record string }{
		{"ttt", "012345"},
		{"ttt", "4086"},
		{"ttt", "1402"},
		{"ttt", "048"},
		{"nim", "1111111"}, // nim_test.go: a heap of 15, taking 1 at a time
		{"nim", "3213"},
	}
	for _, tc := range tests {
		spec := specNamed(t, tc.game)
		o, err := declared.newOracle(spec, Budget{})
		if err != nil {
			t.Fatal(err)
		}
		g, err := spec.parseRecord(tc.record, nil)
		if err != nil {
			t.Fatal(err)
		}
		start := spec.start(nil)
		r := reviewGame(context.Background(), o, start, g.History(), 0, nil)
		if r.Proved != r.Positions || r.Positions != len(g.History())+1 {
			t.Errorf("%s %s: %d of %d positions proved", tc.game, tc.record, r.Proved, r.Positions)
		}
		p := start.Clone()
		for k, m := range g.History() {
			before := refValue(p)
			var keep []string
			for _, alt := range p.Moves(nil) {
				p.Play(alt)
				if -refValue(p) == before {
					keep = append(keep, p.FormatMove(alt))
				}
				p.Undo()
			}
			p.Play(m)
			after := -refValue(p)
			got := r.Moves[k]
			wantMark := ""
			if after < before {
				wantMark = "blunder"
			}
			if got.Mark != wantMark || sign(*got.Before) != before || sign(*got.After) != after {
				t.Errorf("%s %s ply %d: %s, before %d after %d; want %q, %d, %d", tc.game, tc.record, k+1, got.Mark, *got.Before, *got.After, wantMark, before, after)
			}
			if wantMark != "" && !slices.Equal(got.Kept, keep) {
				t.Errorf("%s %s ply %d: kept %v, want %v", tc.game, tc.record, k+1, got.Kept, keep)
			}
		}
		if want := firstDrop(r); r.FirstBlunder != want {
			t.Errorf("%s %s: first blunder %d, want %d", tc.game, tc.record, r.FirstBlunder, want)
		}
	}
}

// firstDrop is the ply of a review's first blunder by its marks.
func firstDrop(r reviewedGame) int {
	for _, m := range r.Moves {
		if m.Mark == "blunder" {
			return m.Ply
		}
	}
	return 0
}

// A move is judged on results in a game won or lost, and on margin too
// in a game on margin: a blunder changes the result, a slip gives marks.
func TestReviewMark(t *testing.T) {
	t.Parallel()
	tests := []struct {
		before, after int
		margin        bool
		mark, lost    string
	}{
		{3, 1, false, "", ""},
		{3, 0, false, "blunder", "a win thrown to a draw"},
		{3, -2, false, "blunder", "a win thrown to a loss"},
		{0, -5, false, "blunder", "a draw thrown to a loss"},
		{-1, -3, false, "", ""},
		{4, 2, true, "slip", "2 marks given away"},
		{2, -2, true, "blunder", "a win thrown to a loss, 4 marks given away"},
		{0, -1, true, "blunder", "a draw thrown to a loss, 1 mark given away"},
		{-2, -4, true, "slip", "2 marks given away"},
		{-2, -2, true, "", ""},
	}
	for _, tc := range tests {
		mark, lost := reviewMark(tc.before, tc.after, tc.margin)
		if mark != tc.mark || lost != tc.lost {
			t.Errorf("%d to %d (margin %v): %q %q, want %q %q", tc.before, tc.after, tc.margin, mark, lost, tc.mark, tc.lost)
		}
	}
}

// -review reads records and results files' lines, says what is wrong
// with a line that is no game, and writes a JSON line a game that a
// script reads back; Ctrl-C (a context ended) stops it with what it had.
func TestReviewRun(t *testing.T) {
	t.Parallel()
	spec := specNamed(t, "ttt")
	pool, err := declared.newOracles(spec, Budget{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	in := "012345\n\n" + `{"game":"ttt","record":"048","result":"1/2-1/2"}` + "\n99\n-1\n" + `{"game":"connect4","record":"44"}` + "\n"
	var js strings.Builder
	if err := reviewWith(context.Background(), strings.NewReader(in), &js, pool, nil, true, nil, nil); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(js.String()), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines for 5 games:\n%s", len(lines), js.String())
	}
	want := []struct {
		record string
		first  int
		err    string
	}{
		{"012345", 2, ""},
		{"048", 0, ""},
		{"99", 0, "illegal"},
		{"-1", 0, `illegal: "-" is not a cell`}, // only "-" alone is the start
		{"44", 0, "a game of connect4, not ttt: review it with -game connect4"},
	}
	for i, line := range lines {
		var r reviewJSON
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("line %d: %v: %s", i+1, err, line)
		}
		if r.Record != want[i].record || r.FirstBlunder != want[i].first || !strings.Contains(r.Error, want[i].err) || (want[i].err == "") != (r.Error == "") {
			t.Errorf("line %d: record %q, first blunder %d, error %q; want %+v", i+1, r.Record, r.FirstBlunder, r.Error, want[i])
		}
	}
	var text strings.Builder
	if err := reviewWith(context.Background(), strings.NewReader("012345\n"), &text, pool, nil, false, nil, nil); err != nil {
		t.Fatal(err)
	}
	wantText := `review of 012345 (Tic-Tac-Toe, 6 moves, 7 of 7 positions proved):
  1. X 0    draw -> draw
  2. O 1    draw -> loss   blunder: a draw thrown to a loss; kept: 4
  3. X 2     win -> draw   blunder: a win thrown to a draw; kept: 3 4 6
  4. O 3    draw -> loss   blunder: a draw thrown to a loss; kept: 4
  5. X 4     win -> win
  6. O 5    loss -> loss
  X 1 blunder in 3 moves; O 2 blunders in 3 moves
`
	if text.String() != wantText {
		t.Errorf("text review:\n%s\nwant:\n%s", text.String(), wantText)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var r reviewedGame
	pool.lend(func(o *oracle) { r = reviewGame(ctx, o, spec.start(nil), []Move{0, 1}, 0, nil) })
	if !r.Stopped || r.Proved != 0 || r.Moves[0].Before != nil {
		t.Errorf("a review stopped at once: %+v", r)
	}
	if got := reviewText(r, spec, spec.start(nil)); !strings.Contains(got, "stopped: the positions after the last one valued are not proved") || !strings.Contains(got, "0 of 3 positions proved") {
		t.Errorf("a stopped review's text:\n%s", got)
	}
}

// Every line of a text review fits 80 columns, however many moves kept
// the value.
func TestReviewTextWidth(t *testing.T) {
	t.Parallel()
	spec := specNamed(t, "ttt")
	r := reviewedGame{Record: "0", Positions: 2, Proved: 2, Moves: []reviewedMove{{Ply: 1, Side: "X", Move: "0",
		Before: new(int), After: new(int), Mark: "blunder", Lost: "a win thrown to a draw", Kept: strings.Fields("10 11 12 13 14 15 16 17 18 19")}}}
	for _, line := range strings.Split(reviewText(r, spec, spec.start(nil)), "\n") {
		if len(line) > 80 {
			t.Errorf("%d columns: %q", len(line), line)
		}
	}
	if got := reviewKept(strings.Fields("1 2 3 4 5 6 7 8")); got != "1 2 3 4 5 6 and 2 more" {
		t.Errorf("reviewKept: %q", got)
	}
}

// -review -grade counts each player's moves of a results file's games:
// every move of Tic-Tac-Toe is graded, and the perfect ones are exactly
// those after which the reference's result for the mover did not fall.
func TestReviewGrade(t *testing.T) {
	t.Parallel()
	spec := specNamed(t, "ttt")
	// Three oracles grade three games at once; the grades are those of
	// one game at a time.
	pools := map[int]*oracles{}
	for _, n := range []int{1, 3} {
		pool, err := declared.newOracles(spec, Budget{}, n)
		if err != nil {
			t.Fatal(err)
		}
		pools[n] = pool
	}
	games := []struct{ x, o, record, opening string }{
		{"ann", "bob", "012345", ""},
		{"bob", "ann", "4086", ""},
		{"ann", "cid", "1402", ""},
		{"cid", "bob", "012345", "01"}, // O's blunder in the opening is no one's
	}
	var in strings.Builder
	in.WriteString(`{"type":"run","game":"ttt","field":["ann","bob","cid"]}` + "\n")
	want := map[string]*grade{}
	for _, g := range games {
		fmt.Fprintf(&in, `{"type":"game","game":"ttt","x":{"name":%q},"o":{"name":%q},"opening":%q,"record":%q}`+"\n", g.x, g.o, g.opening, g.record)
		p, err := spec.parseRecord(g.record, nil)
		if err != nil {
			t.Fatal(err)
		}
		names := map[Side]string{X: g.x, O: g.o}
		for _, n := range names {
			if want[n] == nil {
				want[n] = &grade{Player: n, FirstBlunders: []int{}}
			}
			want[n].Games++
		}
		firsts := map[Side]int{}
		q := spec.start(nil)
		for k, m := range p.History() {
			mover := q.Turn()
			before := refValue(q)
			q.Play(m)
			if k < len(g.opening) {
				continue // the opening's moves are no one's
			}
			w := want[names[mover]]
			w.Moves++
			w.Graded++
			if -refValue(q) < before {
				w.Blunders++
				if firsts[mover] == 0 {
					firsts[mover] = k + 1
					w.FirstBlunders = append(w.FirstBlunders, k+1)
				}
			} else {
				w.Perfect++
			}
		}
	}
	for _, n := range []int{1, 3} {
		var out strings.Builder
		if err := reviewWith(context.Background(), strings.NewReader(in.String()), &out, pools[n], nil, true, nil, &grades{}); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) != len(want) {
			t.Fatalf("%d oracles: %d grade lines for %d players:\n%s", n, len(lines), len(want), out.String())
		}
		for _, line := range lines {
			var g grade
			if err := json.Unmarshal([]byte(line), &g); err != nil {
				t.Fatalf("%v: %s", err, line)
			}
			w := want[g.Player]
			if w == nil || fmt.Sprint(g) != fmt.Sprint(*w) {
				t.Errorf("%d oracles: grade %+v, want %+v", n, g, w)
			}
		}
		var table strings.Builder
		if err := reviewWith(context.Background(), strings.NewReader(in.String()), &table, pools[n], nil, false, nil, &grades{}); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(table.String(), "player  games  moves  graded% perfect% blunders/game first blunder\nann ") {
			t.Errorf("%d oracles: the grades' table:\n%s", n, table.String())
		}
	}
}

// -adjudicate ends a game once its result is sure: the oracle proves it
// and the player it makes the winner proved it too. Every result it
// records is the result perfect play gives from where the game stopped
// (by a plain negamax over the rules) and the result the same game gets
// when played out; -rate and a resume read the adjudicated games back.
func TestAdjudicatedIsPerfectPlay(t *testing.T) {
	t.Parallel()
	for _, game := range []string{"ttt", "nim"} {
		dir := t.TempDir()
		out, full := filepath.Join(dir, game+".jsonl"), filepath.Join(dir, game+"-full.jsonl")
		match := []string{"-game", game, "-x", "mcts:playouts=500", "-o", "random", "-games", "20", "-seed", "4"}
		args := append(slices.Clip(match), "-adjudicate", "0", "-out", out)
		if status, stdout, stderr := runCapture(args, ""); status != 0 || !strings.Contains(stdout, "adjudicated (") {
			t.Fatalf("%s: status %d\n%s%s", game, status, stdout, stderr)
		}
		if status, stdout, stderr := runCapture(append(slices.Clip(match), "-out", full), ""); status != 0 {
			t.Fatalf("%s played out: status %d\n%s%s", game, status, stdout, stderr)
		}
		playedOut := map[int]string{}
		fullData, err := os.ReadFile(full)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(fullData)), "\n") {
			var rec gameRecord
			if json.Unmarshal([]byte(line), &rec) == nil && rec.Type == "game" {
				playedOut[rec.Number] = rec.Result
			}
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		spec := specNamed(t, game)
		adjudicated := 0
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var rec gameRecord
			if err := json.Unmarshal([]byte(line), &rec); err != nil || rec.Type != "game" {
				continue
			}
			g, err := spec.parseRecord(rec.Record, nil)
			if err != nil {
				t.Fatal(err)
			}
			if rec.End != endAdjudicated {
				if !g.Over() {
					t.Errorf("%s %s: end %q, not over", game, rec.Record, rec.End)
				}
				continue
			}
			adjudicated++
			want := map[int]string{1: g.Turn().String(), -1: g.Turn().Other().String(), 0: ""}[refValue(g)]
			if g.Over() || rec.Winner != want || rec.Value == nil || sign(*rec.Value) != refValue(g) {
				t.Errorf("%s %s: adjudicated %q (value %v), perfect play gives %q", game, rec.Record, rec.Winner, rec.Value, want)
			}
			if rec.Result != playedOut[rec.Number] {
				t.Errorf("%s game %d %s: adjudicated %s, played out %q", game, rec.Number, rec.Record, rec.Result, playedOut[rec.Number])
			}
		}
		if adjudicated == 0 {
			t.Errorf("%s: no game adjudicated", game)
		}
		status, rate, stderr := runCapture([]string{"-rate", out}, "")
		if status != 0 || !strings.Contains(rate, "adjudicated") {
			t.Errorf("%s: -rate: status %d\n%s%s", game, status, rate, stderr)
		}
		status, again, stderr := runCapture(args, "")
		if status != 0 || !strings.Contains(stderr+again, "resuming: 20 of 20") {
			t.Errorf("%s: a rerun: status %d\n%s%s", game, status, again, stderr)
		}
	}
}

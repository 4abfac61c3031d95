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
	"time"
)

// gradedFile reads the game lines of a results file.
func gradedFile(t *testing.T, name string) []gameRecord {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var recs []gameRecord
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		rec, ok, err := parseRecordLine([]byte(line))
		if err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		if ok && rec.Type == "game" {
			recs = append(recs, rec)
		}
	}
	return recs
}

// gradeSums sums the grades of records by player, as -review -grade
// counts them; games without grades are left out.
func gradeSums(recs []gameRecord) map[string]*grade {
	sums := map[string]*grade{}
	for _, rec := range recs {
		for _, p := range []playerRecord{rec.X, rec.O} {
			if p.Grade == nil {
				continue
			}
			if sums[p.rated()] == nil {
				sums[p.rated()] = &grade{Player: p.rated(), FirstBlunders: []int{}}
			}
			sums[p.rated()].addGame(*p.Grade)
		}
	}
	return sums
}

// A match graded as it plays (-grade 0) keeps in each game's line the
// grades that -review gives the same game: each side's first blunder is
// the first move its review marks a blunder, and the sums by player are
// -review -grade's over the file. The match's table shows the sums'
// shares.
func TestGradeMatchAsReview(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "m.jsonl")
	status, stdout, stderr := runCapture([]string{"-x", "level3", "-o", "random", "-games", "12", "-seed", "7", "-jobs", "2", "-grade", "0", "-out", file}, "")
	if status != 0 {
		t.Fatalf("status %d: %s", status, stderr)
	}
	recs := gradedFile(t, file)
	if len(recs) != 12 {
		t.Fatalf("%d games in %s", len(recs), file)
	}
	data, _ := os.ReadFile(file)
	// Each game against its review.
	_, reviews, _ := runCapture([]string{"-review", "-format", "json", "-time", "0"}, string(data))
	lines := strings.Split(strings.TrimSpace(reviews), "\n")
	if len(lines) != len(recs) {
		t.Fatalf("%d reviews of %d games", len(lines), len(recs))
	}
	blunders := 0
	for k, rec := range recs {
		var r reviewedGame
		if err := json.Unmarshal([]byte(lines[k]), &r); err != nil {
			t.Fatal(err)
		}
		for _, side := range []Side{X, O} {
			want := gameGrade{}
			for _, m := range r.Moves {
				if m.Side != side.String() || m.Opening {
					continue
				}
				want.Moves++
				want.Graded++
				if m.Mark == "blunder" {
					want.Blunders++
					if want.FirstBlunder == nil {
						want.FirstBlunder = &blunderAt{Ply: m.Ply, Move: m.Move}
					}
				} else {
					want.Perfect++
				}
			}
			got := rec.side(side).Grade
			if got == nil || gradeText(*got) != gradeText(want) {
				t.Errorf("game %d %s: grade %s, review says %s", rec.Number, side, gradeText(*cmpOr(got, &gameGrade{})), gradeText(want))
			}
			blunders += want.Blunders
		}
	}
	if blunders == 0 {
		t.Fatal("no blunder in the match: the test shows nothing")
	}
	// The sums against -review -grade.
	_, graded, _ := runCapture([]string{"-review", "-grade", "0", "-format", "json"}, string(data))
	sums := gradeSums(recs)
	for _, line := range strings.Split(strings.TrimSpace(graded), "\n") {
		var g grade
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatal(err)
		}
		s := sums[g.Player]
		if s == nil {
			t.Fatalf("no grades of %s in the file", g.Player)
		}
		slices.Sort(g.FirstBlunders)
		slices.Sort(s.FirstBlunders)
		if fmt.Sprint(g) != fmt.Sprint(*s) {
			t.Errorf("-review -grade: %+v; the match's lines: %+v", g, *s)
		}
	}
	// The table's grade columns.
	rows := tableRows(stdout, "bot ")
	if len(rows) != 3 || !slices.Equal(rows[0][len(rows[0])-3:], gradeHeads) {
		t.Fatalf("the match's table:\n%s", stdout)
	}
	for _, row := range rows[1:] {
		if got, want := row[len(row)-3:], sums[row[0]].gradeCells(); !slices.Equal(got, want) {
			t.Errorf("%s's grade cells %v, want %v", row[0], got, want)
		}
	}
}

// gradeText is a game's grade for a side, its first blunder spelled out.
func gradeText(g gameGrade) string {
	first := "none"
	if g.FirstBlunder != nil {
		first = fmt.Sprint(*g.FirstBlunder)
	}
	g.FirstBlunder = nil
	return fmt.Sprintf("%+v first %s", g, first)
}

// tableRows are the rows of the table in out whose header starts with
// head, split into words, up to the first line that is not a row.
func tableRows(out, head string) [][]string {
	var rows [][]string
	for _, line := range strings.Split(out, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case rows == nil && strings.HasPrefix(trimmed, head):
			rows = append(rows, strings.Fields(trimmed))
		case rows != nil && len(strings.Fields(trimmed)) == len(rows[0]):
			rows = append(rows, strings.Fields(trimmed))
		case rows != nil:
			return rows
		}
	}
	return rows
}

// Every pairing grades its games: each game line of -out has both
// sides' grades, and the standings (JSON where the pairing writes it,
// else the text table) sum them by player.
func TestGradeTournaments(t *testing.T) {
	t.Parallel()
	base := []string{"-game", "nim", "-seed", "3", "-grade", "0"}
	for _, c := range []struct {
		name string
		args []string
		json bool
	}{
		{"round-robin", []string{"-tournament", "alphabeta,random,minimax", "-games", "4", "-format", "json"}, true},
		{"gauntlet", []string{"-gauntlet", "random", "-tournament", "alphabeta,minimax", "-games", "4", "-format", "json"}, true},
		{"swiss", []string{"-tournament", "alphabeta,random,minimax,alphabeta:depth=1", "-pairing", "swiss", "-games", "2"}, false},
		{"knockout", []string{"-tournament", "alphabeta,random,minimax,alphabeta:depth=1", "-pairing", "knockout", "-games", "2"}, false},
		{"sprt", []string{"-x", "alphabeta", "-o", "random", "-sprt", "elo0=0,elo1=200", "-games", "40", "-format", "json"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			file := filepath.Join(t.TempDir(), "t.jsonl")
			status, stdout, stderr := runCapture(append(append(slices.Clone(base), c.args...), "-out", file), "")
			if status != 0 {
				t.Fatalf("status %d: %s", status, stderr)
			}
			recs := gradedFile(t, file)
			if last := stdout[strings.LastIndex(strings.TrimSpace(stdout), "\n")+1:]; strings.HasPrefix(last, `{"type":"match"`) {
				// -sprt's table counts the games up to its decision. A
				// game the other job finished after it is in the file
				// all the same, without grades if the decision cut its
				// grading short.
				var m matchJSON
				if err := json.Unmarshal([]byte(last), &m); err != nil {
					t.Fatal(err)
				}
				recs = slices.DeleteFunc(recs, func(rec gameRecord) bool { return rec.Number > m.Played })
			}
			for _, rec := range recs {
				if rec.X.Grade == nil || rec.O.Grade == nil || rec.X.Grade.Moves != rec.X.Moves || rec.O.Grade.Moves != rec.O.Moves {
					t.Fatalf("game %d without its grades: %+v %+v", rec.Number, rec.X, rec.O)
				}
			}
			sums := gradeSums(recs)
			if !c.json {
				rows := tableRows(stdout, "rank ")
				if len(rows) < 2 || !slices.Contains(rows[0], "perfect%") {
					t.Fatalf("no grade columns:\n%s", stdout)
				}
				at := slices.Index(rows[0], gradeHeads[0])
				for _, row := range rows[1:] {
					if s := sums[row[1]]; s == nil || !slices.Equal(row[at:at+3], s.gradeCells()) {
						t.Errorf("%s's row %v, sums %+v", row[1], row, s)
					}
				}
				return
			}
			last := stdout[strings.LastIndex(strings.TrimSpace(stdout), "\n")+1:]
			var table struct {
				Bots      []matchBotJSON
				Standings []standingJSON
				Bot       *standingJSON
			}
			if err := json.Unmarshal([]byte(last), &table); err != nil {
				t.Fatal(err)
			}
			got := map[string]*gradeJSON{}
			for _, b := range table.Bots {
				got[b.Bot] = b.Grade
			}
			for _, s := range append(table.Standings, *cmpOr(table.Bot, &standingJSON{})) {
				if s.Bot != "" {
					got[s.Bot] = s.Grade
				}
			}
			if len(got) != len(sums) {
				t.Fatalf("grades of %d players, the file has %d: %s", len(got), len(sums), last)
			}
			for name, s := range sums {
				if g := got[name]; g == nil || *g != *gradeJSONOf(s) {
					t.Errorf("%s: %+v, the file sums %+v", name, g, gradeJSONOf(s))
				}
			}
		})
	}
}

// cmpOr is p, or else q where p is nil.
func cmpOr[T any](p, q *T) *T {
	if p != nil {
		return p
	}
	return q
}

// -rate -grade uses the grades a line holds, grades the lines without,
// and shows the sums; without -grade, -rate reads a graded file as the
// same file ungraded, byte for byte.
func TestRateGrade(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	graded := filepath.Join(dir, "graded.jsonl")
	if status, _, stderr := runCapture([]string{"-x", "level2", "-o", "random", "-games", "10", "-seed", "5", "-grade", "0", "-out", graded}, ""); status != 0 {
		t.Fatal(stderr)
	}
	data, _ := os.ReadFile(graded)
	var mixed, bare strings.Builder
	for k, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatal(err)
		}
		ungraded := line
		if v["type"] == "game" {
			delete(v["x"].(map[string]any), "grade")
			delete(v["o"].(map[string]any), "grade")
			b, _ := json.Marshal(v)
			ungraded = string(b)
		}
		bare.WriteString(ungraded + "\n")
		if k%2 == 0 {
			mixed.WriteString(ungraded + "\n")
		} else {
			mixed.WriteString(line + "\n")
		}
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	mixedFile, bareFile := write("mixed.jsonl", mixed.String()), write("bare.jsonl", bare.String())
	want := gradeSums(gradedFile(t, graded))
	for _, file := range []string{graded, mixedFile, bareFile} {
		// Graded one game at a time and three at once, every table
		// is the same.
		var first string
		for _, jobs := range []string{"1", "3"} {
			status, out, stderr := runCapture([]string{"-rate", file, "-grade", "0", "-format", "json", "-jobs", jobs}, "")
			if status != 0 {
				t.Fatal(stderr)
			}
			var table tableJSON
			if err := json.Unmarshal([]byte(out), &table); err != nil {
				t.Fatal(err)
			}
			for _, s := range table.Standings {
				if s.Grade == nil || *s.Grade != *gradeJSONOf(want[s.Bot]) {
					t.Errorf("-rate %s -grade 0 -jobs %s: %s %+v, want %+v", filepath.Base(file), jobs, s.Bot, s.Grade, gradeJSONOf(want[s.Bot]))
				}
			}
			_, text, _ := runCapture([]string{"-rate", file, "-grade", "0", "-jobs", jobs}, "")
			if rows := tableRows(text, "rank "); len(rows) != 3 || !slices.Equal(rows[0][len(rows[0])-3:], gradeHeads) {
				t.Errorf("-rate %s -grade 0 -jobs %s's table:\n%s", filepath.Base(file), jobs, text)
			}
			if first == "" {
				first = out + text
			} else if out+text != first {
				t.Errorf("-rate %s -grade 0: -jobs %s gives\n%s\n-jobs 1 gives\n%s", filepath.Base(file), jobs, out+text, first)
			}
		}
	}
	_, plain, _ := runCapture([]string{"-rate", bareFile}, "")
	_, fromGraded, _ := runCapture([]string{"-rate", graded}, "")
	if plain != strings.ReplaceAll(fromGraded, "graded.jsonl", "bare.jsonl") || strings.Contains(plain, "perfect") {
		t.Errorf("-rate without -grade, ungraded:\n%s\ngraded:\n%s", plain, fromGraded)
	}
	// A line that fails its check while the games before it are graded
	// stops the run with the same message, at any -jobs.
	lines := strings.SplitAfter(bare.String(), "\n")
	lines[6] = strings.Replace(lines[6], `"record":"`, `"record":"9`, 1)
	broken := write("broken.jsonl", strings.Join(lines, ""))
	var firstErr string
	for _, jobs := range []string{"1", "3"} {
		status, out, stderr := runCapture([]string{"-rate", broken, "-grade", "0", "-jobs", jobs}, "")
		if status != 2 || out != "" || !strings.Contains(stderr, "broken.jsonl line 7: ") {
			t.Errorf("-rate of a broken line, -jobs %s: status %d, %q, %q", jobs, status, out, stderr)
		}
		if firstErr == "" {
			firstErr = stderr
		} else if stderr != firstErr {
			t.Errorf("-rate of a broken line: -jobs %s says %q, -jobs 1 %q", jobs, stderr, firstErr)
		}
	}
}

// A resumed run grades only the games it plays: the games kept before
// it keep the grades they had, none.
func TestGradeResume(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "r.jsonl")
	args := []string{"-x", "level2", "-o", "random", "-games", "6", "-seed", "9", "-out", file}
	if status, _, stderr := runCapture(args, ""); status != 0 {
		t.Fatal(stderr)
	}
	data, _ := os.ReadFile(file)
	lines := strings.SplitAfter(string(data), "\n")
	if err := os.WriteFile(file, []byte(strings.Join(lines[:4], "")), 0o644); err != nil { // the run line and 3 games
		t.Fatal(err)
	}
	kept := map[int]bool{}
	for _, rec := range gradedFile(t, file) {
		kept[rec.Number] = true
	}
	status, stdout, stderr := runCapture(append(args, "-grade", "0"), "")
	if status != 0 || !strings.Contains(stdout, "resuming: 3 of 6 games") {
		t.Fatalf("status %d: %s%s", status, stdout, stderr)
	}
	recs := gradedFile(t, file)
	if len(recs) != 6 {
		t.Fatalf("%d games in the file", len(recs))
	}
	for _, rec := range recs {
		if got, want := rec.X.Grade != nil, !kept[rec.Number]; got != want || (rec.O.Grade != nil) != want {
			t.Errorf("game %d: graded %v, want %v", rec.Number, got, want)
		}
	}
}

// A grade is no result, but what a line says of it must add up: every
// file is replayed when read, and a grade that its record contradicts
// is refused with what was wrong.
func TestGradeChecked(t *testing.T) {
	t.Parallel()
	line := `{"type":"game","game":"ttt","event":"match","number":1,"games":2,"pair":1,"seed":1,` +
		`"x":{"name":"a","moves":4,"grade":{"moves":4,"graded":4,"perfect":3,"blunders":1,"slips":0,"first_blunder":{"ply":3,"move":"2"}}},` +
		`"o":{"name":"b","moves":3,"grade":{"moves":3,"graded":3,"perfect":1,"blunders":2,"slips":0,"first_blunder":{"ply":2,"move":"1"}}},` +
		`"opening":"","record":"0123456","result":"1-0","winner":"X","end":"win"}`
	for _, c := range []struct{ name, from, to, want string }{
		{"whole", "", "", ""},
		{"moves", `"x":{"name":"a","moves":4,"grade":{"moves":4`, `"x":{"name":"a","moves":4,"grade":{"moves":5`, "X's grade counts 5 moves, but the record has 4"},
		{"sums", `"graded":4,"perfect":3,"blunders":1,"slips":0,"first_blunder":{"ply":3`, `"graded":4,"perfect":4,"blunders":1,"slips":0,"first_blunder":{"ply":3`, "add up to graded"},
		{"no first", `,"first_blunder":{"ply":2,"move":"1"}`, ``, "a first blunder is given when there are any"},
		{"other side's ply", `{"ply":3,"move":"2"}`, `{"ply":2,"move":"1"}`, `X's first blunder, ply 2 move "1"`},
		{"other move", `{"ply":3,"move":"2"}`, `{"ply":3,"move":"5"}`, `X's first blunder, ply 3 move "5"`},
		{"one side", `,"grade":{"moves":3,"graded":3,"perfect":1,"blunders":2,"slips":0,"first_blunder":{"ply":2,"move":"1"}}`, ``, "one side only"},
		{"interrupted", `"result":"1-0","winner":"X","end":"win"`, `"result":"*","winner":"","end":"interrupted"`, "not graded"},
	} {
		rec, _, err := parseRecordLine([]byte(strings.Replace(line, c.from, c.to, 1)))
		if err == nil {
			err = checkRecord(&rec)
		}
		if got := fmt.Sprint(err); c.want == "" && err != nil || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// Ctrl-C during a game's grading leaves it without grades, never with
// grades cut short: the game is kept, ungraded.
func TestGradeInterrupted(t *testing.T) {
	t.Parallel()
	spec := specNamed(t, "ttt")
	var zero time.Duration
	a := arena{spec: spec, reg: &declared, grade: &zero}
	g, err := spec.parseRecord("012345", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	grades, err := a.gradeOne(ctx, g, 0)
	if err != nil || grades == nil || grades[X].Blunders != 1 || grades[O].FirstBlunder == nil || grades[O].FirstBlunder.Ply != 2 {
		t.Fatalf("graded: %+v, %v", grades, err)
	}
	cancel()
	if grades, err := a.gradeOne(ctx, g, 0); grades != nil || err != nil {
		t.Errorf("graded after the stop: %+v, %v", grades, err)
	}
}

package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// -out adds to its file and never loses a game: a tournament stopped
// half way and rerun with the same flags onto its file plays only the
// games the file lacks, its tables covering them all, as one run's do;
// a third run has nothing left to play and prints the same tables; a
// run with another seed adds its games after the others.
func TestOutResumes(t *testing.T) {
	ctx := context.Background()
	whole, _ := tournamentRun(t, ctx, 0, 0, 0)
	_, stopped := tournamentRun(t, ctx, 0, 0, 5)
	path := filepath.Join(t.TempDir(), "games.jsonl")
	if err := os.WriteFile(path, []byte(stopped), 0o644); err != nil {
		t.Fatal(err)
	}
	finished := 0
	for _, r := range parseRecords(t, stopped) {
		if r.End != endInterrupted {
			finished++
		}
	}
	if finished == 0 || finished >= 18 {
		t.Fatalf("%d games finished before the stop, want some, not all 18", finished)
	}
	args := []string{"-game", "ttt", "-tournament", "random,minimax,alphabeta", "-games", "6", "-openings", "2", "-seed", "3", "-jobs", "2", "-out", path}
	runOnce := func(args ...string) string {
		t.Helper()
		var out, errOut strings.Builder
		if code := run(args, strings.NewReader(""), &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		return out.String()
	}
	lines := func() []string {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	}
	before := len(lines())

	second := runOnce(args...)
	if want := regexp.QuoteMeta("resuming: ") + `(\d+)` + regexp.QuoteMeta(" of 18 games already in "+path); !regexp.MustCompile(want).MatchString(second) ||
		!strings.Contains(second, "resuming: "+strconv.Itoa(finished)+" ") {
		t.Errorf("no line saying %d of 18 games are resumed:\n%s", finished, second)
	}
	if got := len(lines()); got != before+1+18-finished {
		t.Errorf("the file has %d lines after the rerun, want %d kept, the run line and %d played", got, before, 18-finished)
	}
	if maskTimes(tablesFrom(second)) != maskTimes(tablesFrom(whole)) {
		t.Errorf("the resumed run's tables:\n%s\none run's:\n%s", second, whole)
	}
	for i, r := range parseRecords(t, strings.Join(lines()[before:], "\n")) {
		if r.End == endInterrupted {
			t.Errorf("played record %d interrupted", i)
		}
	}

	third := runOnce(args...)
	if !strings.Contains(third, "resuming: 18 of 18 games") || len(lines()) != before+1+18-finished || tablesFrom(third) != tablesFrom(second) {
		t.Errorf("a rerun of a finished run played games or printed other tables:\n%s\nbefore:\n%s", third, second)
	}

	var resumed resumeJSON
	if err := json.Unmarshal([]byte(strings.Split(runOnce(append(args, "-format", "json")...), "\n")[1]), &resumed); err != nil ||
		resumed != (resumeJSON{Type: "resume", Games: 18, Of: 18, File: path}) {
		t.Errorf("-format json's resume line: %+v, %v", resumed, err)
	}

	kept := lines()
	runOnce(append(args, "-seed", "4")...)
	after := lines()
	if len(after) != len(kept)+1+18 || strings.Join(after[:len(kept)], "\n") != strings.Join(kept, "\n") {
		t.Errorf("another run's games should follow the %d kept: %d lines", len(kept), len(after))
	}
}

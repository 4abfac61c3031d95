package main

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeAnswers writes lines to a file of its own in dir.
func writeAnswers(t *testing.T, dir, name string, lines ...string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// The book of Adjacency's 8-round openings is the start's frontier at 2
// plies, solved: merged, it gives the start's value, -2 with X's 5, and
// the nodes and microseconds of all its solves. The 84 jobs of the
// minimal tree alone prove it; without the last of them, -merge lists
// what is still needed, that job first, each asked a bound (the value
// is at least -2: is it at least -1?), and exits 1.
func TestMergeAdjacencyBook(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	args := []string{"-game", "adj", "-analyze", "-split", "2", "-merge"}
	status, got, stderr := runLines(t, append(args, "adjbook8.txt"), "\n")
	if status != 0 || !slices.Equal(got, []string{"-2", "5", "648218174619", "5398704319"}) {
		t.Fatalf("status %d, %q\n%s", status, got, stderr)
	}
	_, jobs, _ := runLines(t, args[:5], "\n")
	data, err := os.ReadFile("adjbook8.txt")
	if err != nil {
		t.Fatal(err)
	}
	answers := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		answers[strings.Fields(line)[0]] = line
	}
	var first []string
	for _, job := range jobs[:84] {
		first = append(first, answers[job])
	}
	status, got, _ = runLines(t, append(args, writeAnswers(t, dir, "84", first...)), "\n")
	if status != 0 || !slices.Equal(got, []string{"-2", "5", "35082698621", "273352013"}) {
		t.Errorf("the minimal tree: status %d, %q", status, got)
	}
	status, got, stderr = runLines(t, append(args, writeAnswers(t, dir, "83", first[:83]...)), "\n")
	note := "boardbots: -merge: the start: not proved yet (its score is at least -2, asking whether it is at least -1); 83 of its 1506 frontier records answered, 29 still needed\n" +
		"boardbots: -merge: 1 of 1 position not proved yet: run the records listed, add their answers to the files, and merge again\n"
	if status != 1 || len(got) != 2*29 || got[0] != jobs[83] || got[1] != ">=-1" || stderr != note {
		t.Errorf("83 jobs: status %d, %d fields, the first %q (want %q >=-1)\n%s", status, len(got), got[:2], jobs[83], stderr)
	}
}

// Answers of any record of a class serve every record of it (here
// mirror images), answers missing from one file come from another, a
// broken line is skipped with a note, and the start is read with or
// without its "-" field. Answers that disagree, and -merge without
// -split, are refused before any work.
func TestMergeAnswers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c4 := []string{"-game", "c4", "-width", "5", "-height", "4", "-analyze", "-split", "1"}
	// The 5x4 start's replies to 3, as the solver answers them, 32 and
	// 31 as their mirror images 34 and 35.
	a := writeAnswers(t, dir, "a", "34 0 2 265 66", "35 -1 3 10 20")
	b := writeAnswers(t, dir, "b", "33 0 3 30 40", "33 0 3 9", "garbage")
	for _, tc := range []struct {
		args   []string
		stdin  string
		status int
		want   []string
		stderr string
	}{
		{append(c4, "-merge", a, b), "3\n", 0, []string{"3", "1", "1", "305", "126"},
			"boardbots: -merge: " + b + ": 2 lines are not answers of this game: skipped (the first at line 2)\n"},
		{append(c4, "-merge", a), "3\n", 1, []string{"33", ">=-1"},
			"boardbots: -merge: 3: not proved yet (its score is at least 1, asking whether it is at least 2); 2 of its 3 frontier records answered, 1 still needed\n" +
				"boardbots: -merge: 1 of 1 position not proved yet: run the records listed, add their answers to the files, and merge again\n"},
		{append(c4, "-merge", writeAnswers(t, dir, "start", "- 0 3 5877 2046")), "\n3\n", 1, []string{"0", "3", "5877", "2046", "32", ">=1", "31", ">=1", "33", ">=1"}, ""},
		{append(c4, "-merge", writeAnswers(t, dir, "old", "0 3 5877 2046")), "\n", 0, []string{"0", "3", "5877", "2046"}, ""},
		{append(c4, "-merge", writeAnswers(t, dir, "won", "1212 0 9 0 0")), "1212121\n", 0, []string{"1212121", "-7", "-", "0", "0"},
			"boardbots: -merge: " + filepath.Join(dir, "won") + ": 1 line is not an answer of this game: skipped (the first at line 1)\n"},
		{append(c4, "-merge", a, writeAnswers(t, dir, "other", "32 1 2 265 66")), "3\n", 2, nil,
			"boardbots: -merge: " + a + ":1 answers 34 0, but " + filepath.Join(dir, "other") + ":1 answers 32 1: were they solved by one exact bot?\n"},
		{[]string{"-game", "c4", "-analyze", "-merge", a}, "\n", 2, nil,
			"boardbots: -merge: give -split PLIES too, the plies the positions were split at\n"},
	} {
		status, got, stderr := runLines(t, tc.args, tc.stdin)
		if status != tc.status || !slices.Equal(got, tc.want) || !strings.HasSuffix(stderr, tc.stderr) {
			t.Errorf("%v on %q: status %d, %q\n%s\nwant %d, %q\n%s", tc.args, tc.stdin, status, got, stderr, tc.status, tc.want, tc.stderr)
		}
	}
}

// The loop of docs/solving.md, as written there but for the game: the
// merge lists bounded jobs, xargs runs them two at a time, each line a
// fresh process of the program, their answers appended to one file,
// until the merge proves the direct solve's value.
func TestMergeXargs(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("xargs"); err != nil {
		t.Skip("no xargs")
	}
	c4 := []string{"-game", "c4", "-width", "5", "-height", "4", "-analyze"}
	direct, _ := runProgram(t, c4, "\n")
	loop := `touch answers.txt
until printf '\n' | "$BB" -game c4 -width 5 -height 4 -analyze -split 2 -merge answers.txt > todo.txt 2> /dev/null; do
  n=$((n + 1)); [ "$n" -le 10 ] || exit 3
  head -20 todo.txt | xargs -P 2 -L 1 sh -c 'printf "%s\n" "$*" | "$BB" -game c4 -width 5 -height 4 -analyze -bot solver -jobs 1' sh >> answers.txt
done
cat todo.txt`
	cmd := exec.Command("sh", "-c", loop)
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), programEnv+"=1", "BB="+os.Args[0])
	out, err := cmd.Output()
	// Both name the start "-", and agree on its score.
	merged, want := strings.Fields(string(out)), strings.Fields(direct)
	if err != nil || len(merged) != 5 || len(want) != 5 || merged[0] != startField || !slices.Equal(merged[:2], want[:2]) {
		t.Errorf("merged %q (%v), the direct solve %q", merged, err, want)
	}
}

// The jobs -merge lists are all a proof needs: from random sets of exact
// answers known on Connect Four's 5 x 4 board split at 3 plies, the
// loop that answers only the bounded jobs listed asks something new each
// round and ends, in a few rounds, with the direct solve's value.
func TestMergeNeeded(t *testing.T) {
	t.Parallel()
	game := []string{"-game", "c4", "-width", "5", "-height", "4"}
	analyze := append(slices.Clone(game), "-analyze", "-bot", "solver", "-jobs", "1")
	_, direct, _ := runLines(t, analyze, "\n")
	_, jobs, _ := runLines(t, append(slices.Clone(game), "-analyze", "-split", "3"), "\n")
	rng := rand.New(rand.NewPCG(56, 0))
	for trial := range 20 {
		var known []string
		for _, r := range jobs {
			if rng.IntN(10) < trial%10 {
				known = append(known, r)
			}
		}
		if got, _ := mergeLoop(t, game, analyze, "3", known); got[0] != direct[0] {
			t.Fatalf("trial %d: %d known: merged %q, the direct solve %q", trial, len(known), got, direct)
		}
	}
}

package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// A line with a bound asks only whether the score reaches it: the
// exact solvers answer with the bound their null-window search proved
// (fail-soft, so sometimes more than asked), a move that keeps a lower
// bound, none for an upper one. A finished position answers exactly; a
// bad bound, or a bot with no null-window test, answers an error line.
func TestAnalyzeBound(t *testing.T) {
	t.Parallel()
	c4 := []string{"-game", "c4", "-width", "5", "-height", "4", "-analyze", "-jobs", "1"}
	adj := []string{"-game", "adj", "-rounds", "3", "-analyze", "-jobs", "1", "-bot", "alphabeta:book=off:time=0"}
	for _, tc := range []struct {
		args  []string
		stdin string
		want  []string // each answer's first three fields, or its whole error line
	}{
		// The 5 x 4 start is a draw (0), best move 3.
		{c4, "- >=0\n- >=1\n- <=0\n3 >=-5\n1212121 >=0\n- >=x\n", []string{"- >=0 3", "- <=0 -", "- <=0 -", "3 >=0 3", "1212121 -7 -",
			`- error: bad bound ">=x": a bound is >=N or <=N, N a whole number from -1048576 to 1048576`}},
		{append(slices.Clone(c4), "-format", "json"), "- <=-1\n", []string{`{"position":"-","bound":">=","score":0,"move":"3",`}},
		{append(slices.Clone(c4), "-bot", "alphabeta"), "- >=0\n", []string{
			"- error: alphabeta cannot answer a bound (a line with >=N or <=N): run it with the game's exact solver (docs/solving.md)"}},
		// Adjacency with 3 rounds: the start is worth 0, best move 5.
		{adj, "- >=-2\n- >=2\n- <=-2\n", []string{"- >=-2 5", "- <=0 -", "- >=0 5"}},
		{[]string{"-game", "adj", "-rounds", "3", "-analyze", "-bot", "minimax"}, "- >=0\n", []string{
			"- error: minimax did not prove the bound: run it with the game's exact solver (docs/solving.md)"}},
	} {
		var out, errOut strings.Builder
		if status := run(tc.args, strings.NewReader(tc.stdin), &out, &errOut); status != 0 {
			t.Fatalf("%v: status %d\n%s", tc.args, status, errOut.String())
		}
		var got []string
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			if f := strings.Fields(line); len(f) == 5 {
				line = strings.Join(f[:3], " ")
			}
			got = append(got, line)
		}
		for i, w := range tc.want {
			if i >= len(got) || !strings.HasPrefix(got[i], w) {
				t.Errorf("%v on %q: answer %d: %q, want %q", tc.args, tc.stdin, i+1, got, w)
				break
			}
		}
	}
}

// The loop of docs/solving.md, in process: merge, answer the jobs
// listed (each a bounded line, answered by the game's exact solver),
// merge again, until the value is proved. It ends in a few rounds with
// the direct solve's value, on Connect Four's 5 x 4 board at 2 and 3
// plies and Adjacency's 4 rounds at 2, whether the answers known at
// first are none or exact ones (an old answer file) for some jobs.
func TestMergeBounded(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game  []string
		bot   string
		plies string
	}{
		{[]string{"-game", "c4", "-width", "5", "-height", "4"}, "solver", "2"},
		{[]string{"-game", "c4", "-width", "5", "-height", "4"}, "solver", "3"},
		{[]string{"-game", "c4", "-width", "4", "-height", "4"}, "solver", "3"},
		{[]string{"-game", "adj", "-rounds", "4"}, "alphabeta:book=off:time=0", "2"},
	} {
		analyze := append(slices.Clone(tc.game), "-analyze", "-jobs", "1", "-bot", tc.bot)
		_, direct, _ := runLines(t, analyze, "\n")
		_, jobs, _ := runLines(t, append(slices.Clone(tc.game), "-analyze", "-split", tc.plies), "\n")
		for _, exact := range []int{0, 1, 3} { // every so many jobs answered exactly first
			var lines []string
			for i, job := range jobs {
				if exact > 0 && i%exact == 0 {
					lines = append(lines, job)
				}
			}
			merged, _ := mergeLoop(t, tc.game, analyze, tc.plies, lines)
			if merged[0] != direct[0] {
				t.Errorf("%v, %d exact first: merged %q, the direct solve %q", tc.game, exact, merged, direct)
			}
		}
	}
}

// mergeLoop runs the loop of docs/solving.md in process, from the
// answers of the exact jobs given: merge, answer the bounded jobs
// listed with analyze, merge again. It returns the merged answer's
// fields and the rounds it took. Each round must ask something new:
// the root's bounds or the bound asked change.
func mergeLoop(t *testing.T, game, analyze []string, plies string, exact []string) ([]string, int) {
	t.Helper()
	answers := ""
	if len(exact) > 0 {
		answers = answerLines(t, analyze, strings.Join(exact, "\n"))
	}
	dir := t.TempDir()
	last := ""
	for round := 0; ; round++ {
		merge := append(slices.Clone(game), "-analyze", "-split", plies, "-merge", writeAnswers(t, dir, "answers", answers))
		var out, errOut strings.Builder
		status := run(merge, strings.NewReader("\n"), &out, &errOut)
		if status == 0 {
			return strings.Fields(strings.TrimPrefix(out.String(), "- ")), round
		}
		note, _, _ := strings.Cut(errOut.String(), ";")
		if status != 1 || note == last || round == 8 {
			t.Fatalf("%v, %d exact first: round %d: status %d\n%s", merge, len(exact), round, status, errOut.String())
		}
		last = note
		for _, job := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			if f := strings.Fields(job); len(f) != 2 || !strings.HasPrefix(f[1], ">=") {
				t.Fatalf("listed %q: no bounded job", job)
			}
		}
		answers += "\n" + answerLines(t, analyze, out.String())
	}
}

// answerLines is -analyze's answer to the job lines given.
func answerLines(t *testing.T, analyze []string, jobs string) string {
	t.Helper()
	var out, errOut strings.Builder
	if status := run(analyze, strings.NewReader(jobs+"\n"), &out, &errOut); status != 0 || strings.Contains(out.String(), "error") {
		t.Fatalf("%v: status %d\n%s%s", analyze, status, out.String(), errOut.String())
	}
	return strings.TrimSpace(out.String())
}

// A bound that contradicts an answer read before is refused, as two
// exact answers that disagree are, naming both lines.
func TestMergeBoundConflict(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c4 := []string{"-game", "c4", "-width", "5", "-height", "4", "-analyze", "-split", "1", "-merge"}
	exact := writeAnswers(t, dir, "exact", "34 0 2 265 66")
	for _, tc := range []struct{ lines, stderr string }{
		{"32 >=1 2 5 5", exact + ":1 answers 34 0, but %s:1 answers 32 >=1"},
		{"34 <=-1 - 5 5", exact + ":1 answers 34 0, but %s:1 answers 34 <=-1"},
		{"34 >=0 2 5 5\n34 <=1 - 5 5\n34 <=-1 - 5 5", exact + ":1 answers 34 0, but %s:3 answers 34 <=-1"},
	} {
		bound := writeAnswers(t, dir, "bound", tc.lines)
		status, _, stderr := runLines(t, append(slices.Clone(c4), exact, bound), "3\n")
		want := "boardbots: -merge: " + fmt.Sprintf(tc.stderr, bound) + ": were they solved by one exact bot?\n"
		if status != 2 || stderr != want {
			t.Errorf("%q: status %d, %q, want %q", tc.lines, status, stderr, want)
		}
	}
	// Bounds alone, one against the other; and bounds that agree with
	// the exact answer merge.
	a := writeAnswers(t, dir, "a", "34 >=1 2 5 5")
	b := writeAnswers(t, dir, "b", "34 <=0 - 5 5")
	if status, _, stderr := runLines(t, append(slices.Clone(c4), a, b), "3\n"); status != 2 ||
		stderr != "boardbots: -merge: "+a+":1 answers 34 >=1, but "+b+":1 answers 34 <=0: were they solved by one exact bot?\n" {
		t.Errorf("two bounds: status %d, %q", status, stderr)
	}
	agree := writeAnswers(t, dir, "agree", "34 >=-3 2 5 5", "34 <=0 - 5 5", "35 -1 3 10 20", "33 0 3 30 40")
	if status, got, stderr := runLines(t, append(slices.Clone(c4), exact, agree), "3\n"); status != 0 || !slices.Equal(got, []string{"3", "1", "1", "315", "136"}) {
		t.Errorf("bounds that agree: status %d, %q\n%s", status, got, stderr)
	}
}

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// -trace-out: every trace goes to the file, standard output is what it is
// without -trace (so -analyze's answers parse as answers), and each trace
// names its position, its bot and the move chosen: a DOT graph in its
// label, a JSON line in its fields.
func TestTraceOut(t *testing.T) {
	dir := t.TempDir()
	positions := "\n048\n40\n"
	plain := analyzeAnswers(t, runOK(t, positions, "-analyze", "-bot", "alphabeta"))
	for _, format := range traceFormats {
		t.Run("analyze "+format, func(t *testing.T) {
			file := filepath.Join(dir, "analyze."+format)
			out := runOK(t, positions, "-analyze", "-bot", "alphabeta", "-trace", "2", "-trace-format", format, "-trace-out", file)
			if got := analyzeAnswers(t, out); strings.Join(got, "\n") != strings.Join(plain, "\n") {
				t.Errorf("stdout with -trace-out:\n%s\nwant the answers alone:\n%s", out, strings.Join(plain, "\n"))
			}
			traces, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			// The answers' positions and moves, as the traces must name them.
			var want [][2]string
			for _, a := range plain {
				f := strings.Fields(a)
				if f[0] == "-" { // the start, which a trace names by its record, ""
					f[0] = ""
				}
				want = append(want, [2]string{f[0], f[2]})
			}
			checkTraceFile(t, format, string(traces), want)
		})
	}
	// A game: one trace a bot move, the board's lines alone on stdout.
	file := filepath.Join(dir, "game.dot")
	args := []string{"-x", "alphabeta", "-o", "alphabeta", "-depth", "2", "-seed", "1"}
	bare := runOK(t, "", args...)
	out := runOK(t, "", append(args, "-trace", "1", "-trace-format", "dot", "-trace-out", file)...)
	if out != bare {
		t.Errorf("a game's stdout with -trace-out:\n%s\nwant as without -trace:\n%s", out, bare)
	}
	record := regexp.MustCompile(`(?m)^moves: (\d+)$`).FindStringSubmatch(out)
	if record == nil {
		t.Fatalf("no record in:\n%s", out)
	}
	var want [][2]string
	for i := range record[1] {
		want = append(want, [2]string{record[1][:i], record[1][i : i+1]})
	}
	traces, _ := os.ReadFile(file)
	checkTraceFile(t, "dot", string(traces), want)
	// Graphviz renders every graph of the file, where it is installed.
	if _, err := exec.LookPath("dot"); err != nil {
		t.Log("Graphviz's dot not found: the file is not rendered here")
		return
	}
	if msg, err := exec.Command("dot", "-Tsvg", "-O", file).CombinedOutput(); err != nil {
		t.Fatalf("dot -Tsvg -O: %v\n%s", err, msg)
	}
	if svgs, _ := filepath.Glob(file + "*.svg"); len(svgs) != len(want) {
		t.Errorf("dot made %d pictures of %d graphs: %v", len(svgs), len(want), svgs)
	}
}

// runOK runs the program on stdin and returns its stdout; stderr must
// stay empty.
func runOK(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	status, out, errText := runCapture(args, stdin)
	if status != 0 || errText != "" {
		t.Fatalf("%v: status %d, stderr %q", args, status, errText)
	}
	return out
}

// analyzeAnswers parses -analyze's text output: every line an answer,
// [position] score move nodes microseconds, all numbers; the answers come
// back without their microseconds, which the clock decides.
func analyzeAnswers(t *testing.T, out string) []string {
	t.Helper()
	answer := regexp.MustCompile(`^((?:-|\d+) -?\d+ \d+ \d+) \d+$`)
	var answers []string
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		m := answer.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("not an answer line: %q in\n%s", line, out)
		}
		answers = append(answers, m[1])
	}
	return answers
}

// checkTraceFile parses a file of traces in format and checks that it
// holds one a decision, in order, each naming the position and move of
// want.
func checkTraceFile(t *testing.T, format, text string, want [][2]string) {
	t.Helper()
	type named struct{ position, move string }
	var got []named
	switch format {
	case "dot":
		graphs, err := parseDOT(text)
		if err != nil {
			t.Fatalf("the file is no DOT: %v\n%s", err, text)
		}
		title := regexp.MustCompile(`^position (\S*)(?: \(the start\))?: alphabeta plays (\S+)\\l`)
		for _, g := range graphs {
			m := title.FindStringSubmatch(g.graph["label"])
			if m == nil {
				t.Fatalf("a graph's label does not name its decision: %q", g.graph["label"])
			}
			got = append(got, named{strings.TrimPrefix(m[1], "-"), m[2]})
		}
	case "json":
		for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			var tr struct {
				Bot, Position string
				Move          string `json:"played"`
				Root          *jsonNode
			}
			if err := json.Unmarshal([]byte(line), &tr); err != nil || tr.Root == nil || tr.Bot != "alphabeta" {
				t.Fatalf("not a JSON trace (%v): %s", err, line)
			}
			got = append(got, named{tr.Position, tr.Move})
		}
	default:
		for _, block := range strings.Split(text, "trace: alphabeta searched")[1:] {
			if !strings.Contains(block, "\nroot ") {
				t.Errorf("an outline without its root: %q", block)
			}
			got = append(got, named{"?", "?"}) // an outline names no position
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d traces, want %d:\n%s", len(got), len(want), text)
	}
	for i, w := range want {
		if format != "text" && (got[i].position != w[0] || got[i].move != w[1]) {
			t.Errorf("trace %d names position %q, move %q; want %q, %q", i+1, got[i].position, got[i].move, w[0], w[1])
		}
	}
}

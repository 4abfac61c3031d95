package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// knobRead finds a test's environment knob: a literal variable name given
// to envInt, envOr or os.Getenv.
var knobRead = regexp.MustCompile(`(?:envInt\([a-z]+, |envOr\(|os\.Getenv\()"([A-Z][A-Z0-9_]+)"`)

// TestDevelopmentDocKnobs keeps docs/development.md's table of the
// benchmarks' environment knobs and the tests in step: every variable a
// test reads is in the table, every row names a variable a test reads,
// and every benchmark a row names exists.
func TestDevelopmentDocKnobs(t *testing.T) {
	read := map[string]bool{}
	benches := map[string]bool{}
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range knobRead.FindAllSubmatch(src, -1) {
			read[string(m[1])] = true
		}
		for _, m := range regexp.MustCompile(`func (Benchmark\w+)\(`).FindAllSubmatch(src, -1) {
			benches[string(m[1])] = true
		}
	}
	doc, err := os.ReadFile("docs/development.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(doc), "<!-- knobs -->\n")
	table, _, ok2 := strings.Cut(table, "<!-- /knobs -->")
	if !ok || !ok2 {
		t.Fatal("docs/development.md has no <!-- knobs --> table")
	}
	listed := map[string]bool{}
	for _, row := range strings.Split(strings.TrimSpace(table), "\n")[2:] {
		cells := strings.Split(row, " | ")
		if len(cells) != 3 {
			t.Errorf("knob row %q: want | variable | read by | what it sets |", row)
			continue
		}
		name := strings.Trim(cells[0], "| `")
		listed[name] = true
		if !read[name] {
			t.Errorf("docs/development.md lists %s, which no test reads", name)
		}
		for _, m := range regexp.MustCompile("`(Benchmark\\w+)`").FindAllStringSubmatch(cells[1], -1) {
			if !benches[m[1]] {
				t.Errorf("docs/development.md: %s is read by %s, which is not a benchmark", name, m[1])
			}
		}
	}
	var missing []string
	for name := range read {
		if !listed[name] {
			missing = append(missing, name)
		}
	}
	slices.Sort(missing)
	for _, name := range missing {
		t.Errorf("a test reads %s, which docs/development.md's table of knobs does not list", name)
	}
	if len(read) < 20 {
		t.Errorf("found %d knobs read by the tests: the pattern no longer finds them", len(read))
	}
}

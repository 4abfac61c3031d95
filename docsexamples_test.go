package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The docs' examples are run and compared (docs/development.md,
// "Examples the tests run", says how a page marks one). A code block, fenced or
// indented, whose first line starts with "$ " is an example: each "$ "
// line is a command, the lines after it, to the next "$ " line or the
// block's end, its output. A command is
//
//	[printf 'FORMAT' | echo WORDS | head -N FILE | cat FILE |] go run . ARGS [| tail -N] [| head -N] [# comment]
//
// or head -N FILE alone, which shows the file's first lines. It is run
// without a shell: the program runs on ARGS in a process of its own
// (runProgram), with the input made from the first part. A block right
// after a line "<!-- not run: REASON -->" is not run. Before comparing, both sides are
// masked: durations (5µs, 1.2s), rates (8503/s), -analyze's microseconds,
// the ms/move column of a match's table, and engine log directories. A
// line "..." in the page stands for any lines, none included, and a line
// ending in "..." for any line that starts with what comes before.

// docExample is one command of a page and the output the page shows.
type docExample struct {
	page    string
	line    int // the command's line in the page, from 1
	command string
	want    []string
}

// docPages are the pages whose examples are run.
func docPages(t *testing.T) []string {
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"README.md"}, pages...)
}

// docBlocks reads a page's code blocks that are examples, each as its
// lines and the line number of its first, leaving out those marked not run.
func docBlocks(text string) (blocks [][]string, starts []int) {
	lines := strings.Split(text, "\n")
	notRun := func(i int) bool { // the block opening at line i is marked
		for j := i - 1; j >= 0 && j >= i-2; j-- {
			if strings.HasPrefix(strings.TrimSpace(lines[j]), "<!-- not run:") {
				return true
			}
		}
		return false
	}
	for i := 0; i < len(lines); i++ {
		var block []string
		start := i + 1
		switch {
		case strings.HasPrefix(strings.TrimLeft(lines[i], " "), "```"):
			// A fence may be indented (in a list item): its lines lose
			// the fence's indent.
			indent := lines[i][:len(lines[i])-len(strings.TrimLeft(lines[i], " "))]
			skip := notRun(i)
			for i++; i < len(lines) && !strings.HasPrefix(strings.TrimLeft(lines[i], " "), "```"); i++ {
				block = append(block, strings.TrimPrefix(lines[i], indent))
			}
			start++
			if skip {
				continue
			}
		case strings.HasPrefix(lines[i], "    $ ") && (i == 0 || strings.TrimSpace(lines[i-1]) == "" || notRun(i)):
			skip := notRun(i)
			for ; i < len(lines) && (strings.HasPrefix(lines[i], "    ") || lines[i] == "" && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "    ")); i++ {
				block = append(block, strings.TrimPrefix(lines[i], "    "))
			}
			i--
			if skip {
				continue
			}
		default:
			continue
		}
		if len(block) > 0 && strings.HasPrefix(block[0], "$ ") {
			blocks, starts = append(blocks, block), append(starts, start)
		}
	}
	return blocks, starts
}

// docExamples are the examples of the pages, each command apart.
func docExamples(t *testing.T) []docExample {
	var all []docExample
	for _, page := range docPages(t) {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		blocks, starts := docBlocks(string(text))
		for b, block := range blocks {
			for i, line := range block {
				if !strings.HasPrefix(line, "$ ") {
					all[len(all)-1].want = append(all[len(all)-1].want, line)
					continue
				}
				all = append(all, docExample{page: page, line: starts[b] + i, command: strings.TrimPrefix(line, "$ ")})
			}
		}
	}
	return all
}

// docCommand is a command read: the program's arguments, its input, and
// the lines of output kept.
type docCommand struct {
	args []string
	// show, for a command that only shows a file (head -N FILE), is
	// what it shows; the program does not run.
	show       string
	stdin      string
	tail, head int // 0: all
}

// pipeParts splits a command at its unquoted "|"s, and drops a comment
// (an unquoted "#" at a word's start).
func pipeParts(s string) []string {
	var parts []string
	var quote byte
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				i++
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '\\':
			i++
		case c == '|':
			parts = append(parts, strings.TrimSpace(s[start:i]))
			start = i + 1
		case c == '#' && (i == 0 || s[i-1] == ' '):
			return append(parts, strings.TrimSpace(s[start:i]))
		}
	}
	return append(parts, strings.TrimSpace(s[start:]))
}

// parseDocCommand reads a command of the form the tests run.
func parseDocCommand(s string) (docCommand, error) {
	var c docCommand
	parts := pipeParts(s)
	var words [][]string
	for _, p := range parts {
		w, err := splitCommand(p)
		if err != nil {
			return c, fmt.Errorf("%q: %v", p, err)
		}
		words = append(words, w)
	}
	if len(words) == 1 && words[0][0] != "go" {
		var err error
		c.show, err = docInput(words[0])
		return c, err
	}
	if len(words) > 1 && words[0][0] != "go" {
		input, err := docInput(words[0])
		if err != nil {
			return c, err
		}
		c.stdin, words = input, words[1:]
	}
	if w := words[0]; len(w) < 3 || w[0] != "go" || w[1] != "run" || w[2] != "." {
		return c, fmt.Errorf("%q: a command the tests run is go run . ARGS", parts[0])
	}
	c.args = words[0][3:]
	for _, w := range words[1:] {
		n, err := 0, error(nil)
		if len(w) == 2 && strings.HasPrefix(w[1], "-") {
			n, err = strconv.Atoi(w[1][1:])
		}
		switch {
		case len(w) != 2 || err != nil || n <= 0:
			return c, fmt.Errorf("%q: after go run, only | tail -N and | head -N", strings.Join(w, " "))
		case w[0] == "tail":
			c.tail = n
		case w[0] == "head":
			c.head = n
		default:
			return c, fmt.Errorf("%q: after go run, only | tail -N and | head -N", strings.Join(w, " "))
		}
	}
	return c, nil
}

// docInput is what a command's first part writes to the program.
func docInput(w []string) (string, error) {
	switch {
	case w[0] == "printf" && len(w) == 2:
		r := strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\\`, `\`, "%%", "%")
		return r.Replace(w[1]), nil
	case w[0] == "echo":
		return strings.Join(w[1:], " ") + "\n", nil
	case w[0] == "cat" && len(w) == 2:
		b, err := os.ReadFile(w[1])
		return string(b), err
	case w[0] == "head" && len(w) == 3 && strings.HasPrefix(w[1], "-"):
		n, err := strconv.Atoi(w[1][1:])
		b, ferr := os.ReadFile(w[2])
		if err != nil || ferr != nil {
			return "", fmt.Errorf("%q: %v %v", strings.Join(w, " "), err, ferr)
		}
		lines := strings.SplitAfter(string(b), "\n")
		return strings.Join(lines[:min(n, len(lines))], ""), nil
	}
	return "", fmt.Errorf("%q: the input the tests make is printf 'FORMAT', echo WORDS, cat FILE or head -N FILE", strings.Join(w, " "))
}

// Masks: what the clock decides in an example's output.
var (
	maskDuration = regexp.MustCompile(`\b\d+(\.\d+)?(ns|µs|us|ms|s|m|h)\b`)
	maskRate     = regexp.MustCompile(`\(\d+(\.\d+)?/s\)`)
	maskJSONUs   = regexp.MustCompile(`"us":\d+`)
	maskLogDir   = regexp.MustCompile(`\S*/boardbots-\d+/`)
	maskMsMove   = regexp.MustCompile(`\b\d+\.\d\d\b`)
	maskAnswer   = regexp.MustCompile(`^(\S+ )?((?:[<>]=)?-?\d+ \S+ \d+ )\d+((?: (?:-?\d+|-))*)$`)
)

// maskLines masks the clock's part of output lines of a command run with
// args.
func maskLines(lines []string, args []string) []string {
	analyze, textFormat := false, true
	for i, a := range args {
		analyze = analyze || a == "-analyze"
		if a == "-format" && i+1 < len(args) && args[i+1] == "json" {
			textFormat = false
		}
	}
	out := make([]string, len(lines))
	inTable := false
	for i, l := range lines {
		if analyze && textFormat {
			l = maskAnswer.ReplaceAllString(l, "${1}${2}US${3}")
		}
		inTable = inTable && strings.TrimSpace(l) != "" || strings.Contains(l, "ms/move")
		if inTable { // the column's width follows its values: spaces too
			l = strings.Join(strings.Fields(maskMsMove.ReplaceAllString(l, "MS")), " ")
		}
		l = maskDuration.ReplaceAllString(l, "TIME")
		l = maskRate.ReplaceAllString(l, "(RATE/s)")
		l = maskJSONUs.ReplaceAllString(l, `"us":US`)
		out[i] = maskLogDir.ReplaceAllString(l, "LOGDIR/")
	}
	return out
}

// docMatch compares output lines with the page's, "..." standing for any
// lines; it returns "" or what differs.
func docMatch(got, want []string) string {
	var match func(g, w int) bool
	match = func(g, w int) bool {
		switch {
		case w == len(want):
			return g == len(got)
		case strings.TrimSpace(want[w]) == "...":
			for k := g; k <= len(got); k++ {
				if match(k, w+1) {
					return true
				}
			}
			return false
		case g == len(got):
			return false
		case strings.HasSuffix(want[w], "...") && len(want[w]) > 3:
			if !strings.HasPrefix(got[g], strings.TrimSuffix(want[w], "...")) {
				return false
			}
		case got[g] != want[w]:
			return false
		}
		return match(g+1, w+1)
	}
	for len(want) > 0 && strings.TrimSpace(want[len(want)-1]) == "" {
		want = want[:len(want)-1] // the blank lines before a block's end
	}
	if match(0, 0) {
		return ""
	}
	for i := range max(len(got), len(want)) {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			return fmt.Sprintf("first difference at output line %d:\n  page: %q\n  got:  %q", i+1, w, g)
		}
	}
	return "the page's ... lines do not fit"
}

// runProgram runs the program in a process of its own (the test binary,
// as programEnv makes it), on args and stdin, without a shell; it returns
// its stdout and stderr.
func runProgram(t *testing.T, args []string, stdin string) (string, string) {
	t.Helper()
	_, out, errOut := runAsProgram(t, args, stdin)
	return out, errOut
}

// Every example of README.md and docs/ that does not depend on the clock
// gives the output its page shows.
func TestDocExamples(t *testing.T) {
	t.Parallel() // its processes are its own and it reads no clock: runs beside the others at the end
	examples := docExamples(t)
	if len(examples) < 10 {
		t.Fatalf("only %d examples found", len(examples))
	}
	for _, ex := range examples {
		t.Run(fmt.Sprintf("%s:%d", ex.page, ex.line), func(t *testing.T) {
			t.Parallel() // each in a process of its own, which waits on little else
			c, err := parseDocCommand(ex.command)
			if err != nil {
				t.Fatalf("%s:%d: %v (mark the block <!-- not run: REASON --> if it cannot run)", ex.page, ex.line, err)
			}
			out, errText := c.show, ""
			if c.args != nil {
				out, errText = runProgram(t, c.args, c.stdin)
			}
			// stderr first: its lines (a refusal, a warning) come before
			// anything else the program prints.
			lines := strings.Split(strings.TrimSuffix(errText+out, "\n"), "\n")
			if c.tail > 0 && len(lines) > c.tail {
				lines = lines[len(lines)-c.tail:]
			}
			if c.head > 0 && len(lines) > c.head {
				lines = lines[:c.head]
			}
			if d := docMatch(maskLines(lines, c.args), maskLines(ex.want, c.args)); d != "" {
				t.Errorf("%s:%d: $ %s\n%s\nthe whole output:\n%s", ex.page, ex.line, ex.command, d, strings.Join(lines, "\n"))
			}
		})
	}
}

// The masks keep what the clock does not decide: a table whose ms/move
// column grew a digit still matches, a node count that changed does not.
func TestDocMasks(t *testing.T) {
	page := []string{"        bot  wins  ms/move  nodes/move", "  alphabeta     4     0.89        8453", "       mcts     2     1.68        2277"}
	got := []string{"        bot  wins  ms/move  nodes/move", "  alphabeta     4     7.00        8453", "       mcts     2    12.68        2277"}
	if d := docMatch(maskLines(got, nil), maskLines(page, nil)); d != "" {
		t.Errorf("a wider ms/move column: %s", d)
	}
	got[2] = "       mcts     2    12.68        2278"
	if docMatch(maskLines(got, nil), maskLines(page, nil)) == "" {
		t.Error("a node count changed, and the page still matches")
	}
	answers := []string{"048 0 1 282 157", "0 0 17711 1059", "X alphabeta: move 3, score -510, depth 3, nodes 11, time 18µs, expects 33"}
	want := []string{"048 0 1 282 US", "0 0 17711 US", "X alphabeta: move 3, score -510, depth 3, nodes 11, time TIME, expects 33"}
	if got := maskLines(answers, []string{"-analyze"}); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("masked %q, want %q", got, want)
	}
}

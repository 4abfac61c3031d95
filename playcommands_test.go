package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// docs/playing.md's table of commands is the prompt's, row for row, in
// its order: every command with every short form and its argument.
func TestPlayingDocCommands(t *testing.T) {
	page, err := os.ReadFile("docs/playing.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| (`[^|]+`) \\| [^|]+ \\|$")
	var got []string
	for _, m := range row.FindAllStringSubmatch(string(page), -1) {
		got = append(got, m[1])
	}
	var want []string
	for _, c := range promptCommands() {
		words := slices.Clone(c.words)
		words[0] = strings.TrimSpace(words[0] + " " + c.arg)
		want = append(want, "`"+strings.Join(words, "`, `")+"`")
	}
	if !slices.Equal(got, want) {
		t.Errorf("docs/playing.md's commands:\n%s\nthe prompt's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A line names a command by its first word, in any case; a command that
// takes no argument is no command with one.
func TestFindCommand(t *testing.T) {
	for _, tc := range []struct {
		line, word, arg string
		ok              bool
	}{
		{"undo", "undo", "", true},
		{"  U ", "undo", "", true},
		{"load 4453", "load", "4453", true},
		{"LOAD   44 53", "load", "44 53", true},
		{"load", "load", "", true},
		{"undo 3", "", "", false},
		{"?", "help", "", true},
		{"4", "", "", false},
		{"hint please", "", "", false},
	} {
		c, arg, ok := findCommand(tc.line)
		if ok != tc.ok || ok && (c.words[0] != tc.word || arg != tc.arg) {
			t.Errorf("%q: %v %q %v, want %q %q %v", tc.line, c.words, arg, ok, tc.word, tc.arg, tc.ok)
		}
	}
}

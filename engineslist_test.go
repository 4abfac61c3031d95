package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// A class list declares its engines as -engine flags would: five
// students' engines with 30-character names play a tournament, and its
// crosstable fits 80 columns. The standings keep the names whole in a
// pipe or a file, for the scripts that read them.
func TestEngineListTournament(t *testing.T) {
	if _, err := os.Stat("/usr/bin/env"); err != nil {
		t.Skip("no /usr/bin/env to set the fixture's variable")
	}
	var list strings.Builder
	list.WriteString("# class of 2026\n\n")
	var names []string
	for i := range 5 {
		name := fmt.Sprintf("student-%02d-", i+1)
		name += strings.Repeat("abcde"[i:i+1], 30-len(name))
		names = append(names, name)
		fmt.Fprintf(&list, "%s = /usr/bin/env %s=good %s\n", name, fixtureEnv, shellQuote(os.Args[0]))
	}
	path := filepath.Join(t.TempDir(), "class.txt")
	if err := os.WriteFile(path, []byte(list.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	args := []string{"-engines", path, "-tournament", strings.Join(names, ","), "-games", "2", "-seed", "1", "-jobs", "2"}
	if code := run(args, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	text := out.String()
	cross, _, _ := strings.Cut(strings.SplitN(text, "\n\n", 2)[1], "\n\n")
	if strings.Count(cross, "\n") != 5 {
		t.Fatalf("no crosstable of five rows:\n%s", text)
	}
	for _, line := range strings.Split(cross, "\n") {
		if utf8.RuneCountInString(line) > 80 {
			t.Errorf("a line of %d columns: %q", utf8.RuneCountInString(line), line)
		}
	}
	for _, name := range names {
		// Each in the standings with its 8 games, none forfeited, its
		// name whole: the output is not a terminal, and nothing is cut.
		if !regexp.MustCompile(`(?m)^\s*\d\s+` + name + `\s+8\s.*\s0$`).MatchString(text) {
			t.Errorf("no standings row of %s with 8 games and no forfeit:\n%s", name, text)
		}
	}
	if strings.Contains(text, "names cut short") {
		t.Errorf("names cut short into a pipe:\n%s", text)
	}
	t.Logf("\n%s", text)
	noChildrenLeft(t)
}

// A bad line of a class list is one error naming the file and the line.
func TestEngineListErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, text, want string
	}{
		{"no equals", "# two engines\nok=true\nbroken\n", `-engines %s line 3: no =`},
		{"bad name", "a b=true\n", `-engines %s line 1: name "a b": accepted are letters`},
		{"no program", "\n\nghost=no-such-program-here\n", `-engines %s line 3: command "no-such-program-here" not found`},
		{"twice", "me=true\nme=true\n", `me is declared twice%.0s`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".txt")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			var out, errOut strings.Builder
			code := run([]string{"-engines", path, "-x", "random", "-o", "random", "-games", "2"}, strings.NewReader(""), &out, &errOut)
			if want := fmt.Sprintf(tc.want, path); code != 2 || !strings.Contains(errOut.String(), want) || strings.Count(errOut.String(), "\n") != 1 {
				t.Errorf("exit %d, %q; want 2 and one line with %q", code, errOut.String(), want)
			}
		})
	}
	var out, errOut strings.Builder
	if code := run([]string{"-engines", filepath.Join(dir, "missing.txt"), "-x", "random", "-o", "random", "-games", "2"}, strings.NewReader(""), &out, &errOut); code != 2 ||
		!strings.Contains(errOut.String(), "missing.txt") {
		t.Errorf("a missing list: exit %d, %q", code, errOut.String())
	}
}

// A class list takes what -engine takes, riddles: engines included, in
// the file's order, skipping comments and blank lines.
func TestEngineListDecls(t *testing.T) {
	path := filepath.Join(t.TempDir(), "class.txt")
	text := "# the class\n\n  ours = true --flag  \n# a Four In A Row bot\nfour=riddles:true\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	decls, err := engineListDecls(path, 1000, &engineGroup{})
	if err != nil || len(decls) != 2 {
		t.Fatalf("%d engines, %v; want 2", len(decls), err)
	}
	c4, _ := findGame("c4")
	ttt, _ := findGame("ttt")
	ours, four := decls[0], decls[1]
	if ours.name != "ours" || !ours.plays(ttt) || !ours.plays(c4) || ours.order != 1000 {
		t.Errorf("ours: %+v", ours)
	}
	if four.name != "four" || four.plays(ttt) || !four.plays(c4) || four.order != 1001 {
		t.Errorf("four: %+v", four)
	}
}

// Every bad line of a class list is reported, one line each in the
// file's order, before anything runs: a teacher fixes them all in one go.
func TestEngineListEveryBadLine(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "class.txt")
	text := "ok=true\nbroken\n# a comment\nghost=no-such-program-here\nfine=true\na b=true\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	status, out, errText := runCapture([]string{"-engines", path, "-x", "ok", "-o", "fine", "-games", "2"}, "")
	want := []string{
		"boardbots: -engines " + path + " line 2: no =: accepted is NAME=COMMAND, NAME=riddles:COMMAND or NAME=theaigames:COMMAND",
		"boardbots: -engines " + path + ` line 4: command "no-such-program-here" not found: executable file not found in $PATH`,
		"boardbots: -engines " + path + ` line 6: name "a b": accepted are letters, digits, - _ and .`,
	}
	if got := strings.Split(strings.TrimSuffix(errText, "\n"), "\n"); status != 2 || out != "" || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant 2 and:\n%s", status, out, errText, strings.Join(want, "\n"))
	}
}

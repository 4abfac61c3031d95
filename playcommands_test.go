package main

import (
	"context"
	"fmt"
	"io"
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
// takes no argument is no command with one; the answers to the question
// after a game are no commands during one.
func TestFindCommand(t *testing.T) {
	for _, tc := range []struct {
		line      string
		when      commandTime
		word, arg string
		ok        bool
	}{
		{"undo", inGame, "undo", "", true},
		{"  U ", inGame, "undo", "", true},
		{"load 4453", inGame, "load", "4453", true},
		{"LOAD   44 53", inGame, "load", "44 53", true},
		{"load", inGame, "load", "", true},
		{"undo 3", inGame, "", "", false},
		{"?", inGame, "help", "", true},
		{"4", inGame, "", "", false},
		{"hint please", inGame, "", "", false},
		{"y", inGame, "", "", false},
		{"s", inGame, "", "", false},
		{"n", inGame, "", "", false},
		{"y", afterGame, "yes", "", true},
		{"Swap", afterGame, "swap", "", true},
		{"n", afterGame, "no", "", true},
		{"u", afterGame, "undo", "", true},
		{"load 44", afterGame, "load", "44", true},
		{"q", afterGame, "quit", "", true},
		{"4", afterGame, "", "", false},
	} {
		c, arg, ok := findCommand(tc.line, tc.when)
		if ok != tc.ok || ok && (c.words[0] != tc.word || arg != tc.arg) {
			t.Errorf("%q (%d): %v %q %v, want %q %q %v", tc.line, tc.when, c.words, arg, ok, tc.word, tc.arg, tc.ok)
		}
	}
}

// help lists the commands of the moment, in lines of at most 80 columns:
// during a game how to move and the commands, after it the answers too.
func TestHelpLists(t *testing.T) {
	tb := terminalSession(t, "ttt", "", io.Discard)
	over := NewTicTacToe()
	for _, m := range []Move{0, 3, 1, 4, 2} {
		over.Play(m)
	}
	for _, tc := range []struct {
		name        string
		g           Game
		has, hasNot []string
	}{
		{"during a game", NewTicTacToe(), []string{"a move: type a cell number 0-8", "\n  undo, u ", "\n  quit, q, exit "}, []string{"yes, y", "swap, s", "no, n"}},
		{"after a game", over, []string{"the game is over", "\n  yes, y ", "\n  swap, s ", "\n  undo, u ", "\n  no, n "}, []string{"a move:"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb.asking = tc.g.Over()
			text := tb.help(tc.g)
			for _, s := range tc.has {
				if !strings.Contains(text, s) {
					t.Errorf("help lacks %q:\n%s", s, text)
				}
			}
			for _, s := range tc.hasNot {
				if strings.Contains(text, s) {
					t.Errorf("help has %q:\n%s", s, text)
				}
			}
			for _, line := range strings.Split(text, "\n") {
				if columnsOf(line) > 80 {
					t.Errorf("line of %d columns: %q", columnsOf(line), line)
				}
			}
		})
	}
}

// The line that says how to resume a game left unfinished names flags
// that, added to the command that started it, seat the sides as they
// were and start from its position: checked by planning that command,
// for sides as given, drawn by -first random, swapped after a game, and
// named by -x and -o.
func TestResumeArgs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		swap bool
		want string
	}{
		{[]string{"-game", "c4"}, false, "-moves 44"},
		{[]string{"-game", "c4", "-moves", "4"}, false, "-moves 44"},
		{[]string{"-game", "c4"}, true, "-first bot -moves 44"},
		{[]string{"-game", "c4", "-first", "random", "-seed", "1"}, false, "-first bot -moves 44"},
		{[]string{"-game", "c4", "-first", "random", "-seed", "1"}, true, "-first human -moves 44"},
		{[]string{"-game", "c4", "-x", "human", "-o", "alphabeta:depth=3"}, true, "-x alphabeta:depth=3 -o human -moves 44"},
		{[]string{"-game", "c4", "-x", "alphabeta", "-o", "random"}, false, "-moves 44"},
	} {
		t.Run(fmt.Sprint(tc.args, tc.swap), func(t *testing.T) {
			tb := (&invocation{runPlan: mustPlan(t, tc.args...), stdout: io.Discard}).table()
			if tc.swap {
				tb.swapCommand(context.Background(), nil, "")
			}
			g, err := tb.spec.parseRecord("44", nil)
			if err != nil {
				t.Fatal(err)
			}
			got := tb.resumeArgs(g)
			if got != tc.want {
				t.Fatalf("%q, want %q", got, tc.want)
			}
			plan := mustPlan(t, append(slices.Clone(tc.args), strings.Fields(got)...)...)
			if !slices.Equal(plan.from, g.History()) {
				t.Errorf("the command with %s starts from %v, want %v", got, plan.from, g.History())
			}
			again := (&invocation{runPlan: plan, stdout: io.Discard}).table()
			for _, side := range []Side{X, O} {
				if (again.seats[side] == nil) != (tb.seats[side] == nil) || again.seats[side] != nil && again.seats[side].name() != tb.seats[side].name() {
					t.Errorf("the command with %s seats %s as %s, not as %s", got, side, seatWord(again.seats[side]), seatWord(tb.seats[side]))
				}
			}
		})
	}
}

// The resume line keeps its flags whole, on a line of their own where the
// line would be wider than the terminal, or than 80 columns on a pipe.
func TestResumeLineWidth(t *testing.T) {
	t.Parallel()
	const lead = "to resume the game, run the same command with"
	for _, tc := range []struct {
		record   string
		terminal bool
		width    int
		want     string
	}{
		{"44", false, 0, lead + " -moves 44"},
		{"44", true, 50, lead + "\n    -moves 44"},
		{"444423225367556445755222166661", false, 0, lead + "\n    -moves 444423225367556445755222166661"},
		{"444423225367556445755222166661", true, 100, lead + " -moves 444423225367556445755222166661"},
	} {
		tb := (&invocation{runPlan: mustPlan(t, "-game", "c4"), stdout: io.Discard}).table()
		tb.terminal, tb.width = tc.terminal, tc.width
		g, err := tb.spec.parseRecord(tc.record, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := tb.resumeLine(lead, g); got != tc.want {
			t.Errorf("%s at width %d: %q, want %q", tc.record, tc.width, got, tc.want)
		}
	}
}

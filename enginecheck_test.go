package main

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// -check plays a good engine clean (exit 0, a line for every game and
// side it plays), and for a bad one names each problem once with the line
// at fault and what was expected (exit 1).
func TestEngineCheck(t *testing.T) {
	self := shellQuote(os.Args[0])
	games := []string{"tictactoe", "connect4 width 7 height 6", "adjacency rounds 8"}
	for _, tt := range []struct {
		behaviour, dialect string
		status             int
		games              []string // the games it is checked in
		want               []string // lines of the output, in order
		args               []string // more flags
	}{
		{"good", "", 0, games, []string{`memory limit: 4 GiB a process \(-engine-memory\)`}, nil},
		{"good", "", 0, games[:1], []string{`memory limit: 2\.5 GiB a process \(-engine-memory\)`}, []string{"-engine-memory", "2560M", "-game", "ttt"}},
		{"good", "", 0, games[:1], []string{`memory limit: none \(-engine-memory\)`}, []string{"-engine-memory", "none", "-game", "ttt"}},
		{"riddles", "riddles:", 0, games[1:2], nil, nil},
		{"garbage", "", 1, nil, []string{
			`problem: tictactoe, e as X, its move 1`,
			`  sent:     position -`,
			`  sent:     go time 1000`,
			`  answered: "hello there"`,
			`  wrong:    e said "hello there", not a move or info line; log \S+/e\.log`,
			`  expected: "move M", M an empty cell 0-8; "info \.\.\." lines before it are optional`,
			fmt.Sprintf(`e: 1 problem, %d times in all; its stderr is in \S+/e\.log`, 2*len(declared.games))}, nil},
		{"bad-info", "", 1, nil, []string{
			`  answered: "info score high pv \d \d"`,
			`  wrong:    info score "high"`,
			`  expected: a whole number after score`,
			`  wrong:    info pv: move 2 of the line, "\d": cell \d is taken`,
			`  expected: moves legal one after another, its own first`,
			`e: \d problems, \d+ times in all; its stderr is in \S+`}, nil},
		{"ignore-quit", "", 1, nil, []string{
			`problem: tictactoe, e as X, at the end`,
			`  sent:     quit`,
			`  wrong:    e did not exit within 1s of its last line: killed`,
			`  expected: to exit when told quit \(or when its input ends\)`},
			// Tic-Tac-Toe alone: each game's end waits engineQuitWait.
			[]string{"-game", "ttt"}},
	} {
		t.Run(tt.behaviour, func(t *testing.T) {
			t.Setenv(fixtureEnv, tt.behaviour)
			status, out, errText := runCapture(append([]string{"-engine", "e=" + tt.dialect + self, "-check", "e", "-time", "1s"}, tt.args...), "")
			if status != tt.status || errText != "" {
				t.Errorf("status %d, stderr %q; want %d\n%s", status, errText, tt.status, out)
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if !strings.HasPrefix(lines[0], "checking e (") {
				t.Errorf("first line %q", lines[0])
			}
			for _, g := range tt.games {
				for _, side := range []string{"X", "O"} {
					want := regexp.MustCompile("^" + regexp.QuoteMeta(g+", e as "+side+": ") + `\d moves, no problems$`)
					if !slices.ContainsFunc(lines, want.MatchString) {
						t.Errorf("no line %q in:\n%s", want, out)
					}
				}
			}
			if tt.status == 0 && !regexp.MustCompile(`^e: no problems; its stderr is in \S+/e\.log$`).MatchString(lines[len(lines)-1]) {
				t.Errorf("last line %q", lines[len(lines)-1])
			}
			linesInOrder(t, out, tt.want)
			noChildrenLeft(t)
		})
	}
	// A name that is no engine is refused before anything runs.
	status, _, errText := runCapture([]string{"-check", "alphabeta"}, "")
	if status != 2 || !strings.Contains(errText, `-check "alphabeta": not an engine`) {
		t.Errorf("-check alphabeta: status %d, %q", status, errText)
	}
}

// linesInOrder fails t unless text has, for each pattern of want in turn,
// a later line that the pattern matches whole.
func linesInOrder(t *testing.T, text string, want []string) {
	t.Helper()
	lines := strings.Split(text, "\n")
	at := 0
	for _, w := range want {
		re := regexp.MustCompile("^" + w + "$")
		for at < len(lines) && !re.MatchString(lines[at]) {
			at++
		}
		if at == len(lines) {
			t.Errorf("no line %q (in this order) in:\n%s", w, text)
			return
		}
	}
}

package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Every bot's -v lines keep within 80 columns, piped (broken at 80) and
// at a terminal of 80 columns, in every game it plays: two moves from the
// start, where the expected lines are long, and two near the end, where
// mcts proves results. Each bot plays both sides under a short clock, so
// that those with a depth deepen as far as they can.
func TestVerboseLinesFit(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	nearEnd := map[string][]string{
		"ttt":       {"-moves", "0481"},
		"connect4":  {"-moves", "444423225367556445755222166661"},
		"adjacency": {"-rounds", "3"},
	}
	for _, spec := range declared.games {
		for _, b := range declared.bots {
			if !b.plays(spec) {
				continue
			}
			for _, from := range [][]string{nil, nearEnd[spec.name]} {
				args := append([]string{"-game", spec.name, "-x", b.name, "-o", b.name, "-v", "-seed", "1", "-time", "10ms"}, from...)
				t.Run(strings.Join(args[1:], " "), func(t *testing.T) {
					for _, terminal := range []bool{false, true} {
						out := verboseGame(t, args, terminal)
						if n := strings.Count(out, ": move ") + strings.Count(out, ") plays "); n != 2 {
							t.Errorf("terminal %v: %d bot moves named, want 2:\n%s", terminal, n, out)
						}
						// A line cleared ("\r\x1b[K": the thinking line, which
						// the clock decides to show) starts a new one.
						for _, line := range strings.FieldsFunc(out, func(r rune) bool { return r == '\n' || r == '\r' }) {
							line = strings.TrimPrefix(line, "\x1b[K")
							if columnsOf(line) > 80 {
								t.Errorf("terminal %v: a line of %d columns:\n%s", terminal, columnsOf(line), line)
							}
						}
					}
				})
			}
		}
	}
}

// verboseGame plays two moves of two bots with -step, piped or at a
// terminal of 80 columns without colour, and returns what it printed.
func verboseGame(t *testing.T, args []string, terminal bool) string {
	t.Helper()
	var out strings.Builder
	tb := (&invocation{runPlan: mustPlan(t, args...), stdout: &out}).table()
	tb.in = newPipeReader(strings.NewReader("\nq\n"), &out)
	tb.terminal, tb.width, tb.step = terminal, 80, true
	spec, from := tb.spec, tb.opt
	err := tb.run(context.Background(), func() Game {
		g := spec.start(from)
		for i, a := range args {
			if a == "-moves" {
				p, err := spec.parseRecord(args[i+1], from)
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
		}
		return g
	})
	if err != nil && !errors.Is(err, errQuit) {
		t.Fatalf("%v: %v\n%s", args, err, out.String())
	}
	return out.String()
}

// The line that ends a game: seed 003's words where piped Tic-Tac-Toe
// keeps them (a person's moves piped in), else "X wins", "O wins" or
// "Draw", which at a terminal says "you" to a person playing a bot.
func TestResultWords(t *testing.T) {
	for _, tc := range []struct {
		game     string
		terminal bool
		humans   int
		want     [3]string // by winner: Nobody, X, O
	}{
		{"ttt", false, 1, [3]string{"Draw", "X win.", "O win."}},
		{"ttt", false, 2, [3]string{"Draw", "X win.", "O win."}},
		{"ttt", false, 0, [3]string{"Draw", "X wins", "O wins"}},
		{"connect4", false, 1, [3]string{"Draw", "X wins", "O wins"}},
		{"adjacency", false, 0, [3]string{"Draw", "X wins", "O wins"}},
		{"ttt", true, 0, [3]string{"Draw", "X wins", "O wins"}},
		{"ttt", true, 2, [3]string{"Draw", "X wins", "O wins"}},
		{"connect4", true, 1, [3]string{"Draw", "You win (X wins)", "You lose (O wins)"}},
	} {
		t.Run(fmt.Sprintf("%s terminal %v humans %d", tc.game, tc.terminal, tc.humans), func(t *testing.T) {
			tb, _ := newSession(t, tc.game, "", nil)
			tb.terminal = tc.terminal
			switch tc.humans { // the person plays X
			case 0:
				tb.seats = botsAt(firstBot{}, firstBot{})
			case 1:
				tb.seats = botsAt(nil, firstBot{})
			case 2:
				tb.seats = botsAt(nil, nil)
			}
			for w, want := range tc.want {
				if got := tb.result(Side(w)); got != want {
					t.Errorf("winner %v: %q, want %q", Side(w), got, want)
				}
			}
		})
	}
}

package main

import (
	"fmt"
	"testing"
)

// The line that ends a game: seed 003's words where piped Tic-Tac-Toe
// keeps them, else "X wins", "O wins" or "Draw", which at a terminal says
// "you" to a person playing a bot.
func TestResultWords(t *testing.T) {
	for _, tc := range []struct {
		game     string
		terminal bool
		humans   int
		want     [3]string // by winner: Nobody, X, O
	}{
		{"ttt", false, 1, [3]string{"Draw", "X win.", "O win."}},
		{"ttt", false, 0, [3]string{"Draw", "X win.", "O win."}},
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

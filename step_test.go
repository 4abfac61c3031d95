package main

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// -step holds a game of two bots after each move: Enter plays on, b takes
// moves back (the bot then plays again from there), q ends the game with
// its record, anything else gets a line saying what is accepted; at the
// end of a piped script the game plays out. Each pause comes under the
// board that shows the move just played.
func TestStep(t *testing.T) {
	tests := []struct {
		script  string
		err     error
		prompts int
		record  string
	}{
		// Two bots that play the same each time: alphabeta both.
		{"\n\nq\n", errQuit, 3, "moves: 041"},
		{"\nb\nb\nb\n\nq\n", errQuit, 6, "moves: 0"},
		{"\nwhat\n\nq\n", errQuit, 4, "moves: 041"},
		{"", nil, 1, "moves: 041263578"},
		{"\n\n", nil, 3, "moves: 041263578"},
	}
	for _, tc := range tests {
		t.Run(strings.ReplaceAll(tc.script, "\n", "|"), func(t *testing.T) {
			var out strings.Builder
			tb, _ := newSession(t, "ttt", tc.script, &out)
			tb.seats = botsAt(alphabetaBot, alphabetaBot)
			tb.step = true
			err := tb.play(context.Background(), NewTicTacToe())
			text := out.String()
			if !errors.Is(err, tc.err) && !(err == nil && tc.err == nil) {
				t.Errorf("error %v, want %v", err, tc.err)
			}
			if n := strings.Count(text, stepPrompt); n != tc.prompts {
				t.Errorf("%d prompts, want %d:\n%s", n, tc.prompts, text)
			}
			// Each pause comes under the board with the move just played.
			parts := strings.Split(text, stepPrompt)
			for i, part := range parts[:len(parts)-1] {
				answered := strings.HasSuffix(part, "take back\n") || strings.Contains(part[strings.LastIndex(part[:len(part)-1], "\n")+1:], "accepted are")
				if !answered && !strings.HasSuffix(part, "---------\n") {
					t.Errorf("pause %d does not follow a board:\n%s", i+1, text)
					break
				}
			}
			if !strings.Contains(text, tc.record+"\n") {
				t.Errorf("no line %q:\n%s", tc.record, text)
			}
			if strings.Contains(tc.script, "what") && !strings.Contains(text, `"what": accepted are Enter`) {
				t.Errorf("no answer to a bad line:\n%s", text)
			}
			if strings.Count(tc.script, "b\n") == 3 && !strings.Contains(text, "this is the start: no move to take back") {
				t.Errorf("going back past the start said nothing:\n%s", text)
			}
		})
	}
}

package main

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// What the prompt answers to a line in each game: nonsense gets the same
// words in every game ("is not a ... or a command", and help), a sign
// too; a record's commas in Adjacency are refused rather than read as row
// and column; a letter past a wide board's last column names the letter.
func TestPromptAnswers(t *testing.T) {
	for _, tt := range []struct {
		args        []string
		line, reply string
	}{
		{[]string{"-first", "human"}, "foo bar", `"foo bar" is not a cell or a command: type a cell number 0-8 or "row col", or help`},
		{[]string{"-game", "c4"}, "foo bar", `"foo bar" is not a column or a command: type a column number 1-7, or help`},
		{[]string{"-game", "adj"}, "foo bar", `"foo bar" is not a cell or a command: type a cell number 0-63 or "row col", or help`},
		{[]string{"-game", "c4"}, "!", `"!" is not a column or a command: type a column number 1-7, or help`},
		{[]string{"-first", "human"}, "!", `"!" is not a cell or a command: type a cell number 0-8 or "row col", or help`},
		{[]string{"-first", "human"}, "1 2 3", `too many numbers in "1 2 3": type a cell number 0-8 or "row col"`},
		{[]string{"-game", "c4"}, "1 2", `too many numbers in "1 2": type one column number 1-7`},
		{[]string{"-game", "adj"}, "3,4", `"3,4" is a record's cells: type one cell 0-63, or "row col" like "3 4"`},
		{[]string{"-game", "c4", "-width", "10", "-height", "5"}, "b", `column b (11) is off the board: columns are 1-9, a (10), or help`},
		{[]string{"-game", "c4", "-width", "12", "-height", "4"}, "z", `"z" is not a column or a command: type a column number 1-9, a-c (10-12), or help`},
	} {
		t.Run(strings.Join(tt.args, " ")+" "+tt.line, func(t *testing.T) {
			_, out, _ := runCapture(tt.args, tt.line+"\nq\n")
			if !strings.Contains(out, ": "+tt.line+"\n"+tt.reply+"\n") {
				t.Errorf("no reply %q to %q in:\n%s", tt.reply, tt.line, out)
			}
		})
	}
	// Adjacency's row and column, with a space, still play.
	if _, out, _ := runCapture([]string{"-game", "adj", "-bot", "random"}, "3 4\nq\n"); !strings.Contains(out, "moves: 28,") {
		t.Errorf("3 4 is not cell 28:\n%s", out)
	}
}

// load says what it dropped, labelled, and refuses a finished game as
// -moves does, leaving the game in play as it was.
func TestLoadCommand(t *testing.T) {
	_, out, _ := runCapture([]string{"-game", "c4", "-bot", "alphabeta:depth=1"}, "4\nload 444444\nq\n")
	if !strings.Contains(out, "load 444444\nloaded 444444; the game dropped was 44\n") || strings.Contains(out, "\nmoves: 44\n") {
		t.Errorf("the dropped game is not labelled:\n%s", out)
	}
	_, out, _ = runCapture([]string{"-game", "c4"}, "load 1212121\nq\n")
	want := "load \"1212121\": the game is over there: accepted is a record that leaves it open; the position is unchanged\n"
	if !strings.Contains(out, want) || strings.Contains(out, "X win.") {
		t.Errorf("a finished game loaded:\n%s", out)
	}
}

// Ctrl-D at -step's prompt at a terminal stops the game with its record
// so far, as q does; the end of a piped script plays the game out.
func TestStepCtrlD(t *testing.T) {
	for _, keyboard := range []bool{true, false} {
		var out strings.Builder
		// The input ends at once: Ctrl-D at a keyboard, a script's end on a
		// pipe.
		tb, _ := newSession(t, "ttt", "", &out)
		tb.seats, tb.step, tb.keyboard = botsAt(firstBot{}, firstBot{}), true, keyboard
		err := tb.run(context.Background(), func() Game { return NewTicTacToe() })
		switch {
		case keyboard && (!errors.Is(err, errQuit) || !strings.HasSuffix(out.String(), "\nmoves: 0\n"+resumeWords+"0\n")):
			t.Errorf("Ctrl-D at a terminal: %v\n%s", err, out.String())
		case !keyboard && (err != nil || !strings.Contains(out.String(), "X wins\nmoves: 0123456\n")):
			t.Errorf("a piped script's end: %v\n%s", err, out.String())
		}
	}
}

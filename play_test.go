package main

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
)

// newTable seats the game's default bot as SPEC's defaults do and feeds the
// human's side from script, through the same reader piped input uses.
func newTable(t *testing.T, game, script string, out io.Writer) (*table, *gameSpec) {
	t.Helper()
	s, err := resolve(&options{game: game, games: 1})
	if err != nil {
		t.Fatal(err)
	}
	return &table{spec: s.spec, out: out, in: newPipeReader(strings.NewReader(script), out),
		budget: s.budget, seats: s.seats, hinter: s.hinter}, s.spec
}

// The defaults reproduce seed 003's game line by line: testdata holds the
// program's expected output for the human's answers 4, 2, 3, 8 (the seed's
// transcript, with the rules of dashes its document lost, and our record
// line after the seed's last line).
func TestSeed003Transcript(t *testing.T) {
	want, err := os.ReadFile("testdata/seed003.golden")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	tb, _ := newTable(t, "ttt", "4\n2\n3\n8\n", &out)
	if err := tb.play(context.Background(), NewTicTacToe()); err != nil {
		t.Fatal(err)
	}
	got, wantLines := strings.Split(out.String(), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(got), len(wantLines)) {
		g, w := "<none>", "<none>"
		if i < len(got) {
			g = got[i]
		}
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if g != w {
			t.Errorf("line %d: %q, want %q", i+1, g, w)
		}
	}
}

// Commands and nonsense at the prompt: each bad line costs one message
// line and the same prompt; the game goes on to the same end.
func TestHumanInputAndCommands(t *testing.T) {
	tests := []struct {
		name     string
		script   string
		messages []string // lines expected in the output, in order
		record   string
	}{
		{"nonsense then the seed game",
			"banana\n9\n0\n\n1 1 1\n4\n2\n3\n8\n",
			[]string{`"banana" is not a cell`, "9 is off the board", "cell 0 is taken", "type a cell number 0-8", "type a cell number 0-8"},
			"041263587"},
		{"row and column", "1 1\n0 2\n1 0\n2 2\n", nil, "041263587"},
		{"help and hint cost no move", "help\nhint\n4\n2\n3\n8\n",
			[]string{"undo   take back", "hint: 4 (alphabeta says score 0)"}, "041263587"},
		{"undo takes back the bot's reply and yours", "4\nundo\n4\n2\n3\n8\n", nil, "041263587"},
		{"nothing to undo yet", "undo\n4\n2\n3\n8\n", []string{"nothing to undo"}, "041263587"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			tb, _ := newTable(t, "ttt", tt.script, &out)
			g := NewTicTacToe()
			if err := tb.play(context.Background(), g); err != nil {
				t.Fatalf("play: %v\n%s", err, out.String())
			}
			text := out.String()
			rest := text
			for _, m := range tt.messages {
				i := strings.Index(rest, m)
				if i < 0 {
					t.Fatalf("output lacks %q (in order):\n%s", m, text)
				}
				rest = rest[i+len(m):]
			}
			if !strings.HasSuffix(text, "Draw\nmoves: "+tt.record+"\n") {
				t.Errorf("game ended:\n%s", text[max(0, len(text)-200):])
			}
		})
	}
}

// End of input or quit in the middle of a game ends it cleanly, with the
// record so far, and a piped end of input closes the prompt's line.
func TestInputEndsMidGame(t *testing.T) {
	for _, tt := range []struct {
		script string
		want   error
		tail   string
	}{
		{"", io.EOF, "Enter the number: \nmoves: 0\n"},
		{"4\n", io.EOF, "Enter the number: \nmoves: 041\n"},
		{"4\nzzz\n", io.EOF, "Enter the number: \nmoves: 041\n"},
		{"4\nquit\n", errQuit, "Enter the number: quit\nmoves: 041\n"},
		{"4\nq\n", errQuit, "Enter the number: q\nmoves: 041\n"},
	} {
		var out strings.Builder
		tb, _ := newTable(t, "ttt", tt.script, &out)
		err := tb.play(context.Background(), NewTicTacToe())
		if !errors.Is(err, tt.want) {
			t.Errorf("script %q: error %v, want %v", tt.script, err, tt.want)
		}
		if !strings.HasSuffix(out.String(), tt.tail) {
			t.Errorf("script %q: output does not end %q:\n%s", tt.script, tt.tail, out.String())
		}
	}
}

// Ctrl-C while a bot thinks stops the game with errInterrupted.
func TestInterruptWhileBotThinks(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out strings.Builder
	tb, _ := newTable(t, "ttt", "", &out)
	if err := tb.play(ctx, NewTicTacToe()); !errors.Is(err, errInterrupted) {
		t.Errorf("error %v, want errInterrupted", err)
	}
}

// Hot seat: two people, prompts that say whose turn it is, undo of one move.
func TestHotSeat(t *testing.T) {
	var out strings.Builder
	tb, _ := newTable(t, "ttt", "0\n3\nundo\n4\n1\n5\n2\n", &out)
	tb.seats = [3]Bot{}
	g := NewTicTacToe()
	if err := tb.play(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, "X, enter the number: 0") || !strings.Contains(text, "O, enter the number: 3") {
		t.Errorf("hot-seat prompts missing:\n%s", text)
	}
	if !strings.HasSuffix(text, "X win.\nmoves: 04152\n") {
		t.Errorf("hot seat ended:\n%s", text)
	}
}

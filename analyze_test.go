package main

import (
	"context"
	"strings"
	"testing"
)

// Batch answers: score from the side to move, best move, nodes, time; a
// finished position answers its result with "-"; a bad line an error, and
// the run goes on.
func TestAnalyzeTicTacToe(t *testing.T) {
	in := strings.Join([]string{
		"",                 // the empty board: a draw, lowest cell
		"0 anything after", // the rest of a line is ignored
		"0134",             // X to move wins at once with 6: 10 minus one ply
		"01346",            // X has won: O to move has lost
		"041263587",        // seed 003's draw
		"044",              // a cell twice
		"9",                // off the board
		"0123456789",       // moves after the end
		"0,1",              // not a move at all
	}, "\n") + "\n"
	var out strings.Builder
	spec, _ := findGame("ttt")
	if err := analyze(context.Background(), strings.NewReader(in), &out, spec, alphabetaBot, Budget{}, nil); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"0 0 17711",
		"0 0 4",
		"0134 9 6",
		"01346 -10 - 0 0",
		"041263587 0 - 0 0",
		"044 error: illegal: cell 4 is taken at move 3",
		"9 error: illegal: 9 is off the board at move 1",
		"0123456789 error: illegal: the game is over at move 8",
		`0,1 error: illegal: "," is not a move at move 2`,
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d answers for %d lines:\n%s", len(got), len(want), out.String())
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("line %d: %q, want it to start %q", i+1, got[i], want[i])
		}
		if !strings.Contains(want[i], "error") && len(strings.Fields(got[i])) != 5-boolInt(i == 0) {
			t.Errorf("line %d: %q has the wrong number of fields", i+1, got[i])
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

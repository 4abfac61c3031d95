package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// analyze is batch mode (docs/analyze.md): each input line's first
// field is a position in the game's notation, and each gets one answer line,
// <position> <score> <best move> <nodes> <microseconds>, or
// <position> error: <reason>. A bad line never stops the run; Ctrl-C does,
// at once, with errInterrupted and no answer for the line in hand.
func analyze(ctx context.Context, in io.Reader, out io.Writer, spec *gameSpec, bot Bot, budget Budget, opt gameOptions) error {
	return analyzeWith(ctx, in, out, spec, bot, budget, opt, analyzeMode{})
}

// Batch answers: score from the side to move, best move, nodes, time; a
// finished position answers its result with "-"; a bad line an error, and
// the run goes on.
func TestAnalyzeTicTacToe(t *testing.T) {
	in := strings.Join([]string{
		"",                 // the empty board: a draw, lowest cell
		"-",                // the empty board as the answers write it
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
		"- 0 0 17711",
		"- 0 0 17711",
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
		if !strings.Contains(want[i], "error") && len(strings.Fields(got[i])) != 5 {
			t.Errorf("line %d: %q has the wrong number of fields", i+1, got[i])
		}
	}
}

// A line longer than the reader keeps is one error answer, and the run
// goes on with the next line.
func TestAnalyzeLongLine(t *testing.T) {
	long := strings.Repeat("0", maxLine+100)
	in := "01346\n" + long + "\n0134 " + long + "\n0134\n"
	var out strings.Builder
	spec, _ := findGame("ttt")
	if err := analyze(context.Background(), strings.NewReader(in), &out, spec, alphabetaBot, Budget{}, nil); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	want := []string{"01346 -10 - 0 0", long[:maxEcho] + "... error: line longer than 1 MiB", "0134 error: line longer than 1 MiB", "0134 9 6 30 "}
	if len(got) != len(want) {
		t.Fatalf("%d answers, want %d:\n%.500s", len(got), len(want), out.String())
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("answer %d: %.100q, want it to start %q", i+1, got[i], want[i])
		}
	}
}

// Ctrl-C ends -analyze at once with errInterrupted: during a search the
// bot's guess so far is not printed as an answer, and input that never
// comes is not waited for. Answers before it stand.
func TestAnalyzeInterrupted(t *testing.T) {
	spec, _ := findGame("ttt")
	t.Run("while the bot thinks", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var out strings.Builder
		bot := cancellingBot{cancel}
		err := analyze(ctx, strings.NewReader("01346\n0\n1\n"), &out, spec, bot, Budget{}, nil)
		if !errors.Is(err, errInterrupted) {
			t.Errorf("error %v, want errInterrupted", err)
		}
		if got := out.String(); got != "01346 -10 - 0 0\n" {
			t.Errorf("output %q, want only the answer before the interrupt", got)
		}
	})
	t.Run("while the input never comes", func(t *testing.T) {
		pr, pw := io.Pipe()
		defer pw.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		done := make(chan error, 1)
		var out strings.Builder
		go func() { done <- analyze(ctx, pr, &out, spec, alphabetaBot, Budget{}, nil) }()
		select {
		case err := <-done:
			if !errors.Is(err, errInterrupted) || out.String() != "" {
				t.Errorf("error %v, output %q; want errInterrupted and nothing", err, out.String())
			}
		case <-time.After(waitLimit):
			t.Fatal("analyze still waits for input after the interrupt")
		}
	})
}

// cancellingBot stands for Ctrl-C during a search: it cancels, then
// answers with a move as an interrupted search does.
type cancellingBot struct{ cancel context.CancelFunc }

func (cancellingBot) Name() string { return "cancelling" }

func (b cancellingBot) Think(_ context.Context, g Game, _ Budget) Decision {
	b.cancel()
	return Decision{Move: g.Moves(nil)[0], Stats: Stats{Score: 1, Nodes: 5}}
}

// -scores adds every move's exact score, "-" where no move is legal, as
// the public Connect Four solver's analyze does; -format json answers
// the same as JSON, null for those moves, parsed here.
func TestAnalyzeScoresAndJSON(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	c4, _ := findGame("c4")
	ttt, _ := findGame("ttt")
	tests := []struct {
		spec      *gameSpec
		bot       Bot
		in        string
		text      []string // the answers' fields, time apart
		positions []string
		scores    [][]any // per answer: numbers, or nil for "-"
	}{
		{c4, &SolverBot{}, "\n1212121\n448\n",
			[]string{"- 1 4 -2 -1 0 1 0 -1 -2", "1212121 -18 - - - - - - - -", "448 error: illegal: 8 is off the board at move 3"},
			[]string{"-", "1212121", "448"},
			[][]any{{-2, -1, 0, 1, 0, -1, -2}, {nil, nil, nil, nil, nil, nil, nil}, nil}},
		{ttt, SearchBot{Prune: true}, "04\n",
			[]string{"04 0 1 - 0 0 0 - 0 0 0 0"},
			[]string{"04"},
			[][]any{{nil, 0, 0, 0, nil, 0, 0, 0, 0}}},
	}
	for _, tc := range tests {
		var text, js strings.Builder
		if err := analyzeWith(context.Background(), strings.NewReader(tc.in), &text, tc.spec, tc.bot, Budget{}, nil, analyzeMode{scores: true, scorer: tc.bot.(moveScorer)}); err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(strings.TrimSuffix(text.String(), "\n"), "\n") {
			f := strings.Fields(line)
			if len(f) > 4 && !strings.Contains(line, "error") {
				// The nodes and microseconds vary with the book and the clock.
				f = slices.Delete(f, 3, 5)
			}
			if got := strings.Join(f, " "); got != tc.text[i] {
				t.Errorf("%s answer %d: %q, want %q", tc.spec.name, i+1, got, tc.text[i])
			}
		}
		if err := analyzeWith(context.Background(), strings.NewReader(tc.in), &js, tc.spec, tc.bot, Budget{}, nil, analyzeMode{json: true, scores: true, scorer: tc.bot.(moveScorer)}); err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(strings.TrimSuffix(js.String(), "\n"), "\n") {
			var a struct {
				Position string
				Error    string
				Scores   []*int
				Score    *int
				Move     *string
			}
			if err := json.Unmarshal([]byte(line), &a); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			var scores []any
			for _, v := range a.Scores {
				if v == nil {
					scores = append(scores, nil)
				} else {
					scores = append(scores, *v)
				}
			}
			if a.Position != tc.positions[i] || !reflect.DeepEqual(scores, tc.scores[i]) || (a.Error == "") != (a.Score != nil) {
				t.Errorf("%s JSON answer %d: %s", tc.spec.name, i+1, line)
			}
		}
	}
}

// -analyze -format json with -trace: a text trace is a string, a
// -trace-format json trace the object itself, both parsed here.
func TestAnalyzeJSONTrace(t *testing.T) {
	ttt, _ := findGame("ttt")
	for _, format := range []string{"text", "json"} {
		var out strings.Builder
		budget := Budget{Depth: 2, Trace: 1}
		if err := analyzeWith(context.Background(), strings.NewReader("04\n"), &out, ttt, SearchBot{Prune: true}, budget, nil, analyzeMode{json: true, traceFormat: format}); err != nil {
			t.Fatal(err)
		}
		var a struct {
			Position string
			Trace    json.RawMessage
		}
		if err := json.Unmarshal([]byte(out.String()), &a); err != nil {
			t.Fatalf("%s: %q: %v", format, out.String(), err)
		}
		var text string
		var tree struct {
			Bot  string
			Root map[string]any
		}
		switch {
		case format == "text" && (json.Unmarshal(a.Trace, &text) != nil || !strings.HasPrefix(text, "trace: alphabeta searched 2 plies")):
			t.Errorf("text trace: %s", a.Trace)
		case format == "json" && (json.Unmarshal(a.Trace, &tree) != nil || tree.Bot != "alphabeta" || tree.Root == nil):
			t.Errorf("json trace, want an object: %s", a.Trace)
		}
	}
}

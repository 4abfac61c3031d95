package main

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// Lines wrap between tokens with a hanging indent: no line over the
// width unless one token is, no token split, and the words read the same.
func TestWrapHanging(t *testing.T) {
	vline := "O alphabeta: move 4, score 0, depth 9, nodes 5478, time 12.345ms, expects 04126357 and more after it"
	adj := "game 12/40: X alphabeta, O mcts, opening 10,41: O wins, moves: 60,40,23,5,13,4,41,22,31,1,2,3,17,18,19,20,21,24,25,26,27,28,29,30"
	tests := []struct {
		name, line string
		width      int
		want       string // "" when only the properties are checked
	}{
		{"short line stays", "X to move", 80, "X to move"},
		{"pipe: width 0", vline, 0, vline},
		{"at spaces", "aaa bbb ccc ddd", 8, "aaa bbb\n    ccc\n    ddd"},
		{"after commas in a record", "moves: 60,40,23,5,13,4", 14, "moves: 60,40,\n    23,5,13,4"},
		{"a token longer than the width", "a bbbbbbbbbbbb c", 8, "a\n    bbbbbbbbbbbb\n    c"},
		{"wide characters take two columns", `"ñ✓漢字" is not a cell`, 14, "\"ñ✓漢字\" is\n    not a cell"},
		{"-v line at 80", vline, 80, ""},
		{"Adjacency match line at 80", adj, 80, ""},
		{"Adjacency match line at 40", adj, 40, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := wrapHanging(tt.line, tt.width, 4)
			if tt.want != "" && got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
			if strings.Join(strings.FieldsFunc(got, isBreak), "") != strings.Join(strings.FieldsFunc(tt.line, isBreak), "") {
				t.Errorf("the tokens changed:\n%s", got)
			}
			for i, l := range strings.Split(got, "\n") {
				if tt.width > 0 && utf8.RuneCountInString(l) > tt.width && strings.Contains(strings.TrimSpace(l), " ") {
					t.Errorf("line %d of %d characters: %q", i+1, utf8.RuneCountInString(l), l)
				}
				if i > 0 && !strings.HasPrefix(l, "    ") {
					t.Errorf("line %d lacks the hanging indent: %q", i+1, l)
				}
			}
			// No number split: every number of the input is whole in the output.
			for _, tok := range strings.FieldsFunc(tt.line, isBreak) {
				if !strings.Contains(got, tok) {
					t.Errorf("token %q split:\n%s", tok, got)
				}
			}
		})
	}
}

// isBreak is where wrapHanging may break, and what it may add there.
func isBreak(r rune) bool { return r == ' ' || r == ',' || r == '\n' }

// Without colour at a terminal the highlighted cells stand in brackets,
// the grid keeps its width, and Adjacency names the marks turned.
func TestPlainMarks(t *testing.T) {
	tests := []struct {
		game, record string
		want         []string // lines in the board
		turned       string
	}{
		{"ttt", "04", []string{"| X 1 2 |", "| 3[O]5 |"}, ""},
		{"ttt", "03142", []string{"|[X X X]|", "| O O 5 |"}, ""},
		{"ttt", "2436", []string{"| 0 1 X |", "| X O 5 |", "|[O]7 8 |"}, ""},
		{"c4", "4435", []string{"| . . . O . . . |", "| . . X X[O]. . |"}, ""},
		{"c4", "1212121", []string{"|[X]. . . . . . |", "|[X]O . . . . . |"}, ""},
		{"adj", "40,41", []string{"| 32 33 34 35 36 37 38 39 |", "| [O][O]42 43 44 45 46 47 |", "|  X [O]50"}, "turned: 40, 49\n"},
		{"adj", "", []string{"|  X  X 50"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.game+" "+tt.record, func(t *testing.T) {
			spec, _ := findGame(tt.game)
			g, err := spec.parseRecord(tt.record, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := plainMarks(g.Render(true))
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("board lacks %q:\n%s", w, got)
				}
			}
			plain := strings.Split(g.Render(false), "\n")
			for i, l := range strings.Split(got, "\n") {
				if len(l) != len(plain[i]) || strings.Contains(l, "\x1b") {
					t.Errorf("line %d: %q, the plain board's is %q", i+1, l, plain[i])
				}
			}
			if got := turnedLine(g); got != tt.turned {
				t.Errorf("turned line %q, want %q", got, tt.turned)
			}
		})
	}
}

// The Connect Four hint's scores end under their column numbers.
func TestC4ScoreTable(t *testing.T) {
	for _, scores := range [][]string{
		{"-11", "-11", "-", "-", "-10", "-11", "-11"},
		{"18", "?", "0", "-21", "3", "-", "21"},
	} {
		lines := strings.Split(c4ScoreTable(scores), "\n")
		if len(lines) != 3 {
			t.Fatalf("%d lines: %q", len(lines), lines)
		}
		cols, vals := lines[1], lines[2]
		if len(cols) != len(vals) {
			t.Errorf("rows of %d and %d characters:\n%s\n%s", len(cols), len(vals), cols, vals)
		}
		for i, v := range scores {
			end := len("column:") + 4*(i+1)
			if end > len(vals) || strings.TrimSpace(cols[end-4:end]) != string(rune('1'+i)) || strings.TrimSpace(vals[end-4:end]) != v {
				t.Errorf("column %d: %q over %q, want %d over %q", i+1, cols[end-4:end], vals[end-4:end], i+1, v)
			}
		}
	}
}

// The book builder's status line says how far the ply is and the time
// left at its pace so far.
func TestBookStatus(t *testing.T) {
	for _, tt := range []struct {
		st      bookStats
		solving time.Duration
		want    string
	}{
		{bookStats{Ply: 9, Positions: 10, Of: 40, Time: 20 * time.Second}, 0, "ply 9: 10 of 40 positions, about 1m0s left in this ply"},
		{bookStats{Ply: 9, Positions: 10, Of: 40, Time: 20 * time.Second}, 3 * time.Second, "ply 9: 10 of 40 positions, about 1m0s left in this ply; this position 3s"},
		{bookStats{Ply: 3, Positions: 40, Of: 40, Time: time.Minute}, 0, "ply 3: 40 of 40 positions, about 0s left in this ply"},
		{bookStats{Ply: -1, Done: true}, 12 * time.Second, "ply 0: solving; this position 12s"},
		{bookStats{Ply: 4, Done: true}, time.Second, "ply 5: solving; this position 1s"},
	} {
		if got := bookStatus(tt.st, tt.solving); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.st, got, tt.want)
		}
	}
}

package main

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"
)

// -trace-format takes text, dot or json; anything else is one line naming
// the flag and what it accepts.
func TestTraceFormatFlag(t *testing.T) {
	for _, tc := range []struct {
		value, err string
	}{
		{"text", ""},
		{"dot", ""},
		{"json", ""},
		{"svg", `-trace-format "svg": expected text, dot or json`},
		{"", `-trace-format "": expected text, dot or json`},
	} {
		o, err := parseArgs(flagTable(&declared), []string{"-trace-format", tc.value})
		switch {
		case tc.err == "" && (err != nil || o.traceFormat != tc.value):
			t.Errorf("-trace-format %q: %v", tc.value, err)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("-trace-format %q: error %v, want %q", tc.value, err, tc.err)
		}
	}
}

// At a terminal a text trace breaks between tokens at its width, each
// continuation indented past its line's own indent; a pipe, and the DOT
// and JSON formats, get the lines whole.
func TestWrapTrace(t *testing.T) {
	text := "trace: alphabeta (Adjacency's own search), 4726 nodes; the last root search\n" +
		"  5   min  (1, +inf)         = 1     53 nodes  cut: 51 moves skipped  re-search"
	tests := []struct {
		format string
		width  int
		want   string
	}{
		{"text", 40, "trace: alphabeta (Adjacency's own\n    search), 4726 nodes; the last root\n    search\n" +
			"  5   min  (1, +inf)         = 1     53\n      nodes  cut: 51 moves skipped\n      re-search"},
		{"", 80, text},
		{"text", 0, text},
		{"dot", 40, text},
		{"json", 40, text},
	}
	for _, tc := range tests {
		if got := wrapTrace(text, tc.format, tc.width); got != tc.want {
			t.Errorf("%q at %d:\n%s\nwant:\n%s", tc.format, tc.width, got, tc.want)
		}
	}
}

// A game at a terminal of 40 columns prints its text traces in lines of
// at most 40, and its DOT graphs whole (they still parse).
func TestTraceWrappedAtTerminal(t *testing.T) {
	for _, format := range []string{"text", "dot"} {
		var out strings.Builder
		tb := terminalSession(t, "ttt", "4\n2\n3\n8\n", &out)
		tb.width, tb.budget.Trace, tb.traceFormat = 40, 1, format
		if err := tb.play(context.Background(), NewTicTacToe()); err != nil {
			t.Fatal(err)
		}
		long := 0
		for _, line := range strings.Split(out.String(), "\n") {
			if utf8.RuneCountInString(line) > 40 {
				long++
			}
		}
		graphs, err := parseDOT(cutGraphs(out.String()))
		switch {
		case format == "text" && (long > 0 || strings.Count(out.String(), "trace: minimax") != 5):
			t.Errorf("text: %d lines over 40 columns, or not five traces:\n%s", long, out.String())
		case format == "dot" && (err != nil || len(graphs) != 5):
			t.Errorf("dot: %d graphs (%v):\n%s", len(graphs), err, out.String())
		}
	}
}

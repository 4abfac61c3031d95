package main

import (
	"fmt"
	"strings"
	"testing"
)

// The answer lines -merge reads: either text form of the start (with or
// without its "-" position field), any record, JSON; nothing else.
func TestParseAnswer(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		line string
		want jobAnswer
		ok   bool
	}{
		{"5,40 -2 5 179716686 2235360", jobAnswer{"5,40", -2, "5", 179716686, 2235360}, true},
		{"-2 5 1 0", jobAnswer{"", -2, "5", 1, 0}, true},               // the start, written as nothing
		{"- -2 5 1 0", jobAnswer{"", -2, "5", 1, 0}, true},             // the start, written "-"
		{"  4 -1 4 0 5  ", jobAnswer{"4", -1, "4", 0, 5}, true},        // spaces around
		{"44 1 4 0 3 -2 0 1 - 3", jobAnswer{"44", 1, "4", 0, 3}, true}, // -scores' fields after
		{"03142 -10 - 0 0", jobAnswer{"03142", -10, "-", 0, 0}, true},  // a finished game
		{`{"position":"5,40","score":-2,"move":"5","nodes":7,"us":9}`, jobAnswer{"5,40", -2, "5", 7, 9}, true},
		{`{"position":"","score":1,"move":"4","nodes":0,"us":3}`, jobAnswer{"", 1, "4", 0, 3}, true},
		{`{"position":"1212121","score":-18,"nodes":0,"us":0}`, jobAnswer{"1212121", -18, "-", 0, 0}, true},
		{`{"position":"00","error":"illegal"}`, jobAnswer{}, false},
		{"00 error: illegal: cell 0 is taken at move 2", jobAnswer{}, false},
		{"5,40 -2 5 1795", jobAnswer{}, false}, // a line cut short: four fields, not numbers
		{"5,40 -2 5", jobAnswer{}, false},
		{"5,40 x 5 1 2", jobAnswer{}, false},
		{"5,40 -2 5 -1 2", jobAnswer{}, false},
		{"", jobAnswer{}, false},
		{"{", jobAnswer{}, false},
	} {
		got, ok := parseAnswer(tc.line)
		if ok != tc.ok || got != tc.want {
			t.Errorf("parseAnswer(%q) = %+v, %v; want %+v, %v", tc.line, got, ok, tc.want, tc.ok)
		}
	}
}

// Any line: no panic, and an answer read, written again as -analyze
// writes it, reads back the same.
func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{"5,40 -2 5 179716686 2235360", "-2 5 1 0", "- -2 5 1 0", "03142 -10 - 0 0",
		`{"position":"5,40","score":-2,"move":"5","nodes":7,"us":9}`, "00 error: illegal", "1 2 3 4 5 6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		a, ok := parseAnswer(line)
		if !ok {
			return
		}
		if a.nodes < 0 || a.micros < 0 || strings.ContainsAny(a.record+a.move, " \t\r\n") {
			t.Fatalf("parseAnswer(%q) = %+v", line, a)
		}
		record := a.record
		if record == "" {
			record = "-"
		}
		again := fmt.Sprintf("%s %d %s %d %d", record, a.score, a.move, a.nodes, a.micros)
		if b, ok := parseAnswer(again); !ok || b != a {
			t.Fatalf("parseAnswer(%q) = %+v, but %q reads %+v, %v", line, a, again, b, ok)
		}
	})
}

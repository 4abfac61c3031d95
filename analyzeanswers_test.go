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
		{"5,40 -2 5 179716686 2235360", jobAnswer{"5,40", -2, "5", 179716686, 2235360, ""}, true},
		{"-2 5 1 0", jobAnswer{"", -2, "5", 1, 0, ""}, true},               // the start, written as nothing
		{"- -2 5 1 0", jobAnswer{"", -2, "5", 1, 0, ""}, true},             // the start, written "-"
		{"  4 -1 4 0 5  ", jobAnswer{"4", -1, "4", 0, 5, ""}, true},        // spaces around
		{"44 1 4 0 3 -2 0 1 - 3", jobAnswer{"44", 1, "4", 0, 3, ""}, true}, // -scores' fields after
		{"03142 -10 - 0 0", jobAnswer{"03142", -10, "-", 0, 0, ""}, true},  // a finished game
		{`{"position":"5,40","score":-2,"move":"5","nodes":7,"us":9}`, jobAnswer{"5,40", -2, "5", 7, 9, ""}, true},
		{`{"position":"","score":1,"move":"4","nodes":0,"us":3}`, jobAnswer{"", 1, "4", 0, 3, ""}, true},
		{`{"position":"1212121","score":-18,"nodes":0,"us":0}`, jobAnswer{"1212121", -18, "-", 0, 0, ""}, true},
		{`{"position":"00","error":"illegal"}`, jobAnswer{}, false},
		{"00 error: illegal: cell 0 is taken at move 2", jobAnswer{}, false},
		{"5,40 -2 5 1795", jobAnswer{}, false}, // a line cut short: four fields, not numbers
		{"5,40 -2 5", jobAnswer{}, false},
		{"5,40 x 5 1 2", jobAnswer{}, false},
		{"5,40 -2 5 -1 2", jobAnswer{}, false},
		{"", jobAnswer{}, false},
		{"{", jobAnswer{}, false},
		// Bounded jobs' answers: a move that keeps a lower bound, none
		// for an upper one.
		{"5,40 >=-2 5 17 22", jobAnswer{"5,40", -2, "5", 17, 22, ">="}, true},
		{"- <=1 - 17 22", jobAnswer{"", 1, "-", 17, 22, "<="}, true},
		{`{"position":"5,40","bound":"<=","score":-4,"nodes":7,"us":9}`, jobAnswer{"5,40", -4, "-", 7, 9, "<="}, true},
		{"5,40 =>-2 5 17 22", jobAnswer{}, false},
		{"5,40 >= 5 17 22", jobAnswer{}, false},
		{"5,40 >=2000000 5 17 22", jobAnswer{}, false},
		{`{"position":"5,40","bound":"<","score":-4,"nodes":7,"us":9}`, jobAnswer{}, false},
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
		`{"position":"5,40","score":-2,"move":"5","nodes":7,"us":9}`, "00 error: illegal", "1 2 3 4 5 6", "5,40 >=-2 5 17 22", "- <=1 - 17 22"} {
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
		again := fmt.Sprintf("%s %s%d %s %d %d", record, a.bound, a.score, a.move, a.nodes, a.micros)
		if b, ok := parseAnswer(again); !ok || b != a {
			t.Fatalf("parseAnswer(%q) = %+v, but %q reads %+v, %v", line, a, again, b, ok)
		}
	})
}

// A job line's bound: ">=N" and "<=N" (asking at least N+1), anything
// else no bound, and a field that starts as one but is none an error.
func TestParseBound(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		field    string
		beta     int
		ok, fail bool
	}{
		{">=2", 2, true, false},
		{">=-3", -3, true, false},
		{"<=1", 2, true, false},
		{"<=-1048576", -1048575, true, false},
		{"anything", 0, false, false},
		{"", 0, false, false},
		{">", 0, false, false},
		{"=>2", 0, false, false},
		{">=", 0, false, true},
		{">=x", 0, false, true},
		{">=1.5", 0, false, true},
		{"<=1048577", 0, false, true},
	} {
		beta, ok, err := parseBound(tc.field)
		if beta != tc.beta || ok != tc.ok || (err != nil) != tc.fail {
			t.Errorf("parseBound(%q) = %d, %v, %v", tc.field, beta, ok, err)
		}
	}
}

// Any field: no panic; a bound read, written again, reads back the same.
func FuzzParseBound(f *testing.F) {
	for _, s := range []string{">=2", "<=-1", ">=", "x", ">=+5", "<=0x10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, field string) {
		beta, ok, err := parseBound(field)
		if ok == (err != nil) && ok {
			t.Fatalf("parseBound(%q): ok and %v", field, err)
		}
		if !ok {
			return
		}
		if again, ok2, _ := parseBound(fmt.Sprintf(">=%d", beta)); !ok2 || again != beta {
			t.Fatalf("parseBound(%q) = %d, but >=%d reads %d", field, beta, beta, again)
		}
	})
}

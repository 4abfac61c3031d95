package main

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// Every bad flag value is one line naming the flag, the value and what it
// accepts; so is every bad bot spec, naming the spec and the key.
func TestBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-first", "maybe"}, `-first "maybe": accepted is human, bot or random`},
		{[]string{"-depth", "x"}, `-depth "x": accepted is a whole number of plies 0..64`},
		{[]string{"-depth", "-3"}, `-depth "-3": accepted is a whole number of plies 0..64`},
		{[]string{"-time", "5"}, `-time "5": accepted is a duration like 500ms or 5s, 0 or more`},
		{[]string{"-rounds", "29"}, `-rounds "29": accepted is a whole number 2..28`},
		{[]string{"-rounds", "1"}, `-rounds "1": accepted is a whole number 2..28`},
		{[]string{"-games", "0"}, `-games "0": accepted is a whole number 1 or more`},
		{[]string{"-games", "3"}, `-games 3: a match needs two bots`},
		{[]string{"-level", "0"}, `-level "0": accepted is a level 1..5`},
		{[]string{"-level", "6"}, `-level "6": accepted is a level 1..5`},
		{[]string{"-x", "random", "-o", "random", "-games", "2", "-openings", "-1"}, `-openings "-1": accepted is K plies, 0 or more, or a file of records`},
		{[]string{"-x", "random", "-o", "random", "-games", "2", "-openings", "two"}, `-openings "two": no such file and not a number: accepted is K plies (0 or more) or a file of records`},
		{[]string{"-shard", "3/2"}, `-shard "3/2": accepted is I/N, the I-th of N slices, 1 <= I <= N, like 2/4`},
		{[]string{"-format", "xml"}, `-format "xml": accepted is text or json`},
		{[]string{"-x", "random", "-o", "random", "-games", "2", "-moves", "44", "-openings", "main_test.go"}, `-moves with -openings FILE`},
		{[]string{"-book-ply", "x"}, `-book-ply "x": accepted is a whole number of plies 0..42`},
		{[]string{"-book-line-ply", "43"}, `-book-line-ply "43": accepted is a whole number of plies 0..42`},
		{[]string{"-make-book", "b.bin", "-book-line-ply", "5"}, "-book-line-ply 5: accepted is -book-ply (12)..42 plies"},
		{[]string{"-nope"}, `unknown flag -nope: see -h for the flags`},
		{[]string{"-depth"}, `-depth needs a value: accepted is a whole number of plies 0..64`},
		{[]string{"-game", "chess"}, `-game "chess": accepted is ttt (tictactoe), connect4 (c4), adjacency (adj)`},
		{[]string{"-bot", "solver"}, `-bot: bot solver does not play Tic-Tac-Toe: accepted are minimax, alphabeta`},
		{[]string{"-x", "deep-blue"}, `-x: unknown bot "deep-blue": accepted are minimax`},
		{[]string{"stray"}, `unexpected argument "stray"`},
		{[]string{"-x", "alphabeta:dept=3"}, `-x: "alphabeta:dept=3": alphabeta has no key "dept": accepted are depth, time, eval, order`},
		{[]string{"-x", "alphabeta:depth=65"}, `-x: "alphabeta:depth=65": depth="65": accepted is a whole number 0..64`},
		{[]string{"-x", "alphabeta:eval=threats"}, `-x: "alphabeta:eval=threats": eval="threats": accepted is one of lines`},
		{[]string{"-x", "alphabeta:depth=2:depth=3"}, `-x: "alphabeta:depth=2:depth=3": depth is given twice`},
		{[]string{"-x", "alphabeta:depth"}, `-x: "alphabeta:depth": "depth" is not KEY=VALUE`},
		{[]string{"-x", ":depth=3"}, `-x: ":depth=3": no bot name before the first colon`},
		{[]string{"-o", "random:depth=3"}, `-o: "random:depth=3": random has no key "depth": accepted are none: it takes no keys`},
		{[]string{"-bot", "mcts:c=-1"}, `-bot: "mcts:c=-1": c="-1": accepted is a number 0..100`},
		{[]string{"-game", "c4", "-bot", "solver:book=maybe"}, `-bot: "solver:book=maybe": book="maybe": accepted is on or off`},
		{[]string{"-tournament", "alphabeta:depth=1..x,random"}, `-tournament: "alphabeta:depth=1..x": depth=1..x: accepted is A..B with whole numbers A < B`},
		{[]string{"-tournament", "alphabeta:depth=3..1,random"}, `accepted is A..B with A < B and at most 64 values`},
		{[]string{"-tournament", "alphabeta,alphabeta:depth=2,AlphaBeta"}, `-tournament: alphabeta is listed twice`},
	}
	for _, tt := range tests {
		_, err := planOf(tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: error %v; want one line containing %q", tt.args, err, tt.want)
		}
	}
}

// Every flag that takes a value refuses nonsense with the words of its
// own accepts, from the one table.
func TestFlagAccepts(t *testing.T) {
	for _, f := range flagTable(&declared) {
		if f.accepts == "" || f.name == "openings" {
			continue // it takes any text, or words its own errors (TestBadFlags)
		}
		t.Run(f.name, func(t *testing.T) {
			_, err := parseArgs(flagTable(&declared), []string{"-" + f.name + "=?"})
			want := "-" + f.name + ` "?": accepted is ` + f.accepts
			if err == nil || err.Error() != want {
				t.Errorf("error %v, want %q", err, want)
			}
		})
	}
}

// -name value, -name=value and --name are one flag; a switch alone is
// on, and -name=false off.
func TestFlagForms(t *testing.T) {
	for _, args := range [][]string{
		{"-games", "4", "-v"},
		{"-games=4", "-v=true"},
		{"--games", "4", "--v"},
	} {
		c, err := parseArgs(flagTable(&declared), args)
		if err != nil || c.games != 4 || !c.verbose || !c.set["games"] || !c.set["v"] {
			t.Errorf("%q: games %d, -v %v, error %v", args, c.games, c.verbose, err)
		}
	}
	c, err := parseArgs(flagTable(&declared), []string{"-v=false"})
	if err != nil || c.verbose {
		t.Errorf("-v=false: -v %v, error %v", c.verbose, err)
	}
	if _, err := parseArgs(flagTable(&declared), []string{"-h"}); !errors.Is(err, errHelp) {
		t.Errorf("-h: %v, want errHelp", err)
	}
}

// -rate takes every file after it, and flags may come before or after
// them, or between.
func TestRateFiles(t *testing.T) {
	for _, args := range [][]string{
		{"-rate", "a.jsonl", "b.jsonl", "-format", "json"},
		{"-format", "json", "-rate", "a.jsonl", "b.jsonl"},
		{"-rate", "a.jsonl", "-format", "json", "b.jsonl"},
	} {
		c, err := parseArgs(flagTable(&declared), args)
		if err != nil || !slices.Equal(c.rate, []string{"a.jsonl", "b.jsonl"}) || c.format != "json" {
			t.Errorf("%q: error %v", args, err)
		}
	}
	if _, err := parseArgs(flagTable(&declared), []string{"-format", "json", "a.jsonl"}); err == nil {
		t.Error("a file without -rate: want an error")
	}
}

// Every flag in the table applies to some mode, has a meaning, and a
// default its own setter takes (parseArgs panics otherwise).
func TestFlagTable(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range flagTable(&declared) {
		if seen[f.name] {
			t.Errorf("-%s declared twice", f.name)
		}
		seen[f.name] = true
		if f.modes == 0 || f.about == "" || f.set == nil {
			t.Errorf("-%s: modes %b, about %q, a setter %v", f.name, f.modes, f.about, f.set != nil)
		}
	}
	if _, err := parseArgs(flagTable(&declared), nil); err != nil {
		t.Fatal(err)
	}
}

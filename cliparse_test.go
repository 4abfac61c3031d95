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
		{[]string{"-first", "maybe"}, `-first "maybe": expected human, bot or random`},
		{[]string{"-depth", "x"}, `-depth "x": expected a whole number of plies from 0 (no limit) to 64`},
		{[]string{"-depth", "-3"}, `-depth "-3": expected a whole number of plies from 0 (no limit) to 64`},
		{[]string{"-time", "5"}, `-time "5": expected a time like 500ms or 5s, or 0 (no limit)`},
		{[]string{"-rounds", "29"}, `-rounds "29": expected a whole number from 2 to 28`},
		{[]string{"-rounds", "1"}, `-rounds "1": expected a whole number from 2 to 28`},
		{[]string{"-games", "0"}, `-games "0": expected a whole number, 1 or more`},
		{[]string{"-games", "3"}, `-games 3: a match needs two bots`},
		{[]string{"-level", "0"}, `-level "0": expected a level from 1 to 5`},
		{[]string{"-level", "6"}, `-level "6": expected a level from 1 to 5`},
		{[]string{"-x", "random", "-o", "random", "-games", "2", "-openings", "-1"}, `-openings "-1": expected K plies, 0 or more, or a file of records`},
		{[]string{"-x", "random", "-o", "random", "-games", "2", "-openings", "two"}, `-openings "two": no such file and not a number: expected K plies (0 or more) or a file of records`},
		{[]string{"-shard", "3/2"}, `-shard "3/2": expected I/N, slice I of N slices, like 2/4 (I from 1 to N)`},
		{[]string{"-format", "xml"}, `-format "xml": expected text or json`},
		{[]string{"-x", "random", "-o", "random", "-games", "2", "-moves", "44", "-openings", "main_test.go"}, `-moves with -openings FILE`},
		{[]string{"-book-ply", "x"}, `-book-ply "x": expected a whole number of plies from 0 to 42`},
		{[]string{"-book-line-ply", "43"}, `-book-line-ply "43": expected a whole number of plies from 0 to 42`},
		{[]string{"-make-book", "b.bin", "-book-line-ply", "5"}, "-book-line-ply 5: expected from -book-ply (12) to 42 plies"},
		{[]string{"-nope"}, `unknown flag -nope: see -h for the flags`},
		{[]string{"-gmae", "c4"}, `unknown flag -gmae: did you mean -game? (see -h)`},
		{[]string{"--tournement", "all"}, `unknown flag -tournement: did you mean -tournament? (see -h)`},
		{[]string{"-game", "conect4"}, `-game "conect4": did you mean connect4? Expected ttt (tictactoe), connect4 (c4), adjacency (adj) or nim`}, // Nim: nim_test.go
		{[]string{"-first", "humna"}, `-first "humna": did you mean human? Expected human, bot or random`},
		{[]string{"-format", "jsno"}, `-format "jsno": did you mean json? Expected text or json`},
		{[]string{"-x", "humna"}, `-x "humna": did you mean human? Expected human or a bot spec`},
		{[]string{"-x", "alphabta"}, `-x: unknown bot "alphabta": did you mean alphabeta? Expected one of minimax, alphabeta,`},
		{[]string{"-bot", "alphabeta:dpth=3"}, `-bot: "alphabeta:dpth=3": alphabeta has no key "dpth": did you mean depth? Expected one of its keys: depth, time, eval, order`},
		{[]string{"-game", "c4", "-bot", "alphabeta:eval=threat"}, `-bot: "alphabeta:eval=threat": eval="threat": did you mean threats? Expected one of segments, threats, reply-segments, reply-threats`},
		{[]string{"-depth"}, `-depth needs a value: expected a whole number of plies from 0 (no limit) to 64`},
		{[]string{"-game", "chess"}, `-game "chess": expected ttt (tictactoe), connect4 (c4), adjacency (adj) or nim`}, // Nim: nim_test.go
		{[]string{"-bot", "solver"}, `-bot: bot solver does not play Tic-Tac-Toe: expected one of minimax, alphabeta`},
		{[]string{"-x", "deep-blue"}, `-x: unknown bot "deep-blue": expected one of minimax, alphabeta, local, rollout, genetic, mcts, random, level1, level2, level3, level4, level5, or human`},
		{[]string{"-bot", "levl3"}, `-bot: unknown bot "levl3": did you mean level3? Expected one of minimax,`},
		{[]string{"stray"}, `unexpected argument "stray"`},
		{[]string{"-x", "alphabeta:dept=3"}, `-x: "alphabeta:dept=3": alphabeta has no key "dept": did you mean depth? Expected one of its keys: depth, time, eval, order`},
		{[]string{"-x", "alphabeta:depth=65"}, `-x: "alphabeta:depth=65": depth="65": expected a whole number from 0 to 64`},
		{[]string{"-x", "alphabeta:eval=threats"}, `-x: "alphabeta:eval=threats": eval="threats": expected one of lines`},
		{[]string{"-x", "alphabeta:depth=2:depth=3"}, `-x: "alphabeta:depth=2:depth=3": depth is given twice`},
		{[]string{"-x", "alphabeta:depth"}, `-x: "alphabeta:depth": "depth" is not KEY=VALUE`},
		{[]string{"-x", ":depth=3"}, `-x: ":depth=3": no bot name before the first colon`},
		{[]string{"-o", "random:depth=3"}, `-o: "random:depth=3": random takes no keys`},
		{[]string{"-bot", "mcts:c=-1"}, `-bot: "mcts:c=-1": c="-1": expected a number from 0 to 100`},
		{[]string{"-game", "c4", "-bot", "solver:book=maybe"}, `-bot: "solver:book=maybe": book="maybe": expected on or off`},
		{[]string{"-tournament", "alphabeta:depth=1..x,random"}, `-tournament: "alphabeta:depth=1..x": depth=1..x: expected A..B with whole numbers A < B`},
		{[]string{"-tournament", "alphabeta:depth=3..1,random"}, `expected A..B with A < B and at most 64 values`},
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
			want := "-" + f.name + ` "?": expected ` + f.accepts
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

// No command line crashes the parser or the plan: each is a plan or one
// line of error (words split at spaces; flags and values from the table
// and bot specs seed it).
func FuzzCommandLine(f *testing.F) {
	for _, s := range []string{
		"-gmae c4", "-game conect4 -x alphabta", "-first human -x alphabeta", "-o human -level 2",
		"-game c4 -bot alphabeta:dpth=3", "-game c4 -bot alphabeta:depth=0", "-depth 0 -time 0 -playouts 0",
		"-game c4 -width 12 -height 4", "-out x.jsonl", "-format json -analyze", "-x random -o random -games 2 -sprt elo0=0,elo1=5",
		"-tournament alphabeta:depth=1..3,mcts:c=0.5/1 -shard 1/2", "-rate a b -plot x.svg", "-game adj -rounds 3 -time 0",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		if len(args) > 12 || len(line) > 200 {
			return
		}
		for _, a := range args {
			// Files a plan would look at or make: leave the disk alone.
			if strings.Contains(a, "/") || strings.HasPrefix(a, "-plot") || strings.HasPrefix(a, "-engine") ||
				strings.HasPrefix(a, "-openings") || strings.HasPrefix(a, "-rate") || strings.HasPrefix(a, "--") {
				return
			}
		}
		reg, c, err := readCommandLine(args, &engineGroup{})
		if err == nil {
			_, err = newRunPlan(c, reg)
		}
		if err != nil && (strings.Contains(err.Error(), "\n") || err.Error() == "") {
			t.Errorf("%q: error %q is not one line", args, err)
		}
	})
}

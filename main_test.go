package main

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// envInt is the integer a benchmark knob (an environment variable) sets,
// def when it is unset; a value that is not an integer stops the
// benchmark rather than let a typing error go unnoticed.
func envInt(tb testing.TB, name string, def int) int {
	v, ok := os.LookupEnv(name)
	if !ok || v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		tb.Fatalf("%s=%q: want an integer", name, v)
	}
	return n
}

// Every bad flag value is one line naming the flag and what it accepts.
func TestBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-first", "maybe"}, `-first "maybe": accepted are human, bot, random`},
		{[]string{"-depth", "x"}, `-depth "x": accepted is a whole number`},
		{[]string{"-depth", "-3"}, `-depth -3: accepted is 0`},
		{[]string{"-time", "5"}, `-time "5": accepted is a duration`},
		{[]string{"-rounds", "29"}, `-rounds 29: accepted are 2..28`},
		{[]string{"-rounds", "1"}, `-rounds 1: accepted are 2..28`},
		{[]string{"-games", "0"}, `-games 0: accepted is 1 or more`},
		{[]string{"-games", "3"}, `-games 3: a match needs two bots`},
		{[]string{"-nope"}, `unknown flag -nope`},
		{[]string{"-game", "chess"}, `-game: unknown game "chess": accepted are ttt`},
		{[]string{"-bot", "solver"}, `-bot: bot "solver" does not play Tic-Tac-Toe: accepted are minimax, alphabeta`},
		{[]string{"-x", "deep-blue"}, `-x: unknown bot "deep-blue"`},
		{[]string{"stray"}, `unexpected argument "stray"`},
	}
	for _, tt := range tests {
		o, err := parseFlags(tt.args, nil)
		if err == nil {
			_, err = resolve(o)
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: error %v; want one line containing %q", tt.args, err, tt.want)
		}
	}
}

// Who sits where, from SPEC's defaults and the -bot, -first, -x, -o rules.
func TestSeats(t *testing.T) {
	tests := []struct {
		args []string
		x, o string // "human" or the bot's name
	}{
		{nil, "minimax", "human"},
		{[]string{"-first", "human"}, "human", "minimax"},
		{[]string{"-bot", "alphabeta"}, "alphabeta", "human"},
		{[]string{"-x", "random", "-o", "alphabeta"}, "random", "alphabeta"},
		{[]string{"-x", "human", "-o", "human"}, "human", "human"},
		{[]string{"-o", "random"}, "minimax", "random"},
		{[]string{"-first", "human", "-x", "alphabeta"}, "alphabeta", "minimax"},
	}
	name := func(b Bot) string {
		if b == nil {
			return "human"
		}
		return b.Name()
	}
	for _, tt := range tests {
		o, err := parseFlags(tt.args, nil)
		if err != nil {
			t.Fatal(err)
		}
		s, err := resolve(o)
		if err != nil {
			t.Fatal(err)
		}
		if name(s.seats[X]) != tt.x || name(s.seats[O]) != tt.o {
			t.Errorf("%v: X %s, O %s; want X %s, O %s", tt.args, name(s.seats[X]), name(s.seats[O]), tt.x, tt.o)
		}
	}
}

// -first random is drawn from the seeded source: the same seed, the same
// first player, and both outcomes occur over seeds.
func TestFirstRandomIsSeeded(t *testing.T) {
	firsts := map[bool]int{}
	for seed := 0; seed < 20; seed++ {
		args := []string{"-first", "random", "-seed", string(rune('0' + seed%10))}
		var botFirst []bool
		for range 2 {
			o, _ := parseFlags(args, nil)
			s, err := resolve(o)
			if err != nil {
				t.Fatal(err)
			}
			botFirst = append(botFirst, s.seats[X] != nil)
		}
		if botFirst[0] != botFirst[1] {
			t.Fatalf("seed %v drew different first players", args)
		}
		firsts[botFirst[0]]++
	}
	if len(firsts) != 2 {
		t.Errorf("over 10 seeds the first player never changed: %v", firsts)
	}
}

// -delay: as given, else half a second at a terminal and none on a pipe.
func TestWatchDelayFlag(t *testing.T) {
	for _, tt := range []struct {
		args     []string
		terminal bool
		want     time.Duration
	}{
		{nil, true, 500 * time.Millisecond},
		{nil, false, 0},
		{[]string{"-delay", "2s"}, true, 2 * time.Second},
		{[]string{"-delay", "2s"}, false, 2 * time.Second},
		{[]string{"-delay", "0"}, true, 0},
	} {
		o, err := parseFlags(tt.args, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := watchDelay(o, tt.terminal); got != tt.want {
			t.Errorf("%v at a terminal %v: %v, want %v", tt.args, tt.terminal, got, tt.want)
		}
	}
}

// -h says which runs -seed repeats, and which it cannot.
func TestHelpOnSeeds(t *testing.T) {
	var out strings.Builder
	if _, err := parseFlags([]string{"-h"}, &out); err == nil {
		t.Fatal("-h gave no ErrHelp")
	}
	text := strings.Join(strings.Fields(out.String()), " ")
	for _, want := range []string{
		"-delay", "-seed",
		"With a time budget (-time) how deep a bot searches depends on the machine's speed, so the same -seed can give different games",
		"with fixed budgets only (-depth, -playouts) a run repeats exactly",
		"in a game type a move, or help, undo, hint, new, rules, quit.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("-h lacks %q", want)
		}
	}
}

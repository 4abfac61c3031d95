package main

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// Who sits where, from the games' defaults and the -bot, -first, -x, -o rules.
func TestSeats(t *testing.T) {
	tests := []struct {
		args []string
		x, o string // "human" or the player's label
	}{
		{nil, "minimax", "human"},
		{[]string{"-first", "human"}, "human", "minimax"},
		{[]string{"-bot", "alphabeta"}, "alphabeta", "human"},
		{[]string{"-x", "random", "-o", "alphabeta"}, "random", "alphabeta"},
		{[]string{"-x", "human", "-o", "human"}, "human", "human"},
		{[]string{"-o", "random"}, "minimax", "random"},
		{[]string{"-first", "human", "-x", "alphabeta"}, "alphabeta", "minimax"},
		{[]string{"-x", "alphabeta:depth=2", "-o", "AlphaBeta:Depth=7"}, "alphabeta:depth=2", "alphabeta:depth=7"},
	}
	name := func(p *player) string {
		if p == nil {
			return "human"
		}
		return p.label
	}
	for _, tt := range tests {
		p := mustPlan(t, tt.args...)
		if name(p.seats[X]) != tt.x || name(p.seats[O]) != tt.o {
			t.Errorf("%v: X %s, O %s; want X %s, O %s", tt.args, name(p.seats[X]), name(p.seats[O]), tt.x, tt.o)
		}
	}
}

// -first random is drawn from the seeded source: the same seed, the same
// first player, and both outcomes occur over seeds.
func TestFirstRandomIsSeeded(t *testing.T) {
	firsts := map[bool]int{}
	for seed := range 20 {
		var botFirst []bool
		for range 2 {
			p := mustPlan(t, "-first", "random", "-seed", strconv.Itoa(seed))
			botFirst = append(botFirst, p.seats[X] != nil)
		}
		if botFirst[0] != botFirst[1] {
			t.Fatalf("seed %d drew different first players", seed)
		}
		firsts[botFirst[0]]++
	}
	if len(firsts) != 2 {
		t.Errorf("over 20 seeds the first player never changed: %v", firsts)
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
		r := &invocation{runPlan: mustPlan(t, tt.args...)}
		if got := r.watchDelay(tt.terminal); got != tt.want {
			t.Errorf("%v at a terminal %v: %v, want %v", tt.args, tt.terminal, got, tt.want)
		}
	}
}

// Names are read in any case; the game error lists the aliases.
func TestNamesAnyCase(t *testing.T) {
	for _, tt := range []struct {
		args          []string
		game, x, o    string
		errorContains string
	}{
		{[]string{"-game", "TTT", "-x", "AlphaBeta", "-o", "Human"}, "ttt", "alphabeta", "", ""},
		{[]string{"-game", "C4", "-first", "Bot"}, "connect4", "solver", "", ""},
		{[]string{"-game", "Adjacency", "-x", "MCTS", "-o", "RANDOM"}, "adjacency", "mcts", "random", ""},
		{[]string{"-game", "TicTacToe", "-tournament", "MiniMax,Random"}, "ttt", "minimax", "", ""},
		{[]string{"-game", "chess"}, "", "", "", "accepted is ttt (tictactoe), connect4 (c4), adjacency (adj)"},
	} {
		p, err := planOf(tt.args...)
		if err == nil {
			label := func(s Side) string {
				if p.seats[s] == nil {
					return ""
				}
				return p.seats[s].label
			}
			if p.spec.name != tt.game || label(X) != tt.x || label(O) != tt.o {
				t.Errorf("%v: game %s, seats %q %q; want %s, %q %q", tt.args, p.spec.name, label(X), label(O), tt.game, tt.x, tt.o)
			}
			if tt.args[2] == "-tournament" && (len(p.field) != 2 || p.field[0].label != "minimax" || p.field[1].label != "random") {
				t.Errorf("tournament field %v", p.field)
			}
		}
		switch {
		case tt.errorContains == "" && err != nil:
			t.Errorf("%v: %v", tt.args, err)
		case tt.errorContains != "" && (err == nil || !strings.Contains(err.Error(), tt.errorContains)):
			t.Errorf("%v: error %v, want it to say %q", tt.args, err, tt.errorContains)
		}
	}
}

// Each flag a run cannot use gets one warning line naming it, whichever
// flag it is; flags that apply get none.
func TestFlagWarnings(t *testing.T) {
	match := []string{"-x", "minimax", "-o", "random", "-games", "2"}
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"-game", "c4", "-depth", "4"}, []string{"-depth does not apply to solver: ignored"}},
		{[]string{"-game", "c4", "-bot", "alphabeta", "-depth", "4"}, nil},
		{[]string{"-trace", "2", "-bot", "mcts"}, nil},
		{[]string{"-game", "c4", "-trace", "1"}, nil},
		{[]string{"-game", "adj", "-analyze", "-trace", "1"}, nil},
		{[]string{"-trace", "1", "-bot", "random"}, nil},
		{[]string{"-game", "adj", "-trace", "2", "-bot", "genetic"}, nil},
		{[]string{"-trace", "2", "-x", "local", "-o", "rollout"}, nil},
		{[]string{"-trace", "2", "-bot", "alphabeta"}, nil},
		{[]string{"-x", "human", "-o", "minimax", "-tournament", "all"},
			[]string{"-x does not apply to a tournament: ignored", "-o does not apply to a tournament: ignored"}},
		{[]string{"-openings", "3"}, []string{"-openings does not apply to a single game: ignored"}},
		{append([]string{"-openings", "3"}, match...), nil},
		{[]string{"-rounds", "4"}, []string{"-rounds does not apply to Tic-Tac-Toe: ignored"}},
		{[]string{"-game", "adj", "-rounds", "4"}, nil},
		{[]string{"-playouts", "9", "-x", "alphabeta", "-o", "random", "-games", "2"},
			[]string{"-playouts does not apply to alphabeta and random: ignored"}},
		{[]string{"-playouts", "9", "-x", "mcts", "-o", "random", "-games", "2"}, nil},
		{[]string{"-level", "2", "-bot", "minimax", "-depth", "3"},
			[]string{"-bot does not apply to a run with -level, which picks the bot: ignored", "-depth does not apply to level2: ignored"}},
		{[]string{"-first", "human", "-x", "minimax", "-o", "random"}, []string{"-first does not apply to a game with both -x and -o set: ignored"}},
		{[]string{"-delay", "1s"}, []string{"-delay does not apply to a run that is not two bots watched: ignored"}},
		{[]string{"-delay", "1s", "-x", "minimax", "-o", "random"}, nil},
		{[]string{"-step", "-bot", "minimax"}, []string{"-step does not apply to a run that is not two bots watched: ignored"}},
		{[]string{"-step", "-x", "minimax", "-o", "random", "-trace", "1", "-trace-format", "dot"}, nil},
		{[]string{"-trace-format", "json"}, []string{"-trace-format does not apply to a run without -trace: ignored"}},
		{[]string{"-out", "games.jsonl"}, []string{"-out does not apply to a single game: ignored"}},
		{append([]string{"-out", "games.jsonl"}, match...), nil},
		{[]string{"-book-ply", "3"}, []string{"-book-ply does not apply to a single game: ignored"}},
		{[]string{"-analyze", "-x", "minimax", "-trace", "1"}, []string{"-x does not apply to -analyze: ignored"}},
		{append([]string{"-trace", "1"}, match...), []string{"-trace does not apply to a match: ignored"}},
		// Every flag alike: -v and -format were once silently ignored.
		{append([]string{"-v"}, match...), []string{"-v does not apply to a match: ignored"}},
		{[]string{"-format", "json"}, []string{"-format does not apply to a single game: ignored"}},
		{[]string{"-scores"}, []string{"-scores does not apply to a single game: ignored"}},
		{[]string{"-shard", "1/2"}, []string{"-shard does not apply to a single game: ignored"}},
		{[]string{"-no-color", "-analyze"}, []string{"-no-color does not apply to -analyze: ignored"}},
		// A budget flag applies to a bot that reads its key and whose
		// spec does not set it.
		{[]string{"-depth", "3", "-x", "alphabeta:depth=2", "-o", "random"},
			[]string{"-depth does not apply to alphabeta:depth=2 and random: ignored"}},
		{[]string{"-depth", "3", "-x", "alphabeta:depth=2", "-o", "minimax"}, nil},
		{[]string{"-time", "1s", "-bot", "random"}, []string{"-time does not apply to random: ignored"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			p := mustPlan(t, tt.args...)
			if strings.Join(p.warnings, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(p.warnings, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

package main

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Who sits where, in every game: the game's default bot (D) on its
// default side, one seat named gives the person (or, named human, the
// bot) the other, both named are both set, and -first that the seat
// named contradicts gets one line saying what was done.
func TestSeats(t *testing.T) {
	tests := []struct {
		args []string
		x, o string // "human", a label, or "D": the game's default bot
		note string // the one line the run prints about the seats, if any
	}{
		{[]string{"-x", "alphabeta"}, "alphabeta", "human", ""},
		{[]string{"-o", "alphabeta"}, "human", "alphabeta", ""},
		{[]string{"-x", "human"}, "human", "D", ""},
		{[]string{"-o", "human"}, "D", "human", ""},
		{[]string{"-x", "human", "-bot", "random"}, "human", "random", ""},
		{[]string{"-o", "Human", "-level", "2"}, "level2", "human", ""},
		{[]string{"-x", "random", "-o", "alphabeta"}, "random", "alphabeta", ""},
		{[]string{"-x", "human", "-o", "human"}, "human", "human", ""},
		{[]string{"-x", "alphabeta:depth=2", "-o", "AlphaBeta:Depth=3"}, "alphabeta:depth=2", "alphabeta:depth=3", ""},
		{[]string{"-first", "human", "-bot", "random"}, "human", "random", ""},
		{[]string{"-first", "bot", "-bot", "random"}, "random", "human", ""},
		{[]string{"-first", "human", "-o", "alphabeta"}, "human", "alphabeta", ""},
		{[]string{"-first", "bot", "-x", "alphabeta"}, "alphabeta", "human", ""},
		{[]string{"-first", "human", "-x", "alphabeta"}, "alphabeta", "human",
			"-first human ignored: alphabeta plays X, who moves first; you play O"},
		{[]string{"-first", "bot", "-o", "alphabeta"}, "human", "alphabeta",
			"-first bot ignored: you play X, who moves first; alphabeta plays O"},
		{[]string{"-first", "bot", "-x", "human"}, "human", "D",
			"-first bot ignored: you play X, who moves first; D plays O"},
		{[]string{"-first", "random", "-x", "random"}, "random", "human",
			"-first random ignored: random plays X, who moves first; you play O"},
		{[]string{"-bot", "mcts", "-x", "alphabeta"}, "alphabeta", "human",
			"-bot does not apply to a game where -x names the bot: ignored"},
		{[]string{"-level", "3", "-o", "alphabeta"}, "human", "alphabeta",
			"-level does not apply to a game where -o names the bot: ignored"},
	}
	name := func(p *player) string {
		if p == nil {
			return "human"
		}
		return p.label
	}
	for _, game := range []string{"ttt", "c4", "adj"} {
		spec, _ := declared.findGame(game)
		def := func(s string) string { return strings.ReplaceAll(s, "D", spec.seats.bot) }
		t.Run(game, func(t *testing.T) {
			x, o := spec.seats.bot, "human"
			if !spec.seats.botFirst {
				x, o = o, x
			}
			tests := append(tests, struct {
				args       []string
				x, o, note string
			}{nil, x, o, ""})
			for _, tt := range tests {
				p := mustPlan(t, append([]string{"-game", game}, tt.args...)...)
				if name(p.seats[X]) != def(tt.x) || name(p.seats[O]) != def(tt.o) {
					t.Errorf("%v: X %s, O %s; want X %s, O %s", tt.args, name(p.seats[X]), name(p.seats[O]), def(tt.x), def(tt.o))
				}
				if got := strings.Join(p.warnings, "\n"); got != def(tt.note) {
					t.Errorf("%v: said %q, want %q", tt.args, got, def(tt.note))
				}
			}
		})
	}
}

// A match seats -x and -o: one of them alone is no match.
func TestMatchNeedsTwoBots(t *testing.T) {
	for _, args := range [][]string{{"-x", "alphabeta"}, {"-o", "random", "-bot", "minimax"}, {"-x", "human", "-o", "random"}} {
		_, err := planOf(append(args, "-games", "4")...)
		if want := "-games 4: a match needs two bots: set -x and -o to bot specs"; err == nil || err.Error() != want {
			t.Errorf("%v: error %v, want %q", args, err, want)
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
		{[]string{"-game", "chess"}, "", "", "", "expected ttt (tictactoe), connect4 (c4), adjacency (adj) or nim"},
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
		{append([]string{"-out", "games.jsonl"}, match...), nil},
		{append([]string{"-plot-size", "800x600"}, match...), []string{"-plot-size does not apply to a run without -plot: ignored"}},
		{append([]string{"-plot-size", "800x600", "-plot", "x.png"}, match...), nil},
		{[]string{"-book-ply", "3"}, []string{"-book-ply does not apply to a single game: ignored"}},
		{[]string{"-analyze", "-x", "minimax", "-trace", "1"}, []string{"-x does not apply to -analyze: ignored"}},
		{append([]string{"-trace", "1"}, match...), []string{"-trace does not apply to a match: ignored"}},
		// Every flag alike: -v and -format were once silently ignored.
		{append([]string{"-v"}, match...), []string{"-v does not apply to a match: ignored"}},
		{[]string{"-format", "text"}, []string{"-format does not apply to a single game: ignored"}},
		{[]string{"-no-color", "-analyze"}, []string{"-no-color does not apply to -analyze: ignored"}},
		// A budget flag is for a bot that reads its key and whose
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

// A flag that promises output (a file, a verdict, JSON) where it cannot
// give it refuses the run in one line, before anything runs; harmless
// flags only warn (TestFlagWarnings).
func TestOutputFlagsRefused(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-out", dir + "/g.jsonl"}, "-out is for a match (-x BOT -o BOT -games N) or a tournament (-tournament LIST), not a single game: nothing was run"},
		{[]string{"-plot", dir + "/p.svg"}, "-plot is for a match (-x BOT -o BOT -games N), a tournament (-tournament LIST) or -rate FILE..., not a single game: nothing was run"},
		{[]string{"-sprt", "elo0=0,elo1=50", "-x", "random"}, "-sprt is for a match (-x BOT -o BOT -games N), not a single game: nothing was run"},
		{[]string{"-shard", "1/2", "-x", "random", "-o", "minimax", "-games", "2"}, "-shard is for a tournament (-tournament LIST), not a match: nothing was run"},
		{[]string{"-format", "json"}, "-format json is for a match (-x BOT -o BOT -games N), a tournament (-tournament LIST), -analyze, -review or -rate FILE..., not a single game: nothing was run"},
		{[]string{"-scores", "-tournament", "random,minimax"}, "-scores is for -analyze, not a tournament: nothing was run"},
		{[]string{"-analyze", "-trace-out", dir + "/t.txt"}, "-trace-out does not apply to a run without -trace, and would write nothing: nothing was run"},
		{[]string{"-x", "random", "-o", "random", "-games", "2", "-plot", dir + "/none/p.svg"}, "there is no directory " + dir + "/none"},
		{[]string{"-x", "random", "-o", "random", "-games", "2", "-plot", dir}, "expected a file name ending in .svg or .png"},
	} {
		code, stdout, stderr := runCapture(tt.args, "4\n")
		if code != 2 || stdout != "" || stderr != "boardbots: "+tt.want+"\n" && !strings.Contains(stderr, tt.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, nothing run, one line %q", tt.args, code, stdout, stderr, tt.want)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 0 {
		t.Errorf("refused runs left %d files in %s", len(entries), dir)
	}
}

// -plot's picture is named on stderr once written, in a match, a
// tournament and -rate.
func TestPlotNamed(t *testing.T) {
	dir := t.TempDir()
	out := dir + "/games.jsonl"
	for _, args := range [][]string{
		{"-x", "random", "-o", "random", "-games", "2", "-seed", "1", "-out", out, "-plot", dir + "/match.svg"},
		{"-tournament", "random,minimax", "-seed", "1", "-plot", dir + "/t.png"},
		{"-rate", out, "-plot", dir + "/rate.svg"},
	} {
		file := args[len(args)-1]
		code, _, stderr := runCapture(args, "")
		if _, err := os.Stat(file); code != 0 || err != nil || stderr != "plot: "+file+"\n" {
			t.Errorf("%v: exit %d, stderr %q, file: %v", args, code, stderr, err)
		}
	}
}

// -check honours -game and the game's options: the engine is checked in
// that game only; without -game, in every game it plays, each option
// applying to its own game.
func TestCheckGames(t *testing.T) {
	engine := "-engine=me=" + shellQuote(os.Args[0])
	for _, tt := range []struct {
		args     []string
		games    string
		warnings string
	}{
		{[]string{"-game", "ttt"}, "ttt", ""},
		{[]string{"-game", "c4", "-width", "5", "-height", "4"}, "connect4", ""},
		{[]string{"-width", "5", "-rounds", "3"}, "ttt connect4 adjacency nim", ""}, // Nim: nim_test.go
		{[]string{"-game", "ttt", "-rounds", "3"}, "ttt", "-rounds does not apply to Tic-Tac-Toe: ignored"},
	} {
		p := mustPlan(t, append([]string{engine, "-check", "me"}, tt.args...)...)
		var names []string
		for _, g := range p.checked {
			names = append(names, g.name)
		}
		if strings.Join(names, " ") != tt.games || strings.Join(p.warnings, "\n") != tt.warnings {
			t.Errorf("%v: games %v, warnings %q; want %s, %q", tt.args, names, p.warnings, tt.games, tt.warnings)
		}
	}
	if _, err := planOf(engine, "-check", "me", "-width", "10"); err == nil || !strings.Contains(err.Error(), "-width 10 -height 6") {
		t.Errorf("-check with a board too large: %v", err)
	}
}

// 0 means no limit for a budget flag as for its key; a flag not given
// leaves each bot its default; a time limit given (not 0) lets depth and
// playouts give way; a flag's value must be one the key takes.
func TestZeroMeansNoLimit(t *testing.T) {
	for _, tt := range []struct {
		args              []string
		depth, time, outs string // the opponent's values; "" for a key it does not read
	}{
		{[]string{"-game", "c4", "-bot", "alphabeta"}, "7", "0", ""},
		{[]string{"-game", "c4", "-bot", "alphabeta", "-depth", "3"}, "3", "0", ""},
		{[]string{"-game", "c4", "-bot", "alphabeta", "-time", "1s"}, "0", "1s", ""},
		{[]string{"-game", "c4", "-bot", "alphabeta", "-time", "0"}, "7", "0", ""},
		{[]string{"-game", "c4", "-bot", "alphabeta:time=0"}, "7", "0", ""},
		{[]string{"-game", "c4", "-bot", "alphabeta:time=1s"}, "0", "1s", ""},
		{[]string{"-bot", "alphabeta", "-depth", "0"}, "0", "0", ""},
		{[]string{"-game", "adj", "-bot", "alphabeta"}, "0", "5s", ""},
		{[]string{"-game", "adj", "-bot", "alphabeta", "-time", "0"}, "0", "0", ""},
		{[]string{"-game", "c4", "-bot", "mcts"}, "", "0", "100000"},
		{[]string{"-game", "c4", "-bot", "mcts", "-playouts", "0", "-time", "1s"}, "", "1s", "0"},
		{[]string{"-game", "c4", "-bot", "mcts", "-time", "1s"}, "", "1s", "0"},
		{[]string{"-game", "c4", "-bot", "mcts", "-playouts", "0", "-playouts", "50"}, "", "0", "50"},
	} {
		p := mustPlan(t, tt.args...)
		v := p.bot.vals
		if v["depth"] != tt.depth || v["time"] != tt.time || v["playouts"] != tt.outs {
			t.Errorf("%v: depth %q, time %q, playouts %q; want %q, %q, %q", tt.args, v["depth"], v["time"], v["playouts"], tt.depth, tt.time, tt.outs)
		}
	}
	for _, args := range [][]string{{"-game", "c4", "-x", "genetic", "-o", "random", "-depth", "0"}, {"-tournament", "alphabeta,genetic", "-depth", "40"}} {
		if _, err := planOf(args...); err == nil || !strings.Contains(err.Error(), "genetic's depth=") {
			t.Errorf("%v: error %v, want genetic's range", args, err)
		}
	}
}

// A search to the end with no time limit: refused where it cannot end in
// practice, naming the bot for exact play; run, and said, where it ends
// (or the user asked the exact bot for one); and the game's opponent on
// a board without a book gets a clock unless asked for exact play.
func TestSearchWithoutEnd(t *testing.T) {
	refusal := "at Connect Four has no depth or time limit and would never move: use solver for exact play, or add time=5s"
	for _, args := range [][]string{
		{"-game", "c4", "-bot", "alphabeta:depth=0"},
		{"-game", "c4", "-bot", "minimax", "-depth", "0"},
		{"-game", "c4", "-x", "alphabeta:depth=0:time=0", "-o", "random"},
		{"-game", "c4", "-tournament", "alphabeta,random", "-depth", "0"},
		{"-game", "c4", "-width", "5", "-height", "4", "-analyze", "-bot", "alphabeta:depth=0"},
	} {
		if _, err := planOf(args...); err == nil || !strings.Contains(err.Error(), refusal) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: error %v, want one line containing %q", args, err, refusal)
		}
	}
	for _, tt := range []struct {
		args []string
		time string // the opponent's time
		note string
	}{
		{[]string{"-bot", "alphabeta:depth=0"}, "0", "alphabeta:depth=0: exact play, with no time limit"},
		{[]string{"-game", "adj", "-time", "0"}, "0", "alphabeta: exact play, with no time limit"},
		{[]string{"-game", "c4", "-bot", "alphabeta:depth=0:time=1s"}, "1s", ""},
		{[]string{"-game", "c4"}, "0", ""},
		{[]string{"-game", "c4", "-bot", "solver:time=0"}, "0", "solver:time=0: exact play, with no time limit"},
		{[]string{"-game", "c4", "-width", "12", "-height", "4"}, "5s",
			"solver has 5s a move on this board; solver:time=0 plays exactly"},
		{[]string{"-game", "c4", "-width", "12", "-height", "4", "-level", "5"}, "5s",
			"level5 has 5s a move on this board; level5:time=0 plays exactly"},
		{[]string{"-game", "c4", "-width", "12", "-height", "4", "-level", "1"}, "0", ""},
		{[]string{"-game", "c4", "-width", "12", "-height", "4", "-time", "0"}, "0", "solver: exact play, with no time limit"},
		{[]string{"-game", "c4", "-width", "12", "-height", "4", "-bot", "solver:time=2s"}, "2s", ""},
		{[]string{"-game", "c4", "-width", "12", "-height", "4", "-analyze"}, "0", ""},
	} {
		p := mustPlan(t, tt.args...)
		if p.bot.vals["time"] != tt.time || strings.Join(p.warnings, "\n") != tt.note {
			t.Errorf("%v: time %q, said %q; want %q, %q", tt.args, p.bot.vals["time"], p.warnings, tt.time, tt.note)
		}
	}
	// The clock reaches the bot's budget in a match too.
	p := mustPlan(t, "-game", "c4", "-width", "9", "-height", "5", "-x", "solver", "-o", "random", "-games", "2")
	if got := p.seats[X].budget().Time; got != 5*time.Second {
		t.Errorf("solver in a 9x5 match: %v a move, want 5s", got)
	}
}

package main

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// -tournament takes all or a list of bots that play the game, each once;
// a wrong list says what is wrong with it.
func TestTournamentField(t *testing.T) {
	ttt, _ := findGame("ttt")
	c4, _ := findGame("connect4")
	for _, tc := range []struct {
		spec    *gameSpec
		list    string
		want    []string // nil: an error
		wantErr string
	}{
		{ttt, "all", declared.botNames(ttt, false), ""},
		{c4, "all", declared.botNames(c4, false), ""},
		{c4, "solver, random", []string{"solver", "random"}, ""},
		{c4, "alphabeta:depth=1..3,mcts:c=0.5/1.4", []string{"alphabeta:depth=1", "alphabeta:depth=2", "alphabeta:depth=3", "mcts:c=0.5", "mcts:c=1.4"}, ""},
		{c4, "alphabeta:depth=1/2:eval=segments/threats", []string{"alphabeta:depth=1:eval=segments", "alphabeta:depth=1:eval=threats",
			"alphabeta:depth=2:eval=segments", "alphabeta:depth=2:eval=threats"}, ""},
		{ttt, "solver,random", nil, `bot solver does not play Tic-Tac-Toe: expected one of minimax,`},
		{ttt, "minimax,nobody", nil, `unknown bot "nobody": expected one of minimax,`},
		{ttt, "foo,bar", nil, `unknown bot "foo"`},
		{ttt, "minimax,minimax", nil, "minimax is listed twice"},
		{ttt, "alphabeta:depth=2,AlphaBeta:DEPTH=2", nil, "alphabeta:depth=2 is listed twice"},
	} {
		t.Run(tc.spec.name+" "+tc.list, func(t *testing.T) {
			field, err := declared.newPlayers(tc.spec, tc.list, budgetDefaults{})
			var got []string
			for _, p := range field {
				got = append(got, p.label)
			}
			if (err != nil) != (tc.want == nil) || !slices.Equal(got, tc.want) {
				t.Errorf("%v, %v; want %v", got, err, tc.want)
			}
			if err != nil && !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("error %q, want it to say %q", err, tc.wantErr)
			}
		})
	}
	if !slices.Contains(declared.botNames(c4, false), "solver") || slices.Contains(declared.botNames(ttt, false), "solver") {
		t.Errorf("botNames: Connect Four %v, Tic-Tac-Toe %v", declared.botNames(c4, false), declared.botNames(ttt, false))
	}
}

// Every two bots meet games times, half of them on each side (the odd
// game's X going to either), pair k of every match from opening k; and
// over the tournament every bot plays X as often as O, give or take one,
// also when every match has an odd game.
func TestTournamentSchedule(t *testing.T) {
	for _, bots := range []int{2, 3, 4, 5, 6, 7} {
		for _, games := range []int{1, 2, 5} {
			t.Run(fmt.Sprint(bots, "bots ", games, "games"), func(t *testing.T) {
				tc := tournamentConfig{games: games}
				for b := range bots {
					tc.players = append(tc.players, &player{label: fmt.Sprint("bot", b)})
				}
				openings := make([][]Move, (games+1)/2)
				for k := range openings {
					openings[k] = []Move{Move(k)}
				}
				deck, err := openingPlan{suite: openings}.openings(nil, nil, 1)
				if err != nil {
					t.Fatal(err)
				}
				s := tc.schedule(deck)
				var jobs []gameJob
				var byBot [][3]int
				for j := range s.games {
					jobs = append(jobs, j)
					byBot = append(byBot, j.field)
				}
				if len(jobs) != s.count {
					t.Errorf("%d games dealt, the schedule counts %d", len(jobs), s.count)
				}
				// Shards deal the games of one run, each once, as many
				// as they count, each keeping its place in the run.
				for _, shards := range []int{2, 3, 7} {
					dealt := map[int]int{}
					for shard := 1; shard <= shards; shard++ {
						sc := tc
						sc.shard, sc.shards = shard, shards
						part := sc.schedule(deck)
						n := 0
						for j := range part.games {
							if whole := jobs[j.index]; j.place != n || j.opening[0] != whole.opening[0] || j.field != whole.field {
								t.Errorf("shard %d/%d: game %d at place %d, %+v; the run's %+v", shard, shards, j.index, n, j, whole)
							}
							dealt[j.index]++
							n++
						}
						if n != part.count {
							t.Errorf("shard %d/%d: %d games dealt, counted %d", shard, shards, n, part.count)
						}
					}
					if len(dealt) != len(jobs) {
						t.Errorf("%d shards dealt %d of the %d games", shards, len(dealt), len(jobs))
					}
					for i, n := range dealt {
						if n != 1 {
							t.Errorf("%d shards dealt game %d %d times", shards, i, n)
						}
					}
				}
				if want := bots * (bots - 1) / 2 * games; len(jobs) != want {
					t.Fatalf("%d games, want %d", len(jobs), want)
				}
				asX := map[[2]int]int{}
				seats := make([][3]int, bots) // by bot: games as X, as O
				for i, j := range jobs {
					b := byBot[i]
					if j.index != i || j.players[X] != tc.players[b[X]] || j.players[O] != tc.players[b[O]] {
						t.Errorf("game %d: %+v, bots %v", i, j, b)
					}
					asX[[2]int{b[X], b[O]}]++
					seats[b[X]][X]++
					seats[b[O]][O]++
				}
				for i := range bots {
					for j := i + 1; j < bots; j++ {
						first, second := asX[[2]int{i, j}], asX[[2]int{j, i}]
						if first+second != games || max(first, second) != (games+1)/2 {
							t.Errorf("bots %d and %d: %d and %d games as X, want %d and %d in some order",
								i, j, first, second, (games+1)/2, games/2)
						}
					}
				}
				for b, s := range seats {
					if d := s[X] - s[O]; d < -1 || d > 1 || bots%2 == 1 && d != 0 {
						t.Errorf("bot %d: %d games as X, %d as O", b, s[X], s[O])
					}
				}
				// Every two bots play each opening twice, the seats swapped,
				// but the last when the games are odd, once.
				xOf := map[[3]int][]int{} // by the bots and the opening: X of each game
				for i, j := range jobs {
					b := byBot[i]
					key := [3]int{min(b[X], b[O]), max(b[X], b[O]), int(j.opening[0])}
					xOf[key] = append(xOf[key], b[X])
				}
				for key, x := range xOf {
					want := 2
					if games%2 == 1 && key[2] == games/2 {
						want = 1
					}
					if len(x) != want || want == 2 && x[0] == x[1] {
						t.Errorf("bots %d and %d, opening %d: X in their games %v, want %d games with the seats swapped",
							key[0], key[1], key[2], x, want)
					}
				}
			})
		}
	}
}

// tttField is a tiny round-robin with fixed budgets: two perfect players
// and a random one.
func tttField(jobs int) tournamentConfig {
	ttt, _ := findGame("ttt")
	field, err := declared.newPlayers(ttt, "random,minimax,alphabeta", budgetDefaults{})
	if err != nil {
		panic(err)
	}
	return tournamentConfig{reg: &declared, spec: ttt, players: field,
		games: 4, plan: openingPlan{plies: 2}, seed: 3, jobs: jobs}
}

// The tiny field's tables: the perfect players score alike against each
// other (each plays every opening from both sides) and never lose to
// random; the tables do not depend on -jobs.
func TestTournamentTables(t *testing.T) {
	var outs [2]string
	for j := range outs {
		var out strings.Builder
		if err := tttField(j+1).run(context.Background(), &out, nil); err != nil {
			t.Fatal(err)
		}
		outs[j] = out.String()
	}
	if maskTimes(outs[0]) != maskTimes(outs[1]) {
		t.Errorf("-jobs 1:\n%s\n-jobs 2:\n%s", outs[0], outs[1])
	}
	out, ok := strings.CutPrefix(outs[0], "seed: 3\n")
	if !ok {
		t.Errorf("the first line should give the seed:\n%s", outs[0])
	}
	// Every game has its line, numbered of the whole run, as a match's.
	for n := 1; n <= 12; n++ {
		line, rest, _ := strings.Cut(out, "\n")
		if !strings.HasPrefix(line, fmt.Sprintf("game %d/12: X ", n)) {
			t.Errorf("line of game %d: %q", n, line)
		}
		out = rest
	}
	if !strings.HasPrefix(out, "Tic-Tac-Toe round-robin: 3 bots, 12 of 12 games, 4 a match\n") {
		t.Errorf("heading: %q", strings.SplitN(out, "\n", 2)[0])
	}
	cell := func(row, col string) string {
		lines := strings.Split(out, "\n")
		cols := strings.Fields(lines[2])
		for _, l := range lines[3:] {
			f := strings.Fields(l)
			if len(f) == len(cols)+1 && f[0] == row {
				return f[1+slices.Index(cols, col)]
			}
		}
		return ""
	}
	for _, tc := range [][3]string{
		{"minimax", "alphabeta", "2/4"},
		{"alphabeta", "minimax", "2/4"},
	} {
		if got := cell(tc[0], tc[1]); got != tc[2] {
			t.Errorf("crosstable %s against %s: %q, want %q\n%s", tc[0], tc[1], got, tc[2], out)
		}
	}
	// The standings: random third without a win, its score% what the
	// crosstable gives it; the perfect players, even against each other
	// and alike against random, rated alike and above it.
	type standing struct {
		rank, games, wins, draws, losses int
		score                            float64
		elo                              int
		bound                            string // "<=" for a perfect loser's bound
	}
	rows := map[string]standing{}
	for _, m := range regexp.MustCompile(`(?m)^\s*(\d+)\s+(\w+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(<=|>=)?([-+]\d+)\s+(?:\d+|-)\s+\d+\.\d\d\s+0$`).FindAllStringSubmatch(out, -1) {
		r := standing{bound: m[8]}
		if _, err := fmt.Sscan(m[1]+" "+strings.Join(m[3:8], " ")+" "+m[9], &r.rank, &r.games, &r.wins, &r.draws, &r.losses, &r.score, &r.elo); err != nil {
			t.Fatalf("standings row %q: %v", m[0], err)
		}
		rows[m[2]] = r
	}
	random, minimax, alphabeta := rows["random"], rows["minimax"], rows["alphabeta"]
	if len(rows) != 3 || random.rank != 3 || random.games != 8 || random.wins != 0 {
		t.Errorf("standings: want three rows, random third with 8 games and no win:\n%s", out)
	}
	points := 0.0
	for _, against := range []string{"minimax", "alphabeta"} {
		var p float64
		var n int
		if _, err := fmt.Sscanf(cell("random", against), "%g/%d", &p, &n); err != nil || n != 4 {
			t.Fatalf("crosstable random against %s: %q", against, cell("random", against))
		}
		points += p
	}
	// The standings print score% to one decimal: compare as printed.
	if want := 100 * points / 8; fmt.Sprintf("%.1f", random.score) != fmt.Sprintf("%.1f", want) || float64(random.draws)/2 != points {
		t.Errorf("random: score%% %v and %d draws, want %.1f from %v points in the crosstable", random.score, random.draws, want, points)
	}
	if minimax.elo != alphabeta.elo || minimax.elo <= 0 || minimax.bound != "" {
		t.Errorf("elo: minimax %+d, alphabeta %+d; want the two equal and above 0", minimax.elo, alphabeta.elo)
	}
	// random lost every game: its one bound, said in words under the
	// table as a match's elo line says it.
	if random.bound != "<=" || !strings.Contains(out, fmt.Sprintf("\nrandom lost all 8 games: at most %+d at 95%%, no lower bound\n", random.elo)) {
		t.Errorf("random lost all 8 games: want its bound <=%+d said under the table:\n%s", random.elo, out)
	}
}

// An interrupted tournament prints the tables of the games that finished.
func TestTournamentInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tc := tttField(1)
	tc.games = 20
	var out strings.Builder
	err := tc.run(ctx, &out, &cancelAfter{n: 5, cancel: cancel})
	if !errors.Is(err, errInterrupted) {
		t.Fatalf("err %v, want errInterrupted", err)
	}
	var played, all, perMatch int
	heading := regexp.MustCompile(`(?m)^Tic-Tac-Toe round-robin: .*$`).FindString(out.String())
	if _, err := fmt.Sscanf(heading, "Tic-Tac-Toe round-robin: 3 bots, %d of %d games, %d a match", &played, &all, &perMatch); err != nil {
		t.Fatalf("%v:\n%s", err, out.String())
	}
	games := 0
	for _, bot := range []string{"random", "minimax", "alphabeta"} {
		m := regexp.MustCompile(`(?m)^\s*\d\s+` + bot + `\s+(\d+)\s`).FindStringSubmatch(out.String())
		if m == nil {
			t.Fatalf("no standings row for %s:\n%s", bot, out.String())
		}
		var n int
		fmt.Sscan(m[1], &n)
		games += n
	}
	if played < 5 || played >= all || all != 60 || games != 2*played {
		t.Errorf("%d of %d games played, %d in the standings (twice the games):\n%s", played, all, games, out.String())
	}
}

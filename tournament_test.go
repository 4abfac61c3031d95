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

// -tournament takes all or a list of bots that play the game, each once.
func TestTournamentField(t *testing.T) {
	ttt, _ := findGame("ttt")
	c4, _ := findGame("connect4")
	for _, tc := range []struct {
		spec *gameSpec
		list string
		want []string // nil: an error
	}{
		{ttt, "all", ttt.botNames()},
		{c4, "all", c4.botNames()},
		{c4, "solver, random", []string{"solver", "random"}},
		{ttt, "solver,random", nil}, // solver plays Connect Four only
		{ttt, "minimax,nobody", nil},
		{ttt, "minimax,minimax", nil},
		{ttt, "minimax", nil},
	} {
		t.Run(tc.spec.name+" "+tc.list, func(t *testing.T) {
			got, err := tournamentField(tc.spec, tc.list)
			if (err != nil) != (tc.want == nil) || !slices.Equal(got, tc.want) {
				t.Errorf("%v, %v; want %v", got, err, tc.want)
			}
		})
	}
	if !slices.Contains(c4.botNames(), "solver") || slices.Contains(ttt.botNames(), "solver") {
		t.Errorf("botNames: Connect Four %v, Tic-Tac-Toe %v", c4.botNames(), ttt.botNames())
	}
}

// Every two bots meet games times, half of them on each side, pair k of
// every match from opening k.
func TestTournamentSchedule(t *testing.T) {
	for _, games := range []int{1, 2, 5} {
		t.Run(fmt.Sprint(games), func(t *testing.T) {
			tc := tournamentConfig{bots: []string{"a", "b", "c"}, games: games}
			openings := make([][]Move, (games+1)/2)
			for k := range openings {
				openings[k] = []Move{Move(k)}
			}
			jobs, byBot := tc.schedule(openings)
			if len(jobs) != 3*games {
				t.Fatalf("%d games, want %d", len(jobs), 3*games)
			}
			asX := map[[2]int]int{}
			for i, j := range jobs {
				b := byBot[i]
				if j.index != i || j.bots[X] != tc.bots[b[X]] || j.bots[O] != tc.bots[b[O]] {
					t.Errorf("game %d: %+v, bots %v", i, j, b)
				}
				asX[[2]int{b[X], b[O]}]++
			}
			for _, p := range [][2]int{{0, 1}, {0, 2}, {1, 2}} {
				first, second := asX[p], asX[[2]int{p[1], p[0]}]
				if first != (games+1)/2 || second != games/2 {
					t.Errorf("bots %v: %d and %d games as X, want %d and %d", p, first, second, (games+1)/2, games/2)
				}
			}
			// A pair's two games share their opening and swap the seats.
			for i := 0; i+1 < len(jobs); i++ {
				if byBot[i+1] == [3]int{X: byBot[i][O], O: byBot[i][X]} && jobs[i].opening[0] != jobs[i+1].opening[0] {
					t.Errorf("games %d and %d: openings %v and %v", i, i+1, jobs[i].opening, jobs[i+1].opening)
				}
			}
		})
	}
}

// tttField is a tiny round-robin with fixed budgets: two perfect players
// and a random one.
func tttField(jobs int) tournamentConfig {
	ttt, _ := findGame("ttt")
	return tournamentConfig{spec: ttt, bots: []string{"random", "minimax", "alphabeta"},
		games: 4, openings: 2, seed: 2, jobs: jobs}
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
	if outs[0] != outs[1] {
		t.Errorf("-jobs 1:\n%s\n-jobs 2:\n%s", outs[0], outs[1])
	}
	out := outs[0]
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
	row := regexp.MustCompile(`(?m)^\s*3\s+random\s+8\s+0\s+(\d)\s+(\d)\s+`).FindStringSubmatch(out)
	if row == nil || row[1] == "0" && row[2] == "0" {
		t.Errorf("standings: want random third with 8 games and no win:\n%s", out)
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
	if _, err := fmt.Sscanf(out.String(), "Tic-Tac-Toe round-robin: 3 bots, %d of %d games, %d a match", &played, &all, &perMatch); err != nil {
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

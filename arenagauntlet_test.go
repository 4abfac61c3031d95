package main

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// A gauntlet plays only its bot's games: every two-game pair of the bot
// against each player of the list, none between the others, and its
// standings rank the list by score against the bot, whatever -jobs is.
func TestGauntlet(t *testing.T) {
	c4, _ := findGame("c4")
	list := "alphabeta:depth=1,random,alphabeta:depth=3"
	field := append(playerList(t, c4, budgetDefaults{}, "alphabeta:depth=2"), playerList(t, c4, budgetDefaults{}, list)...)
	var jsons [2]gauntletJSON
	var pts [2]map[string][]float64 // each player's points against the bot, game by game
	for j := range 2 {
		var keep strings.Builder
		tc := tournamentConfig{reg: &declared, spec: c4, players: field, games: 4, plan: openingPlan{plies: 2},
			seed: 5, jobs: j + 1, gauntlet: true, report: report{keep: &resultsWriter{w: &keep}, json: true}}
		var out strings.Builder
		if err := tc.run(context.Background(), &out, nil); err != nil {
			t.Fatal(err)
		}
		recs := parseRecords(t, keep.String())
		if len(recs) != 12 {
			t.Fatalf("%d games, want 4 against each of 3", len(recs))
		}
		against := map[string]int{}
		for _, r := range recs {
			switch {
			case r.X.Name == "alphabeta:depth=2":
				against[r.O.Name]++
			case r.O.Name == "alphabeta:depth=2":
				against[r.X.Name]++
			default:
				t.Errorf("game %d: %s against %s, without the gauntlet's bot", r.Number, r.X.Name, r.O.Name)
			}
			if r.Event != "gauntlet" {
				t.Errorf("game %d: event %q", r.Number, r.Event)
			}
		}
		for _, name := range strings.Split(list, ",") {
			if against[name] != 4 {
				t.Errorf("%s played the bot %d times, want 4", name, against[name])
			}
		}
		// Each row's Elo is its match's against the bot: its points game
		// by game, in the order of the games.
		points := map[string][]float64{}
		for _, r := range recs {
			p, _ := r.points()
			if r.X.Name == "alphabeta:depth=2" {
				points[r.O.Name] = append(points[r.O.Name], 1-p)
			} else {
				points[r.X.Name] = append(points[r.X.Name], p)
			}
		}
		pts[j] = points
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &jsons[j]); err != nil {
			t.Fatal(err)
		}
	}
	for j := range 2 {
		for _, row := range jsons[j].Standings {
			diff, _, _ := matchEloFigures(pts[j][row.Bot])
			if row.Elo != nil && math.Abs(*row.Elo-diff) > 0.05 || row.Elo == nil && !math.IsInf(diff, 0) {
				t.Errorf("%s: elo %v, its match's %v", row.Bot, row.Elo, diff)
			}
		}
	}
	g := jsons[1]
	if g.Type != "gauntlet" || g.Games != 12 || g.Bot.Bot != "alphabeta:depth=2" || len(g.Standings) != 3 {
		t.Fatalf("%+v", g)
	}
	wins := 0
	for k, row := range g.Standings {
		if k > 0 && *row.Score > *g.Standings[k-1].Score {
			t.Errorf("%s (%v) ranked below %s (%v)", row.Bot, *row.Score, g.Standings[k-1].Bot, *g.Standings[k-1].Score)
		}
		if row.Games != 4 || row.Rank != k+1 {
			t.Errorf("row %+v", row)
		}
		wins += row.Losses
	}
	if last := g.Standings[2]; last.Bot != "random" || *last.Score != 0 {
		t.Errorf("random should rank last without a point: %+v", last)
	}
	if g.Bot.Wins != wins || g.Bot.Games != 12 {
		t.Errorf("the bot's record %+v, want the others' losses (%d) as its wins", g.Bot, wins)
	}
	for k := range g.Standings {
		a, b := jsons[0].Standings[k], g.Standings[k]
		if a.Bot != b.Bot || *a.Score != *b.Score {
			t.Errorf("-jobs 1 row %+v, -jobs 2 %+v", a, b)
		}
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// The ended line words each kind, one and many, in a fixed order, and is
// absent without games.
func TestEndedLine(t *testing.T) {
	for _, tc := range []struct {
		e    endCount
		want string
	}{
		{endCount{games: 6, wins: 6, forfeits: forfeitCount{}}, "ended: 6 by the rules (6 wins, 0 draws)"},
		{endCount{games: 34, wins: 25, draws: 6, forfeits: forfeitCount{ForfeitCrash: 1, ForfeitTime: 2}},
			"ended: 31 by the rules (25 wins, 6 draws), 2 on time, 1 crash"},
		{endCount{games: 7, wins: 1, draws: 1, forfeits: forfeitCount{ForfeitIllegal: 1, ForfeitGarbage: 2, ForfeitCrash: 1, "": 1}},
			"ended: 2 by the rules (1 win, 1 draw), 1 crash, 1 illegal move, 2 garbage answers, 1 forfeit of a kind not recorded"},
		{endCount{forfeits: forfeitCount{}}, ""},
	} {
		if got := tc.e.text(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.e, got, tc.want)
		}
	}
}

// Real engines that break the rules: a gauntlet of random against an
// engine that plays an illegal move, one that crashes mid-game and a bot
// that plays by the rules. The ended line and its JSON count the games
// that ended by the rules and each kind of forfeit, as the players' rows
// count them.
func TestEndedWithForfeits(t *testing.T) {
	t.Parallel() // its engines are its own (noFixturesLeft), and it reads no clock: runs beside the others at the end
	reg := withEngines(t, fixtureEngine(t, "bad", "illegal"), fixtureEngine(t, "crasher", "crash-mid"))
	spec := specNamed(t, "c4")
	field, err := reg.newPlayers(spec, "random,bad,crasher,alphabeta", quickFlags)
	if err != nil {
		t.Fatal(err)
	}
	for _, asJSON := range []bool{false, true} {
		var out bytes.Buffer
		tc := tournamentConfig{reg: reg, spec: spec, opt: spec.defaults(nil), players: field, games: 2, seed: 3, jobs: 2,
			gauntlet: true, report: report{json: asJSON}}
		if err := tc.run(context.Background(), &out, nil); err != nil {
			t.Fatal(err)
		}
		text := out.String()
		if !asJSON {
			t.Logf("\n%s", text)
			// alphabeta at depth 2 against random: two games by the rules.
			if !regexp.MustCompile(`(?m)^ended: 2 by the rules \((\d) wins?, (\d) draws?\), 2 crashes, 2 illegal moves$`).MatchString(text) {
				t.Errorf("no ended line of 2 games by the rules, 2 crashes, 2 illegal moves:\n%s", text)
			}
			continue
		}
		lines := strings.Split(strings.TrimSpace(text), "\n")
		var g gauntletJSON
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &g); err != nil {
			t.Fatal(err)
		}
		e := g.Ended
		if e.Games != 6 || e.Rules != 2 || e.Wins+e.Draws != 2 ||
			e.Forfeits != (forfeitsJSON{Total: 4, Crash: 2, Illegal: 2}) {
			t.Errorf("ended %+v, want 6 games, 2 by the rules, 2 crashes, 2 illegal", e)
		}
	}
	noFixturesLeft(t)
}

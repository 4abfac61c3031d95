package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A match swaps seats every game, prints one line per game and ends with
// SPEC's total line; a perfect bot never loses to a random one.
func TestMatchTable(t *testing.T) {
	o, err := parseFlags([]string{"-x", "alphabeta", "-o", "random", "-games", "6", "-seed", "7"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := resolve(o)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	m := matchConfig{spec: s.spec, opt: s.opt, bots: [2]string{s.seatNames[X], s.seatNames[O]}, budget: s.budget, games: o.games, seed: o.seed}
	if err := m.run(context.Background(), &out, nil); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	for i, want := range []string{"game 1/6: X alphabeta, O random:", "game 2/6: X random, O alphabeta:"} {
		if !strings.HasPrefix(lines[i], want) {
			t.Errorf("line %d: %q, want it to start %q", i+1, lines[i], want)
		}
	}
	total := lines[len(lines)-1]
	var abWins, rndWins, draws int
	if _, err := fmt.Sscanf(total, "total: alphabeta %d - random %d, %d draws", &abWins, &rndWins, &draws); err != nil || abWins+rndWins+draws != 6 || rndWins != 0 {
		t.Errorf("total line %q: alphabeta %d, random %d, draws %d", total, abWins, rndWins, draws)
	}
	// The same seed plays the same match.
	var again strings.Builder
	m.run(context.Background(), &again, nil)
	if strip(again.String()) != strip(out.String()) {
		t.Errorf("same seed, different match:\n%s\n%s", out.String(), again.String())
	}
}

// strip keeps only the game lines and the total (the table has timings).
func strip(s string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "game ") || strings.HasPrefix(l, "total:") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

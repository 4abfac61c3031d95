package main

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// playLine plays line on a copy of g, each move checked legal, and
// returns the end position.
func playLine(t *testing.T, g Game, line []Move) Game {
	t.Helper()
	p := g.Clone()
	for i, m := range line {
		if !slices.Contains(p.Moves(nil), m) {
			t.Fatalf("after %v: move %d of the line %v is illegal", g.History(), i+1, line)
		}
		p.Play(m)
	}
	return p
}

// On End-Easy positions (every 5th, and Middle-Easy's every 20th) the
// solver's expected line ends the game with exactly the score it reports,
// the published one.
func TestSolverExpectedLine(t *testing.T) {
	s := newC4Solver(true)
	bot := &SolverBot{s: s}
	for _, set := range []struct {
		name   string
		stride int
	}{{"Test_L3_R1", 5}, {"Test_L2_R1", 20}} {
		cases := loadSet(t, set.name)
		for i := 0; i < len(cases); i += set.stride {
			c := cases[i]
			g := c4Game(t, c.moves)
			d := bot.Think(context.Background(), g, Budget{})
			line := s.expectedLine(c4PosOf(g), d.Move, d.Score)
			end := playLine(t, g, line).(*ConnectFour)
			v := c4FinalScore(end)
			if len(line)%2 == 1 {
				v = -v
			}
			if d.Score != c.score || !end.Over() || v != d.Score || len(line) != plies(d.Score, len(g.history)) {
				t.Errorf("%s %s: score %d (published %d), line %s of %d plies ends the game %v at %d",
					set.name, c.moves, d.Score, c.score, connect4Spec().line(line), len(line), end.Over(), v)
			}
		}
	}
}

// connect4Spec is Connect Four's registration.
func connect4Spec() *gameSpec {
	spec, err := findGame("connect4")
	if err != nil {
		panic(err)
	}
	return spec
}

// Adjacency's line from its table runs to two plies above the horizon,
// and the plain alpha-beta searching the rest of the depth from its end
// gives the score the bot reported: each move of it is a best move.
func TestAdjExpectedLine(t *testing.T) {
	tests := []struct {
		record string
		depth  int
		prune  bool
	}{
		{"", 4, false},
		{"27,36,28,35,19,44", 4, false},
		{"", 6, true},
		{"27,36", 7, true},
		{"27,36,28,35,19,44", 6, true},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.record, " prune ", tc.prune, " depth ", tc.depth), func(t *testing.T) {
			spec, _ := findGame("adjacency")
			g, err := spec.parseRecord(tc.record, nil)
			if err != nil {
				t.Fatal(err)
			}
			bot := NewAdjBot(tc.prune)
			d := bot.Think(context.Background(), g, Budget{Depth: tc.depth})
			line := adjExpectedLine(bot.cache.tt, g.(*Adjacency), d.Move, d.Depth)
			if len(line) != tc.depth-2 || line[0] != d.Move {
				t.Fatalf("line %v: %d moves, want %d from the move %v", line, len(line), tc.depth-2, d.Move)
			}
			end := playLine(t, g, line)
			rest := alphabetaBot.Think(context.Background(), end, Budget{Depth: tc.depth - len(line)})
			if v := rest.Score * [2]int{1, -1}[len(line)%2]; v != d.Score {
				t.Errorf("line %v ends at %d after a %d-ply search, the bot reported %d", line, v, tc.depth-len(line), d.Score)
			}
		})
	}
}

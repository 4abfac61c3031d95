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
	s := newStdSolver()
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
			line := d.PV
			end := playLine(t, g, line).(*ConnectFour)
			v := c4FinalScore(end)
			if len(line)%2 == 1 {
				v = -v
			}
			if words := c4Describe(g, d); words != inPlies(d.Score, len(line)) {
				t.Errorf("%s %s: score %d in words %q, the line has %d plies", set.name, c.moves, d.Score, words, len(line))
			}
			if d.Score != c.score || !end.Over() || v != d.Score || len(line) != plies(d.Score, len(g.history)) {
				t.Errorf("%s %s: score %d (published %d), line %s of %d plies ends the game %v at %d",
					set.name, c.moves, d.Score, c.score, c4Spec().line(line), len(line), end.Over(), v)
			}
		}
	}
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
			line := d.PV
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

// margin words an exact Adjacency value, as the reference for adjDescribe.
func margin(v int) string {
	switch {
	case v > 1:
		return fmt.Sprintf("wins by %d marks", v)
	case v == 1:
		return "wins by 1 mark"
	case v == 0:
		return "draw"
	case v == -1:
		return "loses by 1 mark"
	}
	return fmt.Sprintf("loses by %d marks", -v)
}

// think1 is the best one-ply evaluation by the generic minimax.
func think1(g Game) int { return minimaxBot.Think(context.Background(), g, Budget{Depth: 1}).Score }

// Scores in words: exact where the search saw the end, the plies counted
// on the expected line (Tic-Tac-Toe) or the margin (Adjacency); the
// evaluation's figure otherwise.
func TestDescribe(t *testing.T) {
	ttt := func(moves ...Move) Game { return playAll(t, moves...) }
	adj := func(record string, rounds int) Game {
		spec, _ := findGame("adjacency")
		g, err := spec.parseRecord(record, gameOptions{"rounds": rounds})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	tests := []struct {
		name     string
		g        Game
		bot      Bot
		budget   Budget
		describe func(Game, Decision) string
		want     string
	}{
		{"ttt empty", ttt(), alphabetaBot, Budget{}, tttDescribe, "draw"},
		{"ttt win now", ttt(0, 3, 1, 4), alphabetaBot, Budget{}, tttDescribe, "wins in 1 ply"},
		{"ttt O must block", ttt(0, 1, 4), minimaxBot, Budget{}, tttDescribe, "loses in 4 plies"},
		{"ttt X forks", ttt(0, 1), alphabetaBot, Budget{}, tttDescribe, "wins in 5 plies"},
		{"ttt depth 1", ttt(), minimaxBot, Budget{Depth: 1}, tttDescribe, "+4 by the open-lines count, a guess from depth 1"},
		{"c4 guess like a solver score", c4Game(t, "75763416117"), alphabetaBot, Budget{Depth: 7}, c4Describe, "+13 by the seed's line count, a guess from depth 7"},
		{"adj last round", adj("27,36", 2), NewAdjBot(true), Budget{}, adjDescribe, margin(exactValue(adj("27,36", 2), 0))},
		{"adj depth 1", adj("27,36", 2), NewAdjBot(true), Budget{Depth: 1}, adjDescribe,
			fmt.Sprintf("%+d by the course's objective, a guess from depth 1", think1(adj("27,36", 2)))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := tc.bot.Think(context.Background(), tc.g, tc.budget)
			if got := tc.describe(tc.g, d); got != tc.want {
				t.Errorf("%s, score %d: %q, want %q", tc.bot.Name(), d.Score, got, tc.want)
			}
		})
	}
}

// In the book the solver still says what it expects: the line runs
// through the book, every position on it holding the book's score for
// its mover, alternating in sign, and the words are the solver's exact
// ones.
func TestSolverBookLine(t *testing.T) {
	for _, rec := range []string{"", "4", "44444"} {
		t.Run("position "+rec, func(t *testing.T) {
			g := c4Game(t, rec)
			d := (&SolverBot{}).Think(context.Background(), g, Budget{})
			if !d.Proof.Exact || len(d.PV) < 2 || d.PV[0] != d.Move {
				t.Fatalf("move %d, exact %v, line %v: want an exact score and a line of two or more moves from the move", d.Move, d.Proof.Exact, d.PV)
			}
			p, v := c4PosOf(g), d.Score
			for i, m := range d.PV {
				e, ok := openingBook().lookup(bookKey(p))
				if !ok || int(e.score) != v {
					t.Fatalf("line %v, move %d: the position is not in the book with score %d (%+v, %v)", d.PV, i+1, v, e, ok)
				}
				p, v = p.play(p.column(int(m))), -v
			}
			if got, want := c4Describe(g, d), inPlies(d.Score, plies(d.Score, len(rec))); got != want {
				t.Errorf("in words %q, want %q", got, want)
			}
		})
	}
}

// An Adjacency score to the end is the margin, or, when the search proved
// only the result, the least margin of that result.
func TestAdjDescribeProvedResult(t *testing.T) {
	spec, _ := findGame("adjacency")
	g, err := spec.parseRecord("27,36", gameOptions{"rounds": 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		d    Stats
		want string
	}{
		{Stats{Score: 4, Depth: 2, Proof: ProofStats{Exact: true}}, "wins by 4 marks"},
		{Stats{Score: 2, Depth: 2}, "wins by at least 2 marks"},
		{Stats{Score: -2, Depth: 2}, "loses by at least 2 marks"},
		{Stats{Score: 0, Depth: 2}, "draw"},
		{Stats{Score: 3, Depth: 1}, "+3 by the course's objective, a guess from depth 1"},
	} {
		if got := adjDescribe(g, Decision{Stats: tc.d}); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.d, got, tc.want)
		}
	}
}

package main

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
)

// solverSeeded is a fresh seeded mcts bot with MCTS-Solver on.
func solverSeeded(seed uint64) *MCTS {
	b := mctsSeeded(seed)
	b.Solve = true
	return b
}

// exactC4 is exactSign's Connect Four solver, made at its first use.
var exactC4 *c4Solver

// exactSign is the game-theoretic result of g for the side to move: 1 a
// win, 0 a draw, -1 a loss; by the solver in standard Connect Four, by
// alpha-beta to the end in the other games.
func exactSign(g Game) int {
	var v int
	if c, ok := g.(*ConnectFour); ok && c.geo == c4Std {
		if exactC4 == nil {
			exactC4 = newTestSolver(c4Std, 20, nil)
		}
		v = exactC4.solve(c4PosOf(c))
	} else {
		v = SearchBot{Prune: true}.Think(context.Background(), g, Budget{}).Score
	}
	return sign(v)
}

// proofSign is a proof as exactSign writes results, for the side that
// made the node's move.
var proofSign = map[mctsProof]int{provedWin: 1, provedDraw: 0, provedLoss: -1}

// checkProofs walks the tree under node n, whose position is g, and fails
// the test at a proved node whose proof is not the exact result; it
// returns how many proved nodes it checked.
func checkProofs(t *testing.T, b *MCTS, g Game, n int32) int {
	t.Helper()
	checked := 0
	if p := b.node(n).proof; p != unproved && n != 0 {
		want := -exactSign(g)
		if g.Over() {
			want = map[Side]int{Nobody: 0, g.Turn(): -1, g.Turn().Other(): 1}[g.Winner()]
		}
		if proofSign[p] != want || g.Over() != b.node(n).ended() {
			t.Fatalf("%v: proved %v (ended %v) for the side that moved, exactly %d", g.History(), p, b.node(n).ended(), want)
		}
		checked++
	}
	from, to := b.triedChildren(n)
	for c := from; c < to; c++ {
		g.Play(Move(b.node(c).move))
		checked += checkProofs(t, b, g, c)
		g.Undo()
	}
	return checked
}

// Every result MCTS-Solver proves is the exact one: after searches from
// late positions of every game (random ones; Connect Four's from the
// End-Easy benchmark set), each proved node of the tree is checked
// against alpha-beta or the Connect Four solver, and the root's proof, if
// any, is what the decision reports.
func TestMCTSSolverProofsAreExact(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(4, 4))
	endgames := loadSet(t, "Test_L3_R1")
	for _, tc := range []struct {
		game          string
		rounds, plies int
	}{{"ttt", 0, 3}, {"connect4", 0, 0}, {"adjacency", 3, 1}} {
		t.Run(tc.game, func(t *testing.T) {
			checked, roots := 0, 0
			for i := range 20 {
				g := specNamed(t, tc.game).start(gameOptions{"rounds": tc.rounds})
				if tc.game == "connect4" {
					g = c4Game(t, endgames[50*i+7].moves)
				}
				for k := 0; k < tc.plies+i%4 && !g.Over(); k++ {
					moves := g.Moves(nil)
					g.Play(moves[rng.IntN(len(moves))])
				}
				if g.Over() {
					continue
				}
				b := solverSeeded(uint64(i))
				d := b.Think(context.Background(), g, Budget{Playouts: 3000})
				checked += checkProofs(t, b, g.Clone(), 0)
				if d.Tree.Proved != "" {
					roots++
					if want := map[int]string{1: "win", 0: "draw", -1: "loss"}[exactSign(g)]; d.Tree.Proved != want {
						t.Fatalf("%v: reports a proved %s, exactly a %s", g.History(), d.Tree.Proved, want)
					}
				}
			}
			if checked < 100 || roots < 5 {
				t.Errorf("only %d proved nodes and %d proved roots checked", checked, roots)
			}
			t.Logf("%d proved nodes, %d proved roots", checked, roots)
		})
	}
}

// MCTS-Solver proves short Connect Four results and plays the proved win
// at once: hand-made positions with their results and the plies to the
// end along the proof, which here are the shortest.
func TestMCTSSolverShortResults(t *testing.T) {
	tests := []struct {
		record, proved string
		plies          int
		moves          string // the winning moves, for a win
	}{
		{"112233", "win", 1, "4"},  // X's three on the bottom row, open to the right
		{"3344", "win", 3, "25"},   // an open three on the bottom row, both ends open
		{"33445", "loss", 2, ""},   // O faces that open three
		{"4455", "win", 3, "36"},   // the same, in the centre
		{"1212123", "win", 1, "2"}, // O's three up column 2, O to move
	}
	for _, tc := range tests {
		t.Run(tc.record, func(t *testing.T) {
			g := c4Game(t, tc.record)
			d := solverSeeded(1).Think(context.Background(), g, Budget{Playouts: 20000})
			if d.Tree.Proved != tc.proved || d.Tree.ProvedPlies != tc.plies {
				t.Fatalf("proved %q in %d plies, want %q in %d", d.Tree.Proved, d.Tree.ProvedPlies, tc.proved, tc.plies)
			}
			if tc.proved == "win" && !strings.Contains(tc.moves, g.FormatMove(d.Move)) {
				t.Errorf("plays %s, not a winning move (%s)", g.FormatMove(d.Move), tc.moves)
			}
			if d.Tree.Playouts >= 20000 {
				t.Errorf("a proved root, yet all %d playouts run", d.Tree.Playouts)
			}
		})
	}
}

// On the End-Easy benchmark set (every 10th position) MCTS-Solver, with
// 20,000 playouts, proves the result of nine positions in ten, never a
// wrong one; a proved win's move keeps the win, and its plies to the end
// are no fewer than the shortest win's (from the published score s of a
// position with n stones: 43 - 2s - n).
func TestMCTSSolverEndgames(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	s := newStdSolver()
	cases := loadSet(t, "Test_L3_R1")
	tried, proved := 0, 0
	for i := 0; i < len(cases); i += 10 {
		c := cases[i]
		g := c4Game(t, c.moves)
		d := solverSeeded(1).Think(context.Background(), g, Budget{Playouts: 20000})
		tried++
		if d.Tree.Proved == "" {
			continue
		}
		proved++
		want := map[bool]string{true: "win", false: "loss"}[c.score > 0]
		if c.score == 0 {
			want = "draw"
		}
		switch {
		case d.Tree.Proved != want:
			t.Fatalf("%s: proved a %s, exactly a %s", c.moves, d.Tree.Proved, want)
		case want == "win" && d.Tree.ProvedPlies < 43-2*c.score-len(c.moves):
			t.Fatalf("%s: proved a win in %d plies, the shortest is %d", c.moves, d.Tree.ProvedPlies, 43-2*c.score-len(c.moves))
		}
		if want == "win" {
			g.Play(d.Move)
			if !g.Over() && s.solve(c4PosOf(g)) >= 0 {
				t.Fatalf("%s: plays %s, which gives the win away", c.moves, g.FormatMove(d.Move))
			}
		}
	}
	if proved*10 < tried*9 {
		t.Errorf("proved %d of %d positions, want nine in ten", proved, tried)
	}
	t.Logf("proved %d of %d positions", proved, tried)
}

// -v says what the solver proved: a match of two mcts bots from a
// Connect Four position X wins in 3 plies.
func TestMCTSSolverVerbose(t *testing.T) {
	status, out, errOut := runCapture([]string{"-game", "c4", "-moves", "3344", "-x", "mcts:solve=on", "-o", "mcts:solve=on",
		"-playouts", "5000", "-seed", "1", "-v"}, "")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errOut)
	}
	first := verboseLine(out, "X mcts:solve=on: ")
	if !strings.Contains(first, ", proved win in 3 plies, expects ") {
		t.Errorf("X's -v line says no proved win in 3 plies:\n%s", first)
	}
	if !strings.Contains(out, "O mcts:solve=on: ") || !strings.Contains(out, "proved loss in 2 plies") {
		t.Errorf("O's -v line says no proved loss in 2 plies:\n%s", out)
	}
}

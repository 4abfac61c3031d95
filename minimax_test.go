package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

var (
	minimaxBot   = SearchBot{}
	alphabetaBot = SearchBot{Prune: true}
	perfectBots  = []Bot{minimaxBot, alphabetaBot}
)

// think asks a bot for a full-depth decision without a time limit.
func think(b Bot, g Game) Decision { return b.Think(context.Background(), g, Budget{}) }

// Plain minimax visits the whole game tree: 549,945 positions below the root.
func TestMinimaxNodesFromEmptyBoard(t *testing.T) {
	d := think(minimaxBot, NewTicTacToe())
	if d.Nodes != 549946 || d.Score != 0 || d.Move != 0 || d.Depth != 9 {
		t.Errorf("minimax: move %d score %d depth %d nodes %d; want move 0 score 0 depth 9 nodes 549946",
			d.Move, d.Score, d.Depth, d.Nodes)
	}
}

// Alpha-beta in plain cell order, with mate-distance pruning, stays under
// the 18,297 nodes of textbook alpha-beta and finds the same move.
func TestAlphaBetaNodesFromEmptyBoard(t *testing.T) {
	d := think(alphabetaBot, NewTicTacToe())
	if d.Nodes != 17711 || d.Score != 0 || d.Move != 0 {
		t.Errorf("alphabeta: move %d score %d nodes %d; want move 0 score 0 nodes 17711", d.Move, d.Score, d.Nodes)
	}
}

// exactValue is the game value by a direct, unpruned recursion written
// apart from the searcher: the reference both bots are checked against.
func exactValue(g Game, ply int) int {
	if g.Over() {
		return final(g, ply)
	}
	best := -infinity
	for _, m := range g.Moves(nil) {
		g.Play(m)
		best = max(best, -exactValue(g, ply+1))
		g.Undo()
	}
	return best
}

// Every first move is a draw; from every reachable position alpha-beta and
// minimax agree with the reference on the value, and alpha-beta's move
// keeps it.
func TestAlphaBetaMatchesMinimaxEverywhere(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	seen := map[uint64]bool{}
	var walk func(g *TicTacToe)
	positions := 0
	walk = func(g *TicTacToe) {
		if seen[g.Key()] {
			return
		}
		seen[g.Key()] = true
		positions++
		if !g.Over() {
			want := exactValue(g, 0)
			ab, mm := think(alphabetaBot, g), think(minimaxBot, g)
			if ab.Score != want || mm.Score != want || ab.Move != mm.Move {
				t.Fatalf("after %v: alphabeta %d (move %d), minimax %d (move %d), exact %d",
					g.History(), ab.Score, ab.Move, mm.Score, mm.Move, want)
			}
			g.Play(ab.Move)
			if got := -exactValue(g, 1); got != want {
				t.Fatalf("after %v: alphabeta's move %d scores %d, the position %d", g.History()[:len(g.History())-1], ab.Move, got, want)
			}
			g.Undo()
		}
		for _, m := range g.Moves(nil) {
			g.Play(m)
			walk(g)
			g.Undo()
		}
	}
	walk(NewTicTacToe())
	if positions != 5478 {
		t.Errorf("checked %d positions, want 5478", positions)
	}
	for first := Move(0); first < 9; first++ {
		if v := exactValue(playAll(t, first), 1); v != 0 {
			t.Errorf("first move %d has value %d, want a draw", first, -v)
		}
	}
}

// playOut lets the bots of each side finish g, with no limit.
func playOut(g Game, x, o Bot) {
	if err := playGame(context.Background(), g, botSeats(x, o, Budget{}), gameHooks{}); err != nil {
		panic(err)
	}
}

// Optimal against optimal always draws, whatever the first move and
// whichever perfect bot sits on each side.
func TestPerfectBotsDraw(t *testing.T) {
	for _, x := range perfectBots {
		for _, o := range perfectBots {
			for first := Move(0); first < 9; first++ {
				g := playAll(t, first)
				playOut(g, x, o)
				if g.Winner() != Nobody {
					t.Errorf("X %s, O %s, first move %d: %v won %v", x.Name(), o.Name(), first, g.Winner(), g.History())
				}
			}
		}
	}
}

// neverLoses plays choose for side against every line of the opponent's
// play from the empty board, and fails on any game side loses.
func neverLoses(t *testing.T, name string, side Side, choose func(g *TicTacToe) Move) {
	t.Helper()
	games := 0
	var explore func(g *TicTacToe)
	explore = func(g *TicTacToe) {
		if g.Over() {
			games++
			if g.Winner() == side.Other() {
				t.Fatalf("%s as %v lost: %v", name, side, g.History())
			}
			return
		}
		if g.Turn() == side {
			g.Play(choose(g))
			explore(g)
			g.Undo()
			return
		}
		for _, m := range g.Moves(nil) {
			g.Play(m)
			explore(g)
			g.Undo()
		}
	}
	explore(NewTicTacToe())
	if games == 0 {
		t.Fatalf("%s as %v: no games explored", name, side)
	}
}

// A perfect bot never loses, against every possible line of play.
func TestPerfectBotsNeverLose(t *testing.T) {
	for _, b := range perfectBots {
		for _, side := range []Side{X, O} {
			neverLoses(t, b.Name(), side, func(g *TicTacToe) Move { return think(b, g).Move })
		}
	}
}

// Wherever the mover can win at once, both bots do, scoring a win in one
// ply, rather than a slower win in a lower cell.
func TestSearchTakesImmediateWin(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	checked := 0
	var walk func(g *TicTacToe)
	walk = func(g *TicTacToe) {
		if g.Over() {
			return
		}
		for _, m := range g.Moves(nil) {
			g.Play(m)
			winsNow := g.Winner() != Nobody
			g.Undo()
			if !winsNow {
				continue
			}
			checked++
			for _, b := range perfectBots {
				d := think(b, g)
				g.Play(d.Move)
				if g.Winner() == Nobody || d.Score != tttWin-1 {
					t.Fatalf("after %v %s plays %d (score %d), not an immediate win", g.History()[:len(g.History())-1], b.Name(), d.Move, d.Score)
				}
				g.Undo()
			}
			break
		}
		if len(g.History()) < 6 {
			for _, m := range g.Moves(nil) {
				g.Play(m)
				walk(g)
				g.Undo()
			}
		}
	}
	walk(NewTicTacToe())
	if checked == 0 {
		t.Fatal("no position with an immediate win was checked")
	}
}

// A cancelled or timed-out search still answers with a legal move.
func TestSearchStopsWithLegalMove(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, b := range []Bot{minimaxBot, alphabetaBot, RandomBot{rng: rand.New(rand.NewPCG(1, 2))}} {
		g := playAll(t, 4)
		d := b.Think(ctx, g, Budget{Time: time.Millisecond})
		if !slices.Contains(g.Moves(nil), d.Move) {
			t.Errorf("%s returned illegal move %d when stopped", b.Name(), d.Move)
		}
		if len(g.History()) != 1 {
			t.Errorf("%s changed the game it was given: %v", b.Name(), g.History())
		}
	}
}

// A cancelled search stops at the first look at the clock, pollEvery
// nodes in, leaves counted: most nodes are leaves, and with a dear
// evaluator (Adjacency's reply-safe searches each leaf's replies) a look
// at inner nodes alone came after 41,993 nodes, some 50 ms, from the
// start. Counted in nodes, so the machine's load does not matter.
func TestSearchPollsAtLeaves(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, prune := range []bool{false, true} {
		b := SearchBot{Prune: prune, Eval: findEvaluator("adjacency", "reply-safe").score}
		g := NewAdjacency(8)
		d := b.Think(ctx, g, Budget{Time: time.Hour})
		if d.Nodes > pollEvery+64 || !slices.Contains(g.Moves(nil), d.Move) {
			t.Errorf("%s: %d nodes, move %d: want at most %d nodes and a legal move", b.Name(), d.Nodes, d.Move, pollEvery+64)
		}
	}
}

// With a time budget the search deepens step by step and reports the
// depth it completed; the answer matches the fixed-depth one.
func TestIterativeDeepeningMatchesFixedDepth(t *testing.T) {
	g := playAll(t, 0)
	fixed := think(alphabetaBot, g)
	deep := alphabetaBot.Think(context.Background(), g, Budget{Time: time.Minute})
	if deep.Score != fixed.Score || deep.Depth != 8 {
		t.Errorf("deepening: score %d depth %d; fixed depth: score %d (want depth 8)", deep.Score, deep.Depth, fixed.Score)
	}
	shallow := alphabetaBot.Think(context.Background(), g, Budget{Depth: 2})
	if shallow.Depth != 2 {
		t.Errorf("-depth 2 search reports depth %d", shallow.Depth)
	}
}

// Under a time budget the bots still take the lowest of equal cells, as
// the full search does (seed 003), although deepening tries the last
// depth's best move first: on every position of up to two plies (a
// corner opening's best answers tie with the centre's at shallow depths),
// and on the positions of the seed's game.
func TestDeepeningKeepsTheLowestOfEqualCells(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	positions := [][]Move{{}, {4, 0}, {4, 0, 2, 1}}
	for a := Move(0); a < 9; a++ {
		positions = append(positions, []Move{a})
		for b := Move(0); b < 9; b++ {
			if b != a {
				positions = append(positions, []Move{a, b})
			}
		}
	}
	for _, bot := range []Bot{alphabetaBot, minimaxBot} {
		for _, moves := range positions {
			t.Run(fmt.Sprint(bot.Name(), moves), func(t *testing.T) {
				g := playAll(t, moves...)
				full := think(bot, g)
				timed := bot.Think(context.Background(), g, Budget{Time: time.Minute})
				if timed.Move != full.Move || timed.Score != full.Score {
					t.Errorf("with a time budget move %d score %d, the full search move %d score %d", timed.Move, timed.Score, full.Move, full.Score)
				}
			})
		}
	}
}

func BenchmarkMinimaxEmptyBoard(b *testing.B)   { benchmarkFirstMove(b, minimaxBot) }
func BenchmarkAlphaBetaEmptyBoard(b *testing.B) { benchmarkFirstMove(b, alphabetaBot) }

func benchmarkFirstMove(b *testing.B, bot Bot) {
	var nodes int64
	for b.Loop() {
		nodes = think(bot, NewTicTacToe()).Nodes
	}
	b.ReportMetric(float64(nodes), "nodes/op")
}

// lineValue plays the expected line d.PV out on a copy of g, each move
// checked legal, and returns the score its last position gives the mover
// at g: the exact score if the line ends the game, else the evaluation at
// the horizon. over reports whether it ended the game.
func lineValue(t *testing.T, g Game, d Decision) (v int, over bool) {
	t.Helper()
	if len(d.PV) == 0 || d.PV[0] != d.Move {
		t.Fatalf("after %v: line %v does not start with the move %v", g.History(), d.PV, d.Move)
	}
	p := g.Clone()
	for i, m := range d.PV {
		if !slices.Contains(p.Moves(nil), m) {
			t.Fatalf("after %v: move %d of the line %v is illegal", g.History(), i+1, d.PV)
		}
		p.Play(m)
	}
	if p.Over() {
		v = final(p, len(d.PV))
	} else {
		v = defaultEval(p)(p, p.Turn())
	}
	if len(d.PV)%2 == 1 {
		v = -v
	}
	return v, p.Over()
}

// From every Tic-Tac-Toe position both bots expect a line that ends the
// game with exactly the score they report.
func TestExpectedLineEndsTheGameAtTheScore(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	seen := map[uint64]bool{}
	checked := 0
	var walk func(g *TicTacToe)
	walk = func(g *TicTacToe) {
		if g.Over() || seen[g.Key()] {
			return
		}
		seen[g.Key()] = true
		for _, b := range perfectBots {
			if len(g.History()) == 0 && !b.(SearchBot).Prune {
				continue // the whole tree: TestMinimaxNodesFromEmptyBoard's
			}
			d := think(b, g)
			if v, over := lineValue(t, g, d); !over || v != d.Score {
				t.Fatalf("%s after %v: line %v scores %d (game over %v), reported %d", b.Name(), g.History(), d.PV, v, over, d.Score)
			}
			checked++
		}
		for _, m := range g.Moves(nil) {
			g.Play(m)
			walk(g)
			g.Undo()
		}
	}
	walk(NewTicTacToe())
	if checked < 2*4000 {
		t.Errorf("only %d searches checked", checked)
	}
}

// Under a depth limit the line runs to the horizon, where the evaluation
// is the reported score: minimax's and alpha-beta's lines agree in value.
func TestExpectedLineAtTheHorizon(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	tests := []struct {
		name  string
		game  func() Game
		depth int
	}{
		{"ttt empty depth 2", func() Game { return NewTicTacToe() }, 2},
		{"ttt 4 depth 3", func() Game { return playAll(t, 4) }, 3},
		{"c4 empty depth 4", func() Game { return NewConnectFour() }, 4},
		{"c4 4453 depth 5", func() Game { return c4Game(t, "4453") }, 5},
	}
	for i, c := range loadSet(t, "Test_L2_R1")[:40] {
		tests = append(tests, struct {
			name  string
			game  func() Game
			depth int
		}{fmt.Sprint("c4 middle ", i), func() Game { return c4Game(t, c.moves) }, 4 + i%3})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.game()
			for _, b := range perfectBots {
				d := b.Think(context.Background(), g, Budget{Depth: tc.depth})
				v, over := lineValue(t, g, d)
				if v != d.Score || !over && len(d.PV) != tc.depth {
					t.Errorf("%s: line %v scores %d, reported %d; length %d, depth %d", b.Name(), d.PV, v, d.Score, len(d.PV), tc.depth)
				}
			}
		})
	}
}

package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// mctsSeeded is a fresh mcts bot on a fixed seed.
func mctsSeeded(seed uint64) *MCTS { return NewMCTS(rand.New(rand.NewPCG(seed, 9))) }

// mctsThink is one decision of a fresh seeded bot with a playout budget.
func mctsThink(g Game, playouts int) Decision {
	return mctsSeeded(1).Think(context.Background(), g, Budget{Playouts: playouts})
}

// immediateWins lists the mover's moves that end the game won at once.
func immediateWins(g Game) []Move {
	me := g.Turn()
	var wins []Move
	for _, m := range g.Moves(nil) {
		g.Play(m)
		if g.Over() && g.Winner() == me {
			wins = append(wins, m)
		}
		g.Undo()
	}
	return wins
}

// Tic-Tac-Toe: with 3,000 playouts a move, mcts never loses, as X or as O,
// against every line of play (a fresh bot on the same seed at each of its
// decisions, so that each line is one reproducible game).
func TestMCTSNeverLosesTicTacToe(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	const playouts = 3000
	for _, side := range []Side{X, O} {
		t.Run(side.String(), func(t *testing.T) {
			neverLoses(t, "mcts", side, func(g *TicTacToe) Move { return mctsThink(g, playouts).Move })
		})
	}
}

// mctsTactics are positions of each game where the mover wins at once
// (win) or must stop the opponent's win at once (block): Adjacency's at
// 3 rounds, one or two plies before the end, with a single right move in
// most of them.
var mctsTactics = []struct {
	game, record, kind string
}{
	{"ttt", "0314", "win"},
	{"ttt", "4056", "win"},
	{"ttt", "041", "block"},
	{"ttt", "4026", "block"},
	{"connect4", "112233", "win"},
	{"connect4", "11223", "block"},
	{"connect4", "445566", "win"},
	{"connect4", "12131", "block"},
	{"connect4", "1212123", "win"},
	{"connect4", "121212", "block"},
	{"connect4", "4343524", "block"},
	{"adjacency", "20,54,63,16,55", "win"},
	{"adjacency", "55,22,5,51,3", "win"},
	{"adjacency", "12,54,62,31,59", "win"},
	{"adjacency", "16,19,58,34,27", "win"},
	{"adjacency", "31,60,62,23", "block"},
	{"adjacency", "36,4,51,54", "block"},
	{"adjacency", "45,13,3,11", "block"},
	{"adjacency", "22,40,34,12", "block"},
	{"adjacency", "52,53,30,60", "block"},
}

// mcts takes an immediate win and blocks an immediate loss in every game,
// with 2,000 playouts. The table is checked against the rules first: a win
// position has a winning move and a losing or drawing one; in a block
// position some move lets the opponent win at once and some does not.
func TestMCTSWinsAndBlocks(t *testing.T) {
	const playouts = 2000
	for _, tc := range mctsTactics {
		t.Run(tc.game+"/"+tc.kind+"/"+tc.record, func(t *testing.T) {
			g, err := specNamed(t, tc.game).parseRecord(tc.record, gameOptions{"rounds": 3})
			if err != nil {
				t.Fatal(err)
			}
			moves := g.Moves(nil)
			d := mctsThink(g, playouts)
			switch tc.kind {
			case "win":
				wins := immediateWins(g)
				if len(wins) == 0 || len(wins) == len(moves) {
					t.Fatalf("not a test: winning moves %v of %v", wins, moves)
				}
				if !slices.Contains(wins, d.Move) {
					t.Errorf("played %s, not a win (wins: %v)", g.FormatMove(d.Move), wins)
				}
			case "block":
				var safe []Move
				for _, m := range moves {
					g.Play(m)
					if len(immediateWins(g)) == 0 {
						safe = append(safe, m)
					}
					g.Undo()
				}
				if len(safe) == 0 || len(safe) == len(moves) {
					t.Fatalf("not a test: safe moves %v of %v", safe, moves)
				}
				if !slices.Contains(safe, d.Move) {
					t.Errorf("played %s, which loses at once (safe: %v)", g.FormatMove(d.Move), safe)
				}
			}
		})
	}
}

// Connect Four, End-Easy set: in positions the mover wins, the move mcts
// chooses with 5,000 playouts keeps the win (the solver proves the child
// lost for the opponent) in at least 95% of them. Every 3rd position of
// the set with a positive score: 120 or so.
func TestMCTSKeepsConnectFourWins(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	const playouts, stride = 5000, 3
	s := newStdSolver()
	cases := loadSet(t, "Test_L3_R1")
	tried, kept := 0, 0
	for i := 0; i < len(cases); i += stride {
		c := cases[i]
		if c.score <= 0 {
			continue
		}
		g := c4Game(t, c.moves)
		d := mctsThink(g, playouts)
		g.Play(d.Move)
		tried++
		if g.Over() || s.solve(c4PosOf(g)) < 0 {
			kept++
		} else {
			t.Logf("%s: %d gives the win away", c.moves, d.Move+1)
		}
	}
	if tried < 100 || kept*100 < tried*95 {
		t.Errorf("kept the win in %d of %d positions, want 95%%", kept, tried)
	}
	t.Logf("kept the win in %d of %d positions", kept, tried)
}

// With a playout budget the same seed plays the same game, decision by
// decision, figures included.
func TestMCTSReproducible(t *testing.T) {
	for _, name := range []string{"ttt", "connect4", "adjacency"} {
		t.Run(name, func(t *testing.T) {
			spec := specNamed(t, name)
			var runs []string
			for range 2 {
				bots := [3]*MCTS{X: mctsSeeded(5), O: mctsSeeded(6)}
				g := spec.start(nil)
				var log string
				err := playGame(context.Background(), g, botSeats(bots[X], bots[O], Budget{Playouts: 500}), gameHooks{
					after: func(_ Game, d Decision) error {
						log += fmt.Sprintf("%d:%d/%d/%d/%.6f/%v ", d.Move, d.Nodes, d.Tree.Playouts, d.Depth, d.Tree.WinRate, d.PV)
						return nil
					}})
				if err != nil {
					t.Fatal(err)
				}
				runs = append(runs, log)
			}
			if runs[0] != runs[1] {
				t.Errorf("same seed, different games:\n%s\n%s", runs[0], runs[1])
			}
		})
	}
}

// subtreeSize counts the nodes under n, n included.
func (b *MCTS) subtreeSize(n int32) int {
	size := 1
	from, to := b.triedChildren(n)
	for c := from; c < to; c++ {
		size += b.subtreeSize(c)
	}
	return size
}

// A tree grown on one Connect Four board is not the tree of a board of
// another size with the same moves: the empty 4x4 and 5x4 boards have the
// same stones and history, but column 4 of 4x4 fills up sooner, so a kept
// tree would play into a full column.
func TestMCTSTreeOfAnotherSize(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct{ first, then [2]int }{
		{[2]int{5, 4}, [2]int{4, 4}},
		{[2]int{4, 4}, [2]int{4, 5}},
		{[2]int{7, 6}, [2]int{7, 5}},
	} {
		bot := mctsSeeded(3)
		bot.Think(context.Background(), NewConnectFourSize(tc.first[0], tc.first[1]), Budget{Playouts: 2000})
		bot.Think(cancelled, NewConnectFourSize(tc.then[0], tc.then[1]), Budget{})
		if bot.tree.used != 1 || bot.node(0).visits != 0 {
			t.Errorf("%dx%d after %dx%d: the tree has %d nodes, %d visits; want a fresh root", tc.then[0], tc.then[1], tc.first[0], tc.first[1], bot.tree.used, bot.node(0).visits)
		}
	}
}

// Every node's visits are its children's plus the playout that expanded
// it (a finished game's node has no children and counts every visit), its
// wins lie between 0 and its visits, its children are for distinct legal
// moves, which its untried count completes and its tried mask marks: the
// tree's bookkeeping, checked over each game after a search, position by
// position.
func TestMCTSTreeConsistent(t *testing.T) {
	for _, spec := range declared.games {
		t.Run(spec.name, func(t *testing.T) {
			bot := mctsSeeded(4)
			bot.Solve = false // plain UCT: no proved node stops a playout
			g := spec.start(nil)
			bot.Think(context.Background(), g, Budget{Playouts: 2000})
			if bot.node(0).visits != 2000 {
				t.Fatalf("root visits %d, want 2000", bot.node(0).visits)
			}
			var check func(n int32) int
			check = func(n int32) int {
				node := bot.node(n)
				sum, count := int32(0), 1
				legal := g.Moves(nil)
				if node.counted() && int(node.untried)+int(node.kids) != len(legal) || node.kids > node.room {
					t.Fatalf("%v: %d children in room for %d, %d untried, %d legal moves", g.History(), node.kids, node.room, node.untried, len(legal))
				}
				var tried uint64
				from, to := bot.triedChildren(n)
				for c := from; c < to; c++ {
					m := Move(bot.node(c).move)
					if !slices.Contains(legal, m) || tried&(1<<m) != 0 {
						t.Fatalf("%v: child %d for move %d, illegal or twice", g.History(), c, m)
					}
					tried |= 1 << m
					sum += bot.node(c).visits
					g.Play(Move(bot.node(c).move))
					count += check(c)
					g.Undo()
				}
				want := node.visits - 1 // the playout that expanded it
				if n == 0 || g.Over() {
					want = node.visits
					if g.Over() {
						want = 0
					}
				}
				if sum != want || tried != node.tried {
					t.Fatalf("%v: %d visits, children %d; moves tried %b, marked %b", g.History(), node.visits, sum, tried, node.tried)
				}
				if node.points > 2*uint32(node.visits) {
					t.Fatalf("%v: %.1f wins in %d visits", g.History(), node.wins(), node.visits)
				}
				return count
			}
			if n := check(0); n != bot.size {
				t.Errorf("%d nodes in the tree, %d counted", n, bot.size)
			}
		})
	}
}

// A game's fast playout is the generic one: from random positions, on
// the same seed, the same winner, the same random numbers drawn, and the
// position left as it was.
func TestMCTSFastPlayout(t *testing.T) {
	pick := rand.New(rand.NewPCG(8, 8))
	for _, spec := range declared.games {
		if _, ok := spec.start(nil).(fastPlayout); !ok {
			continue
		}
		t.Run(spec.name, func(t *testing.T) {
			for i := range 300 {
				g := conformanceGame(spec, pick)
				before := snapshot(spec, g)
				slow, fast := rand.New(rand.NewPCG(uint64(i), 1)), rand.New(rand.NewPCG(uint64(i), 1))
				plies := randomPlayOut(g, slow, nil)
				want := winnerPoints(g.Winner(), X)
				for ; plies > 0; plies-- {
					g.Undo()
				}
				got := winnerPoints(g.(fastPlayout).randomPlayout(fast), X)
				if got != want || slow.Uint64() != fast.Uint64() {
					t.Fatalf("%s, seed %d: fast playout %v, generic %v (or other draws)", spec.record(g), i, got, want)
				}
				if after := snapshot(spec, g); after != before {
					t.Fatalf("the fast playout changed %s into %s", before, after)
				}
			}
		})
	}
}

// BenchmarkMCTSPlayouts measures playouts a second from each game's start
// (Adjacency at its default 8 rounds), tree included: the default bot,
// then plain UCT (solve=off).
func BenchmarkMCTSPlayouts(b *testing.B) {
	for _, solve := range []bool{true, false} {
		for _, spec := range declared.games {
			name := spec.name
			if solve != mctsSolveDefault {
				name += fmt.Sprintf("-solve=%v", map[bool]string{true: "on", false: "off"}[solve])
			}
			b.Run(name, func(b *testing.B) {
				g := spec.start(nil)
				bot := mctsSeeded(1)
				bot.Solve = solve
				var playouts int64
				for b.Loop() {
					bot.tree.reset() // a fresh tree each time
					d := bot.Think(context.Background(), g, Budget{Playouts: 10000})
					playouts += d.Tree.Playouts
				}
				b.ReportMetric(float64(playouts)/b.Elapsed().Seconds(), "playouts/s")
			})
		}
	}
}

// BenchmarkMCTSSimulation compares the simulation step alone from each
// game's start: the generic playout over the Game interface, and the
// game's fast path where it has one.
func BenchmarkMCTSSimulation(b *testing.B) {
	for _, spec := range declared.games {
		g := spec.start(nil)
		b.Run(spec.name+"/generic", func(b *testing.B) {
			rng, buf := rand.New(rand.NewPCG(1, 1)), make([]Move, 0, 64)
			for b.Loop() {
				for plies := randomPlayOut(g, rng, buf); plies > 0; plies-- {
					g.Undo()
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
		})
		if fast, ok := g.(fastPlayout); ok {
			b.Run(spec.name+"/fast", func(b *testing.B) {
				rng := rand.New(rand.NewPCG(1, 1))
				for b.Loop() {
					fast.randomPlayout(rng)
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
			})
		}
	}
}

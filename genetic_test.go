package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// smallGenetic is a cheap configuration for tests that play many moves.
func smallGenetic(seed uint64) *GeneticBot {
	b := NewGeneticBot(rand.New(rand.NewPCG(seed, 7)))
	b.Population, b.Generations = 16, 6
	return b
}

// TestGeneticReproducible: the same seed gives the same moves, game after
// game; other seeds give other moves somewhere.
func TestGeneticReproducible(t *testing.T) {
	for _, spec := range playableGames() {
		play := func(seed uint64) string {
			bot := smallGenetic(seed)
			g := spec.start(nil)
			if err := playGame(context.Background(), g, botSeats(bot, bot, Budget{Depth: 3}), gameHooks{}); err != nil {
				t.Fatal(err)
			}
			return spec.record(g)
		}
		first := play(1)
		if again := play(1); again != first {
			t.Errorf("%s: seed 1 played %s, then %s", spec.name, first, again)
		}
		differ := false
		for seed := uint64(2); seed < 8 && !differ; seed++ {
			differ = play(seed) != first
		}
		if !differ {
			t.Errorf("%s: seeds 1-7 all played %s", spec.name, first)
		}
	}
}

// TestGeneticTimeBudget: with a huge generation limit, a 20 ms budget ends
// the search in time with a legal move (the search looks at the clock
// every 32 chromosomes, well under a millisecond; see keepsBudget); so
// does a cancelled context.
func TestGeneticTimeBudget(t *testing.T) {
	for _, spec := range playableGames() {
		bot := NewGeneticBot(rand.New(rand.NewPCG(1, 1)))
		bot.Generations, bot.Population = 1<<30, 200
		g := spec.start(nil)
		t.Run(spec.name, func(t *testing.T) { keepsBudget(t, bot, g, Budget{Depth: 8, Time: 20 * time.Millisecond}) })
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if d := bot.Think(ctx, g, Budget{}); !slices.Contains(g.Moves(nil), d.Move) {
			t.Errorf("%s: cancelled: illegal move %d", spec.name, d.Move)
		}
	}
}

// TestPMXDistinct: over random parents of distinct genes (cells of the
// root position), PMX children have distinct genes, take the second
// parent's segment and otherwise only the parents' genes; in a cell game
// they replay without any repair.
func TestPMXDistinct(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, spec := range playableGames() {
		g := spec.start(gameOptions{"rounds": 28})
		if !cellGame(g) {
			continue
		}
		for range 2000 {
			cells := g.Moves(nil)
			depth := 1 + rng.IntN(min(8, len(cells)))
			rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
			p1 := slices.Clone(cells[:depth])
			rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
			p2 := slices.Clone(cells[:depth])
			i := rng.IntN(depth)
			j := i + 1 + rng.IntN(depth-i)
			child := pmx(p1, p2, i, j)
			where := fmt.Sprintf("%s pmx(%v, %v, %d, %d) = %v", spec.name, p1, p2, i, j, child)
			if len(child) != depth || !slices.Equal(child[i:j], p2[i:j]) {
				t.Fatalf("%s: wrong length or segment", where)
			}
			for k, m := range child {
				if slices.Contains(child[k+1:], m) {
					t.Fatalf("%s: gene %d repeats", where, m)
				}
				if !slices.Contains(p1, m) && !slices.Contains(p2, m) {
					t.Fatalf("%s: gene %d is in neither parent", where, m)
				}
			}
			s := newGenetic(context.Background(), g.Clone(), depth, rng)
			replayed := slices.Clone(child)
			s.place(replayed)
			// Tic-Tac-Toe may end early: only the played prefix counts.
			if !slices.Equal(replayed, child) {
				t.Fatalf("%s: replay repaired it to %v", where, replayed)
			}
		}
	}
}

// nodeDepth is how many moves lead from the root to n.
func nodeDepth(n *rnode) int {
	d := 0
	for ; n.parent != nil; n = n.parent {
		d++
	}
	return d
}

// cellGame says whether moves are cells that stay taken (every legal
// move of the start is a distinct cell, none playable twice).
func cellGame(g Game) bool {
	g = g.Clone()
	m := g.Moves(nil)[0]
	g.Play(m)
	if g.Over() {
		return false
	}
	g.Play(g.Moves(nil)[0])
	return !slices.Contains(g.Moves(nil), m)
}

// TestRepairLegal: any chromosome at all, replayed, becomes a legal
// sequence (it is replayed again without change), in every game.
func TestRepairLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, spec := range playableGames() {
		for range 500 {
			g := randomPosition(spec, rng, 0)
			if g.Over() {
				continue
			}
			depth := 1 + rng.IntN(6)
			genes := make([]Move, depth)
			for i := range genes {
				genes[i] = Move(rng.IntN(70) - 2) // often off the board or taken
			}
			s := newGenetic(context.Background(), g, depth, rng)
			s.place(genes)
			again := slices.Clone(genes)
			leaf := s.place(again)
			if !slices.Equal(again, genes) || s.evals != 1 {
				t.Fatalf("%s %s: %v replayed as %v (%d evaluations)", spec.name, spec.record(g), genes, again, s.evals)
			}
			// Replaying by hand: every played gene legal where it stands.
			h := g.Clone()
			for _, m := range genes {
				if h.Over() {
					break
				}
				if !slices.Contains(h.Moves(nil), m) {
					t.Fatalf("%s %s: %v plays illegal %d", spec.name, spec.record(g), genes, m)
				}
				h.Play(m)
			}
			if d := nodeDepth(leaf); d != len(h.History())-len(g.History()) {
				t.Fatalf("leaf at depth %d after %d moves", d, len(h.History())-len(g.History()))
			}
		}
	}
}

// TestReservationTreeMinimax: the tree's backed-up values are plain
// minimax over the sequences inserted. With every sequence of a small
// Tic-Tac-Toe position inserted, each root child's value is the negamax
// value of minimax.go; with a few sequences, a hand-made case.
func TestReservationTreeMinimax(t *testing.T) {
	t.Run("all sequences", func(t *testing.T) {
		// X: 0 4, O: 8 2; X to move, 5 empty cells.
		g := tttAfter(t, "0842")
		const depth = 3
		s := newGenetic(context.Background(), g.Clone(), depth, rand.New(rand.NewPCG(1, 1)))
		var walk func(h Game, prefix []Move)
		walk = func(h Game, prefix []Move) {
			if len(prefix) == depth || h.Over() {
				genes := append(slices.Clone(prefix), make([]Move, depth-len(prefix))...)
				s.place(genes)
				return
			}
			for _, m := range h.Moves(nil) {
				h.Play(m)
				walk(h, append(prefix, m))
				h.Undo()
			}
		}
		walk(g.Clone(), nil)
		ref := &searcher{ctx: context.Background(), eval: defaultEval(g)}
		h := g.Clone()
		for _, m := range h.Moves(nil) {
			h.Play(m)
			want := -ref.negamax(h, depth-1, 1, -infinity, infinity)
			h.Undo()
			if c := s.root.child(m); c.value != want {
				t.Errorf("root child %d: tree %d, minimax %d", m, c.value, want)
			}
		}
	})
	t.Run("hand-made", func(t *testing.T) {
		// Empty board, depth 2, X's view. Sequences and X's evaluation
		// after them (X's open lines minus O's):
		//   4 0: X 4 lines, O's corner kills 048 and adds 012, 036: 3-2 = 1
		//   4 1: X on 345, 048, 246 free; O on 012: 147 mixed -> 3-1 = 2
		//   0 4: X 012, 036 (048 mixed); O 345, 147, 246: 2-3 = -1
		//   0 8: X 012, 036; O 678, 258: 2-2 = 0
		// Minimax: after 4, O picks min(1, 2) = 1; after 0, min(-1, 0) = -1;
		// the root takes 4 with 1.
		s := newGenetic(context.Background(), NewTicTacToe(), 2, rand.New(rand.NewPCG(1, 1)))
		leaves := map[[2]Move]int{{4, 0}: 1, {4, 1}: 2, {0, 4}: -1, {0, 8}: 0}
		for seq, want := range leaves {
			genes := seq[:]
			if leaf := s.place(genes); leaf.value != want {
				t.Errorf("leaf %v scored %d, want %d", seq, leaf.value, want)
			}
		}
		for m, want := range map[Move]int{4: 1, 0: -1} {
			if v := s.root.child(m).value; v != want {
				t.Errorf("node %d: %d, want %d", m, v, want)
			}
		}
		if m, v := s.best(); m != 4 || v != 1 || s.root.value != 1 {
			t.Errorf("best %d with %d (root %d), want 4 with 1", m, v, s.root.value)
		}
	})
}

// TestFitness checks fitness on a hand-built tree (values from the root
// mover's side; the root maximises, its children minimise):
//
//	root = max(a, b, c) = 5
//	a = min(3, 5) = 3    b = min(1, 6) = 1    c = min(5, 9) = 5
func TestFitness(t *testing.T) {
	root := &rnode{move: NoMove, maxing: true, value: -infinity}
	leaf := func(path []Move, v int) *rnode {
		n := root
		for _, m := range path {
			n = n.child(m)
		}
		n.setLeaf(v)
		return n
	}
	a3 := leaf([]Move{0, 10}, 3)
	a5 := leaf([]Move{0, 11}, 5)
	b1 := leaf([]Move{1, 10}, 1)
	b6 := leaf([]Move{1, 11}, 6)
	c9 := leaf([]Move{2, 10}, 9)
	c5 := leaf([]Move{2, 11}, 5)
	tests := []struct {
		name string
		leaf *rnode
		want int
	}{
		{"principal variation c5: c and root", c5, 2},
		{"a3: a, not the root", a3, 1},
		{"b1: b, not the root", b1, 1},
		{"a5: a rejects it; the root's 5 is another leaf's", a5, 0},
		{"b6: b rejects it", b6, 0},
		{"c9: c rejects it", c9, 0},
	}
	for _, tc := range tests {
		if got := tc.leaf.fitness(); got != tc.want {
			t.Errorf("%s: fitness %d, want %d", tc.name, got, tc.want)
		}
	}
	if root.value != 5 || root.child(0).value != 3 || root.child(1).value != 1 || root.child(2).value != 5 {
		t.Errorf("backed-up values root %d a %d b %d c %d, want 5 3 1 5",
			root.value, root.child(0).value, root.child(1).value, root.child(2).value)
	}
}

// countingGame counts the positions a search scores (its Final calls,
// and with countingEval its evaluations), so that bots of different kinds
// compare on evaluations.
type countingGame struct {
	Game
	evals *int64
}

// countingEval is g's game's default evaluator, reading through a
// countingGame and counting its calls in n.
func countingEval(g Game, n *int64) evalFunc {
	eval := defaultEval(g)
	return func(p Game, s Side) int { *n++; return eval(p.(countingGame).Game, s) }
}

func (c countingGame) Final(s Side) int { *c.evals++; return c.Game.Final(s) }
func (c countingGame) Clone() Game      { return countingGame{c.Game.Clone(), c.evals} }

// agreement compares the genetic bot with alpha-beta at the same depth on
// random positions of a game: how often the genetic move's minimax value
// equals alpha-beta's best, and the evaluations each spent.
type agreement struct {
	positions, agree int
	geneticEvals     int64 // Evaluate and Final calls of the genetic bot
	alphabetaEvals   int64 // the same for the generic alpha-beta of minimax.go
	ownNodes         int64 // nodes of the game's own alphabeta bot (may be specialised)
	shortfall        int   // sum over positions of alpha-beta's value minus the genetic move's
}

// measureAgreement draws positions of spec from a seeded source (random
// moves from the start, 8 rounds in Adjacency) and, for each position
// still open with two moves or more, runs bot and both alpha-betas at
// depth; the genetic move's value is the minimax value at depth of the
// position after it.
func measureAgreement(t testing.TB, spec *gameSpec, positions, depth int, seed uint64, bot *GeneticBot) agreement {
	rng := rand.New(rand.NewPCG(seed, 0))
	own, err := newBotFor(spec, "alphabeta", rng)
	if err != nil {
		t.Fatal(err)
	}
	var a agreement
	for a.positions < positions {
		g := randomPosition(spec, rng, 0)
		if g.Over() || len(g.Moves(nil)) < 2 {
			continue
		}
		a.positions++
		budget := Budget{Depth: depth}
		bot.Eval = countingEval(g, &a.geneticEvals)
		gd := bot.Think(context.Background(), countingGame{g, &a.geneticEvals}, budget)
		ab := SearchBot{Prune: true, Eval: countingEval(g, &a.alphabetaEvals)}
		ad := ab.Think(context.Background(), countingGame{g, &a.alphabetaEvals}, budget)
		a.ownNodes += own.Think(context.Background(), g, budget).Nodes
		h := g.Clone()
		h.Play(gd.Move)
		ref := &searcher{ctx: context.Background(), prune: true, eval: defaultEval(g)}
		v := -ref.negamax(h, depth-1, 1, -infinity, infinity)
		if v > ad.Score {
			t.Fatalf("%s %s: the genetic move is worth %d, more than alpha-beta's best %d", spec.name, spec.record(g), v, ad.Score)
		}
		if v == ad.Score {
			a.agree++
		}
		a.shortfall += ad.Score - v
	}
	return a
}

// TestGeneticAgreement: at depth 4 the genetic bot's move has alpha-beta's
// minimax value on at least 80% of 100 random Adjacency positions (issue
// 4's aim), with fewer evaluations than the generic alpha-beta. To keep
// the test fast it runs half the default population for 60 generations
// (the defaults are measured by BenchmarkGeneticAgreement). The other
// games' floors guard against regressions (measured: Tic-Tac-Toe 100,
// Connect Four 77, whose columns make crossover children mostly repairs).
// Deterministic: no clock is involved.
func TestGeneticAgreement(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	floor := map[string]int{"ttt": 95, "connect4": 70, "adjacency": 80}
	for _, spec := range playableGames() {
		// Each game a parallel subtest: its own bot and seed.
		t.Run(spec.name, func(t *testing.T) {
			t.Parallel()
			bot := NewGeneticBot(rand.New(rand.NewPCG(1, 2)))
			bot.Population, bot.Generations = 100, 60
			a := measureAgreement(t, spec, 100, 4, 1, bot)
			t.Logf("%s depth 4: agree %d/%d, evaluations genetic %d, alpha-beta %d (own alphabeta nodes %d)",
				spec.name, a.agree, a.positions, a.geneticEvals, a.alphabetaEvals, a.ownNodes)
			want, ok := floor[spec.name]
			if !ok {
				// A game not measured here (a new one, such as
				// nim_test.go's Nim) must at least agree more often
				// than not; its measured floor belongs in the table.
				want = 50
			}
			if a.agree < want {
				t.Errorf("%s: agreement %d/100, want at least %d", spec.name, a.agree, want)
			}
			if spec.name == "adjacency" && a.geneticEvals >= a.alphabetaEvals {
				t.Errorf("adjacency: genetic spent %d evaluations, alpha-beta only %d", a.geneticEvals, a.alphabetaEvals)
			}
		})
	}
}

// BenchmarkGeneticAgreement reports, per game, the genetic bot's agreement
// with alpha-beta at depth 4 on 100 random positions and the evaluations
// per position of both (and the nodes of the game's own alphabeta).
func BenchmarkGeneticAgreement(b *testing.B) {
	for _, spec := range playableGames() {
		b.Run(spec.name, func(b *testing.B) {
			var a agreement
			for i := range b.N {
				bot := NewGeneticBot(rand.New(rand.NewPCG(uint64(i)+1, 2)))
				a = measureAgreement(b, spec, 100, 4, uint64(i)+1, bot)
			}
			n := float64(a.positions)
			b.ReportMetric(float64(a.agree)/n*100, "agree%")
			b.ReportMetric(float64(a.geneticEvals)/n, "gen-evals/pos")
			b.ReportMetric(float64(a.alphabetaEvals)/n, "ab-evals/pos")
			b.ReportMetric(float64(a.ownNodes)/n, "own-ab-nodes/pos")
			b.ReportMetric(float64(a.shortfall)/n, "shortfall/pos")
		})
	}
}

package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// GeneticBot is the genetic minimax search of Hong, Huang and Lin (2001),
// as seed 002 (section V) describes it.
//
// A chromosome is a sequence of Depth moves from the root, the sides
// alternating, the root's mover first. Every chromosome is replayed into a
// reservation tree: a partial game tree whose leaves hold the scores of
// the positions the sequences reach (from the root mover's side) and whose
// inner nodes hold the minimax values backed up from the leaves present.
// A chromosome's fitness is how many levels above its leaf still carry the
// leaf's value: the principal variation of the tree scores Depth, a leaf
// whose value its parent already rejects scores 0. Each generation pairs
// parents for PMX crossover, swap-mutates some, drops duplicates, inserts
// the children into the tree and keeps the best Population by fitness.
// The move played is the root child with the best backed-up value (the
// better explored among equals).
//
// Moves in a chromosome are meant to be distinct; in a game whose moves
// are cells (Tic-Tac-Toe, Adjacency) distinct cells are exactly legal
// sequences. Connect Four moves are columns, which may repeat, so the rule
// is generalised: whenever a chromosome is replayed, a gene that is not
// legal in its position (a taken cell, a full column, an unset gene) is
// repaired with a random legal move, preferably one the chromosome does
// not already hold, and the repaired gene is written back. A sequence that
// ends the game before its last gene stops there; its tail is carried
// along for crossover but not played.
//
// All randomness comes from the bot's *rand.Rand, so a seed fixes the
// moves whenever the generation limit, not the clock, ends the search.
type GeneticBot struct {
	Population  int     // N: individuals kept after each generation
	Generations int     // generation limit; the time budget may end sooner
	Crossover   float64 // share of the population paired for crossover per generation
	Mutation    float64 // chance that an individual yields a swap-mutated copy
	Depth       int     // chromosome length when the budget sets no depth
	// Eval judges the positions a sequence ends in before the game's end;
	// nil is the game's default evaluator.
	Eval evalFunc
	rng  *rand.Rand
}

// The genetic bot's keys, with NewGeneticBot's defaults.
var (
	geneticDepthParam = param{key: "depth", kind: kindInt, min: 1, max: 32, def: "4",
		about: "the length of a chromosome, in plies"}
	populationParam = param{key: "population", kind: kindInt, min: 2, max: 100_000, def: "200",
		about: "how many individuals it keeps after each generation"}
	generationsParam = param{key: "generations", kind: kindInt, min: 1, max: 1_000_000, def: "200",
		about: "the most generations; the time may end the search sooner"}
	crossoverParam = param{key: "crossover", kind: kindFloat, min: 0, max: 1, def: "0.8",
		about: "the share of the population paired for crossover in each generation"}
	mutationParam = param{key: "mutation", kind: kindFloat, min: 0, max: 1, def: "0.1",
		about: "the chance that an individual gives a copy with two moves swapped"}
)

func init() {
	registerBot(&botDecl{name: "genetic", order: 5, traces: true,
		about:  "genetic minimax (Hong, Huang & Lin 2001): evolves move sequences, minimax over a reservation tree",
		params: []param{geneticDepthParam, timeParam, populationParam, generationsParam, crossoverParam, mutationParam, evalParam},
		build: func(c botConfig) Bot {
			b := NewGeneticBot(c.rng)
			b.Population, b.Generations = c.vals.int("population"), c.vals.int("generations")
			b.Crossover, b.Mutation = c.vals.float("crossover"), c.vals.float("mutation")
			b.Depth, b.Eval = c.vals.int("depth"), findEvaluator(c.game.name, c.vals.text("eval")).score
			return b
		}})
}

// geneticDepth is the genetic bot's chromosome length when -depth is 0:
// the depth the course's bots reached in 5 seconds.
const geneticDepth = 4

// NewGeneticBot returns the bot with its default parameters, drawing its
// randomness from rng. The defaults were chosen on Adjacency at depth 4,
// where a larger population over more generations finds alpha-beta's
// move more often and beats local search (docs/bots.md, "genetic";
// BenchmarkGeneticAgreement, BenchmarkAdjacencyMatches).
func NewGeneticBot(rng *rand.Rand) *GeneticBot {
	return &GeneticBot{
		Population:  200,
		Generations: 200,
		Crossover:   0.8,
		Mutation:    0.1,
		Depth:       geneticDepth,
		rng:         rng,
	}
}

// Name is "genetic".
func (b *GeneticBot) Name() string { return "genetic" }

// Think runs the genetic search on a copy of g within the budget and plays
// the root child with the best backed-up value (see best for ties). Nodes
// counts the positions scored (leaf evaluations); Depth is the chromosome
// length. With a single legal move it plays it without a search.
func (b *GeneticBot) Think(ctx context.Context, g Game, budget Budget) Decision {
	start := time.Now()
	ctx, cancel := withBudget(ctx, budget)
	defer cancel()
	depth := budget.Depth
	if depth <= 0 {
		depth = b.Depth
	}
	s := newGenetic(ctx, g.Clone(), max(depth, 1), b.rng)
	if b.Eval != nil {
		s.eval = b.Eval
	}
	d := Decision{Move: NoMove}
	if len(s.rootMoves) == 0 {
		d.Time = time.Since(start)
		return d
	}
	d.Move = s.rootMoves[0] // a legal answer even if time is up at once
	s.traceBest = min(budget.Trace, geneticTraceBest)
	if len(s.rootMoves) > 1 {
		s.evolve(b)
		d.Move, d.Score = s.best()
		d.Depth = s.depth
	}
	if budget.Trace > 0 {
		d.Trace = s.trace(d)
	}
	d.Nodes, d.Time = s.evals, time.Since(start)
	return d
}

// individual is a chromosome with the leaf its replay reached.
type individual struct {
	genes   []Move
	leaf    *rnode
	fitness int
}

// genetic is the state of one genetic search.
type genetic struct {
	ctx       context.Context
	rng       *rand.Rand
	g         Game // the root position, played forward and back
	me        Side
	depth     int
	eval      evalFunc
	root      *rnode
	rootMoves []Move
	evals     int64 // leaves scored
	placed    int64 // chromosomes replayed
	stopped   bool
	spare     []Move // repair candidates
	// traced is, for -trace, the best chromosomes of each generation,
	// traceBest of them; nil when not traced.
	traced    []*TraceNode
	traceBest int
}

// newGenetic prepares a search of g's position depth plies deep, judged by
// its game's default evaluator, drawing every random choice from rng; the
// reservation tree starts as its root.
func newGenetic(ctx context.Context, g Game, depth int, rng *rand.Rand) *genetic {
	s := &genetic{
		ctx:   ctx,
		rng:   rng,
		g:     g,
		me:    g.Turn(),
		depth: depth,
		eval:  defaultEval(g),
		// The root holds minus infinity until a leaf is scored (seed 002).
		root: &rnode{move: NoMove, maxing: true, value: -infinity},
	}
	s.rootMoves = g.Moves(nil)
	return s
}

// score is the value of the current position, ply moves below the root,
// from the root mover's side: exactly what the negamax of minimax.go
// returns there, so values agree with minimax and alpha-beta at the same
// depth.
func (s *genetic) score(ply int) int {
	var v int
	if s.g.Over() {
		v = final(s.g, ply)
	} else {
		v = s.eval(s.g, s.g.Turn())
	}
	if s.g.Turn() != s.me {
		v = -v
	}
	return v
}

// place replays a chromosome from the root, repairing illegal genes in
// place, inserts its path into the reservation tree and scores the leaf if
// it is new. It returns the leaf.
func (s *genetic) place(genes []Move) *rnode {
	n := s.root
	played := 0
	for i := range genes {
		if s.g.Over() {
			break
		}
		if n.legal == nil {
			n.legal = s.g.Moves(nil) // once per node: most replays retrace known paths
		}
		moves := n.legal
		if !slices.Contains(moves, genes[i]) {
			genes[i] = s.repair(moves, genes, i)
		}
		s.g.Play(genes[i])
		played++
		n = n.child(genes[i])
	}
	if !n.scored {
		n.setLeaf(s.score(played))
		s.evals++
	}
	s.placed++
	if s.placed%32 == 0 && expired(s.ctx) {
		s.stopped = true
	}
	for ; played > 0; played-- {
		s.g.Undo()
	}
	return n
}

// repair picks a random legal move for gene i, preferring one the rest of
// the chromosome does not hold, so that distinct genes stay distinct.
func (s *genetic) repair(legal, genes []Move, i int) Move {
	s.spare = s.spare[:0]
	for _, m := range legal {
		if !slices.Contains(genes[:i], m) && !slices.Contains(genes[i+1:], m) {
			s.spare = append(s.spare, m)
		}
	}
	if len(s.spare) == 0 {
		return legal[s.rng.IntN(len(legal))]
	}
	return s.spare[s.rng.IntN(len(s.spare))]
}

// pmx is partially mapped crossover: the child takes p2's genes in
// [i, j) and p1's elsewhere, a p1 gene that the segment already holds
// being replaced through the segment's mapping (p2[k] -> p1[k]) until it
// is free. When each parent's genes are distinct the child's are too.
// Parents with repeated genes (Connect Four columns, unset tails) may
// leave a repeat, which the replay repairs.
func pmx(p1, p2 []Move, i, j int) []Move {
	child := slices.Clone(p1)
	copy(child[i:j], p2[i:j])
	seg := p2[i:j]
	for k := range child {
		if k >= i && k < j {
			continue
		}
		v := p1[k]
		for range len(seg) {
			at := slices.Index(seg, v)
			if at < 0 {
				break
			}
			v = p1[i+at]
		}
		child[k] = v
	}
	return child
}

// add replays and inserts a chromosome, keeping it unless its leaf is one
// some kept individual already has (duplicates removed).
func (s *genetic) add(pop []individual, seen map[*rnode]bool, genes []Move) []individual {
	leaf := s.place(genes)
	if seen[leaf] {
		return pop
	}
	seen[leaf] = true
	return append(pop, individual{genes: genes, leaf: leaf})
}

// evolve runs the generations: a random population first, then
// crossover, mutation, insertion, fitness and selection until the
// generation limit or the clock. seen holds the leaves of the individuals
// kept, so that a chromosome reaching a kept leaf is dropped as a
// duplicate.
func (s *genetic) evolve(b *GeneticBot) {
	n := max(b.Population, 2)
	seen := map[*rnode]bool{}
	var pop []individual
	for range n {
		if s.stopped {
			return
		}
		genes := make([]Move, s.depth)
		for i := range genes {
			genes[i] = NoMove // every gene is repaired: a random legal sequence
		}
		pop = s.add(pop, seen, genes)
	}
	for range b.Generations {
		if s.stopped || expired(s.ctx) || len(pop) == 0 {
			return
		}
		next := slices.Clone(pop)
		next = s.crossover(pop, next, seen, int(b.Crossover*float64(len(pop))/2+0.5))
		next = s.mutate(pop, next, seen, b.Mutation)
		pop = s.selectFittest(next, seen, n)
		if s.traceBest > 0 {
			s.traceGeneration(pop)
		}
	}
}

// traceGeneration notes the best chromosomes of the population just
// selected, fittest first: their genes, the value of the leaf each
// reached (the root mover's) and their fitness.
func (s *genetic) traceGeneration(pop []individual) {
	gen := &TraceNode{Move: fmt.Sprintf("generation %d", len(s.traced)+1)}
	for _, p := range pop[:min(s.traceBest, len(pop))] {
		moves := make([]string, len(p.genes))
		for i, m := range p.genes {
			moves[i] = s.g.FormatMove(m)
		}
		gen.Children = append(gen.Children, &TraceNode{Move: strings.Join(moves, " "),
			Value: scoreOf(p.leaf.value), Note: fmt.Sprintf("fitness %d", p.fitness)})
	}
	s.traced = append(s.traced, gen)
}

// geneticTraceBest caps the chromosomes a trace shows of a generation.
const geneticTraceBest = 10

// geneticTraceGenerations is how many generations a trace shows, evenly
// spaced from the first, and the last one too.
const geneticTraceGenerations = 10

// trace is the decision's trace: some generations' best chromosomes and,
// under the root, the move chosen with its value.
func (s *genetic) trace(d Decision) *SearchTrace {
	t := &SearchTrace{Bot: "genetic", Heading: []string{
		fmt.Sprintf("trace: genetic ran %d generations, %d leaves scored; the %d best chromosomes of each generation shown",
			len(s.traced), s.evals, s.traceBest),
		fmt.Sprintf("a chromosome is %d moves from here; value: its leaf's, %v's; fitness: ancestors sharing that value",
			s.depth, s.me),
	}}
	root := &TraceNode{Move: "root", Value: scoreOf(d.Score), PV: true, Note: "plays " + s.g.FormatMove(d.Move)}
	step := max(1, (len(s.traced)+geneticTraceGenerations-1)/geneticTraceGenerations)
	for i := 0; i < len(s.traced); i += step {
		root.Children = append(root.Children, s.traced[i])
	}
	if n := len(s.traced); n > 0 && (n-1)%step != 0 {
		root.Children = append(root.Children, s.traced[n-1])
	}
	t.Root = root
	return t
}

// crossover adds to next the children of pairs random pairs of pop, two
// each: partially mapped crossover over one random segment, each parent
// giving the other's child its segment.
func (s *genetic) crossover(pop, next []individual, seen map[*rnode]bool, pairs int) []individual {
	for range pairs {
		if len(pop) < 2 || s.depth < 2 || s.stopped {
			break
		}
		a := s.rng.IntN(len(pop))
		c := s.rng.IntN(len(pop) - 1)
		if c >= a {
			c++
		}
		i := s.rng.IntN(s.depth)
		j := i + 1 + s.rng.IntN(s.depth-i)
		next = s.add(next, seen, pmx(pop[a].genes, pop[c].genes, i, j))
		next = s.add(next, seen, pmx(pop[c].genes, pop[a].genes, i, j))
	}
	return next
}

// mutate adds to next, for each individual of pop with probability rate,
// a copy with two random genes swapped.
func (s *genetic) mutate(pop, next []individual, seen map[*rnode]bool, rate float64) []individual {
	for _, p := range pop {
		if s.depth < 2 || s.stopped || s.rng.Float64() >= rate {
			continue
		}
		genes := slices.Clone(p.genes)
		i := s.rng.IntN(s.depth)
		j := s.rng.IntN(s.depth - 1)
		if j >= i {
			j++
		}
		genes[i], genes[j] = genes[j], genes[i]
		next = s.add(next, seen, genes)
	}
	return next
}

// selectFittest scores every individual of next and keeps the n fittest,
// the earlier among equals; the leaves of those dropped leave seen.
func (s *genetic) selectFittest(next []individual, seen map[*rnode]bool, n int) []individual {
	for k := range next {
		next[k].fitness = next[k].leaf.fitness()
	}
	slices.SortStableFunc(next, func(x, y individual) int { return y.fitness - x.fitness })
	for _, p := range next[min(n, len(next)):] {
		delete(seen, p.leaf)
	}
	return next[:min(n, len(next))]
}

// best is the root child with the best backed-up value, with that value.
// Among equals it takes the one with the most leaves below it, then the
// first in move order: a child seen with few replies has an optimistic
// value (the opponent's better answers are not in the tree yet), so the
// better-explored of two equal values is the more trustworthy. On 100
// Adjacency positions this tie-break alone raised agreement with
// alpha-beta from 74% to 86%.
func (s *genetic) best() (Move, int) {
	best, score, leaves := s.rootMoves[0], -infinity, 0
	for _, m := range s.rootMoves {
		for _, c := range s.root.children {
			if c.move == m && c.scored && (c.value > score || c.value == score && c.leaves > leaves) {
				best, score, leaves = m, c.value, c.leaves
			}
		}
	}
	if score == -infinity {
		score = 0 // nothing was scored: the clock ended the search at once
	}
	return best, score
}

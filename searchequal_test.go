package main

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// Every fast search answers to the textbook one: the generic alpha-beta
// of minimax.go, over the Game interface. The tests that read the
// registry (a game's own bots on its card, its exact scores for
// -analyze) cover a game registered later without a line here; the
// Connect Four guess and the two solvers, which no card names as a bot
// of its own, are called directly.

// randomPrefix is a seeded random game of spec, played to its end and cut
// at one of its unfinished positions: anywhere when left is 0, else at
// most left moves before the end. Near the end the game avoids the moves
// that end it while it can, so that its end is where the board is nearly
// full (a Connect Four won early leaves half the board to search).
func randomPrefix(spec *gameSpec, opt gameOptions, rng *rand.Rand, left int) Game {
	g := spec.start(opt)
	for !g.Over() {
		moves := g.Moves(nil)
		if left > 0 {
			moves = slices.DeleteFunc(moves, func(m Move) bool {
				g.Play(m)
				defer g.Undo()
				return g.Over()
			})
			if len(moves) == 0 {
				moves = g.Moves(nil)
			}
		}
		g.Play(moves[rng.IntN(len(moves))])
	}
	n := len(g.History())
	keep := rng.IntN(n)
	if left > 0 {
		keep = n - 1 - rng.IntN(min(left, n))
	}
	for ; n > keep; n-- {
		g.Undo()
	}
	return g
}

// genericAt is the generic search's decision for g at depth (0: to the
// end), judging the horizon by eval (nil: the game's default), as
// SearchBot.Think makes it; ok is false when it would search more than
// genericNodes positions, and then it stops.
func genericAt(g Game, prune bool, eval evalFunc, depth int) (d Decision, ok bool) {
	if eval == nil {
		eval = defaultEval(g)
	}
	s := &searcher{ctx: &pollCap{Context: context.Background(), left: genericNodes / pollEvery}, prune: prune, eval: eval}
	d = s.search(g.Clone(), Budget{Depth: depth})
	return d, !s.stopped
}

// moveWorth is what move m is worth to g's side to move by the generic
// alpha-beta searching depth plies from g (0: to the end), as its root
// scores a move: the reply searched a ply less deep, a win the quicker
// the better counted from g; ok is false when that takes more than
// genericNodes positions.
func moveWorth(g Game, m Move, eval evalFunc, depth int) (v int, ok bool) {
	c := g.Clone()
	c.Play(m)
	if eval == nil {
		eval = defaultEval(g)
	}
	s := &searcher{ctx: &pollCap{Context: context.Background(), left: genericNodes / pollEvery}, prune: true, eval: eval, toEnd: depth <= 0}
	v = -s.negamax(c, max(depth-1, -1), 1, -infinity, infinity)
	return v, !s.stopped
}

// genericNodes is how many positions a generic search here may visit
// before it gives up (the position is then not tested): enough for
// every position a few plies from the end, few enough to keep the tests
// quick. It counts in the searcher's own polls, so that which positions
// are tested does not depend on the machine's speed.
const genericNodes = 64 * pollEvery

// pollCap is a context that ends after left looks at it: a search that
// looks every pollEvery positions (searcher.timeUp) stops after about
// left*pollEvery.
type pollCap struct {
	context.Context
	left int
}

func (c *pollCap) Err() error {
	if c.left--; c.left < 0 {
		return context.Canceled
	}
	return nil
}

// where names a position in a failure: its game, options and record.
func where(spec *gameSpec, opt gameOptions, g Game) string {
	return fmt.Sprintf("%s %s %q", spec.name, optionsName(opt), spec.record(g))
}

// caseName names a subtest: the game, and its options if it has any.
func caseName(spec *gameSpec, opt gameOptions) string {
	if o := optionsName(opt); o != "" {
		return spec.name + " " + o
	}
	return spec.name
}

// optionsName writes option values as flags would, by name.
func optionsName(opt gameOptions) string {
	var parts []string
	for k, v := range opt {
		parts = append(parts, fmt.Sprintf("%s=%d", k, v))
	}
	slices.Sort(parts)
	return strings.Join(parts, ",")
}

// TestSpecialBotsEqualGeneric: every game's own implementation of a
// common bot (specialBot on the card: Adjacency's bitboard alpha-beta
// and minimax) gives, on random positions, the score of the common bot
// it stands in for, built with the same values (so the same evaluator),
// at the same depth, and its move is worth that score to the generic
// alpha-beta; alpha-beta searched to the end (its exact solver, on
// positions a few plies before the end) too.
func TestSpecialBotsEqualGeneric(t *testing.T) {
	t.Parallel()
	reg, err := newRegistry()
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range declared.games {
		for _, sp := range spec.specials() {
			decl := reg.findBot(sp.bot)
			vals := decl.defaults(spec)
			if _, ok := decl.param("book"); ok {
				vals["book"] = "off" // a book answers without searching
			}
			if sp.fits != nil && !sp.fits(vals) {
				t.Errorf("%s: %s (%s) does not implement %s's defaults %v", spec.name, sp.impl, sp.bot, sp.bot, vals)
				continue
			}
			for _, opt := range contractOptions(spec) {
				t.Run(caseName(spec, opt)+" "+sp.bot, func(t *testing.T) {
					t.Parallel()
					rng := rand.New(rand.NewPCG(contractSeed(spec, opt, sp.bot), 6))
					c := botConfig{game: spec, vals: vals, rng: rng, reg: reg}
					fast, generic := sp.build(c), decl.build(c)
					// The depths: the deepest a search of a board of some
					// 60 moves does in a blink, without pruning a ply less,
					// and to the end (0) a few plies before it.
					sb, ok := generic.(SearchBot)
					if !ok {
						t.Fatalf("%s: %s is not the generic search", spec.name, sp.bot)
					}
					depths, endPlies := []int{1, 2, 3}, 5
					if !sb.Prune {
						depths, endPlies = []int{1, 2}, 2
					}
					tested := 0
					defer func() {
						if tested < 4*len(depths) {
							t.Errorf("%d positions tested", tested)
						}
					}()
					for _, depth := range append(depths, 0) {
						left := 0
						if depth == 0 {
							left = endPlies
						}
						for range 6 {
							g := randomPrefix(spec, opt, rng, left)
							want, ok := genericAt(g, sb.Prune, sb.Eval, depth)
							if !ok {
								continue // too big for the generic search
							}
							tested++
							// One pass at the depth, and deepened to it
							// under a clock that does not run out.
							for _, b := range []Budget{{Depth: depth}, {Depth: depth, Time: time.Hour}} {
								if depth == 0 && b.Time > 0 {
									continue // the clock alone would say how deep
								}
								got := fast.Think(context.Background(), g.Clone(), b)
								if got.Score != want.Score {
									t.Errorf("%s %+v: %s %d, generic %s %d", where(spec, opt, g), b, sp.impl, got.Score, sp.bot, want.Score)
									continue
								}
								if v, ok := moveWorth(g, got.Move, sb.Eval, depth); ok && v != want.Score {
									t.Errorf("%s %+v: %s's move %s is worth %d, not %d", where(spec, opt, g), b, sp.impl, g.FormatMove(got.Move), v, want.Score)
								}
							}
						}
					}
				})
			}
		}
	}
}

// TestAlphaBetaEqualsMinimax: in every game, with every evaluator, the
// generic alpha-beta and minimax give the same score and the same move
// (the first in the game's order among equals) at the same depth, the
// deepest whose full tree is some thousands of positions.
func TestAlphaBetaEqualsMinimax(t *testing.T) {
	t.Parallel()
	for _, spec := range declared.games {
		for _, name := range evaluatorNames(spec.name) {
			t.Run(spec.name+" "+name, func(t *testing.T) {
				t.Parallel()
				rng := rand.New(rand.NewPCG(contractSeed(spec, nil, name), 7))
				eval := findEvaluator(spec.name, name).score
				// A reply evaluator searches a ply itself.
				budget := 4000
				if strings.HasPrefix(name, "reply") {
					budget = 300
				}
				for _, opt := range contractOptions(spec) {
					for range 3 {
						g := randomPrefix(spec, opt, rng, 0)
						depth, tree := 0, 1
						for b := len(g.Moves(nil)); depth < 5 && tree*b <= budget; depth++ {
							tree *= b
						}
						depth = max(depth, 1)
						mm, ok1 := genericAt(g, false, eval, depth)
						ab, ok2 := genericAt(g, true, eval, depth)
						if !ok1 || !ok2 {
							t.Fatalf("%s depth %d: the searches took too long", where(spec, opt, g), depth)
						}
						if mm.Score != ab.Score || mm.Move != ab.Move {
							t.Errorf("%s depth %d: minimax %d (%s), alpha-beta %d (%s)", where(spec, opt, g), depth,
								mm.Score, g.FormatMove(mm.Move), ab.Score, g.FormatMove(ab.Move))
						}
					}
				}
			})
		}
	}
}

// TestAnalystScoresEqualGeneric: where a game's card gives the exact
// score of every move (-analyze -scores: the Connect Four solver, the
// Tic-Tac-Toe search), a legal move has a score and an illegal one none,
// and the scores rank the moves as the generic alpha-beta's values to
// the end do: the same sign (won, drawn, lost) and the same order (the
// cards may count a win's distance on a scale of their own, as the
// solver counts the winner's stones; TestC4SolverEqualsGeneric compares
// its values one for one). Positions are near the end, where the generic
// search is quick.
func TestAnalystScoresEqualGeneric(t *testing.T) {
	t.Parallel()
	reg, err := newRegistry()
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range declared.games {
		p, err := reg.newPlayer(spec, spec.analyst.strongest, budgetDefaults{})
		if err != nil {
			t.Fatal(err)
		}
		scorer, ok := reg.newBot(spec, p, nil).(moveScorer)
		if !ok {
			continue // the card's strongest bot does not score every move
		}
		for _, opt := range contractOptions(spec) {
			t.Run(caseName(spec, opt), func(t *testing.T) {
				t.Parallel()
				rng := rand.New(rand.NewPCG(contractSeed(spec, opt, "scores"), 8))
				tested, skipped := 0, 0
				defer func() {
					if tested < 10 {
						t.Errorf("%d positions tested, %d too far from the end for the generic search", tested, skipped)
					}
				}()
				for range 16 {
					g := randomPrefix(spec, opt, rng, 10)
					legal := g.Moves(nil)
					worth := map[Move]int{}
					for _, m := range legal {
						v, ok := moveWorth(g, m, nil, 0)
						if !ok {
							skipped++
							break
						}
						worth[m] = v
					}
					if len(worth) < len(legal) {
						continue
					}
					tested++
					scores := scoresByNumber(context.Background(), scorer, g.Clone(), 1)
					for i, s := range scores {
						m := Move(i)
						_, ok := worth[m]
						switch {
						case ok != (s != nil):
							t.Errorf("%s: move %s legal %t, score %v", where(spec, opt, g), g.FormatMove(m), ok, s)
						case ok && cmp.Compare(*s, 0) != cmp.Compare(worth[m], 0):
							t.Errorf("%s: move %s scores %d, generic %d", where(spec, opt, g), g.FormatMove(m), *s, worth[m])
						}
					}
					for _, a := range legal {
						for _, b := range legal {
							if int(a) >= len(scores) || int(b) >= len(scores) || scores[a] == nil || scores[b] == nil {
								t.Fatalf("%s: scores %v miss a legal move", where(spec, opt, g), scores)
							}
							if cmp.Compare(*scores[a], *scores[b]) != cmp.Compare(worth[a], worth[b]) {
								t.Errorf("%s: moves %s and %s score %d and %d, generic %d and %d", where(spec, opt, g),
									g.FormatMove(a), g.FormatMove(b), *scores[a], *scores[b], worth[a], worth[b])
							}
						}
					}
				}
			})
		}
	}
}

package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// walkOn runs a walker on the landscape of g with a random source on the
// seed, returning the landscape (its trail) and the state played.
func walkOn(g Game, w walker, seed uint64) (*moveLandscape, int) {
	l := newLandscape(g.Clone(), defaultEval(g))
	return l, w.walk(l, rand.New(rand.NewPCG(seed, 1)), func() bool { return false })
}

// walkPositions are random unfinished positions of every game with two
// moves or more, 60 a game.
func walkPositions(t *testing.T) []Game {
	rng := rand.New(rand.NewPCG(21, 21))
	var out []Game
	for _, spec := range playableGames() {
		for n := 0; n < 60; {
			if g := randomPosition(spec, rng, 0); !g.Over() && len(g.Moves(nil)) > 1 {
				out = append(out, g)
				n++
			}
		}
	}
	return out
}

// The neighbourhoods: a king's move on the grids (Tic-Tac-Toe's centre
// touches every cell, a corner three), the next columns in Connect Four,
// the nearest ring there is when the cells around are taken, and the next
// move numbers in a game with no grid.
func TestLocalNeighbourhoods(t *testing.T) {
	tests := []struct {
		name string
		g    Game
		move Move
		want []Move
	}{
		{"ttt centre", NewTicTacToe(), 4, []Move{0, 1, 2, 3, 5, 6, 7, 8}},
		{"ttt corner", NewTicTacToe(), 0, []Move{1, 3, 4}},
		{"ttt corner, its neighbours taken", tttAfter(t, "1340"), 8, []Move{5, 7}},
		{"ttt edge cut off", tttAfter(t, "03146"), 2, []Move{5}},
		{"c4 centre", NewConnectFour(), 3, []Move{2, 4}},
		{"c4 edge", NewConnectFour(), 0, []Move{1}},
		{"c4 full columns either side", c4Game(t, "333333555555"), 3, []Move{1, 5}},
		{"adj corner", NewAdjacency(8), 0, []Move{1, 8, 9}},
		{"adj shut in", adjAfterRecord(t, "1,8,9"), 0, []Move{2, 10, 16, 17, 18}},
		{"no grid: by number", struct{ Game }{NewTicTacToe()}, 4, []Move{3, 5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := newLandscape(tc.g, defaultEval(tc.g))
			i := slices.Index(l.moves, tc.move)
			var got []Move
			for _, j := range l.near[i] {
				got = append(got, l.moves[j])
			}
			slices.Sort(got)
			slices.Sort(tc.want)
			if !slices.Equal(got, tc.want) {
				t.Errorf("neighbours of %d: %v, want %v", tc.move, got, tc.want)
			}
		})
	}
}

// walkers are every variant at its defaults, and some at other knobs.
var walkers = map[string]walker{
	"stochastic":   stochasticClimb{},
	"first-choice": firstChoice{tries: 10},
	"restarts":     randomRestarts{restarts: 5},
	"annealing":    annealing{temperature: 1, cooling: 0.9, steps: 100},
	"annealing T0": annealing{temperature: 0, cooling: 0.9, steps: 100},
	"beam":         localBeam{width: 3},
	"beam 1":       localBeam{width: 1},
}

// Every variant, built from its spec, plays through the registry with
// its seed: the same seed the same moves, scores and nodes, decision by
// decision over whole games of every game; and the seed matters.
func TestLocalVariantsReproducible(t *testing.T) {
	for _, spec := range playableGames() {
		for _, v := range localVariant.choices[1:] {
			t.Run(spec.name+"/"+v, func(t *testing.T) {
				play := func(seed uint64) string {
					bot, err := newBotFor(spec, "local:variant="+v, rand.New(rand.NewPCG(seed, 3)))
					if err != nil {
						t.Fatal(err)
					}
					g, log := spec.start(nil), ""
					for !g.Over() {
						d := bot.Think(context.Background(), g, Budget{})
						log += fmt.Sprintf("%s:%d/%d ", g.FormatMove(d.Move), d.Score, d.Nodes)
						g.Play(d.Move)
					}
					return log
				}
				a, b, other := play(1), play(1), play(2)
				if a != b {
					t.Errorf("same seed, different games:\n%s\n%s", a, b)
				}
				// A beam that holds every move of the start draws nothing
				// at random (Nim's three moves, nim_test.go).
				fitsBeam := v == "beam" && len(spec.start(nil).Moves(nil)) <= mustAtoi(t, localWidth.def)
				if a == other && spec.name != "ttt" && !fitsBeam {
					t.Errorf("seeds 1 and 2 play the same game: %s", a)
				}
			})
		}
	}
}

// local with no variant is the course team's LocalBot, whatever the
// variants' knobs.
func TestLocalSteepestIsTheCourses(t *testing.T) {
	for _, spec := range playableGames() {
		bot, err := newBotFor(spec, "local:width=5:temperature=3", rand.New(rand.NewPCG(1, 1)))
		if _, ok := bot.(LocalBot); err != nil || !ok {
			t.Errorf("%s: local is %T (%v), not LocalBot", spec.name, bot, err)
		}
	}
}

// climbsOnly checks a walk's trail from one start (its first step) on:
// every step is to a neighbour of the last worth more; the walk ends on
// a peak, no neighbour worth more, unless it may stop short.
func climbsOnly(t *testing.T, l *moveLandscape, trail []walkStep, peak bool) {
	t.Helper()
	for k := 1; k < len(trail); k++ {
		a, b := trail[k-1].state, trail[k].state
		if !slices.Contains(l.near[a], b) || l.value(b) <= l.value(a) {
			t.Fatalf("step %d: %d (%d) to %d (%d), not uphill to a neighbour", k, l.moves[a], l.value(a), l.moves[b], l.value(b))
		}
	}
	last := trail[len(trail)-1].state
	if peak && l.value(l.bestNeighbour(last)) > l.value(last) {
		t.Fatalf("stopped at %d (%d), below a neighbour", l.moves[last], l.value(last))
	}
}

// Stochastic hill climbing goes only uphill, to a peak, and chooses among
// the uphill neighbours at random: from one start, the seeds take more
// than one first step where several are uphill.
func TestLocalStochastic(t *testing.T) {
	branched := 0
	for _, g := range walkPositions(t) {
		firsts := map[int]bool{}
		for seed := range uint64(40) {
			l, at := walkOn(g, stochasticClimb{}, seed)
			climbsOnly(t, l, l.trail, true)
			if at != l.trail[len(l.trail)-1].state {
				t.Fatalf("plays %d, not where it stopped", l.moves[at])
			}
			if l.trail[0].state == 0 && len(l.trail) > 1 {
				firsts[l.trail[1].state] = true
			}
		}
		if len(firsts) > 1 {
			branched++
		}
	}
	if branched < 10 {
		t.Errorf("the first step from move 0 varied with the seed in %d positions only", branched)
	}
}

// First-choice hill climbing moves to the first better neighbour it
// draws: replayed draw by draw from a copy of its random source.
func TestLocalFirstChoice(t *testing.T) {
	const tries = 4
	for i, g := range walkPositions(t) {
		src := rand.NewPCG(uint64(i), 7)
		l := newLandscape(g.Clone(), defaultEval(g))
		replay := *src
		at := firstChoice{tries: tries}.walk(l, rand.New(src), func() bool { return false })
		r := rand.New(&replay)
		want := []int{r.IntN(len(l.moves))}
		for stop := false; !stop; {
			stop = true
			for range tries {
				cur := want[len(want)-1]
				if j := l.near[cur][r.IntN(len(l.near[cur]))]; l.value(j) > l.value(cur) {
					want, stop = append(want, j), false
					break
				}
			}
		}
		var got []int
		for _, s := range l.trail {
			got = append(got, s.state)
		}
		if !slices.Equal(got, want) || at != want[len(want)-1] {
			t.Fatalf("%v: walked %v, replayed %v", g.History(), got, want)
		}
	}
}

// steepestFrom is steepest-ascent hill climbing written plainly: from
// state at, to the neighbour worth most (the first in move order among
// equals) while it is worth more; the states walked.
func steepestFrom(l *moveLandscape, at int) []int {
	path := []int{at}
	for {
		best := -1
		for j := range l.moves {
			if slices.Contains(l.near[at], j) && (best < 0 || l.value(j) > l.value(best)) {
				best = j
			}
		}
		if l.value(best) <= l.value(at) {
			return path
		}
		at = best
		path = append(path, at)
	}
}

// A beam of width 1 is steepest-ascent hill climbing from its start, and
// random restarts, once, are the same walk; more restarts play the best
// of their peaks, each a steepest ascent from its restart.
func TestLocalBeamOneAndRestarts(t *testing.T) {
	for i, g := range walkPositions(t) {
		seed := uint64(i)
		beam, at := walkOn(g, localBeam{width: 1}, seed)
		once, onceAt := walkOn(g, randomRestarts{restarts: 1}, seed)
		want := steepestFrom(beam, beam.trail[0].state)
		var got, gotOnce []int
		for k := range beam.trail {
			got = append(got, beam.trail[k].state)
		}
		for k := range once.trail {
			gotOnce = append(gotOnce, once.trail[k].state)
		}
		if !slices.Equal(got, want) || at != want[len(want)-1] || !slices.Equal(gotOnce, want) || onceAt != at {
			t.Fatalf("%v: beam of 1 walked %v, restarts=1 %v, steepest ascent %v", g.History(), got, gotOnce, want)
		}
		l, best := walkOn(g, randomRestarts{restarts: 6}, seed)
		peaks := 0
		for k, s := range l.trail {
			if s.note[:7] != "restart" {
				continue
			}
			peaks++
			path := steepestFrom(l, s.state)
			if k+len(path) > len(l.trail) || l.value(path[len(path)-1]) > l.value(best) {
				t.Fatalf("%v: a peak %d above the one played, %d", g.History(), l.value(path[len(path)-1]), l.value(best))
			}
		}
		if peaks != 6 {
			t.Fatalf("%d restarts, want 6", peaks)
		}
	}
}

// A beam as wide as the moves holds them all: it plays the best value
// there is, as the course team's search finds it.
func TestLocalBeamWide(t *testing.T) {
	for i, g := range walkPositions(t) {
		l, at := walkOn(g, localBeam{width: 64}, uint64(i))
		if want := (LocalBot{}).Think(context.Background(), g, Budget{}); l.value(at) != want.Score {
			t.Fatalf("%v: the wide beam plays %d worth %d, the best is worth %d", g.History(), l.moves[at], l.value(at), want.Score)
		}
	}
}

// Annealing at temperature 0 is hill climbing: it takes only steps
// uphill, to neighbours. Hot and never cooling, it takes steps downhill
// too.
func TestLocalAnnealing(t *testing.T) {
	downhill := 0
	for i, g := range walkPositions(t) {
		l, at := walkOn(g, annealing{temperature: 0, cooling: 0.9, steps: 200}, uint64(i))
		climbsOnly(t, l, l.trail, false)
		if at != l.trail[len(l.trail)-1].state {
			t.Fatalf("plays %d, not where it stands", l.moves[at])
		}
		hot, _ := walkOn(g, annealing{temperature: 100, cooling: 1, steps: 50}, uint64(i))
		for k := 1; k < len(hot.trail); k++ {
			if hot.value(hot.trail[k].state) < hot.value(hot.trail[k-1].state) {
				downhill++
			}
		}
	}
	if downhill < 100 {
		t.Errorf("hot annealing stepped downhill %d times only", downhill)
	}
}

// adjAfterRecord replays an Adjacency record of 8 rounds.
func adjAfterRecord(t *testing.T, record string) Game {
	t.Helper()
	g, err := adjSpec(t).parseRecord(record, gameOptions{"rounds": 8})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// The local searches of AIMA chapter 4 (hill climbing steepest and
// stochastic, first-choice, random restarts, simulated annealing, local
// beam) applied to the choice of one move: the states are the legal
// moves, a state's value the objective of the position its move makes,
// a state's neighbours the moves nearest it on the board
// (localsearchmoves.go). Each variant is a walker: it walks from where it
// chooses to start, drawing every random choice from the bot's source,
// until it settles or out says the time is up, and returns the state it
// plays. A walk that gains nothing by a step stops, so each ends within
// as many steps as there are moves, but annealing, which runs its
// schedule.

// walker is one variant of local search.
type walker interface {
	walk(l *moveLandscape, rng *rand.Rand, out func() bool) int
}

// start is a walk's first state: a move drawn at random.
func start(l *moveLandscape, rng *rand.Rand, note string) int {
	at := rng.IntN(len(l.moves))
	l.stand(at, note)
	return at
}

// climb is steepest-ascent hill climbing from state at: to the best
// neighbour (the first in the move order among equals) while it is worth
// more than where the walk stands. It returns the peak.
func climb(l *moveLandscape, at int, out func() bool) int {
	for !out() {
		next := l.bestNeighbour(at)
		if l.value(next) <= l.value(at) {
			break
		}
		at = next
		l.stand(at, "steepest uphill")
	}
	return at
}

// stochasticClimb is stochastic hill climbing: from a random move, to a
// neighbour drawn at random among those worth more, until none is.
type stochasticClimb struct{}

func (stochasticClimb) walk(l *moveLandscape, rng *rand.Rand, out func() bool) int {
	at := start(l, rng, "start")
	for !out() {
		var up []int
		for _, j := range l.near[at] {
			if l.value(j) > l.value(at) {
				up = append(up, j)
			}
		}
		if len(up) == 0 {
			break
		}
		at = up[rng.IntN(len(up))]
		l.stand(at, fmt.Sprintf("uphill, 1 of %d", len(up)))
	}
	return at
}

// firstChoice is first-choice hill climbing: from a random move, it draws
// neighbours at random and moves to the first worth more than where it
// stands; after tries draws none of which was, it stops.
type firstChoice struct{ tries int }

func (f firstChoice) walk(l *moveLandscape, rng *rand.Rand, out func() bool) int {
	at := start(l, rng, "start")
	for !out() {
		next, draws := -1, 0
		for next < 0 && draws < f.tries {
			j := l.near[at][rng.IntN(len(l.near[at]))]
			if draws++; l.value(j) > l.value(at) {
				next = j
			}
		}
		if next < 0 {
			break
		}
		at = next
		l.stand(at, fmt.Sprintf("uphill, draw %d", draws))
	}
	return at
}

// randomRestarts is random-restart hill climbing: steepest ascent from
// restarts random moves, the best peak kept (the first found among
// equals).
type randomRestarts struct{ restarts int }

func (r randomRestarts) walk(l *moveLandscape, rng *rand.Rand, out func() bool) int {
	best := -1
	for k := 0; k < r.restarts && (k == 0 || !out()); k++ {
		peak := climb(l, start(l, rng, fmt.Sprintf("restart %d", k+1)), out)
		if best < 0 || l.value(peak) > l.value(best) {
			best = peak
		}
	}
	return best
}

// annealing is simulated annealing: from a random move, for steps steps,
// a neighbour drawn at random is taken if it is worth more, or else with
// probability exp(gain/T), the gain being negative or none; T starts at
// temperature and is multiplied by cooling each step. At temperature 0
// only gains are taken: hill climbing by random draws. It plays where it
// stands at the end, as the textbook's does.
type annealing struct {
	temperature, cooling float64
	steps                int
}

func (a annealing) walk(l *moveLandscape, rng *rand.Rand, out func() bool) int {
	at := start(l, rng, "start")
	t := a.temperature
	for k := 0; k < a.steps && !out(); k++ {
		next := l.near[at][rng.IntN(len(l.near[at]))]
		gain := l.value(next) - l.value(at)
		if gain > 0 || t > 0 && rng.Float64() < math.Exp(float64(gain)/t) {
			at = next
			l.stand(at, fmt.Sprintf("step %d, T %.3g, gain %+d", k+1, t, gain))
		}
		t *= a.cooling
	}
	return at
}

// localBeam is local beam search: width random moves at once; at each
// step the width best of all their neighbours (each once, the first in
// the move order among equals) become the beam, as long as the best of
// them is worth more than the best of the beam. Of width 1 it is
// steepest-ascent hill climbing from its start.
type localBeam struct{ width int }

func (b localBeam) walk(l *moveLandscape, rng *rand.Rand, out func() bool) int {
	beam := b.starts(l, rng)
	for !out() {
		next := l.successors(beam)
		if len(next) == 0 || l.value(next[0]) <= l.value(beam[0]) {
			break
		}
		beam = next[:min(b.width, len(next))]
		for i, s := range beam {
			l.stand(s, fmt.Sprintf("beam %d of %d", i+1, len(beam)))
		}
	}
	return beam[0]
}

// starts are width distinct moves drawn at random, the best first.
func (b localBeam) starts(l *moveLandscape, rng *rand.Rand) []int {
	states := make([]int, len(l.moves))
	for i := range states {
		states[i] = i
	}
	k := min(b.width, len(states))
	for i := range k {
		j := i + rng.IntN(len(states)-i)
		states[i], states[j] = states[j], states[i]
		l.stand(states[i], "start")
	}
	beam := states[:k]
	l.byValue(beam)
	return beam
}

// successors are the neighbours of the states of beam, each once, best
// first.
func (l *moveLandscape) successors(beam []int) []int {
	seen := make([]bool, len(l.moves))
	var next []int
	for _, s := range beam {
		for _, j := range l.near[s] {
			if !seen[j] {
				seen[j] = true
				next = append(next, j)
			}
		}
	}
	l.byValue(next)
	return next
}

// byValue sorts states best first, the first in the move order among
// equals.
func (l *moveLandscape) byValue(states []int) {
	slices.SortStableFunc(states, func(a, b int) int {
		if va, vb := l.value(a), l.value(b); va != vb {
			return vb - va
		}
		return a - b
	})
}

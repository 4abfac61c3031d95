package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"
)

// The keys of local's variants (local:variant=NAME, localsearch.go), each
// read by the variant its text names.
var (
	localVariant = param{key: "variant", kind: kindChoice, def: "steepest",
		choices: []string{"steepest", "stochastic", "first-choice", "restarts", "annealing", "beam"},
		about:   "steepest: the best move one ply ahead; or a walk from move to nearby move (Russell and Norvig, chapter 4): stochastic, first-choice, restarts, annealing or beam"}
	localRestarts = param{key: "restarts", kind: kindInt, min: 1, max: 1000, def: "5",
		about: "restarts: how many hill climbs start from random moves; the best peak is played"}
	localTries = param{key: "tries", kind: kindInt, min: 1, max: 1000, def: "10",
		about: "first-choice: how many random neighbours in a row may be no better before it stops"}
	localTemperature = param{key: "temperature", kind: kindFloat, min: 0, max: 1000, def: "1",
		about: "annealing: the starting temperature, in the evaluation's units"}
	localCooling = param{key: "cooling", kind: kindFloat, min: 0, max: 1, def: "0.9",
		about: "annealing: the factor the temperature is multiplied by after each step"}
	localSteps = param{key: "steps", kind: kindInt, min: 1, max: 100000, def: "100",
		about: "annealing: how many steps its schedule has"}
	localWidth = param{key: "width", kind: kindInt, min: 1, max: 64, def: "3",
		about: "beam: how many moves it keeps at once"}
)

// localVariantKeys are the variants' keys, in the order specs write them.
var localVariantKeys = []param{localVariant, localRestarts, localTries, localTemperature, localCooling, localSteps, localWidth}

// walkerFor is the variant the values name, with its knobs; nil for
// steepest, which is LocalBot.
func walkerFor(v paramValues) walker {
	switch v.text("variant") {
	case "stochastic":
		return stochasticClimb{}
	case "first-choice":
		return firstChoice{tries: v.int("tries")}
	case "restarts":
		return randomRestarts{restarts: v.int("restarts")}
	case "annealing":
		return annealing{temperature: v.float("temperature"), cooling: v.float("cooling"), steps: v.int("steps")}
	case "beam":
		return localBeam{width: v.int("width")}
	}
	return nil
}

// WalkBot is local search as a walk over the moves of the position: one
// of the variants of localsearchvariants.go. It plays the move the walk
// settles on; Score is that move's objective, Nodes the moves it valued.
type WalkBot struct {
	// Variant names the walk, for -trace.
	Variant string
	walker  walker
	// Eval judges the positions the moves make; nil is the game's
	// default.
	Eval evalFunc
	rng  *rand.Rand
}

// Name is "local".
func (*WalkBot) Name() string { return "local" }

// Think walks the moves of g within the budget's time; a walk cut short
// plays where it stands.
func (w *WalkBot) Think(ctx context.Context, g Game, b Budget) Decision {
	begin := time.Now()
	ctx, cancel := withBudget(ctx, b)
	defer cancel()
	d := Decision{Move: NoMove}
	if g.Over() {
		return d
	}
	l := newLandscape(g.Clone(), orDefault(w.Eval, g))
	at := 0
	if len(l.moves) > 1 {
		at = w.walker.walk(l, w.rng, func() bool { return expired(ctx) })
	}
	d.Move, d.Score, d.Depth, d.PV = l.moves[at], l.value(at), 1, []Move{l.moves[at]}
	d.Nodes, d.Time = l.valued, time.Since(begin)
	if b.Trace > 0 {
		d.Trace = l.trace(w.Variant, at)
	}
	return d
}

// trace is the walk, a line a step in the order walked, the move played
// marked.
func (l *moveLandscape) trace(variant string, played int) *SearchTrace {
	root := &TraceNode{Move: "root", Value: scoreOf(l.value(played)), PV: true}
	for _, s := range l.trail {
		root.Children = append(root.Children, &TraceNode{Move: l.g.FormatMove(l.moves[s.state]), Value: scoreOf(l.value(s.state)), Note: s.note})
	}
	root.Children = append(root.Children, &TraceNode{Move: l.g.FormatMove(l.moves[played]), Value: scoreOf(l.value(played)), PV: true, Note: "played"})
	return &SearchTrace{Bot: "local", Root: root, Heading: []string{
		fmt.Sprintf("trace: local search, variant %s: the moves it stood on, in order, %d of %d moves valued", variant, l.valued, len(l.moves)),
		fmt.Sprintf("scores are %v's: the objective of the position the move makes", l.me),
	}}
}

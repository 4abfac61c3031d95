package main

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"
)

// Levels (-level 1..5): opponents from easy to perfect for a person, five
// for every game whose card has them (gameSpec.levels, each game's plans
// on its own card). A level below the top scores every legal move
// with a short alpha-beta search and then draws its move at random
// (seeded), more likely the better it scores: a softmax over the root
// scores, p(move) ~ exp((score - best) / temperature). A high temperature
// plays loosely, often a move a little worse than the best; a
// temperature of 0 plays only the best moves, one of them at random. So a
// person meets varied play and cannot beat a level by replaying one
// winning line. The top levels hand the move to the game's strongest bot.
// Each level is registered as a bot, level1 to level5, so that matches
// measure one level against another (docs/levels.md).

func init() {
	about := [levelCount]string{"the easiest", "easy", "medium", "hard", "the strongest"}
	for i := range levelCount {
		level := i + 1
		// The top level hands its move to the game's strongest bot,
		// which may search to the end.
		registerBot(&botDecl{name: levelName(level), order: 200 + level, hidden: true, traces: true, toTheEnd: level == levelCount,
			about:  fmt.Sprintf("level %d of %d, %s (-level %d)", level, levelCount, about[i], level),
			params: []param{timeParam},
			fits:   func(g *gameSpec) bool { return len(g.levels) > 0 },
			build:  func(c botConfig) Bot { return &LevelBot{level: level, rng: c.rng, spec: c.game, reg: c.reg} }})
	}
}

// levelName is the bot name of a level.
func levelName(level int) string { return fmt.Sprintf("level%d", level) }

// LevelBot plays one level of one game.
type LevelBot struct {
	level int
	rng   *rand.Rand
	spec  *gameSpec
	reg   *registry // where the plan's bot comes from
	// strong is the plan's bot, made at the first move that needs it.
	strong Bot
}

// levelMoveTime bounds a top level's move when the run sets no -time: a
// person waits for it. The solver needs no bound on 7x6 (book, or well
// under a second), but on the larger boards an exact answer can take
// minutes, and a level must move.
const levelMoveTime = 10 * time.Second

// Name is the level's bot name, level1 to level5.
func (b *LevelBot) Name() string { return levelName(b.level) }

// Think plays g as the level plans for its game: with the strong bot it
// names, or by scoring the moves and drawing one.
func (b *LevelBot) Think(ctx context.Context, g Game, budget Budget) Decision {
	plan := b.spec.levels[b.level-1]
	if plan.bot != "" {
		if b.strong == nil {
			b.strong = b.reg.build(b.spec, b.reg.findBot(plan.bot), nil, b.rng)
		}
		budget.Depth = plan.depth
		if budget.Time == 0 {
			budget.Time = levelMoveTime
		}
		return b.strong.Think(ctx, g, budget)
	}
	return b.softmax(ctx, g, plan, budget)
}

// softmax scores every move of g with an alpha-beta search of plan.depth
// plies and draws one by its softmax weight. When time runs out (the
// budget, or Ctrl-C's "move now") it draws among the moves scored so far.
func (b *LevelBot) softmax(ctx context.Context, g Game, plan levelPlan, budget Budget) Decision {
	start := time.Now()
	ctx, cancel := withBudget(ctx, Budget{Time: budget.Time})
	defer cancel()
	scored, nodes, reached := rootScores(ctx, g, defaultEval(g), plan.depth)
	scores := make([]int, len(scored))
	for i, r := range scored {
		scores[i] = r.score
	}
	d := Decision{Move: g.Moves(nil)[0]}
	if len(scores) > 0 {
		i := softmaxPick(scores, plan.temp, b.rng)
		d.Move, d.Score = scored[i].move, scores[i]
	}
	d.Depth, d.Nodes, d.Time, d.PV = max(plan.depth, reached), nodes, time.Since(start), []Move{d.Move}
	if budget.Trace > 0 {
		deep := "to the end of the game"
		if plan.depth > 0 {
			deep = fmt.Sprintf("%d plies deep", plan.depth)
		}
		d.Trace = candidatesTrace(b.Name(), g, d, scores,
			fmt.Sprintf("trace: %s scored every move by alpha-beta %s and drew one by softmax (temperature %g)", b.Name(), deep, plan.temp),
			fmt.Sprintf("scores are %v's", g.Turn()))
	}
	return d
}

// softmaxPick draws an index with weight exp((score - best) / temp); with
// temp 0, uniformly among the best scores.
func softmaxPick(scores []int, temp float64, rng *rand.Rand) int {
	best := scores[0]
	for _, v := range scores {
		best = max(best, v)
	}
	weights := make([]float64, len(scores))
	total := 0.0
	for i, v := range scores {
		switch {
		case temp > 0:
			weights[i] = math.Exp(float64(v-best) / temp)
		case v == best:
			weights[i] = 1
		}
		total += weights[i]
	}
	r := rng.Float64() * total
	last := 0
	for i, w := range weights {
		if w == 0 {
			continue
		}
		if r < w {
			return i
		}
		r -= w
		last = i
	}
	return last // rounding left r at the very top
}

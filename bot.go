package main

import (
	"context"
	"math"
	"time"
)

// The bot contract: what every bot is given (a position and a Budget) and
// what it answers (a Decision: its move and the Stats behind it). Bots never
// print; the front ends turn decisions into words.

// Budget limits one decision of a bot. Every bot honours Time (and the
// caller's context); the other fields are read only by the bots named.
type Budget struct {
	// Time is the wall-clock limit; 0 means none.
	Time time.Duration
	// Depth is how many plies minimax, alphabeta and genetic look ahead;
	// 0 means to the end of the game. The solver, mcts, local, rollout and
	// random ignore it.
	Depth int
	// Playouts is mcts's count a move; 0 means by Time (or mcts's own
	// default).
	Playouts int
	// Jobs is how many threads one search may use (-jobs): read by the
	// Connect Four solver and the Adjacency alpha-beta; 0 or 1 means one.
	Jobs int
	// Trace asks the bot for the tree it searched, this many plies deep,
	// in Decision.Trace (-trace); 0 means none.
	Trace int
}

// Stats says what a search did: a core every bot fills (the score of its
// move from the mover's side, the depth it completed, the positions it
// visited, how long it took, the line it expects), and the figures only
// one family of bots has, each in a part of its own that the others
// leave zero.
type Stats struct {
	// Score is the move's value from the mover's side on the game's own
	// scale (Utility's), as far as the bot could see.
	Score int
	Depth int
	Nodes int64
	Time  time.Duration
	// Startup is the part of Time that went to starting the bot's
	// program: an external engine's first move in a process waits for its
	// start (an interpreter, a JVM) and its thinking as one, so the whole
	// move is counted here; zero for the program's own bots, which start
	// with the program. Tables give it apart from the time a move
	// (docs/strength.md#matches).
	Startup time.Duration
	// PV is the line the bot expects, its own move first (the principal
	// variation); empty when the bot does not say.
	PV []Move
	// Unknown names the figures the bot did not report, which -v leaves
	// out rather than show a made-up 0: an external engine reports only
	// what its info lines say, a Monte Carlo search has no score on the
	// game's scale. Zero for the searches that report them all.
	Unknown Figures
	// Says is the bot's own last word on its move (an engine's info
	// string), for -v.
	Says string
	// Proof is what a search that proves values says of its score (the
	// Connect Four solver, Adjacency's alpha-beta).
	Proof ProofStats
	// Tree is a Monte Carlo search's figures.
	Tree TreeStats
}

// ProofStats is what a proving search says of its score.
type ProofStats struct {
	// Exact says Score is the position's proved value on the game's own
	// scale (from a book or a finished solve), not a guess from a horizon
	// that happens to look like one.
	Exact bool
	// Solved is when the search had proved the game's result from the
	// position (win, draw or loss at least), counted from its start: 0
	// when it did not, or does not say.
	Solved time.Duration
	// Basis says, in a few words for -v, what a score that is not Exact
	// rests on when the bot can say (the Connect Four solver out of
	// time: "depth-limited, threats, depth 12; ..."); empty otherwise.
	Basis string
}

// TreeStats is a Monte Carlo search's figures.
type TreeStats struct {
	// Playouts is the playouts run; Share the chosen move's share of the
	// root's visits, WinRate its mean result for the mover (0..1).
	Playouts int64
	Share    float64
	WinRate  float64
	// Top is the most-visited root moves, most first, for -v.
	Top []MoveVisits
	// Proved is the result the search proved for the side to move
	// (mcts:solve=on): "win", "draw" or "loss", "" for none; and
	// ProvedPlies the plies to the end of the game along its proof.
	Proved      string
	ProvedPlies int
}

// shownScore is the score -v, -analyze and the hint show, and whether the
// bot said one: Score, or for a Monte Carlo search, which has no score on
// the game's scale, its move's win rate in percent (100, 50 or 0 for a
// proved win, draw or loss), as docs/bots.md says.
func (s Stats) shownScore() (int, bool) {
	if s.Tree.Playouts > 0 || s.Tree.Proved != "" {
		if result, ok := s.Tree.provedSign(); ok {
			return 50 * (result + 1), true
		}
		return int(math.Round(100 * s.Tree.WinRate)), true
	}
	return s.Score, s.Unknown&FigScore == 0
}

// provedSign is the result the tree proved for the side to move as a
// score's sign: +1 a win, 0 a draw, -1 a loss; ok false when it proved
// none.
func (t TreeStats) provedSign() (result int, ok bool) {
	switch t.Proved {
	case "win":
		return 1, true
	case "draw":
		return 0, true
	case "loss":
		return -1, true
	}
	return 0, false
}

// Figures is a set of the figures of Stats that a bot may leave unsaid.
type Figures uint8

// The figures a bot may leave unsaid.
const (
	FigScore Figures = 1 << iota
	FigDepth
	FigNodes

	allFigures = FigScore | FigDepth | FigNodes
)

// MoveVisits is a root move of a Monte Carlo search: its playouts and
// their mean result for the mover (0..1).
type MoveVisits struct {
	Move    Move
	Visits  int64
	WinRate float64
}

// Decision is a bot's move with the stats behind it.
type Decision struct {
	Move Move
	Stats
	// Trace is what the search shows of itself when the budget asked
	// for it (nil otherwise, or from a bot that cannot say); the front
	// end writes it.
	Trace *SearchTrace
}

// Bot chooses moves. Think never prints and never changes g; it returns a
// legal move even when ctx is cancelled or the budget runs out first.
type Bot interface {
	Name() string
	Think(ctx context.Context, g Game, b Budget) Decision
}

// infinity is above every score any game returns.
const infinity = 1 << 30

// withBudget derives the context a search runs under: the caller's, cut at
// the time budget if there is one.
func withBudget(ctx context.Context, b Budget) (context.Context, context.CancelFunc) {
	if b.Time > 0 {
		return context.WithTimeout(ctx, b.Time)
	}
	return context.WithCancel(ctx)
}

// expired reports whether a search under ctx must stop. It reads the clock
// as well as the context, because on a loaded machine the context's timer
// can fire tens of milliseconds late.
func expired(ctx context.Context) bool {
	deadline, ok := ctx.Deadline()
	return ctx.Err() != nil || ok && time.Now().After(deadline)
}

package main

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// The Adjacency bot: the book, then the search (adjsearchroot.go drives it).

// AdjBot is minimax, or alpha-beta when Prune is set, specialised for the
// Adjacency game: the position is two masks passed by value (no Play/Undo,
// no interface calls), nodes one ply above the horizon score their children
// in a tight loop, and a transposition table remembers positions reached by
// other move orders, which in this game are most of them (the same cells
// taken in another order give the same board more often than not).
//
// It computes exactly what the generic SearchBot computes over the Game
// interface (the same negamax value at every depth, the same objective),
// only far faster; adjsearch_test.go checks one against the other. Given a
// time budget it deepens one ply at a time and plays the best move of the
// last depth it completed; it stops deepening once the search reaches the
// end of the game, where the value is exact.
//
// Its node count is of positions scored or searched: the children a node
// one ply above the horizon scores in bulk count one each, the moves the
// bounds settle unsearched count nothing.
//
// Given neither a time limit nor a depth short of the end, alpha-beta
// solves the position with the solver (adjSolve): MTD(f) to the end of
// the game, on a table that folds mirror images, on every thread the
// budget gives.
type AdjBot struct {
	Prune  bool
	plain  bool // no book and no swindle: the first move of the best value, for comparison
	noBook bool // book=off: no position is answered from the book
	// unrelaxed (relax=off) searches each isolated move alone where the
	// search would settle them together (see adjsearchrelax.go).
	unrelaxed bool
	cache     *adjCache // the table kept between moves; nil allocates per move
	// progress, when set, hears how a long solve is going, a line at a
	// time, and an empty line when it ends (see reportProgress).
	progress func(line string)
}

// NewAdjBot returns the specialised alpha-beta (prune) or minimax bot with
// its own transposition table, kept between its moves.
func NewAdjBot(prune bool) *AdjBot { return &AdjBot{Prune: prune, cache: &adjCache{}} }

// newAdjBotSpec is alpha-beta as alphabeta's keys set it: with the book
// of solved positions, or (book=off) searching every position; settling
// a node's isolated moves together, or (relax=off, see adjsearchrelax.go) one
// by one.
func newAdjBotSpec(book, relax bool) *AdjBot {
	return &AdjBot{Prune: true, noBook: !book, unrelaxed: !relax, cache: &adjCache{}}
}

// reportProgress has the bot tell report how its long solves are going
// (see adjSolveProgress); the front end shows the lines.
func (b *AdjBot) reportProgress(report func(line string)) { b.progress = report }

// Name is the bot's command-line name.
func (b *AdjBot) Name() string {
	if b.Prune {
		return "alphabeta"
	}
	return "minimax"
}

// adjCache keeps one bot's table between its moves. Its entries stay true
// across moves because each holds the value of one position at one exact
// depth; a bot shared by two concurrent games allocates a second table
// rather than wait.
type adjCache struct {
	mu sync.Mutex
	tt *adjTable
}

// table is a table of at least 2^size entries for one Think, and its
// release: the kept one (grown if smaller) when no other Think holds it,
// else a table of its own.
func (c *adjCache) table(size int) (*adjTable, func()) {
	if c == nil || !c.mu.TryLock() {
		return newAdjTable(size), func() {}
	}
	if c.tt == nil || c.tt.bits < size {
		c.tt = newAdjTable(size)
	}
	return c.tt, c.mu.Unlock
}

// Think searches g within the budget. Anything but an Adjacency position
// goes to the generic SearchBot.
func (b *AdjBot) Think(ctx context.Context, g Game, budget Budget) Decision {
	a, ok := g.(*Adjacency)
	if !ok {
		return SearchBot{Prune: b.Prune}.Think(ctx, g, budget)
	}
	if d, ok := b.fromBook(a, budget); ok {
		return d
	}
	ctx, cancel := withBudget(ctx, budget)
	defer cancel()
	if expired(ctx) {
		// Cancelled already: a legal move at once, before the table
		// (up to hundreds of MiB for a long budget) is allocated.
		d := Decision{Move: NoMove}
		if moves := a.Moves(nil); len(moves) > 0 {
			d.Move = moves[0]
		}
		return d
	}
	if b.Prune && budget.Time <= 0 && (budget.Depth == 0 || budget.Depth >= a.PliesLeft()) {
		return b.solve(ctx, a, budget)
	}
	tt, release := b.cache.table(adjTableBitsFor(budget))
	defer release()
	tt.newGeneration()
	e := newAdjEngine(a, adjMode{prune: b.Prune, swindle: b.Prune && !b.plain, unrelaxed: b.unrelaxed}, tt)
	if budget.Trace <= 0 {
		return e.newSearch(ctx, 0, nil, nil, nil, nil).run(a, budget)
	}
	// One thread, so that the tree shown is the whole search's.
	tr := newAdjTracer(budget.Trace, len(a.history))
	budget.Jobs = 1
	d := e.newSearch(ctx, 0, nil, nil, tr, nil).run(a, budget)
	d.Trace = tr.trace(b.Name(), d)
	return d
}

// fromBook answers a position solved beforehand, exactly and at once,
// unless a depth limit asks for a shallower value; ok is false when the
// book does not answer.
func (b *AdjBot) fromBook(a *Adjacency, budget Budget) (Decision, bool) {
	if !b.Prune || b.plain || b.noBook || budget.Depth > 0 && budget.Depth < a.PliesLeft() {
		return Decision{}, false
	}
	d, ok := adjBookMove(a)
	if ok && budget.Trace > 0 {
		d.Trace = &SearchTrace{Bot: b.Name(), Heading: []string{fmt.Sprintf("trace: %s: the book knows this position (score %d): no search", b.Name(), d.Score)}}
	}
	return d, ok
}

// solve answers a (not over) by the solver, with no time limit: its exact
// value, a perfect line as the expected line, and with -trace the last
// null-window search's tree (on one thread, so that the tree is the whole
// search's). Stopped first (Ctrl-C), it answers the best move its table
// holds, not exact.
func (b *AdjBot) solve(ctx context.Context, a *Adjacency, budget Budget) Decision {
	start := time.Now()
	tt, release := b.cache.table(adjSolveTableBits(a.PliesLeft()))
	defer release()
	jobs := budget.Jobs
	var tr *adjTracer
	if budget.Trace > 0 {
		tr, jobs = newAdjTracer(budget.Trace, len(a.history)), 1
	}
	var report *adjSolveProgress
	if b.progress != nil {
		report = newAdjSolveProgress(b.progress, a.PliesLeft(), max(1, jobs))
		defer b.progress("")
	}
	sol, ok := adjSolve(ctx, a, tt, adjSolveOptions{jobs: jobs, guess: adjSolveGuess, unrelaxed: b.unrelaxed, tr: tr, report: report})
	d := Decision{Move: sol.Line[0], Stats: Stats{Score: sol.Value, Nodes: sol.Nodes, Time: time.Since(start)}}
	if ok {
		d.Depth, d.Proof.Exact, d.Proof.Solved, d.PV = a.PliesLeft(), true, d.Time, sol.Line
	}
	if tr != nil {
		d.Trace = tr.trace(b.Name(), d)
	}
	return d
}

// The game's own alpha-beta and minimax join Adjacency's card: they stand
// in for the common bots where their values fit (adjSearchFits).
func init() {
	registerSpecial("adjacency", specialBot{bot: "alphabeta", impl: "adjsearch", about: "a bitboard alpha-beta with move ordering, a table and an exact endgame",
		fits: adjSearchFits, build: func(c botConfig) Bot { return newAdjBotSpec(c.vals.on("book"), c.vals.on("relax")) }})
	registerSpecial("adjacency", specialBot{bot: "minimax", impl: "adjsearch", about: "the same bitboard search, without pruning",
		fits: adjSearchFits, build: func(botConfig) Bot { return NewAdjBot(false) }})
}

// adjSearchFits says the bitboard search implements the values: it
// judges by the course's objective and orders moves its own way, so
// another evaluator or order=none goes to the generic search.
func adjSearchFits(v paramValues) bool {
	return v.text("eval") == "course" && v.text("order") != "none"
}

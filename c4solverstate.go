package main

import (
	"context"
	"sync/atomic"
)

// What the solver's searches run on: the setup a solver and its threads
// share (the board, its operations, the table, the book, the tuning),
// and the state of one thread's search in progress (its context,
// counters, stop flag, tracer, path and move lists). The search itself
// is negamax (c4solversearch.go) over the static pass (c4solverstatic.go); the
// solver that drives it is in c4solver.go.

// c4Ops are the bit operations the search runs at every node, for one
// board size. The search calls them through these function values, an
// indirect call the processor predicts, so that it is written once for
// every size and 7x6 keeps its operations on constants: they were
// calls already (too large to inline), but for tableKey. Each takes the
// board (7x6's ignore it): a method value would add a call.
type c4Ops struct {
	// threats is every empty cell that would complete four in a row
	// for the stones b (playable now or not), given the stones mask.
	threats func(g *c4Geom, b, mask uint64) uint64
	// openBounds, claimeven and key are openBounds, claimevenBound and
	// tableKey.
	openBounds func(g *c4Geom, p c4Pos, lo, hi, alpha, beta int) (int, int)
	claimeven  func(g *c4Geom, p c4Pos, hi int) int
	key        func(g *c4Geom, p c4Pos, merge bool) (uint64, bool)
}

// opsOf is the operations of board g: those that read the geometry, or
// with constShifts 7x6's on constants wherever they apply: the key (its
// mirror image) on 7x6, the shifts on any board six high (which take the
// cells from g).
func opsOf(g *c4Geom, constShifts bool) c4Ops {
	ops := c4Ops{threats: geoThreats, openBounds: geoOpenBounds,
		claimeven: geoClaimeven, key: geoTableKey}
	if constShifts && g.height == c4Height {
		ops.threats, ops.openBounds, ops.claimeven = stdThreats, openBounds, claimevenBound
	}
	if constShifts && g.std {
		ops.key = stdKey
	}
	return ops
}

// stdKey is tableKey as an operation (c4Ops).
func stdKey(_ *c4Geom, p c4Pos, merge bool) (uint64, bool) { return tableKey(p, merge) }

// c4Setup is what a solver and each of its searches share, fixed when the
// solver is made. Each search holds a copy, so that its every node reads
// the board, the operations and the table without going through the
// solver.
type c4Setup struct {
	*c4Table
	g    *c4Geom // the board's size
	ops  c4Ops   // its bit operations
	tune c4Tuning
	book book // the opening book, nil for none
}

// threats, openBounds, claimeven and key call the board's operations.
func (c *c4Setup) threats(b, mask uint64) uint64 { return c.ops.threats(c.g, b, mask) }

func (c *c4Setup) openBounds(p c4Pos, lo, hi, alpha, beta int) (int, int) {
	return c.ops.openBounds(c.g, p, lo, hi, alpha, beta)
}

func (c *c4Setup) claimeven(p c4Pos, hi int) int { return c.ops.claimeven(c.g, p, hi) }

func (c *c4Setup) key(p c4Pos) (uint64, bool) { return c.ops.key(c.g, p, c.tune.mirror) }

// canWinNext reports whether the side to move in p wins with its next
// stone.
func (c *c4Setup) canWinNext(p c4Pos) bool {
	return c.threats(p.cur, p.mask)&geoPossible(c.g, p) != 0
}

// c4Search is one thread's search in progress: what it was asked (its
// context and tracer), what it counts, whether it has stopped, its path
// for the other threads, and a move list for each depth. The solver
// keeps one for each thread from one search to the next (c4solver.go);
// each search begins it anew.
type c4Search struct {
	c4Setup // the solver's, copied: a node reads them at no extra cost
	nodes   int64
	ctx     context.Context
	stopped bool
	tr      *c4Tracer // -trace: records the search; nil (the rule) costs a test a node

	// With threads (c4solverparallel.go): done says another thread has
	// answered, busy is the shared marks (both nil when alone); path
	// holds the windows of this thread's marked nodes on its way down,
	// by stones, top the stones of the innermost (-1 for none), each
	// linking to the one above it (forced moves skip stones); unwind is
	// the stones of a node on it that another thread has settled (-1 for
	// none), unwindV its value, unwinds how many times that happened
	// (see settledAbove).
	done    *atomic.Bool
	busy    *busySet
	path    [busyMoves]pathNode
	top     int
	unwind  int
	unwindV int
	unwinds int64

	// sorters are the nodes' move lists, one for each number of stones.
	sorters [c4MaxCells]c4Sorter

	// The searches of a solver's threads are allocated side by side:
	// without this gap, a helper's node counter, written at every node,
	// shared a cache line with the fields the first thread reads at
	// every node (done, busy), and each write sent that line from one
	// core to the other.
	_ [2 * cacheLine]byte
}

// cacheLine is the processor's cache line in bytes; two lines apart, data
// also escapes the prefetcher that fetches lines in pairs.
const cacheLine = 64

// newC4Search returns a search over what the solver set up.
func newC4Search(setup c4Setup) *c4Search {
	return &c4Search{c4Setup: setup, top: -1, unwind: -1}
}

// begin readies the search for a new decision: stopped when ctx ends (nil:
// never), its counts from 0, telling tr (nil for none).
func (x *c4Search) begin(ctx context.Context, tr *c4Tracer) {
	x.ctx, x.tr, x.stopped = ctx, tr, false
	x.nodes, x.unwinds = 0, 0
}

// resume lets the search run again, until ctx ends; its counts go on.
func (x *c4Search) resume(ctx context.Context) { x.ctx, x.stopped = ctx, false }

// untraced runs f with the tree of the tracer off and returns f's
// answer: a probe noted without its tree (probeNoted).
func (x *c4Search) untraced(f func() int) int {
	tr := x.tr
	x.tr = nil
	defer func() { x.tr = tr }()
	return f()
}

// poll notes whether the caller has given up (Ctrl-C, time budget) or,
// with threads, another thread has answered or settled a node on this
// one's path, moves stones deep (see settledAbove). Alone, it also lets
// the table grow as the search does, until it is whole: a whole table
// may be shared with other searches (the bots of a run), which must not
// all write its count of work.
func (x *c4Search) poll(moves int) bool {
	if x.nodes&(c4PollNodes-1) == 0 {
		if x.ctx != nil && expired(x.ctx) {
			x.stopped, x.unwind = true, -1
		}
		if x.busy != nil && x.tune.unwind && !x.stopped {
			x.settledAbove(min(moves, busyMoves))
		}
		if x.done == nil {
			x.searched(c4PollNodes)
		}
	}
	if x.done != nil && x.done.Load() {
		x.stopped, x.unwind = true, -1
	}
	return x.stopped
}

// finished notes that the search of which this thread was one finished
// (some thread answered) or not.
func (x *c4Search) finished(ok bool) { x.stopped = !ok }

// pathNode is a node on a thread's path: its key and window, and the
// stones of the marked node above it (-1 for none).
type pathNode struct {
	key         uint64
	alpha, beta int
	up          int
}

// settledAbove looks for a node on the path above (fewer than moves
// stones) whose table entry, written by another thread meanwhile,
// settles its window: then the search unwinds to it and it answers that
// entry's bound, rather than finish subtrees whose result no longer
// matters.
func (x *c4Search) settledAbove(moves int) {
	found, v := -1, 0
	for d := x.top; d >= 0; d = x.path[d].up {
		if d >= moves {
			continue
		}
		n := &x.path[d]
		lo, hi, _, ok := x.probe(n.key)
		switch {
		case !ok:
		case lo >= n.beta:
			found, v = d, lo
		case hi <= n.alpha:
			found, v = d, hi
		}
	}
	if found >= 0 {
		x.stopped, x.unwind, x.unwindV, x.unwinds = true, found, v, x.unwinds+1
	}
}

package main

import (
	"context"
	"fmt"
	"sync/atomic"
)

// The solver's state: its table, counters and the fields its threads share.
// The search itself is negamax (c4search.go), driven by c4nullwindow.go.

// busyMoves limits the busy marks to positions of fewer stones: deeper
// subtrees are too small to be worth the two writes and the children's
// keys per node. 20 rather than 30 took the empty board on two threads
// 0.92 of the time (median of 15 alternated pairs) and Begin-Hard about
// 0.9, though from the middle game (15 to 27 stones) the threads then
// share less work: 29,000 nodes a Middle-Medium position against 23,000,
// where the time goes to readying the table (see c4parallel.go).
const busyMoves = 20

// ttBits sets the transposition table size the program plays with:
// 2^ttBits entries of 8 bytes, 64 MiB; newC4SolverBits takes others, at
// least 14 (the tags in c4table.go rely on it).
const ttBits = 23

// c4Tuning switches the solver's refinements, for measuring each against
// the plain tutorial design: scores never depend on them, node counts do.
// Each solver holds its own, so a test or benchmark that turns one off
// changes no other search.
type c4Tuning struct {
	// mirror lets a position and its mirror image share a table entry
	// and a busy mark.
	mirror bool
	// etc lets the static pass look up the table entries of positions
	// with more than etcLeft empty cells, so that a node sees its
	// children's (an enhanced transposition cut-off); nearer the leaves
	// a node probes only its own entry, when searched.
	etc     bool
	etcLeft int
	// hugePages backs the table with huge pages (tablepages_linux.go); read
	// only when the table is made, by newC4SolverTuned.
	hugePages bool
	// unwind lets a thread drop its subtrees when another thread has
	// settled a node on its path (settledAbove).
	unwind bool
	// staticBounds lets the static pass use the bounds of c4bounds.go.
	staticBounds bool
}

// c4Defaults is the tuning the program plays with: every refinement on.
func c4Defaults() c4Tuning {
	return c4Tuning{mirror: true, etc: true, etcLeft: 4, hugePages: true, unwind: true, staticBounds: true}
}

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

// opsOf is the board g's operations: 7x6's on constants wherever they
// apply, the key (its mirror image) on 7x6, the shifts on any board six
// high (which take the cells from g); elsewhere the geometry's.
func opsOf(g *c4Geom) c4Ops {
	ops := c4Ops{threats: (*c4Geom).threatsAny, openBounds: (*c4Geom).openBoundsAny,
		claimeven: (*c4Geom).claimevenAny, key: (*c4Geom).tableKeyAny}
	if g.height == c4Height {
		ops.threats, ops.openBounds, ops.claimeven = stdThreats, openBounds, claimevenBound
	}
	if g.std {
		ops.key = stdKey
	}
	return ops
}

// stdKey is tableKey as an operation (c4Ops).
func stdKey(_ *c4Geom, p c4Pos, merge bool) (uint64, bool) { return tableKey(p, merge) }

// threats, openBounds, claimeven and key call the board's operations.
func (s *c4Solver) threats(b, mask uint64) uint64 { return s.ops.threats(s.g, b, mask) }

func (s *c4Solver) openBounds(p c4Pos, lo, hi, alpha, beta int) (int, int) {
	return s.ops.openBounds(s.g, p, lo, hi, alpha, beta)
}

func (s *c4Solver) claimeven(p c4Pos, hi int) int { return s.ops.claimeven(s.g, p, hi) }

func (s *c4Solver) key(p c4Pos) (uint64, bool) { return s.ops.key(s.g, p, s.tune.mirror) }

// c4Solver searches positions exactly. Its table survives between calls
// (scores belong to positions, not to searches), so a game gets faster as
// it goes; reset gives a fresh table.
type c4Solver struct {
	*c4Table
	g       *c4Geom // the board's size
	ops     c4Ops   // its bit operations
	nodes   int64
	ctx     context.Context
	stopped bool
	book    book      // opening book, nil for none
	tr      *c4Tracer // -trace: records the search; nil (the rule) costs a test a node
	tune    c4Tuning  // the refinements on; helpers search with their first thread's

	// The parallel search (c4parallel.go): the helper threads' solvers,
	// the busy marks they share; while a search runs, done says another
	// thread has answered and busy is the marks (nil when alone).
	helpers   []*c4Solver
	busyMarks *busySet
	done      *atomic.Bool
	busy      *busySet
	// path holds the windows of this thread's marked nodes on its way
	// down, by stones, top the stones of the innermost (-1 for none),
	// each linking to the one above it (forced moves skip stones);
	// unwind is the stones of a node on it that another thread has
	// settled (-1 for none), unwindV its value, unwinds how many times
	// that happened (see settledAbove).
	path    [busyMoves]pathNode
	top     int
	unwind  int
	unwindV int
	unwinds int64

	// sorters are the nodes' move lists, one for each number of stones.
	sorters [c4MaxCells]c4Sorter

	// A solver and its helpers are allocated side by side: without this
	// gap, the helper's node counter, written at every node, shared a
	// cache line with the fields the first thread reads at every node
	// (done, busy), and each write sent that line from one core to the
	// other.
	_ [2 * cacheLine]byte
}

// cacheLine is the processor's cache line in bytes; two lines apart, data
// also escapes the prefetcher that fetches lines in pairs.
const cacheLine = 64

// newC4Solver returns a 7x6 solver with an empty table, and the embedded
// book unless noBook.
func newC4Solver(noBook bool) *c4Solver { return newC4SolverBits(ttBits, noBook) }

// newC4SolverBits is newC4Solver with a table of 2^bits entries.
func newC4SolverBits(bits int, noBook bool) *c4Solver {
	return newC4SolverTuned(c4Std, bits, noBook, c4Defaults())
}

// newC4SolverTuned returns a solver for the board g with a table of
// 2^bits entries (at least ttNeedBits of its keys: fewer would let
// different positions share a tag), the refinements of tune, and the
// opening book unless noBook (7x6's; other boards have none).
func newC4SolverTuned(g *c4Geom, bits int, noBook bool, tune c4Tuning) *c4Solver {
	if need := ttNeedBits(g.keyBits); bits < need {
		panic(fmt.Sprintf("c4 solver: table of %d bits, at least %d needed", bits, need))
	}
	return newC4SolverOn(newC4Table(bits, g.keyBits, tune.hugePages), g, noBook, tune)
}

// newC4SolverOn returns a solver for the board g over the table t (which
// other solvers may share: see runTable), tuned by tune, with the opening
// book unless noBook (7x6's; other boards have none).
func newC4SolverOn(t *c4Table, g *c4Geom, noBook bool, tune c4Tuning) *c4Solver {
	s := &c4Solver{c4Table: t, g: g, ops: opsOf(g), tune: tune}
	if !noBook && g.std {
		s.book = openingBook()
	}
	return s
}

// newC4SolverFor returns a solver for the board g, with no book, its table
// sized to the board (c4TableBits).
func newC4SolverFor(g *c4Geom) *c4Solver {
	return newC4SolverTuned(g, c4TableBits(g), true, c4Defaults())
}

// c4TableBits sizes a board's table: 2^(cells-18) entries, at least
// 2^17 (1 MiB, where every table starts) and as many as its keys need,
// at most 7x6's ttBits (64 MiB). A table larger than the search needs
// costs more in cache misses than it saves in nodes: the empty 6 x 6
// board took 1.43 s with 2^18 entries against 2.10 s with 2^23 (1.51 s
// with 2^17, 1.67 s with 2^16), 7 x 5 1.16 against 1.63 s with 2^17, 9 x
// 4 9.15 against 9.85 s with 2^18, 8 x 4 1.03 against 1.18 CPU s with
// 2^17, 8 x 5 42.2 against 42.9 s with 2^22 (medians of two or three
// alternated runs; BenchmarkEmptySized with C4_TABLE_BITS).
func c4TableBits(g *c4Geom) int {
	return max(17, ttNeedBits(g.keyBits), min(ttBits, g.cells-18))
}

// reset empties the table and clears the counters.
func (s *c4Solver) reset() {
	s.fresh()
	s.nodes, s.stopped, s.unwinds = 0, false, 0
}

// poll notes whether the caller has given up (Ctrl-C, time budget) or,
// with threads, another thread has answered or settled a node on this
// one's path, moves stones deep (see settledAbove). Alone, it also lets
// the table grow as the search does, until it is whole: a whole table
// may be shared with other searches (the bots of a run), which must not
// all write its count of work.
func (s *c4Solver) poll(moves int) bool {
	if s.nodes&1023 == 0 {
		if s.ctx != nil && expired(s.ctx) {
			s.stopped, s.unwind = true, -1
		}
		if s.busy != nil && s.tune.unwind && !s.stopped {
			s.settledAbove(min(moves, busyMoves))
		}
		if s.done == nil && s.bucketBits < s.maxBits {
			if s.work += 1024; s.work >= s.growAt {
				s.grow()
			}
		}
	}
	if s.done != nil && s.done.Load() {
		s.stopped, s.unwind = true, -1
	}
	return s.stopped
}

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
func (s *c4Solver) settledAbove(moves int) {
	found, v := -1, 0
	for d := s.top; d >= 0; d = s.path[d].up {
		if d >= moves {
			continue
		}
		n := &s.path[d]
		lo, hi, _, ok := s.probe(n.key)
		switch {
		case !ok:
		case lo >= n.beta:
			found, v = d, lo
		case hi <= n.alpha:
			found, v = d, hi
		}
	}
	if found >= 0 {
		s.stopped, s.unwind, s.unwindV, s.unwinds = true, found, v, s.unwinds+1
	}
}

package main

import (
	"context"
	"fmt"
	"sync/atomic"
)

// The solver's state: its table, counters and the fields its threads share.
// The search itself is negamax (c4search.go), driven by c4solve.go.

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
	// etc is the enhanced transposition cutoff (refuted), tried at
	// positions of fewer than etcMoves stones: nearer the leaves its
	// extra table probes cost more than the nodes they save.
	etc      bool
	etcMoves int
	// hugePages backs the table with huge pages (tt_linux.go); read
	// only when the table is made, by newC4SolverTuned.
	hugePages bool
	// unwind lets a thread drop its subtrees when another thread has
	// settled a node on its path (settledAbove).
	unwind bool
	// staticBounds tightens a node's window by the bounds of
	// c4bounds.go before its table probe.
	staticBounds bool
	// forcedSkip searches a node with one move that does not lose at
	// once without its table probe (see forced).
	forcedSkip bool
}

// c4Defaults is the tuning the program plays with: every refinement on.
func c4Defaults() c4Tuning {
	return c4Tuning{mirror: true, etc: true, etcMoves: 34, hugePages: true, unwind: true, staticBounds: true, forcedSkip: true}
}

// c4Solver searches positions exactly. Its table survives between calls
// (scores belong to positions, not to searches), so a game gets faster as
// it goes; reset gives a fresh table.
type c4Solver struct {
	*c4Table
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
	// down, by stones, from rootMoves; unwind is the stones of a node
	// on it that another thread has settled (-1 for none), unwindV its
	// value, unwinds how many times that happened (see settledAbove).
	path      [busyMoves]pathNode
	rootMoves int
	unwind    int
	unwindV   int
	unwinds   int64

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

// newC4Solver returns a solver with an empty table, and the embedded book
// unless noBook.
func newC4Solver(noBook bool) *c4Solver { return newC4SolverBits(ttBits, noBook) }

// newC4SolverBits is newC4Solver with a table of 2^bits entries; fewer
// than ttMinBucketBits+1 bits would let different positions share a tag.
func newC4SolverBits(bits int, noBook bool) *c4Solver {
	return newC4SolverTuned(bits, noBook, c4Defaults())
}

// newC4SolverTuned is newC4SolverBits with the refinements of tune.
func newC4SolverTuned(bits int, noBook bool, tune c4Tuning) *c4Solver {
	if bits < ttMinBucketBits+1 {
		panic(fmt.Sprintf("c4 solver: table of %d bits, at least %d needed", bits, ttMinBucketBits+1))
	}
	s := &c4Solver{c4Table: newC4Table(bits, tune.hugePages), tune: tune}
	if !noBook {
		s.book = openingBook()
	}
	return s
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

// pathNode is a node on a thread's path: its key and window.
type pathNode struct {
	key         uint64
	alpha, beta int
}

// settledAbove looks for a node on the path above (fewer than moves
// stones) whose table entry, written by another thread meanwhile,
// settles its window: then the search unwinds to it and it answers that
// entry's bound, rather than finish subtrees whose result no longer
// matters.
func (s *c4Solver) settledAbove(moves int) {
	for d := s.rootMoves; d < moves; d++ {
		n := &s.path[d]
		lo, hi, _, ok := s.probe(n.key)
		if !ok {
			continue
		}
		switch {
		case lo >= n.beta:
			s.unwindV = lo
		case hi <= n.alpha:
			s.unwindV = hi
		default:
			continue
		}
		s.stopped, s.unwind, s.unwinds = true, d, s.unwinds+1
		return
	}
}

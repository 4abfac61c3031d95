package main

// The Connect Four engine's settings, in one place with the reason for
// each value (as Steininger's solver keeps its own in settings.h). The
// measurements behind them, with the commands that repeat them, are in
// docs/search-notes.md (the solver) and docs/connect4.md (the clock).

// The transposition table (c4solvertable.go).
const (
	// ttBits sizes the 7x6 table: 2^23 entries of 8 bytes, 64 MiB.
	// A larger table still saved time on the empty board; the solver
	// bots of a run share one (runTable).
	ttBits = 23
	// ttMinBits is the fewest entry bits of a table that c4TableBits
	// gives: 2^17 entries, 1 MiB, where every table starts anyway.
	ttMinBits = 17
	// ttCellsOver: a board of n cells gets a table of 2^(n-18) entries,
	// the fastest size on the boards measured (BenchmarkEmptySized with
	// C4_TABLE_BITS).
	ttCellsOver = 18
	// ttStartBits is the bucket bits of a fresh table's part in use:
	// 2^16 buckets, 1 MiB, stay in the processor's second-level cache
	// from one small search to the next.
	ttStartBits = 16
	// ttEagerBits: below 2^17 buckets, the part in use doubles rather
	// than let a store drop an entry, so that the small start loses no
	// more entries than a larger table would.
	ttEagerBits = 17
	// ttHugePages backs the table with 2 MiB pages where the system
	// allows (tablepages_linux.go): fewer misses of the address cache.
	ttHugePages = true
)

// The threads (c4solverparallel.go).
const (
	// busyMoves limits the busy marks to positions of fewer stones:
	// deeper subtrees are too small to be worth the two writes and the
	// children's keys per node. 20 rather than 30 made the empty board
	// faster on two threads (BenchmarkEmptyBoard2); 16, 24 and 28 did
	// no better.
	busyMoves = 20
	// c4PollNodes is how many nodes a search runs between looks at the
	// clock, at the nodes on its path other threads may have settled,
	// and at the table's growth: often enough to stop within a
	// millisecond, seldom enough to cost nothing. Looking up the path
	// every 256 or 4096 nodes was slower on Begin-Hard.
	c4PollNodes = 1024
)

// c4Tuning switches the solver's refinements, for measuring each against
// the plain tutorial design: scores never depend on them, node counts
// do. Each solver holds its own (its searches a copy), so a test or
// benchmark that turns one off changes no other search.
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
	// unwind lets a thread drop its subtrees when another thread has
	// settled a node on its path (settledAbove).
	unwind bool
	// staticBounds lets the static pass use the bounds of c4solverbounds.go.
	staticBounds bool
	// constShifts runs 7x6's operations on constant shifts wherever they
	// apply (opsOf); off, every board uses those that read the geometry,
	// which find the same nodes (TestOpsAgree).
	constShifts bool
}

// c4Defaults is the tuning the program plays with: every refinement on.
// The static pass looks up the table above 4 empty cells: 4 rather than
// 8 took fewer nodes and no more time on the empty board and the
// benchmark sets (docs/search-notes.md).
func c4Defaults() c4Tuning {
	return c4Tuning{mirror: true, etc: true, etcLeft: 4, unwind: true, staticBounds: true, constShifts: true}
}

// The search (c4solversearch.go, c4solvernullwindow.go, c4solversorter.go).
const (
	// nearScores is the width of the interval of possible scores below
	// which the driver stops halving it and steps from the score's
	// sign (nextProbe): on the empty board that saves two windows.
	nearScores = 8
	// The weights of a move's threats in the move order (threatScore):
	// every threat, one the opponent must block at once, one just above
	// a playable cell. They did best in a sweep on the benchmark sets,
	// before and after the static pass.
	threatAny   = 2
	threatNow   = 3
	threatAbove = 4
)

// The clock (c4solverclock.go): shares of a move's budget, measured in matches
// against mcts at 100 ms a move (docs/connect4.md, "Under a clock").
// The exact solve ends at exactShare (most positions past the opening
// need no more), the first guess at guessShare, the probes at
// proofShare, and everything at spentShare, which leaves the rest for
// answering (the expected line, a late poll).
const (
	exactShare = 0.05
	guessShare = 0.15
	proofShare = 0.50
	spentShare = 0.97
)

// guessTableBits sizes the guess's table (c4solverguess.go): 2^16 slots of 16
// bytes, 1 MiB, which stays in the processor's cache; a search of 100 ms
// visits about a million nodes, most of them leaves that are not
// stored.
const guessTableBits = 16

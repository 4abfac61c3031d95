package main

import "time"

// The tunables of Adjacency's search, gathered in one place with the
// reason for each value. None changes a value the search returns; each
// changes how much work it does. The measurements behind them, with the
// commands that make them, are in docs/search-notes.md ("Adjacency's
// settings").

// The transposition tables (adjsearchtable.go).
const (
	// adjLeastTableBits and adjMostTableBits bound the bot's table, as
	// powers of two, when it is sized to the time budget
	// (adjTableBitsFor): a quick move does not pay to clear megabytes,
	// and past 2^20 entries a deepening search gains little
	// (BenchmarkAdjAlphaBeta).
	adjLeastTableBits = 14
	adjMostTableBits  = 20
	// adjEntriesPerMs is about how many entries the search stores in a
	// millisecond: the bot's table holds what its time lets it store.
	adjEntriesPerMs = 1000
	// The solver's table grows with the plies left (adjSolveTableBits):
	// 2^(left+adjSolveBitsPerPly) entries of 16 bytes, from
	// 2^adjLeastSolveBits (1 MiB: a short solve does not pay to clear
	// more) to 2^adjSolveBits (1 GiB), which holds most of an 8-round
	// solve from the start.
	adjSolveBitsPerPly = 10
	adjLeastSolveBits  = 16
	adjSolveBits       = 26
	// adjNearDepth is the depth (plies to the horizon) of the nodes whose
	// entries go to each thread's own small table, and adjNearBits that
	// table's size, 512 KiB, about what a core's cache keeps: the nodes
	// three plies above the horizon are the most numerous that use a
	// table, and what they share is transpositions of nearby lines, for
	// which a probe of the big table costs a cache miss, more than the
	// node's own work (BenchmarkAdjSolveClass).
	adjNearDepth = 3
	adjNearBits  = 15
)

// The threads and the clock (adjsearchparallel.go, adjsearchstate.go).
const (
	// adjBusyDepth is the least depth of a node marked busy: below it a
	// subtree is too small to be worth the marks' writes and the
	// children's keys.
	adjBusyDepth = 5
	// adjPollEvery is how many nodes pass between looks at the clock and
	// at the other threads: often enough to stop within a millisecond,
	// rarely enough that the look costs nothing.
	adjPollEvery = 1024
	// adjProgressEvery is how often a long solve tells how it is going,
	// when someone watches (adjSolveProgress).
	adjProgressEvery = time.Second
)

// The move order (adjsearchpicker.go).
const (
	// adjShutWeight, adjTurnWeight and adjGuardWeight weigh what a move
	// does at once (appendRest): marks shut in, enemy marks turned, own
	// marks beside the cell. Chosen on the exact solves of the positions
	// of testdata/adj/games8.txt against every nearby set of weights.
	adjShutWeight  = 2
	adjTurnWeight  = 3
	adjGuardWeight = 1
	// adjSortedMoves is how many moves after the early ones a node picks
	// best first; the others go in the order that leaves, since a cut-off
	// mostly comes after one or two moves.
	adjSortedMoves = 4
)

// The endgame bounds (adjsearchendbounds.go).
const (
	// adjEndBoundPlies is the most plies before the end at which
	// endBounds bounds a node's moves: the bounds are written for two to
	// seven plies.
	adjEndBoundPlies = 6
	// adjAnswers is how many strong answers replyBounds tries: a move is
	// seldom near all of the first few, so more rarely help. endAnswers
	// is how many endBounds keeps: the strongest answers lie together,
	// near the mover's marks, and a move near all of them has no bound,
	// nor has, five and six plies before the end, a move that a position
	// below leaves unbounded; eight bound most moves there.
	adjAnswers = 3
	endAnswers = 8
	// endAnswers5 is how many answers newEndBounds5 tries: each costs a
	// whole three-ply bound, and more found no more.
	endAnswers5 = 8
)

// The relaxed positions (adjsearchrelax.go).
const (
	// adjRelaxLeast and adjRelaxMost are the plies before the end between
	// which a node settles its isolated moves together. Two plies before
	// the end the bounds settle them as well for less; further from the
	// end than adjRelaxMost, even a colour class at a time the relaxed
	// positions fail too often, each at the cost of a whole search.
	adjRelaxLeast = 3
	adjRelaxMost  = 13
	// adjRelaxSplit is the fewest plies before the end at which the
	// isolated moves go a colour class at a time (see isolatedPart):
	// there the isolated cells are most of the board, and barring the
	// opponent from all of them at once mostly fails.
	adjRelaxSplit = 12
	// adjRelaxMoves is the fewest isolated moves worth one relaxed
	// search rather than searching them.
	adjRelaxMoves = 2
)

// The bot's clock (adjsearchbot.go).
const (
	// adjOrderShare: the shallow search before a solve by class gets
	// 1/adjOrderShare of the budget, enough to order the root's moves.
	adjOrderShare = 20
	// adjTimeable is the shortest iteration whose time adjNextIteration
	// trusts as a base for growth: shorter ones are mostly noise, and a
	// guess from them once made the search try a depth it could not
	// finish.
	adjTimeable = 5 * time.Millisecond
)

// adjSolveReach is how close to the end alpha-beta, once a shallow search
// has ordered the root moves, spends its time on solving the position by
// class (see solveClass) rather than on deepening: within plies of the
// end, given at least work, the budget times the threads (up to the
// CPUs). A failed solve costs the deepening a ply or two, so each step
// asks for enough to prove most of the positions it meets: 5 s of one
// thread, as in a match at the course's clock, prove all those of
// BenchmarkAdjEndgame thirteen plies before the end, and the prompt's
// two threads most 2-ply openings of the 8-round game fourteen before
// (docs/adjacency.md, "How alpha-beta plays" and "At the course's
// clock"; the book answers those openings, not those of other lengths).
var adjSolveReach = [...]struct {
	plies int
	work  time.Duration
}{{10, 0}, {11, 500 * time.Millisecond}, {12, 4 * time.Second}, {13, 5 * time.Second}, {14, 10 * time.Second}}

// The choice among equal moves (adjsearchswindle.go).
const (
	// adjSwindleModels is how many shallow opponents swindleMove models:
	// searches of 1 to adjSwindleModels plies, as deep as the course's
	// bots look (the local search one ply, the genetic bot's chromosomes
	// four).
	adjSwindleModels = 4
	// adjGreedyPlies is the most plies left at which swindleMove looks
	// for whole lines that beat the local search: each costs a solve per
	// move of the line.
	adjGreedyPlies = 8
)

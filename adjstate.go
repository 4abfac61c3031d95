package main

import (
	"context"
	"math/bits"
	"sync/atomic"
)

// The state of one Adjacency search: its position-independent parts (table,
// killers, history, counters, threads) and the table key with mirror images
// folded. The search itself is negamax (adjsearch.go).

// adjBusyDepth is the least depth (plies to the horizon) of a node marked
// busy: below it a subtree is too small to be worth the marks' writes
// and the children's keys.
const adjBusyDepth = 5

// newAdjSearch prepares a search of a's game (with pruning or without) on
// the table tt.
func newAdjSearch(ctx context.Context, a *Adjacency, prune bool, tt *adjTable) *adjSearch {
	s := &adjSearch{ctx: ctx, prune: prune, rounds: a.rounds, plies: 2 * a.rounds, tt: tt, nextPoll: adjPollEvery}
	for i := range s.killers {
		s.killers[i] = [2]int8{-1, -1}
	}
	return s
}

// adjTableBits sizes the table to the budget, as a power of two: about as
// many entries as the search stores in its time (a thousand a
// millisecond), between 2^14 (a quick move does not pay to clear
// megabytes) and 2^20 (16 MB; more gained under 2% fewer nodes at depth 10).
func adjTableBits(b Budget) int {
	const least, most = 14, 20
	if b.Time <= 0 {
		return most
	}
	n := least
	for entries := b.Time.Milliseconds() * 1000; n < most && int64(1)<<n < entries; n++ {
	}
	return n
}

// adjPollEvery is how many nodes pass between looks at the clock.
const adjPollEvery = 1024

// adjSearch is one search of an AdjBot.
type adjSearch struct {
	ctx     context.Context
	prune   bool
	swindle bool // choose among the exact best moves (see swindleMove)
	// symmetric folds mirror images into one table entry (see
	// adjSearch.key): the solver's mode, which searches to the end.
	symmetric bool
	rounds    int // the game's length; a position at ply p has 2*rounds-p plies left
	plies     int
	nodes     int64
	nextPoll  int64
	stopped   bool
	guess     int // the last depth's score, the centre of the first root move's window
	tt        *adjTable
	killers   [64][2]int8     // per ply, two quiet moves that cut off lately; -1 none
	history   [2][64]int32    // per side to move, how often a cell cut off, weighted by depth
	order     [64][64]adjMove // per ply, the move list being searched
	// With other threads (see adjparallel.go): busy marks the positions
	// being searched, done says another thread has answered.
	busy  *busySet
	done  *atomic.Bool
	near  *adjTable // the nearest nodes' own table (see table)
	marks *busySet  // the busy marks this search shares with its helpers, made once
	// helpers are the other threads' searches (see together), kept for
	// their near tables.
	helpers []*adjSearch
	// tr records the search for -trace; nil (the rule) costs a test a
	// child.
	tr *adjTracer
}

// adjMove is a move with its ordering score.
type adjMove struct {
	cell  int8
	score int32
}

// poll notes whether the search must stop. It reads the clock itself
// rather than wait for the context's timer, which a busy machine may run
// late.
func (s *adjSearch) poll() bool {
	s.nextPoll = s.nodes + adjPollEvery
	if expired(s.ctx) || s.done != nil && s.done.Load() {
		s.stopped = true
	}
	return s.stopped
}

// table is where a node of this depth keeps its entry. The nodes three
// plies above the horizon are the most numerous that use a table, and
// what they share are transpositions of nearby lines (the same few cells
// taken in another order), so they go to a small table of their own that
// stays in the cache: a probe of the big table there costs a cache miss,
// more than such a node's own work, and keeping them out of it leaves
// the big table to deeper and costlier results. On the 25 positions of
// BenchmarkAdjEndgame 11 plies before the end, solving by class took 8%
// less time so. Each thread has its own.
func (s *adjSearch) table(depth int) *adjTable {
	if depth > adjNearDepth {
		return s.tt
	}
	if s.near == nil {
		s.near = newAdjTable(adjNearBits)
	}
	return s.near
}

// key is the table key of a position, me to move. In a symmetric search
// it is the smaller of the keys of the position and of its mirror image,
// mirrored telling which: a move stored under that key is then in the
// mirror's cells.
func (s *adjSearch) key(me, opp uint64) (key uint64, mirrored bool) {
	key = adjKey(me, opp, s.rounds)
	if !s.symmetric {
		return key, false
	}
	if k := adjKey(adjMirror(me), adjMirror(opp), s.rounds); k < key {
		return k, true
	}
	return key, false
}

// adjMirror reflects a set of cells in the anti-diagonal, (r, c) ->
// (7-c, 7-r): the reflection that maps each side's start corner to itself,
// so that it maps the start position, and the rules, to themselves. It is
// the transpose (r, c) -> (c, r) followed by the half turn, which reverses
// the order of the 64 cells.
func adjMirror(m uint64) uint64 { return bits.Reverse64(adjTranspose(m)) }

// adjTranspose reflects a set of cells in the main diagonal, (r, c) ->
// (c, r), in three steps that swap ever smaller blocks: 4x4, 2x2, 1x1.
func adjTranspose(m uint64) uint64 {
	const k1, k2, k4 = 0x5500550055005500, 0x3333000033330000, 0x0f0f0f0f00000000
	t := k4 & (m ^ m<<28)
	m ^= t ^ t>>28
	t = k2 & (m ^ m<<14)
	m ^= t ^ t>>14
	t = k1 & (m ^ m<<7)
	m ^= t ^ t>>7
	return m
}

// adjMirrorCell is adjMirror for one cell: cell 8r+c goes to 8(7-c)+7-r.
func adjMirrorCell(c int8) int8 { return 63 - (c%8*8 + c/8) }

package main

import (
	"context"
	"math/bits"
	"sync/atomic"
)

// The state of Adjacency's search, in two parts as in Steininger's
// Connect Four solver: the engine (adjEngine), long-lived, holds what the
// search is asked and what outlives one root search (the table, the busy
// marks and each thread's small table); a search (adjSearch), one per
// thread and root search, holds what a search changes as it runs (its
// context, node counter, stop flag, killers, history and move lists,
// tracer). The search itself is negamax (adjsearch.go).

// adjMode is what every search of an engine is asked, fixed for the
// engine's life; each search holds a copy, read at every node.
type adjMode struct {
	prune bool
	// symmetric folds mirror images into one table entry (see
	// adjSearch.key): the solver's mode, which searches to the end.
	symmetric bool
	// swindle chooses among the exact best moves (see swindleMove).
	swindle bool
	// unrelaxed searches every isolated move one by one (see
	// adjsearchrelax.go): only to measure what settling them together saves.
	unrelaxed bool
	rounds    int // the game's length; a position at ply p has plies-p plies left
	plies     int
}

// adjEngine is the long-lived part of Adjacency's search.
type adjEngine struct {
	mode adjMode
	tt   *adjTable
	// marks are the busy marks of the threads (see together), made on
	// first use; near holds each thread's small table of the nearest
	// nodes (see adjSearch.table), made on first use and kept from one
	// root search to the next.
	marks *busySet
	near  []*adjTable
}

// newAdjEngine prepares the searches of a's game in mode m (its rounds
// taken from a) on the table tt, whose entries from earlier engines stay
// valid: each holds the value of one position at one depth.
func newAdjEngine(a *Adjacency, m adjMode, tt *adjTable) *adjEngine {
	m.rounds, m.plies = a.rounds, 2*a.rounds
	return &adjEngine{mode: m, tt: tt}
}

// nearTable is thread's small table, made on first use.
func (e *adjEngine) nearTable(thread int) *adjTable {
	for len(e.near) <= thread {
		e.near = append(e.near, nil)
	}
	if e.near[thread] == nil {
		e.near[thread] = newAdjTable(adjNearBits)
	}
	return e.near[thread]
}

// adjSearch is one thread's search from one root, with everything it
// changes as it runs.
type adjSearch struct {
	adjMode
	e      *adjEngine
	tt     *adjTable
	near   *adjTable // the thread's small table, fetched on first need
	thread int       // 0 for the first thread, 1.. for the helpers
	ctx    context.Context
	// With other threads (see adjsearchparallel.go): busy marks the positions
	// being searched, done says another thread has answered.
	busy     *busySet
	done     *atomic.Bool
	nodes    int64
	nextPoll int64
	stopped  bool
	guess    int             // the root search's expected value, the centre of its first move's window
	killers  [64][2]int8     // per ply, two quiet moves that cut off lately; -1 none
	history  [2][64]int32    // per side to move, how often a cell cut off, weighted by depth
	order    [64][64]adjMove // per ply, the move list being searched
	// tr records the search for -trace; nil (the rule) costs a test a
	// child.
	tr *adjTracer
	// tick, when set, hears the node count at every poll: how a long
	// solve is going (see adjSolveProgress).
	tick func(nodes int64)
}

// newSearch starts thread's search under ctx, recorded by tr and heard by
// tick (nil for none): the first thread's (thread 0, lead nil), or with
// other threads a helper's beside lead, sharing the engine's busy marks
// and the done flag and starting from lead's killers and history. A
// helper's small table is fetched now, before the threads run, since the
// engine's list of them is not safe for concurrent use.
func (e *adjEngine) newSearch(ctx context.Context, thread int, lead *adjSearch, done *atomic.Bool, tr *adjTracer, tick func(nodes int64)) *adjSearch {
	s := &adjSearch{adjMode: e.mode, e: e, tt: e.tt, thread: thread, ctx: ctx, nextPoll: adjPollEvery, guess: -infinity, tr: tr, tick: tick}
	if lead == nil {
		s.forgetKillers()
		return s
	}
	s.near, s.busy, s.done, s.killers, s.history = e.nearTable(thread), e.marks, done, lead.killers, lead.history
	return s
}

// forgetKillers clears the killers of every ply.
func (s *adjSearch) forgetKillers() {
	for i := range s.killers {
		s.killers[i] = [2]int8{-1, -1}
	}
}

// adjRoot is the position a search starts from, me to move, ply plies
// into the game and left before its end, with its legal moves in the
// order the search leaves them, best first.
type adjRoot struct {
	me, opp   uint64
	ply, left int
	moves     []Move
}

// newAdjRoot is a's position (not over) as a root.
func newAdjRoot(a *Adjacency) *adjRoot {
	r := &adjRoot{me: a.marks[a.Turn()], opp: a.marks[a.Turn().Other()], ply: len(a.history), left: a.PliesLeft()}
	for e := ^(r.me | r.opp); e != 0; e &= e - 1 {
		r.moves = append(r.moves, Move(bits.TrailingZeros64(e)))
	}
	return r
}

// adjTableBitsFor sizes the bot's table to the budget, as a power of
// two: about as many entries as the search stores in its time, between
// adjLeastTableBits and adjMostTableBits.
func adjTableBitsFor(b Budget) int {
	if b.Time <= 0 {
		return adjMostTableBits
	}
	n := adjLeastTableBits
	for entries := b.Time.Milliseconds() * adjEntriesPerMs; n < adjMostTableBits && int64(1)<<n < entries; n++ {
	}
	return n
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
	if s.tick != nil {
		s.tick(s.nodes)
	}
	return s.stopped
}

// table is where a node of this depth keeps its entry: the nodes
// adjNearDepth plies above the horizon use the thread's small table (see
// adjNearDepth), the deeper ones the shared one.
func (s *adjSearch) table(depth int) *adjTable {
	if depth > adjNearDepth {
		return s.tt
	}
	if s.near == nil {
		s.near = s.e.nearTable(s.thread)
	}
	return s.near
}

// key is the table key of a position, me to move. In a symmetric search
// it is the smaller of the keys of the position and of its mirror image,
// mirrored telling which: a move stored under that key is then in the
// mirror's cells. Either way an entry is about the position whose plain
// key it is stored under, so symmetric and plain searches may share a
// table.
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

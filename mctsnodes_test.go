package main

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// same reports whether two stores hold the same nodes and stats at the
// same indexes.
func (s *mctsStore) same(o *mctsStore) bool {
	if s.end != o.end || s.used != o.used {
		return false
	}
	for i := int32(0); i < s.end; i++ {
		if *s.node(i) != *o.node(i) || *s.stat(i) != *o.stat(i) {
			return false
		}
	}
	return true
}

// mctsModel is the plainest tree: each node's children by number, their
// moves being their rank among the children (0, 1, ...); a node of the
// model is also marked in the store with its number (visits, and the
// mean of its stat).
type mctsModel struct {
	parent []int   // each model node's parent; -1 for the root
	width  []int   // its moves
	kids   [][]int // its children, in the order added
}

// index is model node id's index in the tree: its rank among its
// parent's children from their block's first (a block moves as it grows).
func (m *mctsModel) index(b *MCTS, id int) int32 {
	p := m.parent[id]
	if p < 0 {
		return 0
	}
	return b.node(m.index(b, p)).first + int32(slices.Index(m.kids[p], id))
}

// add adds a child to model node p in the model and in the tree.
func (m *mctsModel) add(t *testing.T, b *MCTS, p, width int) {
	t.Helper()
	n := m.index(b, p)
	if !b.makeRoom(n) {
		t.Fatalf("tree full at %d nodes", len(m.parent))
	}
	c := b.addChild(n, Move(len(m.kids[p])))
	id := len(m.parent)
	b.node(c).untried, b.node(c).visits, b.tree.stat(c).mean = int16(width), int32(id), float32(id)
	m.kids[p] = append(m.kids[p], id)
	m.parent, m.width, m.kids = append(m.parent, p), append(m.width, width), append(m.kids, nil)
}

// check compares the tree under index n with the model under node id,
// and returns the model nodes it compared.
func (m *mctsModel) check(t *testing.T, b *MCTS, id int, n int32) int {
	t.Helper()
	node := b.node(n)
	if int(node.kids) != len(m.kids[id]) || int(node.untried) != m.width[id]-len(m.kids[id]) || node.kids > node.room {
		t.Fatalf("node %d: %d children, %d untried, room %d; model: %d children of %d moves",
			id, node.kids, node.untried, node.room, len(m.kids[id]), m.width[id])
	}
	if node.kids > 0 && int(node.first&mctsChunkMask)+int(node.kids) > mctsChunkSize {
		t.Fatalf("node %d: children at %d..%d straddle two chunks", id, node.first, node.first+int32(node.kids)-1)
	}
	count := 1
	from, to := b.triedChildren(n)
	for c := from; c < to; c++ {
		kid := m.kids[id][c-from]
		if got := b.node(c); got.move != c-from || got.visits != int32(kid) || b.tree.stat(c).mean != float32(kid) {
			t.Fatalf("node %d, child %d: move %d, marked %d (%v); want node %d", id, c-from, got.move, got.visits, b.tree.stat(c).mean, kid)
		}
		count += m.check(t, b, kid, c)
	}
	return count
}

// The chunked tree holds what the model holds: children added at random
// to a tree over several chunks, wide nodes among them whose blocks move
// and do not fit in what is left of a chunk; then a subtree kept, and
// the kept tree grown on in the chunks the old one used.
func TestMCTSStoreModel(t *testing.T) {
	t.Parallel()
	if mctsMaxChunks&(mctsMaxChunks-1) != 0 || mctsMaxChunks*mctsChunkSize < 2*mctsMaxNodes {
		t.Fatalf("%d chunks: not a power of two, or too few for %d nodes", mctsMaxChunks, mctsMaxNodes)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	b := NewMCTS(rng)
	b.reroot(NewTicTacToe())
	m := &mctsModel{parent: []int{-1}, width: []int{30000}, kids: [][]int{nil}}
	b.node(0).untried = 30000
	grow := func(nodes int) {
		for len(m.parent) < nodes {
			p := rng.IntN(len(m.parent))
			if rng.IntN(2) == 0 {
				p = rng.IntN(min(len(m.parent), 64)) // the first nodes grow wide
			}
			if len(m.kids[p]) == m.width[p] {
				continue
			}
			width := 1 + rng.IntN(60)
			if rng.IntN(500) == 0 {
				width = 5000 + rng.IntN(20000)
			}
			m.add(t, b, p, width)
		}
	}
	grow(3 * mctsChunkSize)
	if n := m.check(t, b, 0, 0); n != len(m.parent) || b.size != n || b.tree.end < 3*mctsChunkSize {
		t.Fatalf("%d nodes found, %d in the model, size %d, in %d indexes", n, len(m.parent), b.size, b.tree.end)
	}
	// Keep the subtree of the root's widest child.
	keep := m.kids[0][0]
	for _, k := range m.kids[0] {
		if len(m.kids[k]) > len(m.kids[keep]) {
			keep = k
		}
	}
	b.keepSubtree(m.index(b, keep))
	m.parent[keep] = -1
	if n := m.check(t, b, keep, 0); n != b.size || b.tree.used != n {
		t.Fatalf("kept %d nodes, size %d, %d indexes used", n, b.size, b.tree.used)
	}
	// Grow on: only the kept subtree is reachable now.
	reach := 0
	var mark func(id int)
	mark = func(id int) {
		reach++
		for _, k := range m.kids[id] {
			mark(k)
		}
	}
	mark(keep)
	for reach < 2*mctsChunkSize {
		p := keep
		for len(m.kids[p]) > 0 && rng.IntN(3) > 0 {
			p = m.kids[p][rng.IntN(len(m.kids[p]))]
		}
		if len(m.kids[p]) < m.width[p] {
			m.add(t, b, p, 1+rng.IntN(60))
			reach++
		}
	}
	if n := m.check(t, b, keep, 0); n != reach || b.size != reach {
		t.Fatalf("%d nodes found, %d in the model, size %d", n, reach, b.size)
	}
}

// BenchmarkMCTSChunk is the making of one chunk of the tree, zeroed:
// how long a move stops to grow its tree, on average (new-µs) and at
// most (max-µs). Each chunk is written to as a tree would, and 64 are
// kept at a time, so that the garbage collector frees and zeroes them as
// it would in a game.
func BenchmarkMCTSChunk(b *testing.B) {
	var keep []*mctsChunk
	var total, longest time.Duration
	for b.Loop() {
		start := time.Now()
		c := new(mctsChunk)
		took := time.Since(start)
		total, longest = total+took, max(longest, took)
		for i := range c.nodes {
			c.nodes[i].visits = 1
		}
		keep = append(keep, c)
		if len(keep) == 64 {
			keep = keep[:0]
		}
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N), "new-µs")
	b.ReportMetric(float64(longest.Microseconds()), "max-µs")
}

// BenchmarkMCTSLate plays 40 moves of 60 ms from the start of Adjacency
// with one bot, whose tree grows from each to the next (the position is
// the same), and reports how late the latest move ended (max-late-ms)
// and how late once its wait for a processor is excused as the clock
// tests excuse it (max-own-late-ms, clockcheck_test.go): a tree that
// must stop to grow shows in both.
func BenchmarkMCTSLate(b *testing.B) {
	const budget = 60 * time.Millisecond
	var late, own time.Duration
	for b.Loop() {
		bot := mctsSeeded(1)
		g := NewAdjacency(8) // the default rounds
		for range 40 {
			r := timeCall(budget, func() { bot.Think(context.Background(), g, Budget{Time: budget}) })
			late, own = max(late, r.took-budget), max(own, r.took-budget-r.waited)
		}
	}
	b.ReportMetric(float64(late.Microseconds())/1000, "max-late-ms")
	b.ReportMetric(float64(own.Microseconds())/1000, "max-own-late-ms")
}

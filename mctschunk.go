package main

// Where the Monte Carlo tree's nodes are stored: in chunks of a fixed
// size that never move once made. A tree that grows during a timed move
// must not copy what it holds: copying a large slice to grow it, and the
// fresh memory and garbage collection that come with it, made a 60 ms
// move end up to 30 ms late (docs/bots.md, "MCTS memory"). A chunk is
// made whole when the tree needs it, in well under a millisecond, and is
// kept for the next trees the bot grows.

// mctsChunkBits sets the chunk's size, 1<<mctsChunkBits nodes: large
// enough for any block of children (a node has fewer than 1<<15 moves:
// mctsNode.untried), small enough to be made quickly.
const (
	mctsChunkBits = 16
	mctsChunkSize = 1 << mctsChunkBits
	mctsChunkMask = mctsChunkSize - 1
)

// mctsMaxChunks is the most chunks a store may need: a tree of
// mctsMaxNodes nodes, and the slots it skipped at the ends of chunks,
// which are fewer than the nodes of the blocks that did not fit there.
// A power of two, so that a masked index needs no check.
const mctsMaxChunks = 2 * mctsMaxNodes / mctsChunkSize

// mctsChunk holds the nodes of 1<<mctsChunkBits indexes, and their stats.
// Arrays, not slices, so that an index masked to the chunk needs no check.
type mctsChunk struct {
	nodes [mctsChunkSize]mctsNode
	stats [mctsChunkSize]mctsStat
}

// mctsStore is a tree's nodes: node i is in chunk i>>mctsChunkBits, at
// i&mctsChunkMask. Indexes are given out in order; a block of children
// never straddles two chunks (a block that does not fit in what is left
// of a chunk starts the next one, and the slots skipped are dead).
type mctsStore struct {
	chunks [mctsMaxChunks]*mctsChunk // nil until needed
	end    int32                     // the next index to give out
	used   int                       // indexes given out, dead blocks counted, skipped slots not
}

// at is the chunk and slot of index i, a valid index (a node's; none is
// not).
func (s *mctsStore) at(i int32) (*mctsChunk, int32) {
	return s.chunks[uint32(i)>>mctsChunkBits&(mctsMaxChunks-1)], i & mctsChunkMask
}

// node is node i.
func (s *mctsStore) node(i int32) *mctsNode {
	c, k := s.at(i)
	return &c.nodes[k]
}

// stat is node i's stat.
func (s *mctsStore) stat(i int32) *mctsStat {
	c, k := s.at(i)
	return &c.stats[k]
}

// kidStats is the stats of node's children, side by side.
func (s *mctsStore) kidStats(node *mctsNode) []mctsStat {
	c, k := s.at(node.first)
	return c.stats[k : k+int32(node.kids)]
}

// reset empties the store and keeps its chunks: whatever an earlier tree
// left in them is written over before it is read.
func (s *mctsStore) reset() { s.end, s.used = 0, 0 }

// take gives out a block of room indexes and returns its first, or
// reports false when that would take the tree past mctsMaxNodes.
func (s *mctsStore) take(room int) (int32, bool) {
	if s.used+room > mctsMaxNodes {
		return none, false
	}
	return s.place(room), true
}

// place gives out a block of room indexes, in one chunk, and returns its
// first: in the current chunk if it fits, else at the start of the next
// (the slots skipped are zeroed, so that they read as nodes without
// children), a new chunk made when the store has none there yet.
func (s *mctsStore) place(room int) int32 {
	if k := int(s.end & mctsChunkMask); k > 0 && k+room > mctsChunkSize {
		c := s.chunks[s.end>>mctsChunkBits]
		clear(c.nodes[k:])
		s.end += int32(mctsChunkSize - k)
	}
	if c := &s.chunks[s.end>>mctsChunkBits]; *c == nil {
		*c = new(mctsChunk)
	}
	first := s.end
	s.end += int32(room)
	s.used += room
	return first
}

// copyBlock copies the nodes and stats of the block of n indexes at from,
// in store src, to the block at to.
func (s *mctsStore) copyBlock(to int32, src *mctsStore, from int32, n int32) {
	dc, dk := s.at(to)
	sc, sk := src.at(from)
	copy(dc.nodes[dk:dk+n], sc.nodes[sk:sk+n])
	copy(dc.stats[dk:dk+n], sc.stats[sk:sk+n])
}

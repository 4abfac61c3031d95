package main

// The Monte Carlo tree's nodes (the tree is in mctstree.go): what a node
// holds, and where the nodes are stored, in chunks of a fixed size that
// never move once made. A tree that grows during a timed move must not
// copy what it holds: copying a large slice to grow it, with the fresh
// memory and garbage collection that come with it, made timed moves end
// late, near their deadline, where the tree is largest. A chunk is made
// whole when the tree needs it, in well under a millisecond, and is kept
// for the next trees the bot grows.

// none marks a missing node index.
const none = -1

// mctsNode is one position in the tree. The nodes live in large chunks
// that never move (below) and point at each other by index, so
// that adding a node seldom allocates, never copies the tree, and the
// garbage collector sees a few objects without pointers.
//
// A node's children sit side by side in one block of indexes, in the
// order they were added, so that selection reads them without following
// links from node to node. The block starts with room for a few children
// and, when it is full, moves to the end of the tree twice as large (up
// to the node's number of moves): a wide node (Adjacency's 56 moves)
// takes room only as its children come. The block it leaves is dead
// until the tree is moved (keepSubtree). Nodes hold no link to their
// parents: an iteration remembers the path it came down (MCTS.path).
type mctsNode struct {
	tried   uint64 // bit m set when move m (< 64) has a child
	points  uint32 // results of the playouts through it, in points, for the side that made move
	visits  int32  // playouts through this node
	move    int32  // the move that led here from the parent
	first   int32  // its children's block; none before its first child
	kids    uint16 // children: first..first+kids-1
	room    uint16 // the block's size
	untried int16  // legal moves without a child; -1 until counted
	// proof is the result proved for the side that made move: set for a
	// finished game always, and by MCTS-Solver (mctssolve.go) for a
	// node whose children prove it; plies is how far the end is then.
	proof mctsProof
	plies uint8
}

// wins is the sum of the results of the playouts through the node, for
// the side that made its move: win 1, draw 1/2, loss 0.
func (n *mctsNode) wins() float64 { return float64(n.points) / 2 }

// counted reports whether the node's legal moves have been counted.
func (n *mctsNode) counted() bool { return n.untried >= 0 }

// ended reports whether the node's game is over: counted, no moves.
func (n *mctsNode) ended() bool { return n.untried == 0 && n.kids == 0 }

// mctsStat is what selection reads of a node, kept by backup beside the
// node (in the same chunk, at the same slot) so that a node's children's
// fill a cache line or two: wins/visits, and 1/sqrt(visits). With Solve,
// a node proved lost for the side that made its move has mean -inf, so
// that it is never chosen.
type mctsStat struct {
	mean, rsqrt float32
}

// mctsProof is a result proved for the side that made a node's move.
type mctsProof int8

const (
	unproved mctsProof = iota
	provedWin
	provedDraw
	provedLoss
)

// flip is the same result for the other side.
func (p mctsProof) flip() mctsProof {
	switch p {
	case provedWin:
		return provedLoss
	case provedLoss:
		return provedWin
	}
	return p
}

// points is the proved result in points (mcts.go): 2, 1 or 0.
func (p mctsProof) points() uint32 {
	switch p {
	case provedWin:
		return 2
	case provedLoss:
		return 0
	}
	return 1
}

// words are a proof for -v and -trace, plies to the end: "proved win in
// 3 plies", "proved loss in 4 plies", "proved draw".
func (p mctsProof) words(plies int) string {
	switch p {
	case provedWin:
		return "proved win in " + plural(plies, "ply", "plies")
	case provedLoss:
		return "proved loss in " + plural(plies, "ply", "plies")
	case provedDraw:
		return "proved draw"
	}
	return ""
}

// mctsMaxNodes caps the tree (40 bytes a node with its stats), dead
// blocks included: past it the search keeps playing out from the leaves
// but stops adding nodes.
const mctsMaxNodes = 1 << 22

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

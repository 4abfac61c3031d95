package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
)

// The Monte Carlo tree (the search itself is in mcts.go), and the tree
// laid open for -trace and -v: read after the decision, never while the
// search runs.

// MCTS is the Monte Carlo tree search bot. It belongs to one game: between
// its decisions it keeps the tree below the position it was asked about,
// and reuses the part under the moves played since.
type MCTS struct {
	rng *rand.Rand
	// C is UCB1's exploration constant (sqrt 2 unless set).
	C float64
	// Solve turns on MCTS-Solver (mctssolve.go): proved results backed
	// up the tree, proved losses never chosen, a proved win played.
	Solve bool

	// reference makes it iterate by playout, over the Game interface,
	// even where the game offers a walker (botfast.go): the tests
	// compare the two.
	reference bool

	tree  mctsStore // the nodes; node 0 is the root
	size  int       // nodes in the tree, dead blocks not counted
	path  []int32   // the nodes an iteration came down, the root first
	line  []Move    // their moves, below the root (walk)
	spare mctsStore // the other store, for moving a kept subtree
	moves []Move    // scratch move list
	// The root's position: its game type, the moves that led to it and
	// its key, to recognise the next position as a descendant.
	rootType reflect.Type
	rootHist []Move
	rootKey  uint64
}

// mctsFirstRoom is the room a node's block of children starts with.
const mctsFirstRoom = 8

// node is node n of the tree.
func (b *MCTS) node(n int32) *mctsNode { return b.tree.node(n) }

// makeRoom makes sure node n's block has a free slot: when it is full it
// moves to the end of the tree, twice as large (mctsFirstRoom to begin
// with, never more than the node's moves). It reports false when the
// tree is full (mctsMaxNodes).
func (b *MCTS) makeRoom(n int32) bool {
	node := b.node(n)
	if node.kids < node.room {
		return true
	}
	room := min(max(2*int(node.room), mctsFirstRoom), int(node.kids)+int(node.untried))
	first, ok := b.tree.take(room)
	if !ok {
		return false
	}
	// The free slots are written as children are added: whatever an
	// earlier tree left in them may stay.
	if node.kids > 0 {
		b.tree.copyBlock(first, &b.tree, node.first, int32(node.kids))
	}
	node.first, node.room = first, uint16(room)
	return true
}

// addChild adds node n's child for move m, in a slot makeRoom made, and
// returns its index.
func (b *MCTS) addChild(n int32, m Move) int32 {
	node := b.node(n)
	c := node.first + int32(node.kids)
	chunk, k := b.tree.at(c)
	chunk.nodes[k] = mctsNode{move: int32(m), first: none, untried: -1}
	chunk.stats[k] = mctsStat{}
	node.kids++
	node.untried--
	if m >= 0 && m < 64 {
		node.tried |= 1 << uint(m)
	}
	b.size++
	return c
}

// hasChild reports whether node n, which is node, has a child for move
// m: a bit test for moves below 64 (every cell and column of our games),
// a look along the children otherwise.
func (b *MCTS) hasChild(n int32, node *mctsNode, m Move) bool {
	if m >= 0 && m < 64 {
		return node.tried&(1<<uint(m)) != 0
	}
	return b.child(n, m) != none
}

// setEnded marks node n as a finished game with the given result for the
// side that made its move.
func (b *MCTS) setEnded(n int32, result mctsProof) {
	node := b.node(n)
	node.untried, node.proof, node.plies = 0, result, 0
}

// triedChildren is the index range of node n's children.
func (b *MCTS) triedChildren(n int32) (from, to int32) {
	node := b.node(n)
	if node.kids == 0 {
		return 0, 0
	}
	return node.first, node.first + int32(node.kids)
}

// child is node n's child for move m, or none.
func (b *MCTS) child(n int32, m Move) int32 {
	from, to := b.triedChildren(n)
	for c := from; c < to; c++ {
		if b.node(c).move == int32(m) {
			return c
		}
	}
	return none
}

// mctsTraceWidth is how many children of a node the trace shows, the most
// visited; the rest are summed in one line. Adjacency's root has up to 56.
const mctsTraceWidth = 8

// mctsTopMoves is how many root moves Decision.Top keeps for -v.
const mctsTopMoves = 6

// children is the tried children of node n, most visited first (the
// first tried among equals).
func (b *MCTS) children(n int32) []int32 {
	var cs []int32
	from, to := b.triedChildren(n)
	for c := from; c < to; c++ {
		cs = append(cs, c)
	}
	slices.SortStableFunc(cs, func(x, y int32) int { return int(b.node(y).visits - b.node(x).visits) })
	return cs
}

// top is the k most-visited root moves.
func (b *MCTS) top(k int) []MoveVisits {
	var out []MoveVisits
	for _, c := range b.children(0) {
		if len(out) == k {
			break
		}
		node := b.node(c)
		out = append(out, MoveVisits{Move(node.move), int64(node.visits), node.wins() / float64(max(node.visits, 1))})
	}
	return out
}

// trace is the tree below the root position pos, plies deep, with the
// decision d just made: the most-visited line (d.PV) marked.
func (b *MCTS) trace(pos Game, plies int, d Decision) *SearchTrace {
	root := b.node(0)
	t := &SearchTrace{Bot: "mcts", Heading: []string{
		fmt.Sprintf("trace: mcts, %d playouts; root visits %d, %d kept from earlier; %s shown",
			d.Tree.Playouts, root.visits, int64(root.visits)-d.Tree.Playouts, plural(plies, "ply", "plies")),
		"win: the mean result for the side that made the move (win 1, draw 1/2, loss 0)",
		fmt.Sprintf("ucb: wins/visits + %.2f*sqrt(ln(parent visits)/visits) after the search", b.C),
	}}
	t.Root = b.traceNode(pos.Clone(), none, 0, plies, d.PV, true)
	t.Root.Move = "root"
	if root.proof != unproved && b.Solve {
		// The root's is said for the side to move, as -v says it.
		t.Root.Note = fmt.Sprintf("%v to move: %s", pos.Turn(), root.proof.flip().words(int(root.plies)))
	}
	if noted(t.Root) {
		t.Heading = append(t.Heading, "proved: the result for the side that made the move, plies from before it")
	}
	return t
}

// noted reports whether a node of the trace below n carries a note.
func noted(n *TraceNode) bool {
	for _, c := range n.Children {
		if c.Note != "" || noted(c) {
			return true
		}
	}
	return false
}

// traceNode is node n of the tree, child of parent (none for the root),
// whose position is pos, with its children down to plies more; onLine says whether n is on the line pv
// (pv[0] being n's child on it).
func (b *MCTS) traceNode(pos Game, parent, n int32, plies int, pv []Move, onLine bool) *TraceNode {
	node := b.node(n)
	t := &TraceNode{Visits: int64(node.visits), PV: onLine}
	if parent != none {
		t.WinRate = floatOf(node.wins() / float64(max(node.visits, 1)))
		t.UCB = floatOf(b.ucb(parent, n))
	}
	if pos.Over() {
		t.Kind = "game over"
	}
	if node.proof != unproved && b.Solve && !node.ended() {
		t.Note = node.proof.words(int(node.plies) + 1) // the move's own ply counted, as -v counts it
	}
	if plies == 0 {
		return t
	}
	for i, c := range b.children(n) {
		if i >= mctsTraceWidth {
			t.More++
			t.MoreVisits += int64(b.node(c).visits)
			continue
		}
		m := Move(b.node(c).move)
		pos.Play(m)
		child := b.traceNode(pos, n, c, plies-1, tail(pv), onLine && len(pv) > 0 && pv[0] == m)
		pos.Undo()
		child.Move = pos.FormatMove(m)
		t.Children = append(t.Children, child)
	}
	return t
}

// ucb is child c's UCB1 value seen from its parent p now.
func (b *MCTS) ucb(p, c int32) float64 {
	v := float64(max(b.node(c).visits, 1))
	return b.node(c).wins()/v + b.C*math.Sqrt(math.Log(float64(b.node(p).visits))/v)
}

// tail is pv without its first move.
func tail(pv []Move) []Move {
	if len(pv) == 0 {
		return nil
	}
	return pv[1:]
}

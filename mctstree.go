package main

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
)

// The Monte Carlo tree (the search itself is in mcts.go), and the tree
// laid open for -trace and -v: read after the decision, never while the
// search runs.

// none marks a missing node index.
const none = -1

// mctsNode is one position in the tree. The nodes live in one slice and
// point at each other by index, so that adding a node allocates nothing
// (the slice grows by doubling) and the garbage collector sees one object.
// A node's children form a list: child is the first, sibling the next.
type mctsNode struct {
	move    Move    // the move that led here from the parent
	parent  int32   // none for the root
	child   int32   // first child, none before the first expansion
	sibling int32   // next child of the same parent
	visits  int32   // playouts through this node
	untried int32   // legal moves not yet expanded; -1 until counted
	ucb     float32 // the UCB1 value the parent saw when it last chose this child, for -trace
	wins    float64 // their results for the side that made move
	tried   uint64  // bit m set when move m (< 64) has a child
}

// MCTS is the Monte Carlo tree search bot. It belongs to one game: between
// its decisions it keeps the tree below the position it was asked about,
// and reuses the part under the moves played since.
type MCTS struct {
	rng *rand.Rand
	// C is UCB1's exploration constant (sqrt 2 unless set).
	C float64

	nodes []mctsNode // the tree; nodes[0] is the root
	spare []mctsNode // the other buffer, for moving a kept subtree
	queue []int32    // scratch of that move
	moves []Move     // scratch move list
	// The root's position: its game type, the moves that led to it and
	// its key, to recognise the next position as a descendant.
	rootType reflect.Type
	rootHist []Move
	rootKey  uint64
}

// mctsTraceWidth is how many children of a node the trace shows, the most
// visited; the rest are summed in one line. Adjacency's root has up to 56.
const mctsTraceWidth = 8

// mctsTopMoves is how many root moves Decision.Top keeps for -v.
const mctsTopMoves = 6

// children is the children of node n, most visited first (the first in
// the tree's list among equals).
func (b *MCTS) children(n int32) []int32 {
	var cs []int32
	for c := b.nodes[n].child; c != none; c = b.nodes[c].sibling {
		cs = append(cs, c)
	}
	slices.SortStableFunc(cs, func(x, y int32) int { return int(b.nodes[y].visits - b.nodes[x].visits) })
	return cs
}

// top is the k most-visited root moves.
func (b *MCTS) top(k int) []MoveVisits {
	var out []MoveVisits
	for _, c := range b.children(0) {
		if len(out) == k {
			break
		}
		node := &b.nodes[c]
		out = append(out, MoveVisits{node.move, int64(node.visits), node.wins / float64(max(node.visits, 1))})
	}
	return out
}

// trace is the tree below the root position pos, plies deep, with the
// decision d just made: the most-visited line (d.PV) marked.
func (b *MCTS) trace(pos Game, plies int, d Decision) *SearchTrace {
	root := b.nodes[0]
	t := &SearchTrace{Bot: "mcts", Heading: []string{
		fmt.Sprintf("trace: mcts, %d playouts; root visits %d, %d kept from earlier; %s shown",
			d.Playouts, root.visits, int64(root.visits)-d.Playouts, plural(plies, "ply", "plies")),
		"win: the mean result for the side that made the move (win 1, draw 1/2, loss 0)",
		fmt.Sprintf("ucb: wins/visits + %.2f*sqrt(ln(parent visits)/visits) when last chosen", b.C),
	}}
	t.Root = b.traceNode(pos.Clone(), 0, plies, d.PV, true)
	t.Root.Move = "root"
	return t
}

// traceNode is node n of the tree, whose position is pos, with its
// children down to plies more; onLine says whether n is on the line pv
// (pv[0] being n's child on it).
func (b *MCTS) traceNode(pos Game, n int32, plies int, pv []Move, onLine bool) *TraceNode {
	node := &b.nodes[n]
	t := &TraceNode{Visits: int64(node.visits), PV: onLine}
	if node.parent != none {
		t.WinRate = floatOf(node.wins / float64(max(node.visits, 1)))
		t.UCB = floatOf(float64(node.ucb))
	}
	if pos.Over() {
		t.Kind = "game over"
	}
	if plies == 0 {
		return t
	}
	for i, c := range b.children(n) {
		if i >= mctsTraceWidth {
			t.More++
			t.MoreVisits += int64(b.nodes[c].visits)
			continue
		}
		m := b.nodes[c].move
		pos.Play(m)
		child := b.traceNode(pos, c, plies-1, tail(pv), onLine && len(pv) > 0 && pv[0] == m)
		pos.Undo()
		child.Move = pos.FormatMove(m)
		t.Children = append(t.Children, child)
	}
	return t
}

// tail is pv without its first move.
func tail(pv []Move) []Move {
	if len(pv) == 0 {
		return nil
	}
	return pv[1:]
}

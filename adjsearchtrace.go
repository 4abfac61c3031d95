package main

import (
	"fmt"
	"math/bits"
	"strconv"
)

// Adjacency's -trace: the tree of its alpha-beta (or minimax) as the
// generic search shows it, each node with its window, value and nodes.
// Its negamax tells the tracer of each child it searches (adjsearch.go,
// descend); the root search tells it of the root (adjsearchbot.go). The tree
// kept is the last root search's: the deepest iteration completed, or the
// margin search after a solve.

// adjTracer records the top of one root search.
type adjTracer struct {
	plies int // the tree's depth: deeper nodes are counted, not kept
	root  int // the root's ply in the game
	nodes []adjTraceNode
	open  []int // open[ply] is the index in nodes of the node searched at that ply below the root
	depth int   // the root search's depth
	// live is true from a root search's restart to its root's leave:
	// searches outside one (the solver's perfect line after its last
	// null-window search) are not recorded.
	live bool
}

// adjTraceNode is one searched position, raw negamax numbers from the side
// to move there.
type adjTraceNode struct {
	ply          int  // below the root
	cell         int  // the move that led here; -1 at the root
	kind         int8 // adjTraceInner, ... below
	research     bool // the same move searched again with a wider window
	alpha, beta  int
	value        int
	visited      int    // distinct children searched
	last         int    // the cell of the last child entered, -1 before any
	empty        int    // the empty cells: the legal moves
	relaxed      int    // a relaxed position (adjsearchrelax.go): how many moves it settles; 0 for a move's
	marks        uint64 // every mark, to tell the children's cells
	start, nodes int64
}

// What a node became.
const (
	adjTraceInner    int8 = iota // its moves were searched
	adjTraceHorizon              // depth 0: the objective
	adjTraceEnd                  // the game's end: the mark difference
	adjTraceFrontier             // depth 1: its children scored in one loop
)

// newAdjTracer traces plies deep below the root at game ply root.
func newAdjTracer(plies, root int) *adjTracer { return &adjTracer{plies: plies, root: root} }

// restart forgets the previous root search's tree.
func (t *adjTracer) restart(depth int) { t.nodes, t.depth, t.live = t.nodes[:0], depth, true }

// enter notes the search entering the position (me to move) at game ply
// ply, depth plies deep within (alpha, beta), of a game of plies in all;
// nodes is the node counter before it.
func (t *adjTracer) enter(me, opp uint64, ply, depth, alpha, beta, plies int, nodes int64) {
	if !t.live {
		return
	}
	below := ply - t.root
	marks := me | opp
	n := adjTraceNode{ply: below, cell: -1, alpha: alpha, beta: beta, start: nodes, last: -1,
		empty: 64 - bits.OnesCount64(marks), marks: marks}
	switch {
	case ply == plies:
		n.kind = adjTraceEnd
	case depth == 0:
		n.kind = adjTraceHorizon
	case depth == 1:
		n.kind = adjTraceFrontier
	}
	// A relaxed position (adjsearchrelax.go) has its parent's marks: it is no
	// move of the parent's, and relaxed names it.
	if below > 0 && below-1 <= t.plies && marks != t.nodes[t.open[below-1]].marks {
		parent := &t.nodes[t.open[below-1]]
		n.cell = bits.TrailingZeros64(marks &^ parent.marks)
		if n.research = n.cell == parent.last; !n.research {
			parent.visited++
		}
		parent.last = n.cell
	}
	if below > t.plies {
		return
	}
	for len(t.open) <= below {
		t.open = append(t.open, 0)
	}
	t.open[below] = len(t.nodes)
	t.nodes = append(t.nodes, n)
}

// relaxed notes that the node last entered at game ply ply is a relaxed
// position, which settles moves isolated moves of its parent.
func (t *adjTracer) relaxed(ply, moves int) {
	if below := ply - t.root; t.live && below > 0 && below <= t.plies {
		t.nodes[t.open[below]].relaxed = moves
	}
}

// leave notes the value the node at game ply ply returned.
func (t *adjTracer) leave(ply, value int, nodes int64) {
	if below := ply - t.root; t.live && below <= t.plies {
		n := &t.nodes[t.open[below]]
		n.value, n.nodes = value, nodes-n.start
		t.live = below > 0
	}
}

// trace turns the record into the decision's trace, values and windows
// from the root mover's side; pv is the expected line.
func (t *adjTracer) trace(bot string, d Decision) *SearchTrace {
	tr := &SearchTrace{Bot: bot}
	if len(t.nodes) == 0 {
		tr.Heading = []string{fmt.Sprintf("trace: %s decided without a search from the root (score %d)", bot, d.Score)}
		return tr
	}
	tr.Heading = []string{
		fmt.Sprintf("trace: %s (Adjacency's own search), %d nodes; the last root search, %s deep, %s shown",
			bot, d.Nodes, plural(t.depth, "ply", "plies"), plural(min(t.plies, t.depth), "ply", "plies")),
		"values and (alpha, beta) windows are the mover's: max where it moves; cells 0..63",
	}
	open := make([]*TraceNode, 0, t.plies+1)
	for _, n := range t.nodes {
		node := negamaxNode(n.ply, n.value, n.alpha, n.beta, n.nodes)
		switch {
		case n.kind == adjTraceEnd:
			node.Kind = "game over"
		case n.kind == adjTraceHorizon:
			node.Kind = "evaluated"
		case n.kind == adjTraceFrontier:
			node.Kind = "frontier: moves scored in one loop"
		case n.visited == 0:
			node.Kind = "settled unsearched"
		default:
			node.Skipped = n.empty - n.visited
		}
		if n.research {
			node.Note = "re-search"
		}
		open = open[:n.ply]
		if n.ply > 0 {
			node.Move = strconv.Itoa(n.cell)
			if n.relaxed > 0 {
				node.Move = fmt.Sprintf("%d isolated", n.relaxed)
				node.Note = "relaxed: the moves settled together"
			}
			parent := open[n.ply-1]
			parent.Children = append(parent.Children, node)
		}
		open = append(open, node)
	}
	markLine(open[0], d.PV)
	tr.Root = open[0]
	return tr
}

// markLine marks the expected line pv down from root: at each node the
// last child of the line's move, which a re-search would have settled.
func markLine(root *TraceNode, pv []Move) {
	root.PV = true
	n := root
	for _, m := range pv {
		var next *TraceNode
		for _, c := range n.Children {
			if c.Move == strconv.Itoa(int(m)) {
				next = c
			}
		}
		if next == nil {
			return
		}
		next.PV = true
		n = next
	}
}

package main

import (
	"fmt"
	"math/bits"
	"strconv"
)

// The solver's -trace: its null-window probes (the window each asked,
// its answer, its nodes) and the tree of the last probe of the position,
// the one that settled its score, to the traced depth. Negamax tells the
// tracer of each child it searches (c4solversearch.go, traced); the probes are
// noted by the driver (c4solvernullwindow.go).

// c4Tracer records what one decision of the solver searched.
type c4Tracer struct {
	plies  int     // the tree's depth: nodes deeper are counted, not kept
	g      *c4Geom // the board searched
	probes []TraceProbe
	nodes  []c4TraceNode // the last root probe's tree, in the order searched
	open   []int         // open[ply] is the index in nodes of the node being searched at ply
	depth  int           // the ply of the next node entered: nodes above it are open
}

// c4TraceNode is one searched position, with raw negamax numbers from the
// side to move there.
type c4TraceNode struct {
	ply          int
	col          int // the column played to reach it, 0-based; -1 at the root
	alpha, beta  int
	value        int
	visited      int   // children searched
	playable     int   // columns not full
	start, nodes int64 // the node counter on entry, and nodes in the subtree
}

// newC4Tracer traces plies deep a search on board g. A ply is a node
// searched (see enter), so the stones at the root do not give a ply: the
// position is not needed.
func newC4Tracer(plies int, g *c4Geom) *c4Tracer { return &c4Tracer{plies: plies, g: g} }

// restart forgets the tree of the previous probe.
func (t *c4Tracer) restart() { t.nodes, t.depth = t.nodes[:0], 0 }

// enter notes the search entering p within (alpha, beta) by a move in
// column col (-1 at the root); nodes is the solver's node counter
// before it. A ply here is a node searched: the forced moves that the
// static pass plays between two nodes (c4solverstatic.go) are not nodes.
func (t *c4Tracer) enter(p c4Pos, col, alpha, beta int, nodes int64) {
	ply := t.depth
	t.depth++
	if ply > 0 && ply-1 <= t.plies {
		t.nodes[t.open[ply-1]].visited++
	}
	if ply > t.plies {
		return
	}
	n := c4TraceNode{ply: ply, col: -1, alpha: alpha, beta: beta, start: nodes,
		playable: bits.OnesCount64(geoPossible(t.g, p))}
	if ply > 0 {
		n.col = col
	}
	for len(t.open) <= ply {
		t.open = append(t.open, 0)
	}
	t.open[ply] = len(t.nodes)
	t.nodes = append(t.nodes, n)
}

// leave notes the value the node being searched returned.
func (t *c4Tracer) leave(value int, nodes int64) {
	t.depth--
	ply := t.depth
	if ply > t.plies {
		return
	}
	n := &t.nodes[t.open[ply]]
	n.value, n.nodes = value, nodes-n.start
}

// probe notes one null-window search, its window and answer from the
// root mover's side.
func (t *c4Tracer) probe(label string, alpha, beta, answer int, nodes int64) {
	t.probes = append(t.probes, TraceProbe{Label: label, Alpha: TraceScore(alpha), Beta: TraceScore(beta), Answer: TraceScore(answer), Nodes: nodes})
}

// trace is the decision's trace: the probes, then the tree with values and
// windows from the root mover's side (max where that side moves); pv is
// the expected line, as columns.
func (t *c4Tracer) trace(nodes int64, score int, pv []Move) *SearchTrace {
	tr := &SearchTrace{Bot: "solver", Heading: []string{
		fmt.Sprintf("trace: solver, %d nodes, score %d, by %d null-window probes: (alpha, beta) -> answer",
			nodes, score, len(t.probes)),
		"an answer <= alpha is an upper bound, >= beta a lower bound; all from the mover's side",
	}}
	tr.Probes = t.probes
	if len(t.nodes) == 0 {
		tr.Heading = append(tr.Heading, "no tree: the score came without a search of the position")
		return tr
	}
	tr.Heading = append(tr.Heading, fmt.Sprintf("the tree shown is the last probe's of the position, %s deep; max where the mover moves",
		plural(t.plies, "ply", "plies")))
	open := make([]*TraceNode, 0, t.plies+1)
	onLine := make([]bool, 0, t.plies+1)
	for _, n := range t.nodes {
		node := negamaxNode(n.ply, n.value, n.alpha, n.beta, n.nodes)
		// A node that searched no child was settled by the table or the
		// threats: no cut-off skipped its moves.
		if n.visited == 0 {
			node.Kind = "settled unsearched"
		} else {
			node.Skipped = n.playable - n.visited
		}
		open, onLine = open[:n.ply], onLine[:n.ply]
		pvHere := n.ply == 0
		if n.ply > 0 {
			node.Move = strconv.Itoa(n.col + 1)
			parent := open[n.ply-1]
			parent.Children = append(parent.Children, node)
			pvHere = onLine[n.ply-1] && n.ply <= len(pv) && int(pv[n.ply-1]) == n.col
		}
		node.PV = pvHere
		open, onLine = append(open, node), append(onLine, pvHere)
	}
	tr.Root = open[0]
	return tr
}

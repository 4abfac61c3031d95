package main

import "fmt"

// The tracer of minimax and alpha-beta (docs/trace.md).
// While a search runs with a tracer, every node it enters and leaves is
// reported here; the nodes down to the traced depth are kept, in the order
// the search visited them, and turned afterwards into the trace's tree
// (tracetree.go), which the front end writes in the format asked for.
// Without a tracer the search pays one nil test a node.

// tracer records the top of one search tree.
type tracer struct {
	bot   string // the bot's name, for the heading
	plies int    // the depth of the outline: nodes deeper are counted, not kept
	prune bool   // alpha-beta: the windows mean something and cuts happen
	nodes []traceNode
	open  []int // open[ply] is the index in nodes of the node being searched at ply
}

// traceNode is one searched position as the search saw it: raw negamax
// numbers, from the side to move at that node.
type traceNode struct {
	ply         int
	move        Move // the move that led here; NoMove at the root
	alpha, beta int  // the window it was searched with
	value       int
	kind        traceKind
	visited     int   // children the search entered
	skipped     int   // children a cut-off spared
	start, size int64 // the node counter on entry, and nodes in its subtree
}

// traceKind is what became of a node.
type traceKind uint8

const (
	traceInner   traceKind = iota // its moves were searched (or cut)
	traceHorizon                  // the depth limit: scored by the evaluation
	traceEnd                      // a finished game: scored exactly
)

// newTracer traces the searches of the named bot plies deep; prune says
// whether the search cuts, so that the outline shows its windows.
func newTracer(bot string, plies int, prune bool) *tracer {
	return &tracer{bot: bot, plies: plies, prune: prune}
}

// reset forgets the tree of the previous iteration.
func (t *tracer) reset() { t.nodes = t.nodes[:0] }

// enter notes the search entering a node at ply, searched depth more
// plies within (alpha, beta); nodes is the node counter before it.
func (t *tracer) enter(g Game, depth, ply, alpha, beta int, nodes int64) {
	if ply > 0 && ply-1 <= t.plies {
		t.nodes[t.open[ply-1]].visited++
	}
	if ply > t.plies {
		return
	}
	n := traceNode{ply: ply, move: NoMove, alpha: alpha, beta: beta, start: nodes}
	if h := g.History(); ply > 0 {
		n.move = h[len(h)-1]
	}
	switch {
	case g.Over():
		n.kind = traceEnd
	case depth == 0:
		n.kind = traceHorizon
	}
	for len(t.open) <= ply {
		t.open = append(t.open, 0)
	}
	t.open[ply] = len(t.nodes)
	t.nodes = append(t.nodes, n)
}

// skip notes that the node at ply stopped with k moves unsearched.
func (t *tracer) skip(ply, k int) {
	if ply <= t.plies {
		t.nodes[t.open[ply]].skipped += k
	}
}

// leave notes the value the node at ply returned; nodes is the node
// counter after it.
func (t *tracer) leave(ply, value int, nodes int64) {
	if ply > t.plies {
		return
	}
	n := &t.nodes[t.open[ply]]
	n.value, n.size = value, nodes-n.start
}

// tree turns the recorded nodes of a search from root (the position
// searched, unchanged) that reached depth plies into the trace; pv is the
// line the search expects, marked in the tree. Values and windows are
// turned to the root mover's side, as textbooks draw them: that side
// takes the maximum, the other the minimum.
func (t *tracer) tree(root Game, depth int, pv []Move) *SearchTrace {
	if len(t.nodes) == 0 {
		return nil
	}
	me, you := root.Turn(), root.Turn().Other()
	tr := &SearchTrace{Bot: t.bot, Heading: []string{fmt.Sprintf("trace: %s searched %s, %d nodes; the outline shows %s",
		t.bot, plural(depth, "ply", "plies"), t.nodes[0].size, plural(min(t.plies, depth), "ply", "plies"))}}
	if t.prune {
		tr.Heading = append(tr.Heading, fmt.Sprintf("values and (alpha, beta) windows are %v's: max where %v moves, min where %v does", me, me, you))
	} else {
		tr.Heading = append(tr.Heading, fmt.Sprintf("values are %v's: max where %v moves, min where %v does; minimax has no window and no cut-off", me, me, you))
	}
	// open[ply] is the tree node of the recorded node last seen at ply;
	// onLine[ply] whether the path down to it follows pv.
	open := make([]*TraceNode, 0, t.plies+1)
	onLine := make([]bool, 0, t.plies+1)
	for _, n := range t.nodes {
		node := &TraceNode{Move: "root", Role: "max", Value: scoreOf(n.value), Nodes: n.size, Skipped: n.skipped}
		alpha, beta := n.alpha, n.beta
		if n.ply%2 == 1 {
			node.Role, node.Value, alpha, beta = "min", scoreOf(-n.value), -n.beta, -n.alpha
		}
		if t.prune {
			node.Alpha, node.Beta = scoreOf(alpha), scoreOf(beta)
		}
		switch n.kind {
		case traceEnd:
			node.Kind = "game over"
		case traceHorizon:
			node.Kind = "evaluated"
		}
		open, onLine = open[:n.ply], onLine[:n.ply]
		pvHere := n.ply == 0
		if n.ply > 0 {
			node.Move = root.FormatMove(n.move)
			parent := open[n.ply-1]
			parent.Children = append(parent.Children, node)
			pvHere = onLine[n.ply-1] && n.ply <= len(pv) && pv[n.ply-1] == n.move
		}
		node.PV = pvHere
		open, onLine = append(open, node), append(onLine, pvHere)
	}
	tr.Root = open[0] // the first recorded node, ply 0, the others below it
	return tr
}

package main

import (
	"fmt"
	"strings"
)

// The -trace outline (SPEC: "Seeing inside a search"). While a minimax or
// alpha-beta search runs with a tracer, every node it enters and leaves is
// reported here; the nodes down to the traced depth are kept, in the order
// the search visited them, and drawn afterwards as an indented outline.
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

// render draws the recorded tree of a search from root (the position
// searched, unchanged) that reached depth plies. Values and windows are
// turned to the root mover's side, as textbooks draw them: that side
// takes the maximum, the other the minimum.
func (t *tracer) render(root Game, depth int) string {
	if len(t.nodes) == 0 {
		return ""
	}
	me, you := root.Turn(), root.Turn().Other()
	var b strings.Builder
	fmt.Fprintf(&b, "trace: %s searched %s, %d nodes; the outline shows %s\n",
		t.bot, plural(depth, "ply", "plies"), t.nodes[0].size, plural(min(t.plies, depth), "ply", "plies"))
	if t.prune {
		fmt.Fprintf(&b, "values and (alpha, beta) windows are %v's: max where %v moves, min where %v does\n", me, me, you)
	} else {
		fmt.Fprintf(&b, "values are %v's: max where %v moves, min where %v does; minimax has no window and no cut-off\n", me, me, you)
	}
	width := 4
	for _, n := range t.nodes {
		if n.ply > 0 {
			width = max(width, 2*n.ply+len(root.FormatMove(n.move)))
		}
	}
	for _, n := range t.nodes {
		label := "root"
		if n.ply > 0 {
			label = strings.Repeat("  ", n.ply) + root.FormatMove(n.move)
		}
		role, value, alpha, beta := "max", n.value, n.alpha, n.beta
		if n.ply%2 == 1 {
			role, value, alpha, beta = "min", -n.value, -n.beta, -n.alpha
		}
		fmt.Fprintf(&b, "%-*s  %s", width, label, role)
		if t.prune {
			fmt.Fprintf(&b, "  %-16s", "("+traceNum(alpha)+", "+traceNum(beta)+")")
		}
		fmt.Fprintf(&b, "  = %-4s", traceNum(value))
		switch n.kind {
		case traceEnd:
			b.WriteString("  game over")
		case traceHorizon:
			b.WriteString("  evaluated")
		default:
			fmt.Fprintf(&b, "  %d nodes", n.size)
		}
		if n.skipped > 0 {
			fmt.Fprintf(&b, "  cut: %s skipped", plural(n.skipped, "move", "moves"))
		}
		b.WriteByte('\n')
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// traceNum writes a score, with the search's infinities as -inf and +inf.
func traceNum(v int) string {
	switch {
	case v <= -infinity/2:
		return "-inf"
	case v >= infinity/2:
		return "+inf"
	}
	return fmt.Sprint(v)
}

// traceText is what the front end prints after a decision of bot made
// under budget b: the outline, or, from a minimax or alpha-beta that
// cannot draw one (a game's own search), a word that it cannot. Other
// bots' moves get nothing: -trace is about those two.
func traceText(bot Bot, d Decision, b Budget) string {
	if name := bot.Name(); b.Trace > 0 && d.Trace == "" && (name == "minimax" || name == "alphabeta") {
		return "trace: not available for this search"
	}
	return d.Trace
}

// plural writes a count with its noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

package main

import (
	"fmt"
	"strings"
)

// traceDOT writes a trace as one Graphviz graph: `digraph trace {` on the
// first line and `}` alone on the last, so that the graphs of a run's
// decisions follow one another in the output and a script can cut them
// apart (docs/trace.md). Each node shows its move, role, window, value and
// nodes; the moves a cut-off skipped hang under their node as one grey
// dashed "k moves skipped" box (or, at the traced depth, whose children
// are not drawn, a line in its box); the line the search expects is drawn
// bold and blue. The tree grows left to right, as the outline does, since
// a search's top plies are far wider than deep.
func traceDOT(t *SearchTrace) string {
	var b strings.Builder
	b.WriteString("digraph trace {\n")
	label := strings.Join(t.Heading, "\\l")
	if t.Move != "" {
		label = dotTitle(t) + "\\l" + label
	}
	for _, p := range t.Probes {
		label += fmt.Sprintf("\\lprobe %s (%s, %s) -> %s, %d nodes", p.Label, p.Alpha, p.Beta, p.Answer, p.Nodes)
	}
	fmt.Fprintf(&b, "  graph [label=%s, labelloc=t, labeljust=l, rankdir=LR, fontname=\"Helvetica\", fontsize=11, nodesep=0.08, ranksep=0.3];\n", dotQuote(label+"\\l"))
	b.WriteString("  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"Helvetica\", fontsize=10, margin=\"0.06,0.03\"];\n")
	b.WriteString("  edge [arrowsize=0.5, color=\"#555555\"];\n")
	if t.Root != nil {
		id := 0
		writeDOT(&b, t.Root, &id)
	}
	b.WriteString("}")
	return b.String()
}

// dotTitle is a graph's first line: which decision it shows, the
// position, the bot and its move.
func dotTitle(t *SearchTrace) string {
	position := t.Position
	if position == "" {
		position = "- (the start)"
	}
	return fmt.Sprintf("position %s: %s plays %s", position, t.Bot, t.Move)
}

// dotPV is how the expected line is drawn.
const dotPV = `color="#1f5fbf", penwidth=2.5, fontcolor="#0b3d91"`

// dotGrey is how the moves left out are drawn.
const dotGrey = `style="dashed,filled", fillcolor="#eeeeee", color="#aaaaaa", fontcolor="#888888"`

// writeDOT writes the node statement of n, then for each child its edge
// and subtree; *id numbers the nodes n0, n1, ... in the order written.
func writeDOT(b *strings.Builder, n *TraceNode, id *int) {
	me := *id
	*id++
	label := dotLabel(n)
	if n.Skipped > 0 && len(n.Children) == 0 {
		// The children are below the traced depth: the cut is a fact
		// about this node, not a box of its own.
		label += "\\ncut: " + plural(n.Skipped, "move", "moves") + " skipped"
	}
	attrs := "label=" + dotQuote(label)
	switch {
	case n.PV:
		attrs += ", " + dotPV + `, fillcolor="#e3edfb"`
	case n.Role == "min":
		attrs += `, fillcolor="#fdf0e1"`
	}
	fmt.Fprintf(b, "  n%d [%s];\n", me, attrs)
	for _, c := range n.Children {
		edge := ""
		if c.PV && n.PV {
			edge = " [" + dotPV + "]"
		}
		fmt.Fprintf(b, "  n%d -> n%d%s;\n", me, *id, edge)
		writeDOT(b, c, id)
	}
	left := ""
	switch {
	case n.Skipped > 0 && len(n.Children) > 0:
		left = plural(n.Skipped, "move", "moves") + " skipped"
	case n.More > 0:
		left = fmt.Sprintf("%s more\\n%d visits", plural(n.More, "move", "moves"), n.MoreVisits)
	}
	if left != "" {
		fmt.Fprintf(b, "  n%d [label=%s, %s];\n", *id, dotQuote(left), dotGrey)
		fmt.Fprintf(b, "  n%d -> n%d [style=dashed, color=\"#aaaaaa\"];\n", me, *id)
		*id++
	}
}

// dotLabel is the text of a node's box, with DOT's \n between its
// lines: the move and how it was searched, then what came of it.
func dotLabel(n *TraceNode) string {
	head := []string{n.Move}
	if n.Role != "" {
		head = append(head, n.Role)
	}
	if n.Alpha != nil {
		head = append(head, fmt.Sprintf("(%s, %s)", n.Alpha, n.Beta))
	}
	var result []string
	if n.Value != nil {
		result = append(result, "= "+n.Value.String())
	}
	if n.Visits > 0 {
		result = append(result, plural(int(n.Visits), "visit", "visits"))
	}
	if n.WinRate != nil {
		result = append(result, fmt.Sprintf("win %.1f%%", 100**n.WinRate))
	}
	switch {
	case n.Kind != "":
		result = append(result, n.Kind)
	case n.Nodes > 0:
		result = append(result, plural(int(n.Nodes), "node", "nodes"))
	}
	lines := []string{strings.Join(head, " "), strings.Join(result, ", ")}
	if n.UCB != nil {
		lines = append(lines, fmt.Sprintf("ucb %.3f", *n.UCB))
	}
	if n.Note != "" {
		lines = append(lines, n.Note)
	}
	return strings.TrimSuffix(strings.Join(lines, "\\n"), "\\n")
}

// dotQuote writes s as a DOT quoted string: the quotes and backslashes
// that are not part of an escape like \n or \l are escaped.
func dotQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\' && i+1 < len(s) && (s[i+1] == 'n' || s[i+1] == 'l'):
			b.WriteString(s[i : i+2])
			i++
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\n':
			b.WriteString(`\n`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

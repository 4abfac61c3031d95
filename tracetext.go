package main

import (
	"fmt"
	"strings"
)

// traceText writes a trace as an indented outline, one line a node, in
// plain text (no colour) so that it can be saved and diffed: the heading,
// the solver's probes, then the tree, each child two spaces right of its
// parent.
func traceText(t *SearchTrace) string {
	var b strings.Builder
	for _, h := range t.Heading {
		b.WriteString(h + "\n")
	}
	for _, p := range t.Probes {
		fmt.Fprintf(&b, "probe %-10s (%s, %s) -> %-4s %d nodes\n", p.Label, p.Alpha, p.Beta, p.Answer, p.Nodes)
	}
	if t.Root != nil {
		width := labelWidth(t.Root, 0)
		writeOutline(&b, t.Root, 0, width)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// labelWidth is the width of the widest indented move under n, at least 4
// (for "root").
func labelWidth(n *TraceNode, depth int) int {
	w := max(4, 2*depth+len(n.Move))
	for _, c := range n.Children {
		w = max(w, labelWidth(c, depth+1))
	}
	return w
}

// writeOutline writes n, depth levels down, and its subtree.
func writeOutline(out *strings.Builder, n *TraceNode, depth, width int) {
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s", width, strings.Repeat("  ", depth)+n.Move)
	if n.Role != "" {
		b.WriteString("  " + n.Role)
	}
	if n.Alpha != nil {
		fmt.Fprintf(&b, "  %-16s", "("+n.Alpha.String()+", "+n.Beta.String()+")")
	}
	if n.Value != nil {
		fmt.Fprintf(&b, "  = %-4s", n.Value)
	}
	if n.Visits > 0 {
		fmt.Fprintf(&b, "  visits %-6d", n.Visits)
	}
	if n.WinRate != nil {
		fmt.Fprintf(&b, "  win %5.1f%%", 100**n.WinRate)
	}
	if depth > 0 && n.Visits > 0 {
		if n.UCB != nil {
			fmt.Fprintf(&b, "  ucb %.3f", *n.UCB)
		} else {
			b.WriteString("  ucb untried")
		}
	}
	switch {
	case n.Kind != "":
		b.WriteString("  " + n.Kind)
	case n.Nodes > 0:
		fmt.Fprintf(&b, "  %d nodes", n.Nodes)
	}
	if n.Skipped > 0 {
		fmt.Fprintf(&b, "  cut: %s skipped", plural(n.Skipped, "move", "moves"))
	}
	if n.Note != "" {
		b.WriteString("  " + n.Note)
	}
	// The columns are padded for the fields that follow; the last
	// leaves spaces at the end.
	out.WriteString(strings.TrimRight(b.String(), " ") + "\n")
	for _, c := range n.Children {
		writeOutline(out, c, depth+1, width)
	}
	if n.More > 0 {
		fmt.Fprintf(out, "%s... %s more, %d visits\n", strings.Repeat("  ", depth+1), plural(n.More, "move", "moves"), n.MoreVisits)
	}
}

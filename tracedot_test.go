package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode"
)

// dotGraph is what the checker below reads of one digraph: its nodes with
// their attributes, and its edges.
type dotGraph struct {
	nodes map[string]map[string]string
	edges [][2]string
	graph map[string]string // the graph statement's attributes
}

// dotTokens splits DOT text into its tokens: identifiers and numerals,
// quoted strings (kept with their quotes), the arrow and the punctuation.
func dotTokens(src string) ([]string, error) {
	var toks []string
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '"':
			j := i + 1
			for ; j < len(src) && src[j] != '"'; j++ {
				if src[j] == '\\' {
					j++
				}
			}
			if j >= len(src) {
				return nil, fmt.Errorf("unterminated string at %d", i)
			}
			toks = append(toks, src[i:j+1])
			i = j + 1
		case strings.HasPrefix(src[i:], "->"):
			toks = append(toks, "->")
			i += 2
		case strings.ContainsRune("{}[];,=", rune(c)):
			toks = append(toks, string(c))
			i++
		case c == '_' || c == '.' || c == '-' || unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c)):
			j := i
			for j < len(src) && (src[j] == '_' || src[j] == '.' || unicode.IsLetter(rune(src[j])) || unicode.IsDigit(rune(src[j])) || j == i && src[j] == '-') {
				j++
			}
			toks = append(toks, src[i:j])
			i = j
		default:
			return nil, fmt.Errorf("stray %q at %d", c, i)
		}
	}
	return toks, nil
}

// parseDOT checks a stream of digraphs against the part of DOT's grammar
// the writer uses and returns the graphs:
//
//	graph     = "digraph" [ID] "{" { stmt [";"] } "}"
//	stmt      = ("graph" | "node" | "edge") attrs | ID [attrs] | ID "->" ID { "->" ID } [attrs]
//	attrs     = "[" { ID "=" ID [","|";"] } "]"
//
// An edge must join nodes the graph declares.
func parseDOT(src string) ([]dotGraph, error) {
	toks, err := dotTokens(src)
	if err != nil {
		return nil, err
	}
	pos := 0
	peek := func() string {
		if pos < len(toks) {
			return toks[pos]
		}
		return ""
	}
	isID := func(s string) bool { return s != "" && !strings.Contains("{}[];,=", s) && s != "->" }
	expect := func(want string) error {
		if peek() != want {
			return fmt.Errorf("token %d: %q, want %q", pos, peek(), want)
		}
		pos++
		return nil
	}
	attrs := func() (map[string]string, error) {
		a := map[string]string{}
		if err := expect("["); err != nil {
			return nil, err
		}
		for peek() != "]" {
			k := peek()
			if !isID(k) {
				return nil, fmt.Errorf("token %d: attribute name %q", pos, k)
			}
			pos++
			if err := expect("="); err != nil {
				return nil, err
			}
			if !isID(peek()) {
				return nil, fmt.Errorf("token %d: attribute value %q", pos, peek())
			}
			a[k] = strings.Trim(peek(), `"`)
			pos++
			if peek() == "," || peek() == ";" {
				pos++
			}
		}
		pos++
		return a, nil
	}
	var graphs []dotGraph
	for pos < len(toks) {
		if err := expect("digraph"); err != nil {
			return nil, err
		}
		if isID(peek()) {
			pos++
		}
		if err := expect("{"); err != nil {
			return nil, err
		}
		g := dotGraph{nodes: map[string]map[string]string{}}
		for peek() != "}" {
			id := peek()
			if !isID(id) {
				return nil, fmt.Errorf("token %d: statement starts with %q", pos, id)
			}
			pos++
			switch {
			case id == "graph" || id == "node" || id == "edge":
				a, err := attrs()
				if err != nil {
					return nil, err
				}
				if id == "graph" {
					g.graph = a
				}
			case peek() == "->":
				path := []string{id}
				for peek() == "->" {
					pos++
					if !isID(peek()) {
						return nil, fmt.Errorf("token %d: edge to %q", pos, peek())
					}
					path = append(path, peek())
					pos++
				}
				if peek() == "[" {
					if _, err := attrs(); err != nil {
						return nil, err
					}
				}
				for i := 1; i < len(path); i++ {
					g.edges = append(g.edges, [2]string{path[i-1], path[i]})
				}
			default:
				a := map[string]string{}
				if peek() == "[" {
					if a, err = attrs(); err != nil {
						return nil, err
					}
				}
				g.nodes[id] = a
			}
			if peek() == ";" {
				pos++
			}
			if pos >= len(toks) {
				return nil, fmt.Errorf("unbalanced braces: the graph does not end")
			}
		}
		pos++
		for _, e := range g.edges {
			if g.nodes[e[0]] == nil || g.nodes[e[1]] == nil {
				return nil, fmt.Errorf("edge %s -> %s to an undeclared node", e[0], e[1])
			}
		}
		graphs = append(graphs, g)
	}
	return graphs, nil
}

// cutGraphs takes the digraphs out of a program's output as docs/trace.md
// does with sed: from a line starting "digraph" to a line "}".
func cutGraphs(out string) string {
	var b strings.Builder
	in := false
	for _, line := range strings.Split(out, "\n") {
		in = in || strings.HasPrefix(line, "digraph")
		if in {
			b.WriteString(line + "\n")
		}
		in = in && line != "}"
	}
	return b.String()
}

// jsonNode is what the test reads of a JSON trace's node.
type jsonNode struct {
	Move     string
	PV       bool
	Skipped  int
	Children []*jsonNode
}

// count is the nodes under n, n included, and those on the expected line.
func (n *jsonNode) count() (all, pv int) {
	all = 1
	if n.PV {
		pv = 1
	}
	for _, c := range n.Children {
		a, p := c.count()
		all, pv = all+a, pv+p
	}
	return all, pv
}

// The three writers draw the same tree: as many nodes in the DOT graph
// (the grey boxes of skipped moves apart) and in the JSON as lines in the
// outline, a tree's edges, the expected line marked once a ply, and every
// skipped move accounted for.
func TestTraceFormatsAgree(t *testing.T) {
	tests := []struct {
		name  string
		bot   Bot
		game  Game
		trace int
	}{
		{"ttt alphabeta 2", alphabetaBot, NewTicTacToe(), 2},
		{"ttt minimax 1", minimaxBot, NewTicTacToe(), 1},
		{"ttt alphabeta full", alphabetaBot, playAll(t, 4, 0), 9},
		{"c4 alphabeta 3", alphabetaBot, c4Game(t, "4453"), 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			budget := Budget{Trace: tc.trace}
			if _, ok := tc.game.(*ConnectFour); ok {
				budget.Depth = 4
			}
			d := tc.bot.Think(context.Background(), tc.game, budget)
			lines := len(outlineNodes(t, traceText(d.Trace)))

			graphs, err := parseDOT(traceDOT(d.Trace))
			if err != nil || len(graphs) != 1 {
				t.Fatalf("DOT does not parse (%v, %d graphs):\n%s", err, len(graphs), traceDOT(d.Trace))
			}
			g := graphs[0]
			boxes, grey, pv, skipped := 0, 0, 0, 0
			for _, a := range g.nodes {
				if strings.Contains(a["style"], "dashed") {
					grey++
					var k int
					fmt.Sscanf(a["label"], "%d", &k)
					skipped += k
					continue
				}
				boxes++
				if a["penwidth"] != "" {
					pv++
				}
				var k int
				if _, after, ok := strings.Cut(a["label"], `\ncut: `); ok {
					fmt.Sscanf(after, "%d", &k)
				}
				skipped += k
			}
			var node jsonNode
			var top struct{ Root *jsonNode }
			if err := json.Unmarshal([]byte(traceJSON(d.Trace)), &top); err != nil || top.Root == nil {
				t.Fatalf("JSON does not parse: %v\n%s", err, traceJSON(d.Trace))
			}
			node = *top.Root
			all, jsonPV := node.count()
			wantSkipped := 0
			var walk func(n *TraceNode)
			walk = func(n *TraceNode) {
				wantSkipped += n.Skipped
				for _, c := range n.Children {
					walk(c)
				}
			}
			walk(d.Trace.Root)
			wantPV := min(tc.trace, len(d.PV)) + 1
			switch {
			case boxes != lines || all != lines:
				t.Errorf("%d outline lines, %d DOT boxes, %d JSON nodes", lines, boxes, all)
			case len(g.edges) != boxes+grey-1:
				t.Errorf("%d edges among %d nodes: not a tree", len(g.edges), boxes+grey)
			case pv != wantPV || jsonPV != wantPV:
				t.Errorf("expected line %v: %d DOT boxes and %d JSON nodes marked, want %d", d.PV, pv, jsonPV, wantPV)
			case skipped != wantSkipped:
				t.Errorf("DOT shows %d skipped moves, the tree has %d", skipped, wantSkipped)
			}
		})
	}
}

// A game traced in DOT prints one graph per bot decision, each whole.
func TestTraceDOTStream(t *testing.T) {
	var out strings.Builder
	tb, _ := newSession(t, "ttt", "4\n2\n3\n8\n", &out)
	tb.budget.Trace, tb.traceFormat = 1, "dot"
	if err := tb.play(context.Background(), NewTicTacToe()); err != nil {
		t.Fatal(err)
	}
	graphs, err := parseDOT(cutGraphs(out.String()))
	if err != nil || len(graphs) != 5 {
		t.Fatalf("%d graphs (%v), want one per bot move (5):\n%s", len(graphs), err, out.String())
	}
	for i, g := range graphs {
		// The root and one box per legal move: 9, 7, 5, 3, 1.
		if want := 1 + 9 - 2*i; len(g.nodes) != want {
			t.Errorf("graph %d: %d nodes, want %d", i+1, len(g.nodes), want)
		}
	}
}

// The checker refuses what is not DOT, so that the tests above can fail.
func TestParseDOTRefuses(t *testing.T) {
	for _, src := range []string{
		"digraph trace {\n  n0 [label=\"root\"];\n",            // no closing brace
		"digraph trace {\n  n0 [label=\"root];\n}",             // open quote
		"digraph trace {\n  n0 -> n1;\n}",                      // undeclared nodes
		"graph trace {\n  n0;\n}",                              // not a digraph
		"digraph trace {\n  n0 [label \"x\"];\n}",              // no =
		"digraph trace {\n  n0 [label=\"x\"];\n  n0 -> ;\n}",   // edge to nothing
		"digraph trace {\n  n0 [label=\"x\"];\n}\nfree text\n", // text after the graph
	} {
		if _, err := parseDOT(src); err == nil {
			t.Errorf("accepted:\n%s", src)
		}
	}
}

// Any text, quoted by the writer, is one DOT string: a move or a heading
// can never break the graph.
func FuzzDOTQuote(f *testing.F) {
	for _, s := range []string{"root", `a"b`, `back\slash`, `\n`, "two\nlines", `end\`, `\\"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		src := "digraph trace {\n  n0 [label=" + dotQuote(s) + "];\n}"
		g, err := parseDOT(src)
		if err != nil || len(g) != 1 || len(g[0].nodes) != 1 {
			t.Errorf("%q quoted as %s: %v", s, dotQuote(s), err)
		}
	})
}

// count is the number of nodes in the tree under n, n included (the
// summaries of children left out not counted).
func (n *TraceNode) count() int {
	if n == nil {
		return 0
	}
	c := 1
	for _, k := range n.Children {
		c += k.count()
	}
	return c
}

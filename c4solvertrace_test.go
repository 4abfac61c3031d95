package main

import (
	"context"
	"fmt"
	"testing"
)

// The solver's trace of middle-game positions: tracing changes neither
// the move, the score nor the nodes; the probes' nodes are all the nodes
// searched; every probe of the position is a null window whose answer
// bounds the score on the right side; the tree is the last such probe's,
// with its window, answer and nodes at the root.
func TestSolverTrace(t *testing.T) {
	for _, record := range []string{"274552224131661", "5455174361263362", "2531276566711153"} {
		t.Run(record, func(t *testing.T) {
			g := c4Game(t, record)
			budget := Budget{Jobs: 2}
			plain := (&SolverBot{s: newTestSolver(c4Std, 20, nil)}).Think(context.Background(), g, budget)
			budget.Trace = 2
			d := (&SolverBot{s: newTestSolver(c4Std, 20, nil)}).Think(context.Background(), g, budget)
			if d.Move != plain.Move || d.Score != plain.Score {
				t.Fatalf("traced: move %d score %d, plain: move %d score %d", d.Move, d.Score, plain.Move, plain.Score)
			}
			single := (&SolverBot{s: newTestSolver(c4Std, 20, nil)}).Think(context.Background(), g, Budget{Jobs: 1})
			if d.Nodes != single.Nodes {
				t.Errorf("traced %d nodes, one thread untraced %d", d.Nodes, single.Nodes)
			}
			checkSolverProbes(t, d)
			graphs, err := parseDOT(traceDOT(d.Trace))
			if err != nil || len(graphs) != 1 {
				t.Errorf("DOT: %v", err)
			}
			root := d.Trace.Root
			if lines := len(outlineNodes(t, traceText(d.Trace))) - len(d.Trace.Probes) - 1; lines != root.count() {
				t.Errorf("%d outline lines, %d nodes in the tree", lines, root.count())
			}
		})
	}
}

// checkSolverProbes checks the probes of the solver's traced decision d:
// their nodes are all the nodes searched; every probe of the position is
// a null window whose answer bounds the score on the right side; the
// tree is the last such probe's, with its window, answer and nodes at
// the root.
func checkSolverProbes(t *testing.T, d Decision) {
	t.Helper()
	var sum int64
	var last *TraceProbe
	for i, p := range d.Trace.Probes {
		sum += p.Nodes
		if p.Label != "position" {
			continue
		}
		last = &d.Trace.Probes[i]
		if p.Beta != p.Alpha+1 {
			t.Errorf("probe %d: window (%v, %v) is no null window", i, p.Alpha, p.Beta)
		}
		if p.Answer <= p.Alpha && TraceScore(d.Score) > p.Answer || p.Answer >= p.Beta && TraceScore(d.Score) < p.Answer {
			t.Errorf("probe %d: (%v, %v) -> %v, but the score is %d", i, p.Alpha, p.Beta, p.Answer, d.Score)
		}
	}
	root := d.Trace.Root
	switch {
	case sum != d.Nodes:
		t.Errorf("probes count %d nodes, the search %d", sum, d.Nodes)
	case last == nil || root == nil:
		t.Fatalf("no probe of the position, or no tree:\n%s", traceText(d.Trace))
	case *root.Alpha != last.Alpha || *root.Beta != last.Beta || *root.Value != last.Answer || root.Nodes != last.Nodes:
		t.Errorf("root %v %v %v %d, last probe %+v", *root.Alpha, *root.Beta, *root.Value, root.Nodes, *last)
	}
}

// A position of the opening book is answered without a search, and the
// trace says so in one line.
func TestSolverTraceBook(t *testing.T) {
	d := (&SolverBot{}).Think(context.Background(), c4Game(t, "44"), Budget{Trace: 3})
	if s := traceText(d.Trace); s != fmt.Sprintf("trace: solver: the opening book knows this position (score %d): no search", d.Score) {
		t.Errorf("book move traced as %q", s)
	}
}

package main

import (
	"context"
	"fmt"
	"testing"
)

// Adjacency's trace: tracing changes nothing of the decision; the root's
// distinct children and the moves it skipped are its legal moves, a
// re-search follows its own move's null-window search, the root's value
// is the score, and the writers agree on the node count.
func TestAdjTrace(t *testing.T) {
	tests := []struct {
		moves []Move
		depth int
		prune bool
	}{
		{nil, 4, true},
		{[]Move{27, 36}, 3, true},
		{[]Move{27}, 3, false},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.moves, tc.depth, tc.prune), func(t *testing.T) {
			g := NewAdjacency(8)
			for _, m := range tc.moves {
				g.Play(m)
			}
			bot := &AdjBot{Prune: tc.prune, plain: true}
			plain := bot.Think(context.Background(), g, Budget{Depth: tc.depth, Jobs: 1})
			d := bot.Think(context.Background(), g, Budget{Depth: tc.depth, Jobs: 2, Trace: 2})
			root := d.Trace.Root
			if root == nil {
				t.Fatalf("no tree:\n%s", traceText(d.Trace))
			}
			traced := d
			traced.Trace, traced.Time, plain.Time = nil, 0, 0
			if fmt.Sprint(traced) != fmt.Sprint(plain) {
				t.Errorf("tracing changed the decision: %+v, without: %+v", traced, plain)
			}
			distinct := 0
			for i, c := range root.Children {
				switch {
				case c.Note != "re-search":
					distinct++
				case i == 0 || root.Children[i-1].Move != c.Move:
					t.Errorf("re-search of %s after %v", c.Move, root.Children[max(i-1, 0)].Move)
				}
			}
			if legal := len(g.Moves(nil)); distinct+root.Skipped != legal {
				t.Errorf("%d moves searched, %d skipped, %d legal", distinct, root.Skipped, legal)
			}
			if int(*root.Value) != d.Score || !root.PV {
				t.Errorf("root value %v (pv %v), score %d", *root.Value, root.PV, d.Score)
			}
			if !tc.prune && root.Skipped != 0 {
				t.Errorf("minimax skipped %d moves", root.Skipped)
			}
			if lines := len(outlineNodes(t, traceText(d.Trace))); lines != root.count() {
				t.Errorf("%d outline lines, %d nodes", lines, root.count())
			}
			if _, err := parseDOT(traceDOT(d.Trace)); err != nil {
				t.Errorf("DOT: %v", err)
			}
		})
	}
}

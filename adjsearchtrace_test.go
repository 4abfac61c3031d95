package main

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"
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

// TestAdjTraceRelaxed: in a solve's trace, a relaxed position (adjsearchrelax.go)
// shows as a child of its own, named by how many isolated moves it
// settles, and is no move of its parent: at every node searched move by
// move, the distinct moves searched and the moves skipped are the node's
// empty cells.
func TestAdjTraceRelaxed(t *testing.T) {
	a := adjEndgamePositions(t, 9)[0]
	d := newAdjBotSpec(false, true).Think(context.Background(), a, Budget{Jobs: 1, Trace: 3})
	if d.Trace == nil || d.Trace.Root == nil {
		t.Fatal("no tree")
	}
	empty := 64 - bits.OnesCount64(a.marks[X]|a.marks[O])
	relaxed := 0
	var walk func(n *TraceNode, ply int)
	walk = func(n *TraceNode, ply int) {
		searched := 0
		for _, c := range n.Children {
			var moves int
			switch _, err := fmt.Sscanf(c.Move, "%d isolated", &moves); {
			case err == nil:
				if c.Note != "relaxed: the moves settled together" || moves < adjRelaxMoves {
					t.Errorf("relaxed node %q, note %q", c.Move, c.Note)
				}
				relaxed++
			case c.Note == "re-search":
				walk(c, ply+1)
			default:
				if cell, err := strconv.Atoi(c.Move); err != nil || cell < 0 || cell > 63 {
					t.Errorf("child %q at ply %d is no cell", c.Move, ply)
				}
				searched++
				walk(c, ply+1)
			}
		}
		if len(n.Children) > 0 && searched+n.Skipped != empty-ply {
			t.Errorf("a node at ply %d: %d moves searched and %d skipped, %d empty cells", ply, searched, n.Skipped, empty-ply)
		}
	}
	walk(d.Trace.Root, 0)
	if relaxed == 0 {
		t.Errorf("no relaxed position in the trace:\n%s", traceText(d.Trace))
	}
}

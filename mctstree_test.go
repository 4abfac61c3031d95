package main

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// mctsJSON is what the test reads of a JSON trace node of mcts.
type mctsJSON struct {
	Move       string
	Visits     int64
	WinRate    *float64 `json:"win_rate"`
	UCB        *float64
	Kind       string
	PV         bool
	More       int
	MoreVisits int64 `json:"more_visits"`
	Children   []*mctsJSON
}

// The visits of plain UCT's traced tree add up: a node's visits are its
// children's plus the playouts that ended at it, which is one for a node
// the search added (its first playout starts there), none for the fresh
// root, any number for a finished game; the root's visits are the
// playouts; the children come most visited first; the move played is the
// most-visited, and the expected line runs down the most-visited children.
// The JSON is parsed, and its node count is the outline's.
func TestMCTSTraceVisitsAddUp(t *testing.T) {
	tests := []struct {
		name     string
		game     Game
		playouts int
	}{
		{"ttt", NewTicTacToe(), 3000},
		{"ttt 0 4", playAll(t, 0, 4), 500},
		{"c4", c4Game(t, "4453"), 2000},
		{"adj", NewAdjacency(2), 800},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bot := mctsSeeded(7)
			bot.Solve = false // plain UCT: every playout runs, the line follows the visits
			d := bot.Think(context.Background(), tc.game, Budget{Playouts: tc.playouts, Trace: 99})
			var top struct{ Root *mctsJSON }
			if err := json.Unmarshal([]byte(traceJSON(d.Trace)), &top); err != nil || top.Root == nil {
				t.Fatalf("JSON does not parse: %v", err)
			}
			root := top.Root
			if root.Visits != int64(tc.playouts) || d.Tree.Playouts != int64(tc.playouts) {
				t.Fatalf("root visits %d, playouts %d, want %d", root.Visits, d.Tree.Playouts, tc.playouts)
			}
			if root.Children[0].Move != tc.game.FormatMove(d.Move) || !root.Children[0].PV {
				t.Errorf("played %s, most visited %s (pv %v)", tc.game.FormatMove(d.Move), root.Children[0].Move, root.Children[0].PV)
			}
			count := checkVisits(t, root, true, "root")
			lines := 0
			for _, line := range strings.Split(traceText(d.Trace), "\n")[len(d.Trace.Heading):] {
				if !strings.HasPrefix(strings.TrimSpace(line), "...") {
					lines++
				}
			}
			if lines != count {
				t.Errorf("%d nodes in the JSON, %d lines in the outline", count, lines)
			}
		})
	}
}

// checkVisits checks the node n of an mcts trace's JSON, at path, and
// the nodes below it, and returns how many there are: its children come
// by visits, most first; the expected line runs down the most-visited
// children; win rates are rates; its visits are its children's and the
// playouts that ended at it (one for a node of the tree, none for the
// root, all for a finished game).
func checkVisits(t *testing.T, n *mctsJSON, isRoot bool, path string) int {
	t.Helper()
	count := 1
	sum, pvs := n.MoreVisits, 0
	for i, c := range n.Children {
		sum += c.Visits
		if i > 0 && c.Visits > n.Children[i-1].Visits {
			t.Errorf("%s: children not by visits: %d after %d", path, c.Visits, n.Children[i-1].Visits)
		}
		if c.PV {
			pvs++
			if !n.PV || i != 0 {
				t.Errorf("%s: child %s on the expected line, not the parent's most-visited", path, c.Move)
			}
		}
		if c.WinRate == nil || *c.WinRate < 0 || *c.WinRate > 1 {
			t.Errorf("%s %s: win rate %v", path, c.Move, c.WinRate)
		}
		count += checkVisits(t, c, false, path+" "+c.Move)
	}
	checkEnded(t, n, isRoot, path, sum, pvs)
	return count
}

// checkEnded checks the visits of the node n at path against sum, its
// children's visits, and pvs, its children on the expected line.
func checkEnded(t *testing.T, n *mctsJSON, isRoot bool, path string, sum int64, pvs int) {
	t.Helper()
	ended := n.Visits - sum
	switch {
	case n.Kind == "game over" && (len(n.Children) > 0 || ended != n.Visits):
		t.Errorf("%s: a finished game with %d children", path, len(n.Children))
	case n.Kind == "" && isRoot && ended != 0:
		t.Errorf("root: %d visits, children's %d", n.Visits, sum)
	case n.Kind == "" && !isRoot && ended != 1:
		t.Errorf("%s: %d visits, children's %d: %d playouts ended here, want 1", path, n.Visits, sum, ended)
	case n.PV && len(n.Children) > 0 && pvs != 1:
		t.Errorf("%s: on the expected line with %d children on it", path, pvs)
	}
}

// A trace to depth 1 shows the root and its children with their UCB
// values, wider nodes cut to mctsTraceWidth with the rest summed; tracing
// changes nothing of the decision.
func TestMCTSTraceDepthOne(t *testing.T) {
	g := NewAdjacency(3)
	plain := mctsSeeded(3).Think(context.Background(), g, Budget{Playouts: 600})
	d := mctsSeeded(3).Think(context.Background(), g, Budget{Playouts: 600, Trace: 1})
	root := d.Trace.Root
	legal := len(g.Moves(nil))
	if len(root.Children) != mctsTraceWidth || root.More != legal-mctsTraceWidth {
		t.Errorf("%d children shown and %d more, want %d and %d", len(root.Children), root.More, mctsTraceWidth, legal-mctsTraceWidth)
	}
	for _, c := range root.Children {
		if len(c.Children) != 0 || c.UCB == nil {
			t.Errorf("child %s: %d children, ucb %v", c.Move, len(c.Children), c.UCB)
		}
	}
	d.Trace, d.Time, plain.Time = nil, 0, 0
	if fmt.Sprint(d) != fmt.Sprint(plain) {
		t.Errorf("tracing changed the decision: %+v, without: %+v", d, plain)
	}
}

// With MCTS-Solver the trace notes each proved node's result, for the
// side that made its move, and the line runs to the proved win: the
// Connect Four position X wins in 3 plies, 5 (or 2) then any reply.
func TestMCTSTraceProofs(t *testing.T) {
	g := c4Game(t, "3344")
	d := mctsSeeded(7).Think(context.Background(), g, Budget{Playouts: 20000, Trace: 2})
	played := d.Trace.Root.Children[slices.IndexFunc(d.Trace.Root.Children, func(n *TraceNode) bool { return n.PV })]
	if played.Note != "proved win in 3 plies" || (played.Move != "2" && played.Move != "5") {
		t.Fatalf("played %s, noted %q; want 2 or 5, proved win in 3 plies", played.Move, played.Note)
	}
	for _, reply := range played.Children {
		if reply.Note != "proved loss in 2 plies" {
			t.Errorf("reply %s noted %q, want proved loss in 2 plies", reply.Move, reply.Note)
		}
	}
	if root := d.Trace.Root.Note; root != "X to move: proved win in 3 plies" {
		t.Errorf("root noted %q", root)
	}
	if len(played.Children) != 7 || !strings.Contains(strings.Join(d.Trace.Heading, "\n"), "proved: the result for the side that made the move") {
		t.Errorf("%d replies shown, heading %q", len(played.Children), d.Trace.Heading)
	}
}

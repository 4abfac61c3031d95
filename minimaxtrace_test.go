package main

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// traceLine is one node line of the outline: indent, move, max or min,
// an optional window, the value.
var traceLine = regexp.MustCompile(`^( *)(\S+) +(max|min)(?: +\((\S+), (\S+)\))? +=\s+(\S+)`)

// outlineNodes returns the node lines of a trace, the two heading lines
// left out.
func outlineNodes(t *testing.T, trace string) []string {
	t.Helper()
	lines := strings.Split(trace, "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "trace: ") {
		t.Fatalf("not a trace:\n%s", trace)
	}
	return lines[2:]
}

// At depth 1 the first move's tree is the root and the nine moves, each
// scored by the evaluation from X's side (the minimum of a position
// where O moves is O's evaluation turned around).
func TestTraceFirstMoveDepthOne(t *testing.T) {
	for _, bot := range perfectBots {
		t.Run(bot.Name(), func(t *testing.T) {
			d := bot.Think(context.Background(), NewTicTacToe(), Budget{Depth: 1, Trace: 1})
			nodes := outlineNodes(t, traceText(d.Trace))
			if len(nodes) != 10 {
				t.Fatalf("%d node lines, want the root and 9 moves:\n%s", len(nodes), traceText(d.Trace))
			}
			best := -infinity
			for i, line := range nodes[1:] {
				m := traceLine.FindStringSubmatch(line)
				if m == nil {
					t.Fatalf("line %q is no node", line)
				}
				g := playAll(t, Move(i))
				want := -tttOpenLines(g, O)
				best = max(best, want)
				if m[1] != "  " || m[2] != strconv.Itoa(i) || m[3] != "min" || m[6] != strconv.Itoa(want) || !strings.HasSuffix(line, "evaluated") {
					t.Errorf("move %d: %q, want cell %d at ply 1, min, value %d, evaluated", i, line, i, want)
				}
			}
			if root := traceLine.FindStringSubmatch(nodes[0]); root == nil || root[2] != "root" || root[6] != strconv.Itoa(best) || d.Score != best {
				t.Errorf("root line %q, score %d; want value %d", nodes[0], d.Score, best)
			}
		})
	}
}

// Traced to the full depth, the outline has one line per node the search
// counted, and tracing changes nothing of the decision.
func TestTraceCountsEveryNode(t *testing.T) {
	tests := []struct {
		bot   Bot
		moves []Move
	}{
		{alphabetaBot, nil},
		{alphabetaBot, []Move{4}},
		{minimaxBot, []Move{0, 4}},
		{minimaxBot, []Move{4, 0, 8}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.bot.Name(), tc.moves), func(t *testing.T) {
			g := playAll(t, tc.moves...)
			plain := tc.bot.Think(context.Background(), g, Budget{})
			traced := tc.bot.Think(context.Background(), g, Budget{Trace: 9})
			if n := len(outlineNodes(t, traceText(traced.Trace))); int64(n) != traced.Nodes {
				t.Errorf("%d traced nodes, the search counted %d", n, traced.Nodes)
			}
			if plain.Trace != nil {
				t.Errorf("a search without -trace returned a trace")
			}
			traced.Trace, traced.Time, plain.Time = nil, 0, 0
			if fmt.Sprint(traced) != fmt.Sprint(plain) {
				t.Errorf("tracing changed the decision: %+v, without: %+v", traced, plain)
			}
		})
	}
}

// At every searched alpha-beta node the children visited plus the moves a
// cut-off skipped are the legal moves; minimax never skips. Positions
// come from the recorded moves, replayed.
func TestTraceSkippedPlusVisitedIsLegalMoves(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	tests := []struct {
		name  string
		game  func() Game
		depth int
	}{
		{"ttt empty", func() Game { return NewTicTacToe() }, 0},
		{"ttt 4", func() Game { return playAll(t, 4) }, 0},
		{"ttt 0 4 depth 3", func() Game { return playAll(t, 0, 4) }, 3},
		{"c4 depth 4", func() Game { return c4Game(t, "4453") }, 4},
	}
	for _, tc := range tests {
		for _, prune := range []bool{false, true} {
			t.Run(fmt.Sprint(tc.name, " prune ", prune), func(t *testing.T) {
				g := tc.game()
				s := &searcher{ctx: context.Background(), prune: prune, tr: newTracer("test", 99, prune)}
				s.eval = defaultEval(g)
				d := s.search(g, Budget{Depth: tc.depth})
				if int64(len(s.tr.nodes)) != d.Nodes {
					t.Fatalf("%d nodes recorded, %d counted", len(s.tr.nodes), d.Nodes)
				}
				var path []Move
				cuts := 0
				for i, n := range s.tr.nodes {
					path = append(path[:max(n.ply-1, 0)], n.move)
					if n.ply == 0 {
						path = path[:0]
					}
					pos := g.Clone()
					for _, m := range path {
						pos.Play(m)
					}
					children := 0
					for _, c := range s.tr.nodes[i+1:] {
						if c.ply <= n.ply {
							break
						}
						if c.ply == n.ply+1 {
							children++
						}
					}
					legal := len(pos.Moves(nil))
					switch {
					case children != n.visited:
						t.Fatalf("after %v: %d children recorded, %d visited", path, children, n.visited)
					case n.kind == traceInner && n.visited+n.skipped != legal:
						t.Fatalf("after %v: %d visited + %d skipped, %d legal moves", path, n.visited, n.skipped, legal)
					case n.kind != traceInner && n.visited+n.skipped != 0:
						t.Fatalf("leaf after %v: %d visited, %d skipped", path, n.visited, n.skipped)
					case !prune && n.skipped != 0:
						t.Fatalf("minimax skipped %d moves after %v", n.skipped, path)
					}
					cuts += n.skipped
				}
				if prune && cuts == 0 {
					t.Errorf("alpha-beta cut nothing off")
				}
			})
		}
	}
}

// A bot that gives no trace gets one line saying so, in the format asked
// for.
func TestTraceOutput(t *testing.T) {
	x := &SearchTrace{Bot: "alphabeta", Heading: []string{"trace: x"}}
	tests := []struct {
		tr     *SearchTrace
		format string
		want   string
	}{
		{nil, "", "trace: alphabeta gives no trace of this decision"},
		{x, "", "trace: x"},
		{x, "text", "trace: x"},
		{x, "json", `{"bot":"alphabeta","position":"","heading":["trace: x"]}`},
		{nil, "json", `{"bot":"alphabeta","position":"","heading":["trace: alphabeta gives no trace of this decision"]}`},
	}
	for _, tc := range tests {
		if s := traceOutput(alphabetaBot.Name(), tc.tr, tc.format, "", ""); s != tc.want {
			t.Errorf("trace %v, format %q: %q, want %q", tc.tr, tc.format, s, tc.want)
		}
	}
}

// BenchmarkAlphaBetaTraced is the first move's search traced two plies
// deep, to compare with BenchmarkAlphaBetaEmptyBoard: the cost of the hook
// when on.
func BenchmarkAlphaBetaTraced(b *testing.B) {
	var nodes int64
	for b.Loop() {
		nodes = alphabetaBot.Think(context.Background(), NewTicTacToe(), Budget{Trace: 2}).Nodes
	}
	b.ReportMetric(float64(nodes), "nodes/op")
}

// The front ends print the outline: after the bot's move, before the next
// board, when playing; after the answer line with -analyze, which stays
// as it was.
func TestTracePrinted(t *testing.T) {
	var out strings.Builder
	tb, spec := newSession(t, "ttt", "4\n2\n3\n8\n", &out)
	tb.budget.Trace = 1
	if err := tb.play(context.Background(), NewTicTacToe()); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	first := strings.Index(text, "playing by AI\ntrace: minimax searched 9 plies, 549946 nodes")
	board := strings.Index(text, "| X 1 2 |")
	if first < 0 || board < first || strings.Count(text, "trace: minimax") != 5 {
		t.Errorf("play with -trace 1: the bot's five moves should each print an outline after the move:\n%s", text)
	}
	plain := analyzeLine(context.Background(), spec, alphabetaBot, Budget{}, nil, "04", analyzeMode{}).text(analyzeMode{})
	traced := analyzeLine(context.Background(), spec, alphabetaBot, Budget{Trace: 1}, nil, "04", analyzeMode{}).text(analyzeMode{})
	lines := strings.Split(traced, "\n")
	fields := func(s string) string { f := strings.Fields(s); return strings.Join(f[:4], " ") } // time apart
	if fields(lines[0]) != fields(plain) || fields(plain) != "04 0 1 736" || len(lines) != 1+2+8 || !strings.HasPrefix(lines[1], "trace: alphabeta") {
		t.Errorf("-analyze -trace 1 of 04:\n%s\nwithout -trace: %s", traced, plain)
	}
}

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Every bot of every game answers -trace: a trace whose heading names it,
// written in all three formats, the DOT and JSON parsing; and none changes
// its move for being traced, nor says it does not read -trace.
func TestEveryBotTraces(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	starts := map[string]string{"ttt": "04", "connect4": "274552224131661", "adjacency": ""}
	for _, spec := range declared.games {
		for _, bs := range declared.bots {
			if !bs.plays(spec) {
				continue
			}
			t.Run(spec.name+"/"+bs.name, func(t *testing.T) {
				opt := gameOptions{"rounds": 3}
				g, err := spec.parseRecord(starts[spec.name], opt)
				if err != nil {
					t.Fatal(err)
				}
				budget := Budget{Depth: 2, Playouts: 200, Jobs: 1}
				bot, err := newBotFor(spec, bs.name, rand.New(rand.NewPCG(1, 2)))
				if err != nil {
					t.Fatal(err)
				}
				plain := bot.Think(context.Background(), g, budget)
				bot, _ = newBotFor(spec, bs.name, rand.New(rand.NewPCG(1, 2)))
				budget.Trace = 2
				d := bot.Think(context.Background(), g, budget)
				if d.Trace == nil || !strings.HasPrefix(d.Trace.Heading[0], "trace: "+d.Trace.Bot) {
					t.Fatalf("no trace, or one that does not name the bot: %+v", d.Trace)
				}
				if !declared.findBot(bs.name).traces {
					t.Errorf("it traces, yet its declaration says not: -trace would be called ignored")
				}
				if d.Move != plain.Move {
					t.Errorf("traced it plays %s, untraced %s", g.FormatMove(d.Move), g.FormatMove(plain.Move))
				}
				if _, err := parseDOT(traceDOT(d.Trace)); err != nil {
					t.Errorf("DOT: %v\n%s", err, traceDOT(d.Trace))
				}
				var v map[string]any
				if err := json.Unmarshal([]byte(traceJSON(d.Trace)), &v); err != nil {
					t.Errorf("JSON: %v", err)
				}
			})
		}
	}
}

// The solver traces every board size as it does 7 x 6: on 5 x 4 (no
// book) the probes that narrowed the exact score, the last one settling
// it, and the tree of the last probe of the position, in every format.
func TestSolverOtherSizeTraces(t *testing.T) {
	g := NewConnectFourSize(5, 4)
	d := (&SolverBot{}).Think(context.Background(), g, Budget{Jobs: 1, Trace: 1})
	if d.Trace == nil || d.Trace.Root == nil || len(d.Trace.Probes) == 0 {
		t.Fatalf("trace %+v: want probes and a tree", d.Trace)
	}
	if want := fmt.Sprintf("trace: solver, %d nodes, score %d,", d.Nodes, d.Score); !strings.HasPrefix(d.Trace.Heading[0], want) {
		t.Errorf("heading %q, want it to begin %q", d.Trace.Heading[0], want)
	}
	played := c4ColumnName(int(d.Move))
	if root := d.Trace.Root; !slices.ContainsFunc(root.Children, func(c *TraceNode) bool { return c.Move == played }) {
		t.Errorf("root's children %+v: want the move played, %s, among them", root.Children, played)
	}
	if _, err := parseDOT(traceDOT(d.Trace)); err != nil {
		t.Errorf("DOT: %v\n%s", err, traceDOT(d.Trace))
	}
	var v struct{ Heading []string }
	if err := json.Unmarshal([]byte(traceJSON(d.Trace)), &v); err != nil || len(v.Heading) == 0 {
		t.Errorf("JSON %s: %v", traceJSON(d.Trace), err)
	}
}

// Local search's trace is every legal move with its score; the move played
// is the last of the best, as the search keeps it.
func TestLocalTrace(t *testing.T) {
	g := NewAdjacency(8)
	d := LocalBot{}.Think(context.Background(), g, Budget{Trace: 1})
	kids := d.Trace.Root.Children
	if len(kids) != len(g.Moves(nil)) {
		t.Fatalf("%d moves traced, %d legal", len(kids), len(g.Moves(nil)))
	}
	last := -1
	for i, c := range kids {
		if int(*c.Value) == d.Score {
			last = i
		}
		if int(*c.Value) > d.Score {
			t.Errorf("move %s scores %v, above the score played %d", c.Move, *c.Value, d.Score)
		}
	}
	if last < 0 || kids[last].Move != g.FormatMove(d.Move) || !kids[last].PV || kids[last].Note != "played" {
		t.Errorf("played %s, last of the best %+v", g.FormatMove(d.Move), kids[max(last, 0)])
	}
}

// The genetic trace shows evenly spaced generations, the first and the
// last among them, each with the best chromosomes fittest first.
func TestGeneticTrace(t *testing.T) {
	b := NewGeneticBot(rand.New(rand.NewPCG(4, 4)))
	b.Generations = 25
	d := b.Think(context.Background(), NewTicTacToe(), Budget{Depth: 3, Trace: 3})
	var names []string
	for _, gen := range d.Trace.Root.Children {
		names = append(names, gen.Move)
		if len(gen.Children) != 3 {
			t.Errorf("%s: %d chromosomes, want 3", gen.Move, len(gen.Children))
		}
		for i, c := range gen.Children {
			if len(strings.Fields(c.Move)) != 3 {
				t.Errorf("%s: chromosome %q is not 3 moves", gen.Move, c.Move)
			}
			if i > 0 && c.Note > gen.Children[i-1].Note {
				t.Errorf("%s: %s after %s", gen.Move, c.Note, gen.Children[i-1].Note)
			}
		}
	}
	want := "generation 1,generation 4,generation 7,generation 10,generation 13,generation 16,generation 19,generation 22,generation 25"
	if strings.Join(names, ",") != want {
		t.Errorf("generations %v, want %s", names, want)
	}
}

package main

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

// runLines runs the program in this process on args and stdin, and
// returns its status, the fields of its output and its standard error.
func runLines(t *testing.T, args []string, stdin string) (int, []string, string) {
	t.Helper()
	var out, errOut strings.Builder
	status := run(args, strings.NewReader(stdin), &out, &errOut)
	var fields []string
	for _, line := range strings.Split(out.String(), "\n") {
		// The start's answer line, with or without its "-" position.
		fields = append(fields, strings.Fields(strings.TrimPrefix(line, "- "))...)
	}
	return status, fields, errOut.String()
}

// -split prints each position's frontier once a class, the minimal
// tree's jobs first: on the 5x4 board, after the first move 2 (the
// ordering's best) all of O's replies, then for 1 and 3 their first
// reply each, then the rest. A finished position has no frontier; a bad
// line answers as -analyze's do.
func TestSplitRecords(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args  []string
		stdin string
		want  []string
	}{
		{[]string{"-game", "c4", "-width", "5", "-height", "4", "-split", "2"}, "\n",
			[]string{"24", "21", "25", "23", "22", "14", "32", "13", "12", "15", "11", "31", "33"}},
		// "-" is the start too, as -analyze and -merge's answers name it.
		{[]string{"-game", "c4", "-width", "5", "-height", "4", "-split", "2"}, "-\n",
			[]string{"24", "21", "25", "23", "22", "14", "32", "13", "12", "15", "11", "31", "33"}},
		{[]string{"-game", "c4", "-width", "5", "-height", "4", "-split", "1"}, "24\n",
			[]string{"244", "242", "241", "245", "243"}},
		// 4 and 2 are images of each other: one job; 1212121 is won.
		{[]string{"-game", "c4", "-width", "5", "-height", "4", "-split", "1"}, "3\n1212121\n",
			[]string{"32", "31", "33"}},
		{[]string{"-game", "ttt", "-split", "1"}, "00\n", []string{"00", "error:", "illegal:", "cell", "0", "is", "taken", "at", "move", "2"}},
	} {
		status, got, stderr := runLines(t, append(tc.args, "-analyze"), tc.stdin)
		if status != 0 || !slices.Equal(got, tc.want) {
			t.Errorf("%v on %q: status %d, %q\n%s\nwant %q", tc.args, tc.stdin, status, got, stderr, tc.want)
		}
	}
}

// Adjacency's 8-round start split at 2 plies is the 1,506 openings of
// its book, mirror images once: each class once, the book's own records.
func TestSplitAdjacencyOpenings(t *testing.T) {
	t.Parallel()
	status, got, stderr := runLines(t, []string{"-game", "adj", "-analyze", "-split", "2"}, "\n")
	if status != 0 {
		t.Fatalf("status %d: %s", status, stderr)
	}
	data, err := os.ReadFile("testdata/adj/openings2.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Fields(string(data))
	if len(got) != len(want) || got[0] != "5,23" {
		t.Fatalf("%d jobs, the first %q; want %d, the first 5,23", len(got), got[0], len(want))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatal("the jobs are not the book's openings")
	}
}

// The jobs of a split are unfinished positions PLIES plies down, no two
// of one class, and every class of the frontier is there.
func TestSplitClasses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game  string
		opt   gameOptions
		root  string
		plies int
	}{
		{"c4", gameOptions{"width": 5, "height": 4}, "", 3},
		{"c4", nil, "44", 4},
		{"ttt", nil, "", 4},
		{"adj", gameOptions{"rounds": 3}, "", 2},
	} {
		spec, _ := findGame(tc.game)
		g, err := spec.parseRecord(tc.root, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		tree := newSplitTree(context.Background(), spec, tc.opt, tc.plies)
		if _, _, err := tree.add(g); err != nil {
			t.Fatal(err)
		}
		jobs := map[uint64]bool{}
		for _, n := range tree.jobs {
			p, err := spec.parseRecord(n.record, tc.opt)
			if err != nil || p.Over() || len(p.History()) != len(g.History())+tc.plies || jobs[tree.classKey(p)] {
				t.Fatalf("%s %q: job %q", tc.game, tc.root, n.record)
			}
			jobs[tree.classKey(p)] = true
		}
		all := map[uint64]bool{}
		var walk func(p Game, left int)
		walk = func(p Game, left int) {
			switch {
			case p.Over():
			case left == 0:
				all[tree.classKey(p)] = true
			default:
				for _, m := range p.Moves(nil) {
					p.Play(m)
					walk(p, left-1)
					p.Undo()
				}
			}
		}
		walk(g, tc.plies)
		if len(all) != len(jobs) {
			t.Errorf("%s %q at %d plies: %d jobs for %d classes", tc.game, tc.root, tc.plies, len(jobs), len(all))
		}
	}
}

// A tree too large to be worth splitting is refused, with what to do.
func TestSplitTooBig(t *testing.T) {
	t.Parallel()
	spec, _ := findGame("c4")
	tree := newSplitTree(context.Background(), spec, nil, 3)
	tree.max = 100
	_, _, err := tree.add(spec.start(nil))
	want := "-split 3: the tree above the frontier passed 100 positions: split at fewer plies, then split the jobs again"
	var bad badInput
	if !errors.As(err, &bad) || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}

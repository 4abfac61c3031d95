package main

import (
	"slices"
	"testing"
)

// Positions of the sorter tests, as records of 1-based columns.
const (
	// X (to move) has the bottom cells of columns 1 and 2 (0-based), O
	// two stones in column 6. Column 3 makes three in a row open at both
	// ends (two threats: the static pass settles it, a win), columns 0
	// and 4 three with one gap or end (one threat, which O must block),
	// the others none.
	threatsRecord = "2737"
)

// listed runs a node's static pass over its children (precheck) on p,
// with the moves next, in the widest window, and returns the sorter and
// what the pass settled.
func listed(t *testing.T, p c4Pos, next uint64) (*c4Sorter, c4Pre) {
	t.Helper()
	x := newTestSolver(c4Std, 16, nil).main
	n := &c4Node{p: p, next: next, threats: winningCells(p.cur^p.mask, p.mask)}
	var m c4Sorter
	pre := x.precheck(n, &m, -infinity, infinity)
	return &m, pre
}

// picked empties a sorter, returning the columns in the order picked.
func picked(t *testing.T, m *c4Sorter) []int {
	t.Helper()
	var cols []int
	for i := m.pick(); i >= 0; i = m.pick() {
		if len(cols) == m.n {
			t.Fatalf("more than the %d listed moves picked: %v", m.n, cols)
		}
		cols = append(cols, m.entries[i].col)
	}
	if i := m.pick(); i != -1 {
		t.Errorf("pick after the last move: %d, want -1", i)
	}
	return cols
}

// TestSorterOrder checks stage 1's order: by threats created, centre
// first among equals, and only the cells given; a move the static pass
// settles is not listed, but scored.
func TestSorterOrder(t *testing.T) {
	for _, tc := range []struct {
		name, record string
		without      []int // columns left out of the cells given
		want         []int
	}{
		{"empty board: centre first", "", nil, []int{3, 2, 4, 1, 5, 0, 6}},
		{"threats", threatsRecord, []int{3}, []int{4, 0, 2, 1, 5, 6}},
		{"only the cells given", threatsRecord, []int{3, 5}, []int{4, 0, 2, 1, 6}},
		// Column 3 wins on X's 4th stone, after 6 stones, (43-6)/2 =
		// 18: no other move can score more, so none is listed.
		{"a win settled", threatsRecord, nil, nil},
	} {
		p := posOf(t, tc.record)
		next := p.possible()
		for _, col := range tc.without {
			next &^= c4ColumnMask(col)
		}
		m, pre := listed(t, p, next)
		if got := picked(t, m); !slices.Equal(got, tc.want) {
			t.Errorf("%s: picked %v, want %v", tc.name, got, tc.want)
		}
		settled := tc.record == threatsRecord && !slices.Contains(tc.without, 3)
		if want := (c4Pre{best: 18, col: 3, lo: pre.lo}); settled && pre != want {
			t.Errorf("%s: the static pass found %+v, want %+v", tc.name, pre, want)
		}
	}
}

// TestSorterPutsOffBusy checks stage 2: with the busy marks watched, a
// move whose node another thread is searching comes after the others, in
// its order, unless it is the first, which is never put off.
func TestSorterPutsOffBusy(t *testing.T) {
	for _, tc := range []struct {
		name  string
		busy  []int // columns whose nodes are marked busy
		watch bool
		want  []int
	}{
		{"nothing busy", nil, true, []int{4, 0, 2, 1, 5, 6}},
		{"busy put off", []int{2, 5}, true, []int{4, 0, 1, 6, 2, 5}},
		{"the first never put off", []int{4, 1}, true, []int{4, 0, 2, 5, 6, 1}},
		{"all busy", []int{0, 1, 2, 4, 5, 6}, true, []int{4, 0, 2, 1, 5, 6}},
		{"busy, not watched", []int{2, 5}, false, []int{4, 0, 2, 1, 5, 6}},
	} {
		// Not the empty board: there, a column and its mirror image
		// lead to one canonical position, so to one busy mark.
		p := posOf(t, threatsRecord)
		m, _ := listed(t, p, p.possible()&^c4ColumnMask(3))
		busy := new(busySet)
		for _, i := range m.order[:m.n] {
			if e := &m.entries[i]; slices.Contains(tc.busy, e.col) {
				busy.enter(e.node.key)
			}
		}
		if tc.watch {
			m.watch(busy)
		}
		if got := picked(t, m); !slices.Equal(got, tc.want) {
			t.Errorf("%s: picked %v, want %v", tc.name, got, tc.want)
		}
	}
}

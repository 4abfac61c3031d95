package main

import (
	"slices"
	"testing"
)

// Positions of the sorter tests, as records of 1-based columns.
const (
	// X (to move) has the bottom cells of columns 1 and 2 (0-based), O
	// two stones in column 6. Column 3 makes three in a row open at both
	// ends (two threats), columns 0 and 4 three with one gap or end (one
	// threat), the others none.
	threatsRecord = "2737"
)

// picked empties a sorter, returning the columns in the order picked.
func picked(t *testing.T, m *c4Sorter, p c4Pos) []int {
	t.Helper()
	var cols []int
	for i := m.pick(p); i >= 0; i = m.pick(p) {
		if len(cols) == m.n {
			t.Fatalf("more than the %d listed moves picked: %v", m.n, cols)
		}
		cols = append(cols, m.entries[i].col)
	}
	if i := m.pick(p); i != -1 {
		t.Errorf("pick after the last move: %d, want -1", i)
	}
	return cols
}

// TestSorterOrder checks stage 1's order: the table's move, then by
// threats created, centre first among equals, and only the cells given.
func TestSorterOrder(t *testing.T) {
	for _, tc := range []struct {
		name, record string
		tableMove    int
		without      []int // columns left out of the cells given
		want         []int
	}{
		{"empty board: centre first", "", -1, nil, []int{3, 2, 4, 1, 5, 0, 6}},
		{"empty board: the table's move first", "", 5, nil, []int{5, 3, 2, 4, 1, 0, 6}},
		{"threats", threatsRecord, -1, nil, []int{3, 4, 0, 2, 1, 5, 6}},
		{"the table's move before threats", threatsRecord, 6, nil, []int{6, 3, 4, 0, 2, 1, 5}},
		{"only the cells given", threatsRecord, 3, []int{3, 5}, []int{4, 0, 2, 1, 6}},
	} {
		p := posOf(t, tc.record)
		next := p.possible()
		for _, col := range tc.without {
			next &^= c4ColumnMask(col)
		}
		var m c4Sorter
		m.list(p, next, tc.tableMove)
		if got := picked(t, &m, p); !slices.Equal(got, tc.want) {
			t.Errorf("%s: picked %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestSorterPutsOffBusy checks stage 2: with the busy marks watched, a
// move whose position another thread is searching comes after the
// others, in its order, unless it is the first, which is never put off.
func TestSorterPutsOffBusy(t *testing.T) {
	for _, tc := range []struct {
		name  string
		busy  []int // columns whose resulting positions are marked busy
		watch bool
		want  []int
	}{
		{"nothing busy", nil, true, []int{3, 4, 0, 2, 1, 5, 6}},
		{"busy put off", []int{2, 5}, true, []int{3, 4, 0, 1, 6, 2, 5}},
		{"the first never put off", []int{3, 0}, true, []int{3, 4, 2, 1, 5, 6, 0}},
		{"all busy", []int{0, 1, 2, 3, 4, 5, 6}, true, []int{3, 4, 0, 2, 1, 5, 6}},
		{"busy, not watched", []int{2, 5}, false, []int{3, 4, 0, 2, 1, 5, 6}},
	} {
		// Not the empty board: there, a column and its mirror image
		// lead to one canonical position, so to one busy mark.
		p := posOf(t, threatsRecord)
		busy := new(busySet)
		for _, col := range tc.busy {
			key, _ := canonical(p.play(p.column(col)).key())
			busy.enter(key)
		}
		var m c4Sorter
		m.list(p, p.possible(), -1)
		if tc.watch {
			m.watch(busy, true)
		}
		if got := picked(t, &m, p); !slices.Equal(got, tc.want) {
			t.Errorf("%s: picked %v, want %v", tc.name, got, tc.want)
		}
	}
}

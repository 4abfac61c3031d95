package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The symmetries are the games' own: Tic-Tac-Toe's eight give the 765
// positions up to symmetry; Connect Four's mirror leaves 25 of the 49
// two-ply openings (44 is its own mirror image, the other 48 come in
// pairs). For longer openings and Adjacency's anti-diagonal, Burnside's
// count: a mirror makes (P + S) / 2 classes of P positions of which S are
// their own mirror image.
func TestDistinctOpenings(t *testing.T) {
	ttt, _ := findGame("ttt")
	classes, positions := map[uint64]bool{}, map[uint64]bool{}
	var walk func(g Game)
	walk = func(g Game) {
		if positions[g.Key()] {
			return
		}
		positions[g.Key()] = true
		classes[classKey(ttt, nil, g)] = true
		for _, m := range g.Moves(nil) {
			g.Play(m)
			walk(g)
			g.Undo()
		}
	}
	walk(ttt.start(nil))
	if len(positions) != 5478 || len(classes) != 765 {
		t.Errorf("Tic-Tac-Toe: %d positions, %d classes; want 5478 and 765", len(positions), len(classes))
	}
	// Boards of other sizes mirror in their own width: 6x5 has 36
	// two-ply openings, none its own mirror image (no middle column).
	w6 := gameOptions{"width": 6, "height": 5}
	w8 := gameOptions{"width": 8, "height": 5}
	for _, tc := range []struct {
		game  string
		opt   gameOptions
		plies int
		want  int
	}{{"ttt", nil, 1, 3}, {"ttt", nil, 2, 12}, {"c4", nil, 2, 25}, {"c4", nil, 4, 0}, {"adj", nil, 2, 0},
		{"c4", w6, 2, 18}, {"c4", w6, 3, 0}, {"c4", w8, 2, 32}, {"c4", w8, 3, 0}} {
		spec, _ := findGame(tc.game)
		got, all := distinctOpenings(spec, tc.opt, spec.start(tc.opt), tc.plies)
		if tc.want == 0 {
			tc.want = burnside(spec, tc.opt, tc.plies)
		}
		if !all || len(got) != tc.want {
			t.Errorf("%s %v, %d plies: %d distinct openings (listed all: %v), want %d", tc.game, tc.opt, tc.plies, len(got), all, tc.want)
		}
	}
}

// burnside counts the classes of positions after plies plies (none of
// which ends the game) under the game's one mirror: (P + S) / 2.
func burnside(spec *gameSpec, opt gameOptions, plies int) int {
	mirror := spec.symmetries[0]
	full := spec.defaults(opt)
	positions, selfImages := map[uint64]bool{}, 0
	var walk func(g Game, left int)
	walk = func(g Game, left int) {
		if left == 0 {
			if !positions[g.Key()] {
				positions[g.Key()] = true
				image := spec.start(opt)
				for _, m := range g.History() {
					image.Play(mirror(full, m))
				}
				if image.Key() == g.Key() {
					selfImages++
				}
			}
			return
		}
		for _, m := range g.Moves(nil) {
			g.Play(m)
			if !g.Over() {
				walk(g, left-1)
			}
			g.Undo()
		}
	}
	walk(spec.start(opt), plies)
	return (len(positions) + selfImages) / 2
}

// Random openings come without replacement: every distinct opening once
// before any twice, and a note when the pairs outnumber them; the same
// seed draws the same openings.
func TestOpeningsWithoutRepeats(t *testing.T) {
	c4, _ := findGame("c4")
	for _, tc := range []struct {
		pairs int
		note  string
	}{{20, ""}, {25, ""},
		{30, "openings: 30 pairs asked, but Connect Four has only 25 distinct openings of 2 plies (mirror images counted once): each comes once before any comes twice; -openings 3 gives 121"},
		{200, "openings: 200 pairs asked, but Connect Four has only 25 distinct openings of 2 plies (mirror images counted once): each comes once before any comes twice; -openings 4 gives 568"}} {
		plan := openingPlan{plies: 2}
		deck, err := plan.openings(c4, nil, 1)
		if note := deck.note(tc.pairs); err != nil || note != tc.note {
			t.Fatalf("%d pairs: note %q, err %v; want %q", tc.pairs, note, err, tc.note)
		}
		got := dealt(deck, tc.pairs)
		seen := map[uint64]int{}
		for k, o := range got {
			g, _ := c4.parseRecord(c4.line(o), nil)
			key := classKey(c4, nil, g)
			if seen[key] > 0 && k < 25 {
				t.Errorf("%d pairs: pair %d repeats opening %s", tc.pairs, k+1, c4.line(o))
			}
			seen[key]++
		}
		again, _ := plan.openings(c4, nil, 1)
		if !slices.EqualFunc(got, dealt(again, tc.pairs), slices.Equal) || !slices.EqualFunc(got, dealt(deck, tc.pairs), slices.Equal) {
			t.Errorf("%d pairs: the same seed drew other openings", tc.pairs)
		}
	}
	// From a -moves position the plies come after it.
	plan := openingPlan{start: []Move{3, 3}, plies: 1}
	deck, err := plan.openings(c4, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	got := dealt(deck, 4)
	for _, o := range got {
		if len(o) != 3 || o[0] != 3 || o[1] != 3 {
			t.Errorf("opening %s from 44: want 44 and one ply", c4.line(o))
		}
	}
}

// An openings file is played in order, a pair each, seats swapped, and
// repeats with a note when the pairs outnumber its records.
func TestOpeningsFileMatch(t *testing.T) {
	c4, _ := findGame("c4")
	suite, err := readOpenings(strings.NewReader("# a suite\n4453 the rest is ignored\n\n11\n"), c4, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	m := matchConfig{reg: &declared, spec: c4, players: playersOf(t, c4, budgetDefaults{depth: 2}, [2]string{"alphabeta", "random"}), games: 6,
		plan: openingPlan{suite: suite, file: "suite.txt"}, seed: 1, jobs: 2}
	if err := m.run(context.Background(), &out, nil); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out.String(), "\n")
	if lines[1] != "openings: 3 pairs from the 2 records of suite.txt: the records repeat in order once all are played; a file of 3 records or more plays each once" {
		t.Errorf("note: %q", lines[1])
	}
	for i, want := range []string{"4453", "4453", "11", "11", "4453", "4453"} {
		if prefix := fmt.Sprintf("game %d/6: X ", i+1); !strings.HasPrefix(lines[2+i], prefix) || !strings.Contains(lines[2+i], ", opening "+want+": ") {
			t.Errorf("line %q: want game %d from %s", lines[2+i], i+1, want)
		}
	}
}

// A bad openings file is refused with the line and what is wrong.
func TestReadOpeningsErrors(t *testing.T) {
	c4, _ := findGame("c4")
	for _, tc := range []struct{ text, want string }{
		{"44\n448\n", `line 2: "448": illegal: 8 is off the board at move 3`},
		{"1212121\n", `line 1: "1212121" ends the game: an opening must leave it open`},
		{"# only a comment\n\n", "no records: a record a line, like the moves line of a game"},
	} {
		if _, err := readOpenings(strings.NewReader(tc.text), c4, nil); err == nil || err.Error() != tc.want {
			t.Errorf("%q: error %v, want %q", tc.text, err, tc.want)
		}
	}
}

// Whatever the file holds, the reader never panics, and what it accepts
// is legal openings that leave the game open.
func FuzzReadOpenings(f *testing.F) {
	for _, s := range []string{"4453\n11\n", "# c\n\n44 x\n", "1212121\n", "448\n", "\x00\n", strings.Repeat("4", 50)} {
		f.Add("c4", s)
	}
	f.Add("ttt", "048\n0 1\n")
	f.Add("adj", "10,41,61\n10,,3\n")
	f.Fuzz(func(t *testing.T, game, text string) {
		spec, err := findGame(game)
		if err != nil {
			return
		}
		suite, err := readOpenings(strings.NewReader(text), spec, nil)
		if err != nil {
			return
		}
		for _, o := range suite {
			g, err := spec.parseRecord(spec.line(o), nil)
			if err != nil || g.Over() || len(g.History()) != len(o) {
				t.Errorf("accepted opening %v: %v", o, err)
			}
		}
	})
}

// dealt are the openings of a deck's first pairs.
func dealt(deck *openingDeck, pairs int) [][]Move {
	next := deck.deal()
	var out [][]Move
	for range pairs {
		out = append(out, next())
	}
	return out
}

package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestAdjBook: every book reply is legal and keeps the value the book
// gives (solved again for the short games; for each, the value of the
// reply's position is that of the entry, and so is the book's own value
// of it where it has one), and alphabeta answers the
// position and its mirror image from the book with the reflected move.
func TestAdjBook(t *testing.T) {
	for _, e := range adjBookReplies {
		t.Run(fmt.Sprintf("rounds=%d/%v", e.rounds, e.record), func(t *testing.T) {
			a := NewAdjacency(e.rounds)
			mirror := NewAdjacency(e.rounds)
			for _, m := range e.record {
				a.Play(m)
				mirror.Play(Move(adjMirrorCell(int8(m))))
			}
			if a.at(int(e.move)) != Nobody {
				t.Fatalf("move %d is taken", e.move)
			}
			d := NewAdjBot(true).Think(context.Background(), a, Budget{Time: time.Second})
			if d.Move != e.move || d.Score != e.value || d.Nodes != 1 {
				t.Errorf("alphabeta: %+v, want the book's move %d worth %d", d, e.move, e.value)
			}
			want := Move(adjMirrorCell(int8(e.move)))
			if mirror.marks == a.marks {
				want = e.move // a symmetric position is its own mirror image
			}
			if d := NewAdjBot(true).Think(context.Background(), mirror, Budget{Time: time.Second}); d.Move != want || d.Score != e.value || d.Nodes != 1 {
				t.Errorf("alphabeta on the mirror image: %+v, want move %d worth %d", d, want, e.value)
			}
			// Where the book goes on after the move, it agrees.
			a.Play(e.move)
			if next, ok := adjBookMove(a); ok && next.Score != -e.value {
				t.Errorf("after the book move the book says %d to the opponent, want %d", next.Score, -e.value)
			}
			if e.rounds > 4 {
				return // minutes: docs/adjacency.md says how to solve them
			}
			if sol, _ := adjSolve(context.Background(), a, newAdjTable(16), adjSolveOptions{jobs: 1}); sol.Value != -e.value {
				t.Errorf("after the book move: worth %d to the opponent, want %d", sol.Value, -e.value)
			}
		})
	}
}

// TestAdjOpeningBook: testdata/adj/openings2.txt lists the distinct
// 2-ply openings of the 8-round game (mirror images once), the book of
// X's moves after them (adjbook8.txt) answers each exactly once, and
// its values agree with the start's solved value: X's best first move
// is worth, against O's best reply, exactly what the solved start says,
// and so is every first move the book has O answer. The entry that
// took the solver fewest nodes is solved again, with its move.
func TestAdjOpeningBook(t *testing.T) {
	spec, opt := adjSpec(t), gameOptions{"rounds": 8}
	want, _ := distinctOpenings(spec, opt, spec.start(opt), 2)
	f, err := os.Open("testdata/adj/openings2.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	listed, err := readOpenings(f, spec, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(listed, want, slices.Equal) {
		t.Fatalf("testdata/adj/openings2.txt: %d openings, not the %d distinct ones in order", len(listed), len(want))
	}
	book := adjBookFile(adjOpenings8, 8)
	if len(book) != len(want) {
		t.Fatalf("adjbook8.txt: %d entries, want one for each of the %d openings", len(book), len(want))
	}
	for k, e := range book {
		if !slices.Equal(e.record, want[k]) {
			t.Fatalf("adjbook8.txt line %d: opening %v, want %v", k+1, e.record, want[k])
		}
	}
	// X's value after each first move: the least over O's replies.
	start := NewAdjacency(8)
	best := -infinity
	for _, x := range start.Moves(nil) {
		a := NewAdjacency(8)
		a.Play(x)
		least := infinity
		for _, o := range a.Moves(nil) {
			a.Play(o)
			d, ok := adjBookMove(a)
			if !ok || a.at(int(d.Move)) != Nobody {
				t.Fatalf("opening %d,%d: book %+v, %v", x, o, d, ok)
			}
			least = min(least, d.Score)
			a.Undo()
		}
		if e, ok := adjBook[adjBookKey{a.marks[O], a.marks[X], 8}]; ok && least != -e.value {
			t.Errorf("after X's %d the book has O worth %d, its replies %d", x, e.value, -least)
		}
		best = max(best, least)
	}
	if solved := adjSolvedStarts[8].value; best != solved {
		t.Errorf("the openings' book makes the start worth %d to X, solved %d", best, solved)
	}
	if testing.Short() {
		return
	}
	var cheapest adjBookEntry
	fewest := int64(math.MaxInt64)
	for line := range strings.SplitSeq(adjOpenings8, "\n") {
		f := strings.Fields(line)
		if len(f) < 4 {
			continue
		}
		if n, err := strconv.ParseInt(f[3], 10, 64); err == nil && n < fewest {
			cheapest, _ = adjBookLine(f, 8)
			fewest = n
		}
	}
	a := NewAdjacency(8)
	for _, m := range cheapest.record {
		a.Play(m)
	}
	tt := newAdjTable(20)
	if sol, _ := adjSolve(context.Background(), a, tt, adjSolveOptions{jobs: 1}); sol.Value != cheapest.value {
		t.Errorf("opening %v: solved %d, book %d", cheapest.record, sol.Value, cheapest.value)
	}
	a.Play(cheapest.move)
	if sol, _ := adjSolve(context.Background(), a, tt, adjSolveOptions{jobs: 1}); sol.Value != -cheapest.value {
		t.Errorf("opening %v, move %d: worth %d to O, book %d to X", cheapest.record, cheapest.move, sol.Value, cheapest.value)
	}
}

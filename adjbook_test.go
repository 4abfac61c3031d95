package main

import (
	"context"
	"fmt"
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

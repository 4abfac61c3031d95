package main

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"
)

// BenchmarkAdjBookReplies solves O's answer to every first move of X in
// games of ADJ_BOOK_ROUNDS rounds (default 3), one of each mirror pair,
// and prints the book entries as Go for adjBookReplies, with the nodes
// and time of each solve, to standard error.
func BenchmarkAdjBookReplies(b *testing.B) {
	rounds, err := strconv.Atoi(cmp.Or(os.Getenv("ADJ_BOOK_ROUNDS"), "3"))
	if err != nil {
		b.Fatal(err)
	}
	for range b.N {
		for _, m := range NewAdjacency(rounds).Moves(nil) {
			if adjMirrorCell(int8(m)) < int8(m) {
				continue // its mirror image stands for it
			}
			a := NewAdjacency(rounds)
			a.Play(m)
			sol, ok := adjSolve(context.Background(), a, adjSolveBits, 2, nil)
			if !ok {
				b.Fatal("stopped")
			}
			fmt.Fprintf(os.Stderr, "\t{%d, []Move{%d}, %d, %d}, // %d nodes, %v\n", rounds, m, sol.Value, sol.Line[0], sol.Nodes, sol.Time.Round(time.Millisecond))
		}
	}
}

// TestAdjBook: every book reply is legal and keeps the value the book
// gives (solved again for the short games; for each, the value of the
// reply's position is that of the entry), and alphabeta answers the
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
			if e.rounds > 4 {
				return // BenchmarkAdjBookReplies solved them
			}
			a.Play(e.move)
			if sol, _ := adjSolve(context.Background(), a, 16, 0, nil); sol.Value != -e.value {
				t.Errorf("after the book move: worth %d to the opponent, want %d", sol.Value, -e.value)
			}
		})
	}
}

package main

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkAdjBookReplies solves O's answer to every first move of X in
// games of ADJ_BOOK_ROUNDS rounds (default 3), one of each mirror pair,
// or, when ADJ_BOOK_RECORDS is set (records separated by ";"), those
// positions, and prints the book entries as Go for adjBookReplies, with
// the nodes and time of each solve, to standard error. ADJ_SOLVE_BITS
// and ADJ_SOLVE_JOBS size the table and set the threads as for
// BenchmarkAdjSolve.
func BenchmarkAdjBookReplies(b *testing.B) {
	rounds, err := strconv.Atoi(cmp.Or(os.Getenv("ADJ_BOOK_ROUNDS"), "3"))
	if err != nil {
		b.Fatal(err)
	}
	tableBits := adjSolveTableBits(b)
	var records [][]Move
	if list := os.Getenv("ADJ_BOOK_RECORDS"); list != "" {
		for _, r := range strings.Split(list, ";") {
			var record []Move
			for _, f := range strings.Split(r, ",") {
				c, err := strconv.Atoi(f)
				if err != nil {
					b.Fatal(err)
				}
				record = append(record, Move(c))
			}
			records = append(records, record)
		}
	} else {
		for _, m := range NewAdjacency(rounds).Moves(nil) {
			if adjMirrorCell(int8(m)) >= int8(m) { // a mirror image stands for the other
				records = append(records, []Move{m})
			}
		}
	}
	for range b.N {
		for _, record := range records {
			a := NewAdjacency(rounds)
			for _, m := range record {
				a.Play(m)
			}
			sol, ok := adjSolve(context.Background(), a, tableBits, adjSolveJobs(b), 2*(len(record)%2)-2, nil)
			if !ok {
				b.Fatal("stopped")
			}
			fmt.Fprintf(os.Stderr, "\t{%d, %s, %d, %d}, // %d nodes, %v\n", rounds, strings.Replace(fmt.Sprintf("%#v", record), "main.", "", 1), sol.Value, sol.Line[0], sol.Nodes, sol.Time.Round(time.Millisecond))
		}
	}
}

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
				return // BenchmarkAdjBookReplies solved them
			}
			if sol, _ := adjSolve(context.Background(), a, 16, 1, 0, nil); sol.Value != -e.value {
				t.Errorf("after the book move: worth %d to the opponent, want %d", sol.Value, -e.value)
			}
		})
	}
}

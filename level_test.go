package main

import (
	"context"
	"math/rand/v2"
	"testing"
)

// softmaxPick: temperature 0 draws only among the best scores; a high
// one draws every move sometimes; the same seed draws the same.
func TestSoftmaxPick(t *testing.T) {
	scores := []int{3, 5, 5, -2, 4}
	tests := []struct {
		temp    float64
		allowed map[int]bool // indexes it may draw
		all     bool         // every allowed index drawn in 2000 draws
	}{
		{0, map[int]bool{1: true, 2: true}, true},
		{100, map[int]bool{0: true, 1: true, 2: true, 3: true, 4: true}, true},
		{0.1, map[int]bool{1: true, 2: true, 4: true}, false}, // 4 scores 1 lower: e^-10
	}
	for _, tt := range tests {
		rng := rand.New(rand.NewPCG(1, 2))
		seen := map[int]int{}
		for range 2000 {
			seen[softmaxPick(scores, tt.temp, rng)]++
		}
		for i, n := range seen {
			if !tt.allowed[i] {
				t.Errorf("temp %v: drew index %d (score %d) %d times", tt.temp, i, scores[i], n)
			}
		}
		if tt.all && len(seen) != len(tt.allowed) {
			t.Errorf("temp %v: drew %v, want every one of %v", tt.temp, seen, tt.allowed)
		}
	}
}

// The top Tic-Tac-Toe level plays only moves that keep the draw, yet
// varies among them; the lowest varies more, and both repeat with the seed.
func TestLevelsVary(t *testing.T) {
	spec, _ := findGame("ttt")
	firstMoves := func(level int, seed uint64) map[Move]bool {
		seen := map[Move]bool{}
		for i := range 30 {
			b, err := newBotFor(spec, levelName(level), rand.New(rand.NewPCG(seed, uint64(i))))
			if err != nil {
				t.Fatal(err)
			}
			seen[b.Think(context.Background(), NewTicTacToe(), Budget{}).Move] = true
		}
		return seen
	}
	// Every first move draws, so the perfect level may open anywhere.
	if top := firstMoves(5, 1); len(top) < 3 {
		t.Errorf("level 5 opened with only %v in 30 games", top)
	}
	if low := firstMoves(1, 1); len(low) < 4 {
		t.Errorf("level 1 opened with only %v in 30 games", low)
	}
	if a, b := firstMoves(3, 7), firstMoves(3, 7); len(a) != len(b) {
		t.Errorf("the same seed opened with %v, then %v", a, b)
	}
	// After X takes a corner, only the centre draws for O.
	for i := range 20 {
		b, _ := newBotFor(spec, levelName(5), rand.New(rand.NewPCG(uint64(i), 0)))
		g := NewTicTacToe()
		g.Play(0)
		if m := b.Think(context.Background(), g, Budget{}).Move; m != 4 {
			t.Fatalf("seed %d: level 5 answered the corner with %d, which loses", i, m)
		}
	}
}

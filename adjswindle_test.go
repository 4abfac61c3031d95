package main

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// slowExact is the exact value of the position for the side to move, by
// the generic alpha-beta on the plain board searched to the end.
func slowExact(s *slowAdj) int {
	if s.Over() {
		return s.Final(s.Turn())
	}
	return SearchBot{Prune: true}.Think(context.Background(), s, Budget{}).Score
}

// slowAfter is the exact value of move m for the side to move.
func slowAfter(s *slowAdj, m Move) int {
	s.Play(m)
	defer s.Undo()
	return -slowExact(s)
}

// TestAdjSwindleKeepsValue: near the end, with and without a time limit,
// alpha-beta's move is worth the position's exact value, by the generic
// search on the plain board, whichever move of that value the tie-break
// picks; so is its move when the clock stops the tie-break halfway.
func TestAdjSwindleKeepsValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	bot := NewAdjBot(true)
	for i := 0; i < 12; i++ {
		rounds := 3 + rng.IntN(6)
		a := adjRandomPosition(rng, rounds, 2*rounds-2-rng.IntN(3)) // 2 to 4 plies left
		slow := slowCopy(a)
		want := slowExact(slow)
		for _, b := range []Budget{{}, {Time: time.Minute}, {Time: 3 * time.Millisecond}} {
			d := bot.Think(context.Background(), a, b)
			if !slices.Contains(a.Moves(nil), d.Move) {
				t.Fatalf("moves %v %v: illegal move %d", a.History(), b, d.Move)
			}
			if b.Time == 3*time.Millisecond && d.Depth != 2*rounds-len(a.History()) {
				continue // not solved in time: no tie-break
			}
			if d.Score != want {
				t.Errorf("moves %v %v: score %d, exact %d", a.History(), b, d.Score, want)
			}
			if v := slowAfter(slow, d.Move); v != want {
				t.Errorf("moves %v %v: move %d worth %d, not %d", a.History(), b, d.Move, v, want)
			}
		}
	}
}

// TestAdjSwindleMostTraps: on positions with several moves of the exact
// value that set different numbers of traps (replies after which the
// bot's exact value is above it), counted by brute force with the generic
// search on the plain board, the bot picks a move with the most traps and,
// among those, the largest total gain over the replies.
func TestAdjSwindleMostTraps(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	bot := NewAdjBot(true)
	plain := &AdjBot{Prune: true, plain: true}
	tested, changed := 0, 0
	for i := 0; i < 60 && tested < 8; i++ {
		rounds := 3 + rng.IntN(4)
		a := adjRandomPosition(rng, rounds, 2*rounds-3) // 3 plies left
		slow := slowCopy(a)
		want := slowExact(slow)
		type score struct{ traps, gain int }
		scores := map[Move]score{}
		var best score
		for _, m := range slow.Moves(nil) {
			if slowAfter(slow, m) != want {
				continue
			}
			slow.Play(m)
			var sc score
			for _, r := range slow.Moves(nil) {
				if w := slowAfter(slow, r); -w > want {
					sc.traps++
					sc.gain += -w - want
				}
			}
			slow.Undo()
			scores[m] = sc
			if sc.traps > best.traps || sc.traps == best.traps && sc.gain > best.gain {
				best = sc
			}
		}
		distinct := map[int]bool{}
		for _, sc := range scores {
			distinct[sc.traps] = true
		}
		if len(distinct) < 2 {
			continue // every move of the value sets as many traps
		}
		tested++
		d := bot.Think(context.Background(), a, Budget{Time: time.Minute})
		if got, ok := scores[d.Move]; !ok || got != best {
			t.Errorf("moves %v: move %d scores %v (of the value: %t), best %v", a.History(), d.Move, got, ok, best)
		}
		if p := plain.Think(context.Background(), a, Budget{Time: time.Minute}); scores[p.Move] != best {
			changed++
		}
	}
	t.Logf("%d positions, %d where the tie-break changed the move", tested, changed)
	if tested < 8 || changed == 0 {
		t.Errorf("%d positions with moves of unequal traps, %d where the first best move was not the trappiest", tested, changed)
	}
}

// TestAdjSwindleTimeBudget: with a budget that solves the position but
// leaves the tie-break too little time, the bot still answers within the
// budget plus a little, with a move of the exact value (the exact values
// by the fast search without tie-break, checked above against the plain
// board).
func TestAdjSwindleTimeBudget(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	slack := func(b time.Duration) time.Duration { return b + b/20 + 10*time.Millisecond }
	exact := &AdjBot{Prune: true, plain: true}
	for i := 0; i < 6; i++ {
		a := adjRandomPosition(rng, 8, 10) // 6 plies left: solved in a few ms
		want := exact.Think(context.Background(), a, Budget{}).Score
		budget := 5 * time.Millisecond
		var over []time.Duration
		for len(over) < 3 {
			start := time.Now()
			d := NewAdjBot(true).Think(context.Background(), a, Budget{Time: budget})
			elapsed := time.Since(start)
			if !slices.Contains(a.Moves(nil), d.Move) {
				t.Fatalf("moves %v: illegal move %d", a.History(), d.Move)
			}
			if d.Depth == 6 {
				a.Play(d.Move)
				if v := -exact.Think(context.Background(), a, Budget{}).Score; v != want {
					t.Errorf("moves %v: move %d worth %d, not %d", a.History(), d.Move, v, want)
				}
				a.Undo()
			}
			if elapsed <= slack(budget) {
				break
			}
			over = append(over, elapsed)
		}
		if len(over) == 3 {
			t.Errorf("moves %v, budget %v: took %v", a.History(), budget, over)
		}
	}
}

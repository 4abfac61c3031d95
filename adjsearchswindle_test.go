package main

import (
	"cmp"
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
// picks; so is its move when the clock stops the tie-break halfway. With
// 8 to 10 plies left the search solves by class first (solveClass); a
// clock that stops it before the margin is known leaves a move of the
// value's sign.
func TestAdjSwindleKeepsValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	bot := NewAdjBot(true)
	for i := 0; i < 18; i++ {
		rounds := 3 + rng.IntN(6)
		a := adjRandomPosition(rng, rounds, 2*rounds-2-rng.IntN(3)) // 2 to 4 plies left
		if i >= 12 {
			// A nearly full board with 8 to 10 plies left: a budget of
			// a minute solves it by class first, then for its margin.
			rounds = 28
			a = adjRandomPosition(rng, rounds, 46+rng.IntN(3))
		}
		slow := slowCopy(a)
		want := slowExact(slow)
		for _, b := range []Budget{{}, {Time: time.Minute}, {Time: 3 * time.Millisecond}} {
			d := bot.Think(context.Background(), a, b)
			if !slices.Contains(a.Moves(nil), d.Move) {
				t.Fatalf("moves %v %v: illegal move %d", a.History(), b, d.Move)
			}
			// In 3 ms the search may solve the position by class only,
			// or not at all.
			short := b.Time == 3*time.Millisecond
			if short && d.Depth != 2*rounds-len(a.History()) {
				continue // not solved in time: no tie-break
			}
			if d.Score != want && (!short || cmp.Compare(d.Score, 0) != cmp.Compare(want, 0)) {
				t.Errorf("moves %v %v: score %d, exact %d", a.History(), b, d.Score, want)
			}
			if v := slowAfter(slow, d.Move); v != want && (!short || cmp.Compare(v, 0) != cmp.Compare(want, 0)) {
				t.Errorf("moves %v %v: move %d worth %d, not %d", a.History(), b, d.Move, v, want)
			}
		}
	}
}

// TestAdjSwindleMostTraps: on positions with several moves of the exact
// value that score differently, the bot picks a move with the best score
// counted by brute force with the generic search on the plain board: the
// largest chance, over the opponent's searches of 1 to adjSwindleModels
// plies each choosing among the replies it rates best (at random; one ply:
// the first in scan order), of a
// trap (a reply after which the bot's exact value reaches trapAt of the
// root's), then the most traps, then the largest total gain over them.
func TestAdjSwindleMostTraps(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(23, 24))
	bot := NewAdjBot(true)
	plain := &AdjBot{Prune: true, plain: true}
	tested, changed, losing := 0, 0, 0
	for i := 0; i < 400 && (tested < 8 || losing < 4); i++ {
		rounds := 3 + rng.IntN(4)
		a := adjRandomPosition(rng, rounds, 2*rounds-2-i%2) // 2 or 3 plies left
		slow := slowCopy(a)
		want := slowExact(slow)
		if tested >= 8 && want > -4 {
			continue // only positions lost by 4 or more are still wanted
		}
		scores, best := slowSwindleScores(slow, want)
		distinct := map[swindleScore]bool{}
		for _, sc := range scores {
			distinct[sc] = true
		}
		if len(distinct) < 2 {
			continue // every move of the value scores alike
		}
		tested++
		if want <= -4 {
			losing++ // a smaller loss is no trap here
		}
		d := bot.Think(context.Background(), a, Budget{Time: time.Minute})
		if got, ok := scores[d.Move]; !ok || got != best {
			t.Errorf("moves %v: move %d scores %v (of the value: %t), best %v", a.History(), d.Move, got, ok, best)
		}
		if p := plain.Think(context.Background(), a, Budget{Time: time.Minute}); scores[p.Move] != best {
			changed++
		}
	}
	t.Logf("%d positions, %d where the tie-break changed the move, %d lost by 4 or more", tested, changed, losing)
	if losing < 4 {
		t.Errorf("%d positions lost by 4 or more: the traps of a loss are untested", losing)
	}
	if tested < 8 || changed == 0 {
		t.Errorf("%d positions with moves of unequal scores, %d where the first best move was not the best scored", tested, changed)
	}
}

// slowSwindleScores scores by brute force, on the plain board, each move
// of slow worth want as swindleMove ranks them, and returns the scores
// and the best of them.
func slowSwindleScores(slow *slowAdj, want int) (scores map[Move]swindleScore, best swindleScore) {
	scores = map[Move]swindleScore{}
	for _, m := range slow.Moves(nil) {
		if slowAfter(slow, m) != want {
			continue
		}
		slow.Play(m)
		var sc swindleScore
		type reply struct {
			view [adjSwindleModels]int
			trap bool
		}
		var replies []reply
		for _, r := range slow.Moves(nil) {
			slow.Play(r)
			w := slowExact(slow)
			// The opponent's view of r at each depth.
			var view [adjSwindleModels]int
			view[0] = -slow.Evaluate(slow.Turn())
			for d := 1; d < adjSwindleModels; d++ {
				view[d] = -SearchBot{}.Think(context.Background(), slow, Budget{Depth: d}).Score
			}
			slow.Undo()
			trap := w >= trapAt(want)
			if trap {
				sc.traps++
				sc.gain += w - want
			}
			replies = append(replies, reply{view, trap})
		}
		// Each model's chance: the share of traps among the replies
		// it rates best; the one-ply model takes the last of them (the
		// replies come in scan order).
		for d := range adjSwindleModels {
			top, n, fall := -infinity, 0, 0
			for _, r := range replies {
				top = max(top, r.view[d])
			}
			for i := len(replies) - 1; i >= 0; i-- {
				if r := replies[i]; r.view[d] == top && (d > 0 || n == 0) {
					n++
					if r.trap {
						fall++
					}
				}
			}
			sc.chance += float64(fall) / float64(n)
		}
		slow.Undo()
		scores[m] = sc
		if sc.better(best) {
			best = sc
		}
	}
	return scores, best
}

// TestAdjSwindleTimeBudget: with a budget that solves the position but
// leaves the tie-break too little time, the bot still answers within the
// budget plus a little, with a move of the exact value (the exact values
// by the fast search without tie-break, checked above against the plain
// board).
func TestAdjSwindleTimeBudget(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	exact := &AdjBot{Prune: true, plain: true}
	for i := 0; i < 6; i++ {
		a := adjRandomPosition(rng, 8, 10) // 6 plies left: solved in a few ms
		want := exact.Think(context.Background(), a, Budget{}).Score
		d := keepsBudget(t, NewAdjBot(true), a, Budget{Time: 5 * time.Millisecond})
		if d.Depth == 6 {
			a.Play(d.Move)
			if v := -exact.Think(context.Background(), a, Budget{}).Score; v != want {
				t.Errorf("moves %v: move %d worth %d, not %d", a.History(), d.Move, v, want)
			}
			a.Undo()
		}
	}
}

// BenchmarkAdjSwindleDrawn plays out, against the genetic bot (four
// seeds) and the local search bot, positions of 8-round games from matches
// in which alpha-beta as X, with 8 plies left and the exact value 0,
// played the first drawing move and drew; by the bot as it was (plain)
// and with the tie-break, against the same opponents. It reports each
// one's wins per playout (as X, a loss is impossible from a value of 0).
func BenchmarkAdjSwindleDrawn(b *testing.B) {
	spec, err := findGame("adj")
	if err != nil {
		b.Fatal(err)
	}
	records := []string{"5,58,23,40,0,3,27,44", "5,58,23,40,0,25,41,50", "5,58,23,40,0,26,18,25", "5,40,23,58,0,2,63,41", "5,58,23,40,0,17,9,10"}
	budget := defaultBudget(b, spec, "alphabeta")
	for _, opponent := range []struct {
		name  string
		seeds uint64
	}{{"genetic", 4}, {"local", 1}} {
		b.Run(opponent.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				wins := map[string]int{}
				for _, plain := range []bool{true, false} {
					name := "swindle"
					if plain {
						name = "plain"
					}
					for _, rec := range records {
						for seed := uint64(1); seed <= opponent.seeds; seed++ {
							g, err := spec.parseRecord(rec, nil)
							if err != nil {
								b.Fatal(err)
							}
							ab := &AdjBot{Prune: true, plain: plain, cache: &adjCache{}}
							opp, err := newBotFor(spec, opponent.name, rand.New(rand.NewPCG(seed, 1)))
							if err != nil {
								b.Fatal(err)
							}
							if err := playGame(context.Background(), g, botSeats(ab, opp, budget), gameHooks{}); err != nil {
								b.Fatal(err)
							}
							if g.Winner() == X {
								wins[name]++
							}
							b.Logf("%s %s seed %d: %s", name, spec.record(g), seed, resultLine(g))
						}
					}
				}
				n := float64(len(records)) * float64(opponent.seeds)
				b.ReportMetric(float64(wins["plain"])/n, "plain-wins/game")
				b.ReportMetric(float64(wins["swindle"])/n, "swindle-wins/game")
			}
		})
	}
}

// slowGreedyReach is greedyReach by brute force on the plain board: the
// side to move, worth at least v, plays any move worth at least v, local
// search answers, until the exact value reaches target; the first move
// needs at least two plies left.
func slowGreedyReach(s *slowAdj, v, target int) bool {
	for _, m := range s.Moves(nil) {
		if slowAfter(s, m) < v {
			continue
		}
		s.Play(m)
		r := LocalBot{}.Think(context.Background(), s, Budget{}).Move
		s.Play(r)
		// With one ply left, the exact value is all there is to reach.
		reached := slowExact(s) >= target || 2*s.rounds-len(s.history) >= 2 && slowGreedyReach(s, v, target)
		s.Undo()
		s.Undo()
		if reached {
			return true
		}
	}
	return false
}

// TestAdjGreedyReach: on drawn and lost positions 4 to 6 plies from the
// end, greedyReach finds a line that beats local search exactly when brute
// force on the plain board does, and there are positions of both kinds.
func TestAdjGreedyReach(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(41, 42))
	found := map[bool]int{}
	for i := 0; i < 400 && (found[true] < 12 || found[false] < 12); i++ {
		a := adjRandomPosition(rng, 28, 50+rng.IntN(3)) // 4 to 6 plies left
		slow := slowCopy(a)
		v := slowExact(slow)
		if v > 0 {
			continue
		}
		want := slowGreedyReach(slow, v, trapAt(v))
		found[want]++
		s := adjTestSearch(a, true, newAdjTable(16))
		me, opp := a.marks[a.Turn()], a.marks[a.Turn().Other()]
		if got := s.greedyReach(me, opp, len(a.History()), v, trapAt(v)); got != want {
			t.Errorf("moves %v (worth %d): greedyReach %t, brute force %t", a.History(), v, got, want)
		}
	}
	if found[true] < 12 || found[false] < 12 {
		t.Errorf("positions that beat local search and not: %v, want 12 of each", found)
	}
}

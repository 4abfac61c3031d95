package main

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// tttAfter replays a Tic-Tac-Toe record of cell digits.
func tttAfter(t testing.TB, record string) Game {
	t.Helper()
	g, err := tttSpec().parseRecord(record, nil)
	if err != nil {
		t.Fatalf("record %q: %v", record, err)
	}
	return g
}

// TestLocalPicksBest checks hand-scored positions: the expected move and
// its score were worked out on paper from the game's Final and Evaluate.
func TestLocalPicksBest(t *testing.T) {
	tests := []struct {
		name   string
		record string
		move   Move
		score  int
		nodes  int64
	}{
		// X holds 6 7, O holds 0 1. Cell 2 would block, but 8 wins
		// (Final 10 beats any evaluation, capped at 5).
		{"takes the win, not the block", "6071", 8, tttWin, 5},
		// X holds 0 1 and threatens 2; O holds 4. Open lines after each
		// O move, from O's side: 2 -> 3, 3 -> 1, 5 -> 1, 6 -> 2, 7 -> 0,
		// 8 -> 1; blocking at 2 is also the evaluation's best.
		{"blocks when the evaluation says so", "041", 2, 3, 6},
		// Empty board: the centre lies on 4 lines, so X scores 4 there;
		// a corner 3, an edge 2.
		{"centre first", "", 4, 4, 9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := tttAfter(t, tc.record)
			d := LocalBot{}.Think(context.Background(), g, Budget{})
			if d.Move != tc.move || d.Score != tc.score || d.Nodes != tc.nodes || d.Depth != 1 {
				t.Errorf("got move %d score %d nodes %d depth %d, want move %d score %d nodes %d depth 1",
					d.Move, d.Score, d.Nodes, d.Depth, tc.move, tc.score, tc.nodes)
			}
			if got := tttAfter(t, tc.record); got.Key() != g.Key() || len(got.History()) != len(g.History()) {
				t.Errorf("Think changed the position")
			}
		})
	}
}

// TestLocalAdjacency checks hand-scored Adjacency positions (seed 002's
// objective; cells are row*8+col; X starts on 48 49 56 57, O on 6 7 14 15).
func TestLocalAdjacency(t *testing.T) {
	spec, err := findGame("adjacency")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		rounds int
		record string
		move   Move
		score  int
		nodes  int64
	}{
		// Two rounds: X 40, O 22, X 23 (flipping 15 and 22). O's move
		// ends the game, so the complete-state objective decides: O has
		// 6 7 14, X has 15 22 23 40 48 49 56 57. Only 41 touches two X
		// marks (40 and 49): 6 against 6 scores 0; one flip leaves 5-7,
		// none 4-8. 64-11 = 53 empty cells are scored.
		{"the best-flipping cell ends it", 2, "40,22,23", 41, 0, 53},
		// The start, X to move: L_X = 1 (56), L_O = 1 (7); the U term is
		// 0 while |U_X - U_O| is no more than the 15 plies left after the
		// move. A move gains at most one fixed mark: 5 flips 6, which then
		// has no empty neighbour (5, 7, 14 full); 23 does the same to 15;
		// 40 closes 48 and 58 closes 57. Every other cell scores 0 (13
		// and 22 flip 14 but leave it open), so 58 is the last of the 1s,
		// the one the course's scan keeps.
		{"the last cell that fixes a mark", 8, "", 58, 1, 56},
		// O answers 58: X's 56 and 57 are shut in (L 2-1 against O's 7),
		// U 3-3, so O stands at -1. Fixing one of its own marks evens L:
		// 5 shuts in 6, 23 shuts in 15, and 40 turns 48 into an O mark
		// with no empty neighbour (40, 49, 56 full) while 40 itself stays
		// open (U 4-2, within the 14 plies left): all 0. Every other cell
		// leaves L at -1 and scores -1 (41, 50 and 59 turn open marks
		// only). 40 is the last of the 0s.
		{"O's last cell of the best", 8, "58", 40, 0, 55},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := spec.parseRecord(tc.record, gameOptions{"rounds": tc.rounds})
			if err != nil {
				t.Fatal(err)
			}
			d := LocalBot{}.Think(context.Background(), g, Budget{})
			if d.Move != tc.move || d.Score != tc.score || d.Nodes != tc.nodes {
				t.Errorf("got move %d score %d nodes %d, want move %d score %d nodes %d",
					d.Move, d.Score, d.Nodes, tc.move, tc.score, tc.nodes)
			}
		})
	}
}

// TestLocalFinishedGame: nothing to play.
func TestLocalFinishedGame(t *testing.T) {
	g := tttAfter(t, "03142") // X wins on the top row
	d := LocalBot{}.Think(context.Background(), g, Budget{})
	if d.Move != NoMove || d.Nodes != 0 {
		t.Errorf("got move %d nodes %d, want NoMove and 0 nodes", d.Move, d.Nodes)
	}
}

// TestLocalMatchesOnePlyMinimax: local search is a one-ply minimax, so on
// random positions of every game its move has the value minimax at depth
// 1 finds, and no later move in the game's order has it (the last among
// equals is kept). The scores are equal when the move does not end the
// game (minimax adjusts a won or lost game's score by its distance).
func TestLocalMatchesOnePlyMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, spec := range playableGames() {
		for range 200 {
			g := randomPosition(spec, rng, 0)
			if g.Over() {
				continue
			}
			want := SearchBot{}.Think(context.Background(), g, Budget{Depth: 1})
			got := LocalBot{}.Think(context.Background(), g, Budget{})
			// The one-ply value of every move, from the mover's side.
			value := func(m Move) int {
				h := g.Clone()
				h.Play(m)
				return localScore(h, defaultEval(h), g.Turn())
			}
			best := value(want.Move)
			moves := g.Moves(nil)
			at := slices.Index(moves, got.Move)
			if at < 0 || value(got.Move) != best {
				t.Fatalf("%s %s: local plays %s worth %d, one-ply minimax %s worth %d", spec.name, spec.record(g),
					g.FormatMove(got.Move), value(got.Move), g.FormatMove(want.Move), best)
			}
			for _, m := range moves[at+1:] {
				if value(m) == best {
					t.Fatalf("%s %s: local plays %s, but %s comes later with the same value %d", spec.name,
						spec.record(g), g.FormatMove(got.Move), g.FormatMove(m), best)
				}
			}
			h := g.Clone()
			h.Play(got.Move)
			if !h.Over() && got.Score != want.Score {
				t.Fatalf("%s %s: local scores %d, one-ply minimax %d", spec.name, spec.record(g), got.Score, want.Score)
			}
		}
	}
}

// plainLocalMove is the course team's local search written out plainly
// from docs/adjacency.md over a grid, sharing no code with the program: for every
// empty cell, left to right and top to bottom, put the mover's mark there,
// turn the enemy marks above, below, left and right of it, and score the
// board for the mover: N_me - N_enemy if that move ends the game, else
// L_me - L_enemy + C*max(|U_me - U_enemy| - M, 0) with M the plies left
// after the move; keep the cell whenever its score is >= the best so far.
func plainLocalMove(cells [8][8]Side, me Side, pliesLeft int) (int, int) {
	enemy := X
	if me == X {
		enemy = O
	}
	dirs := [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}
	inside := func(r, c int) bool { return 0 <= r && r < 8 && 0 <= c && c < 8 }
	bestCell, bestScore := -1, 0
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			if cells[r][c] != Nobody {
				continue
			}
			b := cells // a copy: arrays are values
			b[r][c] = me
			for _, d := range dirs {
				if rr, cc := r+d[0], c+d[1]; inside(rr, cc) && b[rr][cc] == enemy {
					b[rr][cc] = me
				}
			}
			m := pliesLeft - 1
			n := map[Side]int{}
			l := map[Side]int{}
			u := map[Side]int{}
			for rr := 0; rr < 8; rr++ {
				for cc := 0; cc < 8; cc++ {
					side := b[rr][cc]
					if side == Nobody {
						continue
					}
					n[side]++
					open := false
					for _, d := range dirs {
						if r2, c2 := rr+d[0], cc+d[1]; inside(r2, c2) && b[r2][c2] == Nobody {
							open = true
						}
					}
					if open {
						u[side]++
					} else {
						l[side]++
					}
				}
			}
			var score int
			if m == 0 {
				score = n[me] - n[enemy]
			} else {
				diff := u[me] - u[enemy]
				term := 0
				if diff > m {
					term = diff - m // C = +1
				} else if -diff > m {
					term = -(-diff - m) // C = -1
				}
				score = l[me] - l[enemy] + term
			}
			if bestCell < 0 || score >= bestScore {
				bestCell, bestScore = r*8+c, score
			}
		}
	}
	return bestCell, bestScore
}

// TestLocalAgainstPlainRule: on a few hundred positions (random ones of
// every length, and the positions of games local search plays against
// itself and against random moves, where ties are as common as in real
// play), LocalBot plays the move, with the score, of the plain statement
// of the rule.
func TestLocalAgainstPlainRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	moves := 0
	check := func(a *Adjacency) {
		t.Helper()
		s := slowCopy(a)
		wantCell, wantScore := plainLocalMove(s.cells, s.Turn(), a.PliesLeft())
		d := LocalBot{}.Think(context.Background(), a, Budget{})
		if int(d.Move) != wantCell || d.Score != wantScore {
			t.Fatalf("rounds %d %s: local plays %d scoring %d, the plain rule %d scoring %d",
				a.rounds, adjRecord(a), d.Move, d.Score, wantCell, wantScore)
		}
		moves++
	}
	for i := range 200 {
		rounds := 2 + rng.IntN(27)
		a := adjRandomPosition(rng, rounds, rng.IntN(2*rounds))
		check(a)
		if i%10 == 0 {
			// A whole game: local against itself, or against random moves.
			g := NewAdjacency(2 + rng.IntN(14))
			random := i%20 == 0
			for !g.Over() {
				check(g)
				m := LocalBot{}.Think(context.Background(), g, Budget{}).Move
				if random && g.Turn() == O {
					legal := g.Moves(nil)
					m = legal[rng.IntN(len(legal))]
				}
				g.Play(m)
			}
		}
	}
	if moves < 300 {
		t.Errorf("only %d moves compared", moves)
	}
}

// adjRecord writes a position's moves in the -analyze notation.
func adjRecord(a *Adjacency) string {
	var f []string
	for _, m := range a.History() {
		f = append(f, a.FormatMove(m))
	}
	return strings.Join(f, ",")
}

// TestLocalCancelled: a cancelled caller still gets a legal move.
func TestLocalCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, spec := range playableGames() {
		g := spec.start(nil)
		d := LocalBot{}.Think(ctx, g, Budget{Time: time.Millisecond})
		if !slices.Contains(g.Moves(nil), d.Move) {
			t.Errorf("%s: move %d is not legal", spec.name, d.Move)
		}
	}
}

// playableGames are the games registered in this build.
func playableGames() []*gameSpec { return declared.games }

// randomPosition plays a random number of random moves from the start
// (at least minPlies when the game lasts that long).
func randomPosition(spec *gameSpec, rng *rand.Rand, minPlies int) Game {
	g := spec.start(nil)
	plies := minPlies + rng.IntN(20)
	for i := 0; i < plies && !g.Over(); i++ {
		moves := g.Moves(nil)
		g.Play(moves[rng.IntN(len(moves))])
	}
	return g
}

// TestRolloutAgainstReference: on random positions of every game, with
// and without a horizon, the rollout bot's move and score are those found
// by playing each move and then letting two LocalBots play on, Think by
// Think: the best final objective for the mover, the first among equals.
func TestRolloutAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, spec := range playableGames() {
		for i := range 40 {
			g := randomPosition(spec, rng, 0)
			if g.Over() {
				continue
			}
			horizon := []int{0, 1, 2, 5}[i%4]
			me := g.Turn()
			want, wantScore := NoMove, -infinity
			for _, m := range g.Moves(nil) {
				h := g.Clone()
				h.Play(m)
				for plies := 1; !h.Over() && (horizon == 0 || plies < horizon); plies++ {
					h.Play(LocalBot{}.Think(context.Background(), h, Budget{}).Move)
				}
				if v := localScore(h, defaultEval(h), me); v > wantScore {
					want, wantScore = m, v
				}
			}
			d := RolloutBot{}.Think(context.Background(), g, Budget{Depth: horizon})
			if d.Move != want || d.Score != wantScore {
				t.Fatalf("%s %s horizon %d: rollout plays %s scoring %d, reference %s scoring %d", spec.name,
					spec.record(g), horizon, g.FormatMove(d.Move), d.Score, g.FormatMove(want), wantScore)
			}
		}
	}
}

// TestRolloutOneMoveLeft: with one ply to go a rollout is local search.
func TestRolloutOneMoveLeft(t *testing.T) {
	spec, err := findGame("adjacency")
	if err != nil {
		t.Fatal(err)
	}
	g, err := spec.parseRecord("40,22,23", gameOptions{"rounds": 2}) // see TestLocalAdjacency
	if err != nil {
		t.Fatal(err)
	}
	d := RolloutBot{}.Think(context.Background(), g, Budget{})
	if d.Move != 41 || d.Score != 0 || d.Nodes != 53 || d.Depth != 1 {
		t.Errorf("got move %d score %d nodes %d depth %d, want 41, 0, 53, 1", d.Move, d.Score, d.Nodes, d.Depth)
	}
}

// playMatch plays games between a and b from random openings of opening
// plies, a taking X in the even games and O in the odd ones, and counts
// the wins of each and the draws. Each bot searches with its budget.
func playMatch(spec *gameSpec, a, b Bot, games, rounds, opening int, budget func(Bot) Budget, rng *rand.Rand) (aWins, bWins, draws int) {
	for i := range games {
		g := spec.start(gameOptions{"rounds": rounds})
		for range opening {
			moves := g.Moves(nil)
			g.Play(moves[rng.IntN(len(moves))])
		}
		x, o := a, b
		if i%2 == 1 {
			x, o = b, a
		}
		seats := [3]seat{X: botSeat{bot: x, label: x.Name(), budget: budget(x)}, O: botSeat{bot: o, label: o.Name(), budget: budget(o)}}
		if err := playGame(context.Background(), g, seats, gameHooks{}); err != nil {
			panic(err)
		}
		switch w := g.Winner(); {
		case w == Nobody:
			draws++
		case (w == X) == (i%2 == 0):
			aWins++
		default:
			bWins++
		}
	}
	return aWins, bWins, draws
}

// TestSharedBotsMatches is a small, fixed version of the Adjacency
// matches (8 rounds, 20 games from random two-ply openings, seats
// swapped, no clock): rollout beats local search in most games, the
// genetic bot (at the reduced size of TestGeneticAgreement) wins more
// games than local search, and alpha-beta at depth 6 beats that genetic
// bot in most games. BenchmarkAdjacencyMatches plays the full 100.
func TestSharedBotsMatches(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	spec := adjSpec(t)
	rng := rand.New(rand.NewPCG(1, 1))
	w, l, d := playMatch(spec, RolloutBot{}, LocalBot{}, 20, 8, 2, matchBudget, rng)
	t.Logf("rollout %d - local %d, %d draws", w, l, d)
	if w < 15 {
		t.Errorf("rollout won %d of 20 games against local search (lost %d), want at least 15", w, l)
	}
	gen := NewGeneticBot(rand.New(rand.NewPCG(2, 2)))
	gen.Population, gen.Generations = 100, 60
	w, l, d = playMatch(spec, gen, LocalBot{}, 20, 8, 2, matchBudget, rng)
	t.Logf("genetic %d - local %d, %d draws", w, l, d)
	if w <= l {
		t.Errorf("genetic won %d of 20 games against local search, lost %d", w, l)
	}
	w, l, d = playMatch(spec, NewAdjBot(true), gen, 20, 8, 2, budgetFor("alphabeta", Budget{Depth: 6}), rng)
	t.Logf("alphabeta depth 6 - genetic %d - %d, %d draws", w, l, d)
	if w < 12 || w < 3*l {
		t.Errorf("alphabeta at depth 6 won %d of 20 games against genetic, lost %d; want at least 12 wins, three times its losses", w, l)
	}
}

// matchBudget fixes alpha-beta's depth at 4 and leaves the other bots
// their defaults, so that a match does not depend on the machine's speed.
var matchBudget = budgetFor("alphabeta", Budget{Depth: 4})

// budgetFor gives the named bot the budget b and every other bot its
// defaults.
func budgetFor(name string, b Budget) func(Bot) Budget {
	return func(bot Bot) Budget {
		if bot.Name() == name {
			return b
		}
		return Budget{}
	}
}

// adjSpec is the Adjacency game's entry of the game table.
func adjSpec(tb testing.TB) *gameSpec {
	spec, err := findGame("adjacency")
	if err != nil {
		tb.Fatal(err)
	}
	return spec
}

// BenchmarkAdjacencyMatches plays 100 games of 8 rounds for each pair of
// the shared bots (and the game's alphabeta at depth 4 against them), from
// random two-ply openings with seats swapped, and reports the first bot's
// wins, the second's and the draws. No clock: the shared bots run their
// defaults (genetic depth 4, rollout to the end), alphabeta depth 4.
func BenchmarkAdjacencyMatches(b *testing.B) {
	spec := adjSpec(b)
	pairs := [][2]string{{"genetic", "local"}, {"rollout", "local"}, {"genetic", "rollout"}, {"alphabeta", "genetic"}, {"alphabeta", "local"}, {"alphabeta", "rollout"}}
	for _, p := range pairs {
		b.Run(p[0]+"-"+p[1], func(b *testing.B) {
			var w1, w2, d int
			for i := range b.N {
				rng := rand.New(rand.NewPCG(uint64(i)+1, 1))
				x, err1 := newBotFor(spec, p[0], rand.New(rand.NewPCG(uint64(i)+2, 2)))
				o, err2 := newBotFor(spec, p[1], rand.New(rand.NewPCG(uint64(i)+3, 3)))
				if err1 != nil || err2 != nil {
					b.Fatal(err1, err2)
				}
				w1, w2, d = playMatch(spec, x, o, 100, 8, 2, matchBudget, rng)
			}
			b.ReportMetric(float64(w1), p[0]+"-wins")
			b.ReportMetric(float64(w2), p[1]+"-wins")
			b.ReportMetric(float64(d), "draws")
		})
	}
}

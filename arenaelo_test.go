package main

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// logistic is the model's expected score at a rating difference d, the
// inverse of eloDiff written independently of it.
func logistic(d float64) float64 { return 1 / (1 + math.Pow(10, -d/400)) }

// near reports whether got is within tol of want (infinities equal).
func near(got, want, tol float64) bool {
	return got == want || math.Abs(got-want) <= tol
}

// The scores whose ratings are known in closed form: a score s means odds
// s/(1-s), and the rating is 400*log10 of the odds, so 75% (odds 3) is
// 400*log10(3) = +190.85 and 90% (odds 9) twice that.
func TestEloDiff(t *testing.T) {
	for _, tc := range []struct {
		name  string
		score float64
		want  float64
	}{
		{"even", 0.5, 0},
		{"three to one", 0.75, 400 * math.Log10(3)},
		{"one to three", 0.25, -400 * math.Log10(3)},
		{"nine to one", 0.9, 800 * math.Log10(3)},
		{"ten to one", 10.0 / 11, 400},
		{"all won", 1, math.Inf(1)},
		{"all lost", 0, math.Inf(-1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := eloDiff(tc.score)
			if !near(got, tc.want, 1e-9) {
				t.Fatalf("eloDiff(%v) = %v, want %v", tc.score, got, tc.want)
			}
			if back := logistic(got); !near(back, tc.score, 1e-12) {
				t.Errorf("logistic(eloDiff(%v)) = %v", tc.score, back)
			}
		})
	}
}

// A worked example, by hand: 20 wins, 10 draws, 10 losses in 40 games.
// Score s = (20 + 10/2)/40 = 0.625, diff = -400*log10(1/0.625 - 1) =
// -400*log10(0.6) = +88.74. Per-game variance: (20*(1-0.625)^2 +
// 10*(0.5-0.625)^2 + 10*(0-0.625)^2)/40 = (2.8125 + 0.15625 + 3.90625)/40
// = 0.171875; standard error of the mean score sqrt(0.171875/40) = 0.06555;
// slope 400/(ln 10 * 0.625*0.375) = 741.2 Elo per unit of score; interval
// 1.96 * 0.06555 * 741.2 = 95.2.
func TestEloInterval(t *testing.T) {
	for _, tc := range []struct {
		name      string
		r         wdl
		diff, pm  float64
		tolerance float64
	}{
		{"worked example", wdl{20, 10, 10}, 88.74, 95.23, 0.01},
		{"reversed", wdl{10, 10, 20}, -88.74, 95.23, 0.01},
		// With no draws the variance is binomial, s(1-s) = 0.1875:
		// 1.96 * sqrt(0.1875/20) * 400/(ln 10 * 0.1875) = 175.8.
		{"75% of 20", wdl{15, 0, 5}, 190.85, 175.83, 0.01},
		{"even", wdl{7, 6, 7}, 0, 1.96 * math.Sqrt(0.175/20) * 4 * eloPerNat, 1e-9},
		{"draws only", wdl{0, 12, 0}, 0, 0, 0}, // no variance: matchElo bounds it
		{"all won", wdl{10, 0, 0}, math.Inf(1), math.Inf(1), 0},
		{"no game", wdl{}, 0, math.Inf(1), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			diff, pm := eloInterval(tc.r)
			if !near(diff, tc.diff, tc.tolerance) || !near(pm, tc.pm, tc.tolerance) {
				t.Errorf("eloInterval(%v) = %.4f +- %.4f, want %.4f +- %.4f", tc.r, diff, pm, tc.diff, tc.pm)
			}
		})
	}
}

// Four times the games at the same score: the same difference, half the
// interval (the standard error falls as 1/sqrt(n)).
func TestEloIntervalShrinks(t *testing.T) {
	for _, r := range []wdl{{20, 10, 10}, {3, 1, 1}, {1, 5, 2}} {
		d1, pm1 := eloInterval(r)
		d4, pm4 := eloInterval(wdl{4 * r.wins, 4 * r.draws, 4 * r.losses})
		if !near(d4, d1, 1e-9) || !near(pm4, pm1/2, 1e-9) {
			t.Errorf("%v: %.3f +- %.3f, four times as many: %.3f +- %.3f", r, d1, pm1, d4, pm4)
		}
	}
}

// A worked example over 10 pairs: 2 pairs won 2-0, 4 scored 1.5, 3 scored
// 1 and 1 scored 0.5. Mean score a game (2*1 + 4*0.75 + 3*0.5 + 0.25)/10 =
// 0.675, diff -400*log10(0.325/0.675) = +126.97. Variance of a pair's mean
// score: (2*0.325^2 + 4*0.075^2 + 3*0.175^2 + 0.425^2)/10 = 0.050625;
// standard error sqrt(0.050625/10) = 0.07115; slope 400/(ln 10 *
// 0.675*0.325) = 791.9; interval 1.96 * 0.07115 * 791.9 = 110.4.
func TestEloIntervalPairs(t *testing.T) {
	var p pentanomial
	for _, pair := range [][2]float64{{1, 1}, {1, 1}, {1, 0.5}, {0.5, 1}, {1, 0.5}, {0.5, 1},
		{1, 0}, {0, 1}, {0.5, 0.5}, {0.5, 0}} {
		p.add(pair[0], pair[1])
	}
	if p != (pentanomial{0, 1, 3, 4, 2}) {
		t.Fatalf("pairs counted %v", p)
	}
	for _, tc := range []struct {
		name     string
		p        pentanomial
		diff, pm float64
		ok       bool
	}{
		{"worked example", p, 126.97, 110.43, true},
		{"reversed", pentanomial{2, 4, 3, 1, 0}, -126.97, 110.43, true},
		{"all won", pentanomial{0, 0, 0, 0, 3}, math.Inf(1), math.Inf(1), true},
		// The same score in every pair: the sample shows no variance,
		// which is no evidence of none.
		{"each pair split", pentanomial{0, 0, 9, 0, 0}, 0, 0, false},
		{"each pair 1.5", pentanomial{0, 0, 0, 4, 0}, 400 * math.Log10(3), 0, false},
		{"one pair", pentanomial{0, 0, 0, 1, 0}, 400 * math.Log10(3), 0, false},
		{"no pair", pentanomial{}, 0, math.Inf(1), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			diff, pm, ok := eloIntervalPairs(tc.p)
			if ok != tc.ok || !near(diff, tc.diff, 0.01) || tc.ok && !near(pm, tc.pm, 0.01) {
				t.Errorf("eloIntervalPairs(%v) = %.3f +- %.3f, %v; want %.3f +- %.3f, %v", tc.p, diff, pm, ok, tc.diff, tc.pm, tc.ok)
			}
		})
	}
}

// After n draws and nothing else, the bound is exact: a win rate w makes
// n draws in a row at most (1-w)^n likely, 2.5% at w = 1 - 0.025^(1/n),
// and the score is then at most 1/2 + w/2. For 12 draws w = 0.26465,
// the score 0.63232, and 400*log10(0.63232/0.36768) = +94.19.
func TestDrawsInterval(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want float64
	}{{12, 94.19}, {1, 759.05}, {100, 12.59}} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			pm := drawsInterval(tc.n)
			if !near(pm, tc.want, 0.01) {
				t.Errorf("drawsInterval(%d) = %.3f, want %.2f", tc.n, pm, tc.want)
			}
			// The edge of the interval is where n draws have a 2.5% chance.
			w := 2 * (logistic(pm) - 0.5)
			if p := math.Pow(1-w, float64(tc.n)); !near(p, 0.025, 1e-9) {
				t.Errorf("at +%.1f, %d draws have probability %v, want 0.025", pm, tc.n, p)
			}
		})
	}
	if drawsInterval(40) >= drawsInterval(10) {
		t.Errorf("40 draws: +- %.1f, not narrower than after 10: +- %.1f", drawsInterval(40), drawsInterval(10))
	}
}

// The bound after a perfect score of n games is the score at which n wins
// have a 2.5% chance: 0.025^(1/10) = 0.6915 for 10 games, +140.
func TestEloLine(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    wdl
		want string
	}{
		{"75%", wdl{15, 0, 5}, "elo: alphabeta +191 +- 176 at 95%"},
		{"25%", wdl{5, 0, 15}, "elo: alphabeta -191 +- 176 at 95%"},
		{"worked example", wdl{20, 10, 10}, "elo: alphabeta +89 +- 95 at 95%"},
		{"almost even rounds to +0", wdl{1000, 0, 1001}, "elo: alphabeta +0 +- 15 at 95%"},
		{"all won", wdl{10, 0, 0}, "elo: alphabeta won all 10 games: at least +140 at 95%, no upper bound"},
		{"all lost", wdl{0, 0, 10}, "elo: alphabeta lost all 10 games: at most -140 at 95%, no lower bound"},
		{"no games", wdl{}, "elo: alphabeta no games"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			diff, pm := eloInterval(tc.r)
			if got := eloLine("alphabeta", diff, pm, tc.r.games()); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// LOS against published values: for a fishtest run of 5975 wins, 6077
// losses and 26894 draws, fishtest gave about 17%, and Kai Laskos, whose
// formula los is, the exact (binomial) value 0.176424329128482367 (his
// post "Calculating the LOS (likelihood of superiority) from results",
// TalkChess, January 2014), which the normal approximation meets within
// 2e-5; cutechess-cli printed "LOS: 3.2 %" and "LOS: 100.0 %" for 172 -
// 208 - 620 and 390 - 152 - 458. Draws change nothing; an even record,
// or none decisive, is 1/2.
func TestLOS(t *testing.T) {
	for _, tc := range []struct {
		r    wdl
		want float64
		tol  float64
	}{
		{wdl{5975, 26894, 6077}, 0.176424329128482367, 2e-5},
		{wdl{5975, 0, 6077}, 0.176424329128482367, 2e-5},
		{wdl{172, 620, 208}, 0.032, 0.0005},
		{wdl{390, 458, 152}, 1.000, 0.0005},
		{wdl{7, 3, 7}, 0.5, 0},
		{wdl{0, 12, 0}, 0.5, 0},
		{wdl{}, 0.5, 0},
	} {
		if got := los(tc.r); math.Abs(got-tc.want) > tc.tol {
			t.Errorf("los(%+v) = %.15f, want %.15f", tc.r, got, tc.want)
		}
	}
	for _, tc := range []struct {
		r    wdl
		want string
	}{
		{wdl{172, 620, 208}, "los: a 3.2%, draw ratio 62.0%"},
		{wdl{4, 0, 2}, "los: a 79.3%, draw ratio 0.0%"},
		{wdl{}, ""},
	} {
		if got := losLine("a", tc.r); got != tc.want {
			t.Errorf("losLine(%+v) = %q, want %q", tc.r, got, tc.want)
		}
	}
}

// resultTable builds points and games matrices from a list of results: bot i
// scored points against bot j in games games.
func resultTable(n int, results ...[4]float64) (points, games [][]float64) {
	points, games = make([][]float64, n), make([][]float64, n)
	for i := range n {
		points[i], games[i] = make([]float64, n), make([]float64, n)
	}
	for _, r := range results {
		i, j, p, g := int(r[0]), int(r[1]), r[2], r[3]
		points[i][j], games[i][j] = p, g
		points[j][i], games[j][i] = g-p, g
	}
	return points, games
}

func TestFitRatings(t *testing.T) {
	third := 400 * math.Log10(3) // the rating 75% implies
	for _, tc := range []struct {
		name          string
		points, games [][]float64
		elo, pm       []float64
	}{
		// Two bots: the difference is eloDiff of the score, split around
		// 0; each rating's interval is half that of the difference (binomial
		// when there are no draws: see TestEloInterval's 75% of 20).
		{"two bots", nil, nil, []float64{third / 2, -third / 2}, []float64{175.83 / 2, 175.83 / 2}},
		// A beats B 75%, B beats C 75% and A beats C 90%, just as the
		// model predicts for +191, 0 and -191: the likelihood's top is
		// there. Checked below for the intervals too.
		{"chain", nil, nil, []float64{third, 0, -third}, nil},
		// All draws, 4 games a pair: every rating 0. Each game weighs
		// p(1-p) = 1/4, so I = 3*Id - J, whose pseudo-inverse is
		// (Id - J/3)/3: variance 2/9, interval 1.96*sqrt(2/9)*173.7 = 160.5.
		{"all drawn", nil, nil, []float64{0, 0, 0}, []float64{160.51, 160.51, 160.51}},
	} {
		switch tc.name {
		case "two bots":
			tc.points, tc.games = resultTable(2, [4]float64{0, 1, 15, 20})
		case "chain":
			tc.points, tc.games = resultTable(3, [4]float64{0, 1, 30, 40}, [4]float64{1, 2, 30, 40}, [4]float64{0, 2, 36, 40})
		case "all drawn":
			tc.points, tc.games = resultTable(3, [4]float64{0, 1, 2, 4}, [4]float64{1, 2, 2, 4}, [4]float64{0, 2, 2, 4})
		}
		t.Run(tc.name, func(t *testing.T) {
			elo, pm := fitRatings(tc.points, tc.games)
			for i := range elo {
				if !near(elo[i], tc.elo[i], 1e-6) {
					t.Errorf("ratings %.4f, want %.4f", elo, tc.elo)
				}
				if tc.pm != nil && !near(pm[i], tc.pm[i], 0.01) {
					t.Errorf("intervals %.4f, want %.4f", pm, tc.pm)
				}
			}
		})
	}
}

// The chain's intervals by hand: with x = 191 Elo, p(1-p) is 3/16 between
// neighbours (40 games: weight 7.5) and 9/100 between A and C (weight
// 3.6). I = [[11.1, -7.5, -3.6], [-7.5, 15, -7.5], [-3.6, -7.5, 11.1]].
// Inverting I + J/3 and subtracting J/3 gives the variances; the middle
// bot's is the smallest. Rather than trust a hand inversion, check the
// defining property of the pseudo-inverse C: I*C*I = I, C's rows sum to 0.
func TestFitRatingsCovariance(t *testing.T) {
	points, games := resultTable(3, [4]float64{0, 1, 30, 40}, [4]float64{1, 2, 30, 40}, [4]float64{0, 2, 36, 40})
	_, pm := fitRatings(points, games)
	if !(pm[1] < pm[0] && near(pm[0], pm[2], 1e-9)) {
		t.Fatalf("intervals %.3f: want the middle bot's smallest, the ends equal", pm)
	}
	info := [][]float64{{11.1, -7.5, -3.6}, {-7.5, 15, -7.5}, {-3.6, -7.5, 11.1}}
	shifted := make([][]float64, 3)
	for i := range 3 {
		shifted[i] = make([]float64, 3)
		for j := range 3 {
			shifted[i][j] = info[i][j] + 1.0/3
		}
	}
	c := invert(shifted)
	for i := range 3 {
		for j := range 3 {
			c[i][j] -= 1.0 / 3
		}
	}
	icI := mul(mul(info, c), info)
	for i := range 3 {
		for j := range 3 {
			if !near(icI[i][j], info[i][j], 1e-9) {
				t.Fatalf("I*C*I = %v, want I", icI)
			}
		}
		if want := z95 * math.Sqrt(c[i][i]) * eloPerNat; !near(pm[i], want, 1e-6) {
			t.Errorf("interval %d = %.4f, want %.4f", i, pm[i], want)
		}
	}
}

func mul(a, b [][]float64) [][]float64 {
	c := make([][]float64, len(a))
	for i := range a {
		c[i] = make([]float64, len(b[0]))
		for j := range b[0] {
			for k := range b {
				c[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return c
}

// randomResults is a seeded round-robin of n bots and games a pair, bot i
// rated gap*i below bot 0, with draws.
func randomResults(n, games int, gap float64, seed uint64) crossResults {
	rng := rand.New(rand.NewPCG(seed, 1))
	c := newCrossResults(n)
	for i := range n {
		for j := i + 1; j < n; j++ {
			for range games {
				p := logistic(float64(j-i) * gap)
				switch u := rng.Float64(); {
				case u < p*0.8:
					c.add(i, j, 1)
				case u < 0.8:
					c.add(i, j, 0)
				default:
					c.add(i, j, 0.5)
				}
			}
		}
	}
	return c
}

// At the top of the likelihood every bot's expected total (prior
// included) equals its real one, and the ratings average 0.
func TestRatingsConverge(t *testing.T) {
	for _, tc := range []struct {
		name        string
		bots, games int
		gap         float64
	}{
		{"4 bots, 10 games a pair", 4, 10, 150},
		{"8 bots, 100 games a pair", 8, 100, 150},
		{"12 bots, 2 games a pair", 12, 2, 150},
		// 3600 Elo from first to last: the slowest to converge.
		{"10 bots 400 apart, 100 games a pair", 10, 100, 400},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := randomResults(tc.bots, tc.games, tc.gap, 7)
			elo, _ := c.ratings()
			mean := 0.0
			for i := range elo {
				mean += elo[i]
				real, expected := 0.0, 0.0
				for j := range elo {
					if i != j {
						real += c[i][j].points() + virtualDraws/2.0
						expected += float64(c[i][j].games()+virtualDraws) * logistic(elo[i]-elo[j])
					}
				}
				if !near(expected, real, 1e-6) {
					t.Errorf("bot %d: expected %.9f points, scored %.9f", i, expected, real)
				}
			}
			if !near(mean, 0, 1e-9) {
				t.Errorf("ratings %.3f sum to %g", elo, mean)
			}
		})
	}
}

// Renaming the bots permutes their ratings; turning every result around
// negates them.
func TestRatingsSymmetry(t *testing.T) {
	c := randomResults(5, 6, 150, 3)
	elo, pm := c.ratings()
	perm := []int{3, 0, 4, 1, 2} // bot k of the new table is perm[k] of the old
	permuted, mirrored := newCrossResults(5), newCrossResults(5)
	for i := range 5 {
		for j := range 5 {
			permuted[i][j] = c[perm[i]][perm[j]]
			mirrored[i][j] = c[j][i]
		}
	}
	pElo, pPM := permuted.ratings()
	mElo, mPM := mirrored.ratings()
	for k := range 5 {
		if !near(pElo[k], elo[perm[k]], 1e-6) || !near(pPM[k], pm[perm[k]], 1e-6) {
			t.Errorf("permuted: bot %d rated %.4f +- %.4f, was %.4f +- %.4f", k, pElo[k], pPM[k], elo[perm[k]], pm[perm[k]])
		}
		if !near(mElo[k], -elo[k], 1e-6) || !near(mPM[k], pm[k], 1e-6) {
			t.Errorf("mirrored: bot %d rated %.4f +- %.4f, was %.4f +- %.4f", k, mElo[k], mPM[k], elo[k], pm[k])
		}
	}
}

// A perfect score: 4-0 plus one virtual draw is 4.5/5 = 90%, so the two
// ratings are +-190.85 (odds 9, 400*log10(9)/2). Three bots, one beating
// both others in all of 6 games, which draw each other: 6.5/7 against
// each, 400*log10(13) = 445.6 above both, which is 2/3 of it above the
// mean.
func TestRatingsPerfectScore(t *testing.T) {
	two := newCrossResults(2)
	for range 4 {
		two.add(0, 1, 1)
	}
	elo, pm := two.ratings()
	third := 400 * math.Log10(3)
	if !near(elo[0], third, 1e-6) || !near(elo[1], -third, 1e-6) || math.IsInf(pm[0], 0) {
		t.Errorf("4-0: ratings %.4f +- %.4f, want +-%.4f", elo, pm, third)
	}

	three := newCrossResults(3)
	for range 6 {
		three.add(0, 1, 1)
		three.add(0, 2, 1)
		three.add(1, 2, 0.5)
	}
	elo, pm = three.ratings()
	for i := range elo {
		if math.IsNaN(elo[i]) || math.IsInf(elo[i], 0) || math.IsNaN(pm[i]) || math.IsInf(pm[i], 0) {
			t.Fatalf("ratings %.3f +- %.3f", elo, pm)
		}
	}
	lead := 400 * math.Log10(13)
	if !near(elo[0], 2*lead/3, 1e-6) || !near(elo[1], -lead/3, 1e-6) || !near(elo[2], -lead/3, 1e-6) {
		t.Errorf("ratings %.4f, want %.4f, %.4f twice", elo, 2*lead/3, -lead/3)
	}
}

// smallTournament: alphabeta beats mcts 2-0 with 2 draws and random 4-0;
// mcts beats random 3-0 with 1 draw. Listed worst first, so that the
// tables must sort.
func smallTournament() ([]string, crossResults) {
	names := []string{"random", "mcts", "alphabeta"}
	c := newCrossResults(3)
	for _, p := range []float64{1, 1, 0.5, 0.5} {
		c.add(2, 1, p)
	}
	for range 4 {
		c.add(2, 0, 1)
	}
	for _, p := range []float64{1, 1, 1, 0.5} {
		c.add(1, 0, p)
	}
	return names, c
}

// withIdle adds a bot without games, listed first, to a field: as after a
// tournament stopped before that bot's first game ended.
func withIdle(names []string, c crossResults) ([]string, crossResults) {
	idle := newCrossResults(len(c) + 1)
	for i := range c {
		copy(idle[i+1][1:], c[i])
	}
	return append([]string{"genetic"}, names...), idle
}

// The ratings: with one virtual draw per pair the table is alphabeta 3.5/5
// and 4.5/5 against mcts and random, mcts 4/5 against random, whose
// likelihood a plain grid search also finds highest at +177, +31, -208.
// A bot without games ranks last with no score or rating, its cells
// empty, and leaves the others' ratings as they were. Under the
// standings, the key of the forfeits and how the 12 games ended: 3
// draws, and of the 9 won, random lost 3 by forfeit.
func TestWriteRoundRobin(t *testing.T) {
	for _, tc := range []struct {
		name string
		idle bool
		want string
	}{
		{"all played", false, `             alphabeta   mcts  random
  alphabeta          -    3/4     4/4
       mcts        1/4      -   3.5/4
     random        0/4  0.5/4       -

rank        bot games wins draws losses score%  elo  +- ms/move forfeits
   1  alphabeta     8    6     2      0   87.5 +177 191    2.50        0
   2       mcts     8    3     3      2   56.2  +31 167    0.00        0
   3     random     8    0     1      7    6.2 -208 205    0.00 3(t2,c1)
forfeits: t on time, c crashed
ended: 9 by the rules (6 wins, 3 draws), 2 on time, 1 crash
`},
		{"one idle", true, `             alphabeta   mcts  random  genetic
  alphabeta          -    3/4     4/4        -
       mcts        1/4      -   3.5/4        -
     random        0/4  0.5/4       -        -
    genetic          -      -       -        -

rank        bot games wins draws losses score%  elo  +- ms/move forfeits
   1  alphabeta     8    6     2      0   87.5 +177 191    2.50        0
   2       mcts     8    3     3      2   56.2  +31 167    0.00        0
   3     random     8    0     1      7    6.2 -208 205    0.00 3(t2,c1)
   4    genetic     0    0     0      0      -    -   -    0.00        0
forfeits: t on time, c crashed
ended: 9 by the rules (6 wins, 3 draws), 2 on time, 1 crash
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			withStats := func(out io.Writer, names []string, c crossResults, s standings) {
				stats := newFieldStats(len(names))
				a, r := slices.Index(names, "alphabeta"), slices.Index(names, "random")
				stats[a].moves, stats[a].timeMS = 4, 10
				stats[r].forfeits[ForfeitTime], stats[r].forfeits[ForfeitCrash] = 2, 1
				writeRoundRobin(out, true, names, c, s, stats)
			}
			if got := writeSmall(tc.idle, withStats); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// writeSmall is what write prints of smallTournament, with an idle bot
// added if asked.
func writeSmall(idle bool, write func(io.Writer, []string, crossResults, standings)) string {
	names, c := smallTournament()
	if idle {
		names, c = withIdle(names, c)
	}
	var b strings.Builder
	write(&b, names, c, c.standings())
	return b.String()
}

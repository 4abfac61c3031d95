package main

import (
	"fmt"
	"math"
)

// Ratings under the logistic (Elo) model.
//
// The model says that a bot rated d points above its opponent scores, on
// average, s = 1/(1 + 10^(-d/400)) points a game, a draw counting half:
// +100 scores 64%, +191 scores 75%, +400 scores 91%. Everything here turns
// scores into ratings and says how far chance alone could move them: the
// "+- x" is a 95% interval, so about one match in twenty lands further
// from the truth than that.

// z95 is the normal quantile of a two-sided 95% interval: a normally
// distributed estimate lies within 1.96 standard errors of its mean with
// probability 0.95.
const z95 = 1.96

// eloPerNat converts a rating from the natural scale of the logistic
// function, s = 1/(1+e^-x), to Elo points, s = 1/(1+10^(-d/400)).
const eloPerNat = 400 / math.Ln10

// eloDiff is the rating difference that a mean score s (0..1, draws half)
// implies: the model's formula solved for d. A perfect score implies an
// infinite difference: eloDiff(1) is +Inf and eloDiff(0) is -Inf, which
// callers must print as a bound (eloLine does).
func eloDiff(s float64) float64 {
	return -400 * math.Log10(1/s-1)
}

// eloSlope is d eloDiff / ds at s, the Elo points a unit of score is worth
// there (one percent of score is +7 Elo at 50%, +19 at 90%). It turns the
// standard error of a score into the standard error of a rating (the
// delta method, a first-order Taylor expansion).
func eloSlope(s float64) float64 {
	return eloPerNat / (s * (1 - s))
}

// wdl is one bot's record against another: its wins, draws and losses.
type wdl struct{ wins, draws, losses int }

// add counts a game in which the bot scored points: 1, 1/2 or 0.
func (r *wdl) add(points float64) {
	switch points {
	case 1:
		r.wins++
	case 0.5:
		r.draws++
	case 0:
		r.losses++
	default:
		panic(fmt.Sprintf("wdl.add: a game scores 0, 0.5 or 1, not %v", points))
	}
}

func (r wdl) games() int { return r.wins + r.draws + r.losses }

func (r wdl) points() float64 { return float64(r.wins) + float64(r.draws)/2 }

// score is the mean points a game, draws half (0 without games).
func (r wdl) score() float64 {
	if r.games() == 0 {
		return 0
	}
	return r.points() / float64(r.games())
}

// eloInterval is the rating difference that a record implies and its 95%
// interval, from the trinomial model: each game is an independent draw of
// a score 1, 1/2 or 0 with the observed frequencies. The score's sample
// variance over n games, divided by n, is the variance of the mean score;
// the slope of eloDiff turns its square root into Elo.
//
// A perfect score (all won or all lost) gives ±Inf and an infinite
// interval; no game gives +0 and an infinite interval. A record of draws
// only has a sample variance of 0 and gives +0 +- 0, a certainty it does
// not have: matchElo, which knows the pairs, bounds it by drawsInterval
// instead.
func eloInterval(r wdl) (diff, plusMinus float64) {
	n := float64(r.games())
	if n == 0 {
		return 0, math.Inf(1)
	}
	s := r.score()
	variance := (float64(r.wins)*(1-s)*(1-s) + float64(r.draws)*(0.5-s)*(0.5-s) +
		float64(r.losses)*s*s) / n
	return intervalOf(s, variance/n)
}

// drawsInterval is the 95% interval of the rating difference after n
// trials (games, or pairs of games) that all scored exactly half. The
// sample says nothing of the variance then, so the normal approximation
// has nothing to work with; the bound is exact instead, in the way of
// eloLine's bound after a perfect score. If a trial wins with probability
// w, n trials without a win happen with probability at most (1-w)^n,
// which is below 2.5% once w > q = 1 - 0.025^(1/n); and a trial's mean
// score a game is at most 1/2 + w/2 (a win instead of the half point).
// So the score lies within 1/2 ± q/2 at 95%, two-sided: 12 draws give
// q = 0.265 and +- 94 Elo, 100 draws +- 13, a single one +- 759.
func drawsInterval(n int) float64 {
	q := 1 - math.Pow(0.025, 1/float64(n))
	return eloDiff(0.5 + q/2)
}

// intervalOf turns a mean score s and the variance of that mean into a
// rating difference and its 95% interval.
func intervalOf(s, meanVariance float64) (diff, plusMinus float64) {
	if s <= 0 || s >= 1 {
		return eloDiff(s), math.Inf(1)
	}
	return eloDiff(s), z95 * math.Sqrt(meanVariance) * eloSlope(s)
}

// pentanomial counts game pairs (the same opening, seats swapped) by the
// points a bot scored over the pair: index 0 for 0 points, 1 for 1/2, 2
// for 1, 3 for 1 1/2 and 4 for 2.
type pentanomial [5]int

// add counts a pair in which the bot scored first and then second points.
func (p *pentanomial) add(first, second float64) {
	p[int(math.Round(2*(first+second)))]++
}

// eloIntervalPairs is eloInterval over game pairs, as fishtest measures:
// the pair, not the game, is the independent trial. The two games of a
// pair share their opening, so when the opening favours a seat one game's
// result predicts the other's; counting games as independent would then
// misjudge the variance, counting pairs does not.
//
// ok is false when the pairs cannot estimate the variance: fewer than two
// pairs, or every pair scored the same (short of a perfect score, whose
// difference is infinite anyway). Their sample variance is 0, and an
// interval of +- 0 would claim a certainty that one pair, or ten pairs
// each split 1-1, do not give; matchElo falls back to other estimates.
func eloIntervalPairs(p pentanomial) (diff, plusMinus float64, ok bool) {
	pairs, sum := 0, 0.0
	for k, c := range p {
		pairs += c
		sum += float64(c*k) / 4 // the pair's mean score a game
	}
	if pairs == 0 {
		return 0, math.Inf(1), false
	}
	n := float64(pairs)
	s := sum / n
	variance := 0.0
	for k, c := range p {
		d := float64(k)/4 - s
		variance += float64(c) * d * d
	}
	diff, plusMinus = intervalOf(s, variance/n/n)
	return diff, plusMinus, variance > 0 || math.IsInf(diff, 0)
}

// los is the likelihood of superiority of a record's player: the chance,
// under the normal approximation, that it is the stronger of the two,
// from its wins and losses alone (a draw says nothing about which is
// stronger): 1/2 (1 + erf((W - L) / sqrt(2 (W + L)))), Kai Laskos's
// formula as cutechess-cli and the chess programming community use it.
// 5975 wins and 6077 losses (a fishtest run) give 0.1764. Without a
// decisive game neither is the likelier: 1/2.
func los(r wdl) float64 {
	if r.wins+r.losses == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(r.wins-r.losses)/math.Sqrt(2*float64(r.wins+r.losses))))
}

// losLine is the line beside the elo line: the likelihood of superiority
// of the bot named and the share of the games drawn, "los: alphabeta
// 88.6%, draw ratio 12.5%" (as cutechess-cli's "LOS: 88.6 %, DrawRatio:
// 12.5 %"); "" without games.
func losLine(name string, r wdl) string {
	if r.games() == 0 {
		return ""
	}
	return fmt.Sprintf("los: %s %.1f%%, draw ratio %.1f%%", name, 100*los(r), 100*float64(r.draws)/float64(r.games()))
}

// signedElo rounds a rating to a whole number with its sign, never "-0".
func signedElo(d float64) string {
	d = math.Round(d)
	if d == 0 {
		return "+0"
	}
	return fmt.Sprintf("%+.0f", d)
}

// crossResults is a round-robin's table: c[i][j] is bot i's record against
// bot j, so c[j][i] is its mirror image.
type crossResults [][]wdl

func newCrossResults(bots int) crossResults {
	c := make(crossResults, bots)
	for i := range c {
		c[i] = make([]wdl, bots)
	}
	return c
}

// add counts a game between bots i and j in which i scored points (1, 1/2
// or 0), in both of their rows.
func (c crossResults) add(i, j int, points float64) {
	c[i][j].add(points)
	c[j][i].add(1 - points)
}

// virtualDraws is the prior added between every two bots before rating a
// round-robin. A bot that never dropped half a point (or never scored
// one) has no finite maximum-likelihood rating: the likelihood keeps
// growing as it moves away from the field. The standard remedy, as in
// Rémi Coulom's BayesElo, is to pretend every two bots also drew a
// virtual game: ratings stay finite and pulled slightly toward the mean,
// a pull that fades as real games accumulate (one draw in 41 games turns
// 75% into 74.4%, +191 into +185).
const virtualDraws = 1

// ratings are the tournament's ratings: the maximum-likelihood ratings of
// the table plus virtualDraws between every two bots, with their 95%
// intervals, the field's mean at 0. A bot without a game (a tournament
// stopped early) has no rating, NaN, and is left out of the fit: its
// virtual draws alone would give it the field's mean and pull the bots
// that played toward it.
func (c crossResults) ratings() (elo, plusMinus []float64) {
	var played []int // the bots with games, as indexes into c
	for i, row := range c {
		for _, r := range row {
			if r.games() > 0 {
				played = append(played, i)
				break
			}
		}
	}
	elo, plusMinus = make([]float64, len(c)), make([]float64, len(c))
	for i := range c {
		elo[i], plusMinus[i] = math.NaN(), math.NaN()
	}
	if len(played) == 0 {
		return elo, plusMinus
	}
	n := len(played)
	points, games := make([][]float64, n), make([][]float64, n)
	for a, i := range played {
		points[a], games[a] = make([]float64, n), make([]float64, n)
		for b, j := range played {
			if i != j {
				points[a][b] = c[i][j].points() + virtualDraws/2.0
				games[a][b] = float64(c[i][j].games()) + virtualDraws
			}
		}
	}
	fitted, fittedPM := fitRatings(points, games)
	for a, i := range played {
		elo[i], plusMinus[i] = fitted[a], fittedPM[a]
	}
	return elo, plusMinus
}

// fitRatings finds the ratings r (Elo, mean 0) under which the observed
// table is most likely (Bradley-Terry with draws as half points):
// points[i][j] is what bot i scored in games[i][j] games against bot j,
// and the model's expectation is games[i][j]*p(r[i]-r[j]) with p the
// logistic curve. The likelihood is largest where every bot's expected
// total equals its real total.
//
// It climbs there by Zermelo's iteration (the MM algorithm of Hunter,
// 2004), in terms of strengths g = e^x (x the rating on the natural
// scale), which makes p = g_i/(g_i+g_j):
//
//	g_i <- (points of i) / sum over j of games[i][j]/(g_i+g_j)
//
// Each step provably raises the likelihood, so it converges whenever a
// maximum exists: when the bots cannot be split into two groups one of
// which never scored against the other (ratings adds a prior to ensure
// it).
//
// The interval comes from the curvature of the log-likelihood at the top,
// the observed information matrix I: I[i][i] = sum_j games*p*(1-p) and
// I[i][j] = -games*p*(1-p). The covariance of the estimates is its
// inverse, but I is singular (adding a constant to every rating changes
// nothing), so we take the inverse under the constraint that fixes the
// mean, the pseudo-inverse: (I + J/n)^-1 - J/n, J the all-ones matrix,
// which fills the one flat direction, inverts, and empties it again.
// Every game counts as a binomial trial (win or loss, a draw halfway),
// which overstates the variance when there are many draws: the intervals
// err on the wide side.
func fitRatings(points, games [][]float64) (elo, plusMinus []float64) {
	n := len(points)
	x := make([]float64, n) // ratings on the natural scale, mean 0
	total := make([]float64, n)
	for i := range n {
		for j := range n {
			total[i] += points[i][j]
		}
	}
	const maxSteps, tolerance = 100000, 1e-9 / eloPerNat // a billionth of an Elo point
	next := make([]float64, n)
	for range maxSteps {
		mean, moved := 0.0, 0.0
		for i := range n {
			sum := 0.0
			for j := range n {
				if games[i][j] > 0 {
					// g_i * games/(g_i+g_j) = games*p: the expected points.
					sum += games[i][j] / (1 + math.Exp(x[j]-x[i]))
				}
			}
			// In logs the update reads x_i <- x_i + log(real/expected
			// points): a bot that scored more than its rating predicts
			// goes up. A bot without games keeps its rating.
			next[i] = x[i]
			if sum > 0 {
				next[i] = x[i] + math.Log(total[i]/sum)
			}
			mean += next[i] / float64(n)
		}
		for i := range n {
			next[i] -= mean
			moved = max(moved, math.Abs(next[i]-x[i]))
		}
		x, next = next, x
		if moved < tolerance {
			break
		}
	}

	// The information matrix plus J/n, inverted, minus J/n.
	info := make([][]float64, n)
	for i := range n {
		info[i] = make([]float64, n)
		for j := range n {
			info[i][j] = 1 / float64(n)
		}
	}
	for i := range n {
		for j := range n {
			if i != j && games[i][j] > 0 {
				p := 1 / (1 + math.Exp(x[j]-x[i]))
				w := games[i][j] * p * (1 - p)
				info[i][i] += w
				info[i][j] -= w
			}
		}
	}
	cov := invert(info)
	elo, plusMinus = make([]float64, n), make([]float64, n)
	for i := range n {
		elo[i] = x[i] * eloPerNat
		plusMinus[i] = z95 * math.Sqrt(max(cov[i][i]-1/float64(n), 0)) * eloPerNat
	}
	return elo, plusMinus
}

// invert returns the inverse of a small invertible matrix by Gauss-Jordan
// elimination with partial pivoting; a is left unchanged.
func invert(a [][]float64) [][]float64 {
	n := len(a)
	m := make([][]float64, n) // [a | identity], reduced to [identity | a^-1]
	for i := range n {
		m[i] = make([]float64, 2*n)
		copy(m[i], a[i])
		m[i][n+i] = 1
	}
	for col := range n {
		pivot := col
		for r := col + 1; r < n; r++ {
			if math.Abs(m[r][col]) > math.Abs(m[pivot][col]) {
				pivot = r
			}
		}
		m[col], m[pivot] = m[pivot], m[col]
		scale := m[col][col]
		for k := range m[col] {
			m[col][k] /= scale
		}
		for r := range n {
			if f := m[r][col]; r != col && f != 0 {
				for k := range m[r] {
					m[r][k] -= f * m[col][k]
				}
			}
		}
	}
	inv := make([][]float64, n)
	for i := range n {
		inv[i] = m[i][n:]
	}
	return inv
}

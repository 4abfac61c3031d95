package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The sequential probability ratio test (-sprt) of engine testers: rather
// than a fixed number of games, a match goes on until the games say, with
// chosen error rates, either that the bot of -x is no stronger than elo0
// (H0) or that it is at least elo1 stronger (H1). Wald's SPRT compares
// the log-likelihood ratio of the two hypotheses with two bounds after
// every trial; fishtest's generalized SPRT (GSPRT) takes for each
// hypothesis the most likely distribution of a trial's score that has
// the hypothesis's mean, so that nothing but the mean is assumed.
//
// The trial is a game pair (the same opening, seats swapped), as
// fishtest and fastchess count it: its score is pentanomial, 0, 1/4, 1/2,
// 3/4 or 1 a game, and the pairs, not the games, are independent.
//
// The Elo model is the logistic one, the model of the match's elo line:
// a difference of d Elo means an expected score of 1/(1+10^(-d/400)) a
// game. (fishtest's default is "normalized" Elo, which divides by the
// spread of the pairs' scores; logistic Elo is the one a reader of our
// tables knows, and the one cutechess-cli tests in.)

// sprtGames is the most games of a test when -games does not say: enough
// for a test between hypotheses 10 Elo apart to decide nearly always.
const sprtGames = 20000

// sprtModel names the Elo model in the output.
const sprtModel = "logistic"

// sprtTest is -sprt: the hypotheses, in Elo of -x's bot over -o's, and
// the error rates: alpha is the chance of accepting H1 when elo0 holds,
// beta of accepting H0 when elo1 does.
type sprtTest struct {
	elo0, elo1, alpha, beta float64
}

// sprtAccepts is the value -sprt takes, for help and errors.
const sprtAccepts = "elo0=E0,elo1=E1[,alpha=A,beta=B], E0 < E1, A and B between 0 and 0.5 (0.05 each unless given)"

// errSPRTSyntax is a -sprt value that is not KEY=NUMBER,... at all.
var errSPRTSyntax = errors.New("not KEY=NUMBER,...")

// parseSPRT reads -sprt's value.
func parseSPRT(v string) (sprtTest, error) {
	t := sprtTest{elo0: math.NaN(), elo1: math.NaN(), alpha: 0.05, beta: 0.05}
	for _, kv := range strings.Split(v, ",") {
		key, value, ok := strings.Cut(strings.TrimSpace(kv), "=")
		x, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if !ok || err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
			return t, fmt.Errorf("%q is not KEY=NUMBER: %w", kv, errSPRTSyntax)
		}
		switch strings.ToLower(strings.TrimSpace(key)) {
		case "elo0":
			t.elo0 = x
		case "elo1":
			t.elo1 = x
		case "alpha":
			t.alpha = x
		case "beta":
			t.beta = x
		default:
			return t, fmt.Errorf("no key %q", key)
		}
	}
	switch {
	case math.IsNaN(t.elo0) || math.IsNaN(t.elo1):
		return t, errors.New("elo0 and elo1 are both needed")
	case t.elo0 >= t.elo1:
		return t, errors.New("elo0 must be below elo1")
	case t.alpha <= 0 || t.alpha >= 0.5 || t.beta <= 0 || t.beta >= 0.5:
		return t, errors.New("alpha and beta must lie between 0 and 0.5")
	}
	return t, nil
}

// bounds are the llr's bounds: at or below lower H0 is accepted, at or
// above upper H1 (Wald's approximations, as every tester uses them).
func (t sprtTest) bounds() (lower, upper float64) {
	return math.Log(t.beta / (1 - t.alpha)), math.Log((1 - t.beta) / t.alpha)
}

// sprtVerdict is where a test stands.
type sprtVerdict int

const (
	sprtGoing sprtVerdict = iota // between the bounds
	sprtH0                       // H0 accepted
	sprtH1                       // H1 accepted
)

// verdict is where an llr leaves the test.
func (t sprtTest) verdict(llr float64) sprtVerdict {
	lower, upper := t.bounds()
	switch {
	case llr <= lower:
		return sprtH0
	case llr >= upper:
		return sprtH1
	}
	return sprtGoing
}

// llr is the test's log-likelihood ratio after the pairs p (scored from
// -x's side).
func (t sprtTest) llr(p pentanomial) float64 {
	return pentanomialLLR(p, logisticScore(t.elo0), logisticScore(t.elo1))
}

// logisticScore is the expected score a game at a difference of d Elo.
func logisticScore(d float64) float64 { return 1 / (1 + math.Pow(10, -d/400)) }

// sprtEmpty is what a pentanomial count of 0 is taken to be. A count of
// 0 would make the most likely distribution put no weight there, and a
// single pair of a new score would then move the llr without bound;
// fishtest replaces such counts by 1e-3 (its "regularization"), and so
// do we, so that our llr is fishtest's.
const sprtEmpty = 1e-3

// pentanomialLLR is the generalized log-likelihood ratio of the mean
// score a game s1 against s0 after the pairs p: N times the sum over the
// five scores a_i (0, 1/4, ..., 1) of the observed frequency f_i times
// log(q1_i / q0_i), where q_s is the distribution of largest likelihood
// whose mean is s. By Lagrange's method that distribution is
//
//	q_s,i = f_i / (1 + x (a_i - s)),
//
// x the root of sum_i f_i (a_i - s) / (1 + x (a_i - s)) = 0, which
// decreases in x on the interval where every 1 + x (a_i - s) > 0; so
// log(q1_i/q0_i) = log(1 + x0 (a_i - s0)) - log(1 + x1 (a_i - s1)).
// Michel Van den Bergh derives it in "Maximum likelihood estimation of a
// multinomial distribution with given expectation value" (his notes
// support_MLE_multinomial.pdf for fishtest, Proposition 1.1), and
// fishtest's LLRcalc computes it so.
func pentanomialLLR(p pentanomial, s0, s1 float64) float64 {
	n, pairs := 0.0, 0
	var f [5]float64
	for i, c := range p {
		pairs += c
		f[i] = float64(c)
		if c == 0 {
			f[i] = sprtEmpty
		}
		n += f[i]
	}
	if pairs == 0 {
		return 0
	}
	for i := range f {
		f[i] /= n
	}
	x0, x1 := mleMultiplier(f, s0), mleMultiplier(f, s1)
	llr := 0.0
	for i, fi := range f {
		a := float64(i) / 4
		llr += fi * (math.Log1p(x0*(a-s0)) - math.Log1p(x1*(a-s1)))
	}
	return n * llr
}

// mleMultiplier is the x of pentanomialLLR for the mean s (0 < s < 1):
// the root, found by bisection, of a function that falls from +inf to
// -inf over (-1/(1-s), 1/s) when the scores 0 and 1 both have weight.
func mleMultiplier(f [5]float64, s float64) float64 {
	g := func(x float64) float64 {
		sum := 0.0
		for i, fi := range f {
			d := float64(i)/4 - s
			sum += fi * d / (1 + x*d)
		}
		return sum
	}
	lo, hi := -1/(1-s), 1/s
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid == lo || mid == hi {
			break
		}
		if g(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}

// header is the line that starts a test: the hypotheses, the model, the
// error rates and the bounds.
func (t sprtTest) header(games int) string {
	lower, upper := t.bounds()
	return fmt.Sprintf("sprt: elo0 %s, elo1 %s (%s Elo), alpha %g, beta %g: llr bounds (%.2f, %.2f), pentanomial GSPRT over game pairs, at most %d games",
		eloText(t.elo0), eloText(t.elo1), sprtModel, t.alpha, t.beta, lower, upper, games)
}

// result is the line at the test's end (docs/strength.md): "sprt: llr 2.97 (-2.94,
// 2.94), elo0 0, elo1 50: H1 accepted after 148 games", or
// "inconclusive after" when the games ran out first.
func (t sprtTest) result(llr float64, v sprtVerdict, games int) string {
	lower, upper := t.bounds()
	what := map[sprtVerdict]string{sprtGoing: "inconclusive", sprtH0: "H0 accepted", sprtH1: "H1 accepted"}[v]
	return fmt.Sprintf("sprt: llr %.2f (%.2f, %.2f), elo0 %s, elo1 %s: %s after %s",
		llr, lower, upper, eloText(t.elo0), eloText(t.elo1), what, plural(games, "game", "games"))
}

// status is the test's part of the progress line on a terminal.
func (t sprtTest) status(llr float64) string {
	lower, upper := t.bounds()
	return fmt.Sprintf("llr %.2f (%.2f, %.2f)", llr, lower, upper)
}

// eloText is a hypothesis's Elo as given: 0, 50, 2.5, -10.
func eloText(e float64) string { return strconv.FormatFloat(e, 'f', -1, 64) }

// sprtJSON is the test's end under -format json.
type sprtJSON struct {
	Model  string  `json:"model"` // "logistic"
	Elo0   float64 `json:"elo0"`
	Elo1   float64 `json:"elo1"`
	Alpha  float64 `json:"alpha"`
	Beta   float64 `json:"beta"`
	LLR    float64 `json:"llr"`
	Lower  float64 `json:"lower"`
	Upper  float64 `json:"upper"`
	Result string  `json:"result"` // "H0", "H1" or "inconclusive"
	Games  int     `json:"games"`  // the games the test counted
}

// summary is the test's end as JSON.
func (t sprtTest) summary(llr float64, v sprtVerdict, games int) *sprtJSON {
	lower, upper := t.bounds()
	round := func(x float64) float64 { return math.Round(x*1000) / 1000 }
	return &sprtJSON{Model: sprtModel, Elo0: t.elo0, Elo1: t.elo1, Alpha: t.alpha, Beta: t.beta,
		LLR: round(llr), Lower: round(lower), Upper: round(upper), Games: games,
		Result: map[sprtVerdict]string{sprtGoing: "inconclusive", sprtH0: "H0", sprtH1: "H1"}[v]}
}

// sprtRun is a match's test under way: its pairs so far, its llr and
// where they leave it.
type sprtRun struct {
	test    *sprtTest // nil: no test, and the rest is idle
	pairs   pentanomial
	llr     float64
	verdict sprtVerdict
}

// newSPRTRun starts a match's test, if it has one (test not nil), its
// llr on a's status line.
func newSPRTRun(test *sprtTest, a *arena) *sprtRun {
	s := &sprtRun{test: test}
	if s.test != nil {
		a.status = func() string { return s.test.status(s.llr) }
	}
	return s
}

// on says the match has a test.
func (s *sprtRun) on() bool { return s.test != nil }

// decided says the test has decided: the games after are not needed.
func (s *sprtRun) decided() bool { return s.verdict != sprtGoing }

// pair counts a pair of games (the bot of -x's points in each).
func (s *sprtRun) pair(first, second float64) {
	if s.test == nil {
		return
	}
	s.pairs.add(first, second)
	s.llr = s.test.llr(s.pairs)
	s.verdict = s.test.verdict(s.llr)
}

// result is the test's line after games.
func (s *sprtRun) result(games int) string { return s.test.result(s.llr, s.verdict, games) }

// summary is the test's end as JSON, nil without a test.
func (s *sprtRun) summary(games int) *sprtJSON {
	if s.test == nil {
		return nil
	}
	return s.test.summary(s.llr, s.verdict, games)
}

// sprtRounds is a match's format (arenaformat.go): its games dealt as
// one round, known in advance, and under -sprt stopped once the test
// decides. The games under way then stop and are discarded, as are
// games that finished after the deciding pair (-jobs above 1), so that
// the decision is the one a single game at a time would reach.
type sprtRounds struct {
	games  schedule
	dealt  bool
	test   *sprtRun
	scores *pairScores // the bot of -x's
}

func (f *sprtRounds) next() (schedule, bool) {
	if f.dealt || f.test.decided() {
		return schedule{}, false
	}
	f.dealt = true
	return f.games, true
}

// saw counts game r for the bot of -x, which plays X in the even games;
// a pair complete goes to the test.
func (f *sprtRounds) saw(r gameResult) bool {
	i := r.job.index
	if first, second, paired := f.scores.add(i, r.points([2]Side{X, O}[i%2])); paired {
		f.test.pair(first, second)
	}
	return f.test.decided()
}

func (f *sprtRounds) shardable() error { return nil }

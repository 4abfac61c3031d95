package main

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// profileLLR is the GSPRT's llr computed another way, to check
// pentanomialLLR against: by convex duality (Van den Bergh's notes for
// fishtest, "Maximum likelihood estimation of a multinomial distribution
// with given expectation value", Proposition 1.1), the largest
// log-likelihood of a distribution with mean s is the empirical one less
// N times the maximum over x of the concave h(x) = sum_i f_i log(1 + x
// (a_i - s)); the llr of s1 against s0 is then N (max h0 - max h1). Here
// the maximum is found by golden-section search on h itself, not by the
// root of its derivative that pentanomialLLR bisects for.
func profileLLR(p pentanomial, s0, s1 float64) float64 {
	n := 0.0
	var f [5]float64
	for i, c := range p {
		f[i] = float64(c)
		if c == 0 {
			f[i] = 1e-3 // fishtest's regularization of an empty count
		}
		n += f[i]
	}
	maxH := func(s float64) float64 {
		h := func(x float64) float64 {
			sum := 0.0
			for i, fi := range f {
				sum += fi / n * math.Log(1+x*(float64(i)/4-s))
			}
			return sum
		}
		lo, hi := -1/(1-s)+1e-12, 1/s-1e-12
		phi := (math.Sqrt(5) - 1) / 2
		for range 300 {
			a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
			if h(a) < h(b) {
				lo = a
			} else {
				hi = b
			}
		}
		return h((lo + hi) / 2)
	}
	return n * (maxH(s0) - maxH(s1))
}

// The llr of fixed pentanomial counts: equal to the profile likelihood's
// computed by another search, and, for hypotheses close together, to the
// normal approximation of the GSPRT that fishtest's notes give, LLR ~ N
// (s1 - s0) (2 mu - s0 - s1) / (2 var), mu and var the pairs' mean score
// a game and its variance.
func TestPentanomialLLR(t *testing.T) {
	for _, tc := range []struct {
		name       string
		p          pentanomial
		elo0, elo1 float64
		normal     bool // the normal approximation applies
	}{
		{"even, 0 against 5", pentanomial{50, 300, 800, 320, 60}, 0, 5, true},
		{"a small edge, -1 against 3", pentanomial{120, 900, 2400, 1000, 140}, -1, 3, true},
		{"a strong bot, 0 against 100", pentanomial{0, 2, 10, 30, 40}, 0, 100, false},
		{"all won, 0 against 50", pentanomial{0, 0, 0, 0, 12}, 0, 50, false},
		{"random against random, 0 against 200", pentanomial{3, 6, 11, 5, 2}, 0, 200, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s0, s1 := logisticScore(tc.elo0), logisticScore(tc.elo1)
			got, want := pentanomialLLR(tc.p, s0, s1), profileLLR(tc.p, s0, s1)
			if math.Abs(got-want) > 1e-6*max(1, math.Abs(want)) {
				t.Errorf("llr %.9f, the profile likelihood's %.9f", got, want)
			}
			if !tc.normal {
				return
			}
			n, mu, v := 0.0, 0.0, 0.0
			for i, c := range tc.p {
				n += float64(c)
				mu += float64(c) * float64(i) / 4
			}
			mu /= n
			for i, c := range tc.p {
				v += float64(c) * math.Pow(float64(i)/4-mu, 2) / n
			}
			approx := n * (s1 - s0) * (2*mu - s0 - s1) / (2 * v)
			if math.Abs(got-approx) > 0.02*math.Abs(approx)+0.01 {
				t.Errorf("llr %.4f, the normal approximation %.4f", got, approx)
			}
		})
	}
	if got := pentanomialLLR(pentanomial{}, 0.5, 0.6); got != 0 {
		t.Errorf("no pairs: llr %v, want 0", got)
	}
}

// The bounds and the lines: Wald's bounds at 5% and 5% are +-2.94, as
// docs/strength.md's example line shows, and the test decides at them.
func TestSPRTLines(t *testing.T) {
	s, err := parseSPRT("elo0=0,elo1=50")
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi := s.bounds(); math.Abs(lo+2.944) > 1e-3 || math.Abs(hi-2.944) > 1e-3 {
		t.Errorf("bounds %v %v, want -+2.944", lo, hi)
	}
	if got, want := s.result(2.97, s.verdict(2.97), 148), "sprt: llr 2.97 (-2.94, 2.94), elo0 0, elo1 50: H1 accepted after 148 games"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	for llr, want := range map[float64]sprtVerdict{-3: sprtH0, -2.9: sprtGoing, 2.9: sprtGoing, 2.95: sprtH1} {
		if got := s.verdict(llr); got != want {
			t.Errorf("verdict at %v: %v, want %v", llr, got, want)
		}
	}
	if got := s.result(0.5, sprtGoing, 400); !strings.HasSuffix(got, "elo1 50: inconclusive after 400 games") {
		t.Errorf("at the cap: %q", got)
	}
	if h := s.header(400); !strings.Contains(h, "logistic") || !strings.Contains(h, "(-2.94, 2.94)") {
		t.Errorf("the header names no model or bounds: %q", h)
	}
}

// -sprt's value: what it accepts and what it refuses, each refusal
// saying why.
func TestParseSPRT(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  sprtTest
		err   string
	}{
		{"elo0=0,elo1=100", sprtTest{0, 100, 0.05, 0.05}, ""},
		{"elo0=-5, elo1=2.5, alpha=0.01, beta=0.1", sprtTest{-5, 2.5, 0.01, 0.1}, ""},
		{"ELO1=10,ELO0=0", sprtTest{0, 10, 0.05, 0.05}, ""},
		{"elo0=0", sprtTest{}, "both needed"},
		{"elo0=10,elo1=10", sprtTest{}, "below elo1"},
		{"elo0=0,elo1=10,alpha=0.5", sprtTest{}, "between 0 and 0.5"},
		{"elo0=0,elo1=10,gamma=1", sprtTest{}, `no key "gamma"`},
		{"elo0=zero,elo1=10", sprtTest{}, "not KEY=NUMBER"},
	} {
		got, err := parseSPRT(tc.value)
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("%q: %+v, %v; want %+v", tc.value, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q: error %v, want one saying %q", tc.value, err, tc.err)
		}
	}
}

// A match under -sprt stops at the decision its pairs reach in order:
// a clearly stronger bot has H1 accepted, two random bots H0 (elo1 200
// is far from the truth, 0), and hypotheses close together run to the
// cap, inconclusive. The decision, its games and the -out records are
// the same with one game at a time and two: the games under way at the
// decision, or finished after the deciding pair, are discarded, neither
// counted nor kept.
func TestSPRTMatch(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	c4, _ := findGame("c4")
	for _, tc := range []struct {
		name   string
		bots   [2]string
		test   string
		games  int
		result string // the verdict's words
		most   int    // the games it may take at most
	}{
		{"stronger", [2]string{"alphabeta:depth=6", "alphabeta:depth=1"}, "elo0=0,elo1=100", 400, "H1 accepted", 80},
		{"equal", [2]string{"random", "random"}, "elo0=0,elo1=200", 400, "H0 accepted", 120},
		{"too close to tell", [2]string{"random", "random"}, "elo0=-10,elo1=10", 8, "inconclusive", 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			test, err := parseSPRT(tc.test)
			if err != nil {
				t.Fatal(err)
			}
			var outs, keeps [2]string
			for j := range 2 {
				var keep bytes.Buffer
				m := matchConfig{reg: &declared, spec: c4, opt: c4.defaults(nil), players: playersOf(t, c4, budgetDefaults{}, tc.bots),
					games: tc.games, plan: openingPlan{plies: 2}, seed: 4, jobs: j + 1, sprt: &test, report: report{keep: &resultsWriter{w: &keep}}}
				var out strings.Builder
				if err := m.run(context.Background(), &out, nil); err != nil {
					t.Fatal(err)
				}
				outs[j], keeps[j] = out.String(), keep.String()
			}
			m := regexp.MustCompile(`(?m)^sprt: llr (\S+) \(-2\.94, 2\.94\), elo0 \S+, elo1 \S+: (.*) after (\d+) games$`).FindStringSubmatch(outs[1])
			if m == nil {
				t.Fatalf("no sprt line:\n%s", outs[1])
			}
			played, _ := strconv.Atoi(m[3])
			if m[2] != tc.result || played > tc.most || played%2 != 0 {
				t.Errorf("%s after %d games, want %s after %d at most, an even number:\n%s", m[2], played, tc.result, tc.most, outs[1])
			}
			// -out has every game the test counted, and with -jobs 2 may
			// have games that ended after the deciding pair too (kept as
			// they ended, not counted); none stopped under way.
			counted := func(keep string) (lines []string) {
				for _, r := range byNumber(parseRecords(t, keep)) {
					if r.End == endInterrupted {
						t.Errorf("game %d kept as interrupted", r.Number)
					}
					if r.Number <= played {
						lines = append(lines, fmt.Sprintf("%d %s %s", r.Number, r.Record, r.Result))
					}
				}
				return lines
			}
			if maskTimes(outs[0]) != maskTimes(outs[1]) || !slices.Equal(counted(keeps[0]), counted(keeps[1])) {
				t.Errorf("-jobs 1:\n%s\n-jobs 2:\n%s", outs[0], outs[1])
			}
			if n := len(counted(keeps[1])); n != played || len(gameLines(outs[1])) != played {
				t.Errorf("%d records of the games counted and %d game lines, want the %d games counted", n, len(gameLines(outs[1])), played)
			}
			for i, line := range counted(keeps[1]) {
				if !strings.HasPrefix(line, strconv.Itoa(i+1)+" ") {
					t.Errorf("record %d: game %s", i+1, line)
				}
			}
			if !strings.Contains(outs[1], fmt.Sprintf("total: %s ", tc.bots[0])) && tc.bots[0] != tc.bots[1] {
				t.Errorf("no total line:\n%s", outs[1])
			}
		})
	}
}

// On a terminal the llr shows on the status line as the pairs finish,
// and the status line is gone from the screen at the end.
func TestSPRTStatusLine(t *testing.T) {
	c4, _ := findGame("c4")
	test, _ := parseSPRT("elo0=0,elo1=100")
	var progress strings.Builder
	m := matchConfig{reg: &declared, spec: c4, opt: c4.defaults(nil), players: playersOf(t, c4, budgetDefaults{}, [2]string{"alphabeta:depth=6", "alphabeta:depth=1"}),
		games: 400, plan: openingPlan{plies: 2}, seed: 4, jobs: 2, sprt: &test}
	var out strings.Builder
	if err := m.run(context.Background(), &out, &progress); err != nil {
		t.Fatal(err)
	}
	llrs := regexp.MustCompile(`games, about \S+ left, llr (-?\d+\.\d\d) \(-2\.94, 2\.94\)`).FindAllStringSubmatch(progress.String(), -1)
	if len(llrs) < 4 {
		t.Fatalf("%d status lines with an llr: %q", len(llrs), progress.String())
	}
	if last, _ := strconv.ParseFloat(llrs[len(llrs)-1][1], 64); last <= 0 {
		t.Errorf("the llr of a stronger bot's pairs is %v at the end, want above 0", last)
	}
	if !strings.HasSuffix(progress.String(), "\r\x1b[K") {
		t.Errorf("the status line is not cleared at the end: %q", progress.String()[max(0, progress.Len()-80):])
	}
}

// -sprt asks for no number of pairs, so no openings note comes before
// its games; one comes only when the games reach an opening dealt again,
// right before that game's line, naming more plies. Depth 3 against
// random decides within Connect Four's 25 distinct openings (no note);
// alphabeta against random at Tic-Tac-Toe's 3 one-ply openings goes past
// them (the note before game 7), as text and as a JSON note line; the
// fix it names has ten times the openings (3 plies: 38; 2 give 12). With
// no random plies every pair starts from the start: the note comes
// before game 3.
func TestSPRTOpeningsNote(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	for _, tc := range []struct {
		game  string
		bots  [2]string
		plies int
		test  string
		note  string // "" for none
		at    int    // the game it comes before
	}{
		{"c4", [2]string{"alphabeta:depth=3", "random"}, 2, "elo0=0,elo1=100", "", 0},
		{"ttt", [2]string{"alphabeta", "random"}, 1, "elo0=0,elo1=50",
			"openings: from game 7 the 3 distinct openings of 1 ply of Tic-Tac-Toe (rotations and reflections counted once) come again: bots that play alike replay their games, and the test counts them again; -openings 3 gives 38", 7},
		// Tic-Tac-Toe's default: no random plies, every pair from the
		// start; 2 plies give ten openings or more (12).
		{"ttt", [2]string{"alphabeta", "random"}, 0, "elo0=0,elo1=50",
			"openings: from game 3 every pair starts from the same position again (no random plies): bots that play alike replay their games, and the test counts them again; -openings 2 gives 12", 3},
	} {
		for _, asJSON := range []bool{false, true} {
			spec, _ := findGame(tc.game)
			test, err := parseSPRT(tc.test)
			if err != nil {
				t.Fatal(err)
			}
			m := matchConfig{reg: &declared, spec: spec, opt: spec.defaults(nil), players: playersOf(t, spec, budgetDefaults{}, tc.bots),
				games: sprtGames, plan: openingPlan{plies: tc.plies}, seed: 4, jobs: 2, sprt: &test, report: report{json: asJSON}}
			var out strings.Builder
			if err := m.run(context.Background(), &out, nil); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(out.String(), "\n")
			var notes []int
			for i, l := range lines {
				if strings.HasPrefix(l, "openings:") || strings.HasPrefix(l, `{"type":"note"`) || strings.Contains(l, `"note":`) && strings.HasPrefix(l, `{"type":"start"`) {
					notes = append(notes, i)
				}
			}
			if tc.note == "" {
				m := regexp.MustCompile(`(?m)^sprt: .*: H1 accepted after (\d+) games$`).FindStringSubmatch(out.String())
				if len(notes) > 0 || !asJSON && (m == nil || mustAtoi(t, m[1]) > 50) {
					t.Errorf("%s: a note, or the test went past the 25 distinct pairs:\n%s", tc.game, out.String())
				}
				continue
			}
			want, next := tc.note, fmt.Sprintf("game %d/20000: ", tc.at)
			if asJSON {
				want, next = `{"type":"note","note":"`+tc.note+`"}`, `{"type":"game",`
			}
			if len(notes) != 1 || lines[notes[0]] != want || !strings.HasPrefix(lines[notes[0]+1], next) ||
				asJSON && !strings.Contains(lines[notes[0]+1], fmt.Sprintf(`"number":%d,`, tc.at)) {
				t.Errorf("%s, json %v: notes at lines %v, want one, %q, before game %d:\n%s", tc.game, asJSON, notes, want, tc.at, out.String())
			}
		}
	}
}

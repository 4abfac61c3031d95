package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The default rounds: ceil(log2 n) + 1, at most n - 1.
func TestSwissRounds(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]int{2: 1, 3: 2, 4: 3, 5: 4, 6: 4, 8: 4, 9: 5, 30: 6} {
		if got := swissRounds(n); got != want {
			t.Errorf("%d players: %d rounds, want %d", n, got, want)
		}
	}
	for _, tc := range []struct {
		v  string
		n  int
		ok bool
	}{{"roundrobin", 0, true}, {"swiss", -1, true}, {"swiss:rounds=7", 7, true}, {"swiss:rounds=0", 0, false}, {"knockout", 0, false}, {"swiss:rounds=x", 0, false}} {
		if n, ok := parseSwiss(tc.v); n != tc.n || ok != tc.ok {
			t.Errorf("%q: %d %v, want %d %v", tc.v, n, ok, tc.n, tc.ok)
		}
	}
}

// Whatever the scores, two players meet again only when no pairing of
// the round avoids it (checked by brute force), and an odd field gives
// each player one bye in n rounds.
func TestSwissPairsWithoutRematch(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{2, 4, 6, 8, 3, 5, 7} {
		for trial := range 20 {
			s := &swissTable{points: make([]float64, n), met: make([][]bool, n), byes: make([]int, n)}
			for i := range s.met {
				s.met[i] = make([]bool, n)
			}
			rounds := n - 1
			if n%2 == 1 {
				rounds = n
			}
			for range rounds {
				pairs, bye := s.pair()
				var left []int
				for i := range n {
					if i != bye {
						left = append(left, i)
					}
				}
				avoidable := unmetMatching(s.met, left)
				for _, p := range pairs {
					if s.met[p[0]][p[1]] && avoidable {
						t.Fatalf("%d players, trial %d: %v meet again, though a pairing without a rematch exists", n, trial, p)
					}
					s.met[p[0]][p[1]], s.met[p[1]][p[0]] = true, true
					s.points[p[rng.IntN(2)]] += 2
				}
				if (bye >= 0) != (n%2 == 1) {
					t.Fatalf("%d players: bye %d", n, bye)
				}
				if bye >= 0 {
					s.byes[bye]++
					s.points[bye]++
				}
			}
			if n%2 == 1 && slices.Max(s.byes) != 1 {
				t.Errorf("%d players over %d rounds: byes %v, want one each", n, rounds, s.byes)
			}
		}
	}
}

// A Swiss of 5 played whole: its rounds said as they are paired, a bye
// each round to another player, no two players twice, every game's line,
// the standings by points then Buchholz; stopped after its first round
// and rerun onto its -out file, it resumes and ends with the same
// tables; it is refused with -shard.
func TestSwissTournament(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "swiss.jsonl")
	args := []string{"-tournament", "random,minimax,alphabeta,mcts:playouts=20,rollout", "-pairing", "swiss:rounds=3", "-seed", "1", "-jobs", "1"}
	status, whole, errText := runCapture(append(args, "-out", path), "")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errText)
	}
	if !strings.Contains(whole, "\nSwiss of 5 players: 3 rounds, a game pair a pairing\n") {
		t.Errorf("no heading:\n%s", whole)
	}
	rounds := regexp.MustCompile(`(?m)^round (\d)/3: (\S+) - (\S+), (\S+) - (\S+); bye: (\S+) \(a point\)$`).FindAllStringSubmatch(whole, -1)
	met, byes := map[string]bool{}, map[string]bool{}
	for _, r := range rounds {
		for _, p := range [][2]string{{r[2], r[3]}, {r[4], r[5]}} {
			slices.Sort(p[:])
			if met[p[0]+" "+p[1]] {
				t.Errorf("%s and %s meet twice:\n%s", p[0], p[1], whole)
			}
			met[p[0]+" "+p[1]] = true
		}
		if byes[r[6]] {
			t.Errorf("%s has two byes", r[6])
		}
		byes[r[6]] = true
	}
	if len(rounds) != 3 || strings.Count(whole, "\ngame ") != 12 || !strings.Contains(whole, "\ngame 12/12: ") {
		t.Errorf("%d rounds, %d games, want 3 and 12:\n%s", len(rounds), strings.Count(whole, "\ngame "), whole)
	}
	var points []float64
	for _, m := range regexp.MustCompile(`(?m)^\s+\d\s+\S+\s.*\s([\d.]+)\s+\d\s+[\d.]+\s+[\d.]+$`).FindAllStringSubmatch(whole, -1) {
		var p float64
		fmt.Sscan(m[1], &p)
		points = append(points, p)
	}
	if len(points) != 5 || !slices.IsSortedFunc(points, func(a, b float64) int { return int(2 * (b - a)) }) {
		t.Errorf("points %v, want 5 rows, most first:\n%s", points, whole)
	}
	// Stopped after round 1: its run line and 4 games kept.
	lines := strings.SplitAfter(mustRead(t, path), "\n")
	if err := os.WriteFile(path, []byte(strings.Join(lines[:5], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	status, again, errText := runCapture(append(args, "-out", path), "")
	if status != 0 || !strings.Contains(again, "resuming: 4 of 4 games already in "+path) || strings.Count(again, "\ngame ") != 8 {
		t.Errorf("the rerun: status %d, %s%s", status, again, errText)
	}
	tablesOf := func(out string) string {
		_, after, _ := strings.Cut(out, "Tic-Tac-Toe Swiss:")
		return maskTimes(after)
	}
	if tablesOf(again) != tablesOf(whole) {
		t.Errorf("resumed tables:\n%s\nwant:\n%s", again, whole)
	}
	if status, _, errText := runCapture(append(args, "-shard", "1/2"), ""); status != 2 || !strings.Contains(errText, "-pairing swiss: ") {
		t.Errorf("-shard: status %d, %q", status, errText)
	}
}

// unmetMatching says the players left can all be paired with players
// they have not met, by brute force.
func unmetMatching(met [][]bool, left []int) bool {
	if len(left) == 0 {
		return true
	}
	for k := 1; k < len(left); k++ {
		if !met[left[0]][left[k]] && unmetMatching(met, slices.Concat(left[1:k], left[k+1:])) {
			return true
		}
	}
	return false
}

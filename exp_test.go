package main

import (
	"os"
	"strconv"
	"testing"
	"time"
)

func TestExperiment(t *testing.T) {
	if os.Getenv("C4EXP") == "" {
		return
	}
	useETC = os.Getenv("ETC") != ""
	if v := os.Getenv("ETCM"); v != "" {
		etcMoves, _ = strconv.Atoi(v)
	}
	s := newC4Solver(true)
	for _, set := range []string{"Test_L2_R2", "Test_L1_R2"} {
		cases := loadSet(t, set)
		if set == "Test_L1_R2" {
			cases = cases[:40]
		} else {
			cases = cases[:300]
		}
		var nodes int64
		var dur time.Duration
		for _, c := range cases {
			s.reset()
			p := posOf(t, c.moves)
			start := time.Now()
			v := s.solve(p)
			dur += time.Since(start)
			if v != c.score {
				t.Errorf("%s %s: %d, want %d", set, c.moves, v, c.score)
			}
			nodes += s.nodes
		}
		t.Logf("%s: %d positions, mean nodes %.0f, mean time %v", set, len(cases), float64(nodes)/float64(len(cases)), dur/time.Duration(len(cases)))
	}
}

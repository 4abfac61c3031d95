package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// benchCase is a benchmark position and its published score.
type benchCase struct {
	moves string
	score int
}

// loadSet reads a benchmark file of ../shared/c4.
func loadSet(t testing.TB, name string) []benchCase {
	f, err := os.Open("../shared/c4/" + name)
	if err != nil {
		t.Fatalf("benchmark set: %v", err)
	}
	defer f.Close()
	var cases []benchCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 2 {
			continue
		}
		v, err := strconv.Atoi(fields[1])
		if err != nil {
			t.Fatalf("%s: bad line %q", name, sc.Text())
		}
		cases = append(cases, benchCase{fields[0], v})
	}
	return cases
}

// posOf replays a record.
func posOf(t testing.TB, record string) c4Pos {
	g, err := c4Spec().parseRecord(record, 0)
	if err != nil {
		t.Fatalf("%s: %v", record, err)
	}
	return c4PosOf(g.(*ConnectFour))
}

func TestSetsProbe(t *testing.T) {
	s := newC4Solver(true)
	for _, set := range []string{"Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2"} {
		cases := loadSet(t, set)
		if set == "Test_L1_R2" {
			cases = cases[:100]
		}
		var nodes int64
		start := time.Now()
		for _, c := range cases {
			s.reset()
			v := s.solve(posOf(t, c.moves))
			if v != c.score {
				t.Errorf("%s %s: %d, want %d", set, c.moves, v, c.score)
			}
			nodes += s.nodes
		}
		t.Logf("%s: %d positions, mean nodes %.0f, mean time %v", set, len(cases), float64(nodes)/float64(len(cases)), time.Since(start)/time.Duration(len(cases)))
	}
}

// c4Spec is the Connect Four entry of the games table.
func c4Spec() *gameSpec {
	spec, err := findGame("connect4")
	if err != nil {
		panic(err)
	}
	return spec
}

// BenchmarkEmptyBoard solves the empty board without the book (minutes:
// run it with -bench=EmptyBoard -benchtime=1x).
func BenchmarkEmptyBoard(b *testing.B) {
	s := newC4Solver(true)
	for b.Loop() {
		s.reset()
		if v := s.solve(c4Pos{}); v != 1 {
			b.Fatalf("empty board: %d, want 1", v)
		}
	}
	b.ReportMetric(float64(s.nodes), "nodes/op")
}

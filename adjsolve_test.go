package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// BenchmarkAdjSolve solves start positions: the rounds of
// ADJ_SOLVE_ROUNDS (a comma-separated list, default 2,3,4), with a table
// of 2^ADJ_SOLVE_BITS entries (default adjSolveBits). Each bound proved
// is printed to standard error as it comes, for long runs.
func BenchmarkAdjSolve(b *testing.B) {
	list := os.Getenv("ADJ_SOLVE_ROUNDS")
	if list == "" {
		list = "2,3,4"
	}
	tableBits := adjSolveBits
	if v, err := strconv.Atoi(os.Getenv("ADJ_SOLVE_BITS")); err == nil {
		tableBits = v
	}
	for _, f := range strings.Split(list, ",") {
		rounds, err := strconv.Atoi(f)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("rounds=%d", rounds), func(b *testing.B) {
			for range b.N {
				sol, ok := adjSolve(context.Background(), NewAdjacency(rounds), tableBits, 0, func(lo, hi int, nodes int64) {
					fmt.Fprintf(os.Stderr, "rounds %d: value in [%d, %d] after %d nodes\n", rounds, lo, hi, nodes)
				})
				if !ok {
					b.Fatal("stopped")
				}
				fmt.Fprintf(os.Stderr, "rounds %d: value %d line %s nodes %d time %v\n", rounds, sol.Value, formatAdjLine(sol.Line), sol.Nodes, sol.Time)
				b.ReportMetric(float64(sol.Value), "value")
				b.ReportMetric(float64(sol.Nodes), "nodes")
			}
		})
	}
}

// formatAdjLine writes moves in the -analyze notation.
func formatAdjLine(line []Move) string {
	var f []string
	for _, m := range line {
		f = append(f, strconv.Itoa(int(m)))
	}
	return strings.Join(f, ",")
}

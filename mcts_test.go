package main

import (
	"context"
	"math/rand/v2"
	"testing"
)

// BenchmarkMCTSPlayouts measures playouts a second from each game's start
// (Adjacency at its default 8 rounds), tree included.
func BenchmarkMCTSPlayouts(b *testing.B) {
	for _, spec := range gameRegistry {
		b.Run(spec.name, func(b *testing.B) {
			g := spec.start(nil)
			bot := NewMCTS(rand.New(rand.NewPCG(1, 1)))
			var playouts int64
			for b.Loop() {
				bot.nodes = bot.nodes[:0] // a fresh tree each time
				d := bot.Think(context.Background(), g, Budget{Playouts: 10000})
				playouts += d.Playouts
			}
			b.ReportMetric(float64(playouts)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}

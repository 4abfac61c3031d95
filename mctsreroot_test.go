package main

import (
	"context"
	"testing"
)

// After a move of each side, the bot's next decision starts from the
// subtree it had grown under those two moves, with its visits and nodes;
// a position the tree does not hold (another game, a move taken back)
// starts a fresh tree.
func TestMCTSKeepsSubtree(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, name := range []string{"ttt", "connect4", "adjacency"} {
		t.Run(name, func(t *testing.T) {
			g := specNamed(t, name).start(nil)
			bot := mctsSeeded(3)
			bot.Solve = false // plain UCT, which runs every playout asked
			d := bot.Think(context.Background(), g, Budget{Playouts: 20000})
			mine := bot.mostVisited(0)
			reply := bot.mostVisited(mine)
			visits, size := bot.node(reply).visits, bot.subtreeSize(reply)
			if visits < 10 {
				t.Fatalf("reply visited %d times: too few to test", visits)
			}
			g.Play(d.Move)
			g.Play(Move(bot.node(reply).move))
			// No playout: the tree is what was kept.
			bot.Think(cancelled, g, Budget{Playouts: 3000})
			if bot.node(0).visits != visits || bot.size != size || bot.subtreeSize(0) != size {
				t.Errorf("kept %d visits in %d nodes, want %d in %d", bot.node(0).visits, bot.size, visits, size)
			}
			// The kept tree grows on: 3,000 more playouts.
			d = bot.Think(context.Background(), g, Budget{Playouts: 3000})
			if got := bot.node(0).visits; got != visits+3000 || d.Tree.Playouts != 3000 {
				t.Errorf("after 3000 more playouts the root has %d visits, want %d", got, visits+3000)
			}
			// Taking a move back leaves the tree's line: a fresh start.
			g.Undo()
			bot.Think(cancelled, g, Budget{})
			if bot.tree.used != 1 || bot.size != 1 || bot.node(0).visits != 0 {
				t.Errorf("after an undo the tree has %d nodes, %d visits; want a fresh root", bot.size, bot.node(0).visits)
			}
		})
	}
}

package main

import (
	"reflect"
	"slices"
)

// Between moves the tree is kept: the subtree under the position the
// game reached is moved to the front of the node slice, with its visits,
// so that a bot playing a game reuses what it searched for the last move
// (docs/bots.md).

// reroot makes the tree's root the position pos. If pos follows the last
// root by moves that the tree holds, the subtree under them is kept, with
// its visits, and moved to the front of the node slice; otherwise the
// tree starts afresh.
func (b *MCTS) reroot(pos Game) {
	hist := pos.History()
	if n, ok := b.descendant(pos); ok {
		b.keepSubtree(n)
	} else {
		b.nodes = append(b.nodes[:0], mctsNode{move: int32(NoMove), first: none, untried: -1})
		b.stats = append(b.stats[:0], mctsStat{})
		b.size = 1
	}
	b.rootType = reflect.TypeOf(pos)
	b.rootHist = append(b.rootHist[:0], hist...)
	b.rootKey = pos.Key()
}

// descendant finds the node of pos in the tree: pos must be the same game
// as the root's, its history must extend the root's, and the position
// before the new moves must be the root's (same key). It returns false
// when the tree does not reach pos.
func (b *MCTS) descendant(pos Game) (int32, bool) {
	hist := pos.History()
	k := len(hist) - len(b.rootHist)
	if len(b.nodes) == 0 || reflect.TypeOf(pos) != b.rootType || k < 0 || !slices.Equal(hist[:len(b.rootHist)], b.rootHist) {
		return none, false
	}
	newMoves := slices.Clone(hist[len(b.rootHist):])
	for range k {
		pos.Undo()
	}
	sameRoot := pos.Key() == b.rootKey
	for _, m := range newMoves {
		pos.Play(m)
	}
	if !sameRoot {
		return none, false
	}
	n := int32(0)
	for _, m := range newMoves {
		if n = b.child(n, m); n == none {
			return none, false
		}
	}
	return n, true
}

// keepSubtree copies the subtree under node r into the spare buffers, breadth
// first, a block of children at a time with no room to spare, so that r
// becomes node 0 and the rest of the old tree, dead blocks included, is
// dropped; then the buffers swap.
func (b *MCTS) keepSubtree(r int32) {
	if r == 0 {
		return
	}
	// origin[i] is the old index of spare[i].
	spare, stats, origin := b.spare[:0], b.spareStats[:0], b.queue[:0]
	root := b.nodes[r]
	root.move = int32(NoMove)
	spare, stats, origin = append(spare, root), append(stats, b.stats[r]), append(origin, r)
	for i := 0; i < len(spare); i++ {
		from, to := b.triedChildren(origin[i])
		spare[i].first, spare[i].room = int32(len(spare)), spare[i].kids
		for c := from; c < to; c++ {
			spare, stats, origin = append(spare, b.nodes[c]), append(stats, b.stats[c]), append(origin, c)
		}
	}
	b.size = len(spare)
	b.nodes, b.spare, b.queue = spare, b.nodes, origin
	b.stats, b.spareStats = stats, b.stats
}

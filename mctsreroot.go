package main

import (
	"reflect"
	"slices"
)

// Between moves the tree is kept: the subtree under the position the
// game reached is moved to the front of the other store, with its visits,
// so that a bot playing a game reuses what it searched for the last move
// (docs/bots.md).

// reroot makes the tree's root the position pos. If pos follows the last
// root by moves that the tree holds, the subtree under them is kept, with
// its visits, and moved to the front of the other store; otherwise the
// tree starts afresh.
func (b *MCTS) reroot(pos Game) {
	hist := pos.History()
	if n, ok := b.descendant(pos); ok {
		b.keepSubtree(n)
	} else {
		b.tree.reset()
		root := b.tree.place(1)
		*b.node(root), *b.tree.stat(root) = mctsNode{move: int32(NoMove), first: none, untried: -1}, mctsStat{}
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
	if b.tree.end == 0 || reflect.TypeOf(pos) != b.rootType || k < 0 || !slices.Equal(hist[:len(b.rootHist)], b.rootHist) {
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

// keepSubtree copies the subtree under node r into the spare store,
// breadth first, a block of children at a time with no room to spare, so
// that r becomes node 0 and the rest of the old tree, dead blocks
// included, is dropped; then the stores swap. A node copied still points
// at its children in the old tree until its turn comes to copy them:
// the copies are visited in order of index, which is breadth first
// (skipped slots read as nodes without children).
func (b *MCTS) keepSubtree(r int32) {
	if r == 0 {
		return
	}
	b.spare.reset()
	b.spare.copyBlock(b.spare.place(1), &b.tree, r, 1)
	b.spare.node(0).move = int32(NoMove)
	for i := int32(0); i < b.spare.end; i++ {
		node := b.spare.node(i)
		if node.kids == 0 {
			node.first, node.room = none, 0
			continue
		}
		first := b.spare.place(int(node.kids))
		b.spare.copyBlock(first, &b.tree, node.first, int32(node.kids))
		node.first, node.room = first, node.kids
	}
	b.size = b.spare.used
	b.tree, b.spare = b.spare, b.tree
}

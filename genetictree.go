package main

// The reservation tree of genetic minimax (genetic.go): a partial game
// tree holding the chromosomes' paths, the scores of the positions they
// reach at its leaves and the minimax values backed up from them, and a
// chromosome's fitness read off it.

// rnode is a node of the reservation tree, reached from the root by the
// moves on its path.
type rnode struct {
	move     Move
	parent   *rnode
	children []*rnode
	maxing   bool   // the root's mover chooses here
	scored   bool   // value is set: a leaf's score or a backed-up minimax value
	value    int    // from the root mover's side
	leaves   int    // scored leaves at or below this node
	legal    []Move // the legal moves of its position, once a replay passed it
}

// child returns the child reached by m, making it if it is new.
func (n *rnode) child(m Move) *rnode {
	for _, c := range n.children {
		if c.move == m {
			return c
		}
	}
	c := &rnode{move: m, parent: n, maxing: !n.maxing}
	n.children = append(n.children, c)
	return c
}

// setLeaf gives a new leaf its score and backs the minimax values up the
// path, stopping where an ancestor's value does not change.
func (n *rnode) setLeaf(v int) {
	n.value, n.scored = v, true
	for p := n; p != nil; p = p.parent {
		p.leaves++
	}
	for p := n.parent; p != nil; p = p.parent {
		w := p.minimax()
		if p.scored && w == p.value {
			return
		}
		p.value, p.scored = w, true
	}
}

// minimax is the backed-up value over the scored children: the best for
// the root's mover at its own turns, the worst at the opponent's.
func (n *rnode) minimax() int {
	best := infinity
	if n.maxing {
		best = -infinity
	}
	for _, c := range n.children {
		if !c.scored {
			continue
		}
		if n.maxing {
			best = max(best, c.value)
		} else {
			best = min(best, c.value)
		}
	}
	return best
}

// fitness is the number of consecutive ancestors, from the leaf's parent
// up, whose backed-up value equals the leaf's: how far up the tree the
// leaf's value is the one minimax chose. An ancestor higher up that has
// the same value only by coincidence, above one that differs, does not
// count.
func (n *rnode) fitness() int {
	f := 0
	for p := n.parent; p != nil && p.value == n.value; p = p.parent {
		f++
	}
	return f
}

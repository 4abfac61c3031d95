package main

// MCTS-Solver (Winands, Björnsson & Saito 2008), mcts:solve=on: a Monte
// Carlo tree that proves results where it can. A finished game is proved
// as it stands. A position is then proved lost for the side that moved
// into it as soon as one of its children is a proved win for the side to
// move (who will play it), and proved for that child's mover as the best
// of its children once every child is proved: won if every move loses,
// drawn if the best move draws. Proofs travel up the tree after each
// playout that finds a finished game; the descent stops at a proved node
// and backs its exact result up instead of a random playout's; selection
// never chooses a child proved lost for the side choosing; and a root
// with a proved result ends the search, its proved win played at once.

// proved reports whether node n's result is known: a finished game, or
// (only MCTS-Solver proves other nodes) a proved one.
func (b *MCTS) proved(n int32) bool { return b.node(n).proof != unproved }

// proveUp, after the last node of the path was found to be a finished
// game, proves what it can of the nodes above it on the path, going up
// while each is proved in turn.
func (b *MCTS) proveUp() {
	if !b.Solve {
		return
	}
	for i := len(b.path) - 2; i >= 0 && b.prove(b.path[i]); i-- {
	}
}

// prove proves node n from its children if they allow it, and reports
// whether they did: a child proved won for the side to move at n (the
// quickest such) makes n lost for its mover; every move tried and proved
// makes n the best of them, reversed: the longest loss or a draw.
func (b *MCTS) prove(n int32) bool {
	node := b.node(n)
	winIn := -1                   // the quickest proved win of the side to move
	best, bestIn := provedLoss, 0 // the best of the children, for the side to move
	every := node.untried == 0    // every move tried, and so far proved
	from, to := b.triedChildren(n)
	for c := from; c < to; c++ {
		child := b.node(c)
		plies := int(child.plies) + 1
		switch child.proof {
		case unproved:
			every = false
		case provedWin:
			if winIn < 0 || plies < winIn {
				winIn = plies
			}
		case provedDraw:
			if best == provedLoss {
				best, bestIn = provedDraw, plies
			}
		case provedLoss:
			if best == provedLoss {
				bestIn = max(bestIn, plies)
			}
		}
	}
	switch {
	case winIn >= 0:
		node.proof, node.plies = provedLoss, uint8(winIn)
	case every:
		node.proof, node.plies = best.flip(), uint8(bestIn)
	default:
		return false
	}
	return true
}

// solvedChoice is the child of n that MCTS-Solver plays: a proved win,
// the quickest; else the most visited of those not proved lost; else (all
// lost) the longest loss, the most visited among equals, since the
// opponent may yet go wrong where the search liked to go. The first tried
// among equals; none for a leaf.
func (b *MCTS) solvedChoice(n int32) int32 {
	best, bestClass, bestKey := int32(none), 0, 0
	from, to := b.triedChildren(n)
	for c := from; c < to; c++ {
		class, key := b.solvedRank(c)
		if best == none || class > bestClass || class == bestClass && key > bestKey {
			best, bestClass, bestKey = c, class, key
		}
	}
	return best
}

// solvedRank orders the children for the side choosing: by class (a
// proved win 2, unproved or drawn 1, a proved loss 0), then within the
// class by key, the larger first: the fewer plies to a win; the more
// visits; the more plies to a loss, then the more visits.
func (b *MCTS) solvedRank(c int32) (class, key int) {
	node := b.node(c)
	switch node.proof {
	case provedWin:
		return 2, -int(node.plies)
	case provedLoss:
		return 0, int(node.plies)<<32 | int(node.visits)
	}
	return 1, int(node.visits)
}

// proofFigures adds to the decision what the search proved of the root,
// for the side to move: Proved and ProvedPlies.
func (b *MCTS) proofFigures(d *Decision) {
	root := b.node(0)
	if !b.Solve || root.proof == unproved {
		return
	}
	p := root.proof.flip()
	d.Tree.Proved = map[mctsProof]string{provedWin: "win", provedDraw: "draw", provedLoss: "loss"}[p]
	d.Tree.ProvedPlies = int(root.plies)
}

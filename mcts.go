package main

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"time"
)

// The keys of mcts. Without a time limit (Tic-Tac-Toe, Connect Four) it
// runs a count of playouts, so that a game repeats on any machine, chosen
// so that a move takes under a second on a busy 2-core machine
// (BenchmarkMCTSPlayouts: about 1.4 million playouts a second in
// Tic-Tac-Toe, 850,000 in Connect Four on a quiet one); Adjacency has its
// 5 s.
var (
	mctsPlayouts = param{key: "playouts", kind: kindInt, min: 0, max: 1e9, def: "0", untilTime: true,
		byGame: map[string]string{"ttt": "20000", "connect4": "100000"}, about: playoutsParam.about}
	mctsC = param{key: "c", kind: kindFloat, min: 0, max: 100, def: strconv.FormatFloat(mctsExploration, 'g', -1, 64),
		about: "UCB1's exploration constant: higher tries the less visited moves more"}
)

func init() {
	registerBot(&botDecl{name: "mcts", order: 6, traces: true,
		about:  "Monte Carlo tree search (UCT): random playouts to the end, UCB1 to choose where to look",
		params: []param{mctsPlayouts, timeParam, mctsC},
		build: func(c botConfig) Bot {
			b := NewMCTS(c.rng)
			b.C = c.vals.float("c")
			return b
		}})
}

// Monte Carlo tree search, in its classic form UCT (Kocsis & Szepesvári
// 2006; the survey of Browne et al. 2012 names the four steps). Each
// playout walks the tree from the root:
//
//  1. selection: while every move of the node has been tried, descend to
//     the child with the highest UCB1 value, wins/visits +
//     c*sqrt(ln(parent visits)/visits), which balances moves that did well
//     (exploitation) against moves seldom tried (exploration);
//  2. expansion: add one child for a move not yet tried, chosen at random;
//  3. simulation: from there play uniformly random moves to the end;
//  4. backpropagation: every node on the path counts a visit and the
//     result, 1 for a win, 1/2 for a draw, 0 for a loss, for the side that
//     made the node's move.
//
// After the budget the bot plays the root move visited most: the most
// trusted, not merely the luckiest.
//
// The tree itself (mctsNode, the MCTS type) and its reading for -trace
// and -v are in mctstree.go.

// mctsExploration is UCB1's constant c: sqrt 2 is the value for which
// Auer et al. proved the regret bound with rewards in [0, 1].
const mctsExploration = math.Sqrt2

// mctsDefaultTime is the budget when neither a count nor a time is given
// (the game cards give a count by default where a game has no time
// limit: see gameSpec.playouts).
const mctsDefaultTime = time.Second

// mctsMaxNodes caps the tree (about 50 bytes a node): past it the search
// keeps playing out from the leaves but stops adding nodes.
const mctsMaxNodes = 1 << 22

// mctsPoll is how many playouts pass between looks at the clock.
const mctsPoll = 16

// NewMCTS returns the bot, drawing every random choice from rng.
func NewMCTS(rng *rand.Rand) *MCTS {
	return &MCTS{rng: rng, C: mctsExploration, moves: make([]Move, 0, 64)}
}

// Name is "mcts".
func (*MCTS) Name() string { return "mcts" }

// Think runs playouts until Budget.Playouts or Budget.Time, whichever
// comes first (mctsDefaultTime when neither is set), and plays
// the most-visited root move. Score is that move's win rate in percent,
// Nodes the tree nodes this decision added (the subtree kept from the
// moves before was counted when it was grown), Depth the deepest node
// below the root, PV the most-visited line.
func (b *MCTS) Think(ctx context.Context, g Game, budget Budget) Decision {
	start := time.Now()
	if budget.Playouts <= 0 && budget.Time <= 0 {
		budget.Time = mctsDefaultTime
	}
	ctx, cancel := withBudget(ctx, budget)
	defer cancel()
	pos := g.Clone()
	b.reroot(pos)
	kept := len(b.nodes)

	d := Decision{Move: NoMove}
	for !pos.Over() {
		if budget.Playouts > 0 && d.Playouts >= int64(budget.Playouts) {
			break
		}
		if d.Playouts%mctsPoll == 0 && expired(ctx) {
			break
		}
		d.Depth = max(d.Depth, b.playout(pos))
		d.Playouts++
	}
	b.decide(pos, &d)
	d.Nodes, d.Time = int64(len(b.nodes)-kept), time.Since(start)
	if budget.Trace > 0 {
		d.Trace = b.trace(pos, budget.Trace, d)
	}
	return d
}

// playout runs one iteration of the four steps from the root position
// pos, leaving pos as it found it, and returns the depth of the tree node
// it reached.
func (b *MCTS) playout(pos Game) int {
	n, depth := int32(0), 0
	// Selection: descend while the node is fully expanded.
	for !pos.Over() {
		node := &b.nodes[n]
		if node.untried < 0 {
			b.moves = pos.Moves(b.moves)
			node.untried = int32(len(b.moves))
		}
		if node.untried > 0 {
			if len(b.nodes) < mctsMaxNodes {
				n = b.expand(pos, n)
				pos.Play(b.nodes[n].move)
				depth++
			}
			break
		}
		n = b.selectChild(n)
		pos.Play(b.nodes[n].move)
		depth++
	}
	// Simulation, on the game's fast path if it has one.
	var result float64 // for X; a node of O's move counts 1-result
	if fast, ok := pos.(fastPlayout); ok {
		result = winnerResult(fast.randomPlayout(b.rng))
	} else {
		plies := randomPlayOut(pos, b.rng, b.moves)
		result = outcome(pos, X)
		for ; plies > 0; plies-- {
			pos.Undo()
		}
	}
	// Backpropagation, undoing the tree moves on the way up.
	for ; n != none; n = b.nodes[n].parent {
		node := &b.nodes[n]
		node.visits++
		if node.parent != none {
			pos.Undo()
			if pos.Turn() == X { // X made node.move
				node.wins += result
			} else {
				node.wins += 1 - result
			}
		}
	}
	return depth
}

// expand adds the child of node n for a random untried move of pos (the
// node's position) and returns its index.
func (b *MCTS) expand(pos Game, n int32) int32 {
	moves := pos.Moves(b.moves)
	b.moves = moves
	pick := b.rng.IntN(int(b.nodes[n].untried))
	var m Move
	for _, mv := range moves {
		if b.hasChild(n, mv) {
			continue
		}
		if pick == 0 {
			m = mv
			break
		}
		pick--
	}
	c := int32(len(b.nodes))
	b.nodes = append(b.nodes, mctsNode{move: m, parent: n, child: none, sibling: b.nodes[n].child, untried: -1, ucb: float32(math.Inf(1))})
	node := &b.nodes[n]
	node.child = c
	node.untried--
	if m >= 0 && m < 64 {
		node.tried |= 1 << uint(m)
	}
	return c
}

// hasChild reports whether node n has a child for move m: a bit test for
// moves below 64 (every cell and column of our games), a walk along the
// children otherwise.
func (b *MCTS) hasChild(n int32, m Move) bool {
	if m >= 0 && m < 64 {
		return b.nodes[n].tried&(1<<uint(m)) != 0
	}
	for c := b.nodes[n].child; c != none; c = b.nodes[c].sibling {
		if b.nodes[c].move == m {
			return true
		}
	}
	return false
}

// selectChild is UCB1 over the children of a fully expanded node: every
// child has been visited, so no value is infinite. Ties go to the first
// in the list.
func (b *MCTS) selectChild(n int32) int32 {
	logN := math.Log(float64(b.nodes[n].visits))
	best, bestValue := int32(none), math.Inf(-1)
	for c := b.nodes[n].child; c != none; c = b.nodes[c].sibling {
		child := &b.nodes[c]
		v := float64(child.visits)
		value := child.wins/v + b.C*math.Sqrt(logN/v)
		if value > bestValue {
			best, bestValue = c, value
		}
	}
	b.nodes[best].ucb = float32(bestValue)
	return best
}

// fastPlayout is an optional fast path a game may offer for the
// simulation step: play uniformly random moves to the end and take them
// all back, returning the winner. It must draw from rng exactly as
// randomPlayOut does over the game's Moves order, so that a seeded run plays the
// same game with or without it (mcts_test.go checks this).
type fastPlayout interface {
	randomPlayout(rng *rand.Rand) Side
}

// winnerResult is a game's result for X given its winner.
func winnerResult(w Side) float64 {
	switch w {
	case X:
		return 1
	case O:
		return 0
	}
	return 0.5
}

// randomPlayOut is the simulation step over the Game interface: uniformly random
// moves to the end of the game. It leaves the moves on pos and returns how
// many it played; buf is scratch for the move lists.
func randomPlayOut(pos Game, rng *rand.Rand, buf []Move) int {
	plies := 0
	for !pos.Over() {
		moves := pos.Moves(buf)
		pos.Play(moves[rng.IntN(len(moves))])
		plies++
	}
	return plies
}

// mostVisited is the child of n with the most visits, the first among
// equals; none for a leaf.
func (b *MCTS) mostVisited(n int32) int32 {
	best := int32(none)
	for c := b.nodes[n].child; c != none; c = b.nodes[c].sibling {
		if best == none || b.nodes[c].visits > b.nodes[best].visits {
			best = c
		}
	}
	return best
}

// decide fills the decision from the tree: the most-visited root move,
// its win rate and visit share, the most-visited line. With no playout
// run at all (a cancelled caller) it plays the first legal move.
func (b *MCTS) decide(pos Game, d *Decision) {
	best := b.mostVisited(0)
	if best == none {
		if moves := pos.Moves(b.moves); len(moves) > 0 {
			d.Move = moves[0]
		}
		return
	}
	child := &b.nodes[best]
	d.Move = child.move
	d.WinRate = child.wins / float64(child.visits)
	d.Share = float64(child.visits) / float64(b.nodes[0].visits)
	d.Score = int(math.Round(100 * d.WinRate))
	d.Top = b.top(mctsTopMoves)
	for n := best; n != none; n = b.mostVisited(n) {
		d.PV = append(d.PV, b.nodes[n].move)
	}
}

// reroot makes the tree's root the position pos. If pos follows the last
// root by moves that the tree holds, the subtree under them is kept, with
// its visits, and moved to the front of the node slice; otherwise the
// tree starts afresh.
func (b *MCTS) reroot(pos Game) {
	hist := pos.History()
	if n, ok := b.descendant(pos); ok {
		b.keep(n)
	} else {
		b.nodes = append(b.nodes[:0], mctsNode{parent: none, child: none, sibling: none, untried: -1})
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
		c := b.nodes[n].child
		for c != none && b.nodes[c].move != m {
			c = b.nodes[c].sibling
		}
		if c == none {
			return none, false
		}
		n = c
	}
	return n, true
}

// keep copies the subtree under node r into the spare buffer, breadth
// first, so that r becomes node 0 and the rest of the old tree is
// dropped; then the buffers swap.
func (b *MCTS) keep(r int32) {
	if r == 0 {
		return
	}
	spare, queue := b.spare[:0], b.queue[:0]
	root := b.nodes[r]
	root.parent, root.sibling, root.move = none, none, NoMove
	spare, queue = append(spare, root), append(queue, r)
	for i := 0; i < len(spare); i++ {
		prev := int32(none)
		for c := b.nodes[queue[i]].child; c != none; c = b.nodes[c].sibling {
			ni := int32(len(spare))
			node := b.nodes[c]
			node.parent, node.sibling = int32(i), none
			spare, queue = append(spare, node), append(queue, c)
			if prev == none {
				spare[i].child = ni
			} else {
				spare[prev].sibling = ni
			}
			prev = ni
		}
	}
	b.nodes, b.spare, b.queue = spare, b.nodes, queue
}

package main

import (
	"context"
	"math"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"
)

// The keys of mcts. Without a time limit it runs the count of playouts
// its game's card gives (Tic-Tac-Toe, Connect Four), so that a game
// repeats on any machine (docs/bots.md, "Speed"); Adjacency has its 5 s.
var (
	mctsPlayouts = param{key: "playouts", kind: kindInt, min: 0, max: 1e9, def: "0", untilTime: true,
		about: playoutsParam.about}
	mctsC = param{key: "c", kind: kindFloat, min: 0, max: 100, def: strconv.FormatFloat(mctsExploration, 'g', -1, 64),
		about: "UCB1's exploration constant: a higher value tries the less visited moves more"}
	mctsSolve = param{key: "solve", kind: kindSwitch, def: map[bool]string{true: "on", false: "off"}[mctsSolveDefault],
		about: "MCTS-Solver: proved wins and losses are passed up the tree, and a proved win is played at once"}
)

func init() {
	registerBot(&botDecl{name: "mcts", order: 6, traces: true,
		about:  "Monte Carlo tree search (UCT): random playouts to the end, UCB1 to choose where to look",
		params: []param{mctsPlayouts, timeParam, mctsC, mctsSolve},
		build: func(c botConfig) Bot {
			b := NewMCTS(c.rng)
			b.C, b.Solve = c.vals.float("c"), c.vals.on("solve")
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
//     made the node's move (kept as points, 2, 1 and 0, so that their sums
//     are whole numbers).
//
// After the budget the bot plays the root move visited most: the most
// trusted, not merely the luckiest. With Solve on (MCTS-Solver,
// mctssolve.go) results proved in the tree change three things: the
// descent stops at a proved node, selection never takes a proved loss,
// and a proved win is played.
//
// The tree itself (mctsNode, the MCTS type) and its reading for -trace
// and -v are in mctstree.go. walk is the same four steps on a board that
// a game offers (botfast.go says what a game may offer).

// mctsExploration is UCB1's constant c by default. Sqrt 2 is the value
// for which Auer et al. proved the regret bound with rewards in [0, 1],
// but 1 plays better here: it beat sqrt 2 head to head at 100 ms a move
// in Connect Four and Adjacency, and in Tic-Tac-Toe, where MCTS-Solver
// proves the game, every value plays alike (docs/bots.md).
const mctsExploration = 1.0

// mctsSolveDefault is whether MCTS-Solver is on unless solve= says: on,
// for it led in every Connect Four run at 100 ms a move and was level in
// Tic-Tac-Toe and Adjacency, and it answers at once where it has proved
// the result (docs/bots.md).
const mctsSolveDefault = true

// mctsDefaultTime is the budget when neither a count nor a time is given
// (the game cards give a count by default where a game has no time
// limit: see gameSpec.playouts).
const mctsDefaultTime = time.Second

// mctsPoll is how many playouts pass between looks at the clock.
const mctsPoll = 16

// NewMCTS returns the bot, drawing every random choice from rng.
func NewMCTS(rng *rand.Rand) *MCTS {
	mctsCountTableOnce()
	return &MCTS{rng: rng, C: mctsExploration, Solve: mctsSolveDefault, moves: make([]Move, 0, 64)}
}

// Name is "mcts".
func (*MCTS) Name() string { return "mcts" }

// Think runs playouts until Budget.Playouts or Budget.Time, whichever
// comes first (mctsDefaultTime when neither is set), and plays
// the most-visited root move (with Solve, solvedChoice's). It has no
// score on the game's scale (Stats.Tree holds the move's win rate), Nodes
// is the tree nodes this decision added
// (the subtree kept from the moves before was counted when it was
// grown), Depth the deepest node below the root, PV the line of the
// moves it would choose. With Solve, a root whose result is proved ends
// the search at once.
func (b *MCTS) Think(ctx context.Context, g Game, budget Budget) Decision {
	start := time.Now()
	if budget.Playouts <= 0 && budget.Time <= 0 {
		budget.Time = mctsDefaultTime
	}
	ctx, cancel := withBudget(ctx, budget)
	defer cancel()
	pos := g.Clone()
	b.reroot(pos)
	kept := b.size
	iterate := b.playout
	if game, ok := pos.(mctsWalking); ok && !b.reference {
		w := game.mctsWalker()
		iterate = func(Game) int { return b.walk(w) }
	}

	d := Decision{Move: NoMove, Stats: Stats{Unknown: FigScore}}
	for !pos.Over() && !b.proved(0) {
		if budget.Playouts > 0 && d.Tree.Playouts >= int64(budget.Playouts) {
			break
		}
		if d.Tree.Playouts%mctsPoll == 0 && expired(ctx) {
			break
		}
		d.Depth = max(d.Depth, iterate(pos))
		d.Tree.Playouts++
	}
	b.decide(pos, &d)
	d.Nodes, d.Time = int64(b.size-kept), time.Since(start)
	if budget.Trace > 0 {
		d.Trace = b.trace(pos, budget.Trace, d)
	}
	return d
}

// playout runs one iteration of the four steps from the root position
// pos, leaving pos as it found it, and returns the depth of the tree node
// it reached.
func (b *MCTS) playout(pos Game) int {
	// Selection: descend while every move of the node has a child,
	// unless its result is known (a finished game; with Solve, a
	// proved result).
	n := int32(0)
	b.path = append(b.path[:0], n)
	for !b.proved(n) && b.fullyExpanded(n, pos) {
		n = b.selectChild(n)
		pos.Play(Move(b.node(n).move))
		b.path = append(b.path, n)
	}
	// Expansion: a child for one untried move, at random.
	if !b.proved(n) {
		if c := b.expand(n, pos.Moves(b.moves)); c != none {
			n = c
			pos.Play(Move(b.node(n).move))
			b.path = append(b.path, n)
			if pos.Over() {
				b.setEnded(n, endOf(pos))
				b.proveUp()
			}
		}
	}
	// Simulation, on the game's fast path if it has one, unless the
	// result is known.
	var points uint32 // for the side that made node n's move
	if p := b.node(n).proof; p != unproved {
		points = p.points()
	} else {
		points = b.simulate(pos)
	}
	// Backpropagation, then the tree moves taken back.
	b.backup(points)
	depth := len(b.path) - 1
	for range depth {
		pos.Undo()
	}
	return depth
}

// walk is MCTS.playout on a game's walker w: the same four steps, with
// the same tree operations and random numbers, and the same tree grown;
// only its selection is selectByKey, which chooses as selectChild does.
func (b *MCTS) walk(w mctsWalker) int {
	// Selection: down the tree while every move of the node has a
	// child, unless its result is known. Only a node added by the last
	// iteration has no count of its moves yet, which the walker gives
	// below.
	// The node n is at stays put as the tree grows (mctsnodes.go).
	n, node := int32(0), b.node(0)
	b.path, b.line = append(b.path[:0], n), b.line[:0]
	for node.proof == unproved && node.counted() && node.untried == 0 {
		n = b.selectByKey(node)
		node = b.node(n)
		b.path, b.line = append(b.path, n), append(b.line, Move(node.move))
	}
	var points uint32 // for the side that made node n's move
	if p := node.proof; p != unproved {
		points = p.points()
		b.backup(points)
		return len(b.path) - 1
	}
	moves, turn := w.follow(b.line, b.moves)
	b.moves = moves
	if !node.counted() {
		node.untried = int16(len(moves))
	}
	// Expansion.
	mover := turn.Other()
	if child := b.expand(n, moves); child != none {
		n, node, mover = child, b.node(child), turn
		b.path = append(b.path, n)
		if winner, over := w.play(Move(node.move)); over {
			b.setEnded(n, endFor(winner, mover))
			b.proveUp()
		}
	}
	// Simulation, unless the expansion ended the game.
	if p := node.proof; p != unproved {
		points = p.points()
	} else {
		points = winnerPoints(w.randomPlayout(b.rng), mover)
	}
	b.backup(points)
	return len(b.path) - 1
}

// selectByKey is MCTS.selectChild with no branch for the processor to
// guess in its loop: each child's value and index make one whole number
// (ucbKey), and the largest number is the child. The values are the
// same, so is the child: the first of the largest values. (The values are
// never -0, which would sort below +0, and never all -inf, which makes
// the node proved.)
func (b *MCTS) selectByKey(node *mctsNode) int32 {
	explore := float32(b.C) * countsOf(node.visits).sqrtLn
	var best uint64
	for i, child := range b.tree.kidStats(node) {
		if key := ucbKey(child.mean+explore*child.rsqrt, i); key > best {
			best = key
		}
	}
	return node.first + int32(^uint32(best))
}

// ucbKey is a UCB value and a child's index as one whole number that
// sorts as the value, then the lower index first: the value's bits made
// to sort as the value does, the index's reversed.
func ucbKey(value float32, i int) uint64 {
	bits := math.Float32bits(value)
	bits ^= uint32(int32(bits)>>31) | 1<<31
	return uint64(bits)<<32 | uint64(^uint32(i))
}

// fullyExpanded counts the moves of node n, whose position is pos, the
// first time it is reached, and reports whether each has a child.
func (b *MCTS) fullyExpanded(n int32, pos Game) bool {
	node := b.node(n)
	if !node.counted() {
		node.untried = int16(len(pos.Moves(b.moves)))
	}
	return node.untried == 0
}

// expand adds node n's child for a random move of moves (the node's, in
// the game's order) that has none, and returns it; none when the tree is
// full.
func (b *MCTS) expand(n int32, moves []Move) int32 {
	if !b.makeRoom(n) {
		return none
	}
	node := b.node(n)
	pick := b.rng.IntN(int(node.untried))
	for _, m := range moves {
		if b.hasChild(n, node, m) {
			continue
		}
		if pick == 0 {
			return b.addChild(n, m)
		}
		pick--
	}
	panic("mcts: fewer untried moves than counted")
}

// selectChild is UCB1 over the children of a fully expanded node: every
// child has been visited, so no value is infinite. The value
// wins/visits + c*sqrt(ln(parent visits)/visits) is computed as the
// child's mean plus the parent's c*sqrt(ln(parent visits)) times the
// child's 1/sqrt(visits), the two the child keeps (mctsStat, by backup):
// the same value, with no division or root for each child. Ties go to
// the first tried. With Solve a child proved lost for the side choosing
// is never chosen (MCTS-Solver), its mean being -inf: some other is not,
// or the node would be proved.
func (b *MCTS) selectChild(n int32) int32 {
	node := b.node(n)
	explore := float32(b.C) * countsOf(node.visits).sqrtLn
	best, bestValue := int32(none), float32(math.Inf(-1))
	for i, child := range b.tree.kidStats(node) {
		if value := child.mean + explore*child.rsqrt; value > bestValue {
			best, bestValue = node.first+int32(i), value
		}
	}
	return best
}

// mctsCounts are functions of a visit count that selection and backup
// need again and again.
type mctsCounts struct {
	recip, rsqrt, sqrtLn float32 // 1/n, 1/sqrt(n), sqrt(ln n)
}

// mctsCountTable holds the mctsCounts of the counts most often met,
// computed once, when the first bot is made (in a few milliseconds).
var (
	mctsCountTable     []mctsCounts
	mctsCountTableOnce = sync.OnceFunc(func() {
		t := make([]mctsCounts, 1<<16)
		for n := 1; n < len(t); n++ {
			t[n] = countsFor(int32(n))
		}
		mctsCountTable = t
	})
)

// countsOf is mctsCounts of n >= 1.
func countsOf(n int32) mctsCounts {
	if int(n) < len(mctsCountTable) {
		return mctsCountTable[n]
	}
	return countsFor(n)
}

// countsFor computes mctsCounts of n.
func countsFor(n int32) mctsCounts {
	v := float64(n)
	return mctsCounts{recip: float32(1 / v), rsqrt: float32(1 / math.Sqrt(v)), sqrtLn: float32(math.Sqrt(math.Log(v)))}
}

// simulate is the simulation step from pos: uniformly random moves to the
// end, then taken back; the result in points for the side that made
// pos's last move.
func (b *MCTS) simulate(pos Game) uint32 {
	mover := pos.Turn().Other()
	if fast, ok := pos.(fastPlayout); ok {
		return winnerPoints(fast.randomPlayout(b.rng), mover)
	}
	plies := randomPlayOut(pos, b.rng, b.moves)
	points := uint32(2 * outcome(pos, mover))
	for ; plies > 0; plies-- {
		pos.Undo()
	}
	return points
}

// backup is the backpropagation step: every node on the path counts a
// visit and the result, in points for the side that made the last node's
// move, so alternating going up.
func (b *MCTS) backup(points uint32) {
	for i := len(b.path) - 1; i >= 0; i-- {
		n := b.path[i]
		chunk, slot := b.tree.at(n)
		node, stat := &chunk.nodes[slot], &chunk.stats[slot]
		node.visits++
		node.points += points
		k := countsOf(node.visits)
		*stat = mctsStat{mean: 0.5 * float32(node.points) * k.recip, rsqrt: k.rsqrt}
		if b.Solve && node.proof == provedLoss {
			stat.mean = float32(math.Inf(-1))
		}
		points = 2 - points
	}
}

// endOf is a finished game's result for the side that made its last move.
func endOf(pos Game) mctsProof { return endFor(pos.Winner(), pos.Turn().Other()) }

// endFor is the result, for mover, of a game won by winner (Nobody: a
// draw).
func endFor(winner, mover Side) mctsProof {
	switch winner {
	case Nobody:
		return provedDraw
	case mover:
		return provedWin
	}
	return provedLoss
}

// winnerPoints is a game's result in points for side s given its winner.
func winnerPoints(w, s Side) uint32 {
	switch w {
	case s:
		return 2
	case Nobody:
		return 1
	}
	return 0
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

// mostVisited is the child of n with the most visits, the first tried
// among equals; none for a leaf.
func (b *MCTS) mostVisited(n int32) int32 {
	best := int32(none)
	from, to := b.triedChildren(n)
	for c := from; c < to; c++ {
		if best == none || b.node(c).visits > b.node(best).visits {
			best = c
		}
	}
	return best
}

// choose is the child of n to play: the most visited, or with Solve the
// one MCTS-Solver's proofs prefer (solvedChoice).
func (b *MCTS) choose(n int32) int32 {
	if b.Solve {
		return b.solvedChoice(n)
	}
	return b.mostVisited(n)
}

// decide fills the decision from the tree: the root move chosen, its win
// rate and visit share, the line expected, and with Solve what is proved.
// With no playout run at all (a cancelled caller) it plays the first
// legal move.
func (b *MCTS) decide(pos Game, d *Decision) {
	best := b.choose(0)
	if best == none {
		if moves := pos.Moves(b.moves); len(moves) > 0 {
			d.Move = moves[0]
		}
		return
	}
	child := b.node(best)
	d.Move = Move(child.move)
	d.Tree.WinRate = child.wins() / float64(child.visits)
	d.Tree.Share = float64(child.visits) / float64(b.node(0).visits)
	d.Tree.Top = b.top(mctsTopMoves)
	for n := best; n != none; n = b.choose(n) {
		d.PV = append(d.PV, Move(b.node(n).move))
	}
	b.proofFigures(d)
}

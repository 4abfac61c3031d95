package main

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
)

// -analyze -split PLIES: a position's frontier, the positions PLIES plies
// down, each an independent -analyze job, so that a solve too long for
// one machine spreads over many (docs/solving.md). The same tree, built
// again by -merge (analyzemerge.go), backs the jobs' answers up.

// splitOrderDepth is how deep the search that orders a node's moves
// looks: deep enough that a move that loses its marks (Adjacency) or
// gives a win away (Connect Four) goes last, and cheap next to a job.
const splitOrderDepth = 2

// splitMaxNodes caps the tree above the frontier: past it a split is
// refused, since its jobs would number hundreds of thousands, each a
// process; a frontier is split deeper by splitting its jobs again.
const splitMaxNodes = 1 << 19

// splitNode is one position of the tree above the frontier. Positions
// that are images of each other under the game's symmetries, or reached
// by other move orders, are one node.
type splitNode struct {
	record string // the first record that reached it, which the jobs name
	key    uint64 // its class key: the least key of its images
	turn   Side
	// over is a finished position, worth final to the side to move, as
	// -analyze answers it; frontier is an unfinished one PLIES down: a
	// job. index is a job's place in the order the split prints them.
	over, frontier bool
	final          int
	index          int
	// moves lead to children, best first by the ordering search; a move
	// whose child is a sibling's image is left out.
	moves    []Move
	children []*splitNode
}

// splitTree is the tree above the frontiers of every position of a run,
// shared: a job two positions need is one job.
type splitTree struct {
	ctx   context.Context
	spec  *gameSpec
	opt   gameOptions // with the defaults filled in
	plies int
	eval  evalFunc
	// nodes are the positions by class key and plies left to the
	// frontier; jobs are the frontier's positions in the order to run
	// them.
	nodes  map[splitAt]*splitNode
	jobs   []*splitNode
	queued map[*splitNode]bool
	// max is splitMaxNodes, lower in tests; tooBig says it was reached.
	max    int
	tooBig bool
}

// splitAt is a node's identity: its class, and the plies left to the
// frontier, since two positions read may reach one class at different
// depths.
type splitAt struct {
	key  uint64
	left int
}

// newSplitTree is an empty tree for positions of spec's game.
func newSplitTree(ctx context.Context, spec *gameSpec, opt gameOptions, plies int) *splitTree {
	return &splitTree{ctx: ctx, spec: spec, opt: spec.defaults(opt), plies: plies,
		eval: findEvaluator(spec.name, "").score, nodes: map[splitAt]*splitNode{}, queued: map[*splitNode]bool{}, max: splitMaxNodes}
}

// add builds the tree below g, PLIES plies deep, and queues its new
// jobs: first those of the smallest tree that proves the value if the
// ordering guessed every best move (Knuth and Moore's minimal tree),
// then the others, each in the ordering's depth-first order. It returns
// the root and how many of the new jobs are the minimal tree's, or an
// error when ctx ended or the tree is too large.
func (t *splitTree) add(g Game) (*splitNode, int, error) {
	root := t.node(g, t.plies)
	switch {
	case t.ctx.Err() != nil:
		return nil, 0, errInterrupted
	case t.tooBig:
		return nil, 0, badInput{fmt.Errorf("-split %d: the tree above the frontier passed %d positions: split at fewer plies, then split the jobs again", t.plies, t.max)}
	}
	from := len(t.jobs)
	t.minimal(root, splitPV, map[splitVisit]bool{})
	minimal := len(t.jobs) - from
	t.rest(root, map[*splitNode]bool{})
	return root, minimal, nil
}

// node is g's node, left plies above the frontier, built with its
// subtree if it is new.
func (t *splitTree) node(g Game, left int) *splitNode {
	at := splitAt{key: t.classKey(g), left: left}
	if n := t.nodes[at]; n != nil {
		return n
	}
	n := &splitNode{record: t.spec.record(g), key: at.key, turn: g.Turn(), index: -1}
	t.nodes[at] = n
	if len(t.nodes) > t.max {
		t.tooBig = true
		return n
	}
	switch {
	case g.Over():
		n.over, n.final = true, finalAnswer(t.spec, g)
	case left == 0:
		n.frontier = true
	default:
		seen := map[uint64]bool{}
		for _, m := range t.ordered(g) {
			if t.ctx.Err() != nil || t.tooBig {
				return n
			}
			g.Play(m)
			c := t.node(g, left-1)
			g.Undo()
			if !seen[c.key] {
				seen[c.key] = true
				n.moves, n.children = append(n.moves, m), append(n.children, c)
			}
		}
	}
	return n
}

// finalAnswer is -analyze's score of a finished position (docs/analyze.md).
func finalAnswer(spec *gameSpec, g Game) int {
	if spec.analyst.finalScore != nil {
		return spec.analyst.finalScore(g)
	}
	return g.Final(g.Turn())
}

// ordered is g's moves, the likely best first: by a shallow search
// with the game's default evaluator, the game's own order among equals.
// The search is deterministic, so -merge builds the same tree again.
func (t *splitTree) ordered(g Game) []Move {
	scores, _, _ := rootScores(t.ctx, g, t.eval, splitOrderDepth)
	slices.SortStableFunc(scores, func(a, b rootScore) int { return cmp.Compare(b.score, a.score) })
	moves := make([]Move, len(scores))
	for i, s := range scores {
		moves[i] = s.move
	}
	return moves
}

// classKey is the least key of g's position and its images under the
// game's symmetries; each image replays the mirrored moves from the
// start, which is its own image.
func (t *splitTree) classKey(g Game) uint64 {
	key := g.Key()
	for _, sym := range t.spec.symmetries {
		p := t.spec.start(t.opt)
		for _, m := range g.History() {
			p.Play(sym(t.opt, m))
		}
		key = min(key, p.Key())
	}
	return key
}

// splitKind is a node's part in the minimal tree: on the expected best
// line (every child needed, the first also on it), a refutation's node
// (its first child alone), or a node whose every child is needed.
type splitKind uint8

const (
	splitPV splitKind = iota
	splitCut
	splitAll
)

// splitVisit is a node met as a kind, visited once.
type splitVisit struct {
	n    *splitNode
	kind splitKind
}

// minimal queues the jobs of n's minimal tree, n being of kind.
func (t *splitTree) minimal(n *splitNode, kind splitKind, seen map[splitVisit]bool) {
	if seen[splitVisit{n, kind}] {
		return
	}
	seen[splitVisit{n, kind}] = true
	t.queue(n)
	for i, c := range n.children {
		switch {
		case kind == splitPV && i == 0:
			t.minimal(c, splitPV, seen)
		case kind == splitCut && i == 0:
			t.minimal(c, splitAll, seen)
		case kind == splitCut:
			return
		default: // the PV's other children, an all-node's every child
			t.minimal(c, splitCut, seen)
		}
	}
}

// rest queues the jobs below n that minimal left out.
func (t *splitTree) rest(n *splitNode, seen map[*splitNode]bool) {
	if seen[n] {
		return
	}
	seen[n] = true
	t.queue(n)
	for _, c := range n.children {
		t.rest(c, seen)
	}
}

// queue adds n to the jobs if it is a frontier position not queued yet.
func (t *splitTree) queue(n *splitNode) {
	if n.frontier && !t.queued[n] {
		t.queued[n] = true
		n.index = len(t.jobs)
		t.jobs = append(t.jobs, n)
	}
}

// analyzeSplit answers each position read with its new frontier
// records, one a line, a job each, and a note on errOut of how many
// there are; a line that is no position answers as -analyze's do,
// "<position> error: <reason>".
func analyzeSplit(ctx context.Context, in io.Reader, out, errOut io.Writer, spec *gameSpec, opt gameOptions, plies int) error {
	t := newSplitTree(ctx, spec, opt, plies)
	w := bufio.NewWriter(out)
	defer w.Flush()
	return eachPosition(ctx, in, w, spec, opt, analyzeMode{}, func(g Game) error {
		from := len(t.jobs)
		root, minimal, err := t.add(g)
		if err != nil {
			return err
		}
		for _, n := range t.jobs[from:] {
			fmt.Fprintln(w, n.record)
		}
		w.Flush()
		fmt.Fprintf(errOut, "boardbots: -split: %s: %s, the first %d the minimal tree's\n",
			recordWords(root.record), plural(len(t.jobs)-from, "new job", "new jobs"), minimal)
		return nil
	})
}

// eachPosition calls do with each position read, and answers a line
// that is none with an error line, as -analyze does (eachLine).
func eachPosition(ctx context.Context, in io.Reader, w *bufio.Writer, spec *gameSpec, opt gameOptions, mode analyzeMode, do func(g Game) error) error {
	return eachLine(ctx, in, w, mode, func(line string) error {
		pos, record := positionField(line)
		g, err := spec.parseRecord(record, opt)
		if err != nil {
			fmt.Fprintln(w, analyzeJSON{Position: pos, Error: err.Error()}.text(mode))
			return nil
		}
		return do(g)
	})
}

// recordWords names a record in a message: "the start" for the empty one.
func recordWords(record string) string {
	if record == "" {
		return "the start"
	}
	return record
}

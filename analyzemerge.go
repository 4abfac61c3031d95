package main

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
)

// -analyze -split PLIES -merge FILE...: each position read answered from
// its frontier's answers, backed up by minimax; or, where answers are
// missing, the frontier records a proof still needs (docs/solving.md).

// merger backs a tree's answers up.
type merger struct {
	t     *splitTree
	known map[uint64]knownAnswer
	// needed are the missing jobs the search met, once each, with the
	// bound each is asked (the beta of its null window; a full-window
	// search asks none).
	needed map[*splitNode]int
	best   Move // the root's best move, once its value is proved
}

// bounds is the alpha-beta search of n over the answers known, with the
// window (alpha, beta): it returns bounds on n's score for its side to
// move, exact when lo equals hi, and marks the missing jobs it met as
// needed. A job it does not meet cannot change the value, given the
// answers known: a sibling's known answer already cut it off; nor does a
// job whose bounds known already settle the window. At the root it keeps
// the move that raised lo last: the best move, once lo equals hi.
func (m *merger) bounds(n *splitNode, alpha, beta int, root bool) (lo, hi int) {
	if n.over {
		return n.final, n.final
	}
	k, ok := m.known[n.key]
	if ok && !root && (k.exact || k.hi <= alpha || k.lo >= beta) {
		return k.lo, k.hi
	}
	if n.frontier {
		if _, met := m.needed[n]; !met {
			m.needed[n] = beta
		}
		if ok {
			return k.lo, k.hi
		}
		return -mergeUnknown, mergeUnknown
	}
	lo, hi = -mergeUnknown, -mergeUnknown
	for i, c := range n.children {
		var clo, chi int
		if c.turn == n.turn {
			clo, chi = m.bounds(c, max(alpha, lo), beta, false)
		} else { // the other side to move: its scores negated
			clo, chi = m.bounds(c, -beta, -max(alpha, lo), false)
			clo, chi = -chi, -clo
		}
		if clo > lo && root {
			m.best = n.moves[i]
		}
		lo, hi = max(lo, clo), max(hi, chi)
		if lo >= beta {
			return lo, mergeUnknown // the moves left may be better still
		}
	}
	if ok && !root && max(lo, k.lo) <= min(hi, k.hi) { // an inner node's own bounds, answered as a job
		lo, hi = max(lo, k.lo), min(hi, k.hi)
	}
	return lo, hi
}

// mergeProbe is the bound a bounded merge asks the root next, its
// score known to lie in [lo, hi] (lo < hi): a draw or better first, as
// the solvers' first null window asks; then one above the lower bound
// or at the upper one, as MTD(f) steps (Plaat et al. 1996), halving an
// interval closed on both sides.
func mergeProbe(lo, hi int) int {
	switch {
	case lo > -mergeUnknown && hi < mergeUnknown:
		return lo + (hi-lo+1)/2
	case lo > -mergeUnknown:
		return lo + 1
	case hi < mergeUnknown:
		return hi
	}
	return 0
}

// probe narrows the root's bounds [lo, hi] by null-window searches of
// the answers known, at the bounds mergeProbe picks, until the value is
// proved (lo equals hi) or a search meets jobs still needed: it returns
// the bounds and the bound the jobs were asked for.
func (m *merger) probe(root *splitNode, lo, hi int) (int, int, int) {
	for lo < hi {
		beta := mergeProbe(lo, hi)
		m.needed = map[*splitNode]int{}
		rlo, rhi := m.bounds(root, beta-1, beta, true)
		if len(m.needed) > 0 {
			return lo, hi, beta
		}
		if rlo >= beta {
			lo = max(lo, rlo)
		} else {
			hi = min(hi, rhi)
		}
	}
	m.best = NoMove
	m.bounds(root, lo-1, lo, true) // the first move that reaches the value
	return lo, hi, lo
}

// work sums the nodes and microseconds of the answers that n's tree
// used: each class once, none below a known one.
func (m *merger) work(n *splitNode, seen map[*splitNode]bool, root bool) (nodes, micros int64) {
	if seen[n] {
		return 0, 0
	}
	seen[n] = true
	if a, ok := m.known[n.key]; ok && !root {
		if a.exact || n.frontier {
			return a.nodes, a.micros
		}
		nodes, micros = a.nodes, a.micros
	}
	for _, c := range n.children {
		cn, cm := m.work(c, seen, false)
		nodes, micros = nodes+cn, micros+cm
	}
	return nodes, micros
}

// analyzeMerge answers each position read from the answers in files:
// its answer line when they prove its value, else the frontier records
// still needed, one a line, and a note on errOut. Its error, when some
// position is not proved, says so (exit status 1). ready is called once
// the files are read, before the positions are.
func analyzeMerge(ctx context.Context, in io.Reader, out, errOut io.Writer, spec *gameSpec, opt gameOptions, plies int, files []string, mode analyzeMode, ready func()) error {
	t := newSplitTree(ctx, spec, opt, plies)
	book, err := readAnswers(t, files)
	if err != nil {
		return err
	}
	ready()
	for _, line := range book.skipped {
		fmt.Fprintf(errOut, "boardbots: %s\n", line)
	}
	w := bufio.NewWriter(out)
	defer w.Flush()
	listed := map[*splitNode]bool{}
	open, roots := 0, 0
	bounded := spec.testsBounds()
	err = eachPosition(ctx, in, w, spec, opt, mode, func(g Game) error {
		root, _, err := t.add(g)
		if err != nil {
			return err
		}
		roots++
		m := &merger{t: t, known: book.known, needed: map[*splitNode]int{}}
		lo, hi := m.bounds(root, -mergeUnknown, mergeUnknown, true)
		asked := mergeUnknown // exact jobs
		if bounded && lo < hi {
			lo, hi, asked = m.probe(root, lo, hi)
		}
		a := analyzeJSON{Position: cmp.Or(root.record, startField)} // as -analyze names the start
		own, answered := book.known[root.key]
		switch {
		case answered && own.exact && own.record == root.record: // asked before, as a job
			a.Score, a.Move, a.Nodes, a.Micros = &own.score, &own.move, &own.nodes, &own.micros
		case root.over:
			var zero int64
			a.Score, a.Nodes, a.Micros = &root.final, &zero, &zero
		case lo == hi:
			move := g.FormatMove(m.best)
			nodes, micros := m.work(root, map[*splitNode]bool{}, true)
			a.Score, a.Move, a.Nodes, a.Micros = &lo, &move, &nodes, &micros
		default:
			open++
			m.list(w, errOut, root, lo, hi, asked, listed, mode)
			return nil
		}
		fmt.Fprintln(w, a.text(mode))
		return nil
	})
	if err == nil && open > 0 {
		err = fmt.Errorf("-merge: %d of %s not proved yet: run the records listed, add their answers to the files, and merge again",
			open, plural(roots, "position", "positions"))
	}
	return err
}

// list writes the jobs root still needs, in the split's order, each
// once a run, and says on errOut what is known of root's value and, for
// bounded jobs, what the root is asked (beta: "at least beta?";
// mergeUnknown for exact jobs).
func (m *merger) list(w *bufio.Writer, errOut io.Writer, root *splitNode, lo, hi, beta int, listed map[*splitNode]bool, mode analyzeMode) {
	var jobs []*splitNode
	for n := range m.needed {
		jobs = append(jobs, n)
	}
	slices.SortFunc(jobs, func(a, b *splitNode) int { return a.index - b.index })
	total, done := 0, 0
	eachFrontier(root, map[*splitNode]bool{}, func(n *splitNode) {
		total++
		if _, ok := m.known[n.key]; ok {
			done++
		}
	})
	for _, n := range jobs {
		if !listed[n] {
			listed[n] = true
			asks := mergeUnknown
			if beta < mergeUnknown {
				asks = m.needed[n]
			}
			fmt.Fprintln(w, pendingLine(n.record, asks, mode))
		}
	}
	w.Flush()
	asking := ""
	if beta < mergeUnknown {
		asking = fmt.Sprintf(", asking whether it is at least %d", beta)
	}
	fmt.Fprintf(errOut, "boardbots: -merge: %s: not proved yet (%s%s); %d of its %d frontier records answered, %d still needed\n",
		recordWords(root.record), boundsWords(lo, hi), asking, done, total, len(jobs))
}

// eachFrontier calls do with each job of the frontier below n once;
// seen holds the positions visited.
func eachFrontier(n *splitNode, seen map[*splitNode]bool, do func(*splitNode)) {
	if seen[n] {
		return
	}
	seen[n] = true
	if n.frontier {
		do(n)
	}
	for _, c := range n.children {
		eachFrontier(c, seen, do)
	}
}

// pendingLine is a job still needed as -merge lists it: its record, a
// line for -analyze, followed for a bounded job by ">=beta" (the start
// then written "-"); under -format json, an object with only the
// position, and for a bounded job the bound asked.
func pendingLine(record string, beta int, mode analyzeMode) string {
	if beta >= mergeUnknown || beta <= -mergeUnknown {
		if mode.json {
			return analyzeJSON{Position: record}.text(mode)
		}
		return record
	}
	if mode.json {
		return analyzeJSON{Position: record, Bound: ">=", Score: &beta}.text(mode)
	}
	return cmp.Or(record, startField) + " " + boundField(">=", beta)
}

// boundsWords says what is known of a score from its bounds.
func boundsWords(lo, hi int) string {
	switch {
	case lo > -mergeUnknown && hi < mergeUnknown:
		return fmt.Sprintf("its score is from %d to %d", lo, hi)
	case lo > -mergeUnknown:
		return fmt.Sprintf("its score is at least %d", lo)
	case hi < mergeUnknown:
		return fmt.Sprintf("its score is at most %d", hi)
	}
	return "nothing is known of its score yet"
}

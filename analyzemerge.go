package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
)

// -analyze -split PLIES -merge FILE...: each position read answered from
// its frontier's answers, backed up by minimax; or, where answers are
// missing, the frontier records a proof still needs (docs/solving.md).

// mergeUnknown bounds every score: a missing answer is worth anything
// between -mergeUnknown and mergeUnknown.
const mergeUnknown = 1 << 30

// merger backs a tree's answers up.
type merger struct {
	t     *splitTree
	known map[uint64]knownAnswer
	// needed are the missing jobs the search met, once each.
	needed map[*splitNode]bool
	best   Move // the root's best move, once its value is proved
}

// bounds is the alpha-beta search of n over the answers known, with the
// window (alpha, beta): it returns bounds on n's score for its side to
// move, exact when lo equals hi, and marks the missing jobs it met as
// needed. A job it does not meet cannot change the value, given the
// answers known: a sibling's known answer already cut it off. At the
// root it keeps the move that raised lo last: the best move, once lo
// equals hi.
func (m *merger) bounds(n *splitNode, alpha, beta int, root bool) (lo, hi int) {
	if n.over {
		return n.final, n.final
	}
	if a, ok := m.known[n.key]; ok && !root {
		return a.score, a.score
	}
	if n.frontier {
		m.needed[n] = true
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
	return lo, hi
}

// work sums the nodes and microseconds of the answers that n's tree
// used: each class once, none below a known one.
func (m *merger) work(n *splitNode, seen map[*splitNode]bool, root bool) (nodes, micros int64) {
	if seen[n] {
		return 0, 0
	}
	seen[n] = true
	if a, ok := m.known[n.key]; ok && !root {
		return a.nodes, a.micros
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
// position is not proved, says so (exit status 1).
func analyzeMerge(ctx context.Context, in io.Reader, out, errOut io.Writer, spec *gameSpec, opt gameOptions, plies int, files []string, mode analyzeMode) error {
	t := newSplitTree(ctx, spec, opt, plies)
	book, err := readAnswers(t, files)
	if err != nil {
		return err
	}
	for _, line := range book.skipped {
		fmt.Fprintf(errOut, "boardbots: %s\n", line)
	}
	w := bufio.NewWriter(out)
	defer w.Flush()
	listed := map[*splitNode]bool{}
	open, roots := 0, 0
	err = eachPosition(ctx, in, w, spec, opt, func(g Game) error {
		root, _, err := t.add(g)
		if err != nil {
			return err
		}
		roots++
		m := &merger{t: t, known: book.known, needed: map[*splitNode]bool{}}
		lo, hi := m.bounds(root, -mergeUnknown, mergeUnknown, true)
		a := analyzeJSON{Position: root.record}
		own, answered := book.known[root.key]
		switch {
		case answered && own.record == root.record: // asked before, as a job
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
			m.list(w, errOut, root, lo, hi, listed, mode)
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
// once a run, and says on errOut what is known of root's value.
func (m *merger) list(w *bufio.Writer, errOut io.Writer, root *splitNode, lo, hi int, listed map[*splitNode]bool, mode analyzeMode) {
	var jobs []*splitNode
	for n := range m.needed {
		jobs = append(jobs, n)
	}
	slices.SortFunc(jobs, func(a, b *splitNode) int { return a.index - b.index })
	total, done := 0, 0
	for n := range frontierOf(root, map[*splitNode]bool{}) {
		total++
		if _, ok := m.known[n.key]; ok {
			done++
		}
	}
	for _, n := range jobs {
		if !listed[n] {
			listed[n] = true
			fmt.Fprintln(w, pendingLine(n.record, mode))
		}
	}
	w.Flush()
	fmt.Fprintf(errOut, "boardbots: -merge: %s: not proved yet (%s); %d of its %d frontier records answered, %d still needed\n",
		recordWords(root.record), boundsWords(lo, hi), done, total, len(jobs))
}

// frontierOf is the frontier below n, each job once.
func frontierOf(n *splitNode, seen map[*splitNode]bool) map[*splitNode]bool {
	if seen[n] {
		return nil
	}
	seen[n] = true
	jobs := map[*splitNode]bool{}
	if n.frontier {
		jobs[n] = true
	}
	for _, c := range n.children {
		maps.Copy(jobs, frontierOf(c, seen))
	}
	return jobs
}

// pendingLine is a job still needed as -merge lists it: its record, a
// line for -analyze; under -format json, an object with only the
// position.
func pendingLine(record string, mode analyzeMode) string {
	if mode.json {
		return analyzeJSON{Position: record}.text(mode)
	}
	return record
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

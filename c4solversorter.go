package main

// c4Sorter holds a solver node's moves in the order they are tried and
// hands them out one at a time, in two stages, like the public solver's
// MoveSorter (to which the second stage is our addition):
//
//  1. sorted: every move, best first, by the threats it creates,
//     centre first among equals. The table's move no longer leads:
//     since the static pass settles the children that win at once or
//     are refuted by the table, the threats order the rest better (the
//     table's move first, or even half a threat ahead, took more nodes:
//     docs/search-notes.md, "Move order").
//  2. later: the moves stage 1 put off because another thread was
//     searching their position (see c4solverparallel.go). By the time the
//     others are done, that thread's result is usually in the table.
//
// At most seven moves, each with the node the static pass made of it:
// they stay where they were listed, and an insertion sort of their
// indices orders them. Each node of a search uses the sorter of its
// number of stones in its thread's search (c4Search.sorters), which no
// other node on its path uses: on the stack, the sorter's 900 bytes were
// cleared at every node.
type c4Sorter struct {
	entries [c4MaxWidth]c4Move // as listed
	listed  int                // entries filled
	order   [c4MaxWidth]int8   // indices into entries of the moves ranked, best first
	n       int                // moves ranked: those listed and not dropped
	k       int                // moves picked or put off so far, both stages

	// Stage 1 hands out its first free moves without a look (all of them
	// unless watch was called); a later one whose position busy marks,
	// it puts off to stage 2: later holds their indices into entries,
	// nLater their number.
	free   int
	busy   *busySet
	later  [c4MaxWidth]int8
	nLater int
}

// c4Move is one listed move: its column, the score that ranks it (or
// c4Dropped), and the node it leads to, with its table entry's bucket
// while its node's batch of probes is under way (see probeChildren).
type c4Move struct {
	node   c4Node
	col    int
	score  int
	want   uint64 // what the entry holds in its ttMatch bits
	e0, e1 uint64 // the bucket's two entries
}

// c4Dropped is the score of a listed move that the table settled: rank
// leaves it out.
const c4Dropped = -1

// reset empties the sorter for a node.
func (m *c4Sorter) reset() {
	m.listed, m.n, m.k, m.nLater, m.busy = 0, 0, 0, 0, nil
}

// slot is the entry the next push lists: the caller fills it in place
// (the static pass writes its node there).
func (m *c4Sorter) slot() *c4Move { return &m.entries[m.listed] }

// push lists the move in the next slot with its column and score; rank
// orders the moves once all are listed.
func (m *c4Sorter) push(col, score int) {
	e := &m.entries[m.listed]
	e.col, e.score = col, score
	m.listed++
}

// rank orders the listed moves not dropped, best first, by an insertion
// sort of their indices that keeps equals in the order they were listed
// (centre first), and readies stage 1.
func (m *c4Sorter) rank() {
	n := 0
	for k := range m.listed {
		score := m.entries[k].score
		if score == c4Dropped {
			continue
		}
		i := n
		for ; i > 0 && m.entries[m.order[i-1]].score < score; i-- {
			m.order[i] = m.order[i-1]
		}
		m.order[i] = int8(k)
		n++
	}
	m.n, m.free = n, n
}

// watch makes stage 1 put off any move but the first whose position
// busy marks. The first is searched at once, as in ABDADA, for the bound
// it gives the others. The marks' keys are the nodes' table keys, which
// the static pass made (it probes every position the marks cover).
func (m *c4Sorter) watch(busy *busySet) {
	m.busy, m.free = busy, min(m.n, 1)
}

// pick returns the index into entries of the next move to search, -1
// once both stages are through. Picking a free move is kept small enough
// to inline: it is the common case (always, with one thread), and the
// solver picks every move it searches.
func (m *c4Sorter) pick() int {
	if m.k < m.free {
		m.k++
		return int(m.order[m.k-1])
	}
	return m.pickWatched()
}

// pickWatched is pick past the free moves: the rest of stage 1, looking
// at the busy marks, then stage 2.
func (m *c4Sorter) pickWatched() int {
	for m.k < m.n {
		i := m.order[m.k]
		m.k++
		if !m.busy.has(m.entries[i].node.key) {
			return int(i)
		}
		m.later[m.nLater] = i
		m.nLater++
	}
	if j := m.k - m.n; j < m.nLater {
		m.k++
		return int(m.later[j])
	}
	return -1
}

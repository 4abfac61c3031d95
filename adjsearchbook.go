package main

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// adjSolvedStart is the start position of a game of some rounds, solved
// to the end by adjSolve: X's final margin under perfect play and one
// perfect line, in the -analyze notation's cells.
type adjSolvedStart struct {
	value int
	line  []Move
}

// adjSolvedStarts holds every start the program has solved, so that
// alphabeta answers them at once (from the start, the bot would need far
// more than its budget). The program solves each again with the book off
// (docs/adjacency.md gives the command, the nodes and the times);
// TestAdjSolvedStarts solves the small ones again and checks every line.
var adjSolvedStarts = map[int]adjSolvedStart{
	2: {0, []Move{5, 40, 13, 4}},
	3: {0, []Move{5, 40, 23, 58, 41, 4}},
	4: {0, []Move{5, 40, 23, 58, 41, 32, 33, 4}},
	5: {-2, []Move{5, 40, 23, 58, 13, 22, 31, 4, 12, 3}},
	6: {-2, []Move{5, 40, 23, 58, 13, 22, 31, 4, 12, 21, 20, 3}},
	7: {-2, []Move{5, 40, 23, 58, 13, 22, 31, 4, 12, 21, 30, 3, 11, 2}},
	8: {-2, []Move{5, 40, 23, 58, 13, 22, 31, 4, 12, 21, 20, 11, 50, 3, 2, 1}},
	9: {-2, []Move{5, 40, 23, 58, 41, 50, 59, 32, 51, 31, 22, 13, 33, 42, 4, 3, 2, 1}},
}

// adjBookEntry is a position after a few plies, solved: the value for
// the side to move and a move that keeps it.
type adjBookEntry struct {
	rounds int
	record []Move // the moves from the start that reach the position
	value  int
	move   Move
}

// adjBookReplies are perfect moves in positions a ply from the start:
// O's answers to every first move of X (2 to 6 rounds; in the 8-round
// game to the best two), each solved by the program with the book off
// (docs/adjacency.md, "The book"); X's move after every first round of
// the 8-round game is in adjOpenings8. A position whose mirror image is
// listed needs no entry of its own (adjBookMove reflects).
var adjBookReplies = []adjBookEntry{
	{2, []Move{0}, 2, 40},
	{2, []Move{1}, 2, 40},
	{2, []Move{2}, 2, 40},
	{2, []Move{3}, 2, 40},
	{2, []Move{4}, 2, 40},
	{2, []Move{5}, 0, 40},
	{2, []Move{8}, 2, 40},
	{2, []Move{9}, 2, 40},
	{2, []Move{10}, 2, 40},
	{2, []Move{11}, 2, 40},
	{2, []Move{12}, 2, 40},
	{2, []Move{13}, 0, 5},
	{2, []Move{16}, 2, 40},
	{2, []Move{17}, 2, 40},
	{2, []Move{18}, 2, 40},
	{2, []Move{19}, 2, 40},
	{2, []Move{20}, 2, 40},
	{2, []Move{21}, 2, 40},
	{2, []Move{24}, 2, 40},
	{2, []Move{25}, 2, 40},
	{2, []Move{26}, 2, 40},
	{2, []Move{27}, 2, 40},
	{2, []Move{28}, 2, 40},
	{2, []Move{32}, 4, 40},
	{2, []Move{33}, 4, 41},
	{2, []Move{34}, 2, 40},
	{2, []Move{35}, 2, 40},
	{2, []Move{40}, 4, 41},
	{2, []Move{41}, 4, 40},
	{2, []Move{42}, 4, 41},
	{3, []Move{0}, 2, 40},
	{3, []Move{1}, 2, 40},
	{3, []Move{2}, 2, 40},
	{3, []Move{3}, 2, 40},
	{3, []Move{4}, 2, 40},
	{3, []Move{5}, 0, 40},
	{3, []Move{8}, 2, 40},
	{3, []Move{9}, 2, 40},
	{3, []Move{10}, 2, 40},
	{3, []Move{11}, 2, 40},
	{3, []Move{12}, 2, 40},
	{3, []Move{13}, 0, 5},
	{3, []Move{16}, 2, 40},
	{3, []Move{17}, 2, 40},
	{3, []Move{18}, 2, 40},
	{3, []Move{19}, 2, 40},
	{3, []Move{20}, 2, 40},
	{3, []Move{21}, 4, 40},
	{3, []Move{24}, 2, 40},
	{3, []Move{25}, 2, 40},
	{3, []Move{26}, 2, 40},
	{3, []Move{27}, 2, 40},
	{3, []Move{28}, 2, 40},
	{3, []Move{32}, 4, 40},
	{3, []Move{33}, 4, 41},
	{3, []Move{34}, 2, 40},
	{3, []Move{35}, 2, 40},
	{3, []Move{40}, 4, 41},
	{3, []Move{41}, 4, 40},
	{3, []Move{42}, 4, 41},
	{4, []Move{0}, 2, 40},
	{4, []Move{1}, 2, 40},
	{4, []Move{2}, 2, 40},
	{4, []Move{3}, 2, 40},
	{4, []Move{4}, 2, 40},
	{4, []Move{5}, 0, 40},
	{4, []Move{8}, 2, 40},
	{4, []Move{9}, 2, 40},
	{4, []Move{10}, 2, 40},
	{4, []Move{11}, 2, 40},
	{4, []Move{12}, 2, 40},
	{4, []Move{13}, 0, 5},
	{4, []Move{16}, 2, 40},
	{4, []Move{17}, 2, 40},
	{4, []Move{18}, 2, 40},
	{4, []Move{19}, 2, 40},
	{4, []Move{20}, 2, 40},
	{4, []Move{21}, 4, 40},
	{4, []Move{24}, 2, 40},
	{4, []Move{25}, 2, 40},
	{4, []Move{26}, 2, 40},
	{4, []Move{27}, 2, 40},
	{4, []Move{28}, 2, 40},
	{4, []Move{32}, 4, 40},
	{4, []Move{33}, 4, 40},
	{4, []Move{34}, 2, 40},
	{4, []Move{35}, 2, 40},
	{4, []Move{40}, 2, 41},
	{4, []Move{41}, 4, 40},
	{4, []Move{42}, 4, 41},
	{5, []Move{0}, 2, 40},
	{5, []Move{1}, 2, 40},
	{5, []Move{2}, 2, 40},
	{5, []Move{3}, 2, 40},
	{5, []Move{4}, 2, 5},
	{5, []Move{5}, 2, 40},
	{5, []Move{8}, 2, 40},
	{5, []Move{9}, 2, 40},
	{5, []Move{10}, 2, 40},
	{5, []Move{11}, 2, 40},
	{5, []Move{12}, 4, 40},
	{5, []Move{13}, 2, 5},
	{5, []Move{16}, 2, 40},
	{5, []Move{17}, 2, 40},
	{5, []Move{18}, 2, 40},
	{5, []Move{19}, 2, 40},
	{5, []Move{20}, 2, 40},
	{5, []Move{21}, 2, 40},
	{5, []Move{24}, 2, 40},
	{5, []Move{25}, 2, 40},
	{5, []Move{26}, 2, 40},
	{5, []Move{27}, 2, 40},
	{5, []Move{28}, 2, 40},
	{5, []Move{32}, 4, 40},
	{5, []Move{33}, 4, 40},
	{5, []Move{34}, 2, 40},
	{5, []Move{35}, 2, 40},
	{5, []Move{40}, 2, 41},
	{5, []Move{41}, 4, 40},
	{5, []Move{42}, 4, 40},
	{6, []Move{0}, 2, 40},
	{6, []Move{1}, 2, 40},
	{6, []Move{2}, 2, 40},
	{6, []Move{3}, 2, 40},
	{6, []Move{4}, 2, 5},
	{6, []Move{5}, 2, 40},
	{6, []Move{8}, 2, 40},
	{6, []Move{9}, 2, 40},
	{6, []Move{10}, 2, 40},
	{6, []Move{11}, 2, 40},
	{6, []Move{12}, 4, 40},
	{6, []Move{13}, 2, 5},
	{6, []Move{16}, 2, 40},
	{6, []Move{17}, 2, 40},
	{6, []Move{18}, 2, 40},
	{6, []Move{19}, 2, 40},
	{6, []Move{20}, 4, 40},
	{6, []Move{21}, 2, 40},
	{6, []Move{24}, 2, 40},
	{6, []Move{25}, 2, 40},
	{6, []Move{26}, 2, 40},
	{6, []Move{27}, 2, 40},
	{6, []Move{28}, 2, 40},
	{6, []Move{32}, 4, 40},
	{6, []Move{33}, 2, 41},
	{6, []Move{34}, 2, 40},
	{6, []Move{35}, 2, 40},
	{6, []Move{40}, 2, 41},
	{6, []Move{41}, 4, 40},
	{6, []Move{42}, 2, 41},
	// 8 rounds: O's answers to X's 5, the start's perfect move, and to
	// X's 40, as good.
	{8, []Move{5}, 2, 40},
	{8, []Move{40}, 2, 23},
}

// adjBookKey identifies a position in the book: both sides' marks, the
// mover's first, and the game's length.
type adjBookKey struct {
	me, opp uint64
	rounds  int
}

// adjBook is every book position by its key, the solved starts included.
var adjBook = func() map[adjBookKey]adjBookEntry {
	book := map[adjBookKey]adjBookEntry{}
	add := func(e adjBookEntry) {
		a := NewAdjacency(e.rounds)
		for _, m := range e.record {
			a.Play(m)
		}
		book[adjBookKey{a.marks[a.Turn()], a.marks[a.Turn().Other()], a.rounds}] = e
	}
	for rounds, s := range adjSolvedStarts {
		add(adjBookEntry{rounds: rounds, value: s.value, move: s.line[0]})
	}
	for _, e := range adjBookReplies {
		add(e)
	}
	for _, e := range adjBookFile(adjOpenings8, 8) {
		add(e)
	}
	return book
}()

// adjOpenings8 is X's perfect move after every first round of the 8-round
// game, mirror images once: the answers of -analyze with the book off to
// the openings of testdata/adj/openings2.txt (docs/adjacency.md, "The
// book", gives the command).
//
//go:embed adjbook8.txt
var adjOpenings8 string

// adjBookFile reads the book entries of a game of rounds rounds from text
// in -analyze's answer format, one position a line: its record, its value
// and a move that keeps it, then fields it ignores (the nodes and the
// time). The file is part of the program, so a line it cannot read is a
// fault of the build, and panics.
func adjBookFile(text string, rounds int) []adjBookEntry {
	var book []adjBookEntry
	for n, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		e, err := adjBookLine(f, rounds)
		if err != nil {
			panic(fmt.Sprintf("book line %d %q: %v", n+1, line, err))
		}
		book = append(book, e)
	}
	return book
}

// adjBookLine is the book entry of a line's fields (adjBookFile).
func adjBookLine(f []string, rounds int) (adjBookEntry, error) {
	e := adjBookEntry{rounds: rounds}
	if len(f) < 3 {
		return e, fmt.Errorf("want a record, a value and a move")
	}
	a := NewAdjacency(rounds)
	for _, cell := range strings.Split(f[0], ",") {
		m, err := a.ParseMove(cell)
		if err != nil {
			return e, err
		}
		a.Play(m)
		e.record = append(e.record, m)
	}
	var err error
	if e.value, err = strconv.Atoi(f[1]); err != nil {
		return e, err
	}
	e.move, err = a.ParseMove(f[2])
	return e, err
}

// adjBookMove answers a position the program has solved beforehand, or
// its mirror image (the anti-diagonal reflection maps the rules and the
// start to themselves, so a mirrored position has the same value and the
// mirrored move). ok is false for any other position.
func adjBookMove(a *Adjacency) (Decision, bool) {
	me, opp := a.marks[a.Turn()], a.marks[a.Turn().Other()]
	e, ok := adjBook[adjBookKey{me, opp, a.rounds}]
	mirrored := false
	if !ok {
		e, ok = adjBook[adjBookKey{adjMirror(me), adjMirror(opp), a.rounds}]
		mirrored = true
	}
	if !ok {
		return Decision{}, false
	}
	// The expected line: from the start (its own mirror image, so never
	// mirrored) the solved start's perfect line, elsewhere the move alone.
	pv := []Move{e.move}
	if s, ok := adjSolvedStarts[a.rounds]; ok && len(a.history) == 0 {
		pv = slices.Clone(s.line)
	}
	if mirrored {
		pv[0] = Move(adjMirrorCell(int8(pv[0])))
	}
	return Decision{Move: pv[0], Stats: Stats{Score: e.value, Depth: a.PliesLeft(), Nodes: 1, Proof: ProofStats{Exact: true}, PV: pv}}, true
}

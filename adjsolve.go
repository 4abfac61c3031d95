package main

import (
	"context"
	"math/bits"
	"time"
)

// AdjSolution is a position solved to the end of the game: its exact value
// for the side to move (the final mark difference under perfect play), one
// perfect line from it, and what the solve cost.
type AdjSolution struct {
	Value int
	Line  []Move
	Nodes int64
	Time  time.Duration
}

// adjSolveBits is the solver's table size, as a power of two: 2^24 entries
// of 16 bytes, 256 MB, which holds a 6-round solve from the start without
// much overwriting. Long solves pass a bigger one.
const adjSolveBits = 24

// adjSolve computes a's exact value and a perfect line: alpha-beta to the
// end of the game, driven by MTD(f) (Plaat et al. 1996): a series of
// null-window searches, each asking "is the value at least beta?", that
// close in on the value from guess. A null window cuts far more than an
// open one, and the table keeps what each search proved for the next.
// The table's keys fold the board's symmetry (see adjSearch.key), so a position
// and its mirror image share one entry. jobs threads search together
// (see adjSearch.together). progress, when not nil, hears of every bound
// proved. ok is false when ctx ended first.
func adjSolve(ctx context.Context, a *Adjacency, tableBits, jobs, guess int, progress func(lo, hi int, nodes int64)) (AdjSolution, bool) {
	start := time.Now()
	if a.Over() {
		return AdjSolution{Value: a.Final(a.Turn())}, true
	}
	p := newAdjProver(ctx, a, newAdjTable(tableBits))
	p.jobs = jobs
	lo, hi := -infinity, infinity
	v := guess
	for lo < hi {
		beta := max(v, lo+1)
		if (beta-p.parity)&1 != 0 {
			beta++ // a value of the right parity at or above the old beta
		}
		var ok bool
		if v, ok = p.atLeast(beta); !ok {
			return AdjSolution{}, false
		}
		if v >= beta {
			lo = v
		} else {
			hi = v
		}
		if progress != nil {
			progress(lo, hi, p.s.nodes)
		}
	}
	sol := AdjSolution{Value: lo}
	sol.Line = p.s.perfectLine(p.me, p.opp, p.ply, lo)
	if p.s.stopped {
		return AdjSolution{}, false
	}
	sol.Nodes, sol.Time = p.s.nodes, time.Since(start)
	return sol, true
}

// adjProver answers null-window questions about one position to the end
// of the game, on one symmetric table that carries what each answer
// proved over to the next.
type adjProver struct {
	s       *adjSearch
	me, opp uint64
	ply     int
	// parity is that of every final mark difference: the number of marks
	// at the end (each ply adds one) fixes it, so each null window tests
	// one possible value.
	parity int
	jobs   int // threads (see adjSearch.together)
}

// newAdjProver prepares the questions about a (not over) on tt, which may
// hold what earlier provers proved of other positions of the same game.
func newAdjProver(ctx context.Context, a *Adjacency, tt *adjTable) *adjProver {
	s := newAdjSearch(ctx, a, true, tt)
	s.symmetric = true
	s.tt.gen++
	p := &adjProver{s: s, me: a.marks[a.Turn()], opp: a.marks[a.Turn().Other()], ply: len(a.history)}
	p.parity = (bits.OnesCount64(p.me|p.opp) + a.PliesLeft()) & 1
	return p
}

// atLeast asks whether the value is at least beta: a fail-soft null-window
// search whose answer v >= beta proves the value is at least v, and v <
// beta that it is at most v. ok is false when the context ended first.
func (p *adjProver) atLeast(beta int) (v int, ok bool) {
	v = p.s.together(p.jobs, func(t *adjSearch) int {
		return t.negamax(p.me, p.opp, p.ply, t.plies-p.ply, beta-1, beta)
	})
	return v, !p.s.stopped
}

// perfectLine follows moves of value v, me to move, to the end of the
// game: at each ply the first move whose child proves worth -v to the
// opponent. The table, warm from the solve, answers most of these
// searches at once; its move for the position is tried first.
func (s *adjSearch) perfectLine(me, opp uint64, ply, v int) []Move {
	var line []Move
	for ; ply < s.plies; ply++ {
		left := s.plies - ply
		cells := ^(me | opp)
		var order []Move
		if m := s.tableMove(me, opp); m != NoMove {
			order = append(order, m)
		}
		for e := cells; e != 0; e &= e - 1 {
			order = append(order, Move(bits.TrailingZeros64(e)))
		}
		found := false
		for _, m := range order {
			nme, nopp := adjAfter(me, opp, m)
			// Every move is worth at most v, so a child that does not
			// fail low against -v+1 is worth exactly -v.
			w := -s.negamax(nopp, nme, ply+1, left-1, -v, -v+1)
			if s.stopped {
				return nil
			}
			if w >= v {
				line = append(line, m)
				me, opp, v, found = nopp, nme, -v, true
				break
			}
		}
		if !found {
			panic("adjacency solver: no move keeps the value") // the table lied
		}
	}
	return line
}

// tableMove is the best move the table remembers for a position, or
// NoMove.
func (s *adjSearch) tableMove(me, opp uint64) Move {
	key, mirrored := s.key(me, opp)
	e, ok := s.tt.probe(key)
	if !ok || e.move < 0 {
		return NoMove
	}
	if mirrored {
		return Move(adjMirrorCell(e.move))
	}
	return Move(e.move)
}

// key is the table key of a position, me to move. In a symmetric search
// it is the smaller of the keys of the position and of its mirror image,
// mirrored telling which: a move stored under that key is then in the
// mirror's cells.
func (s *adjSearch) key(me, opp uint64) (key uint64, mirrored bool) {
	key = adjKey(me, opp, s.rounds)
	if !s.symmetric {
		return key, false
	}
	if k := adjKey(adjMirror(me), adjMirror(opp), s.rounds); k < key {
		return k, true
	}
	return key, false
}

// adjMirror reflects a set of cells in the anti-diagonal, (r, c) ->
// (7-c, 7-r): the reflection that maps each side's start corner to itself,
// so that it maps the start position, and the rules, to themselves. It is
// the transpose (r, c) -> (c, r) followed by the half turn, which reverses
// the order of the 64 cells.
func adjMirror(m uint64) uint64 { return bits.Reverse64(adjTranspose(m)) }

// adjTranspose reflects a set of cells in the main diagonal, (r, c) ->
// (c, r), in three steps that swap ever smaller blocks: 4x4, 2x2, 1x1.
func adjTranspose(m uint64) uint64 {
	const k1, k2, k4 = 0x5500550055005500, 0x3333000033330000, 0x0f0f0f0f00000000
	t := k4 & (m ^ m<<28)
	m ^= t ^ t>>28
	t = k2 & (m ^ m<<14)
	m ^= t ^ t>>14
	t = k1 & (m ^ m<<7)
	m ^= t ^ t>>7
	return m
}

// adjMirrorCell is adjMirror for one cell: cell 8r+c goes to 8(7-c)+7-r.
func adjMirrorCell(c int8) int8 { return 63 - (c%8*8 + c/8) }

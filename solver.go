package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The perfect Connect Four solver. It follows the classic tutorial's
// design (negamax with alpha-beta on bitboards, centre-first order, moves
// ordered by the threats they create, never a move that loses at once, a
// transposition table, iterative null-window search) and goes further
// where that saves nodes: every table entry keeps both a lower and an upper
// bound and the best move found, which is tried first the next time the
// position comes up (the null-window iterations revisit the same tree
// again and again).
//
// Scores follow SPEC.md: from the side to move, 0 for a draw, 22 minus the
// winner's stone count at its winning stone for a win, the negative of the
// opponent's for a loss.

// ttBits sets the transposition table size: 2^ttBits entries of 8 bytes,
// 64 MiB by default; at least 14 (the tags in c4table.go rely on it).
var ttBits = 23

// c4Pos is a position as the solver sees it: the side to move's stones,
// all stones, and their number.
type c4Pos struct {
	cur, mask uint64
	moves     int
}

// c4PosOf converts a game to the solver's view.
func c4PosOf(g *ConnectFour) c4Pos {
	return c4Pos{cur: g.stones[g.Turn()], mask: g.mask, moves: len(g.history)}
}

// key identifies the position: cur+mask adds a bit above each column's
// top stone, so it is unique (the tutorial's key).
func (p c4Pos) key() uint64 { return p.cur + p.mask }

// possible is the cells where a stone can go now.
func (p c4Pos) possible() uint64 { return (p.mask + c4Bottom) & c4Full }

// play drops the side to move's stone on cell (one bit of possible) and
// hands the move over.
func (p c4Pos) play(cell uint64) c4Pos {
	return c4Pos{cur: p.cur ^ p.mask, mask: p.mask | cell, moves: p.moves + 1}
}

// column is the cell where a stone dropped into col lands, 0 if full.
func (p c4Pos) column(col int) uint64 { return p.possible() & c4ColumnMask(col) }

// winningCells is every empty cell that would complete four in a row for
// the stones b (playable now or not).
func winningCells(b, mask uint64) uint64 {
	// Written out with constant shifts: Go guards variable shifts, and
	// this is the solver's innermost loop.
	r := (b << 1) & (b << 2) & (b << 3) // vertical: three stones below

	p := (b << 7) & (b << 14) // horizontal
	r |= p & (b << 21)
	r |= p & (b >> 7)
	p = (b >> 7) & (b >> 14)
	r |= p & (b << 7)
	r |= p & (b >> 21)

	p = (b << 6) & (b << 12) // diagonal down-right
	r |= p & (b << 18)
	r |= p & (b >> 6)
	p = (b >> 6) & (b >> 12)
	r |= p & (b << 6)
	r |= p & (b >> 18)

	p = (b << 8) & (b << 16) // diagonal up-right
	r |= p & (b << 24)
	r |= p & (b >> 8)
	p = (b >> 8) & (b >> 16)
	r |= p & (b << 8)
	r |= p & (b >> 24)

	return r & (c4Full ^ mask)
}

// mirror reflects a key (or any bitboard) left to right: the position's
// mirror image has the same score, so the table and the book hold one of
// the two.
func mirror(k uint64) uint64 {
	const c = 1<<c4Col - 1
	return k>>42&c | k>>28&(c<<7) | k>>14&(c<<14) | k&(c<<21) | (k&(c<<14))<<14 | (k&(c<<7))<<28 | (k&c)<<42
}

// canonical is the smaller of a key and its mirror image, and whether it
// is the mirror.
func canonical(k uint64) (uint64, bool) {
	if m := mirror(k); useMirror && m < k {
		return m, true
	}
	return k, false
}

// Switches of the solver's refinements, for measuring each against the
// plain tutorial design (scores never depend on them, node counts do):
// mirror images sharing table entries, the enhanced transposition cutoff
// at positions of fewer than etcMoves stones (nearer the leaves its extra
// table probes cost more than the nodes they save), huge pages, and, with
// threads, unwinding to a node another thread has settled.
var (
	useMirror    = true
	useETC       = true
	etcMoves     = 34
	useHugePages = true
	useUnwind    = true
)

// flipCol mirrors a column when flip is set (-1 stays -1).
func flipCol(col int, flip bool) int {
	if flip && col >= 0 {
		return c4Width - 1 - col
	}
	return col
}

// canWinNext reports whether the side to move wins with its next stone.
func (p c4Pos) canWinNext() bool { return winningCells(p.cur, p.mask)&p.possible() != 0 }

// winScore is the score of winning with the next stone.
func (p c4Pos) winScore() int { return (c4Cells + 1 - p.moves) / 2 }

// c4Solver searches positions exactly. Its table survives between calls
// (scores belong to positions, not to searches), so a game gets faster as
// it goes; reset gives a fresh table.
type c4Solver struct {
	*c4Table
	nodes   int64
	ctx     context.Context
	stopped bool
	book    book // opening book, nil for none

	// The parallel search (c4parallel.go): the helper threads' solvers,
	// the busy marks they share; while a search runs, done says another
	// thread has answered and busy is the marks (nil when alone).
	helpers   []*c4Solver
	busyMarks *busySet
	done      *atomic.Bool
	busy      *busySet
	// path holds the windows of this thread's marked nodes on its way
	// down, by stones, from rootMoves; unwind is the stones of a node
	// on it that another thread has settled (-1 for none), unwindV its
	// value, unwinds how many times that happened (see settledAbove).
	path      [busyMoves]pathNode
	rootMoves int
	unwind    int
	unwindV   int
	unwinds   int64

	// A solver and its helpers are allocated side by side: without this
	// gap, the helper's node counter, written at every node, shared a
	// cache line with the fields the first thread reads at every node
	// (done, busy), and each write sent that line from one core to the
	// other.
	_ [2 * cacheLine]byte
}

// cacheLine is the processor's cache line in bytes; two lines apart, data
// also escapes the prefetcher that fetches lines in pairs.
const cacheLine = 64

// newC4Solver returns a solver with an empty table, and the embedded book
// unless noBook.
func newC4Solver(noBook bool) *c4Solver { return newC4SolverBits(ttBits, noBook) }

// newC4SolverBits is newC4Solver with a table of 2^bits entries; fewer
// than ttMinBucketBits+1 bits would let different positions share a tag.
func newC4SolverBits(bits int, noBook bool) *c4Solver {
	if bits < ttMinBucketBits+1 {
		panic(fmt.Sprintf("c4 solver: table of %d bits, at least %d needed", bits, ttMinBucketBits+1))
	}
	s := &c4Solver{c4Table: newC4Table(bits)}
	if !noBook {
		s.book = openingBook()
	}
	return s
}

// reset empties the table and clears the counters.
func (s *c4Solver) reset() {
	s.fresh()
	s.nodes, s.stopped, s.unwinds = 0, false, 0
}

// poll notes whether the caller has given up (Ctrl-C, time budget) or,
// with threads, another thread has answered or settled a node on this
// one's path, moves stones deep (see settledAbove). Alone, it also lets
// the table grow as the search does.
func (s *c4Solver) poll(moves int) bool {
	if s.nodes&1023 == 0 {
		if s.ctx != nil && expired(s.ctx) {
			s.stopped, s.unwind = true, -1
		}
		if s.busy != nil && useUnwind && !s.stopped {
			s.settledAbove(min(moves, busyMoves))
		}
		if s.done == nil {
			if s.work += 1024; s.work >= s.growAt {
				s.grow()
			}
		}
	}
	if s.done != nil && s.done.Load() {
		s.stopped, s.unwind = true, -1
	}
	return s.stopped
}

// pathNode is a node on a thread's path: its key and window.
type pathNode struct {
	key         uint64
	alpha, beta int
}

// settledAbove looks for a node on the path above (fewer than moves
// stones) whose table entry, written by another thread meanwhile,
// settles its window: then the search unwinds to it and it answers that
// entry's bound, rather than finish subtrees whose result no longer
// matters.
func (s *c4Solver) settledAbove(moves int) {
	for d := s.rootMoves; d < moves; d++ {
		n := &s.path[d]
		lo, hi, _, ok := s.probe(n.key)
		if !ok {
			continue
		}
		switch {
		case lo >= n.beta:
			s.unwindV = lo
		case hi <= n.alpha:
			s.unwindV = hi
		default:
			continue
		}
		s.stopped, s.unwind, s.unwinds = true, d, s.unwinds+1
		return
	}
}

// negamax scores p for the side to move, who cannot win with its next
// stone, within (alpha, beta): an answer <= alpha is an upper bound, one
// >= beta a lower bound, anything between is exact. It fails soft: when
// every move fails low it answers the best of the moves' own bounds, not
// alpha, so the table and the null-window driver learn a tighter upper
// bound (1 to 6% fewer nodes on the benchmark sets).
func (s *c4Solver) negamax(p c4Pos, alpha, beta int) int {
	s.nodes++
	if s.poll(p.moves) {
		return 0
	}
	// Moves that do not lose at once, written out: a method for them (the
	// public solver's possibleNonLosingMoves) cost 1% more instructions.
	next := p.possible()
	oppWin := winningCells(p.cur^p.mask, p.mask)
	if forced := next & oppWin; forced != 0 {
		if forced&(forced-1) != 0 {
			return -(c4Cells - p.moves) / 2 // two threats: one gets through
		}
		next = forced
	}
	next &^= oppWin >> 1 // never play under the opponent's winning cell
	if next == 0 {
		return -(c4Cells - p.moves) / 2
	}
	if p.moves >= c4Cells-2 {
		return 0
	}
	lo := -(c4Cells - 2 - p.moves) / 2 // the opponent cannot win next
	hi := (c4Cells - 1 - p.moves) / 2  // we cannot win at once
	key, flip := canonical(p.key())
	bestMove := -1
	if tlo, thi, m, ok := s.probe(key); ok {
		lo, hi, bestMove = max(lo, tlo), min(hi, thi), flipCol(m, flip)
	}
	switch {
	case lo >= beta || lo == hi:
		return lo
	case hi <= alpha:
		return hi
	}
	alpha, beta = max(alpha, lo), min(beta, hi)

	var moves c4Sorter
	moves.list(p, next, bestMove)
	if useETC && p.moves < etcMoves {
		if i, v := s.refuted(p, &moves, beta); i >= 0 {
			s.store(key, p.moves, v, hi, flipCol(moves.entries[i].col, flip))
			return v
		}
	}
	// With other threads, mark this position busy, and let the sorter
	// put off moves whose positions are busy (see c4parallel.go).
	marked := s.busy != nil && p.moves < busyMoves
	if marked {
		s.busy.enter(key)
		s.path[p.moves] = pathNode{key, alpha, beta}
		if p.moves+1 < busyMoves {
			moves.watch(s.busy)
		}
	}
	best := lo
	for i := moves.pick(p); i >= 0; i = moves.pick(p) {
		mv := moves.entries[i]
		v := -s.negamax(p.play(mv.cell), -beta, -alpha)
		if s.stopped {
			s.leave(marked, key)
			return s.halted(p.moves)
		}
		if v >= beta {
			s.store(key, p.moves, v, hi, flipCol(mv.col, flip))
			s.leave(marked, key)
			return v
		}
		best = max(best, v)
		if v > alpha {
			alpha, bestMove = v, mv.col
		}
	}
	s.leave(marked, key)
	best = max(min(best, hi), lo)
	s.store(key, p.moves, lo, best, flipCol(bestMove, flip))
	return best
}

// refuted is the enhanced transposition cutoff: a child the table
// already refutes (it scores at least beta for us) saves searching the
// others. It returns the first such child in the sorter's order, as an
// index into moves.entries, and its score; -1 if there is none. The
// children's entries lie far apart in memory: all the loads go out
// before any is looked at, so that the processor waits for the cache
// misses together rather than one after another.
func (s *c4Solver) refuted(p c4Pos, moves *c4Sorter, beta int) (int, int) {
	var slots, wants, e0, e1 [c4Width]uint64
	for i := range moves.n {
		k, _ := canonical(p.play(moves.entries[i].cell).key())
		slots[i], wants[i] = s.slot(k)
	}
	tt := s.tt
	for i := range moves.n {
		e0[i], e1[i] = atomic.LoadUint64(&tt[slots[i]]), atomic.LoadUint64(&tt[slots[i]+1])
	}
	for i := range moves.n {
		if e := lookup(e0[i], e1[i], wants[i]); e != 0 {
			if _, chi, _ := entryBounds(e); -chi >= beta {
				return i, -chi
			}
		}
	}
	return -1, 0
}

// leave clears the busy mark of a node that set one.
func (s *c4Solver) leave(marked bool, key uint64) {
	if marked {
		s.busy.leave(key)
	}
}

// halted is the answer of a node of so many stones once the search has
// stopped below it: the settled value if the search is unwinding to this
// node (see settledAbove), which then resumes; otherwise the search is
// over and any answer will do.
func (s *c4Solver) halted(moves int) int {
	if s.unwind == moves {
		s.stopped, s.unwind = false, -1
		return s.unwindV
	}
	return 0
}

// window scores any unfinished position within (alpha, beta), with the
// same meaning of the answer as negamax.
func (s *c4Solver) window(p c4Pos, alpha, beta int) int {
	switch {
	case p.canWinNext():
		return p.winScore()
	case p.moves >= c4Cells-1:
		return 0 // the last stone cannot win
	}
	return s.search(p, alpha, beta)
}

// solve returns the exact score of an unfinished position by null-window
// searches that halve the interval of possible scores, biased towards 0
// (small scores are the commonest and the cheapest to prove).
func (s *c4Solver) solve(p c4Pos) int {
	if p.canWinNext() {
		return p.winScore()
	}
	if p.moves >= c4Cells-1 {
		return 0
	}
	lo, hi := -(c4Cells-p.moves)/2, (c4Cells+1-p.moves)/2
	if b, ok := s.book.lookup(bookKey(p)); ok {
		return int(b.score)
	}
	for lo < hi && !s.stopped {
		med := lo + (hi-lo)/2
		if med <= 0 && lo/2 < med {
			med = lo / 2
		} else if med >= 0 && hi/2 > med {
			med = hi / 2
		}
		if r := s.search(p, med, med+1); r <= med {
			hi = r
		} else {
			lo = r
		}
	}
	return lo
}

// childScore is the exact score for the mover of playing col, or false if
// the column is full.
func (s *c4Solver) childScore(p c4Pos, col int) (int, bool) {
	cell := p.column(col)
	if cell == 0 {
		return 0, false
	}
	if c4Aligned(p.cur | cell) {
		return p.winScore(), true
	}
	q := p.play(cell)
	if q.moves == c4Cells {
		return 0, true
	}
	return -s.solve(q), true
}

// bestMove returns the exact score of p and the most central column that
// keeps it.
func (s *c4Solver) bestMove(p c4Pos) (Move, int) {
	if b, ok := s.book.lookup(bookKey(p)); ok {
		return bookMove(p, b), int(b.score)
	}
	for _, col := range c4Order {
		if cell := p.column(col); cell != 0 && c4Aligned(p.cur|cell) {
			return Move(col), p.winScore()
		}
	}
	v := s.solve(p)
	fallback := NoMove
	for _, col := range c4Order {
		cell := p.column(col)
		if cell == 0 {
			continue
		}
		if fallback == NoMove {
			fallback = Move(col)
		}
		q := p.play(cell)
		if q.moves == c4Cells {
			if v == 0 {
				return Move(col), v
			}
			continue
		}
		// The child scores at least -v for the opponent; it keeps v
		// exactly when it scores no more.
		r := s.window(q, -v, -v+1)
		if s.stopped {
			break // a cut-short window proves nothing
		}
		if r <= -v {
			return Move(col), v
		}
	}
	return fallback, v
}

// plies is how many more stones the principal line of a position with
// score v and n stones lays down before the game ends.
func plies(v, n int) int {
	switch {
	case v > 0:
		return 2*(22-v-n/2) - 1
	case v < 0:
		return 2 * (22 + v - (n+1)/2)
	}
	return c4Cells - n
}

// SolverBot plays Connect Four perfectly: the exact score, and the most
// central column that keeps it. Unless given a solver of their own, all
// solver bots share one table (scores belong to positions, so what one
// bot learns serves the other, and the process holds 64 MiB once).
type SolverBot struct{ s *c4Solver }

// NewSolverBot returns a solver bot with the embedded opening book.
func NewSolverBot() *SolverBot { return &SolverBot{} }

// Name is "solver".
func (b *SolverBot) Name() string { return "solver" }

// shared is the solver of the bots without their own, made on the first
// position the book does not answer; mu keeps one search at a time on it.
var shared struct {
	mu sync.Mutex
	s  *c4Solver
}

// Think solves g (a *ConnectFour) within the budget's time, with
// budget.Jobs threads; on a timeout it falls back to the table's move or
// the most central safe column.
func (b *SolverBot) Think(ctx context.Context, g Game, budget Budget) Decision {
	start := time.Now()
	c := g.(*ConnectFour)
	d := Decision{Move: NoMove}
	if c.Over() {
		return d
	}
	p := c4PosOf(c)
	if e, ok := openingBook().lookup(bookKey(p)); ok {
		d.Move, d.Score, d.Exact = bookMove(p, e), int(e.score), true
		d.Depth, d.PV, d.Time = plies(d.Score, p.moves), bookLine(p), time.Since(start)
		return d
	}
	ctx, cancel := withBudget(ctx, budget)
	defer cancel()
	s := b.s
	if s == nil {
		shared.mu.Lock()
		defer shared.mu.Unlock()
		if shared.s == nil {
			shared.s = newC4Solver(false)
		}
		s = shared.s
	}
	s.ctx, s.stopped, s.nodes = ctx, false, 0
	s.setJobs(budget.Jobs)
	m, v := s.bestMove(p)
	if s.stopped {
		m = safeMove(s, p)
		v = 0 // no result, only a placeholder
	}
	d.Move, d.Score, d.Exact = m, v, !s.stopped
	if d.Exact {
		d.Depth = plies(v, p.moves)
		d.PV = s.expectedLine(p, d.Move, d.Score)
	}
	d.Nodes, d.Time = s.nodes, time.Since(start)
	s.ctx = nil
	return d
}

// safeMove is a move for when time ran out: the table's move if it has
// one, else the most central column that does not lose at once.
func safeMove(s *c4Solver, p c4Pos) Move {
	key, flip := canonical(p.key())
	if _, _, m, ok := s.probe(key); ok && m >= 0 && p.column(flipCol(m, flip)) != 0 {
		return Move(flipCol(m, flip))
	}
	oppWin := winningCells(p.cur^p.mask, p.mask)
	any := NoMove
	for _, col := range c4Order {
		cell := p.column(col)
		if cell == 0 {
			continue
		}
		if any == NoMove {
			any = Move(col)
		}
		if c4Aligned(p.cur|cell) || (oppWin&p.possible()&^cell == 0 && oppWin&(cell<<1) == 0) {
			return Move(col)
		}
	}
	return any
}

// Per-game defaults of Connect Four: the seed's alpha-beta and minimax
// search c4DefaultDepth plies (alpha-beta well under a second a move); no
// time limit by default, so the solver always finishes (it answers from
// the book or within a second anyway); a hint may take c4HintTime.
const (
	c4DefaultDepth = 7
	c4DefaultTime  = 0
	c4HintTime     = 10 * time.Second
)

func init() {
	registerBot(&botSpec{name: "solver", order: 7, games: []string{"connect4"},
		about: "perfect play: the exact game value by alpha-beta on bitboards, with a table and an opening book",
		build: func(*rand.Rand) Bot { return NewSolverBot() }})
}

// c4Hint shows the solver's score of every column (SPEC's scores, from
// the side to move; "-" for a full column, "?" when time ran out), with
// one search thread.
func c4Hint(ctx context.Context, g Game) string { return c4HintJobs(ctx, g, 1) }

// c4HintJobs is c4Hint with so many search threads (-jobs).
func c4HintJobs(ctx context.Context, g Game, jobs int) string {
	c := g.(*ConnectFour)
	if c.Over() {
		return "the game is over"
	}
	ctx, cancel := context.WithTimeout(ctx, c4HintTime)
	defer cancel()
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.s == nil {
		shared.s = newC4Solver(false)
	}
	s := shared.s
	s.ctx, s.stopped = ctx, false
	s.setJobs(jobs)
	defer func() { s.ctx = nil }()
	p := c4PosOf(c)
	var b strings.Builder
	b.WriteString("scores by column:")
	for col := 0; col < c4Width; col++ {
		v, ok := s.childScore(p, col)
		switch {
		case !ok:
			b.WriteString(" -")
		case s.stopped:
			b.WriteString(" ?")
		default:
			fmt.Fprintf(&b, " %d", v)
		}
	}
	b.WriteString("  (win > 0 > loss; higher wins sooner)")
	return b.String()
}

// c4FinalScore is SPEC's score of a finished game for the side to move:
// the loser, so minus the winner's score, or 0 for a draw.
func c4FinalScore(g Game) int {
	c := g.(*ConnectFour)
	if c.Winner() == Nobody {
		return 0
	}
	// The winner's last stone was its ceil(n/2)-th, n stones in all.
	return -(22 - (len(c.history)+1)/2)
}

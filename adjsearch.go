package main

import (
	"context"
	"math/bits"
	"sync"
	"time"
)

// AdjBot is minimax, or alpha-beta when Prune is set, specialised for the
// Adjacency game: the position is two masks passed by value (no Play/Undo,
// no interface calls), nodes one ply above the horizon score their children
// in a tight loop, and a transposition table remembers positions reached by
// other move orders, which in this game are most of them (the same cells
// taken in another order give the same board more often than not).
//
// It computes exactly what the generic SearchBot computes over the Game
// interface (the same negamax value at every depth, the same objective),
// only far faster; adjsearch_test.go checks one against the other. Given a
// time budget it deepens one ply at a time and plays the best move of the
// last depth it completed; it stops deepening once the search reaches the
// end of the game, where the value is exact.
type AdjBot struct {
	Prune bool
	cache *adjCache // the table kept between moves; nil allocates per move
}

// NewAdjBot returns the specialised alpha-beta (prune) or minimax bot with
// its own transposition table, kept between its moves.
func NewAdjBot(prune bool) *AdjBot { return &AdjBot{Prune: prune, cache: &adjCache{}} }

// Name is the bot's command-line name.
func (b *AdjBot) Name() string {
	if b.Prune {
		return "alphabeta"
	}
	return "minimax"
}

// adjCache keeps one bot's table between its moves. Its entries stay true
// across moves because each holds the value of one position at one exact
// depth; a bot shared by two concurrent games allocates a second table
// rather than wait.
type adjCache struct {
	mu sync.Mutex
	tt *adjTable
}

// Think searches g within the budget. Anything but an Adjacency position
// goes to the generic SearchBot.
func (b *AdjBot) Think(ctx context.Context, g Game, budget Budget) Decision {
	a, ok := g.(*Adjacency)
	if !ok {
		return SearchBot{Prune: b.Prune}.Think(ctx, g, budget)
	}
	ctx, cancel := withBudget(ctx, budget)
	defer cancel()
	bits := adjTableBits(budget)
	var tt *adjTable
	if b.cache != nil && b.cache.mu.TryLock() {
		defer b.cache.mu.Unlock()
		if b.cache.tt == nil || b.cache.tt.bits < bits {
			b.cache.tt = newAdjTable(bits)
		}
		tt = b.cache.tt
	} else {
		tt = newAdjTable(bits)
	}
	tt.gen++
	s := &adjSearch{ctx: ctx, prune: b.Prune, rounds: a.rounds, plies: 2 * a.rounds, tt: tt, nextPoll: adjPollEvery}
	return s.run(a, budget)
}

// adjTableBits sizes the table to the budget: about as many entries as the
// search can store in its time, between 2^14 (a quick move does not pay to
// clear megabytes) and 2^20 (16 MB).
func adjTableBits(b Budget) int {
	if b.Time <= 0 {
		return 20
	}
	n := 14
	for entries := b.Time.Milliseconds() * 1000; n < 20 && int64(1)<<n < entries; n++ {
	}
	return n
}

// adjPollEvery is how many nodes pass between looks at the clock.
const adjPollEvery = 1024

// adjSearch is one search of an AdjBot.
type adjSearch struct {
	ctx      context.Context
	prune    bool
	rounds   int // the game's length; a position at ply p has 2*rounds-p plies left
	plies    int
	nodes    int64
	nextPoll int64
	stopped  bool
	tt       *adjTable
	killers  [64][2]int8     // per ply, two quiet moves that cut off lately
	history  [2][64]int32    // per side to move, how often a cell cut off, weighted by depth
	order    [64][64]adjMove // per ply, the move list being searched
}

// adjMove is a move with its ordering score.
type adjMove struct {
	cell  int8
	score int32
}

// poll notes whether the search must stop.
func (s *adjSearch) poll() bool {
	s.nextPoll = s.nodes + adjPollEvery
	if s.ctx.Err() != nil {
		s.stopped = true
	}
	return s.stopped
}

// run is iterative deepening from the root: depth 1, 2, ... up to the
// budget's depth or the end of the game, keeping the move of the last
// depth completed. Without a time limit minimax searches the depth limit
// at once, so that its node count is the textbook algorithm's.
func (s *adjSearch) run(a *Adjacency, budget Budget) Decision {
	start := time.Now()
	ply := len(a.history)
	d := Decision{Move: NoMove}
	if a.Over() {
		return d
	}
	me, opp := a.marks[a.Turn()], a.marks[a.Turn().Other()]
	left := s.plies - ply
	limit := left
	if budget.Depth > 0 {
		limit = min(budget.Depth, left)
	}
	var root []Move
	for e := ^(me | opp); e != 0; e &= e - 1 {
		root = append(root, Move(bits.TrailingZeros64(e)))
	}
	d.Move = root[0] // a legal fallback if time runs out at once
	from := 1
	if !s.prune && budget.Time <= 0 {
		from = limit
	}
	s.nodes++ // the root
	for depth := from; depth <= limit; depth++ {
		m, v := s.root(me, opp, ply, depth, root)
		if s.stopped {
			break
		}
		d.Move, d.Score, d.Depth = m, v, depth
		// The best move leads the next iteration: its value makes a
		// tight bound for the others.
		for i, r := range root {
			if r == m {
				copy(root[1:i+1], root[:i])
				root[0] = m
				break
			}
		}
		// A deeper iteration costs several times this one: when it cannot
		// finish in the time left, stop now rather than waste the wait.
		if budget.Time > 0 && time.Since(start) > budget.Time/2 {
			break
		}
	}
	d.Nodes, d.Time = s.nodes, time.Since(start)
	return d
}

// root searches every move to depth and returns the best, the first in
// the list among equals.
func (s *adjSearch) root(me, opp uint64, ply, depth int, moves []Move) (Move, int) {
	best, bestScore := NoMove, -infinity
	for i, m := range moves {
		b := uint64(1) << uint(m)
		f := adjNeighbours(b) & opp
		nme, nopp := me|b|f, opp&^f
		var v int
		switch {
		case !s.prune:
			v = -s.negamax(nopp, nme, ply+1, depth-1, -infinity, infinity)
		case i == 0:
			v = -s.negamax(nopp, nme, ply+1, depth-1, -infinity, infinity)
		default:
			v = -s.negamax(nopp, nme, ply+1, depth-1, -bestScore-1, -bestScore)
			if v > bestScore && !s.stopped {
				v = -s.negamax(nopp, nme, ply+1, depth-1, -infinity, -bestScore)
			}
		}
		if s.stopped {
			break
		}
		if v > bestScore {
			best, bestScore = m, v
		}
	}
	return best, bestScore
}

// negamax is the score of the position (me to move, ply plies into the
// game) searched depth plies deep: exact with prune off, and with prune on
// exact inside (alpha, beta), otherwise a bound on the right side of it
// (fail-soft). Alpha-beta searches the first move with the full window and
// the rest with a null window around alpha (principal variation search),
// re-searching the rare move that beats it.
func (s *adjSearch) negamax(me, opp uint64, ply, depth, alpha, beta int) int {
	s.nodes++
	left := s.plies - ply
	if left == 0 {
		return bits.OnesCount64(me) - bits.OnesCount64(opp)
	}
	if depth == 0 {
		return adjEvaluate(me, opp, s.rounds-ply/2)
	}
	if s.nodes >= s.nextPoll && s.poll() {
		return 0
	}
	// Beyond the end of the game every depth is the same search: entries
	// are kept under the depth actually searched.
	depth = min(depth, left)
	if depth == 1 {
		return s.frontier(me, opp, ply, alpha, beta)
	}
	key := adjSearchKey(me, opp, s.rounds)
	e := s.tt.probe(key)
	ttMove := int8(-1)
	if e != nil {
		ttMove = e.move
		// Only an entry of this very depth answers: a deeper one would be
		// a better guess, but then the search would no longer return the
		// depth-limited minimax value that minimax returns.
		if int(e.depth) == depth {
			v := int(e.value)
			switch {
			case e.flag == adjExact,
				e.flag == adjLower && v >= beta,
				e.flag == adjUpper && v <= alpha:
				return v
			}
		}
	}
	moves := s.ordered(me, opp, ply, ttMove)
	side := ply & 1
	alpha0 := alpha
	best, bestMove := -infinity, int8(-1)
	for i := 0; i < len(moves); i++ {
		if s.prune {
			pickBest(moves, i)
		}
		m := moves[i].cell
		b := uint64(1) << uint(m)
		f := adjNeighbours(b) & opp
		nme, nopp := me|b|f, opp&^f
		var v int
		switch {
		case !s.prune:
			v = -s.negamax(nopp, nme, ply+1, depth-1, -infinity, infinity)
		case i == 0:
			v = -s.negamax(nopp, nme, ply+1, depth-1, -beta, -alpha)
		default:
			v = -s.negamax(nopp, nme, ply+1, depth-1, -alpha-1, -alpha)
			if v > alpha && v < beta && !s.stopped {
				v = -s.negamax(nopp, nme, ply+1, depth-1, -beta, -alpha)
			}
		}
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if s.prune && v > alpha {
				alpha = v
				if alpha >= beta {
					if f == 0 && s.killers[ply][0] != m {
						s.killers[ply][1] = s.killers[ply][0]
						s.killers[ply][0] = m
					}
					s.history[side][m] += int32(depth * depth)
					break
				}
			}
		}
	}
	flag := adjExact
	switch {
	case !s.prune:
	case best <= alpha0:
		flag = adjUpper
	case best >= beta:
		flag = adjLower
	}
	s.tt.store(key, depth, best, flag, bestMove)
	return best
}

// frontier is negamax one ply above the horizon (or the end): each child is
// scored in place, from the mover's side, without a call. The objective is
// antisymmetric (swapping the sides negates it), so the child's score for
// the mover is the negation of its own negamax value.
func (s *adjSearch) frontier(me, opp uint64, ply, alpha, beta int) int {
	_ = alpha
	empty := ^(me | opp)
	best := -infinity
	n := int64(0)
	if ply+1 == s.plies {
		// The last move of the game: it scores N_me - N_opp + 1 + 2*flips.
		base := bits.OnesCount64(me) - bits.OnesCount64(opp) + 1
		for e := empty; e != 0; e &= e - 1 {
			n++
			v := base + 2*bits.OnesCount64(adjNeighbours(e&-e)&opp)
			if v > best {
				best = v
				if s.prune && v >= beta {
					break
				}
			}
		}
		s.nodes += n
		return best
	}
	roundsLeft := s.rounds - (ply+1)/2
	for e := empty; e != 0; e &= e - 1 {
		n++
		b := e & -e
		f := adjNeighbours(b) & opp
		v := adjEvaluate(me|b|f, opp&^f, roundsLeft)
		if v > best {
			best = v
			if s.prune && v >= beta {
				break
			}
		}
	}
	s.nodes += n
	return best
}

// ordered lists the moves of a position for search, with their ordering
// scores: the table's move, then the two killers, then moves that turn
// enemy marks (more first), then by the history of cut-offs. Minimax, which
// searches every move anyway, takes them in scan order.
func (s *adjSearch) ordered(me, opp uint64, ply int, ttMove int8) []adjMove {
	moves := s.order[ply][:0]
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	hist := &s.history[ply&1]
	for e := ^(me | opp); e != 0; e &= e - 1 {
		c := int8(bits.TrailingZeros64(e))
		var score int32
		switch c {
		case ttMove:
			score = 1 << 30
		case k0:
			score = 1 << 29
		case k1:
			score = 1 << 28
		default:
			score = int32(bits.OnesCount64(adjNeighbours(e&-e)&opp))<<22 + hist[c]
		}
		moves = append(moves, adjMove{c, score})
	}
	return moves
}

// pickBest moves the best-scored of moves[i:] to i: a selection sort done
// lazily, since a cut-off usually comes after one or two moves.
func pickBest(moves []adjMove, i int) {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if moves[j].score > moves[b].score {
			b = j
		}
	}
	moves[i], moves[b] = moves[b], moves[i]
}

// adjSearchKey hashes a position as the search sees it, mover's marks
// first; the mover follows from the number of marks, so no position has
// two keys.
func adjSearchKey(me, opp uint64, rounds int) uint64 {
	return mix64(me^0x9e3779b97f4a7c15) ^ mix64(opp+0xbf58476d1ce4e5b9*uint64(rounds+1))*3
}

// Transposition table entry kinds: the stored value is exact, or a lower
// or an upper bound of the position's value at the stored depth.
const (
	adjExact uint8 = iota
	adjLower
	adjUpper
)

// adjEntry is one remembered position.
type adjEntry struct {
	key   uint64
	value int16
	depth int8
	move  int8 // the best or cutting move, -1 when none
	flag  uint8
	gen   uint8 // the move (Think call) that stored it
}

// adjTable is a two-way transposition table: of the two slots of a bucket,
// the first keeps the deepest entry of the current move, the second takes
// whatever else comes.
type adjTable struct {
	bits    int
	mask    uint64
	entries []adjEntry
	gen     uint8
}

func newAdjTable(bits int) *adjTable {
	return &adjTable{bits: bits, mask: 1<<(bits-1) - 1, entries: make([]adjEntry, 1<<bits)}
}

// probe finds the entry of key, if the table still holds it.
func (t *adjTable) probe(key uint64) *adjEntry {
	i := (key & t.mask) * 2
	if e := &t.entries[i]; e.key == key {
		return e
	}
	if e := &t.entries[i+1]; e.key == key {
		return e
	}
	return nil
}

// store remembers a search result, keeping the deeper of the current
// move's entries in the first slot.
func (t *adjTable) store(key uint64, depth, value int, flag uint8, move int8) {
	i := (key & t.mask) * 2
	e := adjEntry{key: key, value: int16(value), depth: int8(depth), move: move, flag: flag, gen: t.gen}
	first := &t.entries[i]
	if first.key == key || first.gen != t.gen || int(first.depth) <= depth {
		*first = e
		return
	}
	t.entries[i+1] = e
}

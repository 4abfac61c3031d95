package main

import "math/bits"

// The exact shortcuts of the search near its horizon: frontier scores a
// node one ply above the horizon without making its moves, and
// replyBounds bounds the moves of a node two plies above it
// (adjsearchendbounds.go does the same near the end of the game). Each gives
// what the plain search would (the bounds are never below a move's
// value), only sooner; adjsearchbounds_test.go checks them against the generic
// search on the plain board.

// replyBounds bounds, at a node two plies above the horizon, what each
// move can be worth without searching it, by an answer of the
// opponent whose effect does not depend on the move.
//
// An answer on a cell r three or more steps from the move's cell m changes
// the objective as if the other had not been played: the cells whose L or
// U either changes lie within one step of m or of r, and those sets do not
// touch. So, with k and t counted on this board as in frontier (k_r and
// t_r for the opponent), the leaf scores, from the mover's side,
// L0 + k_m - k_r + C*max(|U0 + 2t_m - k_m - 2t_r + k_r| - M, 0), M that of
// the leaves (two plies before the end, endBounds takes over). The move
// is worth at most that, for any such r; the bound takes the first of a
// few strong answers (most marks turned, then most marks shut in) that is
// far enough, and an isolated answer (k_r = t_r = 0: a cell touching no
// mark, which interacts with m only if it touches m, since no mark lies
// next to it; when there are at least six such cells, one does not touch
// m or its cell). A move bounded by alpha fails low unsearched, with its
// bound as its fail-soft value. Isolated moves (k_m = t_m = 0) share their
// bounds, so they are settled together.
type replyBounds struct {
	empty     uint64 // the empty cells
	single    uint64 // marks with exactly one empty neighbour
	opp       uint64
	l0, u0    int // L and U differences from the mover's side
	pliesLeft int // M at the leaves
	isolated  uint64
	anyCell   bool // an isolated answer exists whatever the move
	answers   [adjAnswers]adjAnswer
	nAnswers  int
}

// adjAnswer is an answer of the opponent with its counts.
type adjAnswer struct {
	near uint64 // the cells within two steps of it
	k, t int
}

// replyBounds prepares the bounds of the moves of a node ply plies into
// the game, two plies above the horizon.
func (s *adjSearch) replyBounds(me, opp uint64, ply int) replyBounds {
	occupied := me | opp
	empty := ^occupied
	r := replyBounds{empty: empty, opp: opp, isolated: empty &^ adjNeighbours(occupied)}
	r.anyCell = bits.OnesCount64(r.isolated) >= 6
	open, single := adjOpenSingle(empty)
	r.single = single & occupied
	uMe, uOpp := bits.OnesCount64(me&open), bits.OnesCount64(opp&open)
	r.l0 = bits.OnesCount64(me) - uMe - bits.OnesCount64(opp) + uOpp
	r.u0 = uMe - uOpp
	r.pliesLeft = s.plies - ply - 2
	// The strongest answers: the opponent's cells next to the mover's marks,
	// by marks turned, then marks shut in (both can only help it).
	for e := empty & adjNeighbours(me); e != 0; e &= e - 1 {
		c := bits.TrailingZeros64(e)
		nb := adjNeighbourTable[c]
		a := adjAnswer{t: bits.OnesCount64(nb & me), k: bits.OnesCount64(nb & r.single)}
		if nb&empty == 0 {
			a.k++
		}
		i := r.nAnswers
		if i == adjAnswers {
			i--
			if w := r.answers[i]; 2*a.t+a.k <= 2*w.t+w.k {
				continue
			}
		} else {
			r.nAnswers++
		}
		for ; i > 0 && 2*a.t+a.k > 2*r.answers[i-1].t+r.answers[i-1].k; i-- {
			r.answers[i] = r.answers[i-1]
		}
		a.near = adjNear2Table[c]
		r.answers[i] = a
	}
	return r
}

// leaf is the score of the leaf after a move with counts (k, t) and an
// answer with counts (kr, tr) that does not interact with it.
func (r *replyBounds) leaf(k, t, kr, tr int) int {
	return r.l0 + k - kr + adjUTerm(r.u0+2*t-k-2*tr+kr, r.pliesLeft)
}

// bound is the most the move on cell c can be worth (infinity if no answer
// applies).
func (r *replyBounds) bound(c int8) int {
	nb := adjNeighbourTable[c]
	t := bits.OnesCount64(nb & r.opp)
	k := bits.OnesCount64(nb & r.single)
	if nb&r.empty == 0 {
		k++
	}
	q := infinity
	if r.anyCell {
		q = r.leaf(k, t, 0, 0)
	}
	bit := uint64(1) << uint(c)
	for i := 0; i < r.nAnswers; i++ {
		if a := &r.answers[i]; a.near&bit == 0 {
			return min(q, r.leaf(k, t, a.k, a.t))
		}
	}
	return q
}

// settleIsolated returns the isolated moves that fail low against alpha
// by one shared bound, and the largest bound used.
func (r *replyBounds) settleIsolated(alpha int) (uint64, int) {
	if r.anyCell {
		if q := r.leaf(0, 0, 0, 0); q <= alpha {
			return r.isolated, q
		}
	}
	var settled uint64
	best := -infinity
	for i := 0; i < r.nAnswers; i++ {
		a := &r.answers[i]
		if q := r.leaf(0, 0, a.k, a.t); q <= alpha {
			settled |= r.isolated &^ a.near
			best = max(best, q)
		}
	}
	return settled, best
}

// adjNear2Table holds, for each cell, the cells at most two steps away.
var adjNear2Table = func() (t [64]uint64) {
	for c := range t {
		nb := adjNeighbours(1 << c)
		t[c] = 1<<c | nb | adjNeighbours(nb)
	}
	return t
}()

// frontier is negamax one ply above the horizon (or the end): each child is
// scored in place, from the mover's side, without a call. The objective is
// antisymmetric (swapping the sides negates it), so the child's score for
// the mover is the negation of its own negamax value.
//
// A move changes the objective only around its cell c: c becomes a mark of
// the mover (L if it has no empty neighbour, else U), the enemy marks next
// to it turn (all of them were U, c being empty), and the marks next to it
// whose only empty neighbour was c turn from U to L. Counting from the
// mover's side, with k = [c has no empty neighbour] + the marks next to c
// with c their only empty neighbour, and t = the enemy marks next to c,
// L_me - L_opp grows by k and U_me - U_opp by 1 + 2t - k, so the child
// scores L0 + k + C*max(|U0 + 1 + 2t - k| - M, 0) with L0, U0 the
// differences on this board. Two small popcounts per move instead of a
// whole-board count; the cells touching no mark (k = t = 0) score alike.
// The cells of banned, in a relaxed position (adjsearchrelax.go), are no moves
// (negamaxBans has made sure some cell is left).
func (s *adjSearch) frontier(me, opp, banned uint64, ply, beta int) int {
	occupied := me | opp
	empty := ^occupied
	allowed := empty &^ banned
	touching := adjNeighbours(occupied) & allowed
	isolated := allowed &^ touching
	best := -infinity
	n := int64(bits.OnesCount64(isolated))
	if ply+1 == s.plies {
		// The last move of the game: it scores N_me - N_opp + 1 + 2t.
		base := bits.OnesCount64(me) - bits.OnesCount64(opp) + 1
		if isolated != 0 {
			best = base
		}
		// A move that turns nothing scores base too: alpha-beta counts
		// the first such move only when nothing reached base before it,
		// minimax, which scores every move, counts them all.
		quiet := touching &^ adjNeighbours(opp)
		switch {
		case !s.prune:
			n += int64(bits.OnesCount64(quiet))
			if quiet != 0 {
				best = base
			}
		case quiet != 0 && best < base:
			n++
			best = base
		}
		for e := touching & adjNeighbours(opp); e != 0; e &= e - 1 {
			n++
			v := base + 2*bits.OnesCount64(adjNeighbourTable[bits.TrailingZeros64(e)]&opp)
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
	pliesLeft := s.plies - ply - 1 // M of the children
	open, single := adjOpenSingle(empty)
	single &= occupied
	uMe, uOpp := bits.OnesCount64(me&open), bits.OnesCount64(opp&open)
	l0 := bits.OnesCount64(me) - uMe - bits.OnesCount64(opp) + uOpp
	u0 := uMe - uOpp + 1
	if isolated != 0 {
		best = l0 + adjUTerm(u0, pliesLeft)
		if s.prune && best >= beta {
			s.nodes += n
			return best
		}
	}
	// Moves that turn enemy marks are likelier to cut, so they go first.
	captures := touching & adjNeighbours(opp)
	for _, set := range [2]uint64{captures, touching &^ captures} {
		for e := set; e != 0; e &= e - 1 {
			n++
			nb := adjNeighbourTable[bits.TrailingZeros64(e)]
			k := bits.OnesCount64(nb & single)
			if nb&empty == 0 {
				k++
			}
			t := bits.OnesCount64(nb & opp)
			v := l0 + k + adjUTerm(u0+2*t-k, pliesLeft)
			if v > best {
				best = v
				if s.prune && v >= beta {
					s.nodes += n
					return best
				}
			}
		}
	}
	s.nodes += n
	return best
}

// adjNeighbourTable holds each cell's orthogonal neighbours.
var adjNeighbourTable = func() (t [64]uint64) {
	for c := range t {
		t[c] = adjNeighbours(1 << c)
	}
	return t
}()

// adjOpenSingle returns the cells with at least one empty neighbour and
// those with exactly one, counted as in adjTouchClasses.
func adjOpenSingle(empty uint64) (open, single uint64) {
	l, r := (empty<<1)&^fileA, (empty>>1)&^fileH
	u, d := empty<<8, empty>>8
	open = l | r | u | d
	two := l&r | u&d | (l|r)&(u|d)
	return open, open &^ two
}

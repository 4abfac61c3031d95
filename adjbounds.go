package main

import "math/bits"

// The exact shortcuts of the search near its horizon or near the end of
// the game: frontier scores a node one ply above the horizon without
// making its moves, replyBounds bounds the moves of a node two plies above
// it, and endBounds those of a node two to six plies before the end of
// the game. Each gives what the plain search would (the bounds are never
// below a move's value), only sooner; adjbounds_test.go checks them
// against the generic search on the plain board.

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
// The cells of banned, in a relaxed position (adjrelax.go), are no moves
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

// endBounds bounds, at a node two to six plies before the end of the
// game, what each move can be worth without searching it: the idea of
// replyBounds where only the final mark difference counts, and carried
// up to three plies deeper. Five and six plies before the end see
// newEndBoundsAbove.
//
// Two plies before the end, the mover plays m (turning t_m marks) and the
// opponent answers r (turning t_r), to end at N0 + 2(t_m - t_r). Three
// plies before the end the mover then plays last on a cell turning T3, to
// end at N0 + 1 + 2(t_m - t_r + T3). When r is three or more steps from m,
// neither move touches the other's cell or neighbours: t_r is counted on
// this board, and T3 is at most M_r, the most of the opponent's marks an
// empty cell touches after r alone (m turns the opponent's marks to the
// mover's and takes a cell, which can only lower such counts). Four plies
// before the end the opponent has a last answer as well, turning at least
// L_r: the third most of the mover's marks an empty cell at least three
// steps from r touches on this board (m and the mover's next move add
// marks of the mover and take two cells; r does not reach them). So a move
// is worth at most N0 + [1] + 2t_m + B_r, with B_r = -2t_r two plies
// before the end and 2(M_r - t_r [- L_r]) three [four] before, for any
// answer r far enough from it; the bounds keep the few answers of least
// B_r among the cells that turn something (any cell when none does).
type endBounds struct {
	base    int    // N0, plus 1 three plies before the end; 1 five and six before
	opp     uint64 // the opponent's marks
	answers [endAnswers]endAnswer
	count   int
}

// endAnswer is an answer r with the cells it interacts with.
type endAnswer struct {
	near uint64 // the cells within two steps of r
	used uint64 // five and six plies before the end, the moves it does not bound
	at   uint64 // r, as a mask
	b    int    // B_r; five and six plies before the end, the bound r leaves
}

// newEndBounds prepares the bounds of the moves of a node left (2 to 6)
// plies before the end of the game.
func newEndBounds(me, opp uint64, left int) endBounds {
	return newEndBoundsBans(me, opp, adjBans{}, left)
}

// newEndBoundsBans is newEndBounds in a relaxed position (adjrelax.go):
// every answer of the opponent the bounds count on is a cell it may take,
// and where it might run out of such cells before the end (when it may
// take fewer than left), no move is bounded, since a stuck opponent scores
// -adjStuck. The mover's own cells need no such care: counting moves it
// may not make only raises a bound.
func newEndBoundsBans(me, opp uint64, ban adjBans, left int) endBounds {
	answers := ^(me | opp) &^ ban.opp
	if ban.opp != 0 && bits.OnesCount64(answers) < left {
		return endBounds{}
	}
	if left >= 5 {
		return newEndBoundsAbove(me, opp, answers, left)
	}
	return newEndBoundsTaken(me, opp, answers, left, 2)
}

// newEndBoundsTaken is newEndBounds two to four plies before the end,
// where four plies before the end taken cells may be gone from the board
// before the opponent's last answer (the mover's two moves; one more
// under newEndBounds6's move): that answer turns at least what the
// (taken+1)-th most touched cell far from the opponent's first answer
// touches. The opponent's answers are cells of answers, the empty cells
// it may take.
func newEndBoundsTaken(me, opp, answers uint64, left, taken int) endBounds {
	empty := ^(me | opp)
	e := endBounds{base: bits.OnesCount64(me) - bits.OnesCount64(opp), opp: opp}
	if left == 3 {
		e.base++
	}
	var mine [5]uint64 // the opponent's cells by how many of the mover's marks they touch
	if left == 4 {
		mine = adjTouchClasses(me, answers)
	}
	tried := answers & adjNeighbours(me)
	if tried == 0 {
		tried = answers
	}
	for cells := tried; cells != 0; cells &= cells - 1 {
		r := bits.TrailingZeros64(cells)
		turned := adjNeighbourTable[r] & me
		b := -2 * bits.OnesCount64(turned)
		if left >= 3 {
			b += 2 * adjMostTouched(opp|turned|1<<r, empty&^(1<<r))
		}
		if left == 4 {
			far, need := ^adjNear2Table[r], taken+1
			for t := 4; t > 0; t-- {
				if need -= bits.OnesCount64(mine[t] & far); need <= 0 {
					b -= 2 * t
					break
				}
			}
		}
		e.addAnswer(endAnswer{near: adjNear2Table[r], at: 1 << r, b: b})
	}
	return e
}

// addAnswer adds a to the answers if it is among the endAnswers of least B_r,
// in order.
func (e *endBounds) addAnswer(a endAnswer) {
	i := e.count
	if i == endAnswers {
		i--
		if e.answers[i].b <= a.b {
			return
		}
	} else {
		e.count++
	}
	for ; i > 0 && a.b < e.answers[i-1].b; i-- {
		e.answers[i] = e.answers[i-1]
	}
	e.answers[i] = a
}

// bound is the most the move on cell c can be worth (infinity if no kept
// answer is far enough from it). The answers go by B_r, least first, so
// the first far enough gives the least bound.
func (e *endBounds) bound(c int8) int {
	bit := uint64(1) << uint(c)
	for i := 0; i < e.count; i++ {
		if a := &e.answers[i]; (a.near|a.used)&bit == 0 {
			return e.base + 2*bits.OnesCount64(adjNeighbourTable[c]&e.opp) + a.b
		}
	}
	return infinity
}

// settle returns the cells of rest whose moves fail low against alpha,
// and the largest bound used. A move's bound depends only on how many
// marks it turns and on which answer is the first far enough from it
// (see bound), so the moves are settled a class of cells at a time, by
// masks, rather than one by one.
func (e *endBounds) settle(rest uint64, alpha int) (uint64, int) {
	var settled uint64
	best := -infinity
	for t, cells := range adjTouchClasses(e.opp, rest) {
		for i := 0; i < e.count && cells != 0; i++ {
			a := &e.answers[i]
			far := cells &^ (a.near | a.used)
			if q := e.base + 2*t + a.b; far != 0 && q <= alpha {
				settled |= far
				best = max(best, q)
			}
			cells &^= far
		}
	}
	return settled, best
}

// adjTouchClasses splits cells by how many marks of m each touches: class
// t holds the cells touching exactly t, counted in the four directions
// bit-parallel (the shifts of m say which neighbour of each cell is a
// mark; a cell touches at least two when it has two on one line or one on
// each). Written out rather than looped, as adjMostTouched is, since both
// run at most nodes near the end (a loop over an array of counts cost
// time: docs/search-notes.md).
func adjTouchClasses(m, cells uint64) (c [5]uint64) {
	l, r := (m<<1)&^fileA, (m>>1)&^fileH
	u, d := m<<8, m>>8
	lr, ud, h, v := l&r, u&d, l|r, u|d
	ge2 := lr | ud | h&v
	ge3 := lr&v | ud&h
	ge4 := lr & ud
	c[0] = cells &^ (h | v)
	c[1] = cells & (h | v) &^ ge2
	c[2] = cells & ge2 &^ ge3
	c[3] = cells & ge3 &^ ge4
	c[4] = cells & ge4
	return c
}

// adjMostTouched is the most marks of m that a cell of cells touches,
// counted as in adjTouchClasses and tested from the top as the counts are
// formed: it runs for every answer newEndBounds weighs, and one function
// of all four counts shared with adjTouchClasses cost solving time
// (docs/search-notes.md).
func adjMostTouched(m, cells uint64) int {
	l, r := (m<<1)&^fileA, (m>>1)&^fileH
	u, d := m<<8, m>>8
	lr, ud, h, v := l&r, u&d, l|r, u|d
	switch {
	case lr&ud&cells != 0:
		return 4
	case (lr&v|ud&h)&cells != 0:
		return 3
	case (lr|ud|h&v)&cells != 0:
		return 2
	case (h|v)&cells != 0:
		return 1
	}
	return 0
}

// most is the largest bound of any move of empty, and the answers it
// uses, infinity if some move has none.
func (e *endBounds) most(empty uint64) (int, uint64) {
	best, used := -infinity, uint64(0)
	cls := adjTouchClasses(e.opp, empty)
	for t := 4; t >= 0; t-- {
		cells := cls[t]
		for i := 0; i < e.count && cells != 0; i++ {
			a := &e.answers[i]
			if far := cells &^ (a.near | a.used); far != 0 {
				best = max(best, e.base+2*t+a.b)
				used |= a.at
				cells &^= far
			}
		}
		if cells != 0 {
			return infinity, 0
		}
	}
	return best, used
}

// newEndBoundsAbove prepares the bounds of the moves of a node left (5
// or 6) plies before the end. An answer r far from the move m leaves, but
// for m, a position two plies nearer the end, of the mover's turn; the
// most any move there can be worth by its own bounds (most), plus 1 +
// 2t_m, bounds m. Adding m to that position only lowers those bounds: m
// turns opponent's marks to the mover's and takes a cell, so the mover's
// captures there can only shrink, and each answer there turns as many
// more marks as the most touched cell after it can gain (M_r' - t_r'
// never grows), so long as the answer is not m itself, which the bound
// excludes (used, the answers of the position below). Four plies before
// the end the opponent's last answer turns at least what the third most
// touched cell touches; with m one more cell is taken, so the bounds
// four plies before the end that serve six plies count the fourth
// (newEndBoundsTaken). The answers tried are the opponent's strongest
// captures.
func newEndBoundsAbove(me, opp, answers uint64, left int) endBounds {
	e := endBounds{base: 1, opp: opp}
	cls := adjTouchClasses(me, answers&adjNeighbours(me))
	tried := 0
	for t := 4; t > 0; t-- {
		for cells := cls[t]; cells != 0 && tried < endAnswers5; cells &= cells - 1 {
			tried++
			r := bits.TrailingZeros64(cells)
			turned := adjNeighbourTable[r] & me
			meR, oppR := me&^turned, opp|turned|1<<r
			// Six plies before the end one more cell is taken before the
			// opponent's last answer: m's.
			sub := newEndBoundsTaken(meR, oppR, answers&^(1<<r), left-2, left-3)
			if b, used := sub.most(^(meR | oppR)); b != infinity {
				e.addAnswer(endAnswer{near: adjNear2Table[r], used: used, at: 1 << r, b: b})
			}
		}
	}
	return e
}

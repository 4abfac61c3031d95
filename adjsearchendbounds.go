package main

import "math/bits"

// The exact shortcut of the search near the end of the game: endBounds
// bounds the moves of a node two to six plies before the end, as
// replyBounds (adjsearchbounds.go) does near the horizon. adjsearchendbounds_test.go
// checks the bounds against the exact values.

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
// plies before the end of the game. In a relaxed position (adjsearchrelax.go;
// ban is empty in any other) every answer of the opponent the bounds
// count on is a cell it may take, and where it might run out of such
// cells before the end (when it may take fewer than left), no move is
// bounded, since a stuck opponent scores -adjStuck. The mover's own
// cells need no such care: counting moves it may not make only raises a
// bound.
func newEndBounds(me, opp uint64, ban adjBans, left int) endBounds {
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

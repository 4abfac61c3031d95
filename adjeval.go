package main

import (
	"math"
	"math/bits"
)

// Adjacency's evaluators: the course's objective (seed 002), the plain
// count of marks, and two that see the reply (the students' objective,
// and safe marks after the reply); how they play: docs/bots.md.

// adjEvaluators are the game's evaluators for its card, its default first.
func adjEvaluators() []evaluator {
	return []evaluator{
		{name: "course", score: adjCourseScore,
			about: "the difference in settled marks (no empty neighbour), plus the lead in unsettled marks beyond the plies left"},
		{name: "marks", score: adjMarksScore,
			about: "the difference in marks, as if the game ended here"},
		{name: "reply-marks", score: adjReplyMarksScore,
			about: "the difference in marks after the best capture of the side to move: its mark placed, the most marks one move turns"},
		{name: "reply-safe", score: adjReplySafeScore,
			about: "after the best reply of the side to move: a mark with no empty neighbour counts 3, any other 2"},
	}
}

// adjCourseScore is seed 002's objective of an incomplete state, from s's
// view: see adjEvaluate. The position judged is the one after the move
// being judged, so its plies left are the M of that move.
func adjCourseScore(g Game, s Side) int {
	a := g.(*Adjacency)
	return adjEvaluate(a.marks[s], a.marks[s.Other()], a.PliesLeft())
}

// adjMarksScore is the mark difference for s: the final score if the
// game stopped now.
func adjMarksScore(g Game, s Side) int {
	a := g.(*Adjacency)
	return bits.OnesCount64(a.marks[s]) - bits.OnesCount64(a.marks[s.Other()])
}

// adjEvaluate is seed 002's IncObj = L_me - L_enemy + C*max(|U_me - U_enemy|
// - M, 0): L counts the marks with no empty orthogonal neighbour (they can
// never turn again), U those with at least one, and C the sign of U_me -
// U_enemy (0 when equal, where the term is 0 anyway). M is what the course
// team's code passes, not what its report says: the report calls M the
// rounds left, but the code counts plies (single moves), starting from 2 x
// the rounds left (one less for the second mover) and taking one off per
// move searched, so that the M of a judged move is the plies left after
// it: pliesLeft of the position it makes. Its magnitude stays within 64,
// like Final's.
func adjEvaluate(me, enemy uint64, pliesLeft int) int {
	open := adjNeighbours(^(me | enemy)) // cells next to an empty cell
	uMe, uEnemy := bits.OnesCount64(me&open), bits.OnesCount64(enemy&open)
	lMe, lEnemy := bits.OnesCount64(me&^open), bits.OnesCount64(enemy&^open)
	return lMe - lEnemy + adjUTerm(uMe-uEnemy, pliesLeft)
}

// adjUTerm is C*max(|du| - M, 0) with C the sign of du.
func adjUTerm(du, m int) int {
	switch {
	case du > m:
		return du - m
	case -du > m:
		return du + m
	}
	return 0
}

// adjReplyMarksScore is the mark difference for s after the side to
// move has made its best capture: the objective of the students' hill
// climbers of the course, which subtract twice the most the opponent can
// turn with its next move (a capture of t marks moves the difference by
// 1 + 2t for the mover). It is replyEval over adjMarksScore, on the
// masks. With one ply left it is the exact final score, since the last
// move can do nothing better than turn the most.
func adjReplyMarksScore(g Game, s Side) int {
	a := g.(*Adjacency)
	d := adjMarksScore(g, s)
	if a.Over() {
		return d
	}
	mover := a.Turn()
	swing := 1 + 2*adjBestTurn(a.marks[mover], a.marks[mover.Other()])
	if mover == s {
		return d + swing
	}
	return d - swing
}

// adjBestTurn is the most marks of target that one mark of the mover
// turns: the largest count of target's marks orthogonally next to one
// empty cell. Each shifted copy of target holds the empty cells with a
// target mark on one side; the four copies are added bit by bit.
func adjBestTurn(mover, target uint64) int {
	empty := ^(mover | target)
	up := target << 8 & empty // the cell above is target's
	down := target >> 8 & empty
	left := target << 1 &^ fileA & empty
	right := target >> 1 &^ fileH & empty
	switch {
	case up&down&left&right != 0:
		return 4
	case up&down&(left|right)|left&right&(up|down) != 0:
		return 3
	case up&(down|left|right)|down&(left|right)|left&right != 0:
		return 2
	case up|down|left|right != 0:
		return 1
	}
	return 0
}

// adjReplySafeScore is replyEval over adjSafeCount, on the masks: the
// side to move makes the reply that counts best for it, and the marks
// after it are counted for s, a settled mark (no empty neighbour, so it
// can never turn again) 3 and any other 2; if the reply ends the game,
// the final score. It reaches 3 x 64 where the course's objective stays
// within 64: an Adjacency game's lines all end at the same ply, so a
// search never weighs an estimate against a final score.
func adjReplySafeScore(g Game, s Side) int {
	a := g.(*Adjacency)
	if a.Over() {
		return adjMarksScore(g, s)
	}
	mover := a.Turn()
	me, enemy := a.marks[mover], a.marks[mover.Other()]
	last := a.PliesLeft() == 1
	best := math.MinInt
	for e := ^(me | enemy); e != 0; e &= e - 1 {
		m, n := adjAfter(me, enemy, Move(bits.TrailingZeros64(e)))
		v := bits.OnesCount64(m) - bits.OnesCount64(n)
		if !last {
			v = adjSafeCount(m, n)
		}
		best = max(best, v)
	}
	if mover == s {
		return best
	}
	return -best
}

// adjSafeCount is me's marks less enemy's, a settled mark counting 3 and
// any other 2: the count reply-safe judges by.
func adjSafeCount(me, enemy uint64) int {
	settled := ^adjNeighbours(^(me | enemy)) // no empty neighbour
	return 2*(bits.OnesCount64(me)-bits.OnesCount64(enemy)) +
		bits.OnesCount64(me&settled) - bits.OnesCount64(enemy&settled)
}

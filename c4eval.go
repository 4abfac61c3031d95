package main

import "math/bits"

// Connect Four's evaluators: the student paper's count of open segments
// (docs/history.md), and a
// count of threats after Allis, which knows which threats win the end of
// the game.

// c4Evaluators are the game's evaluators for its card, its default first.
func c4Evaluators() []evaluator {
	return []evaluator{
		{name: "segments", score: c4SegmentScore,
			about: "four-cell segments that only one side has stones in: 1, 10 or 50 for 1, 2 or 3 stones, and 16 for the side to move"},
		{name: "threats", score: c4ThreatScore,
			about: "odd and even threats (Allis): empty cells that would complete a four, counted by the row parity that wins"},
		{name: "reply-segments", score: replyEval(c4SegmentScore, c4Limit),
			about: "segments, counted after the best reply of the side to move"},
		{name: "reply-threats", score: replyEval(c4ThreatScore, c4Limit),
			about: "threats, counted after the best reply of the side to move"},
	}
}

// c4Segments are 7x6's 69 four-cell segments (24 horizontal, 21
// vertical, 12 of each diagonal) as cell masks.
var c4Segments = c4Std.segments

// c4SegmentValue is the paper's value of a segment holding n stones of one
// colour and none of the other.
var c4SegmentValue = [5]int{0, 1, 10, 50, c4Win}

// c4TurnBonus is the paper's bonus for having the move.
const c4TurnBonus = 16

// c4SegmentScore is the paper's evaluation for side s: every segment
// holding stones of one colour only counts 1, 10 or 50 for 1, 2 or 3
// stones, for the colour that holds it and against the other; the side to
// move gets a bonus of 16. docs/connect4.md keeps the sum under a win's
// 512; but the search scores a win found n plies down as 512 - n (the
// sooner the better), so the sum is kept within ±469, under 512 - 42, for
// any win at any depth to outrank it. Other sizes count their own
// segments, kept under 512 minus their cells.
func c4SegmentScore(g Game, s Side) int {
	c := g.(*ConnectFour)
	v := 0
	me, them := c.stones[s], c.stones[s.Other()]
	for _, seg := range c.geo.segments {
		a, b := bits.OnesCount64(me&seg), bits.OnesCount64(them&seg)
		switch {
		case b == 0:
			v += c4SegmentValue[a]
		case a == 0:
			v -= c4SegmentValue[b]
		}
	}
	if c.Turn() == s {
		v += c4TurnBonus
	} else {
		v -= c4TurnBonus
	}
	return c4Clamp(c, v)
}

// c4Clamp keeps an estimate under the least win a search can score on
// c's board.
func c4Clamp(c *ConnectFour, v int) int {
	limit := c4Limit(c)
	return max(-limit, min(limit, v))
}

// c4Limit is the bound of an estimate on g's board: under the least win
// a search can score there.
func c4Limit(g Game) int { return c4Win - g.(*ConnectFour).geo.cells - 1 }

// Weights of c4ThreatScore: a threat on the rows that win its side the
// end of the game, a threat on the other rows, a stone in an open
// segment.
const (
	c4GoodThreat  = 24
	c4OtherThreat = 8
	c4OpenStone   = 1
)

// c4ThreatScore judges a position by its threats, as Allis' analysis of
// the game does: a threat is an empty cell that would complete a four.
// When the board fills, the columns fill in turn, and the first player
// (X) gets the cells of the odd rows (1, 3, 5 counted from the bottom),
// the second the even ones, unless a threat changes the order; so an odd
// threat is what wins X the end of the game, an even one what wins O.
// Each threat of s counts c4GoodThreat on its side's rows and
// c4OtherThreat on the others, a threat right above one of the
// opponent's nothing (the opponent's comes first and ends the game);
// the opponent's count the same against s. Every stone in a segment the
// opponent has not entered adds c4OpenStone, so that a position before
// any threat still has a figure.
func c4ThreatScore(g Game, s Side) int {
	c := g.(*ConnectFour)
	me, them := c.stones[s], c.stones[s.Other()]
	var mine, theirs uint64
	open := 0
	for _, seg := range c.geo.segments {
		a, b := bits.OnesCount64(me&seg), bits.OnesCount64(them&seg)
		switch {
		case b == 0 && a == 3:
			mine |= seg &^ me
		case a == 0 && b == 3:
			theirs |= seg &^ them
		case b == 0:
			open += a
		case a == 0:
			open -= b
		}
	}
	mine, theirs = mine&^(theirs<<1), theirs&^(mine<<1)
	good := c.geo.oddRows // X's rows
	if s == O {
		good = c.geo.full &^ good
	}
	v := c4OpenStone * open
	v += c4GoodThreat*bits.OnesCount64(mine&good) + c4OtherThreat*bits.OnesCount64(mine&^good)
	v -= c4GoodThreat*bits.OnesCount64(theirs&^good) + c4OtherThreat*bits.OnesCount64(theirs&good)
	return c4Clamp(c, v)
}

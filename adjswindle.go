package main

import "math/bits"

// adjSwindleModels is how many shallow opponents swindleMove models:
// searches of 1 to adjSwindleModels plies from the opponent's side, its
// reply included, scored by the evaluation; the local search bot looks one
// ply ahead, the genetic bot's chromosomes four.
const adjSwindleModels = 4

// swindleScore ranks a move of the exact value for swindleMove: larger
// lures first, then traps, then gain.
type swindleScore struct {
	lures int // traps a shallow opponent rates at least as high as every safe reply, summed over the models
	traps int // replies after which the bot's exact value reaches trapAt
	gain  int // the sum of their excesses over the root's value
}

// trapAt is the least value of a reply that swindleMove counts as a trap
// when the root is worth v: a draw or better from a loss (a smaller loss
// decides nothing), a win from a draw, a wider win from a win.
func trapAt(v int) int {
	if v < 0 {
		return 0
	}
	return v + 1
}

func (a swindleScore) better(b swindleScore) bool {
	if a.lures != b.lures {
		return a.lures > b.lures
	}
	if a.traps != b.traps {
		return a.traps > b.traps
	}
	return a.gain > b.gain
}

// swindleMove picks, once alpha-beta has solved the root exactly (value
// v, best move best), the move among those worth v that gives the
// opponent the best chances to go wrong. The minimax value is what the bot
// gets against perfect play; against a fallible opponent it is only a
// floor, and the first move of that value in scan order is often one after
// which no plausible reply loses anything. Among equal floors the bot
// takes the one with the most traps, replies after which its exact value
// reaches trapAt(v): a better result, or from a win a wider one; and first
// among traps the lures, those that a shallow search
// of the opponent (1 to adjSwindleModels plies, scored by the evaluation)
// rates at least as high as every safe reply, counted once per depth that
// does: a bot of that depth avoids the traps it can see, and falls into
// those it prefers (with 8 plies left, the genetic bot's four plies see
// nearly every trap, and counting traps alone left its results as they
// were). Ties go to the larger total gain over the replies (the size of
// the blunders), then to the search's order, which puts best first.
//
// Each move of value v leaves every reply worth at least v, so one search
// per reply with the window (trapAt(v)-1, infinity) both tells traps and,
// being fail-soft, gives their exact values; a null window first tells the moves
// worth v from the others. The searches share the table with the root
// search, which has already solved many of these positions.
//
// It is anytime: moves are scored one at a time under the same clock as
// the search, and when time runs out the best of those fully scored wins
// (best itself is scored first). So it never picks a move worth less than
// v, and never runs past the budget.
func (s *adjSearch) swindleMove(me, opp uint64, ply int, root []Move, best Move, v int) Move {
	left := s.plies - ply
	if left < 2 {
		return best
	}
	pick, pickScore := NoMove, swindleScore{lures: -1}
	trap := trapAt(v)
	var views [64][adjSwindleModels]int
	consider := func(m Move) {
		nme, nopp := adjAfter(me, opp, m)
		// Every move is worth at most v to us, so the child is worth at
		// least -v to the opponent: exactly -v when the null window
		// around it fails low.
		if m != best && s.negamax(nopp, nme, ply+1, left-1, -v, -v+1) > -v || s.stopped {
			return
		}
		var sc swindleScore
		var trapSet uint64
		var safe [adjSwindleModels]int
		for d := range safe {
			safe[d] = -infinity
		}
		for e := ^(nme | nopp); e != 0; e &= e - 1 {
			r := bits.TrailingZeros64(e)
			ropp, rme := adjAfter(nopp, nme, Move(r))
			w := s.negamax(rme, ropp, ply+2, left-2, trap-1, infinity)
			for d := range views[r] {
				views[r][d] = -s.negamax(rme, ropp, ply+2, d, -infinity, infinity)
			}
			if s.stopped {
				return
			}
			if w >= trap {
				sc.traps++
				sc.gain += w - v
				trapSet |= 1 << uint(r)
				continue
			}
			for d, view := range views[r] {
				safe[d] = max(safe[d], view)
			}
		}
		for e := trapSet; e != 0; e &= e - 1 {
			for d, view := range views[bits.TrailingZeros64(e)] {
				if view >= safe[d] {
					sc.lures++
				}
			}
		}
		if sc.better(pickScore) {
			pick, pickScore = m, sc
		}
	}
	consider(best)
	for _, m := range root {
		if s.stopped {
			break
		}
		if m != best {
			consider(m)
		}
	}
	if pick == NoMove {
		return best
	}
	return pick
}

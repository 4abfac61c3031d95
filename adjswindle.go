package main

import "math/bits"

// swindleMove picks, once alpha-beta has solved the root exactly (value v,
// best move best), the move among those worth v that sets the opponent
// the most traps. The minimax value is what the bot gets against perfect
// play; against a fallible opponent it is only a floor, and the first move
// of that value in scan order is often a quiet one after which no reply
// loses anything. Among equal floors the bot takes the one with the most
// ways to go wrong: the most replies after which its exact value is above
// v, then the largest total it gains over all replies (the opponent's
// blunders weighted by their size), then the search's order, which puts
// best first.
//
// Each move of value v leaves every reply worth at least v, so one search
// per reply with the window (v, infinity) both counts the traps and, being
// fail-soft, gives their exact values; a null window first tells the moves
// worth v from the others. The searches share the table with the root
// search, which has already solved most of these positions' subtrees.
//
// It is anytime: moves are scored one at a time under the same clock as
// the search, and when time runs out the best of those fully scored wins
// (best itself is scored first). So it never picks a move worth less than
// v, and it never costs more than the budget's remaining time.
func (s *adjSearch) swindleMove(me, opp uint64, ply int, root []Move, best Move, v int) Move {
	left := s.plies - ply
	if left < 2 {
		return best
	}
	pick, pickTraps, pickGain := NoMove, -1, -1
	consider := func(m Move) {
		nme, nopp := adjAfter(me, opp, m)
		// The opponent's value of the child, at most -v; v exactly when the
		// null window fails low.
		if m != best && s.negamax(nopp, nme, ply+1, left-1, -v, -v+1) > -v || s.stopped {
			return
		}
		traps, gain := 0, 0
		for e := ^(nme | nopp); e != 0; e &= e - 1 {
			ropp, rme := adjAfter(nopp, nme, Move(bits.TrailingZeros64(e)))
			w := s.negamax(rme, ropp, ply+2, left-2, v, infinity)
			if s.stopped {
				return
			}
			if w > v {
				traps++
				gain += w - v
			}
		}
		if traps > pickTraps || traps == pickTraps && gain > pickGain {
			pick, pickTraps, pickGain = m, traps, gain
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

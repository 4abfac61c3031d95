package main

import "math/bits"

// swindleScore ranks a move of the exact value for swindleMove: a larger
// chance first, then more traps, then more gain.
type swindleScore struct {
	greedy bool    // the bot wins against seed 002's local search, keeping the value all along (see greedyReach)
	chance float64 // the chance that a shallow opponent falls into a trap, summed over the models
	traps  int     // replies after which the bot's exact value reaches trapAt
	gain   int     // the sum of their excesses over the root's value
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

// better tells whether a beats b in swindleScore's order.
func (a swindleScore) better(b swindleScore) bool {
	if a.greedy != b.greedy {
		return a.greedy
	}
	if a.chance != b.chance {
		return a.chance > b.chance
	}
	if a.traps != b.traps {
		return a.traps > b.traps
	}
	return a.gain > b.gain
}

// bestReplies is the set of replies that view rates highest.
func bestReplies(replies uint64, view func(r int) int) uint64 {
	top, best := -infinity, uint64(0)
	for e := replies; e != 0; e &= e - 1 {
		r := bits.TrailingZeros64(e)
		switch w := view(r); {
		case w > top:
			top, best = w, 1<<uint(r)
		case w == top:
			best |= 1 << uint(r)
		}
	}
	return best
}

// swindleMove picks, once alpha-beta has solved the root exactly (value
// v, best move best), the move among those worth v that gives the
// opponent the best chances to go wrong. The minimax value is what the bot
// gets against perfect play; against a fallible opponent it is only a
// floor, and the first move of that value in scan order is often one after
// which no plausible reply loses anything. The traps of a move are the
// replies after which the bot's exact value reaches trapAt(v): a better
// result, or from a win a wider one. The bot models fallible opponents as
// shallow searches of 1 to adjSwindleModels plies (the reply included,
// scored by the evaluation; the local search bot looks one ply ahead, the
// genetic bot's chromosomes four), each choosing among the replies it
// rates best (the one-ply model the last in scan order, as local search
// does; the others at random), and takes the move that gives them the largest
// chance, summed over the models, of choosing a trap. A model that rates
// nearly every reply alike adds little, whereas counting the traps it
// rates on top would let it outweigh the others. Ties go to the most
// traps, then to the larger total gain over them (the size of the
// blunders), then to the search's order, which puts best first. Before
// all of these, from a draw or a loss within adjGreedyPlies of the end, a
// move wins that leads, against seed 002's local search, to a better
// result by moves that all keep v (see greedyReach): a trap that only
// springs a few moves later.
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
func (s *adjSearch) swindleMove(r *adjRoot, best Move, v int) Move {
	if r.left < 2 {
		return best
	}
	pick, pickScore := best, swindleScore{chance: -1}
	if sc, ok := s.swindleScore(r, best, v, true); ok {
		pickScore = sc
	}
	for _, m := range r.moves {
		if s.stopped {
			break
		}
		if m == best {
			continue
		}
		if sc, ok := s.swindleScore(r, m, v, false); ok && sc.better(pickScore) {
			pick, pickScore = m, sc
		}
	}
	return pick
}

// swindleScore scores r's move m for swindleMove, the root being worth v;
// known says m is worth v (the best move found is, unchecked). ok is
// false when m is worth less than v, or the time ran out before its score
// was whole.
func (s *adjSearch) swindleScore(r *adjRoot, m Move, v int, known bool) (sc swindleScore, ok bool) {
	nme, nopp := adjAfter(r.me, r.opp, m)
	// Every move is worth at most v to us, so the child is worth at
	// least -v to the opponent: exactly -v when the null window
	// around it fails low.
	if !known && s.negamax(nopp, nme, r.ply+1, r.left-1, -v, -v+1) > -v || s.stopped {
		return sc, false
	}
	trap := trapAt(v)
	var views [64][adjSwindleModels]int
	var trapSet uint64
	replies := ^(nme | nopp)
	for e := replies; e != 0; e &= e - 1 {
		reply := bits.TrailingZeros64(e)
		ropp, rme := adjAfter(nopp, nme, Move(reply))
		w := s.negamax(rme, ropp, r.ply+2, r.left-2, trap-1, infinity)
		for d := range views[reply] {
			views[reply][d] = -s.negamax(rme, ropp, r.ply+2, d, -infinity, infinity)
		}
		if s.stopped {
			return sc, false
		}
		if w >= trap {
			sc.traps++
			sc.gain += w - v
			trapSet |= 1 << uint(reply)
		}
	}
	// Each model's chance: the one-ply model (local search) takes the
	// last of the replies it rates best, the others any of them.
	var greedy Move
	for d := range adjSwindleModels {
		top := bestReplies(replies, func(c int) int { return views[c][d] })
		if d == 0 {
			greedy = lastCell(top)
			if trapSet&(1<<uint(greedy)) != 0 {
				sc.chance++
			}
			continue
		}
		sc.chance += float64(bits.OnesCount64(top&trapSet)) / float64(bits.OnesCount64(top))
	}
	if r.left <= adjGreedyPlies && trap <= 1 {
		sc.greedy = trapSet&(1<<uint(greedy)) != 0
		if !sc.greedy && r.left >= 4 {
			ropp, rme := adjAfter(nopp, nme, greedy)
			sc.greedy = s.greedyReach(rme, ropp, r.ply+2, v, trap)
		}
	}
	return sc, !s.stopped
}

// greedyReply is seed 002's local search's move, me to move: the last
// cell in scan order of the best objective one ply ahead (see LocalBot).
// The objective is the search's depth-0 evaluation, whose M is the plies
// left after the reply, as the course's code has it.
func (s *adjSearch) greedyReply(me, opp uint64, ply int) Move {
	best := bestReplies(^(me | opp), func(c int) int {
		nme, nopp := adjAfter(me, opp, Move(c))
		return -s.negamax(nopp, nme, ply+1, 0, -infinity, infinity)
	})
	return lastCell(best)
}

// lastCell is the highest-numbered cell of a non-empty set: the last in
// scan order.
func lastCell(set uint64) Move { return Move(63 - bits.LeadingZeros64(set)) }

// greedyReach tells whether the bot, to move and worth at least v, can
// reach a value of at least target against local search (greedyReply)
// while playing only moves worth at least v: against that opponent a
// line to a better result, and against any other no worse than v.
func (s *adjSearch) greedyReach(me, opp uint64, ply, v, target int) bool {
	left := s.plies - ply
	for e := ^(me | opp); e != 0; e &= e - 1 {
		nme, nopp := adjAfter(me, opp, Move(bits.TrailingZeros64(e)))
		worse := s.negamax(nopp, nme, ply+1, left-1, -v, -v+1) > -v
		if s.stopped {
			return false
		}
		if worse {
			continue
		}
		ropp, rme := adjAfter(nopp, nme, s.greedyReply(nopp, nme, ply+1))
		reached := s.negamax(rme, ropp, ply+2, left-2, target-1, target) >= target
		if s.stopped {
			return false
		}
		// With a single ply left after the reply, the exact value is all
		// there is to reach.
		if reached || left >= 4 && s.greedyReach(rme, ropp, ply+2, v, target) {
			return true
		}
	}
	return false
}

package main

import "math/bits"

// Lines read back from the table after an Adjacency search: the expected
// line shown by -v and hint, and the perfect line of a solved position.

// perfectLine follows moves of value v, me to move, to the end of the
// game: at each ply the first move whose child proves worth -v to the
// opponent. The table, warm from the solve, answers most of these
// searches at once; its move for the position is tried first.
func (s *adjSearch) perfectLine(me, opp uint64, ply, v int) []Move {
	var line []Move
	for ; ply < s.plies; ply++ {
		left := s.plies - ply
		cells := ^(me | opp)
		var order []Move
		if m := s.tableMove(me, opp); m != NoMove {
			order = append(order, m)
		}
		for e := cells; e != 0; e &= e - 1 {
			order = append(order, Move(bits.TrailingZeros64(e)))
		}
		found := false
		for _, m := range order {
			nme, nopp := adjAfter(me, opp, m)
			// Every move is worth at most v, so a child that does not
			// fail low against -v+1 is worth exactly -v.
			w := -s.negamax(nopp, nme, ply+1, left-1, -v, -v+1)
			if s.stopped {
				return nil
			}
			if w >= v {
				line = append(line, m)
				me, opp, v, found = nopp, nme, -v, true
				break
			}
		}
		if !found {
			panic("adjacency solver: no move keeps the value") // the table lied
		}
	}
	return line
}

// tableMove is the best move the table remembers for a position, or
// NoMove.
func (s *adjSearch) tableMove(me, opp uint64) Move {
	key, mirrored := s.key(me, opp)
	e, ok := s.tt.probe(key)
	if !ok || e.move < 0 {
		return NoMove
	}
	if mirrored {
		return Move(adjMirrorCell(e.move))
	}
	return Move(e.move)
}

// adjExpectedLine is the line Adjacency's search s expects from a after
// it chose first at depth plies: each next move is the table's best move
// for the position at the depth the search left for it (or deeper: an
// unfinished deeper iteration may have overwritten it, with a better
// guess), checked legal. The tables keep no position within two plies of
// the horizon, so the line stops there at the latest.
func adjExpectedLine(s *adjSearch, a *Adjacency, first Move, depth int) []Move {
	me, opp := a.marks[a.Turn()], a.marks[a.Turn().Other()]
	if depth < 1 || first < 0 || first >= 64 || (me|opp)&(1<<uint(first)) != 0 {
		return nil
	}
	line := []Move{first}
	ply, plies := len(a.history)+1, 2*a.rounds
	me, opp = adjAfter(me, opp, first)
	me, opp = opp, me
	for left := depth - 1; left > 0 && ply < plies; left-- {
		want := min(left, plies-ply)
		key, mirrored := s.key(me, opp)
		e, ok := s.table(want).probe(key)
		if !ok || e.move < 0 || int(e.depth) < want {
			break
		}
		if mirrored {
			e.move = adjMirrorCell(e.move)
		}
		m := Move(e.move)
		if (me|opp)&(1<<uint(m)) != 0 {
			break
		}
		line = append(line, m)
		me, opp = adjAfter(me, opp, m)
		me, opp = opp, me
		ply++
	}
	return line
}

package main

import "math/bits"

// Adjacency's evaluators: the course's objective (seed 002), and the
// plain count of marks.

func init() {
	registerEvaluators("adjacency", (*Adjacency)(nil),
		evaluator{name: "course", score: adjCourseScore,
			about: "seed 002's objective: settled marks, and the unsettled ones past the plies left"},
		evaluator{name: "marks", score: adjMarksScore,
			about: "the mark difference, as if the game ended here"})
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

package main

// The ground the local-search walks cover (localsearchvariants.go): the
// legal moves of one position, each worth the objective of the position
// it makes (localScore), with a neighbourhood that makes a walk from
// move to move mean something: moves near each other on the board.

// moveGrid is an optional interface of a game's rules, for local search:
// its moves are the cells of a rows x cols grid, numbered row*cols+col
// (Tic-Tac-Toe's and Adjacency's cells; Connect Four's columns, one row).
// A game without it is taken as one row in the order of its move
// numbers.
type moveGrid interface {
	moveGrid() (rows, cols int)
}

// moveLandscape is one position's moves for a walk: a state is an index
// into moves, its value the objective for the side to move of the
// position the move makes, worked out the first time it is asked for.
type moveLandscape struct {
	g      Game // the position; played on and taken back
	eval   evalFunc
	me     Side
	moves  []Move
	values []int
	known  []bool
	near   [][]int // by state, its neighbours (states)
	// valued counts the positions scored: the decision's nodes.
	valued int64
	// trail is the walk as it went, for tests and -trace.
	trail []walkStep
}

// walkStep is one state a walk stood on, and why.
type walkStep struct {
	state int
	note  string
}

// newLandscape lays out the moves of g (not finished) for side to move,
// judged by eval.
func newLandscape(g Game, eval evalFunc) *moveLandscape {
	l := &moveLandscape{g: g, eval: eval, me: g.Turn(), moves: g.Moves(nil)}
	l.values = make([]int, len(l.moves))
	l.known = make([]bool, len(l.moves))
	cols := 0
	if grid, ok := g.(moveGrid); ok {
		_, cols = grid.moveGrid()
	} else {
		for _, m := range l.moves {
			cols = max(cols, int(m)+1)
		}
	}
	l.near = make([][]int, len(l.moves))
	for i := range l.moves {
		l.near[i] = nearest(l.moves, i, cols)
	}
	return l
}

// nearest is the neighbourhood of state i among moves laid on a grid
// cols wide: the moves one step away, diagonals included (a king's
// move); if there are none, those at the least distance there are. So a
// walk always has somewhere to go, and goes there by small steps.
func nearest(moves []Move, i, cols int) []int {
	least := -1
	for j, m := range moves {
		if d := gridDistance(moves[i], m, cols); j != i && (least < 0 || d < least) {
			least = d
		}
	}
	var near []int
	for j, m := range moves {
		if j != i && gridDistance(moves[i], m, cols) == least {
			near = append(near, j)
		}
	}
	return near
}

// gridDistance is the number of king's moves between cells a and b of a
// grid cols wide.
func gridDistance(a, b Move, cols int) int {
	ra, ca := int(a)/cols, int(a)%cols
	rb, cb := int(b)/cols, int(b)%cols
	return max(ra-rb, rb-ra, ca-cb, cb-ca)
}

// value is state i's worth, scored on first asking.
func (l *moveLandscape) value(i int) int {
	if !l.known[i] {
		l.g.Play(l.moves[i])
		l.values[i] = localScore(l.g, l.eval, l.me)
		l.g.Undo()
		l.known[i], l.valued = true, l.valued+1
	}
	return l.values[i]
}

// stand records that the walk stands on state i, and why.
func (l *moveLandscape) stand(i int, note string) { l.trail = append(l.trail, walkStep{i, note}) }

// bestNeighbour is the neighbour of state i worth most, the first in the
// game's move order among equals.
func (l *moveLandscape) bestNeighbour(i int) int {
	best := -1
	for _, j := range l.near[i] {
		if best < 0 || l.value(j) > l.value(best) {
			best = j
		}
	}
	return best
}

// localScore is seed 002's objective of a position for side me: the
// complete-state score once the game is over, the incomplete-state
// estimate (the evaluator's) otherwise.
func localScore(g Game, eval evalFunc, me Side) int {
	if g.Over() {
		return g.Final(me)
	}
	return eval(g, me)
}

// orDefault is eval, or g's game's default evaluator if it is nil.
func orDefault(eval evalFunc, g Game) evalFunc {
	if eval == nil {
		return defaultEval(g)
	}
	return eval
}

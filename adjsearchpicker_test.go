package main

import (
	"context"
	"slices"
	"testing"
)

// TestAdjPickerNodeCounts pins the search's exact node counts in every
// way adjPicker lists moves: alpha-beta and minimax at fixed depths from
// the start (the scored, reply-bounded and capture-first listings), the
// proof of endgame positions (the end-bounded listing two to five plies
// before the end), and the symmetric solver, each with the isolated moves
// settled together (adjsearchrelax.go) and without (relax=off). The counts are
// those of the search before the picker was split out of negamax, but for
// the proofs and the solve, which the endgame bounds of issue 46 cut, and
// the proofs again since each asks the root as one node (solveClass); the
// unrelaxed counts are those from before the relaxation. A change of
// order anywhere in the picker changes them.
func TestAdjPickerNodeCounts(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	for _, tc := range []struct {
		name  string
		nodes func(t *testing.T) int64
		want  int64
	}{
		{"alphabeta depth 6 from the start", adjThinkNodes(true, 6), 407080},
		{"minimax depth 3 after six plies", adjThinkNodes(false, 3), 120101},
		{"proof 10 plies before the end, game 1", adjProofNodes(10, 0, false), 1305098},
		{"proof 10 plies before the end, game 2", adjProofNodes(10, 1, false), 2000364},
		{"proof 9 plies before the end, game 3", adjProofNodes(9, 2, false), 1331225},
		{"solve of 3 rounds", adjSolveNodes(3, false), 2135},
		{"proof 10 plies before the end, game 1, unrelaxed", adjProofNodes(10, 0, true), 1598040},
		{"proof 10 plies before the end, game 2, unrelaxed", adjProofNodes(10, 1, true), 4600876},
		{"proof 9 plies before the end, game 3, unrelaxed", adjProofNodes(9, 2, true), 1336747},
		{"solve of 3 rounds, unrelaxed", adjSolveNodes(3, true), 6641},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.nodes(t); got != tc.want {
				t.Errorf("%d nodes, want %d", got, tc.want)
			}
		})
	}
}

// adjThinkNodes counts the nodes of a fresh bot's search to depth of an
// 8-round game: from the start for alpha-beta, and for minimax (slower)
// after six plies.
func adjThinkNodes(prune bool, depth int) func(t *testing.T) int64 {
	return func(t *testing.T) int64 {
		a := NewAdjacency(8)
		if !prune {
			for _, m := range []Move{27, 36, 28, 35, 19, 44} {
				a.Play(m)
			}
		}
		return NewAdjBot(prune).Think(context.Background(), a, Budget{Depth: depth}).Nodes
	}
}

// adjProofNodes counts the nodes of BenchmarkAdjSolveClass's proof of
// game (an index into testdata/adj/games8.txt) cut left plies before the
// end: a depth-6 search, then the class.
func adjProofNodes(left, game int, unrelaxed bool) func(t *testing.T) int64 {
	return func(t *testing.T) int64 {
		s, _, _ := adjProof(adjEndgamePositions(t, left)[game], 1, 6, unrelaxed)
		return s.nodes
	}
}

// adjSolveNodes counts the nodes of the exact solve of a game of rounds
// rounds from its start.
func adjSolveNodes(rounds int, unrelaxed bool) func(t *testing.T) int64 {
	return func(t *testing.T) int64 {
		sol, ok := adjSolve(context.Background(), NewAdjacency(rounds), newAdjTable(20), adjSolveOptions{jobs: 1, unrelaxed: unrelaxed})
		if !ok {
			t.Fatal("stopped")
		}
		return sol.Nodes
	}
}

// adjPicked is every cell p hands out, searching none (alpha stays put);
// the isolated moves it holds back for a relaxed position are handed out
// too, as when that position does not settle them.
func adjPicked(p *adjPicker, alpha int) []int8 {
	var cells []int8
	for {
		c, ok := p.next(alpha)
		if !ok && p.isolated != 0 {
			p.settleIsolated(p.isolatedPart(), infinity, alpha)
			continue
		}
		if !ok {
			return cells
		}
		cells = append(cells, c)
	}
}

// TestAdjPickerOrder: at the start of an 8-round game (X to move, O's
// marks on cells 6, 7, 14 and 15, X's on 48, 49, 56 and 57), the picker
// hands out the table's move and the killers first, then the rest in the
// node's listing, and with other threads the moves whose positions are
// busy last, in the order it met them. No bound settles anything here:
// 56 moves come out.
func TestAdjPickerOrder(t *testing.T) {
	for _, tc := range []struct {
		name    string
		prune   bool
		depth   int
		ttMove  int8
		killers [2]int8
		busy    []Move // moves whose positions another thread is searching
		first   []int8 // the cells handed out first
		last    []int8 // and last
	}{
		// Minimax in cell order, the table's move first and the killer
		// that repeats it left out.
		{"cells", false, 3, 27, [2]int8{27, 5}, nil, []int8{27, 5, 0, 1, 2, 3, 4, 8}, []int8{62, 63}},
		// Two plies above the horizon, the captures of O's marks first.
		{"captures", false, 2, -1, [2]int8{-1, -1}, nil, []int8{5, 13, 22, 23, 0, 1, 2}, []int8{62, 63}},
		// Alpha-beta by score: 5 and 23 each turn a mark and shut one in;
		// 40, which shuts in one of X's, is a killer.
		{"scored", true, 3, -1, [2]int8{40, -1}, nil, []int8{40, 5, 23}, nil},
		// The first move is never put off; 23 and 13 come last.
		{"put off", true, 6, -1, [2]int8{-1, -1}, []Move{23, 13}, []int8{5}, []int8{23, 13}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := NewAdjacency(8)
			s := adjTestSearch(a, tc.prune, newAdjTable(adjNearBits))
			s.killers[0] = tc.killers
			me, opp := a.marks[X], a.marks[O]
			if tc.busy != nil {
				s.busy = new(busySet)
				for _, m := range tc.busy {
					nme, nopp := adjAfter(me, opp, m)
					k, _ := s.key(nopp, nme)
					s.busy.enter(k)
				}
			}
			var p adjPicker
			p.start(s, me, opp, adjBans{}, 0, tc.depth, tc.ttMove)
			got := adjPicked(&p, -infinity)
			if len(got) != 56 || !slices.Equal(got[:len(tc.first)], tc.first) || !slices.Equal(got[56-len(tc.last):], tc.last) {
				t.Errorf("handed out %v, want %d moves starting %v and ending %v", got, 56, tc.first, tc.last)
			}
		})
	}
}

// TestAdjPickerSettles: the moves the picker does not hand out, against
// a given alpha, are those a bound proves worth at most alpha: each one's
// value, searched, is at most the picker's floor, and the floor at most
// alpha. Near the end of real games (endBounds, searched to the end) and
// two plies above the horizon in the middle game (replyBounds).
func TestAdjPickerSettles(t *testing.T) {
	type node struct {
		left, game, depth int
	}
	var nodes []node
	for game := range 4 {
		for left := 2; left <= adjEndBoundPlies; left++ {
			nodes = append(nodes, node{left, game, left})
		}
		for _, left := range []int{6, 9, 12, 15} {
			nodes = append(nodes, node{left, game, 2})
		}
	}
	settled := map[adjListing]int{} // how many moves each listing settled
	for _, n := range nodes {
		a := adjEndgamePositions(t, n.left)[n.game]
		s := adjTestSearch(a, true, newAdjTable(adjNearBits))
		me, opp, ply := a.marks[a.Turn()], a.marks[a.Turn().Other()], len(a.history)
		for _, alpha := range []int{-4, -1, 0, 3} {
			var p adjPicker
			p.start(s, me, opp, adjBans{}, ply, n.depth, -1)
			picked := adjPicked(&p, alpha)
			listing := p.listing
			if p.floor > alpha {
				t.Errorf("%+v alpha %d: floor %d", n, alpha, p.floor)
			}
			for _, m := range a.Moves(nil) {
				if slices.Contains(picked, int8(m)) {
					continue
				}
				settled[listing]++
				nme, nopp := adjAfter(me, opp, m)
				if v := -s.negamax(nopp, nme, ply+1, n.depth-1, -infinity, infinity); v > p.floor {
					t.Errorf("%+v alpha %d: move %d settled at %d, worth %d", n, alpha, m, p.floor, v)
				}
			}
		}
	}
	if settled[listEnd] == 0 || settled[listReply] == 0 {
		t.Errorf("moves settled by listing %v: some test nothing", settled)
	}
}

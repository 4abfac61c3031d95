package main

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"testing"
)

// The rules contract (board.go's Game, Rules and Notation, and the card's
// record and symmetries), held for every game in the registry: a game
// registered later, even from a test file, is covered without a line
// here naming it. The games are played by seeded random playouts, on
// every option set contractOptions draws from the card.

// contractPlayouts is how many random games each option set plays.
const contractPlayouts = 40

// contractOptions are the option sets worth testing for a game, read from
// its card: the defaults, each option at its least and its greatest with
// the others at their defaults, and every option at its least; the sets
// the card's check refuses (Connect Four's 12 x 6 is too big for its
// bitboards) are left out, and so are repeats.
func contractOptions(spec *gameSpec) []gameOptions {
	sets := []gameOptions{spec.defaults(nil)}
	least := gameOptions{}
	for _, o := range spec.options {
		sets = append(sets, spec.defaults(gameOptions{o.name: o.min}), spec.defaults(gameOptions{o.name: o.max}))
		least[o.name] = o.min
	}
	sets = append(sets, spec.defaults(least))
	var out []gameOptions
	for _, opt := range sets {
		if spec.check != nil && spec.check(opt) != nil {
			continue
		}
		if !slices.ContainsFunc(out, func(o gameOptions) bool { return fmt.Sprint(o) == fmt.Sprint(opt) }) {
			out = append(out, opt)
		}
	}
	return out
}

// contractSeed is a seed of its own for each game and option set, so that
// a game registered later does not change the others' playouts.
func contractSeed(spec *gameSpec, opt gameOptions, salt string) uint64 {
	h := fnv.New64a()
	fmt.Fprint(h, spec.name, opt, salt)
	return h.Sum64()
}

// gameView is everything the Game interface shows of a position.
type gameView struct {
	key     uint64
	turn    Side
	over    bool
	winner  Side
	finalX  int
	history []Move
	moves   []Move
	render  string
}

func viewOf(g Game) gameView {
	s := gameView{key: g.Key(), turn: g.Turn(), over: g.Over(),
		history: slices.Clone(g.History()), moves: slices.Clone(g.Moves(nil)), render: g.Render(false)}
	if s.over {
		s.winner, s.finalX = g.Winner(), g.Final(X)
	}
	return s
}

// differs says how b differs from a, "" if in nothing.
func (a gameView) differs(b gameView) string {
	switch {
	case a.key != b.key:
		return fmt.Sprintf("key %#x, was %#x", b.key, a.key)
	case a.turn != b.turn:
		return fmt.Sprintf("turn %v, was %v", b.turn, a.turn)
	case a.over != b.over || a.winner != b.winner || a.finalX != b.finalX:
		return fmt.Sprintf("over %t winner %v final %d, was %t %v %d", b.over, b.winner, b.finalX, a.over, a.winner, a.finalX)
	case !slices.Equal(a.history, b.history):
		return fmt.Sprintf("history %v, was %v", b.history, a.history)
	case !slices.Equal(a.moves, b.moves):
		return fmt.Sprintf("moves %v, was %v", b.moves, a.moves)
	case a.render != b.render:
		return fmt.Sprintf("board\n%s\nwas\n%s", b.render, a.render)
	}
	return ""
}

// TestGameContract plays every registered game at every option set worth
// testing, and holds each position it meets to the contract.
func TestGameContract(t *testing.T) {
	t.Parallel()
	for _, spec := range declared.games {
		for _, opt := range contractOptions(spec) {
			t.Run(caseName(spec, opt), func(t *testing.T) {
				t.Parallel()
				rng := rand.New(rand.NewPCG(contractSeed(spec, opt, "contract"), 53))
				// ids are the keys of the positions seen, by what the
				// position is (its board, with the side to move): a key
				// identifies a position whatever the moves that led to it.
				ids := map[string]uint64{}
				keys := map[uint64]string{}
				for range contractPlayouts {
					contractPlayout(t, spec, opt, rng, ids, keys)
					if t.Failed() {
						return
					}
				}
			})
		}
	}
}

// contractPlayout plays one random game of spec from the start, checking
// every position and move, then takes every move back.
func contractPlayout(t *testing.T, spec *gameSpec, opt gameOptions, rng *rand.Rand, ids map[string]uint64, keys map[uint64]string) {
	t.Helper()
	g := spec.start(opt)
	if s := viewOf(g); len(s.history) != 0 || s.turn != X || s.over {
		t.Fatalf("the start has history %v, turn %v, over %t: want none, X, false", s.history, s.turn, s.over)
	}
	var trail []gameView
	for {
		s := viewOf(g)
		where := spec.record(g)
		checkPosition(t, spec, opt, g, s, where)
		checkKey(t, s, where, ids, keys)
		trail = append(trail, s)
		if s.over {
			break
		}
		m := s.moves[rng.IntN(len(s.moves))]
		checkMove(t, spec, g, s, m, where)
		if t.Failed() {
			return
		}
		g.Play(m)
	}
	checkSymmetries(t, spec, opt, trail)
	// Taking every move back passes through every position again.
	for i := len(trail) - 1; i > 0; i-- {
		g.Undo()
		if d := trail[i-1].differs(viewOf(g)); d != "" {
			t.Fatalf("%q: after undoing back to move %d: %s", spec.line(trail[len(trail)-1].history), i-1, d)
		}
	}
}

// checkPosition holds one position to the rules: moves iff not over, no
// move twice, each move read back from its notation, the result of a
// finished game consistent, the record read back to the same position.
func checkPosition(t *testing.T, spec *gameSpec, opt gameOptions, g Game, s gameView, where string) {
	t.Helper()
	if s.over != (len(s.moves) == 0) {
		t.Errorf("%q: over %t with %d moves", where, s.over, len(s.moves))
	}
	seen := map[Move]bool{}
	for _, m := range s.moves {
		if seen[m] {
			t.Errorf("%q: move %v listed twice in %v", where, m, s.moves)
		}
		seen[m] = true
		text := g.FormatMove(m)
		if back, err := g.ParseMove(text); err != nil || back != m {
			t.Errorf("%q: move %v formats as %q, which parses as %v (%v)", where, m, text, back, err)
		}
	}
	// Moves appends to buf[:0], whatever buf held.
	if got := g.Moves([]Move{-7, -8, -9}); !slices.Equal(got, s.moves) {
		t.Errorf("%q: Moves(buf) %v, Moves(nil) %v", where, got, s.moves)
	}
	if s.over {
		checkResult(t, g, s, where)
	}
	back, err := spec.parseRecord(where, opt)
	if err != nil {
		t.Fatalf("%q: the record does not read back: %v", where, err)
	}
	if d := s.differs(viewOf(back)); d != "" {
		t.Errorf("%q: the record read back: %s", where, d)
	}
}

// checkResult: a finished game's Winner and Final agree, scores are zero
// sum and within the Utility's Max, and a win/draw/loss game scores
// exactly +Max, 0 or -Max.
func checkResult(t *testing.T, g Game, s gameView, where string) {
	t.Helper()
	u := g.Utility()
	fx, fo := g.Final(X), g.Final(O)
	want := Nobody
	switch {
	case fx > 0:
		want = X
	case fx < 0:
		want = O
	}
	switch {
	case u.Max <= 0:
		t.Errorf("%q: Utility %+v: Max must be positive", where, u)
	case fx != -fo:
		t.Errorf("%q: Final(X) %d, Final(O) %d: not zero sum", where, fx, fo)
	case fx > u.Max || fx < -u.Max:
		t.Errorf("%q: Final(X) %d beyond the Utility's Max %d", where, fx, u.Max)
	case !u.Margin && fx != 0 && fx != u.Max && fx != -u.Max:
		t.Errorf("%q: Final(X) %d in a win/draw/loss game of Max %d", where, fx, u.Max)
	case s.winner != want:
		t.Errorf("%q: Winner %v, Final(X) %d", where, s.winner, fx)
	}
}

// checkKey: positions that are the same (the same board, the same side to
// move) have the same key, and different ones different keys.
func checkKey(t *testing.T, s gameView, where string, ids map[string]uint64, keys map[uint64]string) {
	t.Helper()
	id := s.turn.String() + " to move\n" + s.render
	if k, ok := ids[id]; ok && k != s.key {
		t.Errorf("%q: key %#x, the same position had %#x\n%s", where, s.key, k, id)
	}
	if other, ok := keys[s.key]; ok && other != id {
		t.Errorf("%q: key %#x, also the key of another position\n%s\nand\n%s", where, s.key, id, other)
	}
	ids[id], keys[s.key] = s.key, id
}

// checkMove holds a move to the contract: Play adds it to the history
// and passes the turn (the searches are negamax: the side to move
// alternates); Undo restores the position exactly, key included; a clone
// is the same position and independent both ways; a move legal before
// it and not after is refused after.
func checkMove(t *testing.T, spec *gameSpec, g Game, s gameView, m Move, where string) {
	t.Helper()
	g.Play(m)
	after := viewOf(g)
	if want := append(slices.Clone(s.history), m); !slices.Equal(after.history, want) {
		t.Errorf("%q: after %v the history is %v, want %v", where, m, after.history, want)
	}
	if after.turn != s.turn.Other() {
		t.Errorf("%q: after %v, %v to move, want %v", where, m, after.turn, s.turn.Other())
	}
	for _, old := range s.moves {
		if slices.Contains(after.moves, old) {
			continue
		}
		if _, err := g.ParseMove(g.FormatMove(old)); err == nil {
			t.Errorf("%q: after %v, %q is not legal and parses", where, m, g.FormatMove(old))
		}
	}
	g.Undo()
	if d := s.differs(viewOf(g)); d != "" {
		t.Fatalf("%q: after %v and Undo: %s", where, m, d)
	}
	// The clone and the original then go their own ways (another move on
	// the original where there is one), and back.
	c := g.Clone()
	if d := s.differs(viewOf(c)); d != "" {
		t.Fatalf("%q: the clone: %s", where, d)
	}
	c.Play(m)
	if d := s.differs(viewOf(g)); d != "" {
		t.Fatalf("%q: %v played on the clone changed the original: %s", where, m, d)
	}
	if d := after.differs(viewOf(c)); d != "" {
		t.Fatalf("%q: %v played on the clone: %s", where, m, d)
	}
	other := s.moves[len(s.moves)-1]
	if other == m {
		other = s.moves[0]
	}
	g.Play(other)
	if d := after.differs(viewOf(c)); d != "" {
		t.Fatalf("%q: %v played on the original changed the clone after %v: %s", where, other, m, d)
	}
	c.Undo()
	if d := s.differs(viewOf(c)); d != "" {
		t.Fatalf("%q: %v taken back on the clone, with %v played on the original: %s", where, m, other, d)
	}
	g.Undo()
	if d := s.differs(viewOf(g)); d != "" {
		t.Fatalf("%q: %v taken back on the original, with %v played and taken back on the clone: %s", where, other, m, d)
	}
}

// checkSymmetries: the image of a game under each of the card's
// symmetries is a legal game, and at every ply is finished or not as
// the game is, with as many moves, the same winner and the same final
// score.
func checkSymmetries(t *testing.T, spec *gameSpec, opt gameOptions, trail []gameView) {
	t.Helper()
	full := spec.defaults(opt)
	record := spec.line(trail[len(trail)-1].history)
	for k, sym := range spec.symmetries {
		g := spec.start(opt)
		for i, s := range trail {
			img := viewOf(g)
			if len(img.moves) != len(s.moves) || img.over != s.over || img.winner != s.winner || img.finalX != s.finalX {
				t.Fatalf("%q: symmetry %d at ply %d: %d moves, over %t, winner %v, final %d; the game %d, %t, %v, %d",
					record, k, i, len(img.moves), img.over, img.winner, img.finalX, len(s.moves), s.over, s.winner, s.finalX)
			}
			if s.over {
				break
			}
			m := sym(full, trail[i+1].history[i])
			if !slices.Contains(img.moves, m) {
				t.Fatalf("%q: symmetry %d maps move %d to %v, not legal in the image", record, k, i+1, m)
			}
			g.Play(m)
		}
	}
}

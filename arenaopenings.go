package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
)

// Openings: the positions the pairs of a match or a tournament start from.
// A run starts at the -moves position (the start by default) and adds
// either K random plies (-openings K) or the records of a file, one per
// pair, in order (-openings FILE), the way engine testers use fixed suites.
//
// Random openings are drawn without replacement: every distinct opening
// comes once before any comes twice. Two openings are the same when they
// reach the same position or its mirror image (game cards list their
// symmetries), since deterministic bots then play the same game, or its
// mirror image, again: counting it twice would count one trial as two.

// openingPlan says where the pairs of a run start.
type openingPlan struct {
	start []Move   // the -moves position, from the game's start
	plies int      // random plies after start (-openings K)
	suite [][]Move // the records of -openings FILE, from the start; nil for random plies
	file  string   // the file's name, for messages
}

// openingDeck is a run's openings, ready to be dealt pair by pair (deal):
// a run of a billion pairs holds no list of them.
type openingDeck struct {
	plan     openingPlan
	spec     *gameSpec
	opt      gameOptions
	start    Game     // the -moves position
	distinct [][]Move // every distinct opening, when they could be listed
	sampled  bool     // too many to list: each pair draws its own
	seed     uint64
}

// openings is the deck of a run. An opening that cannot be drawn is an
// error before any game.
func (p openingPlan) openings(spec *gameSpec, opt gameOptions, seed uint64) (*openingDeck, error) {
	d := &openingDeck{plan: p, spec: spec, opt: opt, seed: seed}
	if p.suite != nil {
		return d, nil
	}
	d.start = spec.start(opt)
	for _, m := range p.start {
		d.start.Play(m)
	}
	distinct, all := distinctOpenings(spec, opt, d.start, p.plies)
	if all && len(distinct) == 0 {
		return nil, openingsError{plies: p.plies, title: spec.title}
	}
	if !all {
		// Drawn pair by pair; the first draw says whether any opening
		// of so many plies exists at all.
		d.sampled = true
		p := d.start.Clone()
		tries := openingTries
		if !extendOpening(p, d.plan.plies, openingSeed(seed, 0), &tries) {
			return nil, openingsError{plies: d.plan.plies, title: spec.title}
		}
		return d, nil
	}
	d.distinct = distinct
	return d, nil
}

// fresh is how many pairs the deck deals before it deals an opening
// again: the file's records, or the distinct openings; 0 when it never
// repeats one (drawn among too many to list), or when every pair starts
// from the one position asked for (no random plies).
func (d *openingDeck) fresh() int {
	switch {
	case d.plan.suite != nil:
		return len(d.plan.suite)
	case d.sampled || d.plan.plies == 0:
		return 0
	}
	return len(d.distinct)
}

// note is the line that says, before the games, that a run of pairs
// pairs must deal some opening again, and how to have more; "" when
// none repeats.
func (d *openingDeck) note(pairs int) string {
	n := d.fresh()
	if n == 0 || pairs <= n {
		return ""
	}
	if d.plan.suite != nil {
		return fmt.Sprintf("openings: %d pairs from the %d records of %s: the records repeat in order once all are played; a file of %d records or more plays each once",
			pairs, n, d.plan.file, pairs)
	}
	return fmt.Sprintf("openings: %d pairs asked, but %s has only %d distinct openings of %s%s: each comes once before any comes twice; %s",
		pairs, d.spec.title, n, plural(d.plan.plies, "ply", "plies"), mirrorWords(d.spec), d.more(pairs))
}

// testFresh is fresh for a test, which plays on as long as it must: the
// pairs it plays before an opening comes again, 1 when every pair starts
// from the one position asked for (no random plies), 0 when none
// repeats.
func (d *openingDeck) testFresh() int {
	if d.plan.suite == nil && d.plan.plies == 0 {
		return 1
	}
	return d.fresh()
}

// repeatNote is the line of a match under -sprt, which asks for no
// number of pairs, once its games reach the first opening dealt again:
// game is that pair's first game (from 1), and pairs the most pairs of
// the test. More openings are named for ten times the distinct ones, as
// many as a test that got this far may still need (within its most).
func (d *openingDeck) repeatNote(game, pairs int) string {
	n := d.testFresh()
	switch {
	case d.plan.suite != nil:
		return fmt.Sprintf("openings: from game %d the %d records of %s repeat, in order, and the test counts their games again; a file of more records repeats less",
			game, n, d.plan.file)
	case d.plan.plies == 0:
		return fmt.Sprintf("openings: from game %d every pair starts from the same position again (no random plies): bots that play alike replay their games, and the test counts them again; %s",
			game, d.more(min(pairs, 10*n)))
	}
	return fmt.Sprintf("openings: from game %d the %d distinct openings of %s of %s%s come again: bots that play alike replay their games, and the test counts them again; %s",
		game, n, plural(d.plan.plies, "ply", "plies"), d.spec.title, mirrorWords(d.spec), d.more(min(pairs, 10*n)))
}

// more names the fix for openings that repeat: the fewest random plies
// (up to four more than the run's) with at least pairs distinct
// openings, or else the most that could be counted.
func (d *openingDeck) more(pairs int) string {
	bestK, bestN := 0, 0
	for k := d.plan.plies + 1; k <= d.plan.plies+4; k++ {
		list, all := distinctOpenings(d.spec, d.opt, d.start, k)
		switch {
		case !all:
			return fmt.Sprintf("-openings %d draws among more than can be listed", k)
		case len(list) >= pairs:
			return fmt.Sprintf("-openings %d gives %d", k, len(list))
		case len(list) > bestN:
			bestK, bestN = k, len(list)
		}
	}
	if bestN > d.fresh() {
		return fmt.Sprintf("-openings %d gives %d", bestK, bestN)
	}
	return "an -openings FILE of more records gives more"
}

// deal is a fresh dealer of the deck: each call the next pair's opening,
// pair 0 first, each its moves from the game's start. Two dealers of a
// deck deal the same openings.
func (d *openingDeck) deal() func() []Move {
	k := 0
	switch {
	case d.plan.suite != nil:
		return func() []Move {
			k++
			return d.plan.suite[(k-1)%len(d.plan.suite)]
		}
	case d.sampled:
		return d.sampler()
	}
	rng := openingSeed(d.seed, 0)
	var order []int
	return func() []Move {
		if k%len(d.distinct) == 0 {
			order = rng.Perm(len(d.distinct)) // every opening once, then again
		}
		k++
		return d.distinct[order[(k-1)%len(d.distinct)]]
	}
}

// maxDrawnOpenings bounds the openings a sampled deck remembers so as not
// to deal one twice: past a million pairs, openings drawn at random among
// so many may repeat, and memory stays bounded (docs/results.md).
const maxDrawnOpenings = 1 << 20

// sampler deals the openings when there are too many to list: pair k
// draws from its own stream until it finds an opening no earlier pair
// has, which among so many takes a draw or two.
func (d *openingDeck) sampler() func() []Move {
	seen := map[uint64]bool{}
	k := 0
	return func() []Move {
		rng := openingSeed(d.seed, k)
		k++
		for try := 0; ; try++ {
			p := d.start.Clone()
			tries := openingTries
			// A draw that gives up (a million dead ends in a row) draws
			// again: openings deals only a deck whose first draw found
			// one from this very position.
			if !extendOpening(p, d.plan.plies, rng, &tries) {
				continue
			}
			if key := classKey(d.spec, d.opt, p); !seen[key] || try >= 100 {
				if len(seen) < maxDrawnOpenings {
					seen[key] = true
				}
				return slices.Clone(p.History())
			}
		}
	}
}

// mirrorWords says how the game's openings were counted.
func mirrorWords(spec *gameSpec) string {
	if len(spec.symmetries) == 0 {
		return ""
	}
	return " (" + spec.symmetryNote + ")"
}

// maxOpenings bounds the positions distinctOpenings visits to list the
// openings (Adjacency has about ten million of 4 plies; a long opening
// may have none at all, found only at the end of a walk through the whole
// game); beyond it they are drawn at random, skipping the ones already
// drawn.
const maxOpenings = 1 << 17

// distinctOpenings lists the openings of plies plies from g, none of which
// ends the game, one of each class of the same positions up to symmetry,
// in the game's move order; each is its moves from the game's start. all
// is false when the walk would visit more than maxOpenings positions.
func distinctOpenings(spec *gameSpec, opt gameOptions, g Game, plies int) (openings [][]Move, all bool) {
	seen := map[uint64]bool{}
	visited := 0
	var walk func(left int) bool
	walk = func(left int) bool {
		if visited++; visited > maxOpenings {
			return false
		}
		if left == 0 {
			if k := classKey(spec, opt, g); !seen[k] {
				seen[k] = true
				openings = append(openings, slices.Clone(g.History()))
			}
			return true
		}
		for _, m := range g.Moves(nil) {
			g.Play(m)
			ok := g.Over() || walk(left-1)
			g.Undo()
			if !ok {
				return false
			}
		}
		return true
	}
	return openings, walk(plies)
}

// classKey is the least key of g's position and its images under the
// game's symmetries: the same for every position of one class. Each image
// replays the mirrored moves from the start, which is its own mirror image.
func classKey(spec *gameSpec, opt gameOptions, g Game) uint64 {
	key := g.Key()
	opt = spec.defaults(opt)
	for _, sym := range spec.symmetries {
		p := spec.start(opt)
		for _, m := range g.History() {
			p.Play(sym(opt, m))
		}
		key = min(key, p.Key())
	}
	return key
}

// readOpenings reads an openings file: one record a line in the game's
// notation, from the start, as -analyze reads positions (the first field;
// the rest of the line is ignored); empty lines and lines starting with #
// are skipped. A record must be legal and leave the game open.
func readOpenings(r io.Reader, spec *gameSpec, opt gameOptions) ([][]Move, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	var suite [][]Move
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		g, err := spec.parseRecord(fields[0], opt)
		if err != nil {
			return nil, fmt.Errorf("line %d: %s: %v", n, quoteShort(fields[0]), err)
		}
		if g.Over() {
			return nil, fmt.Errorf("line %d: %s ends the game: an opening must leave it open", n, quoteShort(fields[0]))
		}
		suite = append(suite, slices.Clone(g.History()))
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(suite) == 0 {
		return nil, fmt.Errorf("no records: a record a line, like the moves line of a game")
	}
	return suite, nil
}

// openingSeed is the source of the opening of pair k: a stream apart from
// the games' own, so that the bots' random choices and the openings do not
// depend on each other.
func openingSeed(seed uint64, k int) *rand.Rand {
	return rand.New(rand.NewPCG(seed^0x6f70656e696e6773, 0xbf58476d1ce4e5b9*uint64(k+1)))
}

// openingsError is a -openings value after which no game is left to
// play. It is a bad flag value (exit status 2) rather than a failure of
// the run: matches and tournaments draw their openings before any game.
type openingsError struct {
	plies int
	title string // the game's
}

func (e openingsError) Error() string {
	return fmt.Sprintf("-openings %d: no opening of %d plies leaves %s open: accepted are 0 or more plies that do",
		e.plies, e.plies, e.title)
}

// openingTries bounds extendOpening's search, far above what any opening
// that exists needs.
const openingTries = 1 << 20

// extendOpening plays plies more random plies on g that leave the game
// open and reports true, or leaves g as it was and reports false.
func extendOpening(g Game, plies int, rng *rand.Rand, tries *int) bool {
	if plies == 0 {
		return true
	}
	var open []Move
	for _, m := range g.Moves(nil) {
		g.Play(m)
		if !g.Over() {
			open = append(open, m)
		}
		g.Undo()
	}
	for len(open) > 0 {
		if *tries--; *tries < 0 {
			return false
		}
		i := rng.IntN(len(open))
		g.Play(open[i])
		if extendOpening(g, plies-1, rng, tries) {
			return true
		}
		g.Undo()
		open = slices.Delete(open, i, i+1) // a dead end: try the others
	}
	return false
}

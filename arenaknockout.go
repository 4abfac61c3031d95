package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// A knockout (-pairing knockout), cutechess-cli's other format: the
// players in a bracket, seeded in the order given (the first is seed 1),
// each tie -games games in pairs, seats swapped from one opening, the
// loser out. A tie level after its games plays one more pair at a time,
// at most knockoutExtraPairs of them; still level, the higher seed goes
// through, which always ends a tie, and the line says so. When the count
// is not a power of two, the top seeds get byes in the first round. The
// arena deals each round (and each round's extra pairs) once the one
// before has ended (arenaformat.go), and the bracket is printed as each
// round fills (docs/strength.md).

// knockoutExtraPairs is the most pairs a level tie adds before the
// higher seed goes through.
const knockoutExtraPairs = 2

// bracketSlots is the bracket's order of seeds (from 0) for size
// places, a power of two: seed s meets seed size-1-s in the first round,
// and seeds 0 and 1 meet only in the final (0 7 3 4 1 6 2 5 for 8).
func bracketSlots(size int) []int {
	slots := []int{0}
	for n := 2; n <= size; n *= 2 {
		next := make([]int, 0, n)
		for _, s := range slots {
			next = append(next, s, n-1-s)
		}
		slots = next
	}
	return slots
}

// knockoutTie is two players' tie in a round: by field index, -1 for a
// bye; their points, the pairs dealt, the one who goes through (-1 while
// open) and why, when not by points.
type knockoutTie struct {
	players [2]int
	points  [2]float64
	pairs   int
	winner  int
	why     string
}

// knockoutFormat is the knockout's format (arenaformat.go).
type knockoutFormat struct {
	t       tournamentConfig
	out     io.Writer
	opening func() []Move // the next pair's opening
	pairs   int           // pairs a tie
	dealt   int           // games dealt: the next game's index
	// cols are the bracket's columns: cols[0] the places of the first
	// round (field index, -1 for a bye), cols[r+1] the winners of round
	// r's ties so far (-2 for one not yet known).
	cols  [][]int
	ties  [][]*knockoutTie     // by round, in the bracket's order
	owner map[int]*knockoutTie // each game dealt's tie, by index
	round int                  // the round under way
}

// newKnockout is the bracket of t's players, nothing played.
func newKnockout(t tournamentConfig, out io.Writer, opening func() []Move) *knockoutFormat {
	n := len(t.players)
	size := 1 << bits.Len(uint(n-1))
	f := &knockoutFormat{t: t, out: out, opening: opening, pairs: t.games / 2, owner: map[int]*knockoutTie{}}
	first := make([]int, size)
	for k, s := range bracketSlots(size) {
		first[k] = s
		if s >= n {
			first[k] = -1
		}
	}
	f.cols = [][]int{first}
	for len(f.cols[len(f.cols)-1]) > 1 {
		f.cols = append(f.cols, slices.Repeat([]int{-2}, len(f.cols[len(f.cols)-1])/2))
	}
	f.ties = make([][]*knockoutTie, len(f.cols)-1)
	return f
}

// rounds is the bracket's rounds.
func (f *knockoutFormat) rounds() int { return len(f.cols) - 1 }

// roundName is round r's name (from 0): the final, the semi-finals,
// the quarter-finals, else its number.
func (f *knockoutFormat) roundName(r int) string {
	switch f.rounds() - r {
	case 1:
		return "final"
	case 2:
		return "semi-finals"
	case 3:
		return "quarter-finals"
	}
	return fmt.Sprintf("round %d", r+1)
}

// roundHead starts the lines of the round under way: "round 2/3, the
// semi-finals".
func (f *knockoutFormat) roundHead() string {
	head, name := fmt.Sprintf("round %d/%d", f.round+1, f.rounds()), f.roundName(f.round)
	if !strings.HasPrefix(name, "round") {
		head += ", the " + name
	}
	return head
}

// label is player i's name in the lines: its seed and name.
func (f *knockoutFormat) label(i int) string {
	return fmt.Sprintf("(%d) %s", i+1, f.t.players[i].label)
}

// next deals the round under way's games: a new round's ties their
// pairs, then pair by pair those still level; when every tie of the
// round is decided it is printed, and the next round starts.
func (f *knockoutFormat) next() (schedule, bool) {
	for f.round < f.rounds() {
		if f.ties[f.round] == nil {
			f.startRound()
		}
		var pairs [][2]int
		var owners []*knockoutTie
		for _, tie := range f.ties[f.round] {
			if tie.winner >= 0 {
				continue
			}
			add := 0
			switch {
			case tie.pairs == 0:
				add = f.pairs
			case tie.points[0] != tie.points[1]:
				tie.winner = tie.players[0]
				if tie.points[1] > tie.points[0] {
					tie.winner = tie.players[1]
				}
			case tie.pairs < f.pairs+knockoutExtraPairs:
				add = 1
			default:
				tie.winner = tie.players[0]
				tie.why = fmt.Sprintf("the higher seed, level after %d more pairs", knockoutExtraPairs)
			}
			for range add {
				pairs = append(pairs, tie.players)
				owners = append(owners, tie)
			}
			tie.pairs += add
		}
		if len(pairs) > 0 {
			return f.deal(pairs, owners), true
		}
		f.endRound()
		f.round++
	}
	return schedule{}, false
}

// startRound makes the round's ties from the column before and says
// them; a player without an opponent goes through on a bye.
func (f *knockoutFormat) startRound() {
	col := f.cols[f.round]
	var words, byes []string
	for k := 0; k < len(col); k += 2 {
		tie := &knockoutTie{players: [2]int{col[k], col[k+1]}, winner: -1}
		if tie.players[1] < tie.players[0] && tie.players[1] >= 0 {
			tie.players[0], tie.players[1] = tie.players[1], tie.players[0] // the higher seed first
		}
		switch {
		case tie.players[0] < 0:
			tie.winner, tie.why = tie.players[1], "bye"
		case tie.players[1] < 0:
			tie.winner, tie.why = tie.players[0], "bye"
		}
		if tie.winner >= 0 {
			byes = append(byes, f.label(tie.winner))
		} else {
			words = append(words, f.label(tie.players[0])+" - "+f.label(tie.players[1]))
		}
		f.ties[f.round] = append(f.ties[f.round], tie)
	}
	line := fmt.Sprintf("%s: %s", f.roundHead(), strings.Join(words, ", "))
	if len(byes) > 0 {
		line += "; byes: " + strings.Join(byes, ", ")
	}
	fmt.Fprintln(f.out, wrapHanging(line, f.t.width, 4))
}

// deal is a batch of pairs' games, each pair from an opening of its own,
// the higher seed X first; a second batch of a round says its ties.
func (f *knockoutFormat) deal(pairs [][2]int, owners []*knockoutTie) schedule {
	if owners[0].pairs > f.pairs {
		var words []string
		for k, tie := range owners {
			if k == 0 || tie != owners[k-1] {
				words = append(words, f.label(tie.players[0])+" - "+f.label(tie.players[1]))
			}
		}
		fmt.Fprintln(f.out, wrapHanging(fmt.Sprintf("%s, level ties, one more pair: %s", f.roundHead(), strings.Join(words, ", ")), f.t.width, 4))
	}
	games := f.t.pairGames(f.opening, f.dealt, pairs)
	for k, tie := range owners {
		f.owner[f.dealt+2*k], f.owner[f.dealt+2*k+1] = tie, tie
	}
	f.dealt += games.count
	return games
}

// saw counts a game in its tie.
func (f *knockoutFormat) saw(r gameResult) bool {
	tie := f.owner[r.job.index]
	for k, p := range tie.players {
		if p == r.job.field[X] {
			tie.points[k] += r.points(X)
		} else {
			tie.points[k] += r.points(O)
		}
	}
	return false
}

func (f *knockoutFormat) shardable() error {
	return errors.New("its rounds are paired from the results so far")
}

// endRound says how each tie of the round ended, fills the next column
// of the bracket and prints it.
func (f *knockoutFormat) endRound() {
	for k, tie := range f.ties[f.round] {
		f.cols[f.round+1][k] = tie.winner
		if tie.why == "bye" {
			continue
		}
		p := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
		line := fmt.Sprintf("%s %s - %s %s: %s goes through", f.label(tie.players[0]), p(tie.points[0]), p(tie.points[1]),
			f.label(tie.players[1]), f.t.players[tie.winner].label)
		if tie.why != "" {
			line += ", " + tie.why
		}
		fmt.Fprintln(f.out, wrapHanging(line, f.t.width, 4))
	}
	fmt.Fprintln(f.out)
	for _, line := range bracketLines(f.bracketTexts(tableWidth)) {
		fmt.Fprintln(f.out, line)
	}
	fmt.Fprintln(f.out)
}

// reached is how far each player went: the round it was last in, as a
// depth (the winner's is the rounds) and in words: "winner", else the
// round it went out in, or is still in when the run was stopped.
func (f *knockoutFormat) reached() (depth []int, words []string) {
	n := len(f.t.players)
	depth, words = make([]int, n), make([]string, n)
	for r, ties := range f.ties {
		for _, tie := range ties {
			for _, p := range tie.players {
				if p >= 0 {
					depth[p], words[p] = r, strings.TrimSuffix(f.roundName(r), "s")
				}
			}
		}
	}
	if w := f.cols[f.rounds()][0]; w >= 0 {
		depth[w], words[w] = f.rounds(), "winner"
	}
	return depth, words
}

// runKnockout plays the knockout round by round: each round's ties
// said, their games played (resumed from -out where it holds them), how
// each tie ended and the bracket so far; then the crosstable and the
// standings, ranked by how far each player went, then by rating, with
// each player's seed and the round it reached after the usual columns.
// play has refused, before, what it cannot do (refusal).
func (t tournamentConfig) runKnockout(ctx context.Context, out, progress io.Writer) error {
	n := len(t.players)
	most := (n - 1) * (t.games + 2*knockoutExtraPairs)
	t, deck, err := t.begin("knockout", most)
	if err != nil {
		return err
	}
	a := t.arena(progress, "knockout", most)
	t.header(out, a, deck.note(most/2), "")
	f := newKnockout(t, out, deck.deal())
	fmt.Fprintf(out, "knockout of %d players: %d rounds, seeded in the order given, a tie %s; a level tie plays up to %d more pairs, then the higher seed goes through; at most %d games\n",
		n, f.rounds(), plural(t.games, "game", "games"), knockoutExtraPairs, most)
	results, stats, err := t.playPaired(ctx, out, &a, f)
	if err != nil && !errors.Is(err, errInterrupted) {
		return err
	}
	if perr := t.knockoutTables(out, f, results, stats); perr != nil && err == nil {
		err = perr
	}
	return err
}

// knockoutTables prints the knockout's winner, crosstable and
// standings, and draws its picture (-plot).
func (t tournamentConfig) knockoutTables(out io.Writer, f *knockoutFormat, c crossResults, stats fieldStats) error {
	s := c.standings()
	err := t.plot(t.spec.title, "Elo, the field's mean at 0", standingsPoints(t.names(), s))
	depth, words := f.reached()
	slices.SortStableFunc(s.order, func(a, b int) int { return cmp.Compare(depth[b], depth[a]) })
	played := 0
	for i := range c {
		for j := i + 1; j < len(c); j++ {
			played += c[i][j].games()
		}
	}
	winner := "not decided"
	if w := f.cols[f.rounds()][0]; w >= 0 {
		winner = "won by " + t.players[w].label
	}
	fmt.Fprintf(out, "%s knockout: %d bots, %d games, %s\n\n", t.spec.title, len(t.players), played, winner)
	extra := [][]string{{"seed", "reached"}}
	for i := range t.players {
		extra = append(extra, []string{strconv.Itoa(i + 1), cmp.Or(words[i], "-")})
	}
	writeRoundRobinWith(out, t.width > 0, t.names(), c, s, stats, extra)
	return err
}

// bracketTexts are the bracket's places and its columns' widths, as
// bracketLines draws them within width: each player's seed, name (cut
// short to fit, shortNames) and points in the tie of the column's round
// once played, "bye" for a place without a player. When the names do
// not fit in every column (a bracket of 16 places or more at 80
// columns), they are in the first column only, the others narrow with
// seeds and points; when not even there, seeds alone, and their points
// if they fit (the round lines and the standings name the seeds, the
// tie lines give the points).
func (f *knockoutFormat) bracketTexts(width int) ([][]string, []int) {
	names := f.t.names()
	points := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	scores := 0 // the widest points so far
	for _, ties := range f.ties {
		for _, tie := range ties {
			scores = max(scores, len(points(tie.points[0])), len(points(tie.points[1])))
		}
	}
	seedWidth := len(fmt.Sprintf("(%d)  ", len(names))) // and the spaces around the name
	widths := slices.Repeat([]int{width / len(f.cols)}, len(f.cols))
	named, shown := len(f.cols), true // the columns with names; points shown
	if widths[0]-3-seedWidth-scores < minNameRoom {
		narrow := seedWidth + scores + 2
		widths = slices.Repeat([]int{narrow}, len(f.cols))
		widths[0], named = width-narrow*f.rounds(), 1
		if widths[0]-3-seedWidth-scores < minNameRoom {
			widths, named = slices.Repeat([]int{min(narrow, width/len(f.cols))}, len(f.cols)), 0
			shown = narrow*len(f.cols) <= width
		}
	}
	short := shortNames(names, widths[0]-3-seedWidth-scores)
	texts := make([][]string, len(f.cols))
	for c, col := range f.cols {
		texts[c] = make([]string, len(col))
		for k, p := range col {
			switch {
			case p == -1:
				texts[c][k] = "bye"
				continue
			case p < 0:
				continue
			}
			t := fmt.Sprintf("(%d)", p+1)
			if c < named {
				t += " " + short[p]
			}
			if c < f.rounds() && f.ties[c] != nil && shown {
				tie := f.ties[c][k/2]
				for side, q := range tie.players {
					if q == p && tie.pairs > 0 {
						t += " " + points(tie.points[side])
					}
				}
			}
			texts[c][k] = t
		}
	}
	return texts, widths
}

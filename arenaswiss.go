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

// A Swiss tournament (-pairing swiss): a few rounds instead of every
// pair, each round pairing players of equal scores who have not met, as
// engine testers ask for a class too large for a round-robin (30 players:
// 870 game pairs round-robin, 105 in 7 rounds). Each pairing is a game
// pair from one opening, seats swapped; an odd player out gets a bye,
// worth a point, said so. The arena deals a round at a time and sees its
// results before it pairs the next (docs/strength.md).

// swissRounds is the rounds of a Swiss of n players when -pairing does
// not say: enough for one player to stand alone on top were every pair
// decisive, ceil(log2 n), and one more, at most n-1 (no two players meet
// twice).
func swissRounds(n int) int {
	return min(bits.Len(uint(n-1))+1, n-1)
}

// parseSwiss reads -pairing's value: "roundrobin" (0), "swiss" (-1, the
// default rounds) or "swiss:rounds=N".
func parseSwiss(v string) (int, bool) {
	switch v {
	case "roundrobin":
		return 0, true
	case "swiss":
		return -1, true
	}
	n, err := strconv.Atoi(strings.TrimPrefix(v, "swiss:rounds="))
	if !strings.HasPrefix(v, "swiss:rounds=") || err != nil || n < 1 || n > 1000 {
		return 0, false
	}
	return n, true
}

// pairingAccepts is what -pairing takes.
const pairingAccepts = "roundrobin, swiss, swiss:rounds=N with N from 1 to 1000, or knockout"

// swissTable is a Swiss tournament's standing as it goes: each player's
// points (a game's win 1, a draw 1/2, a bye 1), who met whom, and byes.
type swissTable struct {
	points []float64
	met    [][]bool
	byes   []int
}

// order is the players by points, then by their place in the field.
func (s *swissTable) order() []int {
	order := make([]int, len(s.points))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(s.points[b], s.points[a]) })
	return order
}

// pair is a round's pairings: players in order of points, the first
// unpaired with the next it has not met, backtracking when a choice
// leaves others without one; an odd player out (the lowest ranked
// without a bye, or with the fewest) gets the bye. Only when no pairing
// avoids a rematch (a round past n-1) do two players meet again.
func (s *swissTable) pair() (pairs [][2]int, bye int) {
	order := s.order()
	bye = -1
	if len(order)%2 == 1 {
		for _, i := range slices.Backward(order) {
			if bye < 0 || s.byes[i] < s.byes[bye] {
				bye = i
			}
		}
		order = slices.DeleteFunc(order, func(i int) bool { return i == bye })
	}
	for _, rematch := range []bool{false, true} {
		if ps, ok := s.match(order, nil, rematch); ok {
			return ps, bye
		}
	}
	panic("swiss: an even number of players always pairs") // unreachable
}

// match pairs the players left, in order, after the pairs so far.
func (s *swissTable) match(left []int, pairs [][2]int, rematch bool) ([][2]int, bool) {
	if len(left) == 0 {
		return pairs, true
	}
	a := left[0]
	for k := 1; k < len(left); k++ {
		b := left[k]
		if s.met[a][b] && !rematch {
			continue
		}
		rest := slices.Concat(left[1:k], left[k+1:])
		if ps, ok := s.match(rest, append(slices.Clone(pairs), [2]int{a, b}), rematch); ok {
			return ps, true
		}
	}
	return nil, false
}

// tieBreaks are each player's Buchholz (its opponents' points, summed)
// and Sonneborn-Berger (each opponent's points times what the player
// scored against it), from the crosstable c.
func (s *swissTable) tieBreaks(c crossResults) (buchholz, sb []float64) {
	buchholz, sb = make([]float64, len(c)), make([]float64, len(c))
	for i := range c {
		for j, r := range c[i] {
			if i != j && r.games() > 0 {
				buchholz[i] += s.points[j]
				sb[i] += r.points() * s.points[j]
			}
		}
	}
	return buchholz, sb
}

// runSwiss plays the Swiss round by round: each round's pairings said,
// its games played (resumed from -out where it holds them), then the
// standings ranked by points, Buchholz and Sonneborn-Berger.
// play has refused, before, what it cannot do (refusal).
func (t tournamentConfig) runSwiss(ctx context.Context, out, progress io.Writer) error {
	n := len(t.players)
	rounds, said := t.swiss, ""
	if rounds < 0 {
		rounds, said = swissRounds(n), fmt.Sprintf(" (the default for %d players: ceil(log2 %d) + 1, at most %d)", n, n, n-1)
	}
	total := rounds * (n / 2 * 2)
	t, deck, err := t.begin("swiss", total)
	if err != nil {
		return err
	}
	a := t.arena(progress, "swiss", total)
	t.header(out, a, deck.note(rounds*(n/2)), "")
	fmt.Fprintf(out, "Swiss of %d players: %d rounds%s, a game pair a pairing\n", n, rounds, said)
	f := &swissFormat{t: t, out: out, rounds: rounds, opening: deck.deal()}
	f.table = &swissTable{points: make([]float64, n), met: make([][]bool, n), byes: make([]int, n)}
	for i := range f.table.met {
		f.table.met[i] = make([]bool, n)
	}
	results, stats, err := t.playPaired(ctx, out, &a, f)
	if err != nil {
		if errors.Is(err, errInterrupted) {
			t.swissTables(out, f.round, rounds, results, stats, f.table)
		}
		return err
	}
	return t.swissTables(out, rounds, rounds, results, stats, f.table)
}

// swissFormat is the Swiss's format (arenaformat.go): each round paired
// from the points so far, said as it is paired.
type swissFormat struct {
	t       tournamentConfig
	out     io.Writer
	rounds  int
	round   int           // the rounds dealt
	opening func() []Move // the next pair's opening
	table   *swissTable
}

func (f *swissFormat) next() (schedule, bool) {
	if f.round == f.rounds {
		return schedule{}, false
	}
	t, table := f.t, f.table
	pairs, bye := table.pair()
	words := make([]string, len(pairs))
	for k, p := range pairs {
		words[k] = t.players[p[0]].label + " - " + t.players[p[1]].label
		table.met[p[0]][p[1]], table.met[p[1]][p[0]] = true, true
	}
	line := fmt.Sprintf("round %d/%d: %s", f.round+1, f.rounds, strings.Join(words, ", "))
	if bye >= 0 {
		table.byes[bye]++
		table.points[bye]++
		line += "; bye: " + t.players[bye].label + " (a point)"
	}
	fmt.Fprintln(f.out, wrapHanging(line, t.width, 4))
	perRound := len(t.players) / 2 * 2
	games := t.pairGames(f.opening, f.round*perRound, pairs)
	f.round++
	return games, true
}

func (f *swissFormat) saw(r gameResult) bool {
	b := r.job.field
	f.table.points[b[X]] += r.points(X)
	f.table.points[b[O]] += r.points(O)
	return false
}

func (f *swissFormat) shardable() error {
	return errors.New("its rounds are paired from the results so far")
}

// pairGames is a round's games: each pairing a game pair from one
// opening, seats swapped, numbered from base in the whole run (a Swiss's
// round, a knockout's).
func (t tournamentConfig) pairGames(next func() []Move, base int, pairs [][2]int) schedule {
	var jobs []gameJob
	for k, p := range pairs {
		opening := next()
		for g := range 2 {
			x, o := p[0], p[1]
			if g == 1 {
				x, o = o, x
			}
			index := base + 2*k + g
			jobs = append(jobs, gameJob{index: index, place: 2*k + g, pair: base/2 + k,
				players: [3]*player{X: t.players[x], O: t.players[o]},
				labels:  [3]string{X: t.players[x].label, O: t.players[o].label},
				field:   [3]int{X: x, O: o}, opening: opening})
		}
	}
	return schedule{count: len(jobs), games: slices.Values(jobs)}
}

// swissTables prints a Swiss's crosstable and standings, ranked by
// points, then Buchholz, then Sonneborn-Berger, those and the byes in
// columns after the usual ones, and draws its picture (-plot).
func (t tournamentConfig) swissTables(out io.Writer, played, rounds int, c crossResults, stats fieldStats, table *swissTable) error {
	buchholz, sb := table.tieBreaks(c)
	s := c.standings()
	err := t.plot(t.spec.title, "Elo, the field's mean at 0", standingsPoints(t.names(), s))
	slices.SortStableFunc(s.order, func(a, b int) int {
		return cmp.Or(cmp.Compare(table.points[b], table.points[a]), cmp.Compare(buchholz[b], buchholz[a]), cmp.Compare(sb[b], sb[a]))
	})
	fmt.Fprintf(out, "%s Swiss: %d bots, %d of %d rounds\n\n", t.spec.title, len(t.players), played, rounds)
	extra := [][]string{{"points", "byes", "buchholz", "sb"}}
	for i := range t.players {
		extra = append(extra, []string{strconv.FormatFloat(table.points[i], 'f', -1, 64), strconv.Itoa(table.byes[i]),
			strconv.FormatFloat(buchholz[i], 'f', -1, 64), strconv.FormatFloat(sb[i], 'f', -1, 64)})
	}
	writeRoundRobinWith(out, t.width > 0, t.names(), c, s, stats, extra)
	return err
}

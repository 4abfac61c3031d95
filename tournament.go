package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// tournamentConfig is a round-robin: every two bots of the field play a
// match of games games in pairs, as -games does, and the field is rated
// together (elo.go).
type tournamentConfig struct {
	spec     *gameSpec
	opt      gameOptions
	bots     []string // the field, in the order given
	budget   Budget
	games    int // games between every two bots
	openings int // random plies before each pair of games
	seed     uint64
	jobs     int // games at once
}

// tournamentField reads -tournament: "all" is every bot that plays the
// game, in registry order; otherwise a comma-separated list of bots that
// play it, each once, at least two.
func tournamentField(spec *gameSpec, list string) ([]string, error) {
	if list == "all" {
		return spec.botNames(), nil
	}
	var field []string
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		switch b := findBot(name); {
		case b == nil:
			return nil, fmt.Errorf("-tournament: %q is not a bot: accepted are all or some of %s",
				name, strings.Join(spec.botNames(), ","))
		case !b.plays(spec):
			return nil, fmt.Errorf("-tournament: %q does not play %s: accepted are all or some of %s",
				name, spec.title, strings.Join(spec.botNames(), ","))
		}
		if slices.Contains(field, name) {
			return nil, fmt.Errorf("-tournament: %s is listed twice", name)
		}
		field = append(field, name)
	}
	if len(field) < 2 {
		return nil, fmt.Errorf("-tournament %q: a round-robin needs two bots or more", list)
	}
	return field, nil
}

// schedule lists the tournament's games. Pair k of every match starts
// from the same opening k, so the whole field meets the same positions,
// and the games go round by round (pair 0 of every match, then pair 1...)
// so that an interrupted tournament leaves every match about as far on.
// byBot gives each game's bots as indexes into the field, by side.
//
// With an odd number of games a match, its last game has no partner, and
// one of the two bots gets X once more than the other. Giving that game's
// X always to the bot listed first would favour (or handicap) the bots
// early in the list; instead, whether the match's first bot plays X in
// its first game alternates with the parity of i+j. That is the usual
// colour rule of round-robin tables: over its matches every bot gets the
// extra X as often as the extra O, give or take one.
func (t tournamentConfig) schedule(openings [][]Move) (games []gameJob, byBot [][3]int) {
	n := len(t.bots)
	for k := range openings {
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				for g := 2 * k; g < min(2*k+2, t.games); g++ {
					x, o := i, j
					if (g+i+j)%2 == 1 {
						x, o = j, i
					}
					games = append(games, gameJob{index: len(games),
						bots:    [3]string{X: t.bots[x], O: t.bots[o]},
						labels:  [3]string{X: t.bots[x], O: t.bots[o]},
						opening: openings[k]})
					byBot = append(byBot, [3]int{X: x, O: o})
				}
			}
		}
	}
	return games, byBot
}

// run plays the round-robin, showing progress on a terminal, then prints
// the crosstable and the standings. On an interrupt it prints them for the
// games finished and returns errInterrupted.
func (t tournamentConfig) run(ctx context.Context, out, progress io.Writer) error {
	openings, err := openingsFor(t.spec, t.opt, t.openings, (t.games+1)/2, t.seed)
	if err != nil {
		return err
	}
	games, byBot := t.schedule(openings)
	results := newCrossResults(len(t.bots))
	a := arena{spec: t.spec, opt: t.opt, budget: t.budget, seed: t.seed, jobs: t.jobs, progress: progress}
	err = a.play(ctx, games, func(r gameResult) {
		b := byBot[r.job.index]
		results.add(b[X], b[O], r.points(X))
		if r.forfeit != nil {
			fmt.Fprintf(out, "game %d: X %s, O %s: %s moves: %s\n", r.job.index+1,
				r.job.labels[X], r.job.labels[O], r.result(), t.spec.record(r.game))
		}
	})
	if err != nil && !errors.Is(err, errInterrupted) {
		return err
	}
	played := 0
	for i := range results {
		for j := i + 1; j < len(results); j++ {
			played += results[i][j].games()
		}
	}
	fmt.Fprintf(out, "%s round-robin: %d bots, %d of %d games, %d a match\n\n",
		t.spec.title, len(t.bots), played, len(games), t.games)
	s := results.standings()
	writeCrosstable(out, t.bots, results, s)
	fmt.Fprintln(out)
	writeStandings(out, t.bots, results, s)
	return err
}

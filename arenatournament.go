package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
)

// tournamentConfig is a round-robin: every two bots of the field play a
// match of games games in pairs, as -games does, and the field is rated
// together (arenaelo.go).
type tournamentConfig struct {
	spec    *gameSpec
	opt     gameOptions
	reg     *registry
	players []*player   // the field, in the order given
	games   int         // games between every two bots
	plan    openingPlan // where each pair of games starts
	seed    uint64
	jobs    int // games at once
	// shard and shards play only the shard-th slice of shards (-shard
	// I/N); 0 and 0 play it all.
	shard, shards int
	// gauntlet says the first player is -gauntlet's bot, which alone
	// plays the others (arenagauntlet.go).
	gauntlet bool
	report
}

// names are the field's labels, in order.
func (t tournamentConfig) names() []string {
	names := make([]string, len(t.players))
	for i, p := range t.players {
		names[i] = p.label
	}
	return names
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
	n := len(t.players)
	for k := range openings {
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if t.gauntlet && i > 0 {
					break // the others do not play each other
				}
				for g := 2 * k; g < min(2*k+2, t.games); g++ {
					x, o := i, j
					if (g+i+j)%2 == 1 {
						x, o = j, i
					}
					games = append(games, gameJob{index: len(games), pair: k,
						players: [3]*player{X: t.players[x], O: t.players[o]},
						labels:  [3]string{X: t.players[x].label, O: t.players[o].label},
						opening: openings[k]})
					byBot = append(byBot, [3]int{X: x, O: o})
				}
			}
		}
	}
	return games, byBot
}

// slice is the games of one shard (1-based) of shards. The schedule goes
// round by round, every match playing its pair k of games in round k;
// pair k of the m-th match (from 0, in the schedule's order) goes to shard
// (k + m) mod shards + 1, so that each match's pairs go round the shards
// and every shard has its share of every match. A game with no partner (an
// odd -games) is a pair of its own. Every game keeps its place in the
// whole schedule, and with it its seed and its opening, so the shards
// together play exactly the games one run plays.
func (t tournamentConfig) slice(games []gameJob, byBot [][3]int) []gameJob {
	if t.shards == 0 {
		return games
	}
	var mine []gameJob
	match, last := -1, [3]int{-1}
	for k, g := range games {
		// A pair's games are next to each other in the schedule: the
		// same two bots from the same opening.
		b := byBot[k]
		key := [3]int{g.pair, min(b[X], b[O]), max(b[X], b[O])}
		switch {
		case key[0] != last[0]:
			match = 0 // a new round
		case key != last:
			match++
		}
		last = key
		if (g.pair+match)%t.shards == t.shard-1 {
			mine = append(mine, g)
		}
	}
	return mine
}

// run plays the round-robin (or its shard), showing progress on a
// terminal, then prints the crosstable and the standings. On an interrupt
// it prints them for the games finished and returns errInterrupted.
func (t tournamentConfig) run(ctx context.Context, out, progress io.Writer) error {
	openings, note, err := t.plan.openings(t.spec, t.opt, (t.games+1)/2, t.seed)
	if err != nil {
		return err
	}
	all, byBot := t.schedule(openings)
	games := t.slice(all, byBot)
	a := arena{spec: t.spec, opt: t.opt, reg: t.reg, seed: t.seed, jobs: t.jobs, progress: progress,
		event: "tournament", field: t.names(), total: len(all)}
	if t.gauntlet {
		a.event = "gauntlet"
	}
	shard := ""
	if t.shards > 0 {
		shard = fmt.Sprintf("%d/%d", t.shard, t.shards)
	}
	t.header(out, a, note, shard)
	t.resume(out, &a, games)
	results, stats := newCrossResults(len(t.players)), newFieldStats(len(t.players))
	points := make([][]float64, len(t.players)) // a gauntlet's: each player's against the bot, by game
	for j := range points {
		points[j] = slices.Repeat([]float64{-1}, t.games)
	}
	keep := func(r gameResult) gameRecord {
		rec := a.record(r)
		if r.resumed {
			return rec
		}
		if !t.report.keepGame(out, rec) && r.forfeit != nil { // a forfeit is news: the tables alone would hide why
			fmt.Fprintf(out, "game %d: X %s, O %s: %s, moves: %s\n", r.job.index+1,
				r.job.labels[X], r.job.labels[O], r.outcome(), movesOrNone(rec.Record))
		}
		return rec
	}
	a.stopped = func(r gameResult) { keep(r) }
	err = a.play(ctx, games, func(r gameResult) {
		b := byBot[r.job.index]
		results.add(b[X], b[O], r.points(X))
		stats.addRecord(keep(r), b[X], b[O])
		if t.gauntlet {
			gauntletScore(points, b[X], b[O], r.job.pair, r.points(X))
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
	if t.gauntlet {
		if perr := t.gauntletTables(out, shard, played, len(games), results, stats, points); perr != nil && err == nil {
			err = perr
		}
		return err
	}
	if perr := t.tables(out, shard, played, len(games), len(all), results, stats); perr != nil && err == nil {
		err = perr
	}
	return err
}

// tables prints a round-robin's heading, crosstable and standings, or its
// JSON line, and draws its picture (-plot): played of the shard's games
// (of all the tournament's).
func (t tournamentConfig) tables(out io.Writer, shard string, played, games, all int, results crossResults, stats fieldStats) error {
	s := results.standings()
	err := t.plot(t.spec.title, "Elo, the field's mean at 0", standingsPoints(t.names(), s))
	if t.json {
		seed := t.seed
		tj := tableJSON{Type: "tournament", Game: t.spec.name, Seed: &seed, Shard: shard, Games: played,
			Of: games, PerMatch: t.games, Open: games - played}
		tj.fillTables(t.names(), results, s, stats)
		writeJSONLine(out, tj)
		return err
	}
	if shard != "" {
		fmt.Fprintf(out, "%s round-robin, shard %s: %d bots, %d of this shard's %d games (%d in all), %d a match\n\n",
			t.spec.title, shard, len(t.players), played, games, all, t.games)
	} else {
		fmt.Fprintf(out, "%s round-robin: %d bots, %d of %d games, %d a match\n\n",
			t.spec.title, len(t.players), played, games, t.games)
	}
	writeCrosstable(out, t.names(), results, s)
	fmt.Fprintln(out)
	writeStandings(out, t.names(), results, s, stats)
	return err
}

// gauntletTables prints a gauntlet's heading and standings (arenagauntlet.go),
// or its JSON line.
func (t tournamentConfig) gauntletTables(out io.Writer, shard string, played, of int, c crossResults, stats fieldStats, points [][]float64) (err error) {
	names := t.names()
	rows := gauntletRows(names, c, stats, points)
	if perr := t.plot(t.spec.title, "Elo over "+names[0], gauntletPoints(rows, names[0])); perr != nil && err == nil {
		err = perr
	}
	if t.json {
		j := gauntletJSON{Type: "gauntlet", Game: t.spec.name, Seed: t.seed, Shard: shard, Games: played, Of: of, PerMatch: t.games, Open: of - played}
		j.fill(rows, names[0], stats[0])
		writeJSONLine(out, j)
		return err
	}
	if shard != "" {
		shard = ", shard " + shard
	}
	fmt.Fprintf(out, "%s gauntlet of %s%s: %d bots, %d of %d games, %d a match; elo is over %s\n\n",
		t.spec.title, names[0], shard, len(names)-1, played, of, t.games, names[0])
	writeGauntlet(out, rows, names[0], stats[0])
	return err
}

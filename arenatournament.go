package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
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
	// swiss, when not 0, makes it a Swiss of that many rounds (-1: the
	// default for the players, swissRounds), which runSwiss plays
	// rather than run; knockout a knockout, which runKnockout plays.
	swiss    int
	knockout bool
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

// matches are the tournament's matches in the order of a round: every
// two players of the field, i before j, or in a gauntlet the bot (0)
// against each of the others.
func (t tournamentConfig) matches() [][2]int {
	var ms [][2]int
	for i := range t.players {
		for j := i + 1; j < len(t.players); j++ {
			if t.gauntlet && i > 0 {
				break // the others do not play each other
			}
			ms = append(ms, [2]int{i, j})
		}
	}
	return ms
}

// schedule deals the tournament's games, or its shard's. Pair k of every
// match starts from the same opening k, so the whole field meets the
// same positions, and the games go round by round (pair 0 of every
// match, then pair 1...) so that an interrupted tournament leaves every
// match about as far on.
//
// With an odd number of games a match, its last game has no partner, and
// one of the two bots gets X once more than the other. Giving that game's
// X always to the bot listed first would favour (or handicap) the bots
// early in the list; instead, whether the match's first bot plays X in
// its first game alternates with the parity of i+j. That is the usual
// colour rule of round-robin tables: over its matches every bot gets the
// extra X as often as the extra O, give or take one.
//
// A shard (1-based, of shards) deals only its slice: pair k of the m-th
// match of the round (from 0) goes to shard (k + m) mod shards + 1, so
// that each match's pairs go round the shards and every shard has its
// share of every match. A game with no partner (an odd -games) is a pair
// of its own. Every game keeps its place in the whole schedule, and with
// it its seed and its opening, so the shards together play exactly the
// games one run plays.
func (t tournamentConfig) schedule(deck *openingDeck) schedule {
	matches := t.matches()
	mine := func(k, m int) bool { return t.shards == 0 || (k+m)%t.shards == t.shard-1 }
	count := len(matches) * t.games
	if t.shards > 0 {
		// Pairs 0..full-1 have two games, pair full one when -games is
		// odd; match m's pairs of this shard are those of k = shard-1-m
		// modulo shards.
		full := t.games / 2
		count = 0
		for m := range matches {
			r := ((t.shard-1-m)%t.shards + t.shards) % t.shards
			count += 2 * (full / t.shards)
			if r < full%t.shards {
				count += 2
			}
			if t.games%2 == 1 && mine(full, m) {
				count++
			}
		}
	}
	return schedule{count: count, games: t.deal(deck, matches, mine)}
}

// deal is schedule's games: every game of every round in order, those
// mine says are this run's dealt.
func (t tournamentConfig) deal(deck *openingDeck, matches [][2]int, mine func(k, m int) bool) iter.Seq[gameJob] {
	return func(yield func(gameJob) bool) {
		next := deck.deal()
		index, place := 0, 0
		for k := 0; 2*k < t.games; k++ {
			opening := next()
			for m, ij := range matches {
				i, j := ij[0], ij[1]
				for g := 2 * k; g < min(2*k+2, t.games); g++ {
					x, o := i, j
					if (g+i+j)%2 == 1 {
						x, o = j, i
					}
					if mine(k, m) {
						job := gameJob{index: index, place: place, pair: k,
							players: [3]*player{X: t.players[x], O: t.players[o]},
							labels:  [3]string{X: t.players[x].label, O: t.players[o].label},
							field:   [3]int{X: x, O: o}, opening: opening}
						if !yield(job) {
							return
						}
						place++
					}
					index++
				}
			}
		}
	}
}

// roundRobin is the format of a round-robin and a gauntlet: every game
// known before the first, dealt as one round, so that -shard can split
// them (arenaformat.go).
type roundRobin struct {
	games schedule
	dealt bool
}

func (f *roundRobin) next() (schedule, bool) {
	if f.dealt {
		return schedule{}, false
	}
	f.dealt = true
	return f.games, true
}

func (f *roundRobin) saw(gameResult) bool { return false }

func (f *roundRobin) shardable() error { return nil }

// begin is t set for the run of event and total games about to start:
// its seed, which without -seed is that of the one run of its settings
// that -out's file holds (report.adoptSeed), and the deck of openings
// that seed deals.
func (t tournamentConfig) begin(event string, total int) (tournamentConfig, *openingDeck, error) {
	run := arena{spec: t.spec, event: event, field: t.names(), total: total, seed: t.seed}
	var heads []playerRecord
	for _, p := range t.players {
		heads = append(heads, run.playerHead(p, p.label))
	}
	seed, err := t.adoptSeed(t.notes, run, heads)
	if err != nil {
		return t, nil, err
	}
	t.seed = seed
	deck, err := t.plan.openings(t.spec, t.opt, t.seed)
	return t, deck, err
}

// checkField refuses, before the first game, a field larger than -rate
// rates: what a run writes, -rate reads (docs/results.md).
func (t tournamentConfig) checkField() error {
	if len(t.players) > maxRatedPlayers {
		return badInput{fmt.Errorf("-tournament: %d players: accepted are at most %d, the players -rate rates together (docs/results.md)", len(t.players), maxRatedPlayers)}
	}
	return nil
}

// run plays the round-robin (or its shard), showing progress on a
// terminal, then prints the crosstable and the standings. On an interrupt
// it prints them for the games finished and returns errInterrupted.
func (t tournamentConfig) run(ctx context.Context, out, progress io.Writer) error {
	if err := t.checkField(); err != nil {
		return err
	}
	event := "tournament"
	if t.gauntlet {
		event = "gauntlet"
	}
	t, deck, err := t.begin(event, len(t.matches())*t.games)
	if err != nil {
		return err
	}
	note := deck.note((t.games + 1) / 2)
	games := t.schedule(deck)
	a := t.arena(progress, "tournament", len(t.matches())*t.games)
	if t.gauntlet {
		a.event = "gauntlet"
	}
	shard := ""
	if t.shards > 0 {
		shard = fmt.Sprintf("%d/%d", t.shard, t.shards)
	}
	t.header(out, a, note, shard)
	results, stats := newCrossResults(len(t.players)), t.fieldStats()
	scores := make([]pairScores, len(t.players)) // a gauntlet's: each player's against the bot
	a.keep = func(r gameResult) error { return t.keepRecord(a.record(r)) }
	line := func(r gameResult) gameRecord {
		rec := a.record(r)
		if r.resumed {
			return rec
		}
		if !t.report.printRecord(out, rec) { // every game, as a match prints them
			outcome := r.outcome()
			if r.err != nil {
				outcome = "interrupted"
			}
			line := fmt.Sprintf("game %d/%d: X %s, O %s: %s, moves: %s", r.job.index+1, a.total,
				r.job.labels[X], r.job.labels[O], outcome, movesOrNone(rec.Record))
			fmt.Fprintln(out, wrapHanging(line, t.width, 4))
		}
		return rec
	}
	a.stopped = func(r gameResult) { line(r) }
	err = a.playRounds(ctx, &roundRobin{games: games}, func(games schedule) error {
		t.resume(out, &a, games)
		return t.keepRun(a, games)
	}, func(r gameResult) {
		b := r.job.field
		results.add(b[X], b[O], r.points(X))
		stats.addRecord(line(r), b[X], b[O])
		if t.gauntlet {
			gauntletScore(scores, r.job, r.points(X))
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
		if perr := t.gauntletTables(out, shard, played, games.count, results, stats, scores); perr != nil && err == nil {
			err = perr
		}
		return err
	}
	if perr := t.tables(out, shard, played, games.count, a.total, results, stats); perr != nil && err == nil {
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
	writeRoundRobin(out, t.width > 0, t.names(), results, s, stats)
	return err
}

// gauntletTables prints a gauntlet's heading and standings (arenagauntlet.go),
// or its JSON line.
func (t tournamentConfig) gauntletTables(out io.Writer, shard string, played, of int, c crossResults, stats fieldStats, scores []pairScores) (err error) {
	names := t.names()
	rows := gauntletRows(names, c, stats, scores)
	if perr := t.plot(t.spec.title, "Elo over "+names[0], gauntletPoints(rows, names[0])); perr != nil && err == nil {
		err = perr
	}
	if t.json {
		j := gauntletJSON{Type: "gauntlet", Game: t.spec.name, Seed: t.seed, Shard: shard, Games: played, Of: of, PerMatch: t.games, Open: of - played}
		j.fill(rows, names[0], stats[0])
		j.Ended = roundRobinEnds(c, stats).json()
		writeJSONLine(out, j)
		return err
	}
	if shard != "" {
		shard = ", shard " + shard
	}
	fmt.Fprintf(out, "%s gauntlet of %s%s: %d bots, %d of %d games, %d a match; elo is over %s\n\n",
		t.spec.title, names[0], shard, len(names)-1, played, of, t.games, names[0])
	writeGauntlet(out, t.width > 0, rows, names[0], stats[0], roundRobinEnds(c, stats))
	return err
}

// checkPaired refuses, before the first game, what a format paired from
// results (-pairing name) cannot do: -shard when the format says why,
// -gauntlet, and -format json, whose lines it does not write.
func (t tournamentConfig) checkPaired(f format, name string) error {
	if err := f.shardable(); err != nil && t.shards > 0 {
		return badInput{fmt.Errorf("-pairing %s: %v, so it plays whole, in text: accepted without -shard, -gauntlet and -format json", name, err)}
	}
	if t.gauntlet || t.json {
		return badInput{fmt.Errorf("-pairing %s: it plays whole, in text: accepted without -shard, -gauntlet and -format json", name)}
	}
	return nil
}

// startRound is a run's start of each round: its games that -out holds
// resumed (said when any), and the run line written before the first
// game played.
func (t tournamentConfig) startRound(out io.Writer, a *arena) func(schedule) error {
	wrote := false
	return func(games schedule) error {
		t.resume(out, a, games)
		if wrote || a.replays >= games.count {
			return nil
		}
		wrote = true
		return t.keepRun(*a, games)
	}
}

// fieldStats are empty figures for the field's players, with grades to
// sum under -grade.
func (t tournamentConfig) fieldStats() fieldStats {
	s := newFieldStats(len(t.players))
	if t.grade != nil {
		s.graded()
	}
	return s
}

// arena is the tournament's arena for an event of at most total games.
func (t tournamentConfig) arena(progress io.Writer, event string, total int) arena {
	return arena{adjudicate: t.adjudicate, grade: t.grade, spec: t.spec, opt: t.opt, reg: t.reg, seed: t.seed, jobs: t.jobs,
		progress: progress, event: event, field: t.names(), total: total}
}

// playPaired plays the rounds of a format that pairs by results (Swiss,
// knockout), keeping each game in -out and printing its line, and
// returns the crosstable and the players' figures.
func (t tournamentConfig) playPaired(ctx context.Context, out io.Writer, a *arena, f format) (crossResults, fieldStats, error) {
	n := len(t.players)
	results, stats := newCrossResults(n), t.fieldStats()
	a.keep = func(r gameResult) error { return t.keepRecord(a.record(r)) }
	err := a.playRounds(ctx, f, t.startRound(out, a), func(r gameResult) {
		b := r.job.field
		rec := a.record(r)
		results.add(b[X], b[O], r.points(X))
		stats.addRecord(rec, b[X], b[O])
		if !r.resumed {
			fmt.Fprintln(out, wrapHanging(fmt.Sprintf("game %d/%d: X %s, O %s: %s, moves: %s", r.job.index+1, a.total,
				r.job.labels[X], r.job.labels[O], r.outcome(), movesOrNone(rec.Record)), t.width, 4))
		}
	})
	return results, stats, err
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
	"time"
)

// A match: two bots over N games in pairs, seats swapped, its lines, its
// table with Elo, and -sprt's stop.

// tally is one bot's record over a match.
type tally struct {
	name                string
	wins, draws, losses int
	moves               int
	nodes               int64
	time                time.Duration
	starts              int           // moves that started its program
	startup             time.Duration // their time, which time includes
	forfeits            forfeitCount
	// adjudicated counts its games the oracle's proof ended, and
	// adjudicatedDraws those of them drawn.
	adjudicated, adjudicatedDraws int
	// grade, under -grade, sums the grades of its games graded; nil
	// without -grade.
	grade *grade
}

// stats is the tally's moves, their time and its forfeits, as the
// standings count them.
func (t *tally) stats() playStats {
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	return playStats{moves: t.moves, timeMS: ms(t.time), starts: t.starts, startupMS: ms(t.startup), forfeits: t.forfeits}
}

// record is the tally's wins, draws and losses.
func (t *tally) record() wdl { return wdl{wins: t.wins, draws: t.draws, losses: t.losses} }

// matchConfig is a head-to-head match between two bots.
type matchConfig struct {
	spec    *gameSpec
	opt     gameOptions
	reg     *registry
	players [2]*player // the bots of -x and -o
	games   int
	plan    openingPlan // where each pair of games starts
	seed    uint64
	jobs    int // games at once
	// sprt, if not nil, stops the match as soon as its test decides;
	// games is then the most games.
	sprt *sprtTest
	report
}

// labels are the bots' names in lines and tables: their names, or when a
// bot plays itself, the seat each copy was given on the command line.
func (m matchConfig) labels() [2]string {
	x, o := m.players[0].label, m.players[1].label
	if x == o {
		return [2]string{x + " (as -x)", o + " (as -o)"}
	}
	return [2]string{x, o}
}

// run plays the games between the bots of -x and -o in pairs: games 2k+1
// and 2k+2 (counted from 1) start from the same opening, the bot of -x
// playing X in the first and O in the second. It prints the seed, one line
// per game in the order of the games, then the results table. On an
// interrupt it prints the table of the games finished and returns
// errInterrupted. Under -sprt it stops once the test decides (sprtRun).
func (m matchConfig) run(ctx context.Context, out, progress io.Writer) error {
	labels := m.labels()
	run := arena{spec: m.spec, event: "match", field: labels[:], total: m.games, seed: m.seed}
	seed, err := m.adoptSeed(m.notes, run, []playerRecord{run.playerHead(m.players[0], labels[0]), run.playerHead(m.players[1], labels[1])})
	if err != nil {
		return err
	}
	m.seed = seed
	deck, err := m.plan.openings(m.spec, m.opt, m.seed)
	if err != nil {
		return err
	}
	// A test asks for no number of pairs: its note comes only if its
	// games reach an opening dealt again, before that game's line.
	note, repeatAt := deck.note((m.games+1)/2), -1
	if m.sprt != nil {
		note = ""
		if n := deck.testFresh(); n > 0 && 2*n < m.games {
			repeatAt = 2 * n
		}
	}
	a := arena{adjudicate: m.adjudicate, grade: m.grade, spec: m.spec, opt: m.opt, reg: m.reg, seed: m.seed, jobs: m.jobs, progress: progress,
		event: "match", field: labels[:], total: m.games}
	m.header(out, a, note, "")
	games := m.schedule(deck, labels)
	tallies := [2]*tally{{name: labels[0], forfeits: forfeitCount{}}, {name: labels[1], forfeits: forfeitCount{}}}
	if m.grade != nil {
		tallies[0].grade, tallies[1].grade = &grade{}, &grade{}
	}
	var scores pairScores // bot 0's
	test := newSPRTRun(m.sprt, &a)
	f := &sprtRounds{games: games, test: test, scores: &scores}
	a.keep = func(r gameResult) error {
		if r.err != nil && test.decided() {
			return nil // stopped under way once the test decided: no game of the match
		}
		return m.keepRecord(a.record(r))
	}
	show := func(r gameResult) {
		if r.job.index == repeatAt {
			m.note(out, deck.repeatNote(repeatAt+1, (m.games+1)/2))
		}
		m.game(out, a, r)
	}
	a.stopped = func(r gameResult) {
		if !test.decided() {
			show(r)
		}
	}
	err = a.playRounds(ctx, f, func(games schedule) error {
		m.resume(out, &a, games)
		if err := m.keepRun(a, games); err != nil {
			return err
		}
		if test.on() && !m.json {
			fmt.Fprintln(out, test.test.header(m.games))
		}
		return nil
	}, func(r gameResult) {
		tallyGame(tallies, r)
		show(r)
	})
	if err != nil && !errors.Is(err, errInterrupted) {
		return err
	}
	played := tallies[0].wins + tallies[0].draws + tallies[0].losses
	diff, plusMinus, n := scores.figures()
	if played > 0 {
		pts := []eloPoint{boundedPoint(labels[0], diff, plusMinus, n), {name: labels[1], plusMinus: math.NaN()}}
		if perr := m.plot(m.spec.title, "Elo over "+labels[1], pts); perr != nil && err == nil {
			err = perr
		}
	}
	if m.json {
		summary := matchSummary(m.spec.name, m.seed, m.games, tallies, eloFigures(labels[0], diff, plusMinus, n))
		summary.SPRT = test.summary(played)
		writeJSONLine(out, summary)
	} else {
		if test.on() {
			fmt.Fprintln(out, test.result(played))
		} else if played < m.games {
			fmt.Fprintf(out, "stopped after %d of %d games\n", played, m.games)
		}
		writeTable(out, m.width > 0, tallies, eloLine(labels[0], diff, plusMinus, n))
	}
	return err
}

// schedule deals the match's games in pairs: games 2k and 2k+1 (from 0)
// start from pair k's opening, the bot of -x playing X in the first and
// O in the second.
func (m matchConfig) schedule(deck *openingDeck, labels [2]string) schedule {
	return schedule{count: m.games, games: func(yield func(gameJob) bool) {
		next := deck.deal()
		var opening []Move
		for i := range m.games {
			if i%2 == 0 {
				opening = next()
			}
			x, o := i%2, 1-i%2 // bot 0 (of -x) plays X in even games, O in odd ones
			j := gameJob{index: i, place: i, pair: i / 2, players: [3]*player{X: m.players[x], O: m.players[o]},
				labels: [3]string{X: labels[x], O: labels[o]}, field: [3]int{X: x, O: o}, opening: opening}
			if !yield(j) {
				return
			}
		}
	}}
}

// tallyGame counts a game in the tallies: ts[0] is the bot of -x's, which
// plays X in the even games.
func tallyGame(ts [2]*tally, r gameResult) {
	i := r.job.index
	order := [3]int{X: i % 2, O: 1 - i%2}
	for _, side := range []Side{X, O} {
		t := ts[order[side]]
		t.moves += r.moves[side]
		t.nodes += r.nodes[side]
		t.time += r.time[side]
		t.starts += r.starts[side]
		t.startup += r.startup[side]
		if t.grade != nil && r.grades != nil {
			t.grade.addGame(r.grades[side])
		}
	}
	if r.forfeit != nil {
		ts[order[r.forfeit.Side]].forfeits[r.forfeit.Kind]++
	}
	if r.adjudicated != nil {
		for _, t := range ts {
			t.adjudicated++
			if r.adjudicated.winner == Nobody {
				t.adjudicatedDraws++
			}
		}
	}
	switch w := r.winner(); w {
	case Nobody:
		ts[0].draws++
		ts[1].draws++
	default:
		ts[order[w]].wins++
		ts[1-order[w]].losses++
	}
}

// note prints a line about the run amid its games: as it is, or under
// -format json as a note line.
func (m matchConfig) note(out io.Writer, line string) {
	if m.json {
		writeJSONLine(out, noteJSON{Type: "note", Note: line})
		return
	}
	fmt.Fprintln(out, line)
}

// game reports one game, finished or stopped, as its line (text or
// JSON) on out; -out has its record already (a.keep).
func (m matchConfig) game(out io.Writer, a arena, r gameResult) {
	if r.resumed {
		return
	}
	rec := a.record(r)
	if m.report.printRecord(out, rec) {
		return
	}
	outcome, opening := r.outcome(), ""
	if r.err != nil {
		outcome = "interrupted"
	}
	if len(r.job.opening) > 0 {
		opening = ", opening " + rec.Opening
	}
	line := fmt.Sprintf("game %d/%d: X %s, O %s%s: %s, moves: %s", r.job.index+1, m.games,
		r.job.labels[X], r.job.labels[O], opening, outcome, movesOrNone(rec.Record))
	fmt.Fprintln(out, wrapHanging(line, m.width, 4))
}

// writeTable prints the results table, the start-up of engines, how the
// games ended, the elo line with the LOS line beside it, and the total
// line (docs/results.md). fit says it goes to a terminal, where the
// grade columns (-grade) get a table of their own under the results, as
// the standings' do (apartGrades), so that both keep within 80 columns.
func writeTable(out io.Writer, fit bool, t [2]*tally, elo string) {
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	grading := t[0].grade != nil
	head := "bot\twins\tdraws\tlosses\tms/move\tnodes/move\tforfeits\t"
	if grading && !fit {
		head += strings.Join(gradeHeads, "\t") + "\t"
	}
	fmt.Fprintln(tw, head)
	for _, b := range t {
		row := fmt.Sprintf("%s\t%d\t%d\t%d\t%.2f\t%.0f\t%s\t", b.name, b.wins, b.draws, b.losses,
			b.stats().msPerMove(), float64(b.nodes)/float64(max(b.moves, 1)), b.forfeits.text())
		if grading && !fit {
			row += strings.Join(b.grade.gradeCells(), "\t") + "\t"
		}
		fmt.Fprintln(tw, row)
	}
	if grading && fit {
		fmt.Fprintln(tw)
		fmt.Fprintln(tw, "bot\t"+strings.Join(gradeHeads, "\t")+"\t")
		for _, b := range t {
			fmt.Fprintln(tw, b.name+"\t"+strings.Join(b.grade.gradeCells(), "\t")+"\t")
		}
	}
	tw.Flush()
	if key := forfeitKey(t[0].forfeits, t[1].forfeits); key != "" {
		fmt.Fprintln(out, key)
	}
	if l := startupLine([]string{t[0].name, t[1].name}, []playStats{t[0].stats(), t[1].stats()}, tableWidth); l != "" {
		fmt.Fprintln(out, l)
	}
	if ended := matchEnds(t).text(); ended != "" {
		fmt.Fprintln(out, ended)
	}
	fmt.Fprintln(out, scoreLine(t))
	fmt.Fprintln(out, elo)
	if l := losLine(t[0].name, t[0].record()); l != "" {
		fmt.Fprintln(out, l)
	}
	draws := fmt.Sprintf("%d draws", t[0].draws)
	if t[0].draws == 1 {
		draws = "1 draw"
	}
	fmt.Fprintf(out, "total: %s %d - %s %d, %s\n", t[0].name, t[0].wins, t[1].name, t[1].wins, draws)
}

// scoreLine is cutechess-cli's summary line, which its users' scripts
// read: "Score of A vs B: W - L - D  [0.325] 20", the wins, losses and
// draws of the bot of -x, its score a game, and the games.
func scoreLine(t [2]*tally) string {
	r := t[0].record()
	return fmt.Sprintf("Score of %s vs %s: %d - %d - %d  [%.3f] %d", t[0].name, t[1].name, r.wins, r.losses, r.draws, r.score(), r.games())
}

// matchEnds is how a match's games ended, from its two tallies.
func matchEnds(t [2]*tally) endCount {
	e := endCount{games: t[0].wins + t[0].draws + t[0].losses, draws: t[0].draws, forfeits: forfeitCount{},
		adjudicated: t[0].adjudicated, adjudicatedDraws: t[0].adjudicatedDraws}
	for _, b := range t {
		for k, n := range b.forfeits {
			e.forfeits[k] += n
		}
	}
	e.wins = e.games - e.draws - e.forfeits.total()
	return e
}

// matchSummary is the table, the elo line and the total of a match as
// JSON (-format json).
func matchSummary(game string, seed uint64, games int, t [2]*tally, elo eloJSON) matchJSON {
	m := matchJSON{Type: "match", Game: game, Seed: seed, Games: games, Played: t[0].wins + t[0].draws + t[0].losses, Elo: elo,
		Ended: matchEnds(t).json()}
	if r := t[0].record(); r.games() > 0 {
		l, d := math.Round(1e4*los(r))/1e4, math.Round(1e4*float64(r.draws)/float64(r.games()))/1e4
		m.LOS, m.DrawRatio = &l, &d
	}
	for _, b := range t {
		perMove := func(x float64) float64 { return math.Round(100*x/float64(max(b.moves, 1))) / 100 }
		m.Bots = append(m.Bots, matchBotJSON{Bot: b.name, Wins: b.wins, Draws: b.draws, Losses: b.losses,
			MSPerMove: math.Round(100*b.stats().msPerMove()) / 100, StartupMS: b.stats().startupJSON(), NodesPerMove: perMove(float64(b.nodes)),
			Forfeits: b.forfeits.json(), Grade: gradeJSONOf(b.grade)})
	}
	return m
}

package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
)

// Results merged (-rate FILE...): the games of any set of -out files rated
// together, whatever machines played them, into one crosstable and
// standings (docs/results.md).

// maxRatedPlayers bounds the players -rate takes, and a tournament
// plays (one limit: what a run writes, -rate reads). Its tables are a
// square of the players, and a record's field names any number of them:
// without a bound, a crafted line of a few kilobytes would ask for
// gigabytes and hours (docs/results.md).
const maxRatedPlayers = 512

// rateOnly is -rate -game G: the game whose records are rated, and those
// of its options given (-width 6); the records of other games are passed
// over and counted.
type rateOnly struct {
	spec *gameSpec
	opt  gameOptions // the options given: the others may be any
}

// takes says rec is a game of the kind asked for.
func (o *rateOnly) takes(rec gameRecord) bool {
	spec, err := declared.findGame(rec.Game)
	if err != nil || spec != o.spec {
		return false
	}
	have := spec.defaults(gameOptions(rec.Options))
	for k, v := range o.opt {
		if have[k] != v {
			return false
		}
	}
	return true
}

// words name the games asked for: "Connect Four, width 6".
func (o *rateOnly) words() string {
	w := o.spec.title
	for _, k := range slices.Sorted(maps.Keys(o.opt)) {
		w += fmt.Sprintf(", %s %d", k, o.opt[k])
	}
	return w
}

// ratedGame is one game rated: its players, as indexes into the names,
// and what X scored.
type ratedGame struct {
	x, o   int32
	points float32 // 0, 1/2 or 1
}

// rater gathers records, file after file, into one round-robin's table.
// It keeps a few numbers a game (its players, its points, a digest of the
// record to find a game given twice), never the records.
type rater struct {
	only    *rateOnly // nil: the files' one game
	spec    *gameSpec // the game rated
	words   string    // its name and options (gameAndSize)
	names   []string
	index   map[string]int
	seen    map[gameID]bool // the games rated: a game found twice counts once
	games   []ratedGame
	stats   fieldStats
	open    int  // games not finished (interrupted): not rated
	doubles int  // games found twice (the same file given twice): counted once
	skipped int  // games of other games, with -game: not rated
	grading bool // -grade: the players' grades summed, the grade columns shown
}

// player is the index of a player's name, added if new; more than
// maxRatedPlayers players is an error.
func (rt *rater) player(name string) (int, error) {
	if i, ok := rt.index[name]; ok {
		return i, nil
	}
	if len(rt.names) == maxRatedPlayers {
		return 0, fmt.Errorf("more than %d players: accepted are at most %d", maxRatedPlayers, maxRatedPlayers)
	}
	rt.index[name] = len(rt.names)
	rt.names = append(rt.names, name)
	rt.stats = append(rt.stats, playStats{forfeits: forfeitCount{}})
	if rt.grading {
		rt.stats[len(rt.stats)-1].grade = &grade{}
	}
	return rt.index[name], nil
}

// add counts a record, found at where ("a.jsonl line 3"). The players
// come in the order of the first record's field (a tournament's order,
// which breaks ties in the standings as -tournament does), then any
// others as they appear. A game found twice (the same gameRecord.id,
// however it went: a shard's file given twice) counts once, as a resume
// would not play it again; two runs that differ in anything the id
// covers (a -depth, a seed, a number) played other games, which all
// count. Records of different games are an error,
// unless -game picks one.
func (rt *rater) add(rec gameRecord, where string) error {
	if rt.index == nil {
		rt.index, rt.seen = map[string]int{}, map[gameID]bool{}
	}
	if rt.only != nil && !rt.only.takes(rec) {
		rt.skipped++
		return nil
	}
	spec, err := declared.findGame(rec.Game)
	if err != nil {
		return fmt.Errorf("%s: game %q: accepted are %s", where, rec.Game, declared.gameList())
	}
	words := gameAndSize(rec.Game, rec.Options)
	switch {
	case rt.spec == nil:
		rt.spec, rt.words = spec, words
	case words != rt.words:
		return fmt.Errorf("the files mix games: %s, and %s at %s; rate one at a time: -game NAME (and its size flags) picks one",
			rt.words, words, where)
	}
	for _, name := range rec.Field {
		if _, err := rt.player(name); err != nil {
			return fmt.Errorf("%s: %v", where, err)
		}
	}
	p, ok := rec.points()
	if !ok {
		rt.open++
		return nil
	}
	if rec.X.rated() == rec.O.rated() {
		return fmt.Errorf("%s: %s plays both sides: a bot playing itself is rated under two names, as -out writes them", where, printable(rec.X.rated()))
	}
	key := rec.id()
	if rt.seen[key] {
		rt.doubles++
		return nil
	}
	x, err := rt.player(rec.X.rated())
	if err != nil {
		return fmt.Errorf("%s: %v", where, err)
	}
	o, err := rt.player(rec.O.rated())
	if err != nil {
		return fmt.Errorf("%s: %v", where, err)
	}
	rt.seen[key] = true
	rt.games = append(rt.games, ratedGame{x: int32(x), o: int32(o), points: float32(p)})
	rt.stats.addRecord(rec, x, o)
	return nil
}

// ratedResults are records gathered into a round-robin's table.
type ratedResults struct {
	spec    *gameSpec // the game rated
	names   []string
	table   crossResults
	stats   fieldStats // by player: time a move, forfeits
	counted int        // games rated
	open    int        // games not finished (interrupted): not rated
	doubles int        // games found twice (the same file given twice): counted once
	skipped int        // games of other games (-game): not rated
	torn    []string   // the files whose torn last line was left out
	fit     bool       // the tables go to a terminal: within tableWidth
	// groups are the players that met, directly or through others, as
	// indexes into names, each group in the order of the names: players
	// of two groups have no common scale. idle are the players without
	// a game.
	groups [][]int
	idle   []int
}

// results is what the rater gathered.
func (rt *rater) results() *ratedResults {
	rr := &ratedResults{spec: rt.spec, names: rt.names, table: newCrossResults(len(rt.names)), stats: rt.stats,
		counted: len(rt.games), open: rt.open, doubles: rt.doubles, skipped: rt.skipped}
	group := make([]int, len(rt.names)) // union-find: each player's parent
	for i := range group {
		group[i] = i
	}
	var root func(i int) int
	root = func(i int) int {
		for group[i] != i {
			group[i] = group[group[i]]
			i = group[i]
		}
		return i
	}
	for _, g := range rt.games {
		rr.table.add(int(g.x), int(g.o), float64(g.points))
		group[root(int(g.x))] = root(int(g.o))
	}
	played := make([]bool, len(rt.names))
	for _, g := range rt.games {
		played[g.x], played[g.o] = true, true
	}
	at := map[int]int{} // a root's group
	for i := range rt.names {
		if !played[i] {
			rr.idle = append(rr.idle, i)
			continue
		}
		r := root(i)
		if _, ok := at[r]; !ok {
			at[r] = len(rr.groups)
			rr.groups = append(rr.groups, nil)
		}
		rr.groups[at[r]] = append(rr.groups[at[r]], i)
	}
	return rr
}

// rateFiles is -rate: it reads the result files and prints one
// round-robin's tables of all their games, as -tournament prints them
// (text) or as -format json does; players in groups that never met get
// the tables of each group. only, if not nil, is -game's choice among
// the files' games; plotFile, if set, gets the ratings as a picture of
// size pixels; fit says out is a terminal, where the tables keep within
// tableWidth. It returns the exit status: 2 for a file it cannot
// read or records that do not go together, 1 for a picture it cannot
// write. grader, if not nil, grades the games that have no grades yet
// (-grade), and the tables show every player's grades.
func rateFiles(files []string, only *rateOnly, grader *recordGrader, asJSON bool, plotFile string, size plotSize, fit bool, out, errOut io.Writer) int {
	rt := &rater{only: only, grading: grader != nil}
	jobs := 1
	if grader != nil {
		jobs = grader.jobs
	}
	var torn []string
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(errOut, "boardbots: -rate: %v\n", err)
			return 2
		}
		// Games are graded -jobs at once, and rated in the order read.
		queue := newGamesInOrder(jobs, func(l ratedLine) error { return rt.add(l.rec, l.where) })
		tail, err := scanResults(f, name, func(line int, rec gameRecord) error {
			taken := only == nil || only.takes(rec)
			if taken {
				if err := checkRecord(&rec); err != nil {
					return fmt.Errorf("%s line %d: %v; every game is replayed when a file is read: mend or delete the line", name, line, err)
				}
			}
			l := ratedLine{rec, fmt.Sprintf("%s line %d", name, line)}
			if !taken || !grader.needs(&rec) {
				return queue.add(l, nil)
			}
			return queue.add(l, func(l *ratedLine) error {
				if err := grader.grade(&l.rec); err != nil {
					return fmt.Errorf("%s: grading: %v", l.where, err)
				}
				return nil
			})
		})
		f.Close()
		if qerr := queue.wait(); qerr != nil {
			err = qerr // a line before the one that stopped the reading, if any
		}
		if err != nil {
			grader.done()
			fmt.Fprintf(errOut, "boardbots: -rate: %v\n", rateError(err))
			return 2
		}
		if tail.line > 0 {
			torn = append(torn, name)
		}
	}
	grader.done()
	rr := rt.results()
	rr.torn, rr.fit = torn, fit
	if rr.spec == nil && rr.skipped > 0 {
		fmt.Fprintf(errOut, "boardbots: -rate: no games of %s in %s, only %s of other games or sizes: -game NAME (and its size flags) picks the games rated\n",
			only.words(), strings.Join(files, ", "), plural(rr.skipped, "game", "games"))
		return 2
	}
	if rr.spec == nil {
		fmt.Fprintf(errOut, "boardbots: -rate: no games in %s: accepted are files written by -out\n", strings.Join(files, ", "))
		return 2
	}
	if plotFile != "" && len(rr.groups) > 1 {
		fmt.Fprintf(errOut, "boardbots: -plot %s: %s: no one picture rates them; plot the files of one group\n", plotFile, rr.groupsLine())
		return 2
	}
	rr.write(out, files, asJSON)
	if plotFile != "" {
		s := rr.table.standings()
		pts := standingsPoints(rr.names, s)
		if err := writePlot(plotFile, plotTitle(rr.spec.title, pts), "Elo, the field's mean at 0", pts, size); err != nil {
			fmt.Fprintf(errOut, "boardbots: -plot %s: %v\n", plotFile, err)
			return 1
		}
		fmt.Fprintf(errOut, "plot: %s\n", plotFile)
	}
	return 0
}

// rateError is a file's error as -rate words it: a bad line says what a
// results file holds.
func rateError(err error) error {
	if _, ok := err.(resultsLineError); ok {
		return fmt.Errorf("%v: %s", err, recordsAccepted)
	}
	return err
}

// groupsLine names the groups of players that never met.
func (rr *ratedResults) groupsLine() string {
	var gs []string
	for _, g := range rr.groups {
		var names []string
		for _, i := range g {
			names = append(names, printable(rr.names[i]))
		}
		gs = append(gs, "{"+strings.Join(names, ", ")+"}")
	}
	return fmt.Sprintf("the players form %d groups that never met, directly or through others: %s", len(rr.groups), strings.Join(gs, ", "))
}

// sub is the tables of the players ps (indexes into rr.names): their
// names, crosstable and figures.
func (rr *ratedResults) sub(ps []int) ([]string, crossResults, fieldStats) {
	names, table, stats := make([]string, len(ps)), newCrossResults(len(ps)), make(fieldStats, len(ps))
	for a, i := range ps {
		names[a], stats[a] = rr.names[i], rr.stats[i]
		for b, j := range ps {
			table[a][b] = rr.table[i][j]
		}
	}
	return names, table, stats
}

// write prints the tables: a heading that says what was rated, then the
// crosstable and the standings; when the players form groups that never
// met, a line naming the groups, then each group's tables, each on a
// scale of its own (its mean at 0).
func (rr *ratedResults) write(out io.Writer, files []string, asJSON bool) {
	if len(rr.groups) <= 1 {
		all := make([]int, len(rr.names))
		for i := range all {
			all[i] = i
		}
		rr.writeGroup(out, files, asJSON, all, 0)
		return
	}
	if !asJSON {
		rr.heading(out, files)
		fmt.Fprintln(out, rr.groupsLine()+"; each group is rated on a scale of its own")
		if len(rr.idle) > 0 {
			var names []string
			for _, i := range rr.idle {
				names = append(names, printable(rr.names[i]))
			}
			fmt.Fprintf(out, "without a game: %s\n", strings.Join(names, ", "))
		}
	}
	for k, g := range rr.groups {
		if !asJSON {
			fmt.Fprintf(out, "\ngroup %d of %d: %s\n", k+1, len(rr.groups), plural(len(g), "bot", "bots"))
		}
		rr.writeGroup(out, files, asJSON, g, k+1)
	}
}

// heading is the line that says what was rated.
func (rr *ratedResults) heading(out io.Writer, files []string) {
	fmt.Fprintf(out, "%s results: %d bots, %s from %s", rr.spec.title, len(rr.names),
		plural(rr.counted, "game", "games"), plural(len(files), "file", "files"))
	if rr.open > 0 {
		fmt.Fprintf(out, ", %s not finished left out", plural(rr.open, "game", "games"))
	}
	if rr.doubles > 0 {
		fmt.Fprintf(out, ", %s found twice counted once", plural(rr.doubles, "game", "games"))
	}
	if rr.skipped > 0 {
		fmt.Fprintf(out, ", %s of other games skipped", plural(rr.skipped, "game", "games"))
	}
	for _, name := range rr.torn {
		fmt.Fprintf(out, ", the torn last line of %s left out", name)
	}
	fmt.Fprintln(out)
}

// writeGroup prints the tables of the players ps: group k of the groups
// (0: the players all met, and the heading comes first).
func (rr *ratedResults) writeGroup(out io.Writer, files []string, asJSON bool, ps []int, k int) {
	names, table, stats := rr.sub(ps)
	s := table.standings()
	if asJSON {
		games := 0
		for a := range table {
			for b := a + 1; b < len(table); b++ {
				games += table[a][b].games()
			}
		}
		t := tableJSON{Type: "rating", Game: rr.spec.name, Files: files, Games: games, Open: rr.open, Doubles: rr.doubles,
			Skipped: rr.skipped, Torn: rr.torn}
		if k > 0 {
			t.Group, t.Groups = k, len(rr.groups)
		}
		t.fillTables(names, table, s, stats)
		writeJSONLine(out, t)
		return
	}
	if k == 0 {
		rr.heading(out, files)
	}
	fmt.Fprintln(out)
	writeRoundRobin(out, rr.fit, names, table, s, stats)
}

// addRecord counts a game whose X is player x and O player o: their moves and
// time, and a forfeit for the side that lost by one.
func (s fieldStats) addRecord(rec gameRecord, x, o int) {
	for _, side := range []struct {
		i int
		p playerRecord
	}{{x, rec.X}, {o, rec.O}} {
		s[side.i].moves += side.p.Moves
		s[side.i].timeMS += side.p.TimeMS
		s[side.i].starts += side.p.Starts
		s[side.i].startupMS += side.p.StartupMS
		if s[side.i].grade != nil && side.p.Grade != nil {
			s[side.i].grade.addGame(*side.p.Grade)
		}
	}
	if rec.End == endAdjudicated {
		for _, i := range []int{x, o} {
			s[i].adjudicated++
			if rec.Winner == "" {
				s[i].adjudicatedDraws++
			}
		}
	}
	if p, ok := rec.points(); ok && p != 0.5 && rec.End == endForfeit {
		loser := x // the side the result has lose
		if p == 1 {
			loser = o
		}
		s[loser].forfeits[ForfeitKind(rec.Kind)]++
	}
}

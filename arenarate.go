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
// standings.

// optionWords are a record's game options in words, "height 5, width 6",
// its game's defaults filled in (a record may leave them out), or "no
// options": games of two sizes, or of two counts of rounds, are two games
// as far as a rating goes.
func optionWords(r gameRecord) string {
	opt := gameOptions(r.Options)
	if spec, err := declared.findGame(r.Game); err == nil {
		opt = spec.defaults(opt)
	}
	var words []string
	for _, name := range slices.Sorted(maps.Keys(opt)) {
		words = append(words, fmt.Sprintf("%s %d", name, opt[name]))
	}
	if len(words) == 0 {
		return "no options"
	}
	return strings.Join(words, ", ")
}

// ratedResults are records gathered into a round-robin's table.
type ratedResults struct {
	game    string // the -game name they share
	names   []string
	table   crossResults
	stats   fieldStats // by player: time a move, forfeits
	counted int        // games rated
	open    int        // games not finished (interrupted): not rated
	doubles int        // games found twice (the same file given twice): counted once
}

// rateRecords gathers records into one table. The bots come in the order
// of the first record's field (a tournament's order, which breaks ties in
// the standings as -tournament does), then any others as they appear. A
// game is the same game when its seed, field and number are: a shard
// given twice does not count twice. Records of different games are an
// error.
func rateRecords(recs []gameRecord) (*ratedResults, error) {
	rr := &ratedResults{}
	index := map[string]int{}
	add := func(name string) int {
		if i, ok := index[name]; ok {
			return i
		}
		index[name] = len(rr.names)
		rr.names = append(rr.names, name)
		return index[name]
	}
	type gameID struct {
		seed   uint64
		field  string
		number int
	}
	seen := map[gameID]bool{}
	var points []float64
	var pairs [][2]int
	var rated []gameRecord
	var opts string // the first record's options, in words
	for _, r := range recs {
		if rr.game == "" {
			rr.game, opts = r.Game, optionWords(r)
		} else if r.Game != rr.game {
			return nil, fmt.Errorf("the files mix games: %s and %s; rate one game at a time", rr.game, r.Game)
		} else if o := optionWords(r); o != opts {
			return nil, fmt.Errorf("the files mix %s games with %s and with %s; rate one at a time", rr.game, opts, o)
		}
		for _, name := range r.Field {
			add(name)
		}
		p, ok := r.points()
		if !ok {
			rr.open++
			continue
		}
		id := gameID{r.Seed, strings.Join(r.Field, ","), r.Number}
		if seen[id] {
			rr.doubles++
			continue
		}
		seen[id] = true
		pairs = append(pairs, [2]int{add(r.X.rated()), add(r.O.rated())})
		points = append(points, p)
		rated = append(rated, r)
	}
	rr.table, rr.stats = newCrossResults(len(rr.names)), newFieldStats(len(rr.names))
	for k, pr := range pairs {
		rr.table.add(pr[0], pr[1], points[k])
		rr.stats.addRecord(rated[k], pr[0], pr[1])
	}
	rr.counted = len(pairs)
	return rr, nil
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
	}
	if rec.End == endForfeit {
		loser := map[string]int{"X": o, "O": x}[rec.Winner]
		s[loser].forfeits[ForfeitKind(rec.Kind)]++
	}
}

// rateFiles is -rate: it reads the result files and prints one
// round-robin's tables of all their games, as -tournament prints them
// (text) or as -format json does. It returns the exit status: 2 for a
// file it cannot read or records that do not go together.
func rateFiles(files []string, asJSON bool, plotFile string, out, errOut io.Writer) int {
	var recs []gameRecord
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(errOut, "boardbots: -rate: %v\n", err)
			return 2
		}
		r, err := readResults(f, name)
		f.Close()
		if err != nil {
			fmt.Fprintf(errOut, "boardbots: -rate: %v\n", err)
			return 2
		}
		recs = append(recs, r...)
	}
	rr, err := rateRecords(recs)
	if err != nil {
		fmt.Fprintf(errOut, "boardbots: -rate: %v\n", err)
		return 2
	}
	if len(rr.names) == 0 {
		fmt.Fprintf(errOut, "boardbots: -rate: no games in %s: accepted are files written by -out\n", strings.Join(files, ", "))
		return 2
	}
	rr.write(out, files, asJSON)
	if plotFile != "" {
		s := rr.table.standings()
		pts := standingsPoints(rr.names, s)
		if err := writePlot(plotFile, plotTitle(rr.title(), pts), "Elo, the field's mean at 0", pts); err != nil {
			fmt.Fprintf(errOut, "boardbots: -plot %s: %v\n", plotFile, err)
			return 1
		}
		fmt.Fprintf(errOut, "plot: %s\n", plotFile)
	}
	return 0
}

// title is the rated game's title, "Connect Four".
func (rr *ratedResults) title() string {
	if spec, err := declared.findGame(rr.game); err == nil {
		return spec.title
	}
	return rr.game
}

// write prints the tables: a heading that says what was rated, then the
// crosstable and the standings.
func (rr *ratedResults) write(out io.Writer, files []string, asJSON bool) {
	s := rr.table.standings()
	if asJSON {
		t := tableJSON{Type: "rating", Game: rr.game, Files: files, Games: rr.counted, Open: rr.open, Doubles: rr.doubles}
		t.fillTables(rr.names, rr.table, s, rr.stats)
		writeJSONLine(out, t)
		return
	}
	fmt.Fprintf(out, "%s results: %d bots, %s from %s", rr.title(), len(rr.names),
		plural(rr.counted, "game", "games"), plural(len(files), "file", "files"))
	if rr.open > 0 {
		fmt.Fprintf(out, ", %s not finished left out", plural(rr.open, "game", "games"))
	}
	if rr.doubles > 0 {
		fmt.Fprintf(out, ", %s found twice counted once", plural(rr.doubles, "game", "games"))
	}
	fmt.Fprint(out, "\n\n")
	writeCrosstable(out, rr.names, rr.table, s)
	fmt.Fprintln(out)
	writeStandings(out, rr.names, rr.table, s, rr.stats)
}

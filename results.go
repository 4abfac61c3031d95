package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strings"
	"sync"
)

// Results out and results merged. Every game of a match or a tournament
// can be kept as one JSON object a line (JSON Lines, -out FILE), written
// the moment the game ends, so a run stopped half way keeps every game it
// finished; and any set of such files can be rated together (-rate), so
// shards of one tournament played on many machines make one table.
// docs/results.md documents every field.

// gameRecord is one game as -out writes it.
type gameRecord struct {
	Type    string         `json:"type"`              // always "game"
	Game    string         `json:"game"`              // the -game name: ttt, connect4, adjacency
	Options map[string]int `json:"options,omitempty"` // the game's own options, e.g. {"rounds": 8}
	Event   string         `json:"event"`             // "match" or "tournament"
	Field   []string       `json:"field"`             // the run's players as rated, in the order given (-x, -o for a match)
	Number  int            `json:"number"`            // the game's number in the whole run, from 1
	Games   int            `json:"games"`             // the games of the whole run, every shard's
	Pair    int            `json:"pair"`              // the pair of openings, from 1: a pair's two games share it
	Seed    uint64         `json:"seed"`              // the run's -seed: game and opening streams derive from it
	X       playerRecord   `json:"x"`
	O       playerRecord   `json:"o"`
	Opening string         `json:"opening"` // the moves before the bots' first (-moves and -openings)
	Record  string         `json:"record"`  // every move, the opening's included
	Result  string         `json:"result"`  // "1-0" (X won), "0-1", "1/2-1/2", "*" (not finished)
	Winner  string         `json:"winner"`  // "X", "O" or "" (a draw, or not finished)
	// End is how the game ended: "win", "draw", "forfeit" (a player
	// broke a rule of play, Reason says which) or "interrupted" (the run
	// was stopped during the game; Record is what was played).
	End    string `json:"end"`
	Reason string `json:"reason,omitempty"`
	// Kind is a forfeit's kind: "time", "crash", "illegal" or "garbage".
	Kind string `json:"kind,omitempty"`
	// Margin is X's final margin where the game scores one (Adjacency's
	// marks), for win and draw.
	Margin *int `json:"margin,omitempty"`
}

// playerRecord is one side of a game: who played it, with what budget, and
// what its moves cost.
type playerRecord struct {
	// Name is the player's bot spec, as -x, -o, -tournament take it and
	// with the keys given: "alphabeta:depth=2"; its rating goes by it.
	Name string `json:"name"`
	// Bot is the bot's (or engine's) name, and Params the value of every
	// key it reads, given or not.
	Bot    string            `json:"bot,omitempty"`
	Params map[string]string `json:"params,omitempty"`
	// Label is the name in tables when it differs from Name: a bot
	// playing itself is "alphabeta (as -x)" and "alphabeta (as -o)".
	Label    string      `json:"label,omitempty"`
	Impl     string      `json:"impl,omitempty"` // the game's own implementation, e.g. adjsearch
	Settings botSettings `json:"settings"`
	Moves    int         `json:"moves"`   // moves it chose (the opening's not counted)
	TimeMS   float64     `json:"time_ms"` // their thinking time, in all
	Nodes    int64       `json:"nodes"`   // positions its searches visited, in all
}

// botSettings are the budget a bot played under (Budget), every field
// whether the bot reads it or not: 0 is the default (no limit, no depth).
type botSettings struct {
	Depth    int     `json:"depth"`
	TimeMS   float64 `json:"time_ms"`
	Playouts int     `json:"playouts"`
}

// The ways a game ends, for End.
const (
	endWin         = "win"
	endDraw        = "draw"
	endForfeit     = "forfeit"
	endInterrupted = "interrupted"
)

// rated is the name a player is rated under.
func (p playerRecord) rated() string {
	if p.Label != "" {
		return p.Label
	}
	return p.Name
}

// sameGame says the record rec is the game head describes (a record of
// its head only, arena.recordHead): the same fields, compared as JSON so
// that a map left out and an empty one are alike; what the game's play
// filled in (the record, the result, the figures) is not compared.
func sameGame(head, rec gameRecord) bool {
	rec.Record, rec.Result, rec.Winner, rec.End, rec.Reason, rec.Kind, rec.Margin = "", "", "", "", "", "", nil
	for _, p := range []*playerRecord{&rec.X, &rec.O} {
		p.Moves, p.TimeMS, p.Nodes = 0, 0, 0
	}
	a, errA := json.Marshal(head)
	b, errB := json.Marshal(rec)
	return errA == nil && errB == nil && string(a) == string(b)
}

// points is what X scored: 1, 1/2 or 0; ok is false for a game not
// finished, which no rating counts.
func (r gameRecord) points() (float64, bool) {
	switch r.Result {
	case "1-0":
		return 1, true
	case "0-1":
		return 0, true
	case "1/2-1/2":
		return 0.5, true
	}
	return 0, false
}

// resultOf is the result field for a winner (Nobody for a draw) of a
// game that ended.
func resultOf(w Side) string {
	switch w {
	case X:
		return "1-0"
	case O:
		return "0-1"
	}
	return "1/2-1/2"
}

// resultsWriter writes records as JSON Lines, each line with a single
// write, so that a line is on disk (in the system's cache) as soon as its
// game ends, and a run killed after it keeps it.
type resultsWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error // the first write error: the run goes on, the error is reported at its end
}

// write adds one record.
func (rw *resultsWriter) write(v any) {
	line, err := json.Marshal(v)
	if err != nil {
		panic(err) // the record types always marshal
	}
	rw.mu.Lock()
	defer rw.mu.Unlock()
	if _, err := rw.w.Write(append(line, '\n')); err != nil && rw.err == nil {
		rw.err = err
	}
}

// openResults opens -out's file for appending, as cutechess-cli's
// -pgnout does: a file that is there keeps its games, and the records it
// holds are returned, so that a rerun of the same run plays only the
// games it lacks. A last line cut short (a run killed while writing it)
// is ended, so that the next record starts a line of its own.
func openResults(name string) (*os.File, []gameRecord, error) {
	data, err := os.ReadFile(name)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, nil, err
	}
	var have []gameRecord
	if len(data) > 0 {
		complete := data[:bytes.LastIndexByte(data, '\n')+1] // a line cut short is no record
		if have, err = readResults(bytes.NewReader(complete), name); err != nil {
			return nil, nil, fmt.Errorf("%v: not a file of game records, and -out adds to a file rather than replace it: choose another", err)
		}
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		if _, err := f.Write([]byte("\n")); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	return f, have, nil
}

// readResults reads the game records of a results file. Lines of other
// types (the header and the tables of -format json's output) and empty
// lines are skipped, so a saved -format json output reads too. A line that
// is not JSON is an error naming it.
func readResults(r io.Reader, name string) ([]gameRecord, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxLine)
	var recs []gameRecord
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var head struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal([]byte(line), &head); err != nil {
			return nil, fmt.Errorf("%s line %d: not a JSON object: %v", name, n, err)
		}
		if head.Type != "game" {
			continue
		}
		var rec gameRecord
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			return nil, fmt.Errorf("%s line %d: %v", name, n, err)
		}
		if rec.X.rated() == "" || rec.O.rated() == "" {
			return nil, fmt.Errorf("%s line %d: a game needs both players' names", name, n)
		}
		recs = append(recs, rec)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return recs, nil
}

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

// settingsOf is the budget as a record gives it.
func settingsOf(b Budget) botSettings {
	return botSettings{Depth: b.Depth, TimeMS: float64(b.Time.Microseconds()) / 1000, Playouts: b.Playouts}
}

// writeJSONLine writes v as one line of JSON (-format json).
func writeJSONLine(out io.Writer, v any) {
	line, err := json.Marshal(v)
	if err != nil {
		panic(err) // the output types always marshal
	}
	fmt.Fprintf(out, "%s\n", line)
}

// runHeader is the first line of a match or a tournament under -format
// json, as "seed: N" is of its text.
type runHeader struct {
	Type  string   `json:"type"`  // "start"
	Event string   `json:"event"` // "match" or "tournament"
	Game  string   `json:"game"`
	Seed  uint64   `json:"seed"`
	Field []string `json:"field"`
	Games int      `json:"games"`           // the games of the whole run
	Shard string   `json:"shard,omitempty"` // "I/N" when the run is a shard
	Note  string   `json:"note,omitempty"`  // the openings' note, if they repeat
}

// resumeJSON is the resuming line under -format json: games of the run
// read back from -out's file rather than played.
type resumeJSON struct {
	Type  string `json:"type"`  // "resume"
	Games int    `json:"games"` // games already in the file
	Of    int    `json:"of"`    // the run's (this shard's) games
	File  string `json:"file"`
}

// eloJSON is the elo line of a match: the rating difference of the bot
// of -x over the bot of -o and its 95% interval, in Elo points. Numbers
// JSON cannot hold are null: Diff after a perfect score (Bound then holds
// the least difference at 95%, negative for the most after a score of
// nil) or without games; PlusMinus when unbounded.
type eloJSON struct {
	Bot       string   `json:"bot"`
	Games     int      `json:"games"`
	Diff      *float64 `json:"diff"`
	PlusMinus *float64 `json:"plus_minus"`
	Bound     *float64 `json:"bound,omitempty"`
}

// eloFigures is eloLine's content as JSON, rounded to a tenth of a point.
func eloFigures(name string, diff, plusMinus float64, games int) eloJSON {
	e := eloJSON{Bot: name, Games: games}
	num := func(x float64) *float64 {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return nil
		}
		x = math.Round(x*10) / 10
		return &x
	}
	if games == 0 {
		return e
	}
	e.Diff, e.PlusMinus = num(diff), num(plusMinus)
	if math.IsInf(diff, 0) {
		bound := eloDiff(math.Pow(0.025, 1/float64(games)))
		if diff < 0 {
			bound = -bound
		}
		e.Bound = num(bound)
	}
	return e
}

// matchJSON is a match's table under -format json: SPEC's table, elo
// line and total line in one object.
type matchJSON struct {
	Type   string         `json:"type"` // "match"
	Game   string         `json:"game"`
	Seed   uint64         `json:"seed"`
	Games  int            `json:"games"`  // asked for
	Played int            `json:"played"` // finished
	Bots   []matchBotJSON `json:"bots"`   // the bot of -x, then of -o
	Elo    eloJSON        `json:"elo"`
	SPRT   *sprtJSON      `json:"sprt,omitempty"` // -sprt's end
}

// matchBotJSON is one row of the match table.
type matchBotJSON struct {
	Bot          string       `json:"bot"`
	Wins         int          `json:"wins"`
	Draws        int          `json:"draws"`
	Losses       int          `json:"losses"`
	MSPerMove    float64      `json:"ms_per_move"`
	NodesPerMove float64      `json:"nodes_per_move"`
	Forfeits     forfeitsJSON `json:"forfeits"`
}

// crossJSON is one cell of the crosstable: what Bot scored against
// Opponent.
type crossJSON struct {
	Bot      string  `json:"bot"`
	Opponent string  `json:"opponent"`
	Games    int     `json:"games"`
	Points   float64 `json:"points"`
	Wins     int     `json:"wins"`
	Draws    int     `json:"draws"`
	Losses   int     `json:"losses"`
}

// standingJSON is one row of the standings; Score (0..1, a draw half),
// Elo and PlusMinus are null for a bot without games.
type standingJSON struct {
	Rank      int          `json:"rank"`
	Bot       string       `json:"bot"`
	Games     int          `json:"games"`
	Wins      int          `json:"wins"`
	Draws     int          `json:"draws"`
	Losses    int          `json:"losses"`
	Score     *float64     `json:"score"`
	Elo       *float64     `json:"elo"`
	PlusMinus *float64     `json:"plus_minus"`
	MSPerMove float64      `json:"ms_per_move"` // mean thinking time a move
	Forfeits  forfeitsJSON `json:"forfeits"`
}

// tableJSON is a round-robin's tables under -format json, for
// -tournament (Type "tournament") and -rate (Type "rating").
type tableJSON struct {
	Type       string         `json:"type"`
	Game       string         `json:"game"`
	Seed       *uint64        `json:"seed,omitempty"`      // -tournament's
	Shard      string         `json:"shard,omitempty"`     // -tournament -shard's "I/N"
	Files      []string       `json:"files,omitempty"`     // -rate's
	Games      int            `json:"games"`               // games rated
	Of         int            `json:"of,omitempty"`        // -tournament: games scheduled (this shard's)
	PerMatch   int            `json:"per_match,omitempty"` // -tournament: games between two bots
	Open       int            `json:"interrupted"`         // games not finished, not rated
	Doubles    int            `json:"duplicates"`          // -rate: games found twice, counted once
	Crosstable []crossJSON    `json:"crosstable"`          // in the standings' order, rows then columns
	Standings  []standingJSON `json:"standings"`
}

// fillTables puts the crosstable and the standings of c into t, in the
// order of the standings, as the text tables have them.
func (t *tableJSON) fillTables(names []string, c crossResults, s standings, stats fieldStats) {
	round := func(x float64, scale float64) *float64 {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil
		}
		x = math.Round(x*scale) / scale
		return &x
	}
	t.Crosstable, t.Standings = []crossJSON{}, []standingJSON{}
	for rank, i := range s.order {
		var total wdl
		for _, j := range s.order {
			r := c[i][j]
			total.wins, total.draws, total.losses = total.wins+r.wins, total.draws+r.draws, total.losses+r.losses
			if i != j && r.games() > 0 {
				t.Crosstable = append(t.Crosstable, crossJSON{Bot: names[i], Opponent: names[j], Games: r.games(),
					Points: r.points(), Wins: r.wins, Draws: r.draws, Losses: r.losses})
			}
		}
		row := standingJSON{Rank: rank + 1, Bot: names[i], Games: total.games(), Wins: total.wins, Draws: total.draws, Losses: total.losses,
			MSPerMove: math.Round(100*stats[i].msPerMove()) / 100, Forfeits: stats[i].forfeits.json()}
		if total.games() > 0 {
			row.Score, row.Elo, row.PlusMinus = round(total.score(), 1e4), round(s.elo[i], 10), round(s.plusMinus[i], 10)
		}
		t.Standings = append(t.Standings, row)
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

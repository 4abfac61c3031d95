package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
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

// settingsOf is the budget as a record gives it.
func settingsOf(b Budget) botSettings {
	return botSettings{Depth: b.Depth, TimeMS: float64(b.Time.Microseconds()) / 1000, Playouts: b.Playouts}
}

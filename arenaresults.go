package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
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
	Field   []string       `json:"field,omitempty"`   // the run's players as rated, in the order given (-x, -o for a match); -out gives them once, in its run line

	Number  int          `json:"number"` // the game's number in the whole run, from 1
	Games   int          `json:"games"`  // the games of the whole run, every shard's
	Pair    int          `json:"pair"`   // the pair of openings, from 1: a pair's two games share it
	Seed    uint64       `json:"seed"`   // the run's -seed: game and opening streams derive from it
	X       playerRecord `json:"x"`
	O       playerRecord `json:"o"`
	Opening string       `json:"opening"` // the moves before the bots' first (-moves and -openings)
	Record  string       `json:"record"`  // every move, the opening's included
	Result  string       `json:"result"`  // "1-0" (X won), "0-1", "1/2-1/2", "*" (not finished)
	Winner  string       `json:"winner"`  // "X", "O" or "" (a draw, or not finished)
	// End is how the game ended: "win", "draw", "forfeit" (a player
	// broke a rule of play, Reason says which), "adjudicated" (the
	// oracle proved the result, Value says with what value) or
	// "interrupted" (the run was stopped during the game; Record is what
	// was played).
	End    string `json:"end"`
	Reason string `json:"reason,omitempty"`
	// Kind is a forfeit's kind: "time", "crash", "illegal" or "garbage".
	Kind string `json:"kind,omitempty"`
	// Margin is X's final margin where the game scores one (Adjacency's
	// marks), for win and draw.
	Margin *int `json:"margin,omitempty"`
	// Value is an adjudicated game's proved value for the side to move
	// at its last position, on the scale of the game's oracle
	// (docs/review.md, "Adjudication").
	Value *int `json:"value,omitempty"`
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
	// Starts counts the moves that started its program (an external
	// engine's first move in each process), StartupMS their time, which
	// TimeMS includes; left out for the program's own bots.
	Starts    int     `json:"starts,omitempty"`
	StartupMS float64 `json:"startup_ms,omitempty"`
	// Grade is what the game's oracle made of its moves (-grade;
	// docs/review.md, "Grading"), left out of a game not graded.
	Grade *gameGrade `json:"grade,omitempty"`
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
	// endAdjudicated is a game ended once its result was sure: the
	// game's oracle and the winner had proved it (-adjudicate).
	endAdjudicated = "adjudicated"
)

// rated is the name a player is rated under.
func (p playerRecord) rated() string {
	if p.Label != "" {
		return p.Label
	}
	return p.Name
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
// write the moment its game ends, so that a line is on disk (in the
// system's cache) as soon as its game ends, and a run killed after it
// keeps it (docs/results.md).
type resultsWriter struct {
	mu   sync.Mutex
	w    io.Writer
	file *os.File // w, when it is -out's file: a line written in part is cut back
	name string   // the file's name, for the error
	err  error    // the first failed write: every later write fails with it
}

// write adds one record; a write that fails leaves the file whole (the
// part of the line written is cut back) and fails every later write, so
// that the run stops at the first game it cannot keep.
func (rw *resultsWriter) write(rec gameRecord) error {
	rec.Field = nil // the run line names them (writeRun)
	return rw.writeLine(rec, fmt.Sprintf("game %d", rec.Number))
}

// writeLine adds one line, v as JSON: what is what it is, for the
// error ("game 3").
func (rw *resultsWriter) writeLine(v any, what string) error {
	line, err := json.Marshal(v)
	if err != nil {
		panic(err) // the record types always marshal
	}
	rw.mu.Lock()
	defer rw.mu.Unlock()
	if rw.err != nil {
		return rw.err
	}
	n, err := rw.w.Write(append(line, '\n'))
	if err == nil {
		return nil
	}
	whole := rw.name + " holds the games kept before it, every line whole"
	if n > 0 && rw.file != nil {
		// O_APPEND: the part written is the file's last n bytes.
		st, serr := rw.file.Stat()
		if serr == nil {
			serr = rw.file.Truncate(st.Size() - int64(n))
		}
		if serr != nil {
			whole = fmt.Sprintf("cutting back the %d bytes of its line written failed too (%v): the last line of %s is torn, and a rerun cuts it back", n, serr, rw.name)
		}
	}
	rw.err = fmt.Errorf("-out %s: %s could not be kept: %v; the run stops at the first game it cannot keep, and %s", rw.name, what, err, whole)
	return rw.err
}

// badInput is input refused before any game, as a bad flag is: an -out
// file of another kind or of another game's records. It is one line and
// exit status 2 (main.go).
type badInput struct{ error }

// Unwrap is the refusal's own error.
func (b badInput) Unwrap() error { return b.error }

// recordsAccepted says what a results file holds.
const recordsAccepted = "accepted are JSON Lines of game records, as -out writes them"

// gameAndSize names a game and its options, "connect4 (height 6, width 7)",
// its game's defaults filled in (a record may leave them out): games of
// two sizes, or of two counts of rounds, are two games as far as a file
// and a rating go. A name from a file is quoted if it is no game's.
func gameAndSize(game string, options map[string]int) string {
	spec, err := declared.findGame(game)
	if err != nil {
		return strconv.Quote(game)
	}
	opt := spec.defaults(gameOptions(options))
	var words []string
	for _, name := range slices.Sorted(maps.Keys(opt)) {
		words = append(words, fmt.Sprintf("%s %d", name, opt[name]))
	}
	if len(words) == 0 {
		return spec.name
	}
	return spec.name + " (" + strings.Join(words, ", ") + ")"
}

// resultsTail is a results file's torn last line: a line without its
// newline, or a last line that is not JSON, as a write cut short leaves.
type resultsTail struct {
	line   int    // its number, from 1; 0 when the last line is whole
	offset int64  // where it starts
	why    string // "no newline at its end", "not a whole record"
	// record says it starts as -out's records do (or is nothing but NUL
	// bytes, which a crash may leave): a record cut short, not the last
	// line of another kind of file.
	record bool
}

// resultsLineError is a line of a results file, not its last, that is
// not a record.
type resultsLineError struct {
	name string
	line int
	err  error
}

func (e resultsLineError) Error() string { return fmt.Sprintf("%s line %d: %v", e.name, e.line, e.err) }

// recordStart and runStart are how the lines -out writes start.
const (
	recordStart = `{"type":"game",`
	runStart    = `{"type":"run",`
)

// scanResults reads the game records of a results file, handing each to
// each with its line number. Lines of other types (the header and the
// tables of -format json's output) and empty lines are skipped, so a
// saved -format json output reads too. A line that is not a record is a
// resultsLineError, unless it is the last: then it is the torn tail,
// returned, as is a last line without its newline. A line is read up to
// maxLine bytes: memory stays bounded whatever the file.
func scanResults(r io.Reader, name string, each func(line int, rec gameRecord) error) (resultsTail, error) {
	br := bufio.NewReaderSize(r, 64*1024)
	var offset int64
	var run gameRecord // the last run line: the field of the game lines after it
	for n := 1; ; n++ {
		text, err := readLine(br)
		if err == io.EOF && len(text) == 0 {
			return resultsTail{}, nil
		}
		if errors.Is(err, errLongLine) {
			return resultsTail{}, resultsLineError{name, n, fmt.Errorf("longer than %d bytes", maxLine)}
		}
		if err != nil && err != io.EOF {
			return resultsTail{}, fmt.Errorf("%s: %v", name, err)
		}
		last := err == io.EOF
		if !last {
			_, perr := br.Peek(1)
			last = perr == io.EOF
		}
		tail := resultsTail{line: n, offset: offset, record: cutRecord(text)}
		offset += int64(len(text))
		if last && !bytes.HasSuffix(text, []byte("\n")) {
			tail.why = "no newline at its end"
			return tail, nil
		}
		rec, ok, perr := parseRecordLine(bytes.TrimSpace(text))
		switch {
		case perr != nil && last:
			tail.why = "not a whole record"
			return tail, nil
		case perr != nil:
			return resultsTail{}, resultsLineError{name, n, perr}
		case ok && rec.Type == "run":
			run = rec
		case ok:
			if rec.Field == nil && run.heads(rec) {
				rec.Field = run.Field
			}
			if err := each(n, rec); err != nil {
				return resultsTail{}, err
			}
		}
		if last {
			return resultsTail{}, nil
		}
	}
}

// errLongLine is a line longer than maxLine.
var errLongLine = errors.New("line too long")

// readLine reads a line with its newline (none at the end of the input),
// at most maxLine bytes.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > maxLine {
			return nil, errLongLine
		}
		line = append(line, chunk...)
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

// cutRecord says a torn line is a record cut short: it starts as every
// line -out writes does (or is cut within that start), or holds nothing
// but NUL bytes and blanks, which a crash may leave where a write was.
func cutRecord(text []byte) bool {
	t := bytes.TrimSpace(bytes.Trim(text, "\x00"))
	if len(t) == 0 {
		return true
	}
	for _, start := range []string{recordStart, runStart} {
		if bytes.HasPrefix(t, []byte(start)) || bytes.HasPrefix([]byte(start), t) {
			return true
		}
	}
	return false
}

// parseRecordLine reads one line: ok with the record for a game record;
// not ok, no error, for an empty line or another type's; an error for a
// line that is not a JSON object or a record without its players' names.
func parseRecordLine(line []byte) (gameRecord, bool, error) {
	if len(line) == 0 {
		return gameRecord{}, false, nil
	}
	// One decoding for a record, the common line; a line that does not
	// decode as one is decoded again for its type alone.
	var rec gameRecord
	if err := json.Unmarshal(line, &rec); err != nil {
		var head struct {
			Type string `json:"type"`
		}
		if herr := json.Unmarshal(line, &head); herr != nil {
			return gameRecord{}, false, fmt.Errorf("not a JSON object: %v", herr)
		}
		if head.Type != "game" && head.Type != "run" {
			return gameRecord{}, false, nil
		}
		return gameRecord{}, false, err
	}
	if rec.Type == "run" {
		return rec, true, nil
	}
	if rec.Type != "game" {
		return gameRecord{}, false, nil
	}
	if rec.X.rated() == "" || rec.O.rated() == "" {
		return gameRecord{}, false, errors.New("a game needs both players' names")
	}
	return rec, true, nil
}

// settingsOf is the budget as a record gives it.
func settingsOf(b Budget) botSettings {
	return botSettings{Depth: b.Depth, TimeMS: float64(b.Time.Microseconds()) / 1000, Playouts: b.Playouts}
}

// heads says r, a run line read as a record, is the run of game line
// rec: the same game and options, event, seed and games.
func (r gameRecord) heads(rec gameRecord) bool {
	return r.Type == "run" && r.Game == rec.Game && r.Event == rec.Event && r.Seed == rec.Seed && r.Games == rec.Games &&
		maps.Equal(r.Options, rec.Options)
}

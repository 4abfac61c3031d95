package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// The jobs' answers, as -merge reads them back: -analyze's answer lines
// (docs/analyze.md), from any number of files written by any number of
// runs, in any order. A job killed mid-way leaves at most a broken last
// line, which is skipped: the job is simply run again.

// jobAnswer is one answer line: the position (its record, "" for the
// start), its score for the side to move, the best move as written,
// and the search's nodes and microseconds.
type jobAnswer struct {
	record        string
	score         int
	move          string
	nodes, micros int64
}

// parseAnswer reads one answer line in either of -analyze's formats:
// text, "<position> <score> <move> <nodes> <microseconds>" (the start's
// position written "-" or left out, so four fields; further fields, as
// -scores adds, ignored), or a JSON object (-format json). An error
// answer, or anything else, is no answer.
func parseAnswer(line string) (jobAnswer, bool) {
	line = strings.TrimSpace(line)
	if strings.HasPrefix(line, "{") {
		return parseAnswerJSON(line)
	}
	f := strings.Fields(line)
	switch {
	case len(f) == 4: // the start, written as nothing
		f = append([]string{""}, f...)
	case len(f) >= 5 && f[0] == "-":
		f[0] = ""
	case len(f) < 5:
		return jobAnswer{}, false
	}
	a := jobAnswer{record: f[0], move: f[2]}
	var err [3]error
	a.score, err[0] = strconv.Atoi(f[1])
	a.nodes, err[1] = strconv.ParseInt(f[3], 10, 64)
	a.micros, err[2] = strconv.ParseInt(f[4], 10, 64)
	if err[0] != nil || err[1] != nil || err[2] != nil || a.nodes < 0 || a.micros < 0 {
		return jobAnswer{}, false
	}
	return a, true
}

// parseAnswerJSON reads an answer line of -format json.
func parseAnswerJSON(line string) (jobAnswer, bool) {
	var j analyzeJSON
	if json.Unmarshal([]byte(line), &j) != nil || j.Error != "" || j.Score == nil {
		return jobAnswer{}, false
	}
	a := jobAnswer{record: j.Position, score: *j.Score, move: "-"}
	if a.record == "-" {
		a.record = ""
	}
	if j.Move != nil {
		a.move = *j.Move
	}
	if j.Nodes != nil {
		a.nodes = *j.Nodes
	}
	if j.Micros != nil {
		a.micros = *j.Micros
	}
	if a.nodes < 0 || a.micros < 0 || !oneField(a.move) || a.record != "" && !oneField(a.record) {
		return jobAnswer{}, false
	}
	return a, true
}

// oneField says s is one field of a text line.
func oneField(s string) bool {
	f := strings.Fields(s)
	return len(f) == 1 && f[0] == s
}

// knownAnswer is an answer read for a class of positions, and where.
type knownAnswer struct {
	jobAnswer
	where string // FILE:LINE
}

// answerBook is every answer read, by class key.
type answerBook struct {
	known map[uint64]knownAnswer
	// skipped are the lines of each file that were not answers of the
	// game, and the first of them, for a warning.
	skipped []string
}

// readAnswers reads the answer files into t's classes. A line that is no
// answer of this game (another game's, a broken last line) is skipped
// and counted; two answers of one class that disagree are an error, since
// the value merged from either could be wrong.
func readAnswers(t *splitTree, files []string) (*answerBook, error) {
	book := &answerBook{known: map[uint64]knownAnswer{}}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, badInput{fmt.Errorf("-merge: %v", err)}
		}
		err = book.read(t, name, f)
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	return book, nil
}

// read reads one file's answers.
func (b *answerBook) read(t *splitTree, name string, r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	skipped, first := 0, 0
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		a, ok := parseAnswer(line)
		var g Game
		if ok {
			g, ok = t.answerPosition(a)
		}
		if !ok {
			if skipped++; skipped == 1 {
				first = n
			}
			continue
		}
		where := fmt.Sprintf("%s:%d", name, n)
		key := t.classKey(g)
		if old, ok := b.known[key]; ok {
			if old.score != a.score {
				return badInput{fmt.Errorf("-merge: %s answers %s %d, but %s answers %s %d: were they solved by one exact bot?",
					old.where, recordWords(old.record), old.score, where, recordWords(a.record), a.score)}
			}
			continue
		}
		b.known[key] = knownAnswer{a, where}
	}
	if err := sc.Err(); err != nil {
		return badInput{fmt.Errorf("-merge: %s: %v", name, err)}
	}
	if skipped > 0 {
		b.skipped = append(b.skipped, fmt.Sprintf("-merge: %s: %s of this game: skipped (the first at line %d)",
			name, plural(skipped, "line is not an answer", "lines are not answers"), first))
	}
	return nil
}

// answerPosition is the position an answer names, if the answer fits
// it: a legal record of the game, and a best move that is legal there
// ("-" for a finished game).
func (t *splitTree) answerPosition(a jobAnswer) (Game, bool) {
	g, err := t.spec.parseRecord(a.record, t.opt)
	if err != nil {
		return nil, false
	}
	if g.Over() {
		return g, a.move == "-"
	}
	_, err = g.ParseMove(a.move)
	return g, err == nil
}

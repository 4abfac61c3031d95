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
// and the search's nodes and microseconds. bound is "" for an exact
// score, ">=" or "<=" for a bounded job's (analyzebound.go).
type jobAnswer struct {
	record        string
	score         int
	move          string
	nodes, micros int64
	bound         string
}

// parseAnswer reads one answer line in either of -analyze's formats:
// text, "<position> <score> <move> <nodes> <microseconds>" (the start's
// position written "-" or left out, so four fields; further fields, as
// -scores adds, ignored; the score ">=V" or "<=V" for a bound), or a
// JSON object (-format json). An error answer, or anything else, is no
// answer.
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
	a.bound, f[1] = boundOp(f[1])
	var err [3]error
	a.score, err[0] = strconv.Atoi(f[1])
	a.nodes, err[1] = strconv.ParseInt(f[3], 10, 64)
	a.micros, err[2] = strconv.ParseInt(f[4], 10, 64)
	if err[0] != nil || err[1] != nil || err[2] != nil || a.nodes < 0 || a.micros < 0 || !boundFits(a) {
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
	a := jobAnswer{record: j.Position, score: *j.Score, move: "-", bound: j.Bound}
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
	if a.nodes < 0 || a.micros < 0 || !oneField(a.move) || a.record != "" && !oneField(a.record) || !boundFits(a) {
		return jobAnswer{}, false
	}
	return a, true
}

// boundFits says a's bound is none, ">=" or "<=", with a number that
// the merge can take one from or add one to.
func boundFits(a jobAnswer) bool {
	switch a.bound {
	case "":
		return true
	case ">=", "<=":
		return a.score >= -boundLimit && a.score <= boundLimit
	}
	return false
}

// oneField says s is one field of a text line.
func oneField(s string) bool {
	f := strings.Fields(s)
	return len(f) == 1 && f[0] == s
}

// knownAnswer is what the answers read for a class of positions prove:
// its score lies in [lo, hi], exactly known when exact. jobAnswer is the
// exact answer, or the first bound read, its nodes and microseconds
// summed over the class's distinct answers; loFrom and hiFrom say which
// answer proved each bound, for an error.
type knownAnswer struct {
	jobAnswer
	exact          bool
	lo, hi         int
	loFrom, hiFrom string
	// answers are the distinct answers read, each counted once.
	answers map[string]bool
}

// add adds answer a, read at where, to what k knows, or says how it
// contradicts an answer read before.
func (k *knownAnswer) add(a jobAnswer, where string) error {
	id := a.bound + strconv.Itoa(a.score)
	if k.answers[id] {
		return nil // the same answer again, from a job run twice
	}
	from := fmt.Sprintf("%s answers %s %s", where, recordWords(a.record), id)
	lo, hi := a.score, a.score
	switch a.bound {
	case ">=":
		hi = mergeUnknown
	case "<=":
		lo = -mergeUnknown
	}
	switch {
	case lo > k.hi:
		return badInput{fmt.Errorf("-merge: %s, but %s: were they solved by one exact bot?", k.hiFrom, from)}
	case hi < k.lo:
		return badInput{fmt.Errorf("-merge: %s, but %s: were they solved by one exact bot?", k.loFrom, from)}
	}
	if lo > k.lo {
		k.lo, k.loFrom = lo, from
	}
	if hi < k.hi {
		k.hi, k.hiFrom = hi, from
	}
	nodes, micros := k.nodes+a.nodes, k.micros+a.micros
	if len(k.answers) == 0 || a.bound == "" {
		k.jobAnswer = a
	}
	k.nodes, k.micros = nodes, micros
	k.exact = k.exact || a.bound == ""
	k.answers[id] = true
	return nil
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
		key := t.classKey(g)
		k, ok := b.known[key]
		if !ok {
			k = knownAnswer{lo: -mergeUnknown, hi: mergeUnknown, answers: map[string]bool{}}
		}
		if err := k.add(a, fmt.Sprintf("%s:%d", name, n)); err != nil {
			return err
		}
		b.known[key] = k
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
// ("-" for a finished game; a bound may have none).
func (t *splitTree) answerPosition(a jobAnswer) (Game, bool) {
	g, err := t.spec.parseRecord(a.record, t.opt)
	if err != nil {
		return nil, false
	}
	if g.Over() {
		return g, a.move == "-"
	}
	if a.bound != "" && a.move == "-" {
		return g, true
	}
	_, err = g.ParseMove(a.move)
	return g, err == nil
}

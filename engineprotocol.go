package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Our engine protocol (docs/engines.md), for every game: a greeting that
// names the game, its options and the engine's side; each turn the whole
// record in the game's notation and the time to answer in; the answer
// "move M", after any "info" lines; the result and quit at the end. The
// whole record every turn lets an engine keep no state at all.

// engineProtocolVersion is the greeting's first line's number: it goes up
// only if a change would break engines written to this one.
const engineProtocolVersion = 1

// ourProtocol is our protocol.
type ourProtocol struct{}

func (ourProtocol) games() []string     { return nil }
func (ourProtocol) about() string       { return "external engine" }
func (ourProtocol) bank() time.Duration { return 0 }

// engineRecord is g's record in its game's notation, "-" for none (so
// that the line always has a word to read).
func engineRecord(g Game) string {
	if rec := cardOf(g).record(g); rec != "" {
		return rec
	}
	return "-"
}

func (ourProtocol) greeting(g Game, side Side, _ time.Duration, options [][2]string) []string {
	spec := cardOf(g)
	lines := []string{
		fmt.Sprintf("boardbots %d", engineProtocolVersion),
		"game " + spec.protocol.name + spec.protocolOptions(g),
		"side " + side.String(),
	}
	for _, kv := range options {
		lines = append(lines, "option "+kv[0]+" "+kv[1])
	}
	return lines
}

func (ourProtocol) turn(g Game, left time.Duration) []string {
	return []string{"position " + engineRecord(g), fmt.Sprintf("go time %d", left.Milliseconds())}
}

func (ourProtocol) aside(line string) bool {
	fields := strings.Fields(line)
	return len(fields) == 0 || fields[0] == "info"
}

func (ourProtocol) answer(line string, g Game, d *Decision) (Move, bool, error) {
	fields := strings.Fields(line)
	switch {
	case len(fields) == 0:
		return NoMove, false, nil // a blank line says nothing
	case fields[0] == "info":
		readInfo(fields[1:], g, d) // its problems are -check's to report
		return NoMove, false, nil
	case fields[0] != "move":
		return NoMove, false, fault{ForfeitGarbage, fmt.Errorf("said %s, not a move or info line", quoteUpTo(line, engineEcho))}
	case len(fields) != 2:
		return NoMove, false, fault{ForfeitGarbage, fmt.Errorf("answered %s: accepted is move and one move", quoteUpTo(line, engineEcho))}
	}
	m, err := g.ParseMove(fields[1])
	if err != nil {
		// Text that is no move at all is garbage; a move of the game's
		// notation that this position does not allow is illegal.
		kind, e := ForfeitIllegal, (*moveError)(nil)
		if errors.As(err, &e) && e.notMove {
			kind = ForfeitGarbage
		}
		return NoMove, false, fault{kind, fmt.Errorf("answered %s: %s", quoteUpTo(line, engineEcho), moveFault(fields[1], err))}
	}
	return m, true, nil
}

// readInfo takes what it knows of an info line's words into d: score,
// depth and nodes each with a whole number, pv with the moves it expects
// (its own first) to the line's end, as far as they are legal, and string
// with its text to the line's end. Any other word is passed over: info is
// for people, and a word it does not know costs the engine nothing. What
// it could not read comes back as problems, one a line, for -check: a
// game goes on without them.
func readInfo(words []string, g Game, d *Decision) (problems []string) {
	for i := 0; i < len(words); i++ {
		key := words[i]
		switch key {
		case "pv":
			var bad string
			d.PV, bad = readPV(words[i+1:], g)
			if bad != "" {
				problems = append(problems, bad)
			}
			return problems
		case "string":
			d.Says = strings.Join(words[i+1:], " ")
			return problems
		case "score", "depth", "nodes":
		default:
			continue
		}
		if i+1 == len(words) {
			return append(problems, fmt.Sprintf("info %s without a value: expected a whole number after it", key))
		}
		n, err := strconv.ParseInt(words[i+1], 10, 64)
		if err != nil {
			problems = append(problems, fmt.Sprintf("info %s %s: expected a whole number after %s",
				key, quoteUpTo(words[i+1], engineEcho), key))
			continue
		}
		switch key {
		case "score":
			d.Score, d.Unknown = int(max(-infinity, min(infinity, n))), d.Unknown&^FigScore
		case "depth":
			d.Depth, d.Unknown = int(max(0, min(1<<20, n))), d.Unknown&^FigDepth
		case "nodes":
			d.Nodes, d.Unknown = max(0, n), d.Unknown&^FigNodes
		}
		i++
	}
	return problems
}

// readPV is the legal start of a line of moves from g, and what stopped
// it short of the line's end.
func readPV(words []string, g Game) ([]Move, string) {
	g = g.Clone()
	var pv []Move
	for i, w := range words {
		m, err := g.ParseMove(w)
		if err != nil {
			return pv, fmt.Sprintf("info pv: move %d of the line, %s: %s: expected moves legal one after another, its own first",
				i+1, quoteUpTo(w, engineEcho), moveFault(w, err))
		}
		pv = append(pv, m)
		g.Play(m)
	}
	return pv, ""
}

func (ourProtocol) played(Game, Move) []string { return nil }

func (ourProtocol) expects(g Game) string {
	return `"move M", M ` + cardOf(g).protocol.expects(g) + `; "info ..." lines before it are optional`
}

func (ourProtocol) end(w Side, over, forfeit bool) []string {
	if !over {
		return []string{"quit"}
	}
	result := "result draw"
	if w != Nobody {
		result = "result " + w.String()
	}
	if forfeit {
		result += " forfeit"
	}
	return []string{result, "quit"}
}

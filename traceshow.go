package main

import (
	"fmt"
	"strings"
)

// traceFormats are the -trace-format values.
var traceFormats = []string{"text", "dot", "json"}

// traceOutput is what a front end prints after a decision of bot made
// under budget b with -trace, at the position whose record is position
// ("" the start) with the move chosen there, move: the decision's trace in
// the format asked for, or, from a bot that gave none, a one-line trace
// saying so. Without -trace it is "".
func traceOutput(bot Bot, d Decision, b Budget, position, move string) string {
	if b.Trace <= 0 {
		return ""
	}
	var t SearchTrace
	if d.Trace != nil {
		t = *d.Trace
	} else {
		t = SearchTrace{Bot: bot.Name(), Heading: []string{fmt.Sprintf("trace: %s gives no trace of this decision", bot.Name())}}
	}
	t.Position, t.Move = position, move
	switch b.TraceFormat {
	case "dot":
		return traceDOT(&t)
	case "json":
		return traceJSON(&t)
	}
	return traceText(&t)
}

// wrapTrace breaks a text trace's lines at width (a terminal's; 0 leaves
// them as they are) between tokens, as the game's other lines are, so
// that the terminal's own wrap never splits a number of the outline. A
// line's continuation is indented 4 past the line's own indent, so that
// it stays right of the node it belongs to. Only the text format is
// wrapped: DOT and JSON are for programs, which read whole lines.
func wrapTrace(text, format string, width int) string {
	if width <= 0 || (format != "" && format != "text") {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		lead := len(line) - len(strings.TrimLeft(line, " "))
		lines[i] = wrapLine(line, width, lead+4)
	}
	return strings.Join(lines, "\n")
}

// visitsLine is mcts's root moves for -v, in one line of at most width
// columns: as many of the most-visited as fit, each with its visits and
// win rate for the mover, e.g. "  visits (win rate): 4 812 (55%), 3 301
// (48%)".
func visitsLine(g Game, top []MoveVisits, width int) string {
	line := "  visits (win rate):"
	for i, m := range top {
		item := fmt.Sprintf(" %s %d (%.0f%%)", g.FormatMove(m.Move), m.Visits, 100*m.WinRate)
		if i > 0 {
			item = "," + item
		}
		if len(line)+len(item) > width {
			break
		}
		line += item
	}
	return line
}

package main

import (
	"fmt"
	"strings"
)

// traceFormats are the -trace-format values.
var traceFormats = []string{"text", "dot", "json"}

// traceOutput is what a front end prints after a decision of the bot
// named bot, with -trace: the trace tr it gave, at the position whose
// record is position ("" the start) with the move chosen there, move, in
// format (-trace-format); or, from a bot that gave none (tr nil), a
// one-line trace saying so.
func traceOutput(bot string, tr *SearchTrace, format, position, move string) string {
	var t SearchTrace
	if tr != nil {
		t = *tr
	} else {
		t = SearchTrace{Bot: bot, Heading: []string{fmt.Sprintf("trace: %s gives no trace of this decision", bot)}}
	}
	t.Position, t.Move = position, move
	switch format {
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

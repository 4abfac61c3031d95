package main

import "fmt"

// traceFormats are the -trace-format values.
var traceFormats = []string{"text", "dot", "json"}

// traceOutput is what a front end prints after a decision of bot made
// under budget b with -trace: the decision's trace in the format asked
// for, or, from a bot that gave none, a one-line trace saying so. Without
// -trace it is "".
func traceOutput(bot Bot, d Decision, b Budget) string {
	if b.Trace <= 0 {
		return ""
	}
	t := d.Trace
	if t == nil {
		t = &SearchTrace{Bot: bot.Name(), Heading: []string{fmt.Sprintf("trace: %s gives no trace of this decision", bot.Name())}}
	}
	switch b.TraceFormat {
	case "dot":
		return traceDOT(t)
	case "json":
		return traceJSON(t)
	}
	return traceText(t)
}

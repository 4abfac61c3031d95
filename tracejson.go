package main

import "encoding/json"

// traceJSON writes a trace as one line of JSON, the tree nested under
// "root" (the fields are SearchTrace's and TraceNode's), so that a run's
// traces form a JSON Lines stream a notebook reads line by line.
func traceJSON(t *SearchTrace) string {
	b, err := json.Marshal(t)
	if err != nil {
		// Only a float that is no number could fail, and floatOf keeps
		// those out.
		panic("trace: " + err.Error())
	}
	return string(b)
}

package main

import (
	"io"
	"testing"
)

// -trace-format takes text, dot or json; anything else is one line naming
// the flag and what it accepts.
func TestTraceFormatFlag(t *testing.T) {
	for _, tc := range []struct {
		value, err string
	}{
		{"text", ""},
		{"dot", ""},
		{"json", ""},
		{"svg", `-trace-format "svg": accepted are text, dot, json`},
		{"", `-trace-format "": accepted are text, dot, json`},
	} {
		o, err := parseFlags([]string{"-trace-format", tc.value}, io.Discard)
		switch {
		case tc.err == "" && (err != nil || o.traceFormat != tc.value):
			t.Errorf("-trace-format %q: %v", tc.value, err)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("-trace-format %q: error %v, want %q", tc.value, err, tc.err)
		}
	}
}

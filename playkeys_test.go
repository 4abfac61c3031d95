package main

import (
	"bytes"
	"io"
	"slices"
	"testing"
)

// For each Ctrl-C the watch says whether its line held keys: Enter and
// Ctrl-C begin a line afresh, Ctrl-D changes nothing, any other key
// (an arrow's escape sequence too) counts; each Ctrl-C is answered once,
// in order, and one never noted counts as on an empty line.
func TestKeyWatch(t *testing.T) {
	for _, tc := range []struct {
		name string
		keys []string // the reads, in order
		want []bool   // halfTyped, one call per entry
	}{
		{"empty line", []string{"\x03"}, []bool{false}},
		{"half-typed line", []string{"he", "l\x03"}, []bool{true}},
		{"typed, then empty", []string{"12\x03\x03"}, []bool{true, false}},
		{"a line sent, then Ctrl-C", []string{"4\r", "\x03"}, []bool{false}},
		{"newline ends a line too", []string{"4\n\x03"}, []bool{false}},
		{"an arrow recalls a line", []string{"\x1b[A\x03"}, []bool{true}},
		{"Ctrl-D on an empty line", []string{"\x04\x03"}, []bool{false}},
		{"Ctrl-D on a typed line", []string{"1\x04\x03"}, []bool{true}},
		{"keys typed ahead count", []string{"3", "\x03", "\x03"}, []bool{true, false}},
		{"no Ctrl-C noted", nil, []bool{false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w keyWatch
			for _, k := range tc.keys {
				w.see([]byte(k))
			}
			var got []bool
			for range tc.want {
				got = append(got, w.halfTyped())
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// pass hands every key on, noted before it is handed on, and ends the
// output (liner's input) when the terminal's input ends.
func TestKeyWatchPass(t *testing.T) {
	in := bytes.NewBufferString("ab\x03c\r")
	pr, pw := io.Pipe()
	var w keyWatch
	done := make(chan []byte)
	go func() {
		got, _ := io.ReadAll(pr)
		done <- got
	}()
	w.pass(in, pw)
	if got := <-done; string(got) != "ab\x03c\r" {
		t.Errorf("liner read %q", got)
	}
	if !w.halfTyped() || w.halfTyped() {
		t.Error("the Ctrl-C after ab is not noted as on a half-typed line, alone")
	}
}

package main

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// FuzzEngineLines: whatever bytes an engine writes, in whatever pieces,
// the reader hands on the lines a line splitter finds (CR LF or LF, the
// last line without one too), or stops at the first over-long line.
func FuzzEngineLines(f *testing.F) {
	f.Add([]byte("info depth 1\nmove 4\n"), 3)
	f.Add([]byte("move 4\r\nmove 5"), 1)
	f.Add([]byte("\n\r\n\r\r\n"), 2)
	f.Add(bytes.Repeat([]byte("x"), 5000), 7)
	f.Add([]byte(strings.Repeat("y", 99)+"\n"+strings.Repeat("z", 101)+"\n"), 64)
	f.Fuzz(func(t *testing.T, data []byte, piece int) {
		const limit = 100
		var want []string
		if len(data) > 0 {
			want = strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		}
		long := -1
		for i, l := range want {
			want[i] = strings.TrimSuffix(l, "\r")
			if long < 0 && len(want[i]) > limit {
				long = i
			}
		}
		var r io.Reader = bytes.NewReader(data)
		if piece = piece%17 + 1; piece > 1 {
			r = &pieces{data: data, n: piece}
		} else {
			r = iotest.OneByteReader(r)
		}
		var got []string
		sawLong := false
		readEngineLines(r, limit, func(lines []string, err error) {
			if sawLong {
				t.Fatal("a line after the over-long one")
			}
			got = append(got, lines...)
			sawLong = errors.Is(err, errLineLong)
		})
		if long >= 0 {
			if !sawLong || !slices.Equal(got, want[:long]) {
				t.Errorf("%q: got %q (long %v), want %q then the long line", data, got, sawLong, want[:long])
			}
		} else if !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", data, got, want)
		}
	})
}

package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// engineMaxLine is how long a line of an engine's stdout may be, in
// bytes, beyond which the engine forfeits.
const engineMaxLine = 64 << 10

// errLineLong is reading's end at a line over engineMaxLine.
var errLineLong = fault{ForfeitGarbage, fmt.Errorf("wrote a line over %d KiB", engineMaxLine>>10)}

// readEngineLines hands the lines of r to emit, without their line
// endings (\n or \r\n), however the writes that made them were split:
// every whole line that one read brings, together, so that lines an
// engine wrote at once are there at once. A line over max bytes is handed
// on as errLineLong, after the lines before it, and reading stops there.
func readEngineLines(r io.Reader, max int, emit func([]string, error)) {
	var part []byte // a line begun, its newline not read yet
	chunk := make([]byte, 4096)
	for {
		n, err := r.Read(chunk)
		data := chunk[:n]
		var lines []string
		for {
			i := bytes.IndexByte(data, '\n')
			if i < 0 {
				break
			}
			part = append(part, data[:i]...)
			text := strings.TrimSuffix(string(part), "\r")
			part, data = part[:0], data[i+1:]
			if len(text) > max {
				emit(lines, errLineLong)
				return
			}
			lines = append(lines, text)
		}
		part = append(part, data...)
		last := strings.TrimSuffix(string(part), "\r") // the last line, if no newline ever comes
		switch {
		case len(last) > max:
			emit(lines, errLineLong)
			return
		case err != nil:
			if last != "" || len(part) > 0 {
				lines = append(lines, last)
			}
			if len(lines) > 0 {
				emit(lines, nil)
			}
			return
		case len(lines) > 0:
			emit(lines, nil)
		}
	}
}

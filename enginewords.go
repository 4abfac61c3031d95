package main

import (
	"strconv"
	"strings"
)

// An engine's last words, as a fault quotes them: the last line it wrote
// to stderr before it ended says why more often than not (an exception,
// a file it could not open), and the cause is at the line's end.

// engineLastWords is how many characters of an engine's last line on
// stderr a fault quotes: a whole line of an interpreter's complaint, its
// own path and the file it could not open included, and the fault stays
// a few lines at 80 columns. A longer line is quoted by its end, where
// the cause is (quoteEnd).
const engineLastWords = 240

// quoteEnd quotes s as quoteUpTo does, but keeps its last n characters
// when it is longer: the end of an error line says what went wrong
// ("...: No such file or directory"), its start only who said it.
func quoteEnd(s string, n int) string {
	runes := []rune(s)
	for len(runes) > 0 {
		q := quoteUpTo(string(runes), n)
		if !strings.HasSuffix(q, `"...`) {
			if len(runes) < len([]rune(s)) {
				return "..." + q
			}
			return q
		}
		// Drop what is over, and look again: an escaped character counts
		// as the characters that show.
		over := max(len([]rune(strings.TrimSuffix(strings.TrimPrefix(strconv.Quote(string(runes)), `"`), `"`)))-n, 1)
		runes = runes[min(over, len(runes)):]
	}
	return `""`
}

package main

import (
	"fmt"
	"strings"
)

// Counts and results in words, as every front end writes them.

// plural writes a count with its noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// inPlies words a won or lost end so many plies away.
func inPlies(score, plies int) string {
	switch {
	case score > 0:
		return "wins in " + plural(plies, "ply", "plies")
	case score < 0:
		return "loses in " + plural(plies, "ply", "plies")
	}
	return "draw"
}

// orList writes words as a person lists choices: "a", "a or b", "a, b
// or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

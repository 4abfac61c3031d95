package main

import (
	"strings"
	"unicode/utf8"
)

// The nearest name to one typed wrong, for "did you mean": a flag, a
// bot, a key, or a value from a fixed set.

// nearestWord is the word of words that typed most likely meant: the only
// one fewest edits away (a letter added, dropped or changed, or two
// neighbours swapped; case aside), when that is close enough to be a
// slip of the fingers (one edit in a word of up to five letters, two in
// a longer one), or else the only word that typed begins (three letters
// at least). ok is false when no word is that near, or two are.
func nearestWord(typed string, words []string) (word string, ok bool) {
	t := strings.ToLower(typed)
	n := utf8.RuneCountInString(t)
	limit := 1
	if n > 5 {
		limit = 2
	}
	best, count := limit+1, 0
	for _, w := range words {
		d := editDistance(t, strings.ToLower(w))
		switch {
		case d == 0:
			return w, true
		case d < best:
			best, count, word = d, 1, w
		case d == best && d <= limit && !strings.EqualFold(w, word):
			count++
		}
	}
	if count == 1 {
		return word, true
	}
	if n < 3 {
		return "", false
	}
	word, count = "", 0
	for _, w := range words {
		if strings.HasPrefix(strings.ToLower(w), t) && !strings.EqualFold(w, word) {
			word, count = w, count+1
		}
	}
	if count != 1 {
		return "", false
	}
	return word, true
}

// editDistance is the number of edits from a to b: letters added,
// dropped or changed, and neighbours swapped (the optimal string
// alignment distance), counted in runes.
func editDistance(a, b string) int {
	s, t := []rune(a), []rune(b)
	// Three rows of the table: two back (for swaps), the last, this one.
	prev2 := make([]int, len(t)+1)
	prev := make([]int, len(t)+1)
	cur := make([]int, len(t)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(s); i++ {
		cur[0] = i
		for j := 1; j <= len(t); j++ {
			cost := 1
			if s[i-1] == t[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && s[i-1] == t[j-2] && s[i-2] == t[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(t)]
}

// expecting is what a message says after a value typed wrong: "expected
// WHAT", or, when one of words is near what was typed, "did you mean
// WORD? Expected WHAT"; prefix goes before the word ("-" for a flag).
func expecting(typed, prefix string, words []string, what string) string {
	if w, ok := nearestWord(typed, words); ok {
		return "did you mean " + prefix + w + "? Expected " + what
	}
	return "expected " + what
}

// isNear reports whether typed is word typed wrong (or in another case).
func isNear(typed, word string) bool {
	_, ok := nearestWord(typed, []string{word})
	return ok
}

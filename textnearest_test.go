package main

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// The nearest name: one slip of the fingers away (two in a longer word),
// or the one name begun; never a guess between two.
func TestNearest(t *testing.T) {
	flags := []string{"game", "bot", "level", "first", "x", "o", "depth", "time", "tournament", "trace", "trace-format", "trace-out", "v", "games"}
	for _, tt := range []struct {
		typed string
		words []string
		want  string // "" for none
	}{
		{"gmae", flags, "game"},
		{"Game", flags, "game"},
		{"dpth", flags, "depth"},
		{"tournement", flags, "tournament"},
		{"tourn", flags, "tournament"},
		{"trace-fromat", flags, "trace-format"},
		{"y", flags, ""},       // x, o and v are all one letter away
		{"gam", flags, "game"}, // one from game, two from games
		{"tra", flags, ""},     // begins three flags
		{"nope", flags, ""},    // nothing near
		{"xyzzy", flags, ""},   // nothing near
		{"gamess", flags, "games"},
		{"conect4", []string{"ttt", "tictactoe", "connect4", "c4", "adjacency", "adj"}, "connect4"},
		{"adjacancy", []string{"ttt", "tictactoe", "connect4", "c4", "adjacency", "adj"}, "adjacency"},
		{"alphabta", []string{"minimax", "alphabeta", "local", "mcts"}, "alphabeta"},
		{"humna", []string{"human", "bot", "random"}, "human"},
		{"threat", []string{"segments", "threats", "reply-segments", "reply-threats"}, "threats"},
		{"", flags, ""},
	} {
		got, ok := nearestWord(tt.typed, tt.words)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("nearestWord(%q) = %q, %v; want %q", tt.typed, got, ok, tt.want)
		}
	}
}

// The edit distance against a plain recursive definition of the optimal
// string alignment distance.
func TestEditDistance(t *testing.T) {
	var slow func(a, b []rune) int
	slow = func(a, b []rune) int {
		switch {
		case len(a) == 0:
			return len(b)
		case len(b) == 0:
			return len(a)
		}
		cost := 1
		if a[len(a)-1] == b[len(b)-1] {
			cost = 0
		}
		d := min(slow(a[:len(a)-1], b)+1, slow(a, b[:len(b)-1])+1, slow(a[:len(a)-1], b[:len(b)-1])+cost)
		if len(a) > 1 && len(b) > 1 && a[len(a)-1] == b[len(b)-2] && a[len(a)-2] == b[len(b)-1] {
			d = min(d, slow(a[:len(a)-2], b[:len(b)-2])+1)
		}
		return d
	}
	words := []string{"", "a", "ab", "ba", "abc", "acb", "game", "gmae", "games", "depth", "dpth", "héllo", "hello", "ca", "abc"}
	for _, a := range words {
		for _, b := range words {
			if got, want := editDistance(a, b), slow([]rune(a), []rune(b)); got != want {
				t.Errorf("editDistance(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// nearestWord never fails on any text: what it names is one of the words,
// near or begun by the text; the distance is symmetric, 0 only between
// equal texts, and never more than the longer text's runes.
func FuzzNearest(f *testing.F) {
	for _, s := range []string{"gmae", "", "tourn", "héllo", "\xff", "trace-fromat"} {
		f.Add(s, "game")
	}
	words := []string{"game", "games", "tournament", "trace", "trace-format", "x", "héllo"}
	f.Fuzz(func(t *testing.T, typed, other string) {
		if len(typed) > 100 || len(other) > 100 {
			return
		}
		if w, ok := nearestWord(typed, words); ok {
			near := editDistance(strings.ToLower(typed), strings.ToLower(w)) <= 2
			if !slices.Contains(words, w) || !near && !strings.HasPrefix(strings.ToLower(w), strings.ToLower(typed)) {
				t.Errorf("nearestWord(%q) = %q", typed, w)
			}
		}
		d := editDistance(typed, other)
		longer := max(utf8.RuneCountInString(typed), utf8.RuneCountInString(other))
		same := string([]rune(typed)) == string([]rune(other)) // invalid bytes read as U+FFFD
		if d != editDistance(other, typed) || (d == 0) != same || d > longer {
			t.Errorf("editDistance(%q, %q) = %d", typed, other, d)
		}
	})
}

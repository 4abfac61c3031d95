package main

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// Each step of shortNames on the names it is for: the specs' shared keys
// left out, the prefix all names share left out, a head and a tail from a
// separator, the head alone when it tells the names apart, the row's
// number when nothing else does.
func TestShortNames(t *testing.T) {
	for _, tc := range []struct {
		name  string
		names []string
		room  int
		want  []string
	}{
		{"all fit", []string{"alphabeta", "mcts"}, 18, []string{"alphabeta", "mcts"}},
		// The case: cut at 17 they read "alphabeta:depth=6~" twice.
		{"keys alike left out", []string{"alphabeta:depth=6:order=none", "alphabeta:depth=6:order=game", "mcts:playouts=1000:c=0.5",
			"mcts:playouts=1000:c=1.5", "random"}, 18,
			[]string{"alphabe~order=none", "alphabe~order=game", "mcts~c=0.5", "mcts~c=1.5", "random"}},
		{"a sweep fits", []string{"alphabeta:depth=6:eval=threats", "alphabeta:depth=7:eval=threats"}, 18,
			[]string{"alphabeta~depth=6", "alphabeta~depth=7"}},
		// docs/bots.md's sweep of two keys: no key alike, the prefix is.
		{"shared prefix left out", []string{"alphabeta:depth=4:eval=threats", "alphabeta:depth=6:eval=segments", "alphabeta:depth=6:eval=threats"}, 18,
			[]string{"~4:eval=threats", "~6:eval=segments", "~6:eval=threats"}},
		{"shared prefix left out from a separator", []string{"alphabeta:depth=4:eval=threats", "alphabeta:depth=6:eval=segments"}, 22,
			[]string{"~depth=4:eval=threats", "~depth=6:eval=segments"}},
		{"tail from a separator", []string{"mcts:playouts=1000:c=0.5", "mcts:playouts=1000:c=1.5", "mcts"}, 18,
			[]string{"mcts~c=0.5", "mcts~c=1.5", "mcts"}},
		{"no spec: head and tail", []string{"student-07-minimax-final", "student-07-minimax-draft", "student-08-mcts"}, 16,
			[]string{"student-07~final", "student-07~draft", "student-08-mcts"}},
		{"the head tells apart", []string{"student-01-aaaaaaaaaaaaaaaaaaa", "student-02-bbbbbbbbbbbbbbbbbbb"}, 18,
			[]string{"student-01-aaaaaa~", "student-02-bbbbbb~"}},
		{"alike at both ends", []string{"common-head-1-common-tail", "common-head-2-common-tail", "x"}, 10,
			[]string{"common-~#1", "common-~#2", "x"}},
		// A name that fits and reads like another's shortened text makes
		// every row numbered.
		{"a name like a short one", []string{"abcdefgh-1-ijklmnopq", "abcdefgh-2-ijklmnopq", "abcdef~#1"}, 9,
			[]string{"abcdef~#1", "abcdef~#2", "abcdef~#3"}},
		{"room below the least", []string{"alphabeta", "alphabetb"}, 3, []string{"alphab~a", "alphab~b"}}, // minNameRoom
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := shortNames(tc.names, tc.room)
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// Whatever the names, no two read the same, none is longer than the
// room, and a name that fits reads whole unless every row is numbered.
func TestShortNamesDistinct(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	rng := rand.New(rand.NewPCG(7, 44))
	alphabet := []rune("ab:-~#=1é")
	for trial := range 5000 {
		n := 1 + rng.IntN(12)
		seen := map[string]bool{}
		var names []string
		for len(names) < n {
			r := make([]rune, 1+rng.IntN(30))
			for i := range r {
				r[i] = alphabet[rng.IntN(len(alphabet))]
			}
			if s := string(r); !seen[s] {
				seen[s] = true
				names = append(names, s)
			}
		}
		room := rng.IntN(24)
		checkShortNames(t, names, room, trial)
	}
}

// checkShortNames fails t unless shortNames keeps its promises on names.
func checkShortNames(t *testing.T, names []string, room, trial int) {
	t.Helper()
	got := shortNames(names, room)
	if len(got) != len(names) || !distinct(got) {
		t.Fatalf("trial %d, room %d: %q gives %q", trial, room, names, got)
	}
	numbered := true
	for i, s := range got {
		if utf8.RuneCountInString(s) > max(room, minNameRoom) {
			t.Fatalf("trial %d, room %d: %q gives %q, longer than the room", trial, room, names, s)
		}
		numbered = numbered && strings.HasSuffix(s, "~#"+strconv.Itoa(i+1))
	}
	for i, n := range names {
		if utf8.RuneCountInString(n) <= max(room, minNameRoom) && got[i] != n && !numbered {
			t.Fatalf("trial %d, room %d: %q fits but reads %q", trial, room, n, got[i])
		}
	}
}

// Fuzzed names and rooms: the same promises.
func FuzzShortNames(f *testing.F) {
	f.Add("alphabeta:depth=6:order=none\nalphabeta:depth=6:order=game", 18)
	f.Add("a-1-b\na-2-b\na~#1", 5)
	f.Fuzz(func(t *testing.T, text string, room int) {
		names := strings.Split(text, "\n")
		if len(names) > 600 || !distinct(names) || room < 0 || room > 200 {
			return
		}
		checkShortNames(t, names, room, 0)
	})
}

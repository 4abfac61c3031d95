package main

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Names as the tables show them. A table keeps within 80 columns, so a
// name longer than the room its column has is shortened, and a legend
// under the table gives it in full. Cutting every long name at the same
// length showed two players as the same text whenever they differ past
// the cut (alphabeta:depth=6:order=none and ...:order=game both read
// "alphabeta:depth=6~"): so a shortened name keeps what tells it apart
// from the others, and no two players ever read the same
// (docs/strength.md#tournaments).

// shortNames are the names as a table of room columns shows them, in the
// same order: a name that fits is shown whole; a longer one is shortened
// with a "~" where text was left out. No two results are the same text
// (when no two names are), and none is longer than room (room is taken
// to be at least minNameRoom). Four steps, each tried only when the one
// before does not do:
//
//   - a bot spec drops the keys every player of its bot has alike, which
//     say nothing about who is who: alphabeta:depth=6:order=none among
//     alphabeta:depth=6:order=game reads "alphabeta~order=none";
//   - the name drops the prefix every name shares, from a separator if
//     that fits: alphabeta:depth=4:eval=threats among
//     alphabeta:depth=6:eval=segments reads "~4:eval=threats";
//   - the head and the tail of the name with its middle left out, the
//     tail long enough to hold what differs from every other name and, if
//     it can, starting after a separator (nameSeparators):
//     "mcts:playout~c=0.5";
//   - its head and its row number, "~#3", when no head and tail tell it
//     apart (names alike at both ends, different only in the middle).
func shortNames(names []string, room int) []string {
	room = max(room, minNameRoom)
	fits := func(s string) bool { return utf8.RuneCountInString(s) <= room }
	if !slices.ContainsFunc(names, func(n string) bool { return !fits(n) }) {
		return slices.Clone(names)
	}
	// Step 1: the specs' shared keys left out, if that keeps the names
	// apart; the names that fit stay whole.
	base := slices.Clone(names)
	dropped := specShortNames(names)
	for i, n := range names {
		if !fits(n) {
			base[i] = dropped[i]
		}
	}
	if !distinct(base) {
		base = slices.Clone(names)
	}
	// Step 2: the shared prefix dropped. Step 3: head and tail, from the
	// first step's names.
	short, told := slices.Clone(base), true
	shared := commonPrefixAll(names)
	for i, n := range base {
		if fits(n) {
			continue
		}
		if d, ok := dropPrefix(names[i], shared, room); ok {
			short[i] = d
			continue
		}
		var ok bool
		short[i], ok = headTail(n, base, room)
		told = told && ok
	}
	if told && distinct(short) {
		return short
	}
	// Step 3: the row's number. Its "~#i" ends the text, and the last
	// "~#" of a text is this one (i is digits), so two rows' texts
	// differ. Should a name that fits read like one, every name gets its
	// number.
	numbered := func(i int, n string) string {
		tag := "~#" + strconv.Itoa(i+1)
		head := []rune(n)[:max(0, min(utf8.RuneCountInString(n), room-utf8.RuneCountInString(tag)))]
		return string(head) + tag
	}
	for i, n := range names {
		if !fits(n) {
			short[i] = numbered(i, n)
		}
	}
	if !distinct(short) {
		for i, n := range names {
			short[i] = numbered(i, n)
		}
	}
	return short
}

// minNameRoom is the least room a name gets: enough for a head and
// "~#512", the most players -rate takes.
const minNameRoom = 8

// distinct says no two of the texts are the same.
func distinct(texts []string) bool {
	seen := make(map[string]bool, len(texts))
	for _, t := range texts {
		if seen[t] {
			return false
		}
		seen[t] = true
	}
	return true
}

// specShortNames are the names with the keys left out that every player
// of the same bot has alike ("alphabeta~order=none"); a name that is no
// spec, has no key to leave out, or is its bot's only player stays whole.
func specShortNames(names []string) []string {
	specs := make([]*specText, len(names))
	for i, n := range names {
		if s, err := splitSpec(n); err == nil && len(s.pairs) > 0 {
			specs[i] = &s
		}
	}
	out := slices.Clone(names)
	for i, s := range specs {
		if s == nil {
			continue
		}
		var kept []string
		peers := 0
		for j, o := range specs {
			if j != i && o != nil && o.name == s.name {
				peers++
			}
		}
		for _, kv := range s.pairs {
			shared := peers > 0
			for j, o := range specs {
				if j != i && o != nil && o.name == s.name && !slices.Contains(o.pairs, kv) {
					shared = false
				}
			}
			if !shared {
				kept = append(kept, kv[0]+"="+kv[1])
			}
		}
		if len(kept) < len(s.pairs) {
			out[i] = s.name + "~" + strings.Join(kept, ":")
		}
	}
	return out
}

// commonPrefixAll is how many runes every one of names starts with.
func commonPrefixAll(names []string) int {
	if len(names) < 2 {
		return 0
	}
	first := []rune(names[0])
	n := len(first)
	for _, o := range names[1:] {
		n = min(n, commonPrefix(first, []rune(o)))
	}
	return n
}

// dropPrefix is name without as little of its first shared runes (those
// every name has) as leaves room for it and a "~" ahead, dropped up to a
// separator or a spec's "=" so that no word is cut ("~4:eval=threats",
// not "~th=4:eval=threats"); ok is false when none fits.
func dropPrefix(name string, shared, room int) (short string, ok bool) {
	r := []rune(name)
	least := len(r) + 1 - room // runes to drop at least
	for k := max(least, 1); k <= shared; k++ {
		if strings.ContainsRune(nameSeparators+"=", r[k-1]) {
			return "~" + string(r[k:]), true
		}
	}
	return "", false
}

// headTail is name shortened to room runes as its head, "~" and its
// tail, the tail chosen so that the text differs from every other of
// names however they are shown in the same way; ok is false when no
// tail does.
// Name and another are told apart by the head when it is longer than
// their common prefix, or by the tail when it is longer than their
// common suffix: the tails that do neither are excluded, and of the rest
// the shortest that starts after a separator (a whole word) is taken,
// else the shortest (none at all when the head tells them apart).
func headTail(name string, names []string, room int) (short string, ok bool) {
	r := []rune(name)
	span := room - 1 // head and tail
	bad := make([]bool, span+1)
	for _, o := range names {
		if o == name {
			continue
		}
		or := []rune(o)
		pre, suf := commonPrefix(r, or), commonSuffix(r, or)
		// The tail t fails to tell them apart when t <= suf and the
		// head span-t <= pre.
		for t := max(0, span-pre); t <= min(span, suf); t++ {
			bad[t] = true
		}
	}
	// The shortest tail that tells name apart and starts after a
	// separator, leaving a head of four at least; else the shortest.
	best := slices.Index(bad, false)
	for t := 1; t <= span-4; t++ {
		if !bad[t] && strings.ContainsRune(nameSeparators, r[len(r)-t-1]) {
			best = t
			break
		}
	}
	if best < 0 {
		return "", false
	}
	return string(r[:span-best]) + "~" + string(r[len(r)-best:]), true
}

// nameSeparators end the words of a name: a tail that starts after one
// starts with a whole word (a spec's key, an engine's version). "~" is
// one too: it ends the bot's name in a spec shortened by its keys.
const nameSeparators = ":-_/ ~"

// commonPrefix is how many runes a and b share from their start.
func commonPrefix(a, b []rune) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// commonSuffix is how many runes a and b share at their end.
func commonSuffix(a, b []rune) int {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	return n
}

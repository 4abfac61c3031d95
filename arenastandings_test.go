package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// maskTimes is text with every table's ms/move column masked and runs
// of spaces made one, so that two runs of the same games compare equal
// however long their moves took.
func maskTimes(text string) string {
	lines := strings.Split(text, "\n")
	var header []string // the table's, while in one
	for i, line := range lines {
		f := strings.Fields(line)
		if k := indexOf(f, "ms/move"); k >= 0 {
			header = f
		} else if header != nil {
			if k, ok := timeField(header, f); ok {
				f[k] = "*"
			} else {
				header = nil // the table ended
			}
		}
		lines[i] = strings.Join(f, " ")
	}
	return strings.Join(lines, "\n")
}

// timeField reads row as a row of the table whose header is given: a
// name of any number of words (a bot playing itself is "random (as -x)")
// where the header has "bot", then the figures, as many as the header
// has after "bot", every one a number (a rating may be "+inf" or
// ">=+277", a bot without games "-") but the last, the forfeits. It
// returns the place of the ms/move figure in row, ok false for a line
// that is no such row.
func timeField(header, row []string) (int, bool) {
	name := indexOf(header, "bot")
	figures := len(header) - 1 - name
	if name < 0 || len(row) < len(header) {
		return 0, false
	}
	first := len(row) - figures
	for _, cell := range row[first : len(row)-1] {
		if _, err := strconv.ParseFloat(strings.TrimLeft(cell, "<>="), 64); err != nil && cell != "-" {
			return 0, false
		}
	}
	return first + indexOf(header, "ms/move") - name - 1, true
}

// indexOf is the place of s in words, -1 if it is not there.
func indexOf(words []string, s string) int {
	for i, w := range words {
		if w == s {
			return i
		}
	}
	return -1
}

// roundRobinText is a round-robin's tables taken apart: the crosstable's
// cells by their players' full names, and the standings' rows split at
// spaces as a script reads them, each with the player's full name (the
// legend's, when shortened) and the name shown.
type roundRobinText struct {
	cells map[[2]string]string
	rows  [][]string // the standings' rows after the header
	full  []string   // by row: the name in full
}

// readRoundRobin reads writeRoundRobin's text back, whichever layout its
// crosstable has: a numbered table's rows are "rank name", its columns
// ranks, maybe in several blocks; names cut short are taken from the
// legend at the end.
func readRoundRobin(t *testing.T, text string) roundRobinText {
	t.Helper()
	blocks := strings.Split(strings.TrimSuffix(text, "\n"), "\n\n")
	byRank := map[string]string{}
	if last := blocks[len(blocks)-1]; strings.HasPrefix(last, "names cut short") {
		blocks = blocks[:len(blocks)-1]
		rank := ""
		for _, line := range strings.Split(last, "\n")[1:] {
			f := strings.Fields(line)
			if len(f) == 2 {
				rank = f[0]
				byRank[rank] = f[1]
			} else { // a name's rest, wrapped
				byRank[rank] += f[0]
			}
		}
	}
	var rr roundRobinText
	standings := strings.Split(blocks[len(blocks)-1], "\n")
	if f := strings.Fields(standings[0]); !slices.Equal(f[:9], strings.Fields("rank bot games wins draws losses score% elo +-")) {
		t.Fatalf("the standings' header reads %q", f)
	}
	for _, line := range standings[1:] {
		f := strings.Fields(line)
		if _, err := strconv.Atoi(f[0]); err != nil {
			continue // the key and the ended line
		}
		if len(f) != 11 {
			t.Fatalf("standings row %q has %d fields, want 11", line, len(f))
		}
		rr.rows = append(rr.rows, f)
		full := f[1]
		if n, ok := byRank[f[0]]; ok {
			full = n
		}
		rr.full = append(rr.full, full)
	}
	cells := map[[2]string]string{}
	for _, block := range blocks[:len(blocks)-1] {
		lines := strings.Split(block, "\n")
		heads := strings.Fields(lines[0])
		for _, line := range lines[1:] {
			f := strings.Fields(line)
			row, cols := f[0], f[1:]
			if _, err := strconv.Atoi(f[0]); err == nil && len(f) == len(heads)+2 { // numbered
				row, cols = rr.full[mustAtoi(t, f[0])-1], f[2:]
			}
			if len(cols) != len(heads) {
				t.Fatalf("row %q has %d cells for %d columns", line, len(cols), len(heads))
			}
			for k, h := range heads {
				if r, err := strconv.Atoi(h); err == nil { // numbered columns name their players by rank
					h = rr.full[r-1]
				}
				cells[[2]string{row, h}] = cols[k]
			}
		}
	}
	rr.cells = cells
	return rr
}

// mustAtoi is s as a number.
func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A round-robin's tables keep within 80 columns whatever the names and
// however many players, and read back: every crosstable cell to its two
// players (by names when they fit, by ranks otherwise, columns in blocks
// when even ranks do not fit), every standings row split at spaces into
// its 11 columns, long names shortened so that no two players read the
// same, the legend giving them in full.
func TestRoundRobinFitsEighty(t *testing.T) {
	long := func(n, length int) []string {
		names := make([]string, n)
		for i := range names {
			head := fmt.Sprintf("student-%02d-", i+1)
			names[i] = head + strings.Repeat(string(rune('a'+i%26)), length-len(head))
		}
		return names
	}
	// Names alike for longer than the standings' room, the case,
	// and alike at both ends.
	alike := []string{"alphabeta:depth=6:order=none", "alphabeta:depth=6:order=game", "mcts:playouts=1000:c=0.5",
		"mcts:playouts=1000:c=1.5", "mcts:playouts=1000:c=2.5"}
	middle := []string{"a-very-long-common-head-1-and-a-very-long-common-tail", "a-very-long-common-head-2-and-a-very-long-common-tail",
		"a-very-long-common-head-3-and-a-very-long-common-tail"}
	for _, tc := range []struct {
		name     string
		names    []string
		games    int // each pair's
		numbered bool
		legend   bool
	}{
		{"short names", []string{"alphabeta", "mcts", "random"}, 4, false, false},
		{"five of 30 characters", long(5, 30), 2, true, true},
		{"eight of 40 characters", long(8, 40), 40, true, true},
		{"six of 60 characters", long(6, 60), 40, true, true},
		{"twenty of 12 characters", long(20, 12), 40, true, false},
		{"a name of 120 characters", append(long(3, 120), "x"), 10, true, true},
		{"specs alike", alike, 2, true, true},
		{"alike at both ends", middle, 2, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := len(tc.names)
			c := newCrossResults(n)
			rng := rand.New(rand.NewPCG(uint64(n), 1))
			for i := range n {
				for j := i + 1; j < n; j++ {
					for range tc.games {
						c.add(i, j, float64(rng.IntN(3))/2)
					}
				}
			}
			var b strings.Builder
			s := c.standings()
			writeRoundRobin(&b, true, tc.names, c, s, newFieldStats(n))
			text := b.String()
			for _, line := range strings.Split(text, "\n") {
				if w := utf8.RuneCountInString(line); w > 80 {
					t.Errorf("a line of %d columns: %q", w, line)
				}
			}
			if got := !strings.Contains(strings.SplitN(text, "\n", 2)[0], tc.names[0]); got != tc.numbered {
				t.Errorf("numbered %v, want %v:\n%s", got, tc.numbered, text)
			}
			if got := strings.Contains(text, "names cut short"); got != tc.legend {
				t.Errorf("legend %v, want %v:\n%s", got, tc.legend, text)
			}
			t.Logf("\n%s", text)
			// Under -grade the grades get a table of their own at a
			// terminal, which keeps within 80 columns too.
			var graded strings.Builder
			writeRoundRobin(&graded, true, tc.names, c, s, newFieldStats(n).graded())
			for _, line := range strings.Split(graded.String(), "\n") {
				if w := utf8.RuneCountInString(line); w > 80 {
					t.Errorf("graded: a line of %d columns: %q", w, line)
				}
			}
			var heads []string // the tables' head lines
			for _, line := range strings.Split(graded.String(), "\n") {
				if strings.HasPrefix(line, "rank") {
					heads = append(heads, strings.Join(strings.Fields(line), " "))
				}
			}
			if want := []string{"rank bot games wins draws losses score% elo +- ms/move forfeits", "rank bot graded% perfect% blunders/game"}; !slices.Equal(heads, want) {
				t.Errorf("graded tables' heads %q, want %q:\n%s", heads, want, graded.String())
			}
			rr := readRoundRobin(t, text)
			shown := map[string]bool{}
			for a, row := range rr.rows {
				if shown[row[1]] {
					t.Errorf("two players read %q:\n%s", row[1], text)
				}
				shown[row[1]] = true
				if want := tc.names[s.order[a]]; rr.full[a] != want {
					t.Errorf("row %d reads %q, in full %q, want %q", a+1, row[1], rr.full[a], want)
				}
			}
			for i, a := range tc.names {
				for j, o := range tc.names {
					want := "-"
					if i != j {
						want = strconv.FormatFloat(c[i][j].points(), 'f', -1, 64) + "/" + strconv.Itoa(tc.games)
					}
					if got := rr.cells[[2]string{a, o}]; got != want {
						t.Fatalf("%s against %s: %q, want %q:\n%s", a, o, got, want, text)
					}
				}
			}
		})
	}
}

// The mask finds the ms/move column whatever the names: a bot playing
// itself has a name of three words, and a line after the table whose
// figures happen to fall in line is not masked.
func TestMaskTimes(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"           bot  wins  ms/move  nodes/move  forfeits\nrandom (as -x)     2     0.01           1         0\nelo: random (as -x) -191 +- 393",
			"bot wins ms/move nodes/move forfeits\nrandom (as -x) 2 * 1 0\nelo: random (as -x) -191 +- 393"},
		{"rank  bot games wins draws losses score%  elo  +- ms/move forfeits\n   1  a b    15   10     1      4   70.0 +130 145    2.64        0\n   2  c       0    0     0      0      -    -   -    0.00        0\n\nx 1 2 3 4 5 6 7 8 9 10",
			"rank bot games wins draws losses score% elo +- ms/move forfeits\n1 a b 15 10 1 4 70.0 +130 145 * 0\n2 c 0 0 0 0 - - - * 0\n\nx 1 2 3 4 5 6 7 8 9 10"},
	} {
		if got := maskTimes(tc.in); got != tc.want {
			t.Errorf("maskTimes:\n%s\nwant:\n%s", got, tc.want)
		}
	}
}

package main

import (
	"fmt"
	"math/rand/v2"
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

// crossCells reads a crosstable back, whichever layout it has: the cell
// of row player and column player, by their names. A numbered table's
// rows are "rank name", its columns ranks, maybe in several blocks, and
// names cut short are taken from the legend.
func crossCells(t *testing.T, text string) map[[2]string]string {
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
	cells := map[[2]string]string{}
	for _, block := range blocks {
		lines := strings.Split(block, "\n")
		heads := strings.Fields(lines[0])
		for _, line := range lines[1:] {
			f := strings.Fields(line)
			row, cols := f[0], f[1:]
			if _, err := strconv.Atoi(f[0]); err == nil && len(f) == len(heads)+2 { // numbered
				row, cols = f[1], f[2:]
				if full, ok := byRank[f[0]]; ok {
					row = full
				}
				byRank[f[0]] = row
			}
			if len(cols) != len(heads) {
				t.Fatalf("row %q has %d cells for %d columns", line, len(cols), len(heads))
			}
			for k, h := range heads {
				cells[[2]string{row, h}] = cols[k]
			}
		}
	}
	// Numbered columns name their players by rank.
	named := map[[2]string]string{}
	for k, v := range cells {
		if full, ok := byRank[k[1]]; ok {
			k[1] = full
		}
		named[k] = v
	}
	return named
}

// A crosstable keeps within 80 columns whatever the names and however
// many players, and every cell still reads back to its two players: by
// names when they fit, by ranks otherwise, long names cut short with a
// legend, columns in blocks when even ranks do not fit.
func TestCrosstableFitsEighty(t *testing.T) {
	long := func(n, length int) []string {
		names := make([]string, n)
		for i := range names {
			head := fmt.Sprintf("student-%02d-", i+1)
			names[i] = head + strings.Repeat(string(rune('a'+i%26)), length-len(head))
		}
		return names
	}
	for _, tc := range []struct {
		name     string
		names    []string
		games    int // each pair's
		numbered bool
		legend   bool
	}{
		{"short names", []string{"alphabeta", "mcts", "random"}, 4, false, false},
		{"five of 30 characters", long(5, 30), 2, true, false},
		{"eight of 40 characters", long(8, 40), 40, true, false},
		{"six of 60 characters", long(6, 60), 40, true, true},
		{"twenty of 12 characters", long(20, 12), 40, true, false},
		{"a name of 120 characters", append(long(3, 120), "x"), 10, true, true},
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
			writeCrosstable(&b, tc.names, c, c.standings())
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
			cells := crossCells(t, text)
			for i, a := range tc.names {
				for j, o := range tc.names {
					want := "-"
					if i != j {
						want = strconv.FormatFloat(c[i][j].points(), 'f', -1, 64) + "/" + strconv.Itoa(tc.games)
					}
					if got := cells[[2]string{a, o}]; got != want {
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

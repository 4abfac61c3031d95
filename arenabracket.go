package main

import (
	"strings"
	"unicode/utf8"
)

// A knockout's bracket as text, as it fills: a column a round, each
// player with its seed and its points in the round's tie, joined to the
// one who went through in the next column, the whole within width
// columns (80, a terminal's):
//
//	(1) minimax 1 ----+
//	                  +-(1) minimax 2 ----+
//	(4) random 0 -----+                   |

// bracketLines draws cols, the bracket's columns: cols[0] the places of
// the first round (a power of two), each column after half the one
// before, the last the winner's; "" for a place not yet known. Column c
// is widths[c] wide; a text too long for its column is cut.
func bracketLines(cols [][]string, widths []int) []string {
	rounds, size := len(cols)-1, len(cols[0])
	grid := make([][]rune, 2*size-1)
	total := 0
	for _, w := range widths {
		total += w
	}
	for r := range grid {
		grid[r] = []rune(strings.Repeat(" ", total))
	}
	x := 0
	for c, col := range cols {
		w, step := widths[c], 1<<(c+1)
		for k, t := range col {
			row := step*k + step/2 - 1
			room := w - 3 // then a space, the bar
			if c == rounds {
				room = w - 1
			}
			if utf8.RuneCountInString(t) > room {
				t = string([]rune(t)[:room])
			}
			if c > 0 && t != "" {
				grid[row][x-1] = '-'
			}
			copy(grid[row][x:], []rune(t))
			if c == rounds {
				continue
			}
			bar := x + w - 2
			for i := x + utf8.RuneCountInString(t) + 1; t != "" && i < bar; i++ {
				grid[row][i] = '-'
			}
			grid[row][bar] = '+'
			if k%2 == 0 {
				for r := row + 1; r < row+step; r++ {
					grid[r][bar] = '|'
				}
				grid[row+step/2][bar] = '+'
			}
		}
		x += w
	}
	lines := make([]string, len(grid))
	for r, g := range grid {
		lines[r] = strings.TrimRight(string(g), " ")
	}
	return lines
}

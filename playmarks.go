package main

import (
	"strings"
)

// A terminal without colour (NO_COLOR, -no-color) still shows what changed:
// the cells that colour would highlight, the last move, the marks it
// turned and a winning line, stand in brackets, [X], and a run of them in
// one row shares one pair, [X X X]. The coloured board is the one source
// of what is highlighted: each game's Render marks the cells, and this
// file turns its highlights into brackets, so that no game draws its board
// twice. Piped output is the original programs' board, without either.

// plainMarks turns a board drawn in colour into plain text with the
// highlighted cells in brackets. A bracket takes the place of the space
// beside a cell, so the grid keeps its width and its columns.
func plainMarks(colored string) string {
	lines := strings.Split(colored, "\n")
	for i, line := range lines {
		lines[i] = bracketLine(line)
	}
	return strings.Join(lines, "\n")
}

// bracketLine strips one line of its colour codes, bracketing the
// characters drawn underlined or in reverse video.
func bracketLine(line string) string {
	var out []rune
	var marked []int // indexes in out of highlighted characters
	highlighted := false
	for i := 0; i < len(line); {
		if strings.HasPrefix(line[i:], "\x1b[") {
			end := strings.IndexByte(line[i:], 'm')
			if end < 0 {
				break
			}
			for _, p := range strings.Split(line[i+2:i+end], ";") {
				switch p {
				case "0", "":
					highlighted = false
				case "4", "7":
					highlighted = true
				}
			}
			i += end + 1
			continue
		}
		r := []rune(line[i:])[0]
		if highlighted && r != ' ' {
			marked = append(marked, len(out))
		}
		out = append(out, r)
		i += len(string(r))
	}
	for _, p := range marked {
		if p > 0 {
			switch out[p-1] {
			case ']': // the cell before is marked too: one pair for the run
				out[p-1] = ' '
			case ' ':
				out[p-1] = '['
			}
		}
		if p+1 < len(out) && out[p+1] == ' ' {
			out[p+1] = ']'
		}
	}
	return string(out)
}

// turnedLine names the marks the last move turned, for a board without
// colour: "turned: 48, 49"; "" for a game that turns none or a move that
// turned nothing.
func turnedLine(g Game) string {
	t, ok := g.(turner)
	if !ok {
		return ""
	}
	var cells []string
	for _, m := range t.LastTurned() {
		cells = append(cells, g.FormatMove(m))
	}
	if len(cells) == 0 {
		return ""
	}
	return "turned: " + strings.Join(cells, ", ") + "\n"
}

// turner is a game whose moves turn the opponent's marks (Adjacency):
// LastTurned is the cells the last move turned, none before the first.
type turner interface {
	LastTurned() []Move
}

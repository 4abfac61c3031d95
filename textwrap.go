package main

import (
	"regexp"
	"strings"
)

// Text for a terminal of known width: lines break between tokens, never
// inside one, so a cell number or a score is never split by the
// terminal's own wrap at the last column.

// wrapWords breaks text into lines of at most width characters at spaces
// (a longer word gets a line of its own).
func wrapWords(text string, width int) string {
	return wrapHanging(strings.Join(strings.Fields(text), " "), width, 0)
}

// wrapHanging breaks one line of text into lines of at most width
// characters, the lines after the first indented by indent spaces (a
// hanging indent, so the continuation reads as part of the line above).
// It breaks after a space, or after a comma inside a long token such as an
// Adjacency record (60,40,23,...), so no number is split. A token longer
// than the room left gets a line of its own. Width 0 or less leaves the
// text as it is: a pipe's output is never wrapped. Text of several lines
// is wrapped line by line.
func wrapHanging(text string, width, indent int) string {
	if width <= 0 {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		lines[i] = wrapLine(line, width, indent)
	}
	return strings.Join(lines, "\n")
}

// wrapLine is wrapHanging of one line.
func wrapLine(line string, width, indent int) string {
	return wrapLineBy(line, width, indent, breakUnits(line), columnsOf)
}

// wrapSteady is wrapHanging for lines of figures (-v's), which break
// between figures ("nodes 300, time 1ms, ...") where they can, so that a
// figure's name stays with its value. Every time and rate counts as wide
// as the widest a move's takes, so that two runs of a fixed budget break
// their lines at the same places, whatever the clock measured, and a
// script or a page's example sees the same lines each run. A move that
// takes a minute or more may overrun the width by a column or two.
func wrapSteady(text string, width, indent int) string {
	if width <= 0 {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		lines[i] = wrapLineBy(line, width, indent, figureUnits(line, width-min(indent, width/2)), steadyColumns)
	}
	return strings.Join(lines, "\n")
}

// measured are the figures a clock gives: a duration as Go writes one
// rounded to the microsecond (763µs, 32.851ms, 1m2.5s), and a rate
// (608809/s). steadyWidth is the width each counts as: a duration under a
// minute, a rate of up to eight digits.
var (
	measured    = regexp.MustCompile(`\d+(\.\d+)?(h\d+)?(m\d+(\.\d+)?)?(ns|µs|ms|s)\b|\(\d+/s\)`)
	steadyWidth = map[bool]int{false: len("59.999999s"), true: len("(12345678/s)")}
)

// steadyColumns is columnsOf with every measured figure as wide as
// steadyWidth, or its own width if wider.
func steadyColumns(s string) int {
	n := columnsOf(s)
	for _, m := range measured.FindAllString(s, -1) {
		n += max(0, steadyWidth[strings.HasSuffix(m, "/s)")]-columnsOf(m))
	}
	return n
}

// figureUnits cuts a line of figures after each ", " and, inside
// brackets (a score's basis), after each space; a piece still wider than
// room is cut as breakUnits cuts it. So "expects 4453" stays whole.
func figureUnits(line string, room int) []string {
	var units []string
	add := func(piece string) {
		if steadyColumns(strings.TrimRight(piece, " ")) > room {
			units = append(units, breakUnits(piece)...)
		} else if piece != "" {
			units = append(units, piece)
		}
	}
	depth, start := 0, 0
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '(':
			depth++
		case line[i] == ')' && depth > 0:
			depth--
		case line[i] == ' ' && (depth > 0 || i > 0 && line[i-1] == ','):
			add(line[start : i+1])
			start = i + 1
		}
	}
	add(line[start:])
	return units
}

// wrapLineBy is wrapLine of a line cut into units (the pieces a line may
// break after), the width of a piece of text as columns gives it.
func wrapLineBy(line string, width, indent int, units []string, columns func(string) int) string {
	if columns(line) <= width {
		return line
	}
	indent = min(indent, width/2)
	var b strings.Builder
	n := 0 // characters on the output line so far
	for _, unit := range units {
		word := strings.TrimRight(unit, " ")
		if n > 0 && n+columns(word) > width {
			b.WriteString("\n" + strings.Repeat(" ", indent))
			n = indent
			unit = strings.TrimLeft(unit, " ")
		}
		b.WriteString(unit)
		n += columns(unit)
	}
	// Spaces left at the end of a line before a break are dropped.
	lines := strings.Split(b.String(), "\n")
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], " ")
	}
	return strings.Join(lines, "\n")
}

// columnsOf is how many terminal columns s takes: two for a wide
// character (Chinese, Japanese, Korean, full-width forms), one for any
// other, as a person's typed input may hold either.
func columnsOf(s string) int {
	n := 0
	for _, r := range s {
		n++
		if wideRune(r) {
			n++
		}
	}
	return n
}

// wideRune reports whether r is drawn two columns wide: the blocks of
// Unicode's East Asian Wide and Fullwidth characters.
func wideRune(r rune) bool {
	switch {
	case r < 0x1100:
		return false
	case r <= 0x115f, // Hangul initial consonants
		0x2e80 <= r && r <= 0xa4cf && r != 0x303f,              // CJK radicals to Yi
		0xac00 <= r && r <= 0xd7a3,                             // Hangul syllables
		0xf900 <= r && r <= 0xfaff,                             // CJK compatibility ideographs
		0xfe30 <= r && r <= 0xfe4f,                             // CJK compatibility forms
		0xff00 <= r && r <= 0xff60, 0xffe0 <= r && r <= 0xffe6, // full-width forms
		0x1f300 <= r && r <= 0x1f64f, 0x1f900 <= r && r <= 0x1f9ff, // emoji
		0x20000 <= r && r <= 0x3fffd: // CJK extensions
		return true
	}
	return false
}

// breakUnits cuts a line into the pieces a line may break after: each
// ends in its spaces, or in a comma that is followed by no space.
func breakUnits(line string) []string {
	var units []string
	start := 0
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == ' ' && (i+1 == len(line) || line[i+1] != ' '):
			units = append(units, line[start:i+1])
			start = i + 1
		case line[i] == ',' && i+1 < len(line) && line[i+1] != ' ':
			units = append(units, line[start:i+1])
			start = i + 1
		}
	}
	if start < len(line) {
		units = append(units, line[start:])
	}
	return units
}

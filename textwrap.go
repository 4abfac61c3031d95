package main

import (
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
	if columnsOf(line) <= width {
		return line
	}
	indent = min(indent, width/2)
	var b strings.Builder
	n := 0 // characters on the output line so far
	for _, unit := range breakUnits(line) {
		word := strings.TrimRight(unit, " ")
		if n > 0 && n+columnsOf(word) > width {
			b.WriteString("\n" + strings.Repeat(" ", indent))
			n = indent
			unit = strings.TrimLeft(unit, " ")
		}
		b.WriteString(unit)
		n += columnsOf(unit)
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

package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"
)

// The tables of a round-robin (a tournament, a gauntlet, -rate): the
// crosstable, which fits 80 columns whatever the players' names, and
// the standings, with what each player's moves cost and the games it
// forfeited after the columns scripts read.

// tableWidth is the width every crosstable keeps within: a terminal's.
const tableWidth = 80

// forfeitCount is a player's forfeits by kind ("" for a record written
// before kinds were kept).
type forfeitCount map[ForfeitKind]int

// total is the forfeits of every kind.
func (f forfeitCount) total() int {
	n := 0
	for _, c := range f {
		n += c
	}
	return n
}

// text is the forfeits as one word a whitespace-splitting script reads:
// "0", or the total and the kinds by their initials, "13(t12,c1)" (see
// forfeitKey): short, so that the standings keep within 80 columns.
func (f forfeitCount) text() string {
	if f.total() == 0 {
		return "0"
	}
	var kinds []string
	for _, k := range slices.Concat(forfeitKinds, []ForfeitKind{""}) {
		if f[k] > 0 {
			initial := "?"
			if k != "" {
				initial = string(k)[:1]
			}
			kinds = append(kinds, fmt.Sprintf("%s%d", initial, f[k]))
		}
	}
	return fmt.Sprintf("%d(%s)", f.total(), strings.Join(kinds, ","))
}

// forfeitKey is the line under a table that says what the initials of
// the forfeits it shows mean; "" when nobody forfeited.
func forfeitKey(counts ...forfeitCount) string {
	words := map[ForfeitKind]string{ForfeitTime: "t on time", ForfeitCrash: "c crashed", ForfeitIllegal: "i an illegal move",
		ForfeitGarbage: "g garbage", "": "? a kind not recorded"}
	var key []string
	for _, k := range slices.Concat(forfeitKinds, []ForfeitKind{""}) {
		if slices.ContainsFunc(counts, func(f forfeitCount) bool { return f[k] > 0 }) {
			key = append(key, words[k])
		}
	}
	if len(key) == 0 {
		return ""
	}
	return "forfeits: " + strings.Join(key, ", ")
}

// forfeitsJSON is a player's forfeits under -format json: every kind,
// and their total (which counts records without a kind too).
type forfeitsJSON struct {
	Total   int `json:"total"`
	Time    int `json:"time"`
	Crash   int `json:"crash"`
	Illegal int `json:"illegal"`
	Garbage int `json:"garbage"`
}

// json is the forfeits as -format json gives them.
func (f forfeitCount) json() forfeitsJSON {
	return forfeitsJSON{Total: f.total(), Time: f[ForfeitTime], Crash: f[ForfeitCrash], Illegal: f[ForfeitIllegal], Garbage: f[ForfeitGarbage]}
}

// playStats is what a player's moves cost over the games rated, and the
// games it forfeited. It is gathered from the game records, so that a
// tournament and -rate over its records print the same figures.
type playStats struct {
	moves    int
	timeMS   float64 // thinking time, in all
	forfeits forfeitCount
}

// msPerMove is the mean thinking time of a move, 0 without moves.
func (p playStats) msPerMove() float64 {
	if p.moves == 0 {
		return 0
	}
	return p.timeMS / float64(p.moves)
}

// fieldStats are the field's playStats, by the players' indexes.
type fieldStats []playStats

// newFieldStats is empty figures for n players.
func newFieldStats(n int) fieldStats {
	s := make(fieldStats, n)
	for i := range s {
		s[i].forfeits = forfeitCount{}
	}
	return s
}

// writeCrosstable prints the round-robin's crosstable, rows and columns
// the players in the order of the standings, each cell the points the
// row's player scored against the column's out of the games they played
// ("3.5/4"). Columns are headed by the players' names when that fits 80
// columns; otherwise by their ranks, each row starting with its rank and
// its name, names cut short to fit (listed in full below the table) and
// the columns in blocks when even ranks do not fit.
func writeCrosstable(out io.Writer, names []string, c crossResults, s standings) {
	n := len(s.order)
	cells := make([][]string, n)
	for a, i := range s.order {
		cells[a] = make([]string, n)
		for b, j := range s.order {
			cells[a][b] = "-"
			if r := c[i][j]; i != j && r.games() > 0 {
				cells[a][b] = strconv.FormatFloat(r.points(), 'f', -1, 64) + "/" + strconv.Itoa(r.games())
			}
		}
	}
	ordered := make([]string, n)
	for a, i := range s.order {
		ordered[a] = printable(names[i])
	}
	if crossWidth(ordered, ordered, cells) <= tableWidth {
		writeCrossBlock(out, ordered, ordered, cells)
		return
	}
	writeNumberedCross(out, ordered, cells)
}

// writeNumberedCross is the crosstable headed by ranks: rows "1 name",
// columns "1", "2"..., cut into blocks of columns that fit, names cut
// short when they do not, with a legend of the names cut.
func writeNumberedCross(out io.Writer, names []string, cells [][]string) {
	n := len(names)
	ranks := make([]string, n)
	for a := range ranks {
		ranks[a] = strconv.Itoa(a + 1)
	}
	colWidth := make([]int, n) // each column's, its padding included
	for b := range n {
		colWidth[b] = utf8.RuneCountInString(ranks[b]) + 2
		for a := range n {
			colWidth[b] = max(colWidth[b], utf8.RuneCountInString(cells[a][b])+2)
		}
	}
	// As few blocks as leave the row labels minLabel columns, as even as
	// can be; the labels take what the widest block leaves.
	const minLabel = 16
	blocks := columnBlocks(colWidth, tableWidth-minLabel)
	if even := evenBlocks(n, len(blocks)); blocksWidth(even, colWidth) <= tableWidth-minLabel {
		blocks = even
	}
	widest := blocksWidth(blocks, colWidth)
	nameRoom := tableWidth - widest - 2 - utf8.RuneCountInString(ranks[n-1]) - 1 // "  " ahead, "12 " before the name
	labels, cut, labelWidth := make([]string, n), false, 0
	for a, name := range names {
		short := name
		if utf8.RuneCountInString(name) > nameRoom {
			short, cut = string([]rune(name)[:nameRoom-1])+"~", true
		}
		labels[a] = fmt.Sprintf("%*s %s", utf8.RuneCountInString(ranks[n-1]), ranks[a], short)
		labelWidth = max(labelWidth, utf8.RuneCountInString(labels[a]))
	}
	for a, l := range labels { // left-aligned: the names read as a list
		labels[a] = l + strings.Repeat(" ", labelWidth-utf8.RuneCountInString(l))
	}
	for k, bl := range blocks {
		if k > 0 {
			fmt.Fprintln(out)
		}
		heads := make([]string, len(bl))
		block := make([][]string, n)
		for x, b := range bl {
			heads[x] = ranks[b]
			for a := range n {
				block[a] = append(block[a], cells[a][b])
			}
		}
		writeCrossBlock(out, labels, heads, block)
	}
	if cut {
		fmt.Fprintln(out, "\nnames cut short (~):")
		for a, name := range names {
			if utf8.RuneCountInString(name) > nameRoom {
				w := utf8.RuneCountInString(ranks[n-1]) + 2
				fmt.Fprint(out, hardWrap(fmt.Sprintf("%*s %s", w, ranks[a], name), tableWidth, w+1))
			}
		}
	}
}

// columnBlocks splits columns of the given widths into runs, in order,
// each within room (a column wider than room alone).
func columnBlocks(widths []int, room int) [][]int {
	var blocks [][]int
	var cur []int
	used := 0
	for b, w := range widths {
		if len(cur) > 0 && used+w > room {
			blocks = append(blocks, cur)
			cur, used = nil, 0
		}
		cur = append(cur, b)
		used += w
	}
	return append(blocks, cur)
}

// evenBlocks splits n columns into k runs of as even a count as can be.
func evenBlocks(n, k int) [][]int {
	blocks := make([][]int, k)
	for b := range n {
		blocks[b*k/n] = append(blocks[b*k/n], b)
	}
	return blocks
}

// blocksWidth is the width of the widest block of columns.
func blocksWidth(blocks [][]int, widths []int) int {
	widest := 0
	for _, bl := range blocks {
		w := 0
		for _, b := range bl {
			w += widths[b]
		}
		widest = max(widest, w)
	}
	return widest
}

// crossWidth is the width of a crosstable block: its row labels'
// column, then each column, every one padded by 2.
func crossWidth(labels, heads []string, cells [][]string) int {
	w := 0
	for _, l := range labels {
		w = max(w, utf8.RuneCountInString(l))
	}
	total := w + 2
	for b, h := range heads {
		cw := utf8.RuneCountInString(h)
		for a := range cells {
			cw = max(cw, utf8.RuneCountInString(cells[a][b]))
		}
		total += cw + 2
	}
	return total
}

// writeCrossBlock prints a block of the crosstable, every column right
// aligned and padded by 2.
func writeCrossBlock(out io.Writer, labels, heads []string, cells [][]string) {
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "\t%s\t\n", strings.Join(heads, "\t"))
	for a, l := range labels {
		fmt.Fprintf(tw, "%s\t%s\t\n", l, strings.Join(cells[a], "\t"))
	}
	tw.Flush()
}

// hardWrap cuts a line into lines of width runes at most, the later ones
// indented by indent: a legend's name has no spaces to break at.
func hardWrap(line string, width, indent int) string {
	r := []rune(line)
	var b strings.Builder
	for len(r) > width {
		b.WriteString(string(r[:width]) + "\n")
		r = append([]rune(strings.Repeat(" ", indent)), r[width:]...)
	}
	b.WriteString(string(r) + "\n")
	return b.String()
}

// writeStandings prints SPEC's standings, one row a player, best rating
// first: rank bot games wins draws losses score% elo +-, then its mean
// milliseconds a move and its forfeits ("13(time:12,crash:1)"), after the
// columns scripts read. A player without a game shows "-" for its score
// and rating rather than a 0% and +0 that it never earned. The table
// keeps within 80 columns: names too long for what the figures leave are
// cut short (~) and listed in full below it.
func writeStandings(out io.Writer, names []string, c crossResults, s standings, stats fieldStats) {
	rows := [][]string{{"rank", "bot", "games", "wins", "draws", "losses", "score%", "elo", "+-", "ms/move", "forfeits"}}
	for rank, i := range s.order {
		var t wdl
		for _, r := range c[i] {
			t.wins += r.wins
			t.draws += r.draws
			t.losses += r.losses
		}
		score, elo, plusMinus := "-", "-", "-"
		if t.games() > 0 {
			score = fmt.Sprintf("%.1f", 100*t.score())
			elo, plusMinus = signedElo(s.elo[i]), fmt.Sprintf("%.0f", s.plusMinus[i])
		}
		rows = append(rows, []string{strconv.Itoa(rank + 1), printable(names[i]), strconv.Itoa(t.games()), strconv.Itoa(t.wins),
			strconv.Itoa(t.draws), strconv.Itoa(t.losses), score, elo, plusMinus,
			fmt.Sprintf("%.2f", stats[i].msPerMove()), stats[i].forfeits.text()})
	}
	counts := make([]forfeitCount, len(stats))
	for i := range stats {
		counts[i] = stats[i].forfeits
	}
	writeNamedRows(out, rows, standingsGaps, forfeitKey(counts...))
}

// writeNamedRows prints a table whose first column is a rank and second a
// name, right-aligned, gaps spaces before each column, within 80
// columns: names too long for what the other columns leave are cut
// short (~) and listed in full below, by rank; then the key, if any.
func writeNamedRows(out io.Writer, rows [][]string, gaps []int, key string) {
	full := make([]string, len(rows))
	for a, row := range rows {
		full[a] = row[1]
	}
	cut := cutNames(rows, 1, gaps)
	for _, row := range rows {
		fmt.Fprintln(out, alignRight(row, gaps))
	}
	if key != "" {
		fmt.Fprintln(out, key)
	}
	if len(cut) == 0 {
		return
	}
	fmt.Fprintln(out, "\nnames cut short (~):")
	w := utf8.RuneCountInString(rows[len(rows)-1][0]) + 1
	for _, a := range cut {
		fmt.Fprint(out, hardWrap(fmt.Sprintf("%s %s", rows[a][0], full[a]), tableWidth, w+1))
	}
}

// standingsGaps are the spaces before each column of the standings: two
// to set the name apart, one between figures, so that the table keeps
// within 80 columns with names of 17 characters (alphabeta:depth=7).
var standingsGaps = []int{0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1}

// alignRight writes a row, every cell right-aligned to its column's
// widest (widths taken from the row itself once cells are padded), gaps
// spaces before each.
func alignRight(row []string, gaps []int) string {
	var b strings.Builder
	for k, cell := range row {
		b.WriteString(strings.Repeat(" ", gaps[k]) + cell)
	}
	return b.String()
}

// cutNames pads every column of rows to its widest cell, the rows
// right-aligned, and cuts the names in column col (a "~" for what is
// cut) so that every row keeps within tableWidth; it returns the rows
// whose names it cut.
func cutNames(rows [][]string, col int, gaps []int) []int {
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for k, cell := range row {
			widths[k] = max(widths[k], utf8.RuneCountInString(cell))
		}
	}
	others := 0
	for k, w := range widths {
		if k != col {
			others += w
		}
		others += gaps[k]
	}
	room := max(tableWidth-others, 4)
	var cut []int
	for a, row := range rows {
		if a > 0 && utf8.RuneCountInString(row[col]) > room {
			row[col] = string([]rune(row[col])[:room-1]) + "~"
			cut = append(cut, a)
		}
	}
	widths[col] = min(widths[col], room)
	for _, row := range rows {
		for k, cell := range row {
			row[k] = strings.Repeat(" ", widths[k]-utf8.RuneCountInString(cell)) + cell
		}
	}
	return cut
}

// standingsPoints are the standings as a picture's points, best first.
func standingsPoints(names []string, s standings) []eloPoint {
	pts := make([]eloPoint, len(s.order))
	for k, i := range s.order {
		pts[k] = eloPoint{name: names[i], elo: s.elo[i], plusMinus: s.plusMinus[i]}
	}
	return pts
}

// printable is text from a file as the terminal may show it: as it is
// when every character prints, else quoted with Go's escapes ("a\x1b[2J"),
// so that no control code of a file reaches the terminal.
func printable(s string) string {
	for _, r := range s {
		if !strconv.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}

package main

import (
	"fmt"
	"io"
	"math"
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

// writeRoundRobin prints a round-robin's tables: the crosstable, the
// standings with the key of their forfeits, how the games ended, and
// last the legend of the names shortened. A name too long for its
// column reads the same in both tables (shortNames, at the room the
// narrower leaves), and no two players read the same.
//
// fit says the tables go to a terminal and keep within tableWidth; in a
// file or a pipe (fit false) every name is whole, and nothing is cut.
func writeRoundRobin(out io.Writer, fit bool, names []string, c crossResults, s standings, stats fieldStats) {
	writeRoundRobinWith(out, fit, names, c, s, stats, nil)
}

// writeRoundRobinWith is writeRoundRobin with a format's own columns
// after the standings' usual ones (a Swiss's tie-breaks, a knockout's
// seeds): extra's first row their heads, then a row a player of the
// field, in the field's order.
func writeRoundRobinWith(out io.Writer, fit bool, names []string, c crossResults, s standings, stats fieldStats, extra [][]string) {
	ordered := make([]string, len(s.order))
	for a, i := range s.order {
		ordered[a] = printable(names[i])
	}
	cells := crossCellsOf(c, s)
	rows := standingsRows(ordered, c, s, stats)
	gaps := rowGaps(len(rows[0]))
	if len(extra) > 0 {
		rows[0] = append(rows[0], extra[0]...)
		for a, i := range s.order {
			rows[a+1] = append(rows[a+1], extra[i+1]...)
		}
		gaps = append(slices.Clone(gaps), slices.Repeat([]int{1}, len(extra[0]))...)
	}
	rows, grades := apartGrades(rows, fit, len(standingsGaps))
	gaps = gaps[:len(rows[0])]
	room := nameRoom(rows, 1, gaps)
	var cross numberedCross
	numbered := crossWidth(ordered, ordered, cells) > tableWidth
	if numbered {
		cross = newNumberedCross(cells)
		room = min(room, cross.nameRoom)
	}
	short := ordered
	if fit {
		short = shortNames(ordered, room)
	}
	if numbered {
		cross.write(out, short, cells)
	} else {
		writeCrossBlock(out, ordered, ordered, cells)
	}
	fmt.Fprintln(out)
	for a := range short {
		rows[a+1][1] = short[a]
	}
	writeRows(out, rows, gaps)
	writeGrades(out, grades, short)
	counts := make([]forfeitCount, len(stats))
	for i := range stats {
		counts[i] = stats[i].forfeits
	}
	if key := forfeitKey(counts...); key != "" {
		fmt.Fprintln(out, key)
	}
	s.perfectNotes(out, short, c)
	ranked := make([]playStats, len(s.order))
	for a, i := range s.order {
		ranked[a] = stats[i]
	}
	if l := startupLine(short, ranked, tableWidth); l != "" {
		fmt.Fprintln(out, l)
	}
	if ended := roundRobinEnds(c, stats).text(); ended != "" {
		fmt.Fprintln(out, ended)
	}
	writeNameLegend(out, column(rows[1:], 0), ordered, short)
}

// roundRobinEnds is how the games of a round-robin's crosstable ended,
// its players' forfeits from stats: every decisive game not forfeited
// was won by the rules.
func roundRobinEnds(c crossResults, stats fieldStats) endCount {
	e := endCount{forfeits: forfeitCount{}}
	for i := range c {
		for j := i + 1; j < len(c); j++ {
			e.games += c[i][j].games()
			e.draws += c[i][j].draws
		}
	}
	for _, s := range stats {
		for k, n := range s.forfeits {
			e.forfeits[k] += n
		}
		e.adjudicated += s.adjudicated // each game twice, once for each of its players
		e.adjudicatedDraws += s.adjudicatedDraws
	}
	e.adjudicated, e.adjudicatedDraws = e.adjudicated/2, e.adjudicatedDraws/2
	e.wins = e.games - e.draws - e.forfeits.total()
	return e
}

// column is the k-th cell of every row.
func column(rows [][]string, k int) []string {
	col := make([]string, len(rows))
	for a, row := range rows {
		col[a] = row[k]
	}
	return col
}

// crossCellsOf are the crosstable's cells, rows and columns the players
// in the order of the standings, each the points the row's player scored
// against the column's out of the games they played ("3.5/4").
func crossCellsOf(c crossResults, s standings) [][]string {
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
	return cells
}

// numberedCross is the layout of a crosstable too wide for its names:
// columns headed by ranks ("1", "2"...), in blocks of columns that fit,
// each row "rank name", names within nameRoom.
type numberedCross struct {
	ranks    []string
	blocks   [][]int
	nameRoom int
}

// newNumberedCross lays out the crosstable of cells headed by ranks.
func newNumberedCross(cells [][]string) numberedCross {
	n := len(cells)
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
	room := tableWidth - widest - 2 - utf8.RuneCountInString(ranks[n-1]) - 1 // "  " ahead, "12 " before the name
	return numberedCross{ranks: ranks, blocks: blocks, nameRoom: room}
}

// write prints the crosstable with the names given, each within the
// layout's nameRoom (shortNames).
func (x numberedCross) write(out io.Writer, names []string, cells [][]string) {
	n := len(names)
	labels, labelWidth := make([]string, n), 0
	for a, name := range names {
		labels[a] = fmt.Sprintf("%*s %s", utf8.RuneCountInString(x.ranks[n-1]), x.ranks[a], name)
		labelWidth = max(labelWidth, utf8.RuneCountInString(labels[a]))
	}
	for a, l := range labels { // left-aligned: the names read as a list
		labels[a] = l + strings.Repeat(" ", labelWidth-utf8.RuneCountInString(l))
	}
	for k, bl := range x.blocks {
		if k > 0 {
			fmt.Fprintln(out)
		}
		heads := make([]string, len(bl))
		block := make([][]string, n)
		for c, b := range bl {
			heads[c] = x.ranks[b]
			for a := range n {
				block[a] = append(block[a], cells[a][b])
			}
		}
		writeCrossBlock(out, labels, heads, block)
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

// writeNameLegend lists in full, by row number, the names a table shows
// shortened: the rows' labels (ranks), full names and shown names.
func writeNameLegend(out io.Writer, labels, full, shown []string) {
	var rows []int
	for a := range full {
		if full[a] != shown[a] {
			rows = append(rows, a)
		}
	}
	if len(rows) == 0 {
		return
	}
	fmt.Fprintln(out, "\nnames cut short (~):")
	w := 0
	for _, l := range labels {
		w = max(w, utf8.RuneCountInString(l))
	}
	for _, a := range rows {
		fmt.Fprint(out, hardWrap(fmt.Sprintf("%*s %s", w+2, labels[a], full[a]), tableWidth, w+3))
	}
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

// standingsRows are the standings' header and rows (docs/results.md),
// one a player, best rating first: rank bot games wins draws losses
// score% elo +-, then its mean milliseconds a move and its forfeits
// ("13(t12,c1)"), after the columns scripts read; names are the players'
// in the standings' order.
// A player without a game shows "-" for its score and rating rather than
// a 0% and +0 that it never earned.
func standingsRows(names []string, c crossResults, s standings, stats fieldStats) [][]string {
	rows := [][]string{{"rank", "bot", "games", "wins", "draws", "losses", "score%", "elo", "+-", "ms/move", "forfeits"}}
	for rank, i := range s.order {
		var t wdl
		for _, r := range c[i] {
			t.wins += r.wins
			t.draws += r.draws
			t.losses += r.losses
		}
		score, elo, plusMinus := "-", "-", "-"
		switch {
		case t.games() > 0 && !math.IsNaN(s.bound[i]):
			score = fmt.Sprintf("%.1f", 100*t.score())
			elo, plusMinus = perfectCells(t.wins > 0, s.bound[i])
		case t.games() > 0:
			score = fmt.Sprintf("%.1f", 100*t.score())
			elo, plusMinus = signedElo(s.elo[i]), fmt.Sprintf("%.0f", s.plusMinus[i])
		}
		rows = append(rows, []string{strconv.Itoa(rank + 1), names[rank], strconv.Itoa(t.games()), strconv.Itoa(t.wins),
			strconv.Itoa(t.draws), strconv.Itoa(t.losses), score, elo, plusMinus,
			fmt.Sprintf("%.2f", stats[i].msPerMove()), stats[i].forfeits.text()})
	}
	return withGrades(rows, s.order, stats)
}

// withGrades adds the grade columns to rows under -grade (gradeHeads),
// the players' stats by the rows' order; rows as they are otherwise.
func withGrades(rows [][]string, order []int, stats fieldStats) [][]string {
	if !stats.grading() {
		return rows
	}
	rows[0] = append(rows[0], gradeHeads...)
	for a, i := range order {
		rows[a+1] = append(rows[a+1], stats[i].grade.gradeCells()...)
	}
	return rows
}

// apartGrades takes the grade columns, which start at column at, out of
// rows when the table goes to a terminal (fit): with them the standings
// would not keep within tableWidth, so they get a table of their own
// under it (writeGrades), by rank and name. Elsewhere, or without
// -grade, rows stay as they are, one table for scripts to read.
func apartGrades(rows [][]string, fit bool, at int) (kept, grades [][]string) {
	if !fit || len(rows[0]) < at+len(gradeHeads) || rows[0][at] != gradeHeads[0] {
		return rows, nil
	}
	for _, row := range rows {
		grades = append(grades, append([]string{row[0], row[1]}, row[at:at+len(gradeHeads)]...))
		kept = append(kept, append(slices.Clip(row[:at]), row[at+len(gradeHeads):]...))
	}
	return kept, grades
}

// writeGrades prints the grades apartGrades took out, if any, with the
// names the standings showed.
func writeGrades(out io.Writer, grades [][]string, names []string) {
	if grades == nil {
		return
	}
	for a := range names {
		grades[a+1][1] = names[a]
	}
	fmt.Fprintln(out)
	writeRows(out, grades, standingsGaps[:len(grades[0])])
}

// rowGaps are the gaps before n columns of the standings: its usual
// ones, then one before each column it adds (the grades').
func rowGaps(n int) []int {
	return append(slices.Clone(standingsGaps), slices.Repeat([]int{1}, n-len(standingsGaps))...)
}

// standingsGaps are the spaces before each column of the standings: two
// to set the name apart, one between figures, so that the table keeps
// within 80 columns with names of 17 characters (alphabeta:depth=7).
var standingsGaps = []int{0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1}

// nameRoom is the width the names of column col may take for rows to
// keep within tableWidth, gaps spaces before each column.
func nameRoom(rows [][]string, col int, gaps []int) int {
	others := 0
	for k := range rows[0] {
		if k != col {
			w := 0
			for _, row := range rows {
				w = max(w, utf8.RuneCountInString(row[k]))
			}
			others += w
		}
		others += gaps[k]
	}
	return tableWidth - others
}

// writeRows prints rows, every cell right-aligned to its column's
// widest, gaps spaces before each column.
func writeRows(out io.Writer, rows [][]string, gaps []int) {
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for k, cell := range row {
			widths[k] = max(widths[k], utf8.RuneCountInString(cell))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for k, cell := range row {
			b.WriteString(strings.Repeat(" ", gaps[k]+widths[k]-utf8.RuneCountInString(cell)) + cell)
		}
		fmt.Fprintln(out, b.String())
	}
}

// standingsPoints are the standings as a picture's points, best first:
// a perfect score at its bound, without an interval.
func standingsPoints(names []string, s standings) []eloPoint {
	pts := make([]eloPoint, len(s.order))
	for k, i := range s.order {
		pts[k] = eloPoint{name: names[i], elo: s.elo[i], plusMinus: s.plusMinus[i]}
		if !math.IsNaN(s.bound[i]) {
			pts[k] = eloPoint{name: names[i], elo: s.bound[i], plusMinus: math.NaN()}
		}
	}
	return pts
}

// perfectNotes says under the standings what each perfect score tells
// (perfectWords), the players named as the table shows them (short, in
// the standings' order).
func (s standings) perfectNotes(out io.Writer, short []string, c crossResults) {
	won, games, bound := make([]bool, len(short)), make([]int, len(short)), make([]float64, len(short))
	for k, i := range s.order {
		var t wdl
		for _, r := range c[i] {
			t.wins, t.draws, t.losses = t.wins+r.wins, t.draws+r.draws, t.losses+r.losses
		}
		won[k], games[k], bound[k] = t.wins > 0, t.games(), s.bound[i]
	}
	perfectNotes(out, short, won, games, bound)
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

package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The riddles.io / theaigames "Four In A Row" protocol, so that the bots
// written for those competitions play Connect Four here unchanged
// (docs/engines.md has the mapping). The engine is told the settings once,
// then each turn the round, the whole field and the time left in its bank,
// and answers "place_disc C" with a column counted from 0. The time is a
// bank, as those competitions ran it: it starts full, each move takes what
// it used and then adds the time a move, never above full, and a bot loses
// on time only when an answer takes longer than the bank holds.

// riddlesBank is the bank's size and start, the competitions' 10 s.
const riddlesBank = 10 * time.Second

// riddlesProtocol is the Four In A Row protocol as riddles.io ran it, or
// with classic set as theaigames.com ran it before: players 1 and 2
// rather than 0 and 1, "0" for an empty cell, rows separated by ";", and
// the board's size under its own keys only (a theaigames bot may stop at
// a setting it does not know).
type riddlesProtocol struct{ classic bool }

func (riddlesProtocol) games() []string     { return []string{"connect4"} }
func (riddlesProtocol) bank() time.Duration { return riddlesBank }

func (r riddlesProtocol) about() string {
	if r.classic {
		return "external Four In A Row engine (theaigames protocol)"
	}
	return "external Four In A Row engine (riddles.io protocol)"
}

// id is a side's player number: X, who moves first, is player0
// (theaigames: player1).
func (r riddlesProtocol) id(s Side) int {
	id := 0
	if s == O {
		id = 1
	}
	if r.classic {
		id++
	}
	return id
}

// riddlesSize is the board's columns and rows, from the game's card: the
// protocol is Connect Four's (games), whose moves are columns and whose
// stones fall to the lowest free cell, and it needs nothing else.
func riddlesSize(g Game) (width, height int) {
	opt := cardOf(g).optionsOf(g)
	return opt["width"], opt["height"]
}

func (riddlesProtocol) expects(g Game) string {
	width, _ := riddlesSize(g)
	return fmt.Sprintf(`"place_disc C", C a column with room counted from 0 (0-%d)`, width-1)
}

// greeting sends no options: the competitions' protocol has none.
func (r riddlesProtocol) greeting(g Game, side Side, perMove time.Duration, _ [][2]string) []string {
	width, height := riddlesSize(g)
	lines := []string{
		fmt.Sprintf("settings timebank %d", riddlesBank.Milliseconds()),
		fmt.Sprintf("settings time_per_move %d", perMove.Milliseconds()),
		fmt.Sprintf("settings player_names player%d,player%d", r.id(X), r.id(O)),
		fmt.Sprintf("settings your_bot player%d", r.id(side)),
		fmt.Sprintf("settings your_botid %d", r.id(side)),
		fmt.Sprintf("settings field_columns %d", width),
		fmt.Sprintf("settings field_rows %d", height),
	}
	if !r.classic {
		lines = append(lines, fmt.Sprintf("settings field_width %d", width),
			fmt.Sprintf("settings field_height %d", height))
	}
	return lines
}

// field is the board as the competition wrote it: every cell, the top
// row first and each row from the left, comma-separated, "." for an empty
// cell and the player number of a stone (theaigames: "0" for an empty
// cell, and ";" between rows).
func (r riddlesProtocol) field(g Game, moves []Move) string {
	width, height := riddlesSize(g)
	empty, rows := ".", ","
	if r.classic {
		empty, rows = "0", ";"
	}
	grid := make([][]string, height) // [row from the bottom][column]
	for row := range grid {
		grid[row] = make([]string, width)
	}
	filled := make([]int, width) // each column's stones: the next one lands above them
	for i, m := range moves {
		grid[filled[m]][m] = strconv.Itoa(r.id([2]Side{X, O}[i%2]))
		filled[m]++
	}
	var b strings.Builder
	for row := height - 1; row >= 0; row-- {
		if row < height-1 {
			b.WriteString(rows)
		}
		for col := range width {
			if col > 0 {
				b.WriteString(",")
			}
			if grid[row][col] == "" {
				grid[row][col] = empty
			}
			b.WriteString(grid[row][col])
		}
	}
	return b.String()
}

// turn: the round is the number of the move about to be played, counted
// from 1 over both players' moves, as theaigames' engine counted it.
func (r riddlesProtocol) turn(g Game, left time.Duration) []string {
	return []string{
		fmt.Sprintf("update game round %d", len(g.History())+1),
		"update game field " + r.field(g, g.History()),
		fmt.Sprintf("action move %d", left.Milliseconds()),
	}
}

func (riddlesProtocol) aside(line string) bool { return strings.TrimSpace(line) == "" }

func (riddlesProtocol) answer(line string, g Game, _ *Decision) (Move, bool, error) {
	fields := strings.Fields(line)
	switch {
	case len(fields) == 0:
		return NoMove, false, nil
	case fields[0] != "place_disc":
		return NoMove, false, fault{ForfeitGarbage, fmt.Errorf("said %s, not place_disc", quoteUpTo(line, engineEcho))}
	case len(fields) < 2: // more words are let pass, as theaigames did
		return NoMove, false, fault{ForfeitGarbage, fmt.Errorf("answered %s: accepted is place_disc and a column", quoteUpTo(line, engineEcho))}
	}
	col, err := strconv.Atoi(fields[1])
	if width, _ := riddlesSize(g); err != nil || col < 0 || col >= width {
		kind := ForfeitIllegal // a column off the board
		if err != nil {
			kind = ForfeitGarbage // no column at all
		}
		return NoMove, false, fault{kind, fmt.Errorf("answered %s: columns are 0-%d", quoteUpTo(line, engineEcho), width-1)}
	}
	if !slices.Contains(g.Moves(nil), Move(col)) {
		return NoMove, false, fault{ForfeitIllegal, fmt.Errorf("answered %s: column %d is full", quoteUpTo(line, engineEcho), col)}
	}
	return Move(col), true, nil
}

// played: theaigames' engine sent the field again after each move.
func (r riddlesProtocol) played(g Game, m Move) []string {
	return []string{"update game field " + r.field(g, append(slices.Clip(g.History()), m))}
}

// end: the protocol has no result or quit; the process is closed.
func (riddlesProtocol) end(Side, bool, bool) []string { return nil }

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// -review: games in, one review each out (docs/review.md). Each input
// line is a game's record, as -analyze reads one, or a line of a results
// file (-out), whose record it reviews. A review is a block of text, a
// line a move, or one JSON object a line with -format json.

// reviewJSON is a review's line under -format json: the review, or an
// error for a line that is no game of the run's.
type reviewJSON struct {
	reviewedGame
	Error string `json:"error,omitempty"`
}

// reviewWith reviews each game read from in with the oracles, one game
// on each at once, and writes the reviews to out in the order read;
// progress, when set, hears how far a review is, for a status line. ctx
// ending stops the reviews in hand, which are written as far as they
// got, and the reading.
//
// With grading (-grade) it writes no review but counts each game's
// moves for its players, and writes their grades at the end: a table, or
// a JSON line a player.
func reviewWith(ctx context.Context, in io.Reader, out io.Writer, pool *oracles, opt gameOptions, asJSON bool, progress func(string), grading *grades) error {
	spec := pool.spec
	var shown sync.Mutex // one status line for the games at work
	show := func(line string) {
		if progress != nil {
			shown.Lock()
			defer shown.Unlock()
			progress(line)
		}
	}
	queue := newGamesInOrder(pool.size(), func(r reviewLine) error {
		show("")
		switch {
		case r.err != nil && asJSON:
			reviewJSONLine(out, reviewJSON{reviewedGame: reviewedGame{Record: r.record}, Error: r.err.Error()})
		case r.err != nil:
			fmt.Fprintf(out, "line %d: %v\n", r.n, r.err)
		case grading != nil:
			grading.add(r.review, r.names)
		case asJSON:
			reviewJSONLine(out, reviewJSON{reviewedGame: r.review})
		default:
			io.WriteString(out, reviewText(r.review, spec, r.start))
		}
		return nil
	})
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	for n := 1; ctx.Err() == nil && sc.Scan(); n++ {
		r, ok := readReviewLine(n, sc.Text(), spec, opt)
		if !ok {
			continue
		}
		if r.err != nil {
			queue.add(r, nil)
			continue
		}
		queue.add(r, func(r *reviewLine) error {
			tell := func(done, of int) {
				show(fmt.Sprintf("review: game %d, position %d of %d", r.n, done+1, of))
			}
			pool.lend(func(o *oracle) {
				r.review = reviewGame(ctx, o, r.start, r.g.History(), r.openingPlies, tell)
			})
			return nil
		})
	}
	queue.wait()
	if grading != nil {
		if asJSON {
			for _, g := range grading.list {
				reviewJSONLine(out, g)
			}
		} else {
			grading.table(out, spec.start(opt).Utility().Margin)
		}
	}
	return sc.Err()
}

// reviewLine is a game read by -review: its line's number, its record,
// players and game, or why the line is no game; then its review.
type reviewLine struct {
	n            int
	record       string
	names        [3]string
	err          error
	g, start     Game // the game as played, and its start
	openingPlies int  // the plies of the opening it was given
	review       reviewedGame
}

// readReviewLine is the game on line n, text; not ok for a line with no
// game to review (an empty line, a results file's run line).
func readReviewLine(n int, text string, spec *gameSpec, opt gameOptions) (r reviewLine, ok bool) {
	line := strings.TrimSpace(text)
	if line == "" {
		return r, false
	}
	r.n = n
	var opening string
	r.record, r.names, opening, r.err = reviewRecord(line, spec)
	if errors.Is(r.err, errNoGame) {
		return r, false
	}
	if r.err == nil {
		r.g, r.err = spec.parseRecord(r.record, opt)
	}
	if r.err != nil {
		return r, true
	}
	r.start = r.g.Clone()
	for range r.g.History() {
		r.start.Undo()
	}
	if opening != "" {
		og, err := spec.parseRecord(opening, opt)
		if err == nil && strings.HasPrefix(r.record, opening) {
			r.openingPlies = len(og.History())
		}
	}
	return r, true
}

// reviewRecord is the record a line holds, its players and its opening:
// its first word, played by "X" and "O", or the "record" of a results
// file's line (which must be of the run's game), the names of its
// players and the opening they were given.
func reviewRecord(line string, spec *gameSpec) (record string, names [3]string, opening string, err error) {
	names = [3]string{X: "X", O: "O"}
	if !strings.HasPrefix(line, "{") {
		_, record := positionField(line) // "-" is the start, as -analyze reads it
		return record, names, "", nil
	}
	var r struct {
		Type    string `json:"type"`
		Game    string `json:"game"`
		Record  string `json:"record"`
		Opening string `json:"opening"`
		X, O    struct {
			Name string `json:"name"`
		}
	}
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		return "", names, "", fmt.Errorf("not a results file's line: %v", err)
	}
	if r.Type != "" && r.Type != "game" {
		return "", names, "", errNoGame // a run's line: its roster and settings
	}
	if r.Game != "" && r.Game != spec.name {
		return r.Record, names, "", fmt.Errorf("a game of %s, not %s: review it with -game %s", r.Game, spec.name, r.Game)
	}
	if r.X.Name != "" && r.O.Name != "" {
		names[X], names[O] = r.X.Name, r.O.Name
	}
	return r.Record, names, r.Opening, nil
}

// errNoGame is a results file's line that holds no game (its run line).
var errNoGame = errors.New("no game")

// reviewJSONLine writes v as one line of JSON.
func reviewJSONLine(out io.Writer, v any) {
	data, _ := json.Marshal(v) // plain values: no error
	out.Write(append(data, '\n'))
}

// reviewText is a review as text: a heading, a line a move with its
// values before and after and its mark, and each side's count.
func reviewText(r reviewedGame, spec *gameSpec, start Game) string {
	var b strings.Builder
	record := r.Record
	if record == "" {
		record = "the start"
	}
	fmt.Fprintf(&b, "review of %s (%s, %s, %d of %d positions proved):\n",
		record, spec.title, plural(len(r.Moves), "move", "moves"), r.Proved, r.Positions)
	margin := start.Utility().Margin
	blunders, slips, moves := map[string]int{}, map[string]int{}, map[string]int{}
	for _, m := range r.Moves {
		line := fmt.Sprintf("%3d. %s %-3s %5s -> %-5s", m.Ply, m.Side, m.Move, reviewValue(m.Before, margin), reviewValue(m.After, margin))
		if !m.Opening {
			moves[m.Side]++
		}
		switch m.Mark {
		case "blunder":
			blunders[m.Side]++
		case "slip":
			slips[m.Side]++
		}
		switch {
		case m.Opening:
			line += "  (opening)"
		case m.Mark != "":
			line += fmt.Sprintf("  %s: %s; kept: %s", m.Mark, m.Lost, reviewKept(m.Kept))
		}
		b.WriteString(wrapHanging(strings.TrimRight(line, " "), 80, 24) + "\n")
	}
	var sides []string
	for _, s := range []string{"X", "O"} {
		if moves[s] == 0 {
			continue
		}
		words := fmt.Sprintf("%s %s in %s", s, plural(blunders[s], "blunder", "blunders"), plural(moves[s], "move", "moves"))
		if margin {
			words += fmt.Sprintf(", %s", plural(slips[s], "slip", "slips"))
		}
		sides = append(sides, words)
	}
	if len(sides) > 0 {
		b.WriteString("  " + strings.Join(sides, "; ") + "\n")
	}
	if r.Stopped {
		b.WriteString("  stopped: the positions after the last one valued are not proved\n")
	}
	return b.String()
}

// reviewValue is a value for a review line: the result of a game won or
// lost, the margin of a game on margin, "?" where it is not proved.
func reviewValue(v *int, margin bool) string {
	switch {
	case v == nil:
		return "?"
	case margin && *v == 0:
		return "0"
	case margin:
		return fmt.Sprintf("%+d", *v)
	}
	return reviewResult(*v)
}

// reviewKept lists the moves that kept the value, the first few of them.
func reviewKept(kept []string) string {
	const shown = 6
	if len(kept) > shown {
		return strings.Join(kept[:shown], " ") + fmt.Sprintf(" and %d more", len(kept)-shown)
	}
	return strings.Join(kept, " ")
}

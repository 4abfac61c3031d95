package main

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// Grading in matches, tournaments and -rate (-grade TIME): each game's
// moves judged by the game's oracle, TIME a position, as -review -grade
// judges them (docs/review.md, "Grading"). A game is graded when it
// ends, in the job slot that played it (arena.gradeOne, called by
// playOne), so that with -jobs N grading
// never runs beside N games and takes none of their clock; its grades
// go into its line of -out, each side's under "grade"
// (docs/results.md). A grade is no result: it changes no score, and a
// game whose grading Ctrl-C cut short is kept without one.

// recordGrader grades the records -rate reads that have no grades yet
// (-rate FILE -grade TIME), with the oracle of the files' one game, jobs
// games at once (-jobs), each on an oracle of its own.
type recordGrader struct {
	ctx    context.Context // its end leaves the records still to read ungraded
	reg    *registry
	budget time.Duration
	jobs   int // games graded at once (-jobs)
	// status, if not nil (a terminal), gets a status line as each game
	// is graded, and "" once the grading is done.
	status func(line string)

	mu     sync.Mutex
	pool   *oracles // made for the game of the first record graded
	graded int      // records graded
}

// ratedLine is a record -rate read, and where.
type ratedLine struct {
	rec   gameRecord
	where string
}

// needs says rec is a finished game without grades, read before ctx
// ended: one to grade. Without grading there is none.
func (gr *recordGrader) needs(rec *gameRecord) bool {
	if gr == nil {
		return false
	}
	_, finished := rec.points()
	return finished && (rec.X.Grade == nil || rec.O.Grade == nil) && gr.ctx.Err() == nil
}

// oraclesFor is the oracles that grade the files' games, made for spec
// when the first record is graded; nil for a record of another game than
// the first, which the rating refuses.
func (gr *recordGrader) oraclesFor(spec *gameSpec) (*oracles, error) {
	gr.mu.Lock()
	defer gr.mu.Unlock()
	if gr.pool == nil {
		pool, err := gr.reg.newOracles(spec, Budget{Time: gr.budget, Jobs: 1}, gr.jobs)
		if err != nil {
			return nil, err
		}
		gr.pool = pool
	}
	if gr.pool.spec != spec {
		return nil, nil
	}
	return gr.pool, nil
}

// grade fills in the grades of rec, a finished game of a record that
// checkRecord passed, if it has none; a game stopped under way, or read
// after ctx ended, stays without. Several games may be graded at once.
func (gr *recordGrader) grade(rec *gameRecord) error {
	if !gr.needs(rec) {
		return nil
	}
	spec, err := declared.findGame(rec.Game)
	if err != nil {
		return err
	}
	opt := gameOptions(rec.Options)
	g, err := spec.parseRecord(rec.Record, opt)
	if err != nil {
		return err
	}
	opening := 0
	if rec.Opening != "" {
		og, err := spec.parseRecord(rec.Opening, opt)
		if err != nil {
			return err
		}
		opening = len(og.History())
	}
	pool, err := gr.oraclesFor(spec)
	if pool == nil || err != nil {
		return err
	}
	var grades [3]gameGrade
	var ok bool
	pool.lend(func(o *oracle) {
		gr.showStatus(fmt.Sprintf("-grade: grading game %d/%d", rec.Number, rec.Games))
		grades, ok = gradeGame(gr.ctx, o, spec.start(opt), g.History(), opening)
	})
	if ok {
		rec.X.Grade, rec.O.Grade = &grades[X], &grades[O]
		gr.mu.Lock()
		gr.graded++
		gr.mu.Unlock()
	}
	return nil
}

// showStatus puts what is being graded on the status line, with the
// count graded so far.
func (gr *recordGrader) showStatus(what string) {
	if gr.status == nil {
		return
	}
	gr.mu.Lock()
	defer gr.mu.Unlock()
	gr.status(fmt.Sprintf("%s, %d graded so far", what, gr.graded))
}

// done takes the status line off the terminal, before the tables.
func (gr *recordGrader) done() {
	if gr != nil && gr.status != nil {
		gr.status("")
	}
}

// checkGrades says what is wrong with the grades of rec, whose game g
// replays it: a grade is no result and nothing checks it against the
// oracle, but its counts must add up and its first blunder must be a
// move of its side's in the record. A game stopped under way has none.
func checkGrades(rec *gameRecord, spec *gameSpec, g Game) error {
	if rec.X.Grade == nil && rec.O.Grade == nil {
		return nil
	}
	if rec.End == endInterrupted {
		return fmt.Errorf("end %q with a grade: a game stopped under way is not graded", rec.End)
	}
	if rec.X.Grade == nil || rec.O.Grade == nil {
		return fmt.Errorf("a grade for one side only: accepted are both sides' or none")
	}
	opt := gameOptions(rec.Options)
	opening := 0
	if rec.Opening != "" {
		og, err := spec.parseRecord(rec.Opening, opt)
		if err != nil {
			return fmt.Errorf("opening %s: %v", quoteShort(rec.Opening), err)
		}
		opening = len(og.History())
	}
	history := g.History()
	replay := spec.start(opt)
	var moves [3]int
	var text []string // each ply's move as the record writes it
	var mover []Side
	for k, m := range history {
		if k >= opening {
			moves[replay.Turn()]++
		}
		text, mover = append(text, replay.FormatMove(m)), append(mover, replay.Turn())
		replay.Play(m)
	}
	for _, side := range []Side{X, O} {
		gg := rec.side(side).Grade
		switch {
		case gg.Moves != moves[side]:
			return fmt.Errorf("%s's grade counts %d moves, but the record has %d of %s's after the opening", side, gg.Moves, moves[side], side)
		case gg.Graded < 0 || gg.Perfect < 0 || gg.Blunders < 0 || gg.Slips < 0 || gg.Graded > gg.Moves ||
			gg.Perfect+gg.Blunders+gg.Slips != gg.Graded:
			return fmt.Errorf("%s's grade: graded %d, perfect %d, blunders %d, slips %d of %d moves: accepted are counts whose perfect, blunders and slips add up to graded, at most the moves",
				side, gg.Graded, gg.Perfect, gg.Blunders, gg.Slips, gg.Moves)
		case (gg.FirstBlunder != nil) != (gg.Blunders > 0):
			return fmt.Errorf("%s's grade: %d blunders: a first blunder is given when there are any, and only then", side, gg.Blunders)
		case gg.FirstBlunder == nil:
			continue
		}
		b := gg.FirstBlunder
		if b.Ply <= opening || b.Ply > len(history) || mover[b.Ply-1] != side || text[b.Ply-1] != b.Move {
			return fmt.Errorf("%s's first blunder, ply %d move %s: accepted is a ply of %s's after the opening, with the record's move there",
				side, b.Ply, quoteShort(b.Move), side)
		}
	}
	return nil
}

// gradeJSON is a player's grades summed over its games graded, under
// -format json: the games graded, its moves in them, those graded,
// perfect, blunders and slips (docs/review.md, "Grading").
type gradeJSON struct {
	Games    int `json:"games"`
	Moves    int `json:"moves"`
	Graded   int `json:"graded"`
	Perfect  int `json:"perfect"`
	Blunders int `json:"blunders"`
	Slips    int `json:"slips"`
}

// gradeJSONOf is g under -format json, nil without -grade.
func gradeJSONOf(g *grade) *gradeJSON {
	if g == nil {
		return nil
	}
	return &gradeJSON{Games: g.Games, Moves: g.Moves, Graded: g.Graded, Perfect: g.Perfect, Blunders: g.Blunders, Slips: g.Slips}
}

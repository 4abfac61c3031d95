package main

import (
	"fmt"
	"math"
	"strings"
)

// What a player's moves cost over the games rated: their number, their
// thinking time, the start-up of its program, and the games it forfeited.
//
// An external engine's start-up is reported apart from its time a move.
// Its first move in each game starts its program, and the wait for that
// move is the program's start (an interpreter, a JVM, a table to load)
// and its thinking at once: a random Python bot's took half a second
// where its later moves take a fraction of a millisecond. Counted with
// the others, it made such a bot's ms/move its interpreter's start. So
// the tables' ms/move leaves a program's first moves out, and a line
// under the table gives their mean time (docs/strength.md#matches).

// playStats is what a player's moves cost over the games rated, and the
// games it forfeited. It is gathered from the game records, so that a
// tournament and -rate over its records print the same figures.
type playStats struct {
	moves  int
	timeMS float64 // thinking time, in all
	// starts counts the moves that started its program (Stats.Startup),
	// startupMS their time, which timeMS includes.
	starts    int
	startupMS float64
	forfeits  forfeitCount
	// adjudicated counts its games the oracle's proof ended, and
	// adjudicatedDraws those of them drawn.
	adjudicated, adjudicatedDraws int
	// grade, under -grade, sums the grades of its games graded; nil
	// without -grade, and the tables then have no grade columns.
	grade *grade
}

// msPerMove is the mean thinking time of a move, 0 without moves: the
// moves that started a program are left out (startupLine gives them),
// so that an engine's figure is its thinking and not its interpreter's
// start.
func (p playStats) msPerMove() float64 {
	if p.moves <= p.starts {
		return 0
	}
	return (p.timeMS - p.startupMS) / float64(p.moves-p.starts)
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

// graded gives every player a grade to sum its games' into: the run
// grades (-grade), and its tables show the grade columns.
func (s fieldStats) graded() fieldStats {
	for i := range s {
		s[i].grade = &grade{}
	}
	return s
}

// grading says the tables of s show the grade columns (-grade).
func (s fieldStats) grading() bool { return len(s) > 0 && s[0].grade != nil }

// startupMean is the mean time of the moves that started the program, in
// milliseconds; ok is false when none did (the program's own bots).
func (p playStats) startupMean() (ms float64, ok bool) {
	if p.starts == 0 {
		return 0, false
	}
	return p.startupMS / float64(p.starts), true
}

// startupJSON is startupMean under -format json: null when none started.
func (p playStats) startupJSON() *float64 {
	ms, ok := p.startupMean()
	if !ok {
		return nil
	}
	ms = math.Round(100*ms) / 100
	return &ms
}

// startupLine is the line under a table for the players (names, in the
// table's order, with their stats) whose programs started: "start-up: me
// 498 ms (...)", within width columns; "" when none did.
func startupLine(names []string, stats []playStats, width int) string {
	var parts []string
	for i, s := range stats {
		if ms, ok := s.startupMean(); ok {
			parts = append(parts, fmt.Sprintf("%s %.0f ms", names[i], ms))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return wrapHanging("start-up: "+strings.Join(parts, ", ")+" (an engine's first move of a game; not in ms/move)",
		width, 2)
}

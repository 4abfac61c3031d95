package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Bounded jobs (docs/solving.md, "Bounded jobs"): a line whose second
// field is ">=N" or "<=N" asks only whether the position's score for the
// side to move is at least N, or at most N, and its answer line gives a
// bound: "<position> >=V <move> <nodes> <microseconds>", the move one
// that keeps V, or "<position> <=V - <nodes> <microseconds>". A
// null-window search proves a bound far sooner than the exact score.

// mergeUnknown bounds every score: a missing answer is worth anything
// between -mergeUnknown and mergeUnknown.
const mergeUnknown = 1 << 30

// boundLimit caps a bound's number, so that one more or less, or the
// merge's unknown bounds, never overflow.
const boundLimit = 1 << 20

// boundAccepts says what a bound field may be.
var boundAccepts = fmt.Sprintf("a bound is >=N or <=N, N a whole number from %d to %d", -boundLimit, boundLimit)

// parseBound reads a job line's second field: ">=N" asks whether the
// score is at least N, "<=N" whether it is at most N, the same question
// as ">=N+1"; beta is the N+1 or N asked "at least". ok is false when
// the field is no bound: the rest of a line is ignored, as ever. err
// says what is wrong with a field that starts as a bound but is none.
func parseBound(field string) (beta int, ok bool, err error) {
	op, number := boundOp(field)
	if op == "" {
		return 0, false, nil
	}
	n, err := strconv.Atoi(number)
	if err != nil || n < -boundLimit || n > boundLimit {
		return 0, false, fmt.Errorf("bad bound %s: %s", quoteUpTo(field, maxEcho), boundAccepts)
	}
	if op == "<=" {
		n++
	}
	return n, true, nil
}

// boundOp splits a score or bound field into its operator, ">=", "<="
// or "" for none, and its number.
func boundOp(field string) (op, number string) {
	if op = field[:min(2, len(field))]; op == ">=" || op == "<=" {
		return op, field[2:]
	}
	return "", field
}

// boundField is the score field of a bounded answer: ">=V" or "<=V".
func boundField(bound string, v int) string { return bound + strconv.Itoa(v) }

// boundAnswer answers a bounded line about g (not over) with bot's
// null-window test at beta, on so many threads: the bound proved,
// ">=" (with the decision's move keeping it) or "<=", and the
// decision; or an error. A test always runs to the end, whatever the
// clock: a bound cut short would be a guess, and the merge cannot tell.
func boundAnswer(ctx context.Context, bot Bot, g Game, beta, jobs int) (string, Decision, error) {
	tester, ok := bot.(boundTester)
	if !ok {
		return "", Decision{}, fmt.Errorf("%s cannot answer a bound (a line with >=N or <=N): run it with the game's exact solver (docs/solving.md)", bot.Name())
	}
	start := time.Now()
	d, ok := tester.atLeast(ctx, g, beta, jobs)
	d.Time = time.Since(start)
	switch {
	case !ok || d.Score >= beta && d.Move == NoMove:
		return "", d, fmt.Errorf("%s did not prove the bound: run it with the game's exact solver (docs/solving.md)", bot.Name())
	case d.Score >= beta:
		return ">=", d, nil
	}
	d.Move = NoMove
	return "<=", d, nil
}

// jobBound is the bound a job line asks, from its fields after the
// position: ok false for an exact job.
func jobBound(fields []string) (beta int, ok bool, err error) {
	if len(fields) < 2 {
		return 0, false, nil
	}
	return parseBound(strings.TrimSpace(fields[1]))
}

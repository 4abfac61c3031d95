package main

import (
	"math"
	"strconv"
)

// The -trace tree (docs/trace.md): what a search shows of
// itself, built once by the search's tracer and drawn by the writers, as
// an outline (tracetext.go), Graphviz DOT (tracedot.go) or JSON
// (tracejson.go). Every number in it is ready to print: values and windows
// already turned to the side the trace's heading names, moves already in
// the game's notation, so that a writer knows no game and no search.

// SearchTrace is one decision's trace.
type SearchTrace struct {
	Bot string `json:"bot"`
	// Position is the record of the position searched ("" the start) and
	// Move the move chosen there, in the game's notation: the writers
	// name them (the DOT graph's label), so that each trace of a file of
	// many says which decision it shows. Empty when not known.
	Position string `json:"position"`
	Move     string `json:"played,omitempty"`
	// Heading says what was searched and how to read the numbers, a line
	// each.
	Heading []string `json:"heading"`
	// Probes are the Connect Four solver's null-window searches, in the
	// order it made them.
	Probes []TraceProbe `json:"probes,omitempty"`
	// Root is the top of the searched tree; nil when the search has no
	// tree to show (the heading then says why).
	Root *TraceNode `json:"root,omitempty"`
}

// TraceProbe is one search of a position with a (null) window: what it
// asked, what it answered, what it cost.
type TraceProbe struct {
	// Label says which position: the root, or the move checked.
	Label  string     `json:"label"`
	Alpha  TraceScore `json:"alpha"`
	Beta   TraceScore `json:"beta"`
	Answer TraceScore `json:"answer"`
	Nodes  int64      `json:"nodes"`
}

// TraceNode is one node of the tree. A field left at its zero value (nil
// for the pointers) does not apply to the search that made the tree, and
// the writers leave it out.
type TraceNode struct {
	// Move led here from the parent, in the game's notation; "root" at
	// the top, or a label for nodes that are no position (a generation of
	// the genetic search).
	Move string `json:"move"`
	// Role is "max" or "min": whether the heading's side moves here.
	Role string `json:"role,omitempty"`
	// Alpha and Beta are the window the node was searched with.
	Alpha *TraceScore `json:"alpha,omitempty"`
	Beta  *TraceScore `json:"beta,omitempty"`
	Value *TraceScore `json:"value,omitempty"`
	// Kind says how the value came about when not by searching the
	// node's moves: "evaluated" (the depth limit), "game over", "table"
	// (a stored result), "scored" (local search's objective).
	Kind string `json:"kind,omitempty"`
	// Nodes is how many positions the search visited in this subtree.
	Nodes int64 `json:"nodes,omitempty"`
	// Skipped is how many of the node's moves a cut-off (or the table)
	// spared searching.
	Skipped int `json:"skipped,omitempty"`
	// PV marks the line the search expects.
	PV bool `json:"pv,omitempty"`
	// Monte Carlo tree search: the playouts through the node, their
	// mean result for the side that made Move, and the UCB1 value the
	// parent saw when it last chose this child (nil when the child was
	// chosen as an untried move, whose value is infinite).
	Visits  int64    `json:"visits,omitempty"`
	WinRate *float64 `json:"win_rate,omitempty"`
	UCB     *float64 `json:"ucb,omitempty"`
	// Note is anything else worth a word (a chromosome's fitness).
	Note     string       `json:"note,omitempty"`
	Children []*TraceNode `json:"children,omitempty"`
	// More counts the children left out of Children (the least visited
	// of a wide MCTS node), with MoreVisits their visits.
	More       int   `json:"more,omitempty"`
	MoreVisits int64 `json:"more_visits,omitempty"`
}

// TraceScore is a value or a window bound; the search's infinities are
// written -inf and +inf.
type TraceScore int

// traceInfinity is where a score counts as infinite: searches start their
// windows at ±infinity (bot.go), 1<<30, far above every real score.
const traceInfinity = 1 << 29

// String writes the score, with the infinities as -inf and +inf.
func (v TraceScore) String() string {
	switch {
	case v <= -traceInfinity:
		return "-inf"
	case v >= traceInfinity:
		return "+inf"
	}
	return strconv.Itoa(int(v))
}

// MarshalJSON writes a finite score as a number and an infinite one as the
// string "-inf" or "+inf", which JSON has no number for (Python's float()
// reads both).
func (v TraceScore) MarshalJSON() ([]byte, error) {
	if s := v.String(); s == "-inf" || s == "+inf" {
		return []byte(`"` + s + `"`), nil
	}
	return []byte(v.String()), nil
}

// negamaxNode is the trace node of a negamax search's node ply plies
// below the root, from the mover's value and window there: the outline
// shows them from the root's side, so odd plies are min nodes with value
// and window negated.
func negamaxNode(ply, value, alpha, beta int, nodes int64) *TraceNode {
	node := &TraceNode{Move: "root", Role: "max", Nodes: nodes}
	if ply%2 == 1 {
		node.Role, value, alpha, beta = "min", -value, -beta, -alpha
	}
	node.Value, node.Alpha, node.Beta = scoreOf(value), scoreOf(alpha), scoreOf(beta)
	return node
}

// scoreOf is a pointer to v as a TraceScore, for the optional fields.
func scoreOf(v int) *TraceScore {
	s := TraceScore(v)
	return &s
}

// floatOf is a pointer to f, or nil when f is no number (an untried
// child's infinite UCB value).
func floatOf(f float64) *float64 {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil
	}
	return &f
}

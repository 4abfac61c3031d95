package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Nim, the proof that a new game is one group of files: it is declared
// entirely in this test file and registers itself, and no file of the
// program names it. The generic tests then cover it as they cover every
// registered game (TestConformance plays every bot at its defaults and
// its other values on it), and the tests below play it through every
// host: the prompt's levels (which its card leaves out), an engine over
// the protocol, a match written with -out and read back by -rate, and
// -analyze (docs/development.md, "A new game").
//
// The game: a heap of nimStones stones; the sides take 1, 2 or 3 in turn,
// and whoever takes the last stone wins. The side to move loses exactly
// when the heap is a multiple of 4.

// nimStones is the heap at the start.
const nimStones = 15

// nimWin is a win's score: a game won, drawn or lost scores +Max, 0 or
// -Max (board.go's Utility); the searches prefer the quicker win.
const nimWin = 100

// nim is a Nim position. A move takes m+1 stones.
type nim struct {
	heap    int
	history []Move
}

func (n *nim) Turn() Side {
	if len(n.history)%2 == 0 {
		return X
	}
	return O
}

func (n *nim) Moves(buf []Move) []Move {
	buf = buf[:0]
	for take := 1; take <= min(3, n.heap); take++ {
		buf = append(buf, Move(take-1))
	}
	return buf
}

func (n *nim) Play(m Move) {
	n.heap -= int(m) + 1
	n.history = append(n.history, m)
}

func (n *nim) Undo() {
	m := n.history[len(n.history)-1]
	n.history = n.history[:len(n.history)-1]
	n.heap += int(m) + 1
}

func (n *nim) History() []Move { return n.history }
func (n *nim) Over() bool      { return n.heap == 0 }

// Winner is the side that took the last stone.
func (n *nim) Winner() Side {
	if n.heap > 0 {
		return Nobody
	}
	return n.Turn().Other()
}

func (n *nim) Final(s Side) int {
	switch n.Winner() {
	case Nobody:
		return 0
	case s:
		return nimWin
	}
	return -nimWin
}

func (n *nim) Utility() Utility { return Utility{Max: nimWin} }

// Key is the heap and the side to move: two lines to the same heap in
// plies of different parity are different positions.
func (n *nim) Key() uint64 { return uint64(n.heap)<<1 | uint64(len(n.history)%2) }

func (n *nim) Clone() Game {
	return &nim{heap: n.heap, history: append([]Move(nil), n.history...)}
}

func (n *nim) Render(bool) string {
	return fmt.Sprintf("heap: %2d %s\n", n.heap, strings.Repeat("|", n.heap))
}

func (n *nim) ParseMove(s string) (Move, error) {
	take, err := strconv.Atoi(strings.TrimSpace(s))
	switch {
	case n.Over():
		return NoMove, errGameOver
	case err != nil:
		return NoMove, &moveError{what: quoteShort(s) + " is no number", accept: "take 1, 2 or 3 stones", notMove: true}
	case take < 1 || take > min(3, n.heap):
		return NoMove, &moveError{what: fmt.Sprintf("%d stones cannot be taken", take), accept: fmt.Sprintf("take 1 to %d stones", min(3, n.heap))}
	}
	return Move(take - 1), nil
}

func (n *nim) FormatMove(m Move) string { return strconv.Itoa(int(m) + 1) }

// nimParity is Nim's evaluator: the side to move wins unless the heap is
// a multiple of 4, worth one point either way (a win's score is nimWin).
func nimParity(g Game, me Side) int {
	n := g.(*nim)
	v := 1
	if n.heap%4 == 0 {
		v = -1
	}
	if n.Turn() != me {
		v = -v
	}
	return v
}

func init() {
	registerGame(&gameSpec{
		name:        "nim",
		title:       "Nim",
		order:       4,
		newGame:     func(gameOptions) Game { return &nim{heap: nimStones} },
		evaluators:  []evaluator{{name: "parity", score: nimParity, about: "the side to move wins unless the heap is a multiple of 4"}},
		botDefaults: map[string]string{"mcts.playouts": "2000"},
		protocol:    gameProtocol{name: "nim", expects: func(Game) string { return "how many stones to take, 1 to 3" }},
		seats:       seatDefaults{bot: "alphabeta"},
		words: gameWords{intro: "take 1, 2 or 3 stones; whoever takes the last stone wins",
			prompt: "Take how many? ", rules: "Nim: take 1, 2 or 3 stones in turn; the last stone wins."},
		analyst: gameAnalyst{strongest: "alphabeta"},
	})
}

// nimValue is the value of a heap for the side to move by the rule of
// the game's theory, independent of any search: +1 a win, -1 a loss.
func nimValue(heap int) int {
	if heap%4 == 0 {
		return -1
	}
	return 1
}

// No file of the program names Nim: it is all in this file.
func TestNimNamedByNoProgramFile(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	word := regexp.MustCompile(`(?i)\bnim\b`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if loc := word.FindIndex(data); loc != nil {
			t.Errorf("%s names Nim at byte %d: a game is its own files only", f, loc[0])
		}
	}
}

// The program plays Nim through every host, run as a process of its own
// as a user would: levels refused (the card has none), -analyze exact, a
// match against an engine over the protocol written with -out and read
// back by -rate.
func TestNimThroughEveryHost(t *testing.T) {
	t.Parallel()
	t.Run("levels", func(t *testing.T) {
		t.Parallel()
		out, errOut := runProgramNim(t, []string{"-game", "nim", "-level", "2"}, "")
		if out != "" || !strings.Contains(errOut, "-level: Nim has no levels; choose its opponent with -bot") {
			t.Errorf("-level 2 in Nim: stdout %q, stderr %q", out, errOut)
		}
	})
	t.Run("analyze", func(t *testing.T) {
		t.Parallel()
		// Every position of a game that takes one stone at a time, and
		// each answer's sign against the theory's value of its heap.
		var in strings.Builder
		for n := range nimStones {
			in.WriteString(strings.Repeat("1", n) + "\n")
		}
		out, errOut := runProgramNim(t, []string{"-game", "nim", "-analyze", "-scores", "-format", "json"}, in.String())
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != nimStones {
			t.Fatalf("-analyze answered %d lines for %d positions; stderr %q", len(lines), nimStones, errOut)
		}
		for n, line := range lines {
			var a struct {
				Score  int    `json:"score"`
				Move   string `json:"move"`
				Scores []*int `json:"scores"`
			}
			if err := json.Unmarshal([]byte(line), &a); err != nil {
				t.Fatalf("line %d: %v: %q", n+1, err, line)
			}
			heap := nimStones - n
			if sign(a.Score) != nimValue(heap) {
				t.Errorf("heap %d: score %d, but the side to move %s", heap, a.Score, map[int]string{1: "wins", -1: "loses"}[nimValue(heap)])
			}
			if take, _ := strconv.Atoi(a.Move); nimValue(heap) > 0 && take != heap%4 {
				t.Errorf("heap %d: took %s, the win takes %d", heap, a.Move, heap%4)
			}
			if len(a.Scores) != 3 {
				t.Fatalf("heap %d: %d scores, want one for each of 1, 2 and 3 stones", heap, len(a.Scores))
			}
			for m, v := range a.Scores {
				if after := heap - (m + 1); after >= 0 && (v == nil || sign(*v) != -nimValue(after) && after > 0) {
					t.Errorf("heap %d, take %d: score %v, want the sign %d", heap, m+1, v, -nimValue(after))
				}
			}
		}
	})
	t.Run("match", func(t *testing.T) {
		t.Parallel()
		out := filepath.Join(t.TempDir(), "nim.jsonl")
		engine := "fix=" + shellQuote(os.Args[0])
		args := []string{"-game", "nim", "-x", "alphabeta", "-o", "fix", "-engine", engine, "-games", "4", "-out", out}
		stdout, errOut := runProgramNim(t, args, "", programEnginesEnv+"=good", markEnv+"="+fixtureMark(t))
		noFixturesLeft(t)
		if !strings.Contains(stdout, "4 games") && !strings.Contains(stdout, "game 4/4") {
			t.Fatalf("the match did not report its 4 games:\n%s\n%s", stdout, errOut)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(data, []byte(`{"type":"game","game":"nim"`)); n != 4 {
			t.Errorf("-out holds %d Nim games, want 4:\n%s", n, data)
		}
		rate, errOut := runProgramNim(t, []string{"-rate", out}, "")
		// Alpha-beta is perfect at Nim and wins every game where its
		// first move can win: as X from 15 stones it wins all it plays
		// first; the games swap seats in pairs.
		if !strings.Contains(rate, "alphabeta") || !strings.Contains(rate, "fix") || !strings.Contains(rate, "4 games") {
			t.Errorf("-rate of the match's file:\n%s\n%s", rate, errOut)
		}
	})
}

// testGamesEnv keeps the games of the tests (Nim) in the program run as
// a process of its own (programEnv), which otherwise has the program's
// own games only, so that the docs' examples see what a user sees.
const testGamesEnv = "BOARDBOTS_TEST_GAMES"

// testGames are the games the test files declare.
var testGames = []string{"nim"}

// dropTestGames leaves the test files' games out of the declared ones.
func dropTestGames() {
	declared.games = slices.DeleteFunc(declared.games, func(g *gameSpec) bool { return slices.Contains(testGames, g.name) })
}

// programRegistry is the declared registry without the test files'
// games: what the program's docs describe.
func programRegistry() *registry {
	reg := declared
	reg.games = slices.DeleteFunc(slices.Clone(declared.games), func(g *gameSpec) bool { return slices.Contains(testGames, g.name) })
	return &reg
}

// runProgramNim runs the program as a process of its own with the test
// games kept, with the environment's extra variables.
func runProgramNim(t *testing.T, args []string, stdin string, env ...string) (string, string) {
	t.Helper()
	_, out, errOut := runAsProgram(t, args, stdin, append(env, testGamesEnv+"=1")...)
	return out, errOut
}

// runAsProgram runs the program as a process of its own (the test
// binary, as programEnv makes it: the program's own games only), on
// args, stdin and the environment's extra variables; it returns the exit
// status, stdout and stderr.
func runAsProgram(t *testing.T, args []string, stdin string, env ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), programEnv+"=1"), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("%v: %v", args, err)
		}
		return exit.ExitCode(), out.String(), errOut.String()
	}
	return 0, out.String(), errOut.String()
}

// The generic alpha-beta plays Nim perfectly from every heap: its move
// wins whenever the heap can be won.
func TestNimAlphaBetaPerfect(t *testing.T) {
	t.Parallel()
	spec, err := declared.findGame("nim")
	if err != nil {
		t.Fatal(err)
	}
	bot := declared.build(spec, declared.findBot("alphabeta"), nil, nil)
	for heap := 1; heap <= nimStones; heap++ {
		g := &nim{heap: heap}
		d := bot.Think(context.Background(), g, Budget{})
		if sign(d.Score) != nimValue(heap) {
			t.Errorf("heap %d: score %d, want the sign %d", heap, d.Score, nimValue(heap))
		}
		if nimValue(heap) > 0 && int(d.Move)+1 != heap%4 {
			t.Errorf("heap %d: takes %d, the win takes %d", heap, int(d.Move)+1, heap%4)
		}
	}
}

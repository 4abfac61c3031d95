package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The bracket's order: seed s meets seed size-1-s, seeds 1 and 2 (0 and
// 1 here) only in the final.
func TestBracketSlots(t *testing.T) {
	t.Parallel()
	for size, want := range map[int][]int{1: {0}, 2: {0, 1}, 4: {0, 3, 1, 2}, 8: {0, 7, 3, 4, 1, 6, 2, 5}} {
		if got := bracketSlots(size); !slices.Equal(got, want) {
			t.Errorf("%d places: %v, want %v", size, got, want)
		}
	}
}

// A bracket of four, the final not yet played, at 36 columns: the
// places joined to their tie's winner, the unknown winner left blank,
// a text too long for its column cut.
func TestBracketLines(t *testing.T) {
	t.Parallel()
	cols := [][]string{{"(1) a 2", "(4) d 0", "(2) bbbbbbbbbbbbb", "bye"}, {"(1) a", "(2) b"}, {""}}
	want := []string{
		"(1) a 2 --+",
		"          +-(1) a ----+",
		"(4) d 0 --+           |",
		"                      +",
		"(2) bbbbb +           |",
		"          +-(2) b ----+",
		"bye ------+",
	}
	if got := bracketLines(cols, []int{12, 12, 12}); !slices.Equal(got, want) {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// The bracket's columns at 80: a field of 8 named in every column; of
// 17 (32 places) named in the first column only, the others seed and
// points; of 100 (128 places), seeds alone.
func TestBracketWidths(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n      int
		widths []int
		first  string // seed 1's place
		second string // seed 1 in the second column
	}{
		{8, []int{20, 20, 20, 20}, "(1) player-1", "(1) player-1"},
		{17, []int{40, 8, 8, 8, 8, 8}, "(1) player-1", "(1)"},
		{100, []int{9, 9, 9, 9, 9, 9, 9, 9}, "(1)", "(1)"},
	} {
		var field []*player
		for i := range tc.n {
			field = append(field, &player{label: fmt.Sprintf("player-%d", i+1)})
		}
		f := newKnockout(tournamentConfig{players: field, games: 2}, io.Discard, nil)
		f.cols[1][0] = 0 // seed 1 through its first tie
		texts, widths := f.bracketTexts(80)
		if !slices.Equal(widths, tc.widths) || texts[0][0] != tc.first || texts[1][0] != tc.second {
			t.Errorf("%d players: widths %v, %q, %q; want %v, %q, %q", tc.n, widths, texts[0][0], texts[1][0], tc.widths, tc.first, tc.second)
		}
		for _, line := range bracketLines(texts, widths) {
			if len(line) > 80 {
				t.Errorf("%d players: %d columns: %q", tc.n, len(line), line)
			}
		}
	}
}

// A knockout of 6 played whole: seeds 1 and 2 get the byes; a level tie
// plays one more pair at a time, and after 2 more pairs still level the
// higher seed goes through, said so; the bracket as each round ends;
// the standings by how far each went, seed and round reached after the
// usual columns; -plot drawn. Cut after 10 games and rerun onto its
// -out file, it resumes round by round and ends with the same tables;
// rerun without -seed, it adopts the file's seed and plays nothing.
// -shard, an odd -games and -format json are refused before -out's
// file is made.
func TestKnockout(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path, plot := filepath.Join(dir, "k.jsonl"), filepath.Join(dir, "k.svg")
	args := []string{"-tournament", "random,minimax,alphabeta,mcts:playouts=20,rollout,local", "-pairing", "knockout", "-seed", "1", "-jobs", "2"}
	status, whole, errText := runCapture(append(args, "-out", path, "-plot", plot), "")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errText)
	}
	for _, want := range []string{
		"\nknockout of 6 players: 3 rounds, seeded in the order given, a tie 2 games; a level tie plays up to 2 more pairs, then the higher seed goes through; at most 30 games\n",
		"\nround 1/3, the quarter-finals: (4) mcts:playouts=20 - (5) rollout, (3) alphabeta - (6) local; byes: (1) random, (2) minimax\n",
		"\nround 1/3, the quarter-finals, level ties, one more pair: (4) mcts:playouts=20 - (5) rollout, (3) alphabeta - (6) local\n",
		"\n(4) mcts:playouts=20 3.5 - 2.5 (5) rollout: mcts:playouts=20 goes through\n",
		"\n(3) alphabeta 3 - 3 (6) local: alphabeta goes through, the higher seed, level after 2 more pairs\n",
		"\n(2) minimax 3 - 3 (3) alphabeta: minimax goes through, the higher seed, level after 2 more pairs\n",
		"\n(2) minimax 1.5 - 0.5 (4) mcts:playouts=20: minimax goes through\n",
		"\nTic-Tac-Toe knockout: 6 bots, 22 games, won by minimax\n",
		`
(1) random -------+
                  +-(1) random 0 -----+
bye --------------+                   |
                                      +-(4) mcts:pla~ 0.5 +
(4) mcts:pla~ 3.5 +                   |                   |
                  +-(4) mcts:pla~ 2 --+                   |
(5) rollout 2.5 --+                                       |
                                                          +-(2) minimax
(2) minimax ------+                                       |
                  +-(2) minimax 3 ----+                   |
bye --------------+                   |                   |
                                      +-(2) minimax 1.5 --+
(3) alphabeta 3 --+                   |
                  +-(3) alphabeta 3 --+
(6) local 3 ------+
`,
	} {
		if !strings.Contains(whole, want) {
			t.Errorf("no %q in:\n%s", want, whole)
		}
	}
	if n := strings.Count(whole, "\ngame "); n != 22 {
		t.Errorf("%d games, want 22", n)
	}
	var reached []string
	for line := range strings.Lines(whole) {
		if f := strings.Fields(line); len(f) == 13 && f[0] >= "1" && f[0] <= "9" {
			reached = append(reached, f[1]+" "+f[11]+" "+f[12])
		}
	}
	want := []string{"minimax 2 winner", "mcts:playouts=20 4 final", "alphabeta 3 semi-final", "random 1 semi-final", "local 6 quarter-final", "rollout 5 quarter-final"}
	if !slices.Equal(reached, want) {
		t.Errorf("standings' bot, seed, reached: %q, want %q", reached, want)
	}
	if info, err := os.Stat(plot); err != nil || info.Size() == 0 {
		t.Errorf("-plot: %v", err)
	}

	// Cut after 10 games, in round 1's second extra pair: the rerun
	// plays the 12 games it lacks.
	lines := strings.SplitAfter(mustRead(t, path), "\n")
	if err := os.WriteFile(path, []byte(strings.Join(lines[:11], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	status, again, errText := runCapture(append(args, "-out", path), "")
	if status != 0 || strings.Count(again, "\nresuming: 4 of 4 games already in "+path+"\n") != 2 ||
		!strings.Contains(again, "\nresuming: 2 of 4 games already in "+path+"\n") || strings.Count(again, "\ngame ") != 12 {
		t.Errorf("the rerun: status %d, %s%s", status, again, errText)
	}
	tablesOf := func(out string) string {
		_, after, _ := strings.Cut(out, "Tic-Tac-Toe knockout:")
		return maskTimes(after)
	}
	if tablesOf(again) != tablesOf(whole) {
		t.Errorf("resumed tables:\n%s\nwant:\n%s", again, whole)
	}
	if n := strings.Count(mustRead(t, path), "\n"); n != 24 {
		t.Errorf("-out holds %d lines after the rerun, want 24 (22 games, a run line before each run's)", n)
	}

	// Once more without -seed: the file's run is adopted, nothing to play.
	noSeed := slices.Concat(args[:4], args[6:], []string{"-out", path})
	status, third, errText := runCapture(noSeed, "")
	if status != 0 || errText != "-seed not given: resuming the run of seed 1 that "+path+" holds\n" ||
		strings.Count(third, "\ngame ") != 0 || tablesOf(third) != tablesOf(whole) {
		t.Errorf("without -seed: status %d, %q\n%s", status, errText, third)
	}

	for _, tc := range []struct{ flags, err string }{
		{"-shard 1/2", "-pairing knockout: its rounds are paired from the results so far, so it plays whole, in text: accepted without -shard, -gauntlet and -format json\n"},
		{"-games 3", "-pairing knockout: -games 3: a tie is game pairs, seats swapped: accepted an even number\n"},
		{"-format json", "-pairing knockout: it plays whole, in text: accepted without -shard, -gauntlet and -format json\n"},
	} {
		refused := filepath.Join(dir, "refused.jsonl")
		status, out, errText := runCapture(slices.Concat(args, strings.Fields(tc.flags), []string{"-out", refused}), "")
		if status != 2 || out != "" || !strings.HasSuffix(errText, tc.err) {
			t.Errorf("%s: status %d, %q, %q; want 2 and %q", tc.flags, status, out, errText, tc.err)
		}
		if _, err := os.Stat(refused); err == nil {
			t.Errorf("%s: refused, yet -out's file made", tc.flags)
		}
	}
}

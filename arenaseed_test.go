package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A rerun without -seed onto a file holding one run of its settings
// adopts that run's seed and resumes it, saying so; a differing -seed
// says so and starts another run; with two runs of the settings and no
// -seed, which to resume is asked for, exit 2; a run of other settings
// starts its own. (Before, the rerun drew a new seed from the clock and
// played game 1 again beside the first run's.)
func TestRerunAdoptsSeed(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "games.jsonl")
	args := []string{"-x", "alphabeta", "-o", "random", "-games", "4", "-jobs", "1", "-out", path}
	status, out, errText := runCapture(args, "")
	var seed uint64
	if _, err := fmt.Sscanf(out, "seed: %d\n", &seed); status != 0 || err != nil {
		t.Fatalf("status %d, %v: %s%s", status, err, out, errText)
	}
	lines := strings.SplitAfter(mustRead(t, path), "\n")
	if err := os.WriteFile(path, []byte(lines[0]+lines[1]+lines[2]), 0o644); err != nil { // the run line; stopped after 2 games
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		extra  []string
		status int
		out    string // the start of standard output
		err    string // standard error
	}{
		{"no -seed resumes", nil, 0, fmt.Sprintf("seed: %d\nresuming: 2 of 4 games already in %s\n", seed, path),
			fmt.Sprintf("-seed not given: resuming the run of seed %d that %s holds\n", seed, path)},
		{"another -seed starts another", []string{"-seed", "1"}, 0, "seed: 1\ngame 1/4: ",
			fmt.Sprintf("-out %s holds a run of these settings with seed %d; -seed 1 starts another beside it\n", path, seed)},
		{"two runs, no -seed", nil, 2, "",
			fmt.Sprintf("boardbots: -out %s holds 2 runs of these settings, seeds 1, %d: -seed SEED resumes one of them, or starts another\n", path, seed)},
		{"the run's own -seed", []string{"-seed", fmt.Sprint(seed)}, 0, fmt.Sprintf("seed: %d\nresuming: 4 of 4 games already in %s\n", seed, path), ""},
		{"other settings", []string{"-depth", "2"}, 0, "seed: ", ""},
	} {
		status, out, errText := runCapture(append(args, tc.extra...), "")
		if status != tc.status || !strings.HasPrefix(out, tc.out) || errText != tc.err {
			t.Errorf("%s: status %d, %q, %q; want %d, %q..., %q", tc.name, status, out, errText, tc.status, tc.out, tc.err)
		}
	}
}

package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// envInt is the integer a benchmark knob (an environment variable) sets,
// def when it is unset; a value that is not an integer stops the
// benchmark rather than let a typing error go unnoticed.
func envInt(tb testing.TB, name string, def int) int {
	v, ok := os.LookupEnv(name)
	if !ok || v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		tb.Fatalf("%s=%q: want an integer", name, v)
	}
	return n
}

// Every bad flag value is one line naming the flag and what it accepts.
func TestBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-first", "maybe"}, `-first "maybe": accepted are human, bot, random`},
		{[]string{"-depth", "x"}, `-depth "x": accepted is a whole number`},
		{[]string{"-depth", "-3"}, `-depth -3: accepted is 0`},
		{[]string{"-time", "5"}, `-time "5": accepted is a duration`},
		{[]string{"-rounds", "29"}, `-rounds 29: accepted are 2..28`},
		{[]string{"-rounds", "1"}, `-rounds 1: accepted are 2..28`},
		{[]string{"-games", "0"}, `-games 0: accepted is 1 or more`},
		{[]string{"-games", "3"}, `-games 3: a match needs two bots`},
		{[]string{"-openings", "-1"}, `-openings -1: accepted is 0 or more plies, or a file of records`},
		{[]string{"-openings", "two"}, `-openings "two": no such file and not a number: accepted is K plies (0 or more) or a file of records`},
		{[]string{"-shard", "3/2"}, `-shard "3/2": accepted is I/N, the I-th of N slices, 1 <= I <= N, like 2/4`},
		{[]string{"-shard", "1/2"}, `-shard 1/2: accepted only with -tournament`},
		{[]string{"-format", "xml"}, `-format "xml": accepted are text, json`},
		{[]string{"-scores"}, `-scores: accepted only with -analyze`},
		{[]string{"-moves", "44", "-openings", "main_test.go"}, `-moves with -openings FILE`},
		{[]string{"-book-ply", "x"}, `-book-ply "x": accepted is a whole number of plies`},
		{[]string{"-book-line-ply", "x"}, `-book-line-ply "x": accepted is a whole number of plies`},
		{[]string{"-book-ply", "-3"}, "-book-ply -3: accepted are 0..42 plies"},
		{[]string{"-book-line-ply", "5"}, "-book-line-ply 5: accepted are -book-ply (12)..42 plies"},
		{[]string{"-book-ply", "40"}, "-book-ply 40: accepted are 0..36 plies, -book-line-ply (36) at most"},
		{[]string{"-nope"}, `unknown flag -nope`},
		{[]string{"-game", "chess"}, `-game: unknown game "chess": accepted are ttt`},
		{[]string{"-bot", "solver"}, `-bot: bot "solver" does not play Tic-Tac-Toe: accepted are minimax, alphabeta`},
		{[]string{"-x", "deep-blue"}, `-x: unknown bot "deep-blue"`},
		{[]string{"stray"}, `unexpected argument "stray"`},
	}
	for _, tt := range tests {
		o, err := parseFlags(tt.args, nil)
		if err == nil {
			_, err = resolve(o)
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: error %v; want one line containing %q", tt.args, err, tt.want)
		}
	}
}

// Who sits where, from SPEC's defaults and the -bot, -first, -x, -o rules.
func TestSeats(t *testing.T) {
	tests := []struct {
		args []string
		x, o string // "human" or the bot's name
	}{
		{nil, "minimax", "human"},
		{[]string{"-first", "human"}, "human", "minimax"},
		{[]string{"-bot", "alphabeta"}, "alphabeta", "human"},
		{[]string{"-x", "random", "-o", "alphabeta"}, "random", "alphabeta"},
		{[]string{"-x", "human", "-o", "human"}, "human", "human"},
		{[]string{"-o", "random"}, "minimax", "random"},
		{[]string{"-first", "human", "-x", "alphabeta"}, "alphabeta", "minimax"},
	}
	name := func(b Bot) string {
		if b == nil {
			return "human"
		}
		return b.Name()
	}
	for _, tt := range tests {
		_, s := mustResolve(t, tt.args)
		if name(s.seats[X]) != tt.x || name(s.seats[O]) != tt.o {
			t.Errorf("%v: X %s, O %s; want X %s, O %s", tt.args, name(s.seats[X]), name(s.seats[O]), tt.x, tt.o)
		}
	}
}

// -first random is drawn from the seeded source: the same seed, the same
// first player, and both outcomes occur over seeds.
func TestFirstRandomIsSeeded(t *testing.T) {
	firsts := map[bool]int{}
	for seed := range 20 {
		args := []string{"-first", "random", "-seed", strconv.Itoa(seed)}
		var botFirst []bool
		for range 2 {
			o, _ := parseFlags(args, nil)
			s, err := resolve(o)
			if err != nil {
				t.Fatal(err)
			}
			botFirst = append(botFirst, s.seats[X] != nil)
		}
		if botFirst[0] != botFirst[1] {
			t.Fatalf("seed %v drew different first players", args)
		}
		firsts[botFirst[0]]++
	}
	if len(firsts) != 2 {
		t.Errorf("over 20 seeds the first player never changed: %v", firsts)
	}
}

// -delay: as given, else half a second at a terminal and none on a pipe.
func TestWatchDelayFlag(t *testing.T) {
	for _, tt := range []struct {
		args     []string
		terminal bool
		want     time.Duration
	}{
		{nil, true, 500 * time.Millisecond},
		{nil, false, 0},
		{[]string{"-delay", "2s"}, true, 2 * time.Second},
		{[]string{"-delay", "2s"}, false, 2 * time.Second},
		{[]string{"-delay", "0"}, true, 0},
	} {
		o, err := parseFlags(tt.args, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := watchDelay(o, tt.terminal); got != tt.want {
			t.Errorf("%v at a terminal %v: %v, want %v", tt.args, tt.terminal, got, tt.want)
		}
	}
}

// -h says which runs -seed repeats, and which it cannot.
func TestHelpOnSeeds(t *testing.T) {
	var out strings.Builder
	if _, err := parseFlags([]string{"-h"}, &out); err == nil {
		t.Fatal("-h gave no ErrHelp")
	}
	text := strings.Join(strings.Fields(out.String()), " ")
	for _, want := range []string{
		"-delay", "-seed",
		"With a time budget (-time) how deep a bot searches depends on the machine's speed, so the same -seed can give different games",
		"with fixed budgets only (-depth, -playouts) a run repeats exactly",
		"in a game type a move, or help, undo, hint, new, rules, quit.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("-h lacks %q", want)
		}
	}
}

// Every flag that the flag package parses (all but the strings) has a
// line in flagAccepts, so that a value it cannot parse is named with what
// the flag accepts, not taken for a missing value.
func TestFlagAccepts(t *testing.T) {
	fs := (&options{}).flagSet()
	fs.VisitAll(func(f *flag.Flag) {
		// Strings, and the flags that read their own text (-rate,
		// -shard: TestBadFlags has -shard's message), take any value.
		g, isGetter := f.Value.(flag.Getter)
		if !isGetter {
			return
		}
		if _, isString := g.Get().(string); isString {
			return
		}
		t.Run(f.Name, func(t *testing.T) {
			_, err := parseFlags([]string{"-" + f.Name + "=?"}, nil)
			want := "-" + f.Name + ` "?": accepted is ` + flagAccepts(f.Name)
			if flagAccepts(f.Name) == "" || err == nil || err.Error() != want {
				t.Errorf("error %v, want %q", err, want)
			}
		})
	})
}

// -h gives -openings one default, the per-game one.
func TestHelpOpeningsDefault(t *testing.T) {
	var out strings.Builder
	parseFlags([]string{"-h"}, &out)
	help := out.String()
	i := strings.Index(help, "-openings")
	if i < 0 {
		t.Fatalf("-h lacks -openings:\n%s", help)
	}
	usage, _, _ := strings.Cut(help[i:], "\n  -") // up to the next flag
	if strings.Count(usage, "default") != 1 || !strings.Contains(usage, "(default per game)") {
		t.Errorf("-openings in -h: %q, want one default, per game", usage)
	}
}

// -h says each flag's default once: a usage line that names its own
// default ("6 by default") gets flag's "(default 6)" on top.
func TestHelpDefaultsOnce(t *testing.T) {
	var out strings.Builder
	parseFlags([]string{"-h"}, &out)
	for _, usage := range strings.Split(out.String(), "\n  -")[1:] {
		if strings.Count(usage, "default") > 1 {
			t.Errorf("two defaults: %q", usage)
		}
	}
}

// A mode's exit status: an interrupt wins over whatever the mode
// returned, nil included (-analyze stopped by Ctrl-C used to exit 0).
func TestExitStatus(t *testing.T) {
	live := context.Background()
	stopped, cancel := context.WithCancel(live)
	cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		err  error
		want int
	}{
		{"done", live, nil, 0},
		{"quit", live, errQuit, 0},
		{"end of input", live, io.EOF, 0},
		{"failed", live, errors.New("broken"), 1},
		{"bad openings", live, openingsError{plies: 9, title: "Tic-Tac-Toe"}, 2},
		{"interrupted", live, errInterrupted, 130},
		{"interrupted, no error", stopped, nil, 130},
		{"interrupted, then quit", stopped, errQuit, 130},
		{"interrupted, then failed", stopped, errors.New("broken"), 130},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := exitStatus(tc.ctx, tc.err); got != tc.want {
				t.Errorf("exitStatus: %d, want %d", got, tc.want)
			}
		})
	}
}

// run's exit status for bad flag values is 2, with one line on standard
// error naming what is wrong (TestBadFlags has the messages of the values
// parseFlags refuses; one of them stands for all here), also when the
// value is found wrong only once the game is known (-openings,
// -tournament) and before any game.
func TestRunExitStatus(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want int
		says string // in the line on standard error; "" for none
	}{
		{[]string{"-h"}, 0, ""},
		{[]string{"-games", "0"}, 2, "-games 0: accepted is 1 or more"},
		{[]string{"-x", "alphabeta", "-o", "random", "-games", "2", "-openings", "9"}, 2,
			"-openings 9: no opening of 9 plies leaves Tic-Tac-Toe open"},
		{[]string{"-game", "c4", "-x", "random", "-o", "random", "-games", "2", "-openings", "42"}, 2,
			"-openings 42: no opening of 42 plies leaves Connect Four open"},
		{[]string{"-game", "adj", "-rounds", "8", "-tournament", "random,local", "-openings", "16"}, 2,
			"-openings 16: no opening of 16 plies leaves"},
		{[]string{"-tournament", "foo,bar"}, 2, `-tournament: "foo" is not a bot: accepted are all or some of minimax,`},
		{[]string{"-tournament", "solver,random"}, 2, `"solver" does not play Tic-Tac-Toe`},
		{[]string{"-tournament", "minimax"}, 2, "needs two bots or more"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			stderr := redirect(t, &os.Stderr)
			redirect(t, &os.Stdout)
			got := run(tc.args)
			lines := strings.Split(strings.TrimSuffix(stderr(), "\n"), "\n")
			if got != tc.want {
				t.Errorf("exit status %d, want %d; standard error %q", got, tc.want, lines)
			}
			if tc.says == "" {
				return
			}
			if len(lines) != 1 || !strings.Contains(lines[0], tc.says) {
				t.Errorf("standard error %q, want one line saying %q", lines, tc.says)
			}
		})
	}
}

// redirect points *f (os.Stdout or os.Stderr) at a file until the test
// ends, and returns a function that reads what was written so far.
func redirect(t *testing.T, f **os.File) func() string {
	t.Helper()
	tmp, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	saved := *f
	*f = tmp
	t.Cleanup(func() { *f = saved; tmp.Close() })
	return func() string {
		b, err := os.ReadFile(tmp.Name())
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
}

// -h fits a terminal of 80 columns, whatever name the program was run by,
// and says that name.
func TestHelpWidth(t *testing.T) {
	for name, arg0 := range map[string]string{
		"this test":    os.Args[0],
		"installed":    "/usr/local/bin/boardbots",
		"built":        "./boardbots",
		"go run":       "/tmp/go-build123/b001/exe/boardbots",
		"renamed long": "/opt/bin/boardbots-nightly-2026",
	} {
		t.Run(name, func(t *testing.T) {
			saved := os.Args[0]
			os.Args[0] = arg0
			defer func() { os.Args[0] = saved }()
			var out strings.Builder
			if _, err := parseFlags([]string{"-h"}, &out); !errors.Is(err, flag.ErrHelp) {
				t.Fatalf("-h: %v, want flag.ErrHelp", err)
			}
			if want := "usage: " + progName(arg0) + " [flags]"; !strings.Contains(out.String(), want) {
				t.Errorf("-h lacks %q", want)
			}
			for i, line := range strings.Split(out.String(), "\n") {
				if n := utf8.RuneCountInString(line); n > helpWidth || strings.Contains(line, "\t") {
					t.Errorf("-h line %d has %d columns (or a tab), over %d: %q", i+1, n, helpWidth, line)
				}
			}
		})
	}
}

// -h names the program as the user ran it: go run builds it into the go
// command's temporary directory, a build or an install keeps its name.
func TestProgName(t *testing.T) {
	for arg0, want := range map[string]string{
		"/tmp/go-build2904551186/b001/exe/boardbots":                                                            "go run .",
		"/root/.cache/go-build/7c/7c432fb8433c8daa16709a0ca1f126a5710fce59b2b5a5cced4e924061e942a0-d/boardbots": "go run .",
		"/root/.cache/go-build/7c/not-a-hash-d/boardbots":                                                       "boardbots",
		"/root/.cache/go-build/tmp/go-build42/b001/exe/main":                                                    "go run .",
		`C:\Users\me\AppData\Local\Temp\go-build1\b001\exe\x.exe`:                                               "go run .",
		"./boardbots":                  "boardbots",
		"boardbots":                    "boardbots",
		"/home/me/go/bin/boardbots":    "boardbots",
		"/home/me/go-builds/boardbots": "boardbots",
		"/srv/go-build/boardbots":      "boardbots",
	} {
		if filepath.Separator != '\\' && strings.Contains(arg0, `\`) {
			continue // a Windows path means nothing elsewhere
		}
		if got := progName(arg0); got != want {
			t.Errorf("progName(%q) = %q, want %q", arg0, got, want)
		}
	}
}

// -version prints one line, the version, and exits 0 before anything else
// is looked at.
func TestVersion(t *testing.T) {
	stdout := redirect(t, &os.Stdout)
	stderr := redirect(t, &os.Stderr)
	if got := run([]string{"-version", "-game", "c4"}); got != 0 {
		t.Errorf("exit status %d, want 0", got)
	}
	if out := stdout(); out != versionText()+"\n" || !strings.HasPrefix(out, "boardbots ") {
		t.Errorf("-version printed %q, want one line %q", out, versionText())
	}
	if e := stderr(); e != "" {
		t.Errorf("-version wrote %q to standard error", e)
	}
}

// The version line says what the build recorded, and no more.
func TestBuildVersion(t *testing.T) {
	rev := "6e21f665efebf3cd4e9495a8986066aa1ef15782"
	for _, tc := range []struct {
		name string
		info debug.BuildInfo
		want string
	}{
		{"nothing recorded", debug.BuildInfo{}, "boardbots dev"},
		{"go run", debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			"boardbots dev (go1.26.8)"},
		{"go install of a tag", debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.0"}},
			"boardbots v1.2.0 (go1.26.8)"},
		{"go build in a clone", debug.BuildInfo{GoVersion: "go1.26.8",
			Main: debug.Module{Version: "v0.0.0-20261124074038-6e21f665efeb+dirty"},
			Settings: []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev},
				{Key: "vcs.time", Value: "2026-11-24T07:40:38Z"}, {Key: "vcs.modified", Value: "true"}}},
			"boardbots v0.0.0-20261124074038-6e21f665efeb+dirty (commit 6e21f665efeb of 2026-11-24T07:40:38Z, modified, go1.26.8)"},
		{"a revision alone", debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}}},
			"boardbots dev (commit abc)"},
	} {
		if got := buildVersion(&tc.info); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// -rate takes every file after it, and flags may come before or after
// them.
func TestRateFiles(t *testing.T) {
	for _, args := range [][]string{
		{"-rate", "a.jsonl", "b.jsonl", "-format", "json"},
		{"-format", "json", "-rate", "a.jsonl", "b.jsonl"},
		{"-rate", "a.jsonl", "-format", "json", "b.jsonl"},
	} {
		o, err := parseFlags(args, nil)
		if err != nil || !slices.Equal(o.rate, []string{"a.jsonl", "b.jsonl"}) || o.format != "json" {
			t.Errorf("%q: files %v, format %v, error %v", args, o.rate, o.format, err)
		}
	}
	if _, err := parseFlags([]string{"-format", "json", "a.jsonl"}, nil); err == nil {
		t.Error("a file without -rate: want an error")
	}
}

// mustResolve parses args as the command line and resolves them, failing
// the test on any error.
func mustResolve(t testing.TB, args []string) (*options, *setup) {
	t.Helper()
	o, err := parseFlags(args, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := resolve(o)
	if err != nil {
		t.Fatal(err)
	}
	return o, s
}

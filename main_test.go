package main

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"
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

// A mode's exit status: an interrupt wins over whatever the mode
// returned, nil included (-analyze stopped by Ctrl-C used to exit 0), and
// a signal's status is 128 and its number, as a shell reports it.
func TestExitStatus(t *testing.T) {
	live := context.Background()
	stopped, cancel := context.WithCancel(live)
	cancel()
	by := func(sig syscall.Signal) context.Context {
		ctx, cancel := context.WithCancelCause(live)
		cancel(signalled{sig})
		return ctx
	}
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
		{"Ctrl-C", by(syscall.SIGINT), errInterrupted, 130},
		{"SIGTERM", by(syscall.SIGTERM), errInterrupted, 143},
		{"SIGTERM, no error", by(syscall.SIGTERM), nil, 143},
		{"SIGHUP", by(syscall.SIGHUP), errInterrupted, 129},
		{"SIGPIPE", by(syscall.SIGPIPE), nil, 141},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := exitStatus(tc.ctx, tc.err); got != tc.want {
				t.Errorf("exitStatus: %d, want %d", got, tc.want)
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

// The version line says what the build recorded, and no more; a build
// that recorded neither a version nor a commit says how to have one.
func TestBuildVersion(t *testing.T) {
	rev := "6e21f665efebf3cd4e9495a8986066aa1ef15782"
	clone := func(modified string) debug.BuildInfo {
		return debug.BuildInfo{GoVersion: "go1.26.8",
			Main: debug.Module{Version: "v0.0.0-20261124074038-6e21f665efeb+dirty"},
			Settings: []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev},
				{Key: "vcs.time", Value: "2026-11-24T07:40:38Z"}, {Key: "vcs.modified", Value: modified}}}
	}
	for _, tc := range []struct {
		name string
		info debug.BuildInfo
		want string
	}{
		{"nothing recorded", debug.BuildInfo{}, "boardbots dev"},
		{"go run", debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			"boardbots dev (go1.26.8; no commit recorded: go build in a git clone records it, unless GOFLAGS has -buildvcs=false)"},
		{"go install of a tag", debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.0"}},
			"boardbots v1.2.0 (go1.26.8)"},
		{"go build in a clone, modified", clone("true"),
			"boardbots v0.0.0-20261124074038-6e21f665efeb+dirty (commit 6e21f665efeb of 2026-11-24T07:40:38Z, modified, go1.26.8)"},
		{"go build in a clone, unmodified", clone("false"),
			"boardbots v0.0.0-20261124074038-6e21f665efeb+dirty (commit 6e21f665efeb of 2026-11-24T07:40:38Z, unmodified, go1.26.8)"},
		{"a revision alone", debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}}},
			"boardbots dev (commit abc)"},
	} {
		if got := buildVersion(&tc.info); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// -version of a program built by go build in a git clone names the
// clone's commit, its time and whether the files held changes not
// committed (TestBuildVersion has what a build without a commit says).
func TestVersionFromClone(t *testing.T) {
	t.Parallel()
	gitPath, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git here")
	}
	// A clone of a small program of its own: this package's version
	// code and a main that prints its line, as -version does (TestVersion),
	// so that the test builds in a second, not the whole program.
	dir := t.TempDir()
	code, err := os.ReadFile("cliversion.go")
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"go.mod":        "module boardbots\n\ngo 1.26\n",
		"cliversion.go": string(code),
		"main.go":       "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(versionText()) }\n",
		"README.md":     "a clone\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// -buildvcs=true overrides a GOFLAGS of -buildvcs=false in go env's file.
	env := append(os.Environ(), "GOFLAGS=-buildvcs=true", "GIT_CONFIG_GLOBAL=/dev/null", "TZ=UTC",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	command := func(name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	command(gitPath, "init", "-q")
	if got, want := command(gitPath, "rev-parse", "--absolute-git-dir"), filepath.Join(dir, ".git"); got != want {
		t.Fatalf("the new repository is %s, not %s", got, want) // never commit to another
	}
	command(gitPath, "add", "-A")
	command(gitPath, "commit", "-q", "-m", "a clone")
	rev := command(gitPath, "rev-parse", "HEAD")[:12]
	when := command(gitPath, "log", "-1", "--format=%cd", "--date=format-local:%Y-%m-%dT%H:%M:%SZ")
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	bin := filepath.Join(t.TempDir(), "bb") // outside the clone, whose files it would change
	version := func() string {
		t.Helper()
		command(goTool, "build", "-o", bin)
		return command(bin, "-version")
	}
	for _, tc := range []struct {
		name, change, want string
	}{
		{"unmodified", "", "(commit " + rev + " of " + when + ", unmodified, go"},
		{"modified", "README.md", "(commit " + rev + " of " + when + ", modified, go"},
	} {
		if tc.change != "" {
			if err := os.WriteFile(filepath.Join(dir, tc.change), []byte("changed\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if got := version(); !strings.HasPrefix(got, "boardbots v0.0.0-") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: -version says %q, want %q in it", tc.name, got, tc.want)
		}
	}
}

// run's exit status for bad flag values is 2, with one line on standard
// error naming what is wrong (TestBadFlags has the messages; one of them
// stands for all here), also when the value is found wrong only once the
// game is known (-openings, -tournament) and before any game.
func TestRunExitStatus(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	for _, tc := range []struct {
		args []string
		want int
		says string // in the line on standard error; "" for none
	}{
		{[]string{"-h"}, 0, ""},
		{[]string{"-games", "0"}, 2, `-games "0": expected a whole number, 1 or more`},
		{[]string{"-x", "alphabeta", "-o", "random", "-games", "2", "-openings", "9"}, 2,
			"-openings 9: no opening of 9 plies leaves Tic-Tac-Toe open"},
		{[]string{"-game", "c4", "-x", "random", "-o", "random", "-games", "2", "-openings", "42"}, 2,
			"-openings 42: no opening of 42 plies leaves Connect Four open"},
		{[]string{"-game", "adj", "-rounds", "8", "-tournament", "random,local", "-openings", "16"}, 2,
			"-openings 16: no opening of 16 plies leaves"},
		{[]string{"-tournament", "foo,bar"}, 2, `-tournament: unknown bot "foo": expected one of minimax,`},
		{[]string{"-tournament", "solver,random"}, 2, `bot solver does not play Tic-Tac-Toe`},
		{[]string{"-tournament", "minimax"}, 2, "needs two bots or more"},
		{[]string{"-x", "alphabeta:depth=x", "-o", "random"}, 2, `-x: "alphabeta:depth=x": depth="x": expected a whole number from 0 to 64`},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			got, _, stderr := runCapture(tc.args, "")
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
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

// The word help prints what -h prints, wherever it stands among the
// flags, and exits 0; another word is still refused.
func TestHelpWord(t *testing.T) {
	t.Parallel()
	_, want, _ := runCapture([]string{"-h"}, "")
	for _, args := range [][]string{{"help"}, {"HELP"}, {"-game", "c4", "help"}} {
		status, out, errOut := runCapture(args, "")
		if status != 0 || out != want || errOut != "" {
			t.Errorf("%q: status %d, standard error %q, help printed %v", args, status, errOut, out == want)
		}
	}
	if status, _, errOut := runCapture([]string{"halp"}, ""); status != 2 || !strings.Contains(errOut, `unexpected argument "halp"`) {
		t.Errorf("halp: status %d, %q", status, errOut)
	}
}

// -version prints one line, the version, and exits 0 before anything else
// is looked at.
func TestVersion(t *testing.T) {
	got, out, errOut := runCapture([]string{"-version", "-game", "c4"}, "")
	if got != 0 {
		t.Errorf("exit status %d, want 0", got)
	}
	if out != versionText()+"\n" || !strings.HasPrefix(out, "boardbots ") {
		t.Errorf("-version printed %q, want one line %q", out, versionText())
	}
	if errOut != "" {
		t.Errorf("-version wrote %q to standard error", errOut)
	}
}

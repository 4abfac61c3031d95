package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// What an engine may reach beyond its pipes, tried as a teacher meets it:
// the program on a terminal, a secret in the environment, a student's bot
// that eats memory. Each engine is a real process, and none is left.

// An engine runs in a session of its own, without a terminal: one that
// opens /dev/tty (to write on the teacher's screen, or to read it and be
// stopped by it) gets an error, which it says as its last words, and
// nothing of it reaches the terminal the program runs on.
func TestEngineNoTerminal(t *testing.T) {
	t.Parallel()
	mark := newMark(t)
	r := startOnTerminal(t, []string{programEnginesEnv + "=tty", markEnv + "=" + mark},
		"-engine", "t="+shellQuote(os.Args[0]), "-x", "t", "-o", "random", "-game", "ttt", "-games", "1")
	r.waitFor(t, `t exited with status 5, its last words "open /dev/tty: no such device or address"`)
	r.cmd.Wait()
	<-r.done
	if out := r.out.String(); strings.Contains(out, fixtureOnTerminal) {
		t.Errorf("the engine wrote on the terminal:\n%s", out)
	}
	noneMarkedLeft(t, mark)
}

// An engine gets its three pipes and no other descriptor of the
// program's (its log's file, other engines' pipes, the keeper's socket,
// one the program was left by what started it), whether it is started
// through the step that sets its limit of memory or not.
func TestEngineDescriptors(t *testing.T) {
	t.Parallel()
	left, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer left.Close()
	for _, limit := range []string{"4G", "none"} {
		t.Run(limit, func(t *testing.T) {
			r := startProgramWith(t, "", []*os.File{left, left, left}, []string{programEnginesEnv + "=fds"}, false, "-engine", "e="+shellQuote(os.Args[0]),
				"-engine-memory", limit, "-x", "e", "-o", "e", "-game", "ttt", "-games", "1", "-jobs", "2")
			if !r.wait() {
				t.Fatal("the program did not end")
			}
			if want := "\nforfeit: e exited with status 7, its last words \"open: 0 1 2\"; log "; !strings.Contains(r.stdout.String(), want) {
				t.Errorf("no %q in:\n%s%s", want, r.stdout.String(), r.stderr.String())
			}
			noneMarkedLeft(t, r.mark)
		})
	}
}

// The environment an engine gets: a secret of the teacher's does not
// reach it; what the policy passes does (HOME, PATH, its number), and so
// does a variable the command asks for with env.
func TestEngineEnvironment(t *testing.T) {
	t.Parallel()
	self := shellQuote(os.Args[0])
	for _, tt := range []struct{ command, words string }{
		{self, "secret= asked= home=true path=true engine=true"},
		{"env ASKED=yes " + self, "secret= asked=yes home=true path=true engine=true"},
		{"env -u HOME " + self, "secret= asked= home=false path=true engine=true"},
	} {
		t.Run(tt.command, func(t *testing.T) {
			r := startProgram(t, []string{programEnginesEnv + "=env", "SECRET_TOKEN=hunter2"}, false,
				"-engine", "e="+tt.command, "-x", "e", "-o", "random", "-game", "ttt", "-games", "1")
			if !r.wait() {
				t.Fatal("the program did not end")
			}
			want := fmt.Sprintf("\nforfeit: e exited with status 6, its last words %q; log ", tt.words)
			if !strings.Contains(r.stdout.String(), want) {
				t.Errorf("no %q in:\n%s%s", want, r.stdout.String(), r.stderr.String())
			}
			noneMarkedLeft(t, r.mark)
		})
	}
}

// An engine over its limit of memory loses the game, the limit named: a
// Go program (the fixture: its runtime needs about 1.6 GB of address
// space to itself) and, where python3 is, a Python one, as a student
// writes it.
func TestEngineOutOfMemory(t *testing.T) {
	t.Parallel()
	tmp := t.TempDir()
	hog := filepath.Join(tmp, "hog.py")
	script := "import sys\nfor line in sys.stdin:\n    if line.startswith('go'):\n        x = bytearray(1 << 30)\n"
	if err := os.WriteFile(hog, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ command, limit, want string }{
		{shellQuote(os.Args[0]), "2560M", `^forfeit: e ran out of memory \(limit 2\.5 GiB\): exited with status 2, its last words ".*"; log \S+$`},
	}
	if _, err := os.Stat("/usr/bin/python3"); err == nil {
		cases = append(cases, struct{ command, limit, want string }{"python3 " + shellQuote(hog), "256M",
			`^forfeit: e ran out of memory \(limit 256 MiB\): exited with status 1, its last words "MemoryError"; log \S+$`})
	}
	for _, tt := range cases {
		t.Run(tt.limit, func(t *testing.T) {
			r := startProgram(t, []string{programEnginesEnv + "=hog"}, false,
				"-engine", "e="+tt.command, "-engine-memory", tt.limit, "-x", "e", "-o", "random", "-game", "ttt", "-games", "1")
			if !r.wait() {
				t.Fatal("the program did not end")
			}
			if !regexp.MustCompile(`(?m)` + tt.want).MatchString(r.stdout.String()) {
				t.Errorf("no line matching %q in:\n%s%s", tt.want, r.stdout.String(), r.stderr.String())
			}
			noneMarkedLeft(t, r.mark)
		})
	}
}

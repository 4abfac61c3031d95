package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The example engines in examples/, one a language, are played by the
// tests wherever their toolchain is: each passes -check (every game it
// plays, five moves as X and as O) and plays a match on the widest
// Connect Four board, whose columns 10-12 are written a-c. Go's always
// runs; the others are skipped, saying why, where their tools are not.
func TestExampleEngines(t *testing.T) {
	for _, tt := range []struct {
		lang  string
		tools []string
		// build makes the engine in dir and returns its command.
		build func(t *testing.T, dir string) string
	}{
		{"go", []string{"go"}, func(t *testing.T, dir string) string {
			bin := filepath.Join(dir, "randombot")
			buildExample(t, "go", "build", "-o", bin, "./examples/randombot")
			return shellQuote(bin)
		}},
		// PYTHONUNBUFFERED would flush for it, and hide a missing flush.
		{"python", []string{"python3", "env"}, func(t *testing.T, dir string) string {
			return "env -u PYTHONUNBUFFERED python3 examples/randombot.py"
		}},
		{"java", []string{"javac", "java"}, func(t *testing.T, dir string) string {
			buildExample(t, "javac", "-d", dir, "examples/java/RandomBot.java")
			return "java -cp " + shellQuote(dir) + " RandomBot"
		}},
		{"c", []string{"gcc"}, func(t *testing.T, dir string) string {
			bin := filepath.Join(dir, "randombot")
			buildExample(t, "gcc", "-O2", "-Wall", "-Werror", "-o", bin, "examples/c/randombot.c")
			return shellQuote(bin)
		}},
	} {
		// Not in parallel: run ends by killing every engine the process
		// has running, as the program's last act.
		t.Run(tt.lang, func(t *testing.T) {
			for _, tool := range tt.tools {
				if _, err := exec.LookPath(tool); err != nil {
					t.Skipf("%s not found: the %s example is not played here", tool, tt.lang)
				}
			}
			engine := "me=" + tt.build(t, t.TempDir())
			status, out, errText := runCapture([]string{"-engine", engine, "-check", "me"}, "")
			if status != 0 || !strings.Contains(out, "\nme: no problems; ") {
				t.Errorf("-check: status %d, %s\n%s", status, errText, out)
			}
			status, out, errText = runCapture([]string{"-engine", engine, "-game", "c4", "-width", "12", "-height", "4",
				"-x", "me", "-o", "random", "-games", "2", "-seed", "3"}, "")
			if status != 0 || strings.Contains(strings.Join(gameLines(out), "\n"), "forfeit") || len(gameLines(out)) != 2 {
				t.Errorf("a 12 x 4 match: status %d, %s\n%s", status, errText, out)
			}
			noChildrenLeft(t)
		})
	}
}

// buildExample runs a build command of an example, failing the test with
// its output if it fails.
func buildExample(t *testing.T, argv ...string) {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, out)
	}
}

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// The example engines in examples/, one a language, are played by the
// tests wherever their toolchain is: each passes -check (every game it
// plays, five moves as X and as O) and plays a match on the widest
// Connect Four board, whose columns 10-12 are written a-c. Go's always
// runs; the others are skipped, saying why, where their tools are not.
func TestExampleEngines(t *testing.T) {
	examples := []struct {
		lang  string
		tools []string
		// build makes the engine in dir and returns its command; it
		// runs beside the others' builds, and its error fails the test.
		build func(dir string) (string, error)
	}{
		{"go", []string{"go"}, func(dir string) (string, error) {
			bin := filepath.Join(dir, "randombot")
			return shellQuote(bin), buildExample("go", "build", "-o", bin, "./examples/randombot")
		}},
		// PYTHONUNBUFFERED would flush for it, and hide a missing flush.
		// The interpreter is the one "python3" names, asked for once:
		// where python3 is a version manager's shim (pyenv), each start
		// of the shim takes longer than the engine's whole game, and
		// -check starts the engine for every game.
		{"python", []string{"python3", "env"}, func(string) (string, error) {
			exe, err := exec.Command("python3", "-c", "import sys; print(sys.executable)").Output()
			if err != nil || strings.TrimSpace(string(exe)) == "" {
				return "", fmt.Errorf("python3 does not say where it is: %v", err)
			}
			return "env -u PYTHONUNBUFFERED " + shellQuote(strings.TrimSpace(string(exe))) + " examples/randombot.py", nil
		}},
		{"java", []string{"javac", "java"}, func(dir string) (string, error) {
			return "java -cp " + shellQuote(dir) + " RandomBot", buildExample("javac", "-d", dir, "examples/java/RandomBot.java")
		}},
		{"c", []string{"gcc"}, func(dir string) (string, error) {
			bin := filepath.Join(dir, "randombot")
			return shellQuote(bin), buildExample("gcc", "-O2", "-Wall", "-Werror", "-o", bin, "examples/c/randombot.c")
		}},
	}
	// Every example is made before the first is played, the builds at
	// once: each waits on a compiler, not on the others.
	type built struct {
		missing, command string
		err              error
	}
	made := make([]built, len(examples))
	var builds sync.WaitGroup
	for i, ex := range examples {
		for _, tool := range ex.tools {
			if _, err := exec.LookPath(tool); err != nil {
				made[i].missing = tool
				break
			}
		}
		if made[i].missing != "" {
			continue
		}
		dir := filepath.Join(t.TempDir(), ex.lang)
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		builds.Go(func() { made[i].command, made[i].err = ex.build(dir) })
	}
	builds.Wait()
	for i, ex := range examples {
		// Not in parallel: noChildrenLeft below counts every process the
		// test process started, another subtest's engines included
		// (docs/development.md, "Which tests run in parallel").
		t.Run(ex.lang, func(t *testing.T) {
			if made[i].missing != "" {
				t.Skipf("%s not found: the %s example is not played here", made[i].missing, ex.lang)
			}
			if made[i].err != nil {
				t.Fatal(made[i].err)
			}
			engine := "me=" + made[i].command
			// As a process of its own: the program's games, which the
			// examples play (not the tests' Nim, nim_test.go).
			status, out, errText := runAsProgram(t, []string{"-engine", engine, "-check", "me"}, "")
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

// buildExample runs a build command of an example; its error holds the
// command's output if it fails.
func buildExample(argv ...string) error {
	if out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), err, out)
	}
	return nil
}

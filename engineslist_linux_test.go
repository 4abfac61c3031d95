package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A class list in its own folder, run from the folder above, as a
// teacher keeps one: each line runs as typed in the list's folder, so
// its relative paths (the program, a script's, one behind env) are the
// list's, and every game is played, none forfeited.
func TestEngineListFolder(t *testing.T) {
	t.Parallel()
	top := t.TempDir()
	cls := filepath.Join(top, "cls")
	for _, d := range []string{"alice", "bob", "carol"} {
		if err := os.MkdirAll(filepath.Join(cls, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"bob", "carol"} {
		if err := os.Symlink(os.Args[0], filepath.Join(cls, d, "bot")); err != nil {
			t.Fatal(err)
		}
	}
	list := "# the second class\nbob = ./bob/bot\ncarol = env BOARDBOTS_FIXTURE=good carol/bot\n"
	names := "bob,carol"
	if _, err := exec.LookPath("python3"); err == nil {
		script, err := os.ReadFile("examples/randombot.py")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(cls, "alice", "bot.py"), script, 0o644); err != nil {
			t.Fatal(err)
		}
		list += "alice = python3 alice/bot.py\n"
		names += ",alice"
	}
	if err := os.WriteFile(filepath.Join(cls, "class.txt"), []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	r := startProgramIn(t, top, []string{programEnginesEnv + "=good"}, false,
		"-engines", "cls/class.txt", "-tournament", names, "-game", "ttt", "-games", "2", "-jobs", "1")
	if !r.wait() {
		t.Fatal("the program did not end")
	}
	out := r.stdout.String()
	games := map[bool]string{true: "6 of 6 games", false: "2 of 2 games"}[strings.Contains(names, "alice")]
	if r.status() != 0 || strings.Contains(out, "forfeits (") || !strings.Contains(out, games) || r.stderr.String() != "" {
		t.Errorf("status %d, want 0, %s and no forfeit:\n%s%s", r.status(), games, out, r.stderr.String())
	}
	noneMarkedLeft(t, r.mark)
}

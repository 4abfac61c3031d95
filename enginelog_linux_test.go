package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A class of forty engines plays a gauntlet under a limit of 40 open
// files: an engine's log is open only while a process of it runs, so the
// run needs a handful of descriptors at a time, however large the class.
// (With each log open for the whole run, it stopped at game 43 of 80:
// docs/engines.md.)
func TestEngineLogsFewFiles(t *testing.T) {
	t.Parallel()
	var list strings.Builder
	var names []string
	for i := range 40 {
		name := fmt.Sprintf("s%02d", i+1)
		names = append(names, name)
		fmt.Fprintf(&list, "%s=%s\n", name, shellQuote(os.Args[0]))
	}
	path := filepath.Join(t.TempDir(), "class.txt")
	if err := os.WriteFile(path, []byte(list.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	r := startProgram(t, []string{programEnginesEnv + "=good", filesEnv + "=40"}, false,
		"-engines", path, "-tournament", strings.Join(names, ","), "-gauntlet", "random", "-game", "ttt", "-games", "2", "-jobs", "2")
	if !r.wait() {
		t.Fatal("the program did not end")
	}
	out := r.stdout.String()
	if r.status() != 0 || r.stderr.String() != "" || !strings.Contains(out, "80 of 80 games") || strings.Contains(out, "forfeits (") {
		t.Errorf("status %d, want 0 and 80 games played, none forfeited:\n%s%s", r.status(), out, r.stderr.String())
	}
	noneMarkedLeft(t, r.mark)
}

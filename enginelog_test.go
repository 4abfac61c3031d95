package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// An engine's log holds at most engineMaxLog over a run, however many
// games it plays (here eight of 900 kB each), and says where it stopped;
// a run whose engines wrote nothing to stderr and had no fault leaves no
// directory behind; a log a fault's line named stays, even empty.
func TestEngineLogsPerRun(t *testing.T) {
	self := shellQuote(os.Args[0])
	for _, tt := range []struct {
		behaviour string
		left      string // what the run leaves under $TMPDIR: "full", "named" or "nothing"
	}{
		{"noisy", "full"},
		{"good", "nothing"},
		{"crash-mid", "named"},
	} {
		t.Run(tt.behaviour, func(t *testing.T) {
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			t.Setenv(fixtureEnv, tt.behaviour)
			status, out, errText := runCapture([]string{"-engine", "e=" + self, "-x", "e", "-o", "random", "-games", "8", "-jobs", "2", "-seed", "1"}, "")
			if status != 0 {
				t.Fatalf("status %d: %s", status, errText)
			}
			logs, _ := filepath.Glob(filepath.Join(tmp, "boardbots-*", "e.log"))
			dirs, _ := filepath.Glob(filepath.Join(tmp, "boardbots-*"))
			switch tt.left {
			case "nothing":
				if len(dirs) > 0 {
					t.Errorf("the run left %q", dirs)
				}
				return
			case "named":
				m := regexp.MustCompile(`; log (\S+)\)`).FindStringSubmatch(out)
				if m == nil || len(logs) != 1 || logs[0] != m[1] {
					t.Errorf("logs %q; want the one the fault names:\n%s", logs, out)
				}
				return
			}
			if len(logs) != 1 {
				t.Fatalf("logs %q; want one", logs)
			}
			text, err := os.ReadFile(logs[0])
			if err != nil {
				t.Fatal(err)
			}
			if len(text) > engineMaxLog+200 || len(text) < engineMaxLog-200 ||
				!strings.HasSuffix(string(text), "KiB kept; the rest of the run's stderr is not]\n") {
				t.Errorf("the log holds %d bytes ending %q; want about %d, then the note that it is full",
					len(text), text[max(0, len(text)-80):], engineMaxLog)
			}
		})
	}
	noChildrenLeft(t)
}

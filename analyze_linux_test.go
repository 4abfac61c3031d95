package main

import (
	"os"
	"strings"
	"testing"
)

// -analyze waiting on a person (its input a terminal, here a
// pseudo-terminal) says what to type, on stderr, so that it does not
// wait in silence; a pipe gets no such line, nor does /dev/null, which
// is a character device but no terminal (a job run with </dev/null).
func TestAnalyzeAtTerminal(t *testing.T) {
	t.Parallel()
	master, slave := openPTY(t)
	defer master.Close()
	defer slave.Close()
	if _, err := master.WriteString("\x04"); err != nil { // Ctrl-D: the input ends
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	if status := run([]string{"-analyze"}, slave, &out, &errOut); status != 0 || out.String() != "" {
		t.Fatalf("status %d, stdout %q", status, out.String())
	}
	if got := errOut.String(); got != analyzeHint+"\n" {
		t.Errorf("at a terminal: stderr %q, want the hint", got)
	}
	dev, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	if status, _, errText := runCapture([]string{"-analyze"}, ""); status != 0 || errText != "" {
		t.Errorf("from a pipe: status %d, stderr %q", status, errText)
	}
	errOut.Reset()
	if status := run([]string{"-analyze"}, dev, &out, &errOut); status != 0 || errOut.String() != "" {
		t.Errorf("from %s: status %d, stderr %q", os.DevNull, status, errOut.String())
	}
}

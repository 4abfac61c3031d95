package main

import (
	"os"
	"strings"
	"syscall"
	"testing"
)

// -check keeps a bounded transcript: an engine that writes half a million
// info lines before its first move leaves the program's memory about
// where a quiet engine does (it used to keep every line: 81 MB against
// 12 MB). Measured as each program's peak resident memory.
func TestEngineCheckFlood(t *testing.T) {
	t.Parallel() // its processes are its own and it reads no clock: runs beside the others at the end
	peak := func(behaviour string) int64 {
		r := startProgram(t, []string{programEnginesEnv + "=" + behaviour}, false,
			"-engine", "e="+shellQuote(os.Args[0]), "-check", "e", "-time", "30s")
		if !r.wait() {
			t.Fatalf("%s: -check did not end", behaviour)
		}
		if r.status() != 0 || !strings.Contains(r.stdout.String(), "e: no problems") {
			t.Errorf("%s: status %d:\n%s%s", behaviour, r.status(), r.stdout.String(), r.stderr.String())
		}
		noneMarkedLeft(t, r.mark)
		return r.cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss // KiB
	}
	quiet, flood := peak("good"), peak("flood")
	t.Logf("peak resident memory: %d KiB quiet, %d KiB flooded with %d info lines", quiet, flood, fixtureFlood)
	if flood > quiet+24<<10 {
		t.Errorf("flooded, -check took %d KiB at its peak; quiet, %d KiB", flood, quiet)
	}
}

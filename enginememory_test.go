package main

import (
	"strings"
	"testing"
)

// -engine-memory reads sizes as people write them, and refuses what is
// no size, too little to start an interpreter or more than a machine has.
func TestMemorySize(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		want int64
		text string // memoryText of it
		err  string // a part of the error
	}{
		{"4G", 4 << 30, "4 GiB", ""},
		{"4g", 4 << 30, "4 GiB", ""},
		{"4GiB", 4 << 30, "4 GiB", ""},
		{"4GB", 4 << 30, "4 GiB", ""},
		{" 512M ", 512 << 20, "512 MiB", ""},
		{"512", 512 << 20, "512 MiB", ""},
		{"1.5G", 3 << 29, "1.5 GiB", ""},
		{"2560M", 2560 << 20, "2.5 GiB", ""},
		{"1T", 1 << 40, "1024 GiB", ""},
		{"16M", 16 << 20, "16 MiB", ""},
		{"65536K", 64 << 20, "64 MiB", ""},
		{"none", 0, "none", ""},
		{"NONE", 0, "none", ""},
		{"15M", 0, "", "below 16 MiB"},
		{"0", 0, "none", ""},
		{"unlimited", 0, "none", ""},
		{"0M", 0, "", "below 16 MiB"},
		{"-1G", 0, "", "not a size"},
		{"4X", 0, "", "not a size"},
		{"G", 0, "", "not a size"},
		{"", 0, "", "not a size"},
		{"1e3M", 0, "", "not a size"},
		{"Inf", 0, "", "not a size"},
		{"NaN", 0, "", "not a size"},
		{"4 G", 0, "", "not a size"},
		{"2000000T", 0, "", "more than any machine"},
	} {
		got, err := memorySize(tt.in)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), "accepted is "+memoryAccepts)):
			t.Errorf("memorySize(%q): %v, want an error with %q and what is accepted", tt.in, err, tt.err)
		case tt.err == "" && (err != nil || got != tt.want || memoryText(got) != tt.text):
			t.Errorf("memorySize(%q) = %d (%s), %v; want %d (%s)", tt.in, got, memoryText(got), err, tt.want, tt.text)
		}
	}
}

// Whatever the value, memorySize says a limit of at least the least, or
// none, or an error of one line.
func FuzzMemorySize(f *testing.F) {
	for _, s := range []string{"4G", "1.5GiB", "none", "512", "0x10G", "1e9", "-3M", "99999999999999T"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := memorySize(s)
		switch {
		case err != nil && strings.Contains(err.Error(), "\n") && !strings.Contains(s, "\n"):
			t.Errorf("memorySize(%q): an error of several lines: %v", s, err)
		case err == nil && n != 0 && (n < engineMemoryMin || n > 1<<50):
			t.Errorf("memorySize(%q) = %d", s, n)
		}
	})
}

// What an engine's stderr says when an allocation fails, in the
// languages students write in; other lines do not count.
func TestSaysOutOfMemory(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"MemoryError", true},
		{"fatal error: runtime: out of memory", true},
		{`Exception in thread "main" java.lang.OutOfMemoryError: Java heap space`, true},
		{"terminate called after throwing an instance of 'std::bad_alloc'", true},
		{"memory allocation of 1073741824 bytes failed", true},
		{"FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory", true},
		{"bot: malloc: Cannot allocate memory", true},
		{"Error occurred during initialization of VM: Could not reserve enough space for object heap", true},
		{"ValueError: I give up", false},
		{"memory: 12 MB used", false},
	} {
		if got := saysOutOfMemory(tt.line); got != tt.want {
			t.Errorf("saysOutOfMemory(%q) = %t", tt.line, got)
		}
	}
}

// -engine-memory in a run with no engine says so, and the run goes on.
func TestEngineMemoryNoEngine(t *testing.T) {
	t.Parallel()
	status, _, errText := runCapture([]string{"-x", "random", "-o", "random", "-game", "ttt", "-games", "2", "-seed", "1", "-engine-memory", "1G"}, "")
	if want := "boardbots: -engine-memory does not apply to a run without engines (-engine, -engines): ignored\n"; status != 0 || errText != want {
		t.Errorf("status %d, stderr %q; want 0 and %q", status, errText, want)
	}
}

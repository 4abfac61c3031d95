package main

import (
	"runtime"
	"strings"
)

// What an engine's process finds in its environment: not the whole of
// the program's, which may hold a teacher's tokens and passwords, but the
// few variables a program needs to find its interpreter, its home and its
// language, and the program's own (BOARDBOTS_...). A command passes more
// (or fewer) with env, a program of every Unix: "env NAME=VALUE
// python3 bot.py", "env -u LANG ./bot". docs/engines.md states the policy.

// engineEnvNames are the variables passed on as they are.
var engineEnvNames = []string{"PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TMPDIR"}

// engineEnvWindows are those Windows needs to start a program at all.
var engineEnvWindows = []string{"SYSTEMROOT", "WINDIR", "TEMP", "TMP", "USERPROFILE", "PATHEXT", "COMSPEC"}

// engineEnvPrefixes begin the names passed on with whatever follows: the
// locale's categories, and the program's own variables, which a teacher
// may set for the engines to read.
var engineEnvPrefixes = []string{"LC_", "BOARDBOTS_"}

// engineEnviron is the part of environ (NAME=VALUE entries) that the
// policy passes to an engine, in environ's order.
func engineEnviron(environ []string) []string {
	var kept []string
	for _, kv := range environ {
		name, _, ok := strings.Cut(kv, "=")
		if ok && enginePasses(name) {
			kept = append(kept, kv)
		}
	}
	return kept
}

// enginePasses says whether the variable called name reaches an engine.
func enginePasses(name string) bool {
	if runtime.GOOS == "windows" {
		name = strings.ToUpper(name) // names there are the same in any case
		for _, n := range engineEnvWindows {
			if name == n {
				return true
			}
		}
	}
	for _, n := range engineEnvNames {
		if name == n {
			return true
		}
	}
	for _, p := range engineEnvPrefixes {
		if strings.HasPrefix(name, p) && len(name) > len(p) {
			return true
		}
	}
	return false
}

package main

import (
	"path/filepath"
	"strings"
)

// What starts an engine's process, as the platform's host is handed it
// (engineproc_linux.go, engineproc_direct.go).

// engineCommand is what starts an engine's process.
type engineCommand struct {
	argv []string // the command's words, the program first
	env  []string // the environment, as the policy makes it (engineEnviron)
	dir  string   // the folder it starts in; "" for the current one
	// memory is its limit of memory in bytes; 0, none.
	memory int64
}

// programIn is the program that the command's first word names, for an
// engine started in dir: a path with a slash is read from dir, a bare
// name is looked for in PATH, as a shell in dir would do.
func programIn(dir, word string) string {
	if dir == "" || filepath.IsAbs(word) || !strings.ContainsRune(word, '/') {
		return word
	}
	return filepath.Join(dir, word)
}

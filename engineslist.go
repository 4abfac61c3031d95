package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A class list of engines (-engines FILE): one NAME=COMMAND a line, as
// -engine takes it, so that a teacher declares thirty students' bots in
// a file rather than with thirty flags. Blank lines and lines starting
// with # are skipped. Each line is read as if typed in the list's own
// folder, wherever the run starts: its engine starts there, so a relative
// path in it (the program, a script, what the engine opens itself) means
// the same as it does to the teacher who wrote the list there
// (docs/engines.md).

// engineListDecls reads the engines of the list at path as engines of the
// run's group, placed among the bots from order on. Its error says what
// is wrong with every bad line, one line each, naming the file and the
// line.
func engineListDecls(path string, order int, group *engineGroup) ([]*botDecl, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("-engines: %v", err)
	}
	defer f.Close()
	dir, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		return nil, fmt.Errorf("-engines %s: %v", path, err)
	}
	var decls []*botDecl
	var bad []error
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		d, err := parseEngineIn(line, dir, group)
		if err != nil {
			bad = append(bad, fmt.Errorf("-engines %s line %d: %v", path, n, err))
			continue
		}
		decls = append(decls, engineBotDecl(d, order+len(decls)))
	}
	if err := sc.Err(); err != nil {
		bad = append(bad, fmt.Errorf("-engines %s: %v", path, err))
	}
	if len(bad) > 0 {
		return nil, errors.Join(bad...)
	}
	return decls, nil
}

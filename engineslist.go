package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// A class list of engines (-engines FILE): one NAME=COMMAND a line, as
// -engine takes it, so that a teacher declares thirty students' bots in
// a file rather than with thirty flags. Blank lines and lines starting
// with # are skipped.

// engineListDecls reads the engines of the list at path, placed among
// the bots from order on. An error names the file and the line.
func engineListDecls(path string, order int) ([]*botDecl, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("-engines: %v", err)
	}
	defer f.Close()
	var decls []*botDecl
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		d, err := parseEngine(line)
		if err != nil {
			return nil, fmt.Errorf("-engines %s line %d: %v", path, n, err)
		}
		decls = append(decls, engineBotDecl(d, order+len(decls)))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("-engines %s: %v", path, err)
	}
	return decls, nil
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
)

// -out's file opened for a run: locked for it (arenalock_unix.go), read
// back to its end, every game replayed (arenacheck.go), its runs noted
// (arenaseed.go), and kept for a rerun.

// resultsFile is -out's file opened for a run: its writer, and what it
// held before.
type resultsFile struct {
	f    *os.File
	keep *resultsWriter
	// have are the finished games it holds, by seed and number: the
	// games a rerun of the same run need not play; runs are the runs it
	// holds, by seed (arenaseed.go).
	have map[uint64]map[int][]keptRecord
	runs map[uint64]*runSeen
	// note, if not "", says the file's torn last line was cut back.
	note string
}

// openResults opens -out's file to add the run's games to it, as
// cutechess-cli's -pgnout does: a file that is there keeps its games, and
// the run's game and seed's among them are read back, so that a rerun of
// the same run plays only the games it lacks. Only a regular file is
// read back: a pipe, a terminal or a device would hang the reading or
// never end it. A file of records of another game is refused, and so is
// one with a line that is not a record; a last line cut short (a run
// killed, or a disk that filled, while writing it) is cut back to the
// last whole record, and the note says so. The refusals are badInput:
// nothing was played.
//
// The run holds the file's lock (lockResults) before it reads it back:
// a second run onto the file is refused, or with wait waits for the
// first to end, saying so on said.
func openResults(ctx context.Context, name string, wait bool, said io.Writer, spec *gameSpec, opt gameOptions) (*resultsFile, error) {
	if st, err := os.Stat(name); err == nil && !st.Mode().IsRegular() {
		return nil, badInput{fmt.Errorf("-out %s: %s: accepted is a regular file, which -out reads back to resume a run and adds to, or a new name", name, fileKind(st.Mode()))}
	}
	f, err := os.OpenFile(name, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("-out: %v", err)
	}
	if err := lockResults(ctx, f, name, wait, said); err != nil {
		f.Close()
		return nil, err
	}
	rf, err := readBack(f, name, spec, opt)
	if err != nil {
		f.Close()
		return nil, err
	}
	rf.f, rf.keep = f, &resultsWriter{w: f, file: f, name: name}
	return rf, nil
}

// fileKind names a file that is not a regular one.
func fileKind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a pipe"
	case m&os.ModeCharDevice != 0:
		return "a terminal or a character device"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file"
}

// readBack reads -out's file f back for openResults.
func readBack(f *os.File, name string, spec *gameSpec, opt gameOptions) (*resultsFile, error) {
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, badInput{fmt.Errorf("-out %s: not a regular file: accepted is a regular file, or a new name", name)}
	}
	rf := &resultsFile{have: map[uint64]map[int][]keptRecord{}, runs: map[uint64]*runSeen{}}
	words := gameAndSize(spec.name, spec.defaults(opt))
	tail, err := scanResults(f, name, func(line int, rec gameRecord) error {
		if w := gameAndSize(rec.Game, rec.Options); w != words {
			return badInput{fmt.Errorf("-out %s line %d: a game of %s, and this run plays %s: -out keeps the games of one game a file; choose another file", name, line, w, words)}
		}
		if err := checkRecord(&rec); err != nil {
			return badInput{fmt.Errorf("-out %s line %d: %v; every game is replayed when a file is read: mend or delete the line, or choose another file", name, line, err)}
		}
		seeRun(rf.runs, rec)
		if rec.End != endInterrupted {
			if rf.have[rec.Seed] == nil {
				rf.have[rec.Seed] = map[int][]keptRecord{}
			}
			rf.have[rec.Seed][rec.Number] = append(rf.have[rec.Seed][rec.Number], keep(rec))
		}
		return nil
	})
	var bad resultsLineError
	if errors.As(err, &bad) {
		return nil, badInput{fmt.Errorf("-out %v: %s; choose another file, or mend or delete the line", err, recordsAccepted)}
	}
	if err != nil {
		return nil, err
	}
	if tail.line > 0 {
		if !tail.record {
			return nil, badInput{fmt.Errorf("-out %s line %d: %s, and not a game record cut short: %s; choose another file", name, tail.line, tail.why, recordsAccepted)}
		}
		if err := f.Truncate(tail.offset); err != nil {
			return nil, fmt.Errorf("-out %s: its last line (line %d) is torn, and cutting it back failed: %v", name, tail.line, err)
		}
		rf.note = fmt.Sprintf("-out %s: its last line (line %d, %s) was torn: cut back to the %s before it",
			name, tail.line, tail.why, plural(tail.line-1, "whole line", "whole lines"))
	}
	return rf, nil
}

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// Where an engine's stderr goes: a log file of its own for the run, in a
// directory the run creates for itself (os.MkdirTemp: a fresh name, mode
// 0700), so that no other run overwrites it and no other user can plant a
// file or a symbolic link where it will be written. The directory is made
// when a run's first engine starts, and kept after the run: a fault's line
// names the log, for the student to read.

// engineLogDir is one run's directory of engine logs, made when the first
// log is opened.
type engineLogDir struct {
	mu   sync.Mutex
	dir  string
	logs map[string]*engineLog
}

// engineLog is one engine's log in a run: every process of the engine
// writes to it (games played at once under -jobs too), each line under the
// engine's name and process id.
type engineLog struct {
	path string
	w    io.Writer
}

// open is the log of the engine called name, made on its first use. A
// log that cannot be made is an error (the disk, the descriptors): the
// caller cannot keep the engine's stderr, and does not start it.
func (d *engineLogDir) open(name string) (*engineLog, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if l, ok := d.logs[name]; ok {
		return l, nil
	}
	if d.dir == "" {
		dir, err := os.MkdirTemp("", "boardbots-")
		if err != nil {
			return nil, fmt.Errorf("the directory of engine logs: %v", err)
		}
		d.dir = dir
	}
	path := filepath.Join(d.dir, name+".log")
	// O_EXCL: a file that is there already is never written through.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("its log: %v", err)
	}
	if d.logs == nil {
		d.logs = map[string]*engineLog{}
	}
	l := &engineLog{path: path, w: &lockedWriter{w: f}} // never closed: written to until the program ends
	d.logs[name] = l
	return l, nil
}

// path is the log of the engine called name, "" when it has none yet.
func (d *engineLogDir) path(name string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if l, ok := d.logs[name]; ok {
		return l.path
	}
	return ""
}

// lockedWriter lets the engines of games played at once (-jobs) share a
// log, a line at a time.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

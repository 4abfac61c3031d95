package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// Where an engine's stderr goes: a log file of its own for the run, in a
// directory the run creates for itself (os.MkdirTemp: a fresh name, mode
// 0700), so that no other run overwrites it and no other user can plant a
// file or a symbolic link where it will be written. The directory is made
// when a run's first engine starts, and kept after the run: a fault's line
// names the log, for the student to read. A log holds at most engineMaxLog
// bytes over the run, however many games its engine plays. As the run
// ends, the logs that nothing was written to and no line named are
// removed, and then the directory if that leaves it empty.

// engineMaxLog is how much of an engine's stderr its log keeps over a run:
// four times the most one process may write (engineMaxStderr), enough for
// the first games, where a problem shows first, and a noisy engine cannot
// fill the disk over a long tournament.
const engineMaxLog = 4 * engineMaxStderr

// engineLogDir is one run's directory of engine logs, made when the first
// log is opened.
type engineLogDir struct {
	mu   sync.Mutex
	dir  string
	logs map[string]*engineLog
}

// engineLog is one engine's log in a run: every process of the engine
// writes to it (games played at once under -jobs too), a line at a time,
// each under the engine's name and process id. Its file is open only
// while a process of the engine runs: a class of hundreds of engines
// needs a descriptor for each engine playing, not for each declared.
type engineLog struct {
	path string
	mu   sync.Mutex
	f    *os.File // nil while no process of the engine runs
	// users counts the processes running that write to it.
	users int
	// written counts the bytes kept; full says the note that the log is
	// full has been written, and nothing more will be.
	written int
	full    bool
	// named says a line has named the log: it stays, even empty.
	named bool
}

// open is the log of the engine called name, opened for one more
// process (which releases it as it ends), and made on its first use. A
// log that cannot be made or opened is an error (the disk, the
// descriptors): the caller cannot keep the engine's stderr, and does not
// start it.
func (d *engineLogDir) open(name string) (*engineLog, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if l, ok := d.logs[name]; ok {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.f == nil {
			// The file the run made: no one else can write in its directory.
			f, err := os.OpenFile(l.path, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				return nil, fmt.Errorf("its log: %v", err)
			}
			l.f = f
		}
		l.users++
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
	l := &engineLog{path: path, f: f, users: 1}
	d.logs[name] = l
	return l, nil
}

// release is a process's end: the last to end closes the file.
func (l *engineLog) release() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.users--; l.users <= 0 && l.f != nil {
		l.f.Close()
		l.f = nil
		l.users = 0
	}
}

// path is the log of the engine called name, for a line that names it
// (which keeps it after the run); "" when it has none yet.
func (d *engineLogDir) path(name string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	l, ok := d.logs[name]
	if !ok {
		return ""
	}
	l.mu.Lock()
	l.named = true
	l.mu.Unlock()
	return l.path
}

// tidy closes the logs as the run ends, removing those that hold nothing
// and were never named, and the directory if that empties it: a run of
// engines that wrote nothing to stderr and had no fault leaves nothing
// behind.
func (d *engineLogDir) tidy() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, l := range d.logs {
		l.mu.Lock()
		if l.f != nil {
			l.f.Close()
			l.f = nil
		}
		if l.written == 0 && !l.named {
			os.Remove(l.path)
		}
		l.mu.Unlock()
	}
	if d.dir != "" {
		os.Remove(d.dir) // fails, as it should, when a log is left in it
	}
}

// Write keeps b, a whole line, while the log has room for it; past
// engineMaxLog it writes one line saying so, and drops the rest.
func (l *engineLog) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.full, l.f == nil: // full, or no process of the engine runs: a line of one that has ended
	case l.written+len(b) > engineMaxLog:
		l.full = true
		note := fmt.Sprintf("[log full: %d KiB kept; the rest of the run's stderr is not]\n", l.written>>10)
		n, _ := l.f.WriteString(note)
		l.written += n
	default:
		n, err := l.f.Write(b)
		l.written += n
		if err != nil {
			return n, err
		}
	}
	return len(b), nil
}

//go:build unix

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
	"time"
)

// One writer per results file (docs/results.md): a run holds a write
// lock on its -out file from before it reads the file back to its end,
// so that two runs of one command never both play the games the file
// lacks. The lock is POSIX's (fcntl), which the system drops when the
// process ends however it ends, and which names its holder's process.
// A reader (-rate) takes no lock: it reads every whole line, and leaves
// out a last line still being written.

// lockResults takes the writer's lock on -out's file f, named name. If
// another process holds it, the run is refused at once (badInput: exit
// 2, nothing played), naming the holder; or with wait, it says once
// that it waits, on said, and takes the lock when the holder ends (or
// ctx does: an interrupt while waiting).
func lockResults(ctx context.Context, f *os.File, name string, wait bool, said io.Writer) error {
	lock := func() (busy bool, err error) {
		lk := syscall.Flock_t{Type: syscall.F_WRLCK, Whence: io.SeekStart}
		err = syscall.FcntlFlock(f.Fd(), syscall.F_SETLK, &lk)
		if errors.Is(err, syscall.EAGAIN) || errors.Is(err, syscall.EACCES) {
			return true, nil
		}
		return false, err
	}
	busy, err := lock()
	if err != nil {
		return fmt.Errorf("-out %s: locking it for this run: %v", name, err)
	}
	if !busy {
		return nil
	}
	holder := "another process"
	lk := syscall.Flock_t{Type: syscall.F_WRLCK, Whence: io.SeekStart}
	if syscall.FcntlFlock(f.Fd(), syscall.F_GETLK, &lk) == nil && lk.Type != syscall.F_UNLCK && lk.Pid > 0 {
		holder = fmt.Sprintf("process %d", lk.Pid)
	}
	if !wait {
		return badInput{fmt.Errorf("-out %s: another run (%s) is writing it; one run writes a results file at a time: -wait starts this one when it ends, or choose another file", name, holder)}
	}
	fmt.Fprintf(said, "boardbots: -out %s: another run (%s) is writing it; waiting for it to end (-wait)\n", name, holder)
	for busy {
		select {
		case <-ctx.Done():
			return errInterrupted
		case <-time.After(50 * time.Millisecond):
		}
		if busy, err = lock(); err != nil {
			return fmt.Errorf("-out %s: locking it for this run: %v", name, err)
		}
	}
	return nil
}

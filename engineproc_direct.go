//go:build !linux

package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// Outside Linux an engine is a child of the program, in a session and
// process group of its own where there are sessions (engineproc_unix.go),
// so that killing the group ends what it started too, and the terminal is
// not its own. A process that leaves the group, or outlives a program that
// was killed, is beyond reach here, and no limit of memory is set.

// keeperEnv would make the program a keeper; there is none here.
const keeperEnv = "BOARDBOTS_ENGINE_KEEPER"

// engineHost runs engines as the program's children.
type engineHost struct{}

// directChild is an engine run as the program's child.
type directChild struct {
	cmd     *exec.Cmd
	exited  chan struct{}
	waitErr error // Wait's result, read once exited is closed
}

func (engineHost) start(path string, ec engineCommand, files []*os.File) (*directChild, error) {
	cmd := &exec.Cmd{Path: path, Args: ec.argv, Env: ec.env, Dir: ec.dir, SysProcAttr: ownSession()}
	// Files, not readers: the child gets the pipes' ends themselves, and
	// Wait does not wait for copying goroutines that a grandchild holding
	// the pipe open would keep alive.
	cmd.Stdin, cmd.Stdout, cmd.Stderr = files[0], files[1], files[2]
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := &directChild{cmd: cmd, exited: make(chan struct{})}
	go func() {
		c.waitErr = cmd.Wait()
		close(c.exited)
	}()
	return c, nil
}

func (engineHost) close()   {}
func (engineHost) abandon() {}

func (c *directChild) pid() int              { return c.cmd.Process.Pid }
func (c *directChild) done() <-chan struct{} { return c.exited }
func (c *directChild) kill()                 { killGroup(c.cmd.Process) }

func (c *directChild) end() (string, error) {
	var exit *exec.ExitError
	switch {
	case c.waitErr == nil:
		return "exited", nil
	case errors.As(c.waitErr, &exit) && exit.Exited():
		return fmt.Sprintf("exited with status %d", exit.ExitCode()), nil
	case errors.As(c.waitErr, &exit):
		return "crashed (" + c.waitErr.Error() + ")", nil
	}
	return "ended: " + c.waitErr.Error(), nil
}

// unread: how much of a pipe is unread is told on Linux alone.
func unread(*os.File) int { return -1 }

// runKeeper: only Linux has a keeper.
func runKeeper() int { return 2 }

//go:build darwin || freebsd || netbsd || openbsd

package main

import (
	"os"
	"syscall"
)

// ownSession puts an engine in a session of its own, with no controlling
// terminal, leading a process group of its own: a terminal's Ctrl-C does
// not reach it (the program ends it), /dev/tty is not the teacher's screen
// to it, and killGroup ends it together with whatever it started.
func ownSession() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }

// killGroup kills the process group that p leads.
func killGroup(p *os.Process) {
	syscall.Kill(-p.Pid, syscall.SIGKILL)
	p.Kill() // in case it has left the group
}

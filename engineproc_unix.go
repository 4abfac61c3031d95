//go:build darwin || freebsd || netbsd || openbsd

package main

import (
	"os"
	"syscall"
)

// ownGroup puts an engine in a process group of its own: a terminal's
// Ctrl-C does not reach it (the program ends it), and killGroup ends it
// together with whatever it started.
func ownGroup() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the process group that p leads.
func killGroup(p *os.Process) {
	syscall.Kill(-p.Pid, syscall.SIGKILL)
	p.Kill() // in case it has left the group
}

//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package main

import (
	"os"
	"syscall"
)

// ownSession: sessions are a Unix notion; elsewhere the engine runs as a
// plain child.
func ownSession() *syscall.SysProcAttr { return nil }

// killGroup kills p (what it started may live on outside Unix).
func killGroup(p *os.Process) { p.Kill() }

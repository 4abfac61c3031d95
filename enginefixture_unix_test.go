//go:build unix

package main

import "syscall"

// setsid puts a process in a session of its own.
func setsid() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }

//go:build unix

package main

import (
	"strconv"
	"strings"
	"syscall"
)

// setsid puts a process in a session of its own.
func setsid() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setsid: true} }

// openDescriptors lists the descriptors below 256 open in this process
// that it did not open itself, asked of the kernel one by one, so that the
// asking opens none. The Go runtime opens the control group's files of
// the CPU's quota (Linux), and its poller's, at its start: those are not
// listed.
func openDescriptors() string {
	var open []string
	for fd := range 256 {
		if _, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFD, 0); errno != 0 {
			continue
		}
		buf := make([]byte, 256)
		n, err := syscall.Readlink("/proc/self/fd/"+strconv.Itoa(fd), buf)
		if err == nil && (strings.HasPrefix(string(buf[:n]), "/sys/fs/cgroup/") || strings.HasPrefix(string(buf[:n]), "anon_inode:")) {
			continue
		}
		open = append(open, strconv.Itoa(fd))
	}
	return strings.Join(open, " ")
}

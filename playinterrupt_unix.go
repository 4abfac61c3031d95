//go:build unix

package main

import "golang.org/x/sys/unix"

// stdoutGone says whether standard output is a pipe or socket whose
// reader has gone, so that a SIGPIPE was about it rather than about an
// engine's pipe.
func stdoutGone() bool {
	fds := []unix.PollFd{{Fd: 1, Events: unix.POLLOUT}}
	n, err := unix.Poll(fds, 0)
	return err == nil && n > 0 && fds[0].Revents&(unix.POLLERR|unix.POLLHUP) != 0
}

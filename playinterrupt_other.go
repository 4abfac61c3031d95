//go:build !unix

package main

// stdoutGone: there is no SIGPIPE outside Unix.
func stdoutGone() bool { return false }

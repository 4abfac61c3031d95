package main

import (
	"strconv"
	"syscall"
)

// limitFiles limits this process to n open files.
func limitFiles(n string) {
	if v, err := strconv.ParseUint(n, 10, 64); err == nil {
		syscall.Setrlimit(syscall.RLIMIT_NOFILE, &syscall.Rlimit{Cur: v, Max: v})
	}
}

//go:build linux

package main

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU is the processor time the calling thread has used, or false
// where the system cannot say. On a machine shared with other work it
// leaves out the time the thread waited for a processor, which swamps
// wall-clock figures; the caller must hold its thread
// (runtime.LockOSThread).
func threadCPU() (time.Duration, bool) {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}

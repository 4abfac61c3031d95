//go:build linux

package main

import (
	"syscall"
	"unsafe"
)

// hugePages asks Linux to back a table with 2 MiB pages: the solvers'
// probes land all over tens of MiB, and with 4 KiB pages nearly every one
// also misses the TLB. It is only advice; where refused, nothing changes.
func hugePages[E any](tt []E) {
	if len(tt) == 0 {
		return
	}
	const huge = 2 << 20
	base := unsafe.Pointer(&tt[0])
	size := uintptr(len(tt)) * unsafe.Sizeof(tt[0])
	skip := (huge - uintptr(base)%huge) % huge // to the first 2 MiB boundary
	if size <= skip {
		return
	}
	mem := unsafe.Slice((*byte)(unsafe.Add(base, skip)), size-skip)
	_ = syscall.Madvise(mem, 14) // MADV_HUGEPAGE
}

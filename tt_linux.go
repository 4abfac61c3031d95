//go:build linux

package main

import (
	"syscall"
	"unsafe"
)

// hugePages asks Linux to back the table with 2 MiB pages: the solver's
// probes land all over 64 MiB, and with 4 KiB pages nearly every one also
// misses the TLB. It is only advice; where refused, nothing changes.
func hugePages(tt []uint64) {
	if len(tt) == 0 || !useHugePages {
		return
	}
	const huge = 2 << 20
	base := unsafe.Pointer(&tt[0])
	size := uintptr(len(tt)) * 8
	skip := (huge - uintptr(base)%huge) % huge // to the first 2 MiB boundary
	if size <= skip {
		return
	}
	mem := unsafe.Slice((*byte)(unsafe.Add(base, skip)), size-skip)
	_ = syscall.Madvise(mem, 14) // MADV_HUGEPAGE
}

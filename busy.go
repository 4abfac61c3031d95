package main

import "sync/atomic"

// busySet marks the positions some thread is searching right now, for
// the parallel searches (ABDADA, see c4parallel.go and adjparallel.go): a
// 32-bit fingerprint of each one's key in a slot chosen by the key. Two
// positions sharing a slot only make a move look busy when it is not,
// which changes the order of the search, never its result.
type busySet [busySize]uint32

const busySize = 1 << 15

// busySlot is a key's slot and fingerprint (never 0, which marks a free
// slot).
func busySlot(key uint64) (uint32, uint32) {
	h := key * ttHashMul
	return uint32(h>>20) & (busySize - 1), uint32(h>>32) | 1
}

// enter marks key busy.
func (b *busySet) enter(key uint64) {
	i, f := busySlot(key)
	storeMark(&b[i], f)
}

// leave clears key's mark, unless another position took the slot since
// (a slot taken between the look and the write loses its mark, which
// only lets two threads search one position at once).
func (b *busySet) leave(key uint64) {
	i, f := busySlot(key)
	if atomic.LoadUint32(&b[i]) == f {
		storeMark(&b[i], 0)
	}
}

// has reports whether key looks busy.
func (b *busySet) has(key uint64) bool {
	i, f := busySlot(key)
	return atomic.LoadUint32(&b[i]) == f
}

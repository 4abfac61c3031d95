package main

import "sync/atomic"

// busySet marks the positions some thread is searching right now, for
// the parallel searches (ABDADA, see c4solverparallel.go and adjsearchparallel.go): a
// 32-bit fingerprint of each one's key in a slot chosen by the key. Two
// positions sharing a slot only make a move look busy when it is not,
// which changes the order of the search, never its result.
type busySet [busySize]uint32

const (
	busyBits = 15
	busySize = 1 << busyBits
)

// ttHashMul spreads a position's key over a table's or the busy marks'
// slots: a product by an odd constant (the golden ratio's fraction of 2^64,
// Knuth's multiplicative hashing) sends every bit of the key into the high
// bits. It keeps 49 bits, so that a key times it fits the 113 bits the
// tables' tags and slots are cut from.
const ttHashMul = 0x9E3779B97F4A7C15 & (1<<49 - 1)

// busySlot is a key's slot and fingerprint (never 0, which marks a free
// slot). They come from separate bits of the hash: the slot from the top
// 15 (the bits of a product that every bit of the key reaches), the
// fingerprint from the 32 below them. Bits shared by both would be the
// same for every key of a slot, so the fingerprint would tell keys apart
// by fewer bits than its 32 (the slot once took bits 20-34 and the
// fingerprint 32-63, three bits in common).
func busySlot(key uint64) (uint32, uint32) {
	h := key * ttHashMul
	return uint32(h >> (64 - busyBits)), uint32(h>>(64-busyBits-32)) | 1
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

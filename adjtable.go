package main

import "sync/atomic"

// The Adjacency search's transposition table: one word per entry, key
// check and all, lock-free, shared by the threads of a search.

// Transposition table entry kinds: the stored value is exact, or a lower
// or an upper bound of the position's value at the stored depth.
const (
	adjExact uint8 = iota
	adjLower
	adjUpper
)

// adjEntry is one remembered position, unpacked.
type adjEntry struct {
	value int8 // a mark difference or the course's objective, both within 64
	depth int8
	move  int8 // the best or cutting move, -1 when none
	flag  uint8
	gen   uint8 // the move (Think call) that stored it, modulo adjGens
}

// An entry's word: the value (8 bits), the depth (6), the move plus one
// (7), the flag (2) and the generation (3) in its low adjDataBits bits,
// and above them the key's own top bits, its check: a word read whole (a
// machine word always is) matches its key or no key, so threads need no
// locks.
const (
	adjDataBits = 26
	adjGens     = 8
	adjDataMask = 1<<adjDataBits - 1
)

// pack puts e, of the key key, in one word.
func (e adjEntry) pack(key uint64) uint64 {
	return uint64(uint8(e.value)) | uint64(e.depth)<<8 | uint64(e.move+1)<<14 | uint64(e.flag)<<21 |
		uint64(e.gen)<<23 | key&^adjDataMask
}

// unpackAdj is the entry a word holds.
func unpackAdj(w uint64) adjEntry {
	return adjEntry{value: int8(w), depth: int8(w >> 8 & 63), move: int8(w>>14&127) - 1, flag: uint8(w >> 21 & 3),
		gen: uint8(w >> 23 & (adjGens - 1))}
}

// adjBucket is how many entries share a bucket: four words, 32 bytes, two
// buckets to a cache line, so a probe costs one line.
const adjBucket = 4

// adjTable is a transposition table of buckets of adjBucket entries: a
// new entry takes the slot of its own key, else of an older move's
// entry, else the shallowest of the bucket.
type adjTable struct {
	bits  int
	mask  uint64
	slots []uint64
	gen   uint8
}

// newGeneration starts a new move's entries: the older ones go first
// when a bucket is full.
func (t *adjTable) newGeneration() { t.gen = (t.gen + 1) % adjGens }

// newAdjTable makes an empty table of 2^bits entries (8 bytes each).
func newAdjTable(bits int) *adjTable {
	t := &adjTable{bits: bits, mask: 1<<bits/adjBucket - 1, slots: make([]uint64, 1<<bits)}
	hugePages(t.slots)
	return t
}

// load reads slot i. Atomic loads are plain loads on the machines we run
// on; they keep the race detector informed when threads share the table.
func (t *adjTable) load(i uint64) uint64 { return atomic.LoadUint64(&t.slots[i]) }

// probe finds the entry of key, if the table still holds it.
func (t *adjTable) probe(key uint64) (adjEntry, bool) {
	i := (key & t.mask) * adjBucket
	check := key &^ adjDataMask
	for j := range uint64(adjBucket) {
		if w := t.load(i + j); w&^adjDataMask == check && w != 0 {
			return unpackAdj(w), true
		}
	}
	return adjEntry{}, false
}

// store remembers a search result in key's bucket: over its own older
// entry if there is one, else over an older move's entry, else over the
// shallowest. A value that does not fit is not stored.
func (t *adjTable) store(key uint64, depth, value int, flag uint8, move int8) {
	if value < -128 || value > 127 {
		return
	}
	i := (key & t.mask) * adjBucket
	check := key &^ adjDataMask
	victim, least := i, 1<<30
	for j := range uint64(adjBucket) {
		w := t.load(i + j)
		if w&^adjDataMask == check {
			victim = i + j
			break
		}
		// An older move's entry counts as shallower than any of this
		// move's.
		d := int(w >> 8 & 63)
		if uint8(w>>23&(adjGens-1)) != t.gen {
			d -= 64
		}
		if d < least {
			victim, least = i+j, d
		}
	}
	storeShared(&t.slots[victim], adjEntry{value: int8(value), depth: int8(depth), move: move, flag: flag, gen: t.gen}.pack(key))
}

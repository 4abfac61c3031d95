package main

import "sync/atomic"

// The Adjacency search's transposition table: one packed word per entry,
// lock-free, shared by the threads of a search.

// Transposition table entry kinds: the stored value is exact, or a lower
// or an upper bound of the position's value at the stored depth.
const (
	adjExact uint8 = iota
	adjLower
	adjUpper
)

// adjEntry is one remembered position, unpacked.
type adjEntry struct {
	value int16
	depth int8
	move  int8 // the best or cutting move, -1 when none
	flag  uint8
	gen   uint8 // the move (Think call) that stored it
}

// pack puts e in one word, so that a slot is two words (see adjSlot).
func (e adjEntry) pack() uint64 {
	return uint64(uint16(e.value)) | uint64(uint8(e.depth))<<16 | uint64(uint8(e.move))<<24 |
		uint64(e.flag)<<32 | uint64(e.gen)<<40
}

// unpackAdj is the entry a word holds.
func unpackAdj(d uint64) adjEntry {
	return adjEntry{value: int16(d), depth: int8(d >> 16), move: int8(d >> 24), flag: uint8(d >> 32), gen: uint8(d >> 40)}
}

// adjSlot holds one entry and its key. Threads sharing the table read and
// write slots without locks, so the key is stored XORed with the data: a
// slot read halfway through another thread's write matches no key (the
// lockless hashing of Hyatt and Mann), and a search sees a whole entry or
// none.
type adjSlot struct {
	check uint64 // key ^ data
	data  uint64
}

// adjTable is a two-way transposition table: of the two slots of a bucket,
// the first keeps the deepest entry of the current move, the second takes
// whatever else comes.
type adjTable struct {
	bits  int
	mask  uint64
	slots []adjSlot
	gen   uint8
}

// newGeneration starts a new move's entries: the first slot of a bucket
// then takes the deepest of the new move's entries, whatever the older
// ones' depth.
func (t *adjTable) newGeneration() { t.gen++ }

// newAdjTable makes an empty table of 2^bits slots (2^(bits-1) buckets).
func newAdjTable(bits int) *adjTable {
	t := &adjTable{bits: bits, mask: 1<<(bits-1) - 1, slots: make([]adjSlot, 1<<bits)}
	hugePages(t.slots)
	return t
}

// load reads slot i: the key it holds and its entry. Atomic loads are
// plain loads on the machines we run on; they keep the race detector
// informed when threads share the table.
func (t *adjTable) load(i uint64) (uint64, uint64) {
	sl := &t.slots[i]
	d := atomic.LoadUint64(&sl.data)
	return atomic.LoadUint64(&sl.check) ^ d, d
}

// probe finds the entry of key, if the table still holds it.
func (t *adjTable) probe(key uint64) (adjEntry, bool) {
	i := (key & t.mask) * 2
	if k, d := t.load(i); k == key {
		return unpackAdj(d), true
	}
	if k, d := t.load(i + 1); k == key {
		return unpackAdj(d), true
	}
	return adjEntry{}, false
}

// store remembers a search result, keeping the deeper of the current
// move's entries in the first slot.
func (t *adjTable) store(key uint64, depth, value int, flag uint8, move int8) {
	i := (key & t.mask) * 2
	d := adjEntry{value: int16(value), depth: int8(depth), move: move, flag: flag, gen: t.gen}.pack()
	if k, fd := t.load(i); k != key {
		if f := unpackAdj(fd); f.gen == t.gen && int(f.depth) > depth {
			i++
		}
	}
	sl := &t.slots[i]
	storeShared(&sl.data, d)
	storeShared(&sl.check, key^d)
}

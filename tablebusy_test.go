package main

import (
	"math/bits"
	"testing"
)

// sameSlot returns n keys that share key 1's slot, found by counting up.
func sameSlot(n int) []uint64 {
	slot, _ := busySlot(1)
	keys := []uint64{1}
	for k := uint64(2); len(keys) < n; k++ {
		if s, _ := busySlot(k); s == slot {
			keys = append(keys, k)
		}
	}
	return keys
}

// A position is busy from enter to leave; a second position in the same
// slot takes the slot over, and the first one's leave does not clear it.
func TestBusySet(t *testing.T) {
	keys := sameSlot(2)
	a, b := keys[0], keys[1]
	var set busySet
	type step struct {
		name       string
		do         func(uint64)
		key        uint64
		hasA, hasB bool
	}
	for i, s := range []step{
		{"enter a", set.enter, a, true, false},
		{"enter b, same slot", set.enter, b, false, true},
		{"leave a, whose mark is gone", set.leave, a, false, true},
		{"leave b", set.leave, b, false, false},
		{"enter a again", set.enter, a, true, false},
		{"leave a", set.leave, a, false, false},
	} {
		t.Run(s.name, func(t *testing.T) {
			s.do(s.key)
			if set.has(a) != s.hasA || set.has(b) != s.hasB {
				t.Errorf("step %d: has(a) %v, has(b) %v; want %v, %v", i, set.has(a), set.has(b), s.hasA, s.hasB)
			}
		})
	}
}

// The fingerprint tells apart keys of one slot by all of its 31 free bits
// (bit 0 is always set): among keys sharing a slot each of them takes
// both values, which no bit that the slot also uses can.
func TestBusyFingerprintBits(t *testing.T) {
	var ones, zeros uint32
	for _, k := range sameSlot(64) {
		_, f := busySlot(k)
		ones |= f
		zeros |= ^f
	}
	if varied := ones & zeros; bits.OnesCount32(varied) != 31 {
		t.Errorf("fingerprint bits that vary within a slot: %032b, want all but bit 0", varied)
	}
}

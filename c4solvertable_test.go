package main

import (
	"math/rand/v2"
	"testing"
)

// TestTableGrow stores random positions' bounds in a fresh table, doubles
// the part in use up to the whole table, and checks after each doubling
// that every entry found before is found again with the same bounds and
// move, and that keys never stored are still not found.
func TestTableGrow(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	tab := newC4Table(22, 49)
	tab.fresh()
	type rec struct{ lo, hi, move int }
	stored := map[uint64]rec{}
	for range 20000 {
		key := rng.Uint64() & (1<<49 - 1)
		r := rec{rng.IntN(20) - 10, rng.IntN(20), rng.IntN(8) - 1}
		tab.store(key, rng.IntN(42), r.lo, r.hi, r.move)
		stored[key] = r
	}
	found := map[uint64]rec{}
	for key := range stored {
		if lo, hi, m, ok := tab.probe(key); ok {
			found[key] = rec{lo, hi, m}
		}
	}
	if len(found) < len(stored)*9/10 {
		t.Fatalf("only %d of %d entries found before growing", len(found), len(stored))
	}
	for tab.bucketBits < tab.maxBits {
		tab.grow()
		for key, r := range found {
			if lo, hi, m, ok := tab.probe(key); !ok || (rec{lo, hi, m}) != r {
				t.Fatalf("after growing to %d buckets: key %x gives %d %d %d %v, want %+v", 1<<tab.bucketBits, key, lo, hi, m, ok, r)
			}
		}
		for range 20000 {
			key := rng.Uint64() & (1<<49 - 1)
			if _, ok := stored[key]; !ok {
				if _, _, _, ok := tab.probe(key); ok {
					t.Fatalf("key %x never stored but found", key)
				}
			}
		}
	}
	if len(tab.tt) != 2<<tab.bucketBits {
		t.Errorf("grew to %d buckets of a %d-entry table", 1<<tab.bucketBits, len(tab.tt))
	}
}

// TestTableFresh checks that a fresh table has forgotten everything, also
// when the generation wraps round and the words are really cleared.
func TestTableFresh(t *testing.T) {
	tab := newC4Table(20, 49)
	for round := range ttGenMask + 2 {
		key := uint64(round)*0x1234567 + 99
		if _, _, _, ok := tab.probe(key); ok {
			t.Fatalf("generation %d: a fresh table finds key %x", tab.gen, key)
		}
		tab.store(key, 10, -1, 1, 3)
		if lo, hi, m, ok := tab.probe(key); !ok || lo != -1 || hi != 1 || m != 3 {
			t.Fatalf("generation %d: stored -1 1 3, found %d %d %d %v", tab.gen, lo, hi, m, ok)
		}
		tab.fresh()
		if _, _, _, ok := tab.probe(key); ok {
			t.Fatalf("generation %d: key %x found after fresh", tab.gen, key)
		}
	}
}

// TestTableEager stores three positions whose hashes share a fresh
// table's bucket: the second, nearer the root, pushes the first down to
// the bucket's other entry, and the third, with no room left, must make
// the part in use double rather than drop either.
func TestTableEager(t *testing.T) {
	inv := uint64(ttHashMul) // the inverse of ttHashMul modulo 2^64, by Newton's steps
	for range 6 {
		inv *= 2 - ttHashMul*inv
	}
	keyOf := func(h uint64) uint64 { return h * inv & (1<<49 - 1) }
	bucket := uint64(12345) << (49 - ttStartBits)
	next := uint64(1) << (49 - ttStartBits - 1) // splits the bucket in two
	keys := []uint64{keyOf(bucket | 1), keyOf(bucket | 2), keyOf(bucket | next | 3)}
	tab := newC4Table(22, 49)
	for i, stones := range []int{10, 5, 20} {
		tab.store(keys[i], stones, -i, i, i)
	}
	if tab.bucketBits != ttStartBits+1 {
		t.Errorf("part in use of %d bucket bits, want %d", tab.bucketBits, ttStartBits+1)
	}
	for i, key := range keys {
		if lo, hi, m, ok := tab.probe(key); !ok || lo != -i || hi != i || m != i {
			t.Errorf("key %d: found %d %d %d %v, want %d %d %d", i, lo, hi, m, ok, -i, i, i)
		}
	}
}

// BenchmarkTableGrow doubles a half-full part of 2^20 buckets (16 MiB)
// into 32 MiB, as a big search does several times.
func BenchmarkTableGrow(b *testing.B) {
	rng := rand.New(rand.NewPCG(4, 4))
	tab := newC4Table(22, 49)
	for b.Loop() {
		b.StopTimer()
		tab.fresh()
		tab.use(20)
		for range 1 << 20 {
			tab.store(rng.Uint64()&(1<<49-1), rng.IntN(42), -1, 1, 3)
		}
		b.StartTimer()
		tab.grow()
	}
}

// fresh empties the table, as a new one, by moving to the next
// generation (only once every 63 times must it really clear the words it
// has used; a wide table every time), and goes back to the small part.
// The benchmarks start each position so, as the public solver's figures
// were measured.
func (t *c4Table) fresh() {
	t.gen++
	if t.gen > ttGenMask || t.wide {
		clear(t.tt[:t.dirty])
		t.gen, t.dirty = 1, 0
	}
	t.work = 0
	t.use(ttStartBits)
}

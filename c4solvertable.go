package main

import (
	"sync/atomic"
)

// The solver's transposition table: 2^ttBits entries of one 64-bit word,
// in buckets of two that share a cache line.
//
// A key has keyBits bits (49 on 7x6: seven columns of seven bits). The
// table multiplies it by an odd constant modulo 2^keyBits, a bijection of
// keyBits-bit words: the product's top bits pick a bucket, its low bits
// are the tag stored in the entry. The tag has 36 bits (narrow entries)
// or, for keys longer than the bucket bits and 36 (boards of more than
// 58 key bits on a 64 MiB table), 47 (wide entries): with the bucket it
// gives back the key, so two positions never share an entry by mistake.
//
// Of a bucket's two entries the first keeps the position nearest the root
// (the largest subtree, the costliest to redo), the second takes whatever
// comes; wide entries have no room for the stones, and the first keeps
// the position that came first.
//
// An entry packs, from bit 0: the lower and the upper bound plus ttOffset
// (6 bits each), the best move plus one (4 bits); then, narrow, the
// number of stones (6 bits), the table's generation (6 bits) and the tag
// (36 bits); wide, a bit set (so that no entry is 0, an empty one) and
// the tag (47 bits). The program keeps its table for as long as it
// runs; the benchmarks and tests start positions from a fresh one
// (fresh, in c4solvertable_test.go), which only moves the generation on: an
// entry of another generation counts as empty, so a small search does
// not pay for clearing 64 MiB first. Every 63 generations the words must
// really be cleared, but only the part some search has used since the
// last time; a wide table is cleared each time.
//
// A new table starts small: a search uses only the first
// 2^ttStartBits buckets (1 MiB, which stays in the processor's
// second-level cache from one small search to the next, while random
// probes over 8 MiB or more mostly go to the slower caches or to memory),
// or as many as the tag needs. The part in use doubles each time the
// search has done as many nodes as half its entries, and, while it is
// smaller than 2^ttEagerBits buckets, whenever a store would drop another
// position's entry: so the small start loses no more entries than a
// larger table would. Since the tag keeps the hash's low bits, a doubling
// knows where each entry goes: bucket i splits into 2i and 2i+1 by the
// next bit of the hash.
const (
	ttOffset    = 32
	ttHiShift   = 6
	ttMoveShift = 12
	ttNShift    = 16 // narrow entries' stones
	ttGenShift  = 22 // narrow entries' generation
	ttGenMask   = 1<<6 - 1
	ttTagShift  = 28 // narrow entries' tag
	ttTagBits   = 36
	ttWideShift = 17 // wide entries' tag, above their bit 16, always set
	ttWideBits  = 47
)

// c4Table is the transposition table and its generation.
type c4Table struct {
	tt         []uint64
	bucketBits int    // the part in use: 2^bucketBits buckets
	maxBits    int    // the whole table's bucket bits
	minBits    int    // the fewest bucket bits the tag allows
	shift      uint   // a hash's bucket is hash >> shift
	keyBits    int    // a key's bits
	keyMask    uint64 // a hash is key * ttHashMul & keyMask
	wide       bool   // wide entries
	tagShift   uint   // where an entry's tag starts
	tagMask    uint64 // the tag's bits, from bit 0
	match      uint64 // the bits of an entry that must equal a probe's: tag and generation (or bit 16)
	work       int64  // nodes searched since the table was fresh
	growAt     int64  // work at which the part in use doubles
	gen        uint64 // entries of another generation count as empty; never 0
	dirty      int    // words written at most up to here since last cleared
}

// c4TableBits sizes a board's table: 2^(cells-ttCellsOver) entries, at
// least 2^ttMinBits and as many as its keys need, at most 7x6's ttBits.
// A table larger than the search needs costs more in cache misses than
// it saves in nodes (docs/search-notes.md, "Other sizes").
func c4TableBits(g *c4Geom) int {
	return max(ttMinBits, ttNeedBits(g.keyBits), min(ttBits, g.cells-ttCellsOver))
}

// ttNeedBits is the fewest bits of a table for keys of keyBits bits:
// the tag, narrow if it can be, and the bucket must cover the key.
func ttNeedBits(keyBits int) int { return max(1, keyBits-ttWideBits) + 1 }

// newC4Table returns an empty table of 2^bits entries for keys of
// keyBits bits (on huge pages: ttHugePages); it panics if the tag and
// the buckets cannot cover the key.
func newC4Table(bits, keyBits int) *c4Table {
	if bits < ttNeedBits(keyBits) {
		panic("c4 table: too small for its keys")
	}
	t := &c4Table{tt: make([]uint64, 1<<bits), maxBits: bits - 1, gen: 1, keyBits: keyBits}
	t.keyMask = 1<<keyBits - 1
	if keyBits >= 64 {
		t.keyMask = ^uint64(0)
	}
	t.tagShift, t.tagMask = ttTagShift, 1<<ttTagBits-1
	t.minBits = max(1, keyBits-ttTagBits)
	if t.minBits > t.maxBits {
		t.wide, t.tagShift, t.tagMask = true, ttWideShift, 1<<ttWideBits-1
		t.minBits = max(1, keyBits-ttWideBits)
	}
	t.match = t.tagMask<<t.tagShift | ttGenMask<<ttGenShift
	if t.wide {
		t.match = t.tagMask<<t.tagShift | 1<<16
	}
	if ttHugePages {
		hugePages(t.tt) // before clear touches the pages, which maps them small
	}
	// Touch every page now (the memory is fresh from the system, so
	// its pages are only mapped on first write): else the first searches
	// pay for it, thousands of page faults spread over their probes.
	clear(t.tt)
	t.use(ttStartBits)
	return t
}

// use sets the part of the table in use to 2^bits buckets (at least as
// many as the tag needs, at most all).
func (t *c4Table) use(bits int) {
	t.bucketBits = min(max(bits, t.minBits), t.maxBits)
	t.shift = uint(t.keyBits - t.bucketBits)
	t.growAt = int64(1) << t.bucketBits // half the entries in use
	t.dirty = max(t.dirty, 2<<t.bucketBits)
	if t.bucketBits == t.maxBits {
		t.growAt = 1<<63 - 1
	}
}

// searched notes n more nodes searched on the table while one search
// has it to itself, and doubles the part in use when they reach growAt.
func (t *c4Table) searched(n int64) {
	if t.bucketBits < t.maxBits {
		if t.work += n; t.work >= t.growAt {
			t.grow()
		}
	}
}

// whole grows the part in use to the whole table, so that threads can
// share it: neither a poll nor a store grows it then. From a fresh 64
// MiB table that walks all of it once (docs/search-notes.md, "Threads").
func (t *c4Table) whole() {
	for t.bucketBits < t.maxBits {
		t.grow()
	}
}

// live reports whether the entry e holds a position of this generation.
func (t *c4Table) live(e uint64) bool {
	if t.wide {
		return e != 0
	}
	return e>>ttGenShift&ttGenMask == t.gen
}

// grow doubles the part of the table in use, moving every entry of the
// current generation to its bucket in the larger part. It goes from the
// last bucket down, so that it never writes over one it has yet to read.
// The part it adds holds no entry of this generation (the part in use
// only grows between two fresh starts), so an empty bucket that splits
// into two buckets there need not be written.
func (t *c4Table) grow() {
	if t.bucketBits >= t.maxBits {
		return
	}
	bit := (t.tagShift + t.shift - 1) & 63 // the entry's bit of the hash that splits a bucket in two
	// An entry is live when its bits under liveMask are liveWant: the
	// generation's, or wide, bit 16.
	liveMask, liveWant := uint64(ttGenMask<<ttGenShift), t.gen<<ttGenShift
	if t.wide {
		liveMask, liveWant = 1<<16, 1<<16
	}
	tt := t.tt[:4<<t.bucketBits]
	for i := len(tt)/4 - 1; i >= 0; i-- {
		// Written out without loops: for a big search this runs over
		// tens of MiB several times (docs/search-notes.md, "Transposition
		// table").
		e0, e1 := tt[2*i], tt[2*i+1]
		live0, live1 := e0&liveMask == liveWant, e1&liveMask == liveWant
		h0, h1 := e0>>bit&1, e1>>bit&1 // which bucket, 2i or 2i+1
		if !live0 && !live1 && i >= len(tt)/4 {
			continue // buckets 2i and 2i+1 are new: nothing to clear
		}
		var out [4]uint64 // buckets 2i and 2i+1
		if live0 {
			out[2*h0&3] = e0
		}
		if live1 {
			j := 2 * h1
			if live0 && h0 == h1 {
				j++ // behind e0, in the bucket's second entry
			}
			out[j&3] = e1
		}
		q := tt[4*i : 4*i+4 : 4*i+4]
		q[0], q[1], q[2], q[3] = out[0], out[1], out[2], out[3]
	}
	t.use(t.bucketBits + 1)
}

// slot is the bucket of a key (the index of its first entry) and what a
// matching entry holds in its match bits.
func (t *c4Table) slot(key uint64) (uint64, uint64) {
	h := key * ttHashMul & t.keyMask
	want := h & t.tagMask << (t.tagShift & 63)
	if t.wide {
		want |= 1 << 16
	} else {
		want |= t.gen << ttGenShift
	}
	return h >> (t.shift & 63) << 1, want
}

// lookup returns the entry of a bucket whose match bits are want, or 0.
func (t *c4Table) lookup(e0, e1, want uint64) uint64 {
	if e0&t.match == want {
		return e0
	}
	if e1&t.match == want {
		return e1
	}
	return 0
}

// entryBounds unpacks an entry's bounds and move (-1 for none).
func entryBounds(e uint64) (lo, hi, move int) {
	return int(e&0x3f) - ttOffset, int(e>>ttHiShift&0x3f) - ttOffset, int(e>>ttMoveShift&0xf) - 1
}

// probe returns the table's bounds and move for a key.
func (t *c4Table) probe(key uint64) (lo, hi, move int, ok bool) {
	i, want := t.slot(key)
	e := t.lookup(atomic.LoadUint64(&t.tt[i]), atomic.LoadUint64(&t.tt[i+1]), want)
	if e == 0 {
		return 0, 0, -1, false
	}
	lo, hi, move = entryBounds(e)
	return lo, hi, move, true
}

// store records bounds and a best move (-1 for none) for the key of a
// position of so many stones.
func (t *c4Table) store(key uint64, stones, lo, hi, move int) {
	i, want := t.slot(key)
	e := want | uint64(lo+ttOffset) | uint64(hi+ttOffset)<<ttHiShift | uint64(move+1)<<ttMoveShift
	first, second := atomic.LoadUint64(&t.tt[i]), atomic.LoadUint64(&t.tt[i+1])
	if !t.wide {
		e |= uint64(stones) << ttNShift
	}
	lost := uint64(0) // a live entry of another position this store drops
	switch {
	case !t.live(first) || first&t.match == want:
	case !t.wide && stones <= int(first>>ttNShift&0x3f):
		// The newcomer is nearer the root: it takes the first entry,
		// whose position moves down to the second unless that one
		// holds a third.
		if !t.live(second) || second&t.match == want {
			t.put(i+1, first)
		} else {
			lost = first
		}
	default:
		i++
		if t.live(second) && second&t.match != want {
			lost = second
		}
	}
	// Threads never come here: they share the table only once all of it
	// is in use (see search).
	if lost != 0 && t.bucketBits < min(ttEagerBits, t.maxBits) {
		t.grow()
		t.store(key, stones, lo, hi, move)
		return
	}
	t.put(i, e)
}

// put writes one word (see tablestore.go).
func (t *c4Table) put(i, e uint64) {
	storeShared(&t.tt[i], e)
}

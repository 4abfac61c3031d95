package main

import (
	"sync/atomic"
)

// The solver's transposition table: 2^ttBits entries of one 64-bit word,
// in buckets of two that share a cache line.
//
// Keys have 49 bits. The table multiplies a key by an odd constant modulo
// 2^49, a bijection of 49-bit words: the product's top bits pick a
// bucket, its low 36 bits are the tag stored in the entry. With buckets
// of at least 13 bits the two together give back the key, so two
// positions never share an entry by mistake.
//
// Of a bucket's two entries the first keeps the position nearest the root
// (the largest subtree, the costliest to redo), the second takes whatever
// comes.
//
// An entry packs, from bit 0: the tag (36 bits), the lower and the upper
// bound plus ttOffset (6 bits each), the best move plus one (3 bits), the
// number of stones (6 bits) and the table's generation (7 bits). Making
// the table fresh only moves the generation on: an entry of another
// generation counts as empty, so a small search does not pay for clearing
// 64 MiB first. Every 127 generations the words must really be cleared,
// but only the part some search has used since the last time.
//
// A fresh table also starts small: a search uses only the first
// 2^ttStartBits buckets (1 MiB, which stays in the processor's
// second-level cache from one small search to the next, while random
// probes over 8 MiB or more mostly go to the slower caches or to memory).
// The part in use doubles each time the search has done as many nodes as
// half its entries, and, while it is smaller than 2^ttEagerBits buckets,
// whenever a store would drop another position's entry: so the small
// start loses no more entries than a larger table would. Since the tag
// keeps the hash's low 36 bits, a doubling knows where each entry goes:
// bucket i splits into 2i and 2i+1 by the next bit of the hash.
const (
	ttKeyBits   = 49
	ttKeyMask   = 1<<ttKeyBits - 1
	ttTagBits   = 36
	ttTagMask   = 1<<ttTagBits - 1
	ttHashMul   = 0x9E3779B97F4A7C15 & ttKeyMask
	ttOffset    = 32
	ttLoShift   = 36
	ttHiShift   = 42
	ttMoveShift = 48
	ttNShift    = 51
	ttGenShift  = 57
	ttGenMask   = 1<<7 - 1
	// ttMatch selects the bits that must equal a probe's: tag and
	// generation.
	ttMatch = ttTagMask | ttGenMask<<ttGenShift
	// ttMinBucketBits is the least bucket bits: tag and bucket must
	// cover the 49 bits of a key.
	ttMinBucketBits = ttKeyBits - ttTagBits
	// ttStartBits is the bucket bits of a fresh table's part in use;
	// below ttEagerBits, the part in use doubles rather than let a store
	// drop an entry.
	ttStartBits = 16
	ttEagerBits = 17
)

// c4Table is the transposition table and its generation.
type c4Table struct {
	tt         []uint64
	bucketBits int    // the part in use: 2^bucketBits buckets
	maxBits    int    // the whole table's bucket bits
	shift      uint   // a hash's bucket is hash >> shift
	work       int64  // nodes searched since the table was fresh
	growAt     int64  // work at which the part in use doubles
	gen        uint64 // entries of another generation count as empty; never 0
	dirty      int    // words written at most up to here since last cleared
}

// newC4Table returns an empty table of 2^bits entries, on huge pages if
// huge.
func newC4Table(bits int, huge bool) *c4Table {
	t := &c4Table{tt: make([]uint64, 1<<bits), maxBits: bits - 1, gen: 1}
	if huge {
		hugePages(t.tt) // before clear touches the pages, which maps them small
	}
	// Touch every page now (the memory is fresh from the system, so
	// its pages are only mapped on first write): else the first searches
	// pay for it, thousands of page faults spread over their probes.
	clear(t.tt)
	t.use(ttStartBits)
	return t
}

// use sets the part of the table in use to 2^bits buckets (at most all).
func (t *c4Table) use(bits int) {
	t.bucketBits = min(bits, t.maxBits)
	t.shift = uint(ttKeyBits - t.bucketBits)
	t.growAt = int64(1) << t.bucketBits // half the entries in use
	t.dirty = max(t.dirty, 2<<t.bucketBits)
	if t.bucketBits == t.maxBits {
		t.growAt = 1<<63 - 1
	}
}

// fresh empties the table by moving to the next generation (only once
// every 127 times must it really clear the words it has used) and goes
// back to the small part.
func (t *c4Table) fresh() {
	t.gen++
	if t.gen > ttGenMask {
		clear(t.tt[:t.dirty])
		t.gen, t.dirty = 1, 0
	}
	t.work = 0
	t.use(ttStartBits)
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
	bit := (t.shift - 1) & 63 // the hash bit that splits a bucket in two
	gen := t.gen
	tt := t.tt[:4<<t.bucketBits]
	for i := len(tt)/4 - 1; i >= 0; i-- {
		// Written out without loops: for a big search this runs over
		// tens of MiB several times, and is a tenth of its time.
		e0, e1 := tt[2*i], tt[2*i+1]
		live0, live1 := e0>>ttGenShift == gen, e1>>ttGenShift == gen
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

// slot is a key's bucket (its first entry's index) and what a matching
// entry holds in its ttMatch bits.
func (t *c4Table) slot(key uint64) (uint64, uint64) {
	h := key * ttHashMul & ttKeyMask
	return h >> (t.shift & 63) << 1, h&ttTagMask | t.gen<<ttGenShift
}

// lookup returns the entry of a bucket that matches want, or 0.
func lookup(e0, e1, want uint64) uint64 {
	if e0&ttMatch == want {
		return e0
	}
	if e1&ttMatch == want {
		return e1
	}
	return 0
}

// entryBounds unpacks an entry's bounds and move (-1 for none).
func entryBounds(e uint64) (lo, hi, move int) {
	return int(e>>ttLoShift&0x3f) - ttOffset, int(e>>ttHiShift&0x3f) - ttOffset, int(e>>ttMoveShift&7) - 1
}

// probe returns the table's bounds and move for a key.
func (t *c4Table) probe(key uint64) (lo, hi, move int, ok bool) {
	i, want := t.slot(key)
	e := lookup(atomic.LoadUint64(&t.tt[i]), atomic.LoadUint64(&t.tt[i+1]), want)
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
	e := want | uint64(lo+ttOffset)<<ttLoShift | uint64(hi+ttOffset)<<ttHiShift | uint64(move+1)<<ttMoveShift | uint64(stones)<<ttNShift
	first, second := atomic.LoadUint64(&t.tt[i]), atomic.LoadUint64(&t.tt[i+1])
	lost := uint64(0) // a live entry of another position this store drops
	switch {
	case first>>ttGenShift != t.gen || first&ttMatch == want:
	case stones <= int(first>>ttNShift&0x3f):
		// The newcomer is nearer the root: it takes the first entry,
		// whose position moves down to the second unless that one
		// holds a third.
		if second>>ttGenShift != t.gen || second&ttMatch == want {
			t.put(i+1, first)
		} else {
			lost = first
		}
	default:
		i++
		if second>>ttGenShift == t.gen && second&ttMatch != want {
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

// put writes one word (see racy.go).
func (t *c4Table) put(i, e uint64) {
	storeShared(&t.tt[i], e)
}

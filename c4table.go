package main

import (
	"sync/atomic"
)

// The solver's transposition table: 2^ttBits entries of one 64-bit word,
// in buckets of two that share a cache line.
//
// Keys have 49 bits. The table multiplies a key by an odd constant modulo
// 2^49, a bijection of 49-bit words, and splits the product: its top
// ttBits-1 bits pick a bucket, the other 50-ttBits (at most 30) are the
// tag stored in the entry; bucket and tag together give back the key, so
// two positions never share an entry by mistake.
//
// Of a bucket's two entries the first keeps the position nearest the root
// (the largest subtree, the costliest to redo), the second takes whatever
// comes.
//
// An entry packs, from bit 0: the tag (30 bits), the lower and the upper
// bound plus ttOffset (6 bits each), the best move plus one (3 bits), the
// number of stones (6 bits) and the table's generation (13 bits). Making
// the table fresh only moves the generation on: an entry of another
// generation counts as empty, so a small search does not pay for clearing
// 64 MiB first.
const (
	ttKeyBits   = 49
	ttKeyMask   = 1<<ttKeyBits - 1
	ttTagBits   = 30
	ttTagMask   = 1<<ttTagBits - 1
	ttHashMul   = 0x9E3779B97F4A7C15 & ttKeyMask
	ttOffset    = 32
	ttLoShift   = 30
	ttHiShift   = 36
	ttMoveShift = 42
	ttNShift    = 45
	ttGenShift  = 51
	ttGenMask   = 1<<13 - 1
	// ttMatch selects the bits that must equal a probe's: tag and
	// generation.
	ttMatch = ttTagMask | ttGenMask<<ttGenShift
)

// c4Table is the transposition table and its generation.
type c4Table struct {
	tt     []uint64
	shift  uint   // a hash's bucket is hash >> shift
	gen    uint64 // entries of another generation count as empty; never 0
	shared bool   // threads share the table: stores are atomic
}

// newC4Table returns an empty table of 2^bits entries.
func newC4Table(bits int) *c4Table {
	t := &c4Table{tt: make([]uint64, 1<<bits), shift: uint(ttKeyBits + 1 - bits), gen: 1}
	hugePages(t.tt)
	// Touch every page now (the memory is fresh from the system, so
	// its pages are only mapped on first write): else the first searches
	// pay for it, thousands of page faults spread over their probes.
	clear(t.tt)
	return t
}

// fresh empties the table by moving to the next generation; only once
// every 8191 times must it really clear the words.
func (t *c4Table) fresh() {
	t.gen++
	if t.gen > ttGenMask {
		clear(t.tt)
		t.gen = 1
	}
}

// slot is a key's bucket (its first entry's index) and what a matching
// entry holds in its ttMatch bits.
func (t *c4Table) slot(key uint64) (uint64, uint64) {
	h := key * ttHashMul & ttKeyMask
	return h >> (t.shift & 63) << 1, h&(1<<(t.shift&63)-1) | t.gen<<ttGenShift
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
	first := atomic.LoadUint64(&t.tt[i])
	if !(first>>ttGenShift != t.gen || first&ttMatch == want || stones <= int(first>>ttNShift&0x3f)) {
		i++
	}
	if t.shared {
		atomic.StoreUint64(&t.tt[i], e)
	} else {
		t.tt[i] = e
	}
}

//go:build !race

package main

// The tables that search threads share (the Connect Four solver's, the
// Adjacency search's) and the busy marks are written without locks: each
// word carries its own check (a tag, or the key folded into a second
// word), so a reader sees either a whole entry it can trust or no match,
// never a mixture. Go's memory model lets a racing read of one machine
// word see only a whole write, so a plain store is safe for them, and on
// amd64 far cheaper than an atomic one: that is an exchange, which stops
// the core until its pending writes have drained, at every node. Under
// the race detector tablestore_race.go stores atomically instead, so that the
// detector reports only races that are not by design.

// storeShared writes a word of a shared table.
func storeShared(p *uint64, v uint64) { *p = v }

// storeMark writes a busy mark.
func storeMark(p *uint32, v uint32) { *p = v }

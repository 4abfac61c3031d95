//go:build race

package main

import "sync/atomic"

// storeShared writes a word of a shared table (see tablestore.go).
func storeShared(p *uint64, v uint64) { atomic.StoreUint64(p, v) }

// storeMark writes a busy mark (see tablestore.go).
func storeMark(p *uint32, v uint32) { atomic.StoreUint32(p, v) }

package main

import (
	_ "embed"
	"encoding/binary"
	"fmt"
	"slices"
	"sync"
)

// The opening book: the solver's own answers for the positions where a
// solve from scratch takes longest, the first plies. It holds every
// position the solver can face up to a ply when it plays either side
// following the book (its own move is the book's, the opponent's any of
// seven), mirror images merged, and the same from every position two and
// three plies deep (the 2-ply openings of matches, either side to move),
// to ply 8. buildBook makes it with the solver; the program embeds the
// file.
//
// File format: 8-byte little-endian words sorted by key, each packing the
// canonical position key (49 bits), the exact score plus bookOffset (6
// bits) and the best column in the canonical orientation (3 bits).

//go:generate go run . -make-book c4book.bin -book-ply 12 -book-line-ply 36 -book-openings-ply 8

//go:embed c4book.bin
var bookData []byte

const (
	bookKeyBits = 49
	bookKeyMask = 1<<bookKeyBits - 1
	bookOffset  = 32
)

// bookEntry is a book position's exact score and best column (in the
// canonical orientation).
type bookEntry struct{ score, move int8 }

// bookKey is the canonical key of a position: the smaller of its key and
// its mirror image's.
func bookKey(p c4Pos) uint64 {
	k, _ := canonical(p.key())
	return k
}

// bookMove turns a book move back to p's orientation.
func bookMove(p c4Pos, b bookEntry) Move {
	_, flip := canonical(p.key())
	return Move(flipCol(int(b.move), flip))
}

// book is a sorted, packed opening book.
type book []uint64

// lookup finds a canonical key.
func (b book) lookup(key uint64) (bookEntry, bool) {
	i, ok := slices.BinarySearchFunc(b, key, func(w, k uint64) int {
		switch kw := w & bookKeyMask; {
		case kw < k:
			return -1
		case kw > k:
			return 1
		}
		return 0
	})
	if !ok {
		return bookEntry{}, false
	}
	return unpackBookEntry(b[i]), true
}

// packBookEntry is one word of the file.
func packBookEntry(key uint64, e bookEntry) uint64 {
	return key | uint64(int(e.score)+bookOffset)<<bookKeyBits | uint64(e.move)<<55
}

// decodeBook reads the file format.
func decodeBook(data []byte) (book, error) {
	if len(data)%8 != 0 {
		return nil, fmt.Errorf("opening book: %d bytes is not a whole number of entries", len(data))
	}
	b := make(book, len(data)/8)
	for i := range b {
		b[i] = binary.LittleEndian.Uint64(data[8*i:])
	}
	if !slices.IsSortedFunc(b, func(x, y uint64) int { return int(x&bookKeyMask) - int(y&bookKeyMask) }) {
		return nil, fmt.Errorf("opening book: entries out of order")
	}
	return b, nil
}

// openingBook is the embedded book, decoded once.
var openingBook = sync.OnceValue(func() book {
	b, err := decodeBook(bookData)
	if err != nil {
		panic(err) // the embedded file is part of the program
	}
	return b
})

// bookFor is the book a solver of board g reads: when on, 7x6's
// embedded book; other boards have none.
func bookFor(g *c4Geom, on bool) book {
	if on && g.std {
		return openingBook()
	}
	return nil
}

// unpackBookEntry reads the score and move of a book word.
func unpackBookEntry(w uint64) bookEntry {
	return bookEntry{score: int8(int(w>>bookKeyBits&0x3f) - bookOffset), move: int8(w >> 55 & 7)}
}

package main

// bookEntry is a book position's exact score and best column.
type bookEntry struct{ score, move int8 }

func bookKey(p c4Pos) uint64 { return p.key() }

func bookMove(p c4Pos, b bookEntry) Move { return Move(b.move) }

func openingBook() map[uint64]bookEntry { return nil }

package main

import (
	"context"
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"slices"
	"time"
)

// Building the opening book's entries (-make-book, whose host is
// bookmake.go): the solver solves every position of the book's tree, and
// the book is packed and written sorted.

// bookStats reports what a build did, ply by ply.
type bookStats struct {
	Ply       int
	Positions int
	Nodes     int64
	Time      time.Duration
	// Of is how many positions the ply has queued, repeats included:
	// Positions of Of is how far the ply is. Done says the ply is over.
	Of   int
	Done bool
}

// bookConfig says what buildBook builds.
type bookConfig struct {
	MaxPly    int  // the last ply with entries
	TableBits int  // the solver's table has 2^TableBits entries
	Sides     Side // the solver's side: X, O, or Nobody for both
	// Openings is the plies before the solver's first move as the side
	// to move: its tree starts at every position of that many plies, the
	// other side's at every position of one more (0: the empty board and
	// the seven first moves).
	Openings int
	// Prior is a book to take answers from instead of solving (to extend
	// or split a build); its entries go into the result.
	Prior book
}

// buildBook solves every position the solver can face up to cfg.MaxPly
// when it follows its own book, as X, O or both, from every opening of
// cfg.Openings plies, and returns the book.
// The table is larger than a game's: the build revisits much. progress,
// if set, hears about every solved position and every finished ply with
// the book so far, so a long build can be saved as it goes; its error (a
// save that failed) stops the build.
func buildBook(ctx context.Context, cfg bookConfig, progress func(bookStats, book) error) (book, error) {
	s := newC4Solver(c4Std, newC4Table(cfg.TableBits, c4Std.keyBits), cfg.Prior, c4Defaults())
	s.start(ctx, nil)

	entries := map[uint64]bookEntry{}
	done := map[uint64]bool{} // positions expanded in this build
	// Positions where the solver is to move, by ply: one side's tree
	// starts at every opening, the other's at every reply to it (X's at
	// the empty board and O's at each first move, without openings).
	level := map[int][]c4Pos{}
	for _, ply := range []int{cfg.Openings, cfg.Openings + 1} {
		if xMoves := ply%2 == 0; cfg.Sides == Nobody || (cfg.Sides == X) == xMoves {
			level[ply] = positionsAt(ply)
		}
	}
	for _, w := range cfg.Prior {
		entries[w&bookKeyMask] = unpackBookEntry(w)
	}
	for ply := cfg.Openings; ply <= cfg.MaxPly; ply++ {
		start, nodes := time.Now(), s.nodes()
		count := 0
		for _, p := range level[ply] {
			key := bookKey(p)
			if done[key] {
				continue
			}
			done[key] = true
			before := s.nodes()
			m, v := s.bestMove(p)
			if s.stopped() {
				return nil, ctx.Err()
			}
			_, flip := canonical(p.key())
			entries[key] = bookEntry{score: int8(v), move: int8(flipCol(int(m), flip))}
			count++
			if progress != nil && s.nodes() > before {
				// A position the solver had to search: save the book so far.
				if err := progress(bookStats{Ply: ply, Positions: count, Nodes: s.nodes() - nodes, Time: time.Since(start), Of: len(level[ply])}, packBook(entries)); err != nil {
					return nil, err
				}
			}
			// The opponent's every reply to the book move is a position
			// of the solver two plies on, unless the game is over.
			cell := p.column(int(m))
			if c4Aligned(p.cur|cell) || p.moves+2 >= c4Cells {
				continue
			}
			q := p.play(cell)
			for col := 0; col < c4Width; col++ {
				if c := q.column(col); c != 0 && !c4Aligned(q.cur|c) {
					level[ply+2] = append(level[ply+2], q.play(c))
				}
			}
		}
		delete(level, ply)
		if progress != nil {
			if err := progress(bookStats{Ply: ply, Positions: count, Nodes: s.nodes() - nodes, Time: time.Since(start), Of: len(level[ply]), Done: true}, packBook(entries)); err != nil {
				return nil, err
			}
		}
	}
	return packBook(entries), nil
}

// positionsAt is every position of so many plies, each once up to its
// mirror image, in the order of the moves that lead there (the openings
// are too short for a game to end).
func positionsAt(plies int) []c4Pos {
	level := []c4Pos{{}}
	for range plies {
		var next []c4Pos
		seen := map[uint64]bool{}
		for _, p := range level {
			for col := range c4Width {
				if cell := p.column(col); cell != 0 && !c4Aligned(p.cur|cell) {
					q := p.play(cell)
					if k := bookKey(q); !seen[k] {
						seen[k] = true
						next = append(next, q)
					}
				}
			}
		}
		level = next
	}
	return level
}

// packBook sorts entries into a book.
func packBook(entries map[uint64]bookEntry) book {
	b := make(book, 0, len(entries))
	for k, e := range entries {
		b = append(b, packBookEntry(k, e))
	}
	slices.SortFunc(b, func(x, y uint64) int { return int(x&bookKeyMask) - int(y&bookKeyMask) })
	return b
}

// encode writes the file format.
func (b book) encode() []byte {
	buf := make([]byte, 8*len(b))
	for i, w := range b {
		binary.LittleEndian.PutUint64(buf[8*i:], w)
	}
	return buf
}

// readBook reads a book file; a file that does not exist is an empty
// book.
func readBook(path string) (book, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return decodeBook(data)
}

// bookGrower is a book that grows as games are played through it
// (extendBook in bookmake.go): the book's move where it has one, else the
// solver's, added to the book. Along one game the solver's table stays
// warm.
type bookGrower struct {
	s       *c4Solver
	entries map[uint64]bookEntry
}

// newBookGrower starts from base with a solver whose table has
// 2^tableBits entries; ctx stops its solves.
func newBookGrower(ctx context.Context, base book, tableBits int) *bookGrower {
	s := newC4Solver(c4Std, newC4Table(tableBits, c4Std.keyBits), nil, c4Defaults())
	s.start(ctx, nil)
	entries := map[uint64]bookEntry{}
	for _, w := range base {
		entries[w&bookKeyMask] = unpackBookEntry(w)
	}
	return &bookGrower{s: s, entries: entries}
}

// move is the book's move in g, a 7x6 position, or the solver's, which
// it adds to the book (solved); ctx ended stops a solve with its error.
func (b *bookGrower) move(ctx context.Context, g Game) (d Decision, solved bool, err error) {
	p := c4PosOf(g.(*ConnectFour))
	key, flip := canonical(p.key())
	if e, ok := b.entries[key]; ok {
		return Decision{Move: Move(flipCol(int(e.move), flip))}, false, nil
	}
	m, v := b.s.bestMove(p)
	if b.s.stopped() {
		if err := ctx.Err(); err != nil {
			return Decision{}, false, err
		}
		return Decision{}, false, errInterrupted
	}
	b.entries[key] = bookEntry{score: int8(v), move: int8(flipCol(int(m), flip))}
	return Decision{Move: m, Stats: Stats{Score: v}}, true, nil
}

// book is the book so far, packed.
func (b *bookGrower) book() book { return packBook(b.entries) }

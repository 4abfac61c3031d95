package main

// Relaxed positions: how a node searched to the end of the game settles
// all its isolated moves (cells that touch no mark) with one search. The
// argument, and what it saves, are in docs/search-notes.md ("Isolated
// moves settled together").
//
// In short: an isolated move turns nothing, and its mark can only gain
// its owner its own count at the end, so the move is worth at most 1 more
// than the position where its cell is a wall and the opponent moves. The
// opponent can only do worse in a relaxed position that bans it from
// every isolated cell while the mover may still take them (the mover
// plays as it would around the wall, and the opponent has fewer choices).
// So one search of that relaxed position, the opponent to move, bounds
// every isolated move at once: 1 plus its value. Most nodes that fail low
// in a proof fail low on their isolated moves too.

// adjBans are the cells each side may not take, me the side to move's:
// none in the game itself.
type adjBans struct{ me, opp uint64 }

// swap is the same bans seen from the other side.
func (b adjBans) swap() adjBans { return adjBans{me: b.opp, opp: b.me} }

// mirror is the bans reflected as adjMirror reflects the marks.
func (b adjBans) mirror() adjBans { return adjBans{me: adjMirror(b.me), opp: adjMirror(b.opp)} }

// key mixes the bans of a position left plies before the end into its
// table key.
func (b adjBans) key(left int) uint64 {
	return mix64(b.me^0x2545f4914f6cdd1d)*5 ^ mix64(b.opp+uint64(left)*0x9e3779b97f4a7c15)*7
}

// keyBans is key for a relaxed position (adjsearchrelax.go): its bans, and its
// plies left, which its marks no longer tell, are mixed in. A position
// with no bans keeps its plain key.
func (s *adjSearch) keyBans(me, opp uint64, ban adjBans, left int) (key uint64, mirrored bool) {
	if ban == (adjBans{}) {
		return s.key(me, opp)
	}
	key = adjKey(me, opp, s.rounds) ^ ban.key(left)
	if !s.symmetric {
		return key, false
	}
	if k := adjKey(adjMirror(me), adjMirror(opp), s.rounds) ^ ban.mirror().key(left); k < key {
		return k, true
	}
	return key, false
}

// adjColour5 holds the cells of each colour of (row + 2 column) mod 5.
// The five cells of a cell and its neighbours have five colours, so two
// cells of one colour share no neighbour: they are three or more steps
// apart.
var adjColour5 = func() (c [5]uint64) {
	for i := range 64 {
		c[(i/8+2*(i%8))%5] |= 1 << uint(i)
	}
	return c
}()

// adjStuck is what a side to move scores when it may take no empty cell:
// less than any final margin, so that a relaxed position never favours
// the side whose cells it bans (the relaxation stays an upper bound for
// the other side).
const adjStuck = 100

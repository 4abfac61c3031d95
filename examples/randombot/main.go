// Command randombot plays a random legal move in any of boardbots' games
// over its engine protocol (docs/engines.md):
//
//	go run . -game adj -engine 'me=go run ./examples/randombot' -x me -o local
//
// It keeps no state between turns beyond the game's options: every turn
// brings the whole record.
package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

func main() {
	var game, record string
	opts := map[string]int{}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		words := strings.Fields(in.Text())
		if len(words) < 1 {
			continue
		}
		switch words[0] {
		case "game": // game connect4 width 7 height 6
			game = words[1]
			for i := 2; i+1 < len(words); i += 2 {
				opts[words[i]], _ = strconv.Atoi(words[i+1])
			}
		case "position": // the record so far, "-" at the start
			record = strings.TrimPrefix(words[1], "-")
		case "go":
			moves := legal(game, opts, record)
			// Println writes to os.Stdout at once; an engine that
			// writes through a bufio.Writer must Flush after each line.
			fmt.Println("move", moves[rand.IntN(len(moves))])
		case "quit":
			return
		}
	}
}

// legal lists the moves left in the game's notation.
func legal(game string, opts map[string]int, record string) []int {
	var moves []int
	switch game {
	case "tictactoe": // cells 0-8, a digit each
		for c := range 9 {
			if !strings.Contains(record, strconv.Itoa(c)) {
				moves = append(moves, c)
			}
		}
	case "connect4": // columns 1-9, then a-c on the widest boards: a character each
		for c := 1; c <= opts["width"]; c++ {
			if strings.Count(record, strconv.FormatInt(int64(c), 36)) < opts["height"] {
				moves = append(moves, c)
			}
		}
	default: // adjacency: cells 0-63, comma-separated; the start's 8 marks are taken
		taken := map[int]bool{6: true, 7: true, 14: true, 15: true, 48: true, 49: true, 56: true, 57: true}
		for _, c := range strings.Split(record, ",") {
			if n, err := strconv.Atoi(c); err == nil {
				taken[n] = true
			}
		}
		for c := range 64 {
			if !taken[c] {
				moves = append(moves, c)
			}
		}
	}
	return moves
}

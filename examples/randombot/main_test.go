package main

import (
	"slices"
	"testing"
)

// legal reads records as boardbots writes them: on boards wider than nine
// columns, columns 10-12 are the letters a-c, so a full column "b" is not
// offered again (counting "11" would miss it).
func TestLegal(t *testing.T) {
	for _, tc := range []struct {
		game   string
		opts   map[string]int
		record string
		want   []int
	}{
		{"tictactoe", nil, "0481", []int{2, 3, 5, 6, 7}},
		{"connect4", map[string]int{"width": 7, "height": 6}, "444444", []int{1, 2, 3, 5, 6, 7}},
		{"connect4", map[string]int{"width": 12, "height": 4}, "bbbbaaa1", []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12}},
		{"adjacency", nil, "0,1,2,3,4,5,8,9,10,11,12,13,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,50,51,52,53,54,55,58,59,60,61,62", []int{63}},
	} {
		if got := legal(tc.game, tc.opts, tc.record); !slices.Equal(got, tc.want) {
			t.Errorf("%s %s: %v, want %v", tc.game, tc.record, got, tc.want)
		}
	}
}

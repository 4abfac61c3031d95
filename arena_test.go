package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// randomOpening draws an opening of plies random legal plies from the
// start, none of which ends the game: at every ply it picks at random among
// the moves after which the game goes on, and backtracks from a position
// where every move ends the game (Tic-Tac-Toe's eighth ply may leave only
// winning cells). An opening as long as the game does not exist; the
// search gives up with an error after openingTries moves rather than try
// every game there is.
func randomOpening(spec *gameSpec, opt gameOptions, plies int, rng *rand.Rand) ([]Move, error) {
	g := spec.start(opt)
	tries := openingTries
	if !extendOpening(g, plies, rng, &tries) {
		return nil, openingsError{plies: plies, title: spec.title}
	}
	return slices.Clone(g.History()), nil
}

// A match swaps seats every game, prints one line per game and ends with
// the elo line and the total line (docs/strength.md); a perfect bot never loses to a
// random one.
func TestMatchTable(t *testing.T) {
	p := mustPlan(t, "-x", "alphabeta", "-o", "random", "-games", "6", "-seed", "7")
	var out strings.Builder
	m := matchConfig{reg: p.reg, spec: p.spec, opt: p.opt, players: [2]*player{p.seats[X], p.seats[O]}, games: p.cfg.games, seed: p.cfg.seed, jobs: 1}
	if err := m.run(context.Background(), &out, nil); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	for i, want := range []string{"seed: 7", "game 1/6: X alphabeta, O random:", "game 2/6: X random, O alphabeta:"} {
		if !strings.HasPrefix(lines[i], want) {
			t.Errorf("line %d: %q, want it to start %q", i+1, lines[i], want)
		}
	}
	total := lines[len(lines)-1]
	var abWins, rndWins, draws int
	if _, err := fmt.Sscanf(total, "total: alphabeta %d - random %d, %d draws", &abWins, &rndWins, &draws); err != nil || abWins+rndWins+draws != 6 || rndWins != 0 {
		t.Errorf("total line %q: alphabeta %d, random %d, draws %d", total, abWins, rndWins, draws)
	}
	if elo := lines[len(lines)-3]; !strings.HasPrefix(elo, "elo: alphabeta +") && !strings.HasPrefix(elo, "elo: alphabeta won all 6 games: at least ") {
		t.Errorf("elo line %q, want alphabeta ahead", elo)
	}
	// cutechess-cli's line: wins, losses, draws of -x, its score a game.
	if got, want := lines[len(lines)-4], fmt.Sprintf("Score of alphabeta vs random: %d - %d - %d  [%.3f] 6", abWins, rndWins, draws, (float64(abWins)+float64(draws)/2)/6); got != want {
		t.Errorf("score line %q, want %q", got, want)
	}
	// Beside the elo line, its LOS and draw ratio from the same games;
	// above it, how they ended.
	r := wdl{wins: abWins, draws: draws, losses: rndWins}
	if got, want := lines[len(lines)-2], fmt.Sprintf("los: alphabeta %.1f%%, draw ratio %.1f%%", 100*los(r), 100*float64(draws)/6); got != want {
		t.Errorf("los line %q, want %q", got, want)
	}
	if got, want := lines[len(lines)-5], fmt.Sprintf("ended: 6 by the rules (%s, %s)", plural(abWins+rndWins, "win", "wins"), plural(draws, "draw", "draws")); got != want {
		t.Errorf("ended line %q, want %q", got, want)
	}
	// The same seed plays the same match.
	var again strings.Builder
	if err := m.run(context.Background(), &again, nil); err != nil {
		t.Fatal(err)
	}
	if strip(again.String()) != strip(out.String()) {
		t.Errorf("same seed, different match:\n%s\n%s", out.String(), again.String())
	}
}

// strip keeps only the game lines, the elo line and the total (the table
// has timings).
func strip(s string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "game ") || strings.HasPrefix(l, "elo:") || strings.HasPrefix(l, "total:") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// gameLine is a match's line for one game with an opening.
var gameLine = regexp.MustCompile(`^game (\d+)/(\d+): X (.+), O (.+), opening (\S+): .* moves: (\S+)$`)

// Games 2k+1 and 2k+2 start from the same opening of K plies with the
// seats swapped; the record starts with the opening.
func TestMatchPairs(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	c4, _ := findGame("connect4")
	adj, _ := findGame("adjacency")
	for _, tc := range []struct {
		spec     *gameSpec
		bots     [2]string
		openings int
	}{
		{c4, [2]string{"alphabeta", "rollout"}, 2},
		{c4, [2]string{"random", "genetic"}, 5},
		{adj, [2]string{"alphabeta", "local"}, 3},
	} {
		t.Run(fmt.Sprint(tc.spec.name, tc.openings), func(t *testing.T) {
			var out strings.Builder
			m := matchConfig{reg: &declared, spec: tc.spec, players: playersOf(t, tc.spec, budgetDefaults{depth: 2}, tc.bots),
				games: 6, plan: openingPlan{plies: tc.openings}, seed: 3, jobs: 2}
			if err := m.run(context.Background(), &out, nil); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(out.String(), "\n")
			if lines[0] != "seed: 3" {
				t.Errorf("line 1: %q, want the seed", lines[0])
			}
			lines = lines[1:]
			var prev []string
			for i := range 6 {
				f := gameLine.FindStringSubmatch(lines[i])
				if f == nil {
					t.Fatalf("line %d: %q is no game line with an opening", i+1, lines[i])
				}
				wantX, wantO := tc.bots[i%2], tc.bots[1-i%2]
				if f[1] != fmt.Sprint(i+1) || f[3] != wantX || f[4] != wantO {
					t.Errorf("line %d: %q, want game %d with X %s, O %s", i+1, lines[i], i+1, wantX, wantO)
				}
				opening, record := f[5], f[6]
				if !strings.HasPrefix(record, opening) {
					t.Errorf("line %d: the record %s does not start with the opening %s", i+1, record, opening)
				}
				if g, err := tc.spec.parseRecord(opening, nil); err != nil || len(g.History()) != tc.openings {
					t.Errorf("line %d: opening %s: %v, want %d plies", i+1, opening, err, tc.openings)
				}
				if i%2 == 1 && opening != prev[5] {
					t.Errorf("games %d and %d: openings %s and %s, want the same", i, i+1, prev[5], opening)
				}
				prev = f
			}
		})
	}
}

// No opening ends the game, every opening has its K plies (in Adjacency
// they count toward the rounds), and an opening as long as the game is an
// error.
func TestRandomOpening(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	ttt, _ := findGame("ttt")
	c4, _ := findGame("connect4")
	adj, _ := findGame("adjacency")
	for _, tc := range []struct {
		spec    *gameSpec
		opt     gameOptions
		plies   int
		wantErr bool
	}{
		{ttt, nil, 0, false},
		{ttt, nil, 2, false},
		{ttt, nil, 8, false}, // the last empty cell must not be a win or a full board
		{ttt, nil, 9, true},
		{c4, nil, 12, false},
		{c4, nil, 42, true},                       // the board is full: given up, not searched through
		{adj, gameOptions{"rounds": 2}, 3, false}, // 2 rounds are 4 plies
		{adj, gameOptions{"rounds": 2}, 4, true},
	} {
		t.Run(fmt.Sprint(tc.spec.name, tc.opt, tc.plies), func(t *testing.T) {
			for seed := range uint64(200) {
				moves, err := randomOpening(tc.spec, tc.opt, tc.plies, openingSeed(seed, 0))
				if tc.wantErr {
					if err == nil {
						t.Fatalf("seed %d: opening %v, want an error", seed, moves)
					}
					return
				}
				if err != nil || len(moves) != tc.plies {
					t.Fatalf("seed %d: %v, %v, want %d plies", seed, moves, err, tc.plies)
				}
				g := tc.spec.start(tc.opt)
				for i, m := range moves {
					g.Play(m)
					if g.Over() {
						t.Fatalf("seed %d: opening %v ends the game at ply %d", seed, moves, i+1)
					}
				}
			}
		})
	}
}

// With fixed budgets a match plays the same games whether they run one at
// a time or two at once, lines in the order of the games; a bot against
// itself has its seats in its name.
func TestMatchJobs(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	c4, _ := findGame("connect4")
	for _, bots := range [][2]string{{"genetic", "random"}, {"rollout", "rollout"}} {
		t.Run(bots[0]+"-"+bots[1], func(t *testing.T) {
			var runs [2]string
			for j := range runs {
				var out strings.Builder
				m := matchConfig{reg: &declared, spec: c4, players: playersOf(t, c4, budgetDefaults{depth: 3}, bots), games: 8, plan: openingPlan{plies: 2}, seed: 11, jobs: j + 1}
				if err := m.run(context.Background(), &out, nil); err != nil {
					t.Fatal(err)
				}
				runs[j] = strip(out.String())
			}
			if runs[0] != runs[1] {
				t.Errorf("-jobs 1:\n%s\n-jobs 2:\n%s", runs[0], runs[1])
			}
			if bots[0] == bots[1] && !strings.HasPrefix(runs[0], "game 1/8: X rollout (as -x), O rollout (as -o),") {
				t.Errorf("a bot against itself: %q", strings.SplitN(runs[0], "\n", 2)[0])
			}
		})
	}
}

// termScreen is what a terminal shows after text: a carriage return goes
// back to the line's start, later text overwrites, and ESC [K erases to
// the line's end.
func termScreen(text string) []string {
	lines := [][]rune{nil}
	col := 0
	for rest := []rune(text); len(rest) > 0; rest = rest[1:] {
		line := &lines[len(lines)-1]
		switch {
		case rest[0] == '\n':
			lines, col = append(lines, nil), 0
		case rest[0] == '\r':
			col = 0
		case strings.HasPrefix(string(rest), "\x1b[K"):
			*line = (*line)[:col]
			rest = rest[2:]
		case col < len(*line):
			(*line)[col] = rest[0]
			col++
		default:
			*line = append(*line, rest[0])
			col++
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = string(l)
	}
	return out
}

// On a terminal the status line and the games' lines share the screen:
// every game line starts a line of its own, and the status line is gone
// once the table is printed.
func TestMatchProgressOnTerminal(t *testing.T) {
	ttt, _ := findGame("ttt")
	for _, jobs := range []int{1, 2} {
		t.Run(fmt.Sprint("jobs", jobs), func(t *testing.T) {
			var term strings.Builder // standard output and error, one terminal
			m := matchConfig{reg: &declared, spec: ttt, players: playersOf(t, ttt, budgetDefaults{}, [2]string{"alphabeta", "random"}), games: 4, seed: 1, jobs: jobs}
			if err := m.run(context.Background(), &term, &term); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(term.String(), "games, about ") {
				t.Fatalf("no status line was drawn: %q", term.String())
			}
			games := 0
			for _, l := range termScreen(term.String()) {
				if strings.Contains(l, "left") || strings.Contains(l, "game ") && !strings.HasPrefix(l, "game ") {
					t.Errorf("the status line shows in %q", l)
				}
				if strings.HasPrefix(l, "game ") {
					games++
				}
			}
			if games != 4 {
				t.Errorf("%d game lines on the screen, want 4:\n%s", games, strings.Join(termScreen(term.String()), "\n"))
			}
		})
	}
}

// cancelAfter is a progress writer that cancels a run once n games have
// finished (the arena writes the status line once per finished game).
type cancelAfter struct {
	n, games int
	cancel   func()
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	if strings.Contains(string(p), " games, about ") {
		if c.games++; c.games == c.n {
			c.cancel()
		}
	}
	return len(p), nil
}

// An interrupted match prints the lines and the table of the games that
// finished and reports errInterrupted.
func TestMatchInterrupted(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	adj, _ := findGame("adjacency")
	for _, jobs := range []int{1, 2} {
		t.Run(fmt.Sprint("jobs", jobs), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var out strings.Builder
			m := matchConfig{reg: &declared, spec: adj, players: playersOf(t, adj, budgetDefaults{depth: 3}, [2]string{"alphabeta", "genetic"}), games: 20, plan: openingPlan{plies: 2}, seed: 5, jobs: jobs}
			err := m.run(ctx, &out, &cancelAfter{n: 3, cancel: cancel})
			if !errors.Is(err, errInterrupted) {
				t.Fatalf("err %v, want errInterrupted", err)
			}
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			played := 0
			for _, l := range lines {
				if strings.HasPrefix(l, "game ") && !strings.Contains(l, ": interrupted, moves:") {
					played++
				}
			}
			var a, b, draws int
			total := lines[len(lines)-1]
			if _, err := fmt.Sscanf(strings.Replace(total, " draw", " draws", 1), "total: alphabeta %d - genetic %d, %d draws", &a, &b, &draws); err != nil {
				t.Fatalf("total line %q: %v", total, err)
			}
			if played < 3 || played >= 20 || a+b+draws != played {
				t.Errorf("%d game lines, total %q; want 3 or more finished games, not all, in the total", played, total)
			}
		})
	}
}

// writeTable says "1 draw" but "N draws" otherwise.
func TestWriteTableDraws(t *testing.T) {
	for _, tc := range []struct {
		draws int
		want  string
	}{{0, "0 draws"}, {1, "1 draw"}, {2, "2 draws"}} {
		var out strings.Builder
		writeTable(&out, false, [2]*tally{{name: "a", wins: 1, draws: tc.draws}, {name: "b", losses: 1, draws: tc.draws}}, "elo: a +0 +- 0")
		want := "total: a 1 - b 0, " + tc.want + "\n"
		if !strings.HasSuffix(out.String(), want) {
			t.Errorf("%d draws: %q, want it to end %q", tc.draws, out.String(), want)
		}
	}
}

// The elo line is pentanomial over complete pairs, trinomial otherwise.
func TestMatchElo(t *testing.T) {
	for _, tc := range []struct {
		name   string
		points []float64
		want   string
	}{
		// Pairs (1, 0.5), (1, 0), (0.5, 0.5): 3.5 of 6, pentanomial.
		{"pairs", []float64{1, 0.5, 1, 0, 0.5, 0.5}, func() string {
			var p pentanomial
			p.add(1, 0.5)
			p.add(1, 0)
			p.add(0.5, 0.5)
			d, pm, _ := eloIntervalPairs(p)
			return eloLine("a", d, pm, 6)
		}()},
		// The last game's pair is missing: trinomial over the 5 games.
		{"odd", []float64{1, 0.5, 1, 0, 0.5}, func() string {
			d, pm := eloInterval(wdl{wins: 2, draws: 2, losses: 1})
			return eloLine("a", d, pm, 5)
		}()},
		// An interrupted pair in the middle: trinomial as well.
		{"interrupted", []float64{1, 0.5, 1, -1, 0.5, 0.5}, func() string {
			d, pm := eloInterval(wdl{wins: 2, draws: 3})
			return eloLine("a", d, pm, 5)
		}()},
		// Stopped before any game ended.
		{"no games", []float64{-1, -1}, "elo: a no games"},
		// One pair cannot estimate a variance over pairs: the games' own,
		// 1 and 1/2 around 3/4, gives 1.96 * sqrt(0.0625/2) * 926.5 = 321.
		{"one pair", []float64{1, 0.5}, "elo: a +191 +- 321 at 95%"},
		// Every pair split 1-1, by a win and a loss: no pair, the
		// independent trial, scored above or below half, so the exact bound
		// over the 3 pairs, w = 1 - 0.025^(1/3) = 0.708, a score of at
		// most 0.854, +307; the same as three pairs of draws.
		{"pairs split", []float64{1, 0, 0, 1, 1, 0}, "elo: a +0 +- 307 at 95%"},
		{"pairs of draws", []float64{0.5, 0.5, 0.5, 0.5, 0.5, 0.5}, "elo: a +0 +- 307 at 95%"},
		// Draws only: over the 2 pairs, w = 1 - 0.025^(1/2) = 0.842, a
		// score of at most 0.921, +427; a pair and a lone game are two
		// trials as well, so a missing game does not narrow the bound.
		{"draws paired", []float64{0.5, 0.5, 0.5, 0.5}, "elo: a +0 +- 427 at 95%"},
		{"draws odd", []float64{0.5, 0.5, 0.5}, "elo: a +0 +- 427 at 95%"},
		// 12 drawn pairs, docs/strength.md's example: w = 0.265, +94.
		{"12 drawn pairs", slices.Repeat([]float64{0.5}, 24), "elo: a +0 +- 94 at 95%"},
		// A lone game that is no draw: the trinomial over the games.
		{"draws and a lone loss", []float64{0.5, 0.5, 0}, func() string {
			d, pm := eloInterval(wdl{draws: 2, losses: 1})
			return eloLine("a", d, pm, 3)
		}()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := matchElo("a", tc.points); got != tc.want {
				t.Errorf("matchElo: %q, want %q", got, tc.want)
			}
		})
	}
}

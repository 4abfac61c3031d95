package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// ms/move leaves out the moves that started a program, and the start-up
// line gives their mean; the program's own bots have neither.
func TestStartupFigures(t *testing.T) {
	for _, tc := range []struct {
		p       playStats
		perMove float64
		startup *float64
	}{
		{playStats{moves: 10, timeMS: 20}, 2, nil},
		// 2 starts of 600 and 700 ms, 8 moves of 0.5 ms.
		{playStats{moves: 10, timeMS: 1304, starts: 2, startupMS: 1300}, 0.5, ptr(650.0)},
		{playStats{moves: 1, timeMS: 700, starts: 1, startupMS: 700}, 0, ptr(700.0)},
		{playStats{}, 0, nil},
	} {
		got := tc.p.startupJSON()
		if tc.p.msPerMove() != tc.perMove || (got == nil) != (tc.startup == nil) || got != nil && *got != *tc.startup {
			t.Errorf("%+v: ms/move %v, start-up %v; want %v, %v", tc.p, tc.p.msPerMove(), got, tc.perMove, tc.startup)
		}
	}
	two := []playStats{{moves: 9, timeMS: 1000, starts: 2, startupMS: 998}, {moves: 9, timeMS: 3}}
	if got, want := startupLine([]string{"me", "alphabeta"}, two, tableWidth), "start-up: me 499 ms (an engine's first move of a game; not in ms/move)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := startupLine([]string{"a", "b"}, []playStats{{moves: 3}, {}}, tableWidth); got != "" {
		t.Errorf("a start-up line without starts: %q", got)
	}
	var many []string
	var stats []playStats
	for i := range 8 {
		many = append(many, "student-"+strconv.Itoa(i)+"-python")
		stats = append(stats, playStats{moves: 5, timeMS: 900, starts: 1, startupMS: 880})
	}
	for _, line := range strings.Split(startupLine(many, stats, tableWidth), "\n") {
		if utf8.RuneCountInString(line) > tableWidth {
			t.Errorf("a line of %d columns: %q", utf8.RuneCountInString(line), line)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// An engine's first move of a game is its start-up, its later moves none.
func TestEngineStartupMove(t *testing.T) {
	t.Parallel() // its engines are its own (noFixturesLeft), and it reads no clock: runs beside the others at the end
	bot := &engineBot{decl: fixtureEngine(t, "slow", "slow-start")}
	g := NewTicTacToe()
	first, err := bot.decide(context.Background(), g, Budget{Time: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	g.Play(first.Move)
	g.Play(g.Moves(nil)[0])
	second, err := bot.decide(context.Background(), g, Budget{Time: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	bot.finish(g, nil)
	if first.Startup < 700*time.Millisecond || first.Startup != first.Time || second.Startup != 0 {
		t.Errorf("start-up %v of %v, then %v; want the whole first move (over its 700 ms sleep), then none",
			first.Startup, first.Time, second.Startup)
	}
	noFixturesLeft(t)
}

// A real engine that sleeps 700 ms before it reads anything, against
// random: its ms/move is its moves after the first of each game, the
// start-up line their mean, in the text, the JSON, the -out records and
// -rate over them alike.
func TestEngineStartupApart(t *testing.T) {
	t.Parallel() // its engines are its own (noFixturesLeft), and it reads no clock: runs beside the others at the end
	reg := withEngines(t, fixtureEngine(t, "slow", "slow-start"))
	spec := specNamed(t, "ttt")
	var tables [2]string
	var keep bytes.Buffer
	for k, asJSON := range []bool{false, true} {
		rep := report{json: asJSON}
		if !asJSON {
			rep.keep = &resultsWriter{w: &keep}
		}
		field, err := reg.newPlayers(spec, "slow,random", quickFlags)
		if err != nil {
			t.Fatal(err)
		}
		m := matchConfig{reg: reg, spec: spec, opt: spec.defaults(nil), players: [2]*player{field[0], field[1]},
			games: 4, seed: 5, jobs: 2, report: rep}
		var out strings.Builder
		if err := m.run(context.Background(), &out, nil); err != nil {
			t.Fatal(err)
		}
		tables[k] = out.String()
	}
	noFixturesLeft(t)
	recs := parseRecords(t, keep.String())
	var p playStats
	for _, r := range recs {
		s, o := r.X, r.O
		if s.Name != "slow" {
			s, o = o, s
		}
		if o.Starts != 0 || o.StartupMS != 0 {
			t.Errorf("random started a program: %+v", o)
		}
		p.moves, p.timeMS, p.starts, p.startupMS = p.moves+s.Moves, p.timeMS+s.TimeMS, p.starts+s.Starts, p.startupMS+s.StartupMS
	}
	mean, _ := p.startupMean()
	if p.starts != 4 || mean < 700 {
		t.Fatalf("the records have %d starts of %.0f ms, want 4 of 700 ms or more:\n%s", p.starts, mean, keep.String())
	}
	// The text: the row's ms/move and the line from the same figures.
	text := tables[0]
	row := regexp.MustCompile(`(?m)^\s+slow\s+\d+\s+\d+\s+\d+\s+([\d.]+)\s`).FindStringSubmatch(text)
	if row == nil || math.Abs(mustFloat(t, row[1])-p.msPerMove()) > 0.011 {
		t.Errorf("slow's ms/move %v, want %.2f (without its first moves):\n%s", row, p.msPerMove(), text)
	}
	wantLine := startupLine([]string{"slow", "random"}, []playStats{p, {}}, tableWidth)
	if !strings.Contains(text, "\n"+wantLine+"\n") {
		t.Errorf("no line %q:\n%s", wantLine, text)
	}
	// The JSON: startup_ms for the engine, null for random.
	lines := strings.Split(strings.TrimSpace(tables[1]), "\n")
	var mj matchJSON
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &mj); err != nil {
		t.Fatal(err)
	}
	if s := mj.Bots[0].StartupMS; s == nil || *s < 700 || mj.Bots[1].StartupMS != nil || mj.Bots[0].MSPerMove >= 700 {
		t.Errorf("JSON bots %+v: want slow's start-up over 700 ms apart from its ms/move, random's null", mj.Bots)
	}
	// -rate over the records: the same line under the standings.
	file := filepath.Join(t.TempDir(), "games.jsonl")
	if err := os.WriteFile(file, keep.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, asJSON := range []bool{false, true} {
		var out, errOut strings.Builder
		if code := rateFiles([]string{file}, nil, nil, asJSON, "", plotSize{}, false, &out, &errOut); code != 0 {
			t.Fatalf("-rate: exit %d: %s", code, errOut.String())
		}
		if !asJSON {
			if !strings.Contains(out.String(), "\n"+wantLine+"\n") {
				t.Errorf("-rate: no line %q:\n%s", wantLine, out.String())
			}
			continue
		}
		var tj tableJSON
		if err := json.Unmarshal([]byte(out.String()), &tj); err != nil {
			t.Fatal(err)
		}
		for _, s := range tj.Standings {
			if want := map[string]*float64{"slow": ptr(math.Round(100*mean) / 100), "random": nil}[s.Bot]; (want == nil) != (s.StartupMS == nil) ||
				want != nil && *want != *s.StartupMS {
				t.Errorf("-rate JSON: %s's start-up %v, want %v", s.Bot, s.StartupMS, want)
			}
		}
	}
}

// mustFloat is s as a number.
func mustFloat(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
)

// engineMatch plays a match of games games between engine or bot names x
// and o, and returns its output.
func engineMatch(t *testing.T, reg *registry, game, x, o string, games, jobs int, flags budgetDefaults) string {
	t.Helper()
	spec := specNamed(t, game)
	var out bytes.Buffer
	players := [2]*player{}
	for i, text := range []string{x, o} {
		p, err := reg.newPlayer(spec, text, flags)
		if err != nil {
			t.Fatal(err)
		}
		players[i] = p
	}
	m := matchConfig{reg: reg, spec: spec, opt: spec.defaults(nil), players: players,
		games: games, seed: 5, jobs: jobs}
	if err := m.run(context.Background(), &out, nil); err != nil {
		t.Fatalf("%s: %v", out.String(), err)
	}
	return out.String()
}

// gameLines are the game lines of a match's output.
func gameLines(out string) []string {
	var games []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "game ") {
			games = append(games, line)
		}
	}
	return games
}

// quickFlags keep the built-in bots' moves short in these tests, and
// the engines' time too.
var quickFlags = budgetDefaults{time: 100 * time.Millisecond, depth: 2, playouts: 100}

// Every fault of an engine loses its game, with a line that names the
// engine and says what it did, and the match goes on: the engine as X and
// as O, each in a fresh process, and no process is left behind.
func TestEngineFaults(t *testing.T) {
	t.Parallel() // its engines are its own (noFixturesLeft), and it reads no clock: runs beside the others at the end
	for _, tt := range []struct {
		behaviour, reason string
		kind              ForfeitKind
	}{
		{"crash-start", `bad exited with status 3, its last words "fixture: crashing at the start"`, ForfeitCrash},
		{"crash-mid", `bad exited with status 4`, ForfeitCrash},
		// Its last line whole, the interpreter's path and the cause.
		{"cant-open", `bad exited with status 2, its last words ` + regexp.QuoteMeta(strconv.Quote(fixtureCantOpen)), ForfeitCrash},
		// A line too long to quote is quoted by its end, where the cause is.
		{"rambling", `bad exited with status 2, its last words \.\.\."x{229}: the cause"`, ForfeitCrash},
		// The time it had used, not the wait for it to go after: about
		// 400 ms, never the 700 ms with the wait (see TestEngineOverrunTime).
		{"hang", `bad lost on time: no move in (\d+ms|\d+\.\d+s) \(100ms to think, 300ms grace\)`, ForfeitTime},
		{"garbage", `bad said "hello there", not a move or info line`, ForfeitGarbage},
		// 60 characters of the line, enough for the exception's name.
		{"exception", `bad said "error java\.lang\.ClassNotFoundException: Runner at org\.exampl"\.\.\., not a move or info line`, ForfeitGarbage},
		{"illegal", `bad answered "move 99": 99 is off the board`, ForfeitIllegal},
		{"long-line", `bad wrote a line over 64 KiB`, ForfeitGarbage},
		{"flood-stderr", `bad wrote over 1024 KiB to stderr`, ForfeitGarbage},
		{"silent", `bad lost on time: no move in (\d+ms|\d+\.\d+s) \(100ms to think, 300ms grace, 200ms to start\); it wrote nothing: does it flush its output after each line\?`, ForfeitTime},
	} {
		// Every fault names the run's log of the engine's stderr.
		tt.reason += `; log \S+/boardbots-\d+/bad\.log`
		t.Run(tt.behaviour, func(t *testing.T) {
			reg := withEngines(t, fixtureEngine(t, "bad", tt.behaviour))
			out := engineMatch(t, reg, "c4", "bad", "random", 2, 2, quickFlags)
			games := gameLines(out)
			for i, seats := range []string{"X bad, O random: X", "X random, O bad: O"} { // bad is X, then O
				want := fmt.Sprintf(`^game %d/2: %s forfeits \(%s\), %s wins, moves: `, i+1, seats, tt.reason, Side(i+1).Other())
				if i >= len(games) || !regexp.MustCompile(want).MatchString(games[i]) {
					t.Errorf("game %d: want a line matching %q in\n%s", i+1, want, out)
				}
				if tt.behaviour == "crash-start" && i < len(games) && i == 0 && !strings.HasSuffix(games[i], "moves: none") {
					t.Errorf("a game forfeited before its first move: %q, want its record as none", games[i])
				}
			}
			if !strings.Contains(out, "total: bad 0 - random 2, 0 draws") {
				t.Errorf("the forfeits are not counted as losses:\n%s", out)
			}
			// The table counts them by kind, in the forfeits column.
			want := fmt.Sprintf(`(?m)^\s*bad\s+0\s+0\s+2\s+\S+\s+\S+\s+2\(%s2\)$`, string(tt.kind)[:1])
			if !regexp.MustCompile(want).MatchString(out) {
				t.Errorf("bad's row should count 2 forfeits of kind %s:\n%s", tt.kind, out)
			}
			noFixturesLeft(t)
			// -v shows the games' lines and the count, as evidence.
			t.Logf("%s\nchild processes left: %d", strings.Join(games, "\n"), len(marked(fixtureMark(t))))
		})
	}
}

// Faults that are not faults: a slow start within the allowance, answers
// cut across writes, CRLF line ends, and an engine that ignores quit (it
// is killed after a short wait) all play their games out.
func TestEngineQuirks(t *testing.T) {
	t.Parallel() // its engines are its own (noFixturesLeft), and it reads no clock: runs beside the others at the end
	for _, behaviour := range []string{"slow-start", "split", "crlf", "ignore-quit"} {
		t.Run(behaviour, func(t *testing.T) {
			reg := withEngines(t, fixtureEngine(t, "odd", behaviour))
			out := engineMatch(t, reg, "ttt", "odd", "random", 2, 2, quickFlags)
			if strings.Contains(strings.Join(gameLines(out), "\n"), "forfeit") {
				t.Errorf("a forfeit:\n%s", out)
			}
			if n := strings.Count(out, "game "); n != 2 {
				t.Errorf("%d games played:\n%s", n, out)
			}
			noFixturesLeft(t)
		})
	}
}

// An engine that ignores quit is killed engineQuitWait after it, not
// left running and not waited for longer.
func TestEngineIgnoresQuit(t *testing.T) {
	bot := &engineBot{decl: fixtureEngine(t, "deaf", "ignore-quit")}
	g := NewTicTacToe()
	if _, err := bot.decide(context.Background(), g, Budget{Time: time.Second}); err != nil {
		t.Fatal(err)
	}
	// At least the wait, and not much more (the kill and the reaping).
	if r := inTime(t, "closed", engineQuitWait, time.Second, func() { bot.finish(g, nil) }); r.took < engineQuitWait {
		t.Errorf("closed in %v; want about %v", r.took, engineQuitWait)
	}
	noChildrenLeft(t)
}

// The good fixtures, of both protocols, play a short match against every
// built-in bot in every game they play.
func TestEngineAgainstEveryBot(t *testing.T) {
	t.Parallel() // its engines are its own (noFixturesLeft), and it reads no clock: runs beside the others at the end
	reg := withEngines(t, fixtureEngine(t, "good", "good"), fixtureEngine(t, "fourrow", "riddles"))
	for _, spec := range reg.games {
		for _, name := range reg.botNames(spec, false) {
			if reg.findBot(name).anyKey {
				continue
			}
			for _, engine := range []string{"good", "fourrow"} {
				if !reg.findBot(engine).plays(spec) {
					continue
				}
				t.Run(spec.name+"/"+engine+"-"+name, func(t *testing.T) {
					out := engineMatch(t, reg, spec.name, engine, name, 2, 2, quickFlags)
					if strings.Contains(strings.Join(gameLines(out), "\n"), "forfeit") || len(gameLines(out)) != 2 {
						t.Errorf("not two games played out:\n%s", out)
					}
				})
			}
		}
	}
	noFixturesLeft(t)
}

// A tournament mixes engines and bots; "all" takes in the engines that
// play the game, and a forfeit counts as the engine's loss.
func TestEngineTournament(t *testing.T) {
	t.Parallel() // its engines are its own (noFixturesLeft), and it reads no clock: runs beside the others at the end
	reg := withEngines(t, fixtureEngine(t, "good", "good"), fixtureEngine(t, "bad", "illegal"),
		fixtureEngine(t, "fourrow", "riddles"))
	spec := specNamed(t, "c4")
	if field := reg.botNames(spec, false); !slices.Contains(field, "good") || !slices.Contains(field, "fourrow") {
		t.Fatalf("all is %v", field)
	}
	if field := reg.botNames(specNamed(t, "ttt"), false); slices.Contains(field, "fourrow") {
		t.Errorf("a Four In A Row engine in Tic-Tac-Toe's all: %v", field)
	}
	field, err := reg.newPlayers(spec, "good,bad,random", quickFlags)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	tc := tournamentConfig{reg: reg, spec: spec, opt: spec.defaults(nil), players: field, games: 2, seed: 3, jobs: 2}
	if err := tc.run(context.Background(), &out, nil); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if n := strings.Count(text, `forfeits (bad answered "move 99"`); n != 4 {
		t.Errorf("%d forfeit lines, want 4 (bad's games):\n%s", n, text)
	}
	// bad scored nothing: its standings row has 0 wins, 0 draws, 4 losses.
	if !regexp.MustCompile(`(?m)^\s*\d+\s+bad\s+4\s+0\s+0\s+4\s`).MatchString(text) {
		t.Errorf("bad's row is not 4 games, 4 losses:\n%s", text)
	}
	noFixturesLeft(t)
}

// With deterministic engines, -jobs changes nothing but the time.
func TestEngineJobs(t *testing.T) {
	t.Parallel() // its engines are its own (noFixturesLeft), and it reads no clock: runs beside the others at the end
	reg := withEngines(t, fixtureEngine(t, "good", "good"), fixtureEngine(t, "fourrow", "riddles"))
	b := budgetDefaults{depth: 2, playouts: 100}
	games := func(out string) string { // the game lines and the total, not the times
		var keep []string
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "game ") || strings.HasPrefix(l, "total: ") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	one := games(engineMatch(t, reg, "c4", "good", "fourrow", 6, 1, b))
	three := games(engineMatch(t, reg, "c4", "good", "fourrow", 6, 3, b))
	if one != three || !strings.Contains(one, "total: ") {
		t.Errorf("-jobs 1:\n%s\n-jobs 3:\n%s", one, three)
	}
	noFixturesLeft(t)
}

// The whole conversation of a Tic-Tac-Toe game, as docs/engines.md shows
// it: the page's transcript is this test's.
func TestEngineTranscript(t *testing.T) {
	t.Parallel() // its engines are its own (noFixturesLeft), and it reads no clock: runs beside the others at the end
	d := fixtureEngine(t, "demo", "good")
	log := filepath.Join(t.TempDir(), "talk")
	d.env = append(d.env, fixtureLogEnv+"="+log)
	reg := withEngines(t, d)
	spec := specNamed(t, "ttt")
	x := reg.build(spec, reg.findBot("demo"), nil, nil)
	o := reg.build(spec, reg.findBot("minimax"), nil, nil)
	g := spec.start(nil)
	if err := playGame(context.Background(), g, botSeats(x, o, Budget{Time: 5 * time.Second}), gameHooks{}); err != nil {
		t.Fatal(err)
	}
	talk, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile("docs/engines.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "```\n"+string(talk)+"```\n") {
		t.Errorf("docs/engines.md lacks the transcript of this game:\n%s", talk)
	}
	if got := spec.record(g); got != "308261" {
		t.Errorf("record %s", got)
	}
}

// A spec's keys reach the engine as option lines after side, in the
// order given, time= excepted; the tables name it by its spec.
func TestEngineOptions(t *testing.T) {
	t.Parallel() // its engines are its own (noFixturesLeft), and it reads no clock: runs beside the others at the end
	d := fixtureEngine(t, "demo", "good")
	log := filepath.Join(t.TempDir(), "talk")
	d.env = append(d.env, fixtureLogEnv+"="+log)
	reg := withEngines(t, d)
	out := engineMatch(t, reg, "ttt", "demo:style=sharp:time=2s:level=3", "random", 1, 1, budgetDefaults{})
	talk, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	if want := "> side X\n> option style sharp\n> option level 3\n> position -\n> go time 2000\n"; !strings.Contains(string(talk), want) {
		t.Errorf("the engine read:\n%s\nwant it to contain:\n%s", talk, want)
	}
	if !strings.Contains(out, "X demo:time=2s:style=sharp:level=3, O random") {
		t.Errorf("the game line does not name the engine by its spec:\n%s", out)
	}
	if _, err := reg.newPlayer(specNamed(t, "ttt"), "demo:style=very sharp", budgetDefaults{}); err == nil {
		t.Error("an option with a space: no error")
	}
	noFixturesLeft(t)
}

// A person playing an engine that dies sees why and the record, and is
// offered another game; the process is gone.
func TestEngineDiesAtThePrompt(t *testing.T) {
	t.Parallel() // its engines are its own (noFixturesLeft), and it reads no clock: runs beside the others at the end
	reg := withEngines(t, fixtureEngine(t, "bad", "crash-mid"))
	spec := specNamed(t, "ttt")
	bot := reg.build(spec, reg.findBot("bad"), nil, nil)
	var out bytes.Buffer
	seats := botsAt(bot, nil)
	seats[X].budget = Budget{Time: time.Second}
	tb := &session{screen: screen{out: &out}, spec: spec, seats: seats,
		in: newPipeReader(strings.NewReader("4\n0\n"), &out)}
	if err := tb.run(context.Background(), func() Game { return spec.start(nil) }); err != nil {
		t.Fatalf("%v after:\n%s", err, out.String())
	}
	text := out.String()
	for _, want := range []string{"Enter the number: 0\n---------\n| O 1 2 |\n| X O 5 |\n| 6 7 X |\n---------\nplaying by AI\nforfeit: bad exited with status 4; log ", "/bad.log\nO win.\nmoves: 3480\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
	noFixturesLeft(t)
	// At a terminal too (a watched seat, where Ctrl-C means move now):
	// the engine's fault ends the game, rather than a made-up move.
	out.Reset()
	tb = &session{screen: screen{out: &out, terminal: true}, spec: spec, seats: seats,
		moveNow: &interrupter{quit: func() {}}, in: newPipeReader(strings.NewReader("4\n0\n"), &out)}
	if err := tb.run(context.Background(), func() Game { return spec.start(nil) }); err != nil {
		t.Fatalf("%v after:\n%s", err, out.String())
	}
	if text := out.String(); !strings.Contains(text, "forfeit: bad exited with status 4; log ") || !strings.Contains(text, "moves: 3480\n") {
		t.Errorf("at a terminal, no forfeit after 3480:\n%s", text)
	}
	noFixturesLeft(t)
}

// Ctrl-C in a game against a hung engine stops the game at once and
// leaves no process.
func TestEngineInterrupted(t *testing.T) {
	bot := &engineBot{decl: fixtureEngine(t, "stuck", "hang")}
	g := NewTicTacToe()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	seats := botSeats(bot, bot, Budget{Time: time.Hour})
	var err error
	inTime(t, "interrupted game", 300*time.Millisecond, 1700*time.Millisecond, func() { err = playGame(ctx, g, seats, gameHooks{}) })
	if !errors.Is(err, errInterrupted) {
		t.Errorf("err %v, want errInterrupted", err)
	}
	noChildrenLeft(t)
}

// A riddles.io engine lives off its time bank: 400 ms a move with a
// budget of 50 ms is fine while the bank lasts; our protocol's engine
// loses on time at once doing the same (after its first move, which has
// the start-up allowance).
func TestRiddlesTimeBank(t *testing.T) {
	t.Parallel() // its engines are its own (noFixturesLeft), and it reads no clock: runs beside the others at the end
	bot := &engineBot{decl: fixtureEngine(t, "slow", "riddles-slow")}
	g := NewConnectFour()
	b := Budget{Time: 50 * time.Millisecond}
	for i := range 2 {
		d, err := bot.decide(context.Background(), g, b)
		if err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
		g.Play(d.Move)
		left := bot.sessions[X].left
		if left > riddlesBank-time.Duration(i+1)*300*time.Millisecond {
			t.Errorf("after move %d, %v in the bank", i+1, left)
		}
		g.Play(fixtureChoice(g))
	}
	bot.finish(g, nil)
	noFixturesLeft(t)
}

// The field as riddles.io wrote it, and the round as theaigames counted.
func TestRiddlesLines(t *testing.T) {
	g := NewConnectFour()
	for _, m := range []Move{3, 3, 4} {
		g.Play(m)
	}
	got := riddlesProtocol{}.turn(g, 9500*time.Millisecond)
	want := []string{"update game round 4",
		"update game field " + strings.Repeat(".,", 28) + ".,.,.,1,.,.,.,.,.,.,0,0,.,.",
		"action move 9500"}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	// theaigames: players 1 and 2, "0" empty, rows apart by ";", the
	// board's size under its own keys alone.
	classic := riddlesProtocol{classic: true}
	row := "0,0,0,0,0,0,0;"
	if got, want := classic.turn(g, time.Second)[1], "update game field "+strings.Repeat(row, 4)+"0,0,0,2,0,0,0;0,0,0,1,1,0,0"; got != want {
		t.Errorf("theaigames field\n%s, want\n%s", got, want)
	}
	if got := classic.greeting(g, O, time.Second, nil); len(got) != 7 || got[2] != "settings player_names player1,player2" ||
		got[4] != "settings your_botid 2" || got[6] != "settings field_rows 6" {
		t.Errorf("theaigames settings %q", got)
	}
	// docs/engines.md shows the greeting, a turn and what follows it.
	page, err := os.ReadFile("docs/engines.md")
	if err != nil {
		t.Fatal(err)
	}
	g2 := NewConnectFour()
	g2.Play(3)
	g2.Play(3)
	r := riddlesProtocol{}
	for _, lines := range [][]string{r.greeting(g2, X, 5*time.Second, nil),
		append(r.turn(g2, 9500*time.Millisecond), "place_disc 2"), r.played(g2, 2)} {
		if text := strings.Join(lines, "\n") + "\n"; !strings.Contains(string(page), "```\n"+text+"```\n") {
			t.Errorf("docs/engines.md lacks\n%s", text)
		}
	}
	for _, tt := range []struct{ line, err string }{
		{"place_disc 3", ""},
		{"place_disc 7", `answered "place_disc 7": columns are 0-6`},
		{"place_disc x", `answered "place_disc x": columns are 0-6`},
		{"no_moves", `said "no_moves", not place_disc`},
	} {
		m, done, err := riddlesProtocol{}.answer(tt.line, g, nil)
		switch {
		case tt.err == "" && (err != nil || !done || m != 3):
			t.Errorf("%q: %v %v %v", tt.line, m, done, err)
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("%q: error %v, want %q", tt.line, err, tt.err)
		}
	}
}

// Our protocol's answers: the move, info taken into the decision, and the
// faults worded after the engine's name.
func TestOurAnswers(t *testing.T) {
	g, _ := specNamed(t, "adj").parseRecord("10,41", nil)
	var d Decision
	for _, line := range []string{"", "info depth 3 score -2 nodes 500 string hi there", "info bogus 1 nodes x pv 20 21 21 22"} {
		if _, done, err := (ourProtocol{}).answer(line, g, &d); done || err != nil {
			t.Fatalf("%q: done %v, %v", line, done, err)
		}
	}
	if d.Depth != 3 || d.Score != -2 || d.Nodes != 500 || !slices.Equal(d.PV, []Move{20, 21}) || d.Says != "hi there" {
		t.Errorf("info read as %+v", d.Stats)
	}
	// What an info line gets wrong is passed over in a game, and listed
	// for -check.
	for _, tt := range []struct {
		words string
		want  []string
	}{
		{"depth 3 score -2 nodes 500 string hi", nil},
		{"bogus 1 depth 2", nil},
		{"nodes x", []string{`info nodes "x": expected a whole number after nodes`}},
		{"score", []string{`info score without a value: expected a whole number after it`}},
		{"pv 20 21 21", []string{`info pv: move 3 of the line, "21": cell 21 is taken: expected moves legal one after another, its own first`}},
	} {
		var d Decision
		if got := readInfo(strings.Fields(tt.words), g, &d); !slices.Equal(got, tt.want) {
			t.Errorf("info %s: problems %q, want %q", tt.words, got, tt.want)
		}
	}
	for _, tt := range []struct{ line, err string }{
		{"move 20", ""},
		{"move 10", `answered "move 10": cell 10 is taken`},
		{"move 64", `answered "move 64": 64 is off the board`},
		{"move", `answered "move": accepted is move and one move`},
		{"move 1 2", `answered "move 1 2": accepted is move and one move`},
		{"bestmove 20", `said "bestmove 20", not a move or info line`},
	} {
		m, done, err := (ourProtocol{}).answer(tt.line, g, &d)
		switch {
		case tt.err == "" && (err != nil || !done || m != 20):
			t.Errorf("%q: %v %v %v", tt.line, m, done, err)
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("%q: error %v, want %q", tt.line, err, tt.err)
		}
	}
}

// A bad -engine is one line naming the flag, before any game.
func TestEngineFlags(t *testing.T) {
	self := shellQuote(os.Args[0])
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-engine", "me"}, `-engine "me": no =: accepted is NAME=COMMAND`},
		{[]string{"-engine", "=python3 x.py"}, `-engine "=python3 x.py": the name before = is empty`},
		{[]string{"-engine", "alphabeta=" + self}, `-engine: alphabeta is declared twice, or is a built-in bot's name: choose another`},
		{[]string{"-engine", "human=" + self}, `name "human" is a word the bot flags keep`},
		{[]string{"-engine", "a,b=" + self}, `name "a,b": accepted are letters, digits`},
		{[]string{"-engine", "me="}, `no command after =`},
		{[]string{"-engine", "me=riddles:"}, `no command after =`},
		{[]string{"-engine", "me=no-such-program-here x"}, `command "no-such-program-here" not found`},
		{[]string{"-engine", "me=./no/such/file"}, `command "./no/such/file" not found`},
		{[]string{"-engine", "me=bot | tee"}, `command '|' unquoted: no shell runs the command`},
		{[]string{"-engine", "me=" + self, "-engine", "me=" + self}, `-engine: me is declared twice`},
		{[]string{"-engine", "me=riddles:" + self, "-x", "me"}, `-x: bot me does not play Tic-Tac-Toe`},
	} {
		_, err := planOf(tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: error %v; want one line containing %q", tt.args, err, tt.want)
		}
	}
	// A good one is a bot at once, in -h's list and in -x.
	if p, err := planOf("-engine", "me="+self, "-x", "me:level=3", "-o", "random"); err != nil || p.seats[X].label != "me:level=3" {
		t.Errorf("-x me:level=3: %v", err)
	}
	status, help, _ := runCapture([]string{"-engine", "me=" + self, "-h"}, "")
	if status != 0 || !strings.Contains(help, "me         external engine: "+self) {
		t.Errorf("-h lacks the engine declared before it:\n%s", help)
	}
	noChildrenLeft(t)
}

// pieces reads its data n bytes at a time, as writes split by a pipe.
type pieces struct {
	data []byte
	n    int
}

func (p *pieces) Read(b []byte) (int, error) {
	if len(p.data) == 0 {
		return 0, io.EOF
	}
	k := copy(b, p.data[:min(p.n, len(p.data))])
	p.data = p.data[k:]
	return k, nil
}

// -out keeps a forfeit as a forfeit, its reason and the time the engine
// was told (5 s when no -time is given), and -rate counts it as a loss.
func TestEngineForfeitRecords(t *testing.T) {
	t.Parallel() // its engines are its own (noFixturesLeft), and it reads no clock: runs beside the others at the end
	reg := withEngines(t, fixtureEngine(t, "bad", "illegal"))
	spec := specNamed(t, "c4")
	var keep, out bytes.Buffer
	m := matchConfig{reg: reg, spec: spec, opt: spec.defaults(nil), players: [2]*player{mustPlayerIn(t, reg, spec, "bad"), mustPlayerIn(t, reg, spec, "random")},
		games: 2, seed: 5, jobs: 1, report: report{keep: &resultsWriter{w: &keep}}}
	if err := m.run(context.Background(), &out, nil); err != nil {
		t.Fatal(err)
	}
	recs := parseRecords(t, keep.String())
	for i, r := range recs {
		bad, other := r.X, r.O
		if i == 1 {
			bad, other = r.O, r.X
		}
		if r.End != endForfeit || !strings.HasPrefix(r.Reason, `bad answered "move 99": 99 is off the board; log `) || r.Kind != "illegal" ||
			bad.Name != "bad" || bad.Settings.TimeMS != 5000 || other.Settings.TimeMS != 0 {
			t.Errorf("game %d: %+v", i+1, r)
		}
	}
	rr, err := rateRecords(recs)
	if err != nil {
		t.Fatal(err)
	}
	var rated strings.Builder
	rr.write(&rated, nil, false)
	if !regexp.MustCompile(`(?m)^\s*2\s+bad\s+2\s+0\s+0\s+2\s.*\s2\(i2\)$`).MatchString(rated.String()) ||
		!strings.Contains(rated.String(), "\nforfeits: i an illegal move\n") {
		t.Errorf("-rate: bad's row is not 2 games, 2 losses, 2 illegal forfeits:\n%s", rated.String())
	}
	noFixturesLeft(t)
}

// An engine's stderr goes to a log of its own in a directory the run
// makes: a symbolic link planted at the old fixed path in the shared temp
// directory is never written through, and a second run keeps its own log
// beside the first's.
func TestEngineLogs(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	victim := filepath.Join(tmp, "victim")
	if err := os.WriteFile(victim, []byte("precious\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, filepath.Join(tmp, "boardbots-bad.log")); err != nil {
		t.Fatal(err)
	}
	self := shellQuote(os.Args[0])
	var logs []string
	for run := range 2 {
		t.Setenv(fixtureEnv, "crash-start") // the fixture writes a line to stderr, then exits
		status, out, errText := runCapture([]string{"-engine", "bad=" + self, "-game", "c4", "-x", "bad", "-o", "random",
			"-games", "2", "-openings", "0"}, "")
		if status != 0 {
			t.Fatalf("run %d: status %d: %s", run+1, status, errText)
		}
		m := regexp.MustCompile(`; log (\S+)\)`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("run %d: no log named in:\n%s", run+1, out)
		}
		logs = append(logs, m[1])
	}
	os.Unsetenv(fixtureEnv)
	if logs[0] == logs[1] {
		t.Errorf("both runs wrote %s", logs[0])
	}
	for _, path := range logs {
		text, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(text), "fixture: crashing at the start") || filepath.Dir(filepath.Dir(path)) != tmp {
			t.Errorf("%s: %q, %v; want the fixture's stderr, in a directory of its own under $TMPDIR", path, text, err)
		}
		if st, err := os.Stat(filepath.Dir(path)); err != nil || st.Mode().Perm() != 0o700 {
			t.Errorf("%s: the directory's mode is not 0700: %v", path, err)
		}
	}
	if text, _ := os.ReadFile(victim); string(text) != "precious\n" {
		t.Errorf("the file the planted link points to now holds %q", text)
	}
	noChildrenLeft(t)
}

// An overrun is reported as the time the engine had used when it was
// stopped, not with the wait for it to exit: the hung fixture ignores
// quit, so the wait is the whole engineQuitWait, and the move's call
// lasts that much longer than the time reported, however late the
// machine's other work makes either.
func TestEngineOverrunTime(t *testing.T) {
	bot := &engineBot{decl: fixtureEngine(t, "stuck", "hang")}
	g := NewTicTacToe()
	b := Budget{Time: 100 * time.Millisecond}
	var err error
	var r clockReading
	for err == nil { // it hangs at its third move
		var d Decision
		if r = timeCall(0, func() { d, err = bot.decide(context.Background(), g, b) }); err == nil {
			g.Play(d.Move)
			g.Play(fixtureChoice(g))
		}
	}
	m := regexp.MustCompile(`no move in (\S+) \(`).FindStringSubmatch(err.Error())
	if m == nil {
		t.Fatalf("%v", err)
	}
	took, perr := time.ParseDuration(m[1])
	allowed, most := b.Time+engineGrace, r.took-engineQuitWait+time.Millisecond/2 // reported to the millisecond
	if perr != nil || took < allowed || took > most {
		t.Errorf("%v: want at least %v and at most %v, the call's %v less the wait for it to go", err, allowed, most, r.took)
	}
	noChildrenLeft(t)
}

// -v shows what an engine reported and nothing else: no score, depth or
// nodes it never sent, and its last info string.
func TestEngineVerbose(t *testing.T) {
	t.Parallel() // its engines are its own (noFixturesLeft), and it reads no clock: runs beside the others at the end
	spec := specNamed(t, "ttt")
	for _, tt := range []struct{ behaviour, want string }{
		{"good", `^X e: move 3, score 9, depth 1, nodes 1, time \S+, expects 3$`},
		{"quiet", `^X e: move 3, time \S+$`},
		{"chatty", `^X e: move 3, depth 2, time \S+, says "hello from the engine"$`},
	} {
		t.Run(tt.behaviour, func(t *testing.T) {
			bot := &engineBot{decl: fixtureEngine(t, "e", tt.behaviour)}
			g := spec.start(nil)
			d, err := bot.decide(context.Background(), g, Budget{Time: time.Second})
			bot.finish(g, err)
			if err != nil {
				t.Fatal(err)
			}
			g.Play(d.Move)
			sc := screen{verbose: true}
			if line := sc.thinking(spec, g, &seated{Bot: bot}, d); !regexp.MustCompile(tt.want).MatchString(line) {
				t.Errorf("-v line %q, want %q", line, tt.want)
			}
			noFixturesLeft(t)
		})
	}
}

// An engine whose program has gone (removed mid-run, as a student
// rebuilding it removes it) is no fault of the engine's: the run stops at
// the game that could not start it, with one line and exit status 1, that
// game unplayed and unrecorded; a rerun with the same -out plays it and
// the games after it. The fixture removes its own program (a link to the
// test binary) as it starts, so its second game cannot start it.
func TestEngineUnstartable(t *testing.T) {
	dir := t.TempDir()
	link, out := filepath.Join(dir, "eng"), filepath.Join(dir, "games.jsonl")
	if err := os.Symlink(os.Args[0], link); err != nil {
		t.Fatal(err)
	}
	args := []string{"-engine", "e=" + shellQuote(link), "-x", "e", "-o", "random", "-games", "4", "-jobs", "1", "-openings", "0", "-seed", "3", "-out", out}
	t.Setenv(fixtureEnv, "unlink")
	t.Setenv(fixtureUnlinkEnv, link)
	status, stdout, stderr := runCapture(args, "")
	want := regexp.MustCompile(`^boardbots: game 2/4 left unplayed, the run stops: engine e could not be started: .*` + regexp.QuoteMeta(link) + `.*: no such file or directory\n$`)
	if status != 1 || !want.MatchString(stderr) || strings.Contains(stdout, "forfeit") || !strings.Contains(stdout, "game 1/4: ") {
		t.Errorf("status %d, stderr %q; want 1 and one line matching %q; output:\n%s", status, stderr, want, stdout)
	}
	// Game 1 played out; game 2 not at all; the games after it not
	// played (one may have been dealt as the run stopped: it is written as
	// interrupted, as a game Ctrl-C stops, and played again by a rerun).
	var played []int
	for _, r := range readRecordsFile(t, out) {
		switch {
		case r.End == endForfeit || r.Number == 2:
			t.Errorf("-out holds %+v", r)
		case r.End != endInterrupted:
			played = append(played, r.Number)
		}
	}
	if !slices.Equal(played, []int{1}) {
		t.Errorf("-out holds games %v played; want game 1 alone", played)
	}
	// The program back, a rerun plays the rest.
	if err := os.Symlink(os.Args[0], link); err != nil {
		t.Fatal(err)
	}
	t.Setenv(fixtureEnv, "good")
	status, stdout, stderr = runCapture(args, "")
	if status != 0 || stderr != "" || !strings.Contains(stdout, "resuming: 1 of 4 games already in "+out) {
		t.Errorf("rerun: status %d, stderr %q:\n%s", status, stderr, stdout)
	}
	var numbers []int
	for _, r := range readRecordsFile(t, out) {
		if r.End == endForfeit {
			t.Errorf("a forfeit: %+v", r)
		}
		if r.End != endInterrupted {
			numbers = append(numbers, r.Number)
		}
	}
	if slices.Sort(numbers); !slices.Equal(numbers, []int{1, 2, 3, 4}) {
		t.Errorf("rerun: -out holds games %v played, want 1-4", numbers)
	}
	noChildrenLeft(t)
}

// readRecordsFile reads a results file's records.
func readRecordsFile(t *testing.T, path string) []gameRecord {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return parseRecords(t, string(text))
}

// A line an engine writes before it is asked, or after its move, never
// answers the next question: a move written out of turn loses the game,
// named as such, at the move it came after (whether it was there before
// the next go or came while the engine had not read that go yet); an info
// line out of turn is dropped, with a note in the engine's log. -check
// reports both where they happened.
func TestEngineOutOfTurn(t *testing.T) {
	for _, tt := range []struct {
		behaviour string
		reason    string // the forfeit's, "" for none
		check     []string
	}{
		{"twice", `wrote "3" after its move 1, before it was asked again (an engine answers once, then writes nothing until it is asked again)`, []string{
			`problem: tictactoe, e as X, after its move 1`,
			`  sent:     go time 1000`,
			`  answered: "move 3"`,
			`  answered: "move 3"`,
			`  wrong:    e wrote "move 3" after its move 1, before it was asked again \(an engine answers once, then writes nothing until it is asked again\); log \S+/e\.log`,
			`  expected: nothing between its move and the next go`}},
		{"twice-late", `wrote "3" after its move 1, before it was asked again`, []string{
			`problem: tictactoe, e as X, after its move 1`,
			`  answered: "move 3"`,
			`  answered: "move 3"`,
			`  wrong:    e wrote "move 3" after its move 1, before it was asked again .*`}},
		{"banner", `wrote "fixture 1.0 ready" before it was asked for a move`, []string{
			`problem: tictactoe, e as X, before its first move`,
			`  answered: "fixture 1.0 ready"`,
			`  wrong:    e wrote "fixture 1.0 ready" before it was asked for a move .*`}},
		{"info-after", "", []string{
			`problem: tictactoe, e as X, after its move 1`,
			`  answered: "move 3"`,
			`  answered: "info string done"`,
			`  wrong:    e wrote "info string done" after its move, before it was asked again: dropped`,
			`  expected: nothing between its move and the next go`}},
	} {
		t.Run(tt.behaviour, func(t *testing.T) {
			reg := withEngines(t, fixtureEngine(t, "e", tt.behaviour))
			out := engineMatch(t, reg, "ttt", "e", "random", 2, 1, budgetDefaults{time: time.Second})
			games := gameLines(out)
			for i, side := range []string{"X", "O"} {
				switch {
				case i >= len(games):
					t.Errorf("no game %d in:\n%s", i+1, out)
				case tt.reason == "" && strings.Contains(games[i], "forfeit"):
					t.Errorf("game %d: %s", i+1, games[i])
				case tt.reason != "" && !regexp.MustCompile(side+` forfeits \(e `+strings.ReplaceAll(regexp.QuoteMeta(tt.reason), `"3"`, `"move \d"`)).MatchString(games[i]):
					t.Errorf("game %d: %s\nwant the forfeit %q", i+1, games[i], tt.reason)
				}
			}
			if tt.reason == "" {
				logged, _ := os.ReadFile(fixtureEngines.logs.path("e"))
				if !regexp.MustCompile(`\[e \d+\] boardbots: dropped "info string done", written after its move 1, before it was asked again\n`).Match(logged) {
					t.Errorf("no note of the dropped line in the log:\n%s", logged)
				}
			}
			t.Setenv(fixtureEnv, tt.behaviour)
			status, text, _ := runCapture([]string{"-engine", "e=" + shellQuote(os.Args[0]), "-check", "e", "-game", "ttt", "-time", "1s"}, "")
			linesInOrder(t, text, tt.check)
			if status != 1 {
				t.Errorf("-check: status %d, want 1", status)
			}
			noChildrenLeft(t)
		})
	}
}

// Nothing an engine writes reaches the terminal as a control code: its
// info string under -v, its last words in a fault's line, its lines in
// -check's report are shown escaped.
func TestEngineControlCodes(t *testing.T) {
	t.Setenv(fixtureEnv, "control")
	self := shellQuote(os.Args[0])
	for _, args := range [][]string{
		{"-engine", "e=" + self, "-x", "e", "-o", "random", "-v", "-seed", "1"},
		{"-engine", "e=" + self, "-x", "e", "-o", "random", "-games", "2", "-seed", "1"},
		{"-engine", "e=" + self, "-check", "e", "-time", "1s"},
	} {
		_, out, errText := runCapture(args, "")
		text := out + errText
		if i := strings.IndexFunc(text, func(r rune) bool { return r != '\n' && (unicode.IsControl(r) || r == '\u202e') }); i >= 0 {
			t.Errorf("%v: a control code at %d: %q", args, i, text[max(0, i-40):min(len(text), i+20)])
		}
		if !strings.Contains(text, `\x1b`) {
			t.Errorf("%v: the engine's words are not shown escaped:\n%s", args, text)
		}
	}
	noChildrenLeft(t)
}

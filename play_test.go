package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// newTable seats the game's default bot as the game's defaults do and feeds the
// human's side from script, through the same reader piped input uses;
// at a terminal it shows no thinking line (see noThinkingLine).
func newSession(t *testing.T, game, script string, out io.Writer) (*session, *gameSpec) {
	t.Helper()
	tb := (&invocation{runPlan: mustPlan(t, "-game", game), stdout: out}).table()
	tb.in = newPipeReader(strings.NewReader(script), out)
	tb.thinkAfter = noThinkingLine
	return tb, tb.spec
}

// The defaults reproduce seed 003's game line by line: testdata holds the
// program's expected output for the human's answers 4, 2, 3, 8 (the seed's
// transcript, with the rules of dashes its document lost, and our record
// line after the seed's last line).
func TestSeed003Transcript(t *testing.T) {
	want, err := os.ReadFile("testdata/seed003.golden")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	tb, _ := newSession(t, "ttt", "4\n2\n3\n8\n", &out)
	if err := tb.play(context.Background(), NewTicTacToe()); err != nil {
		t.Fatal(err)
	}
	got, wantLines := strings.Split(out.String(), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(got), len(wantLines)) {
		g, w := "<none>", "<none>"
		if i < len(got) {
			g = got[i]
		}
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if g != w {
			t.Errorf("line %d: %q, want %q", i+1, g, w)
		}
	}
}

// Commands and nonsense at the prompt: each bad line costs one message
// line and the same prompt; the game goes on to the same end.
func TestHumanInputAndCommands(t *testing.T) {
	tests := []struct {
		name     string
		script   string
		messages []string // lines expected in the output, in order
		record   string
	}{
		{"nonsense then the seed game",
			"banana\n9\n0\n\n1 1 1\n4\n2\n3\n8\n",
			[]string{`"banana" is not a cell`, "9 is off the board", "cell 0 is taken", "type a cell number 0-8", "too many numbers", "type a cell number 0-8"},
			"041263587"},
		{"row and column", "1 1\n0 2\n1 0\n2 2\n", nil, "041263587"},
		{"help and hint cost no move", "help\nhint\n4\n2\n3\n8\n",
			[]string{"undo, u ", "hint: 4 (alphabeta: draw), expects 4"}, "041263587"},
		{"undo takes back the bot's reply and yours", "4\nundo\n4\n2\n3\n8\n", nil, "041263587"},
		{"nothing to undo yet", "undo\n4\n2\n3\n8\n", []string{"nothing to undo"}, "041263587"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			tb, _ := newSession(t, "ttt", tt.script, &out)
			g := NewTicTacToe()
			if err := tb.play(context.Background(), g); err != nil {
				t.Fatalf("play: %v\n%s", err, out.String())
			}
			text := out.String()
			rest := text
			for _, m := range tt.messages {
				i := strings.Index(rest, m)
				if i < 0 {
					t.Fatalf("output lacks %q (in order):\n%s", m, text)
				}
				rest = rest[i+len(m):]
			}
			if !strings.HasSuffix(text, "Draw\nmoves: "+tt.record+"\n") {
				t.Errorf("game ended:\n%s", text[max(0, len(text)-200):])
			}
		})
	}
}

// End of input or quit in the middle of a game ends it cleanly, with the
// record so far and how to resume it, and a piped end of input closes
// the prompt's line.
func TestInputEndsMidGame(t *testing.T) {
	for _, tt := range []struct {
		script string
		want   error
		tail   string
	}{
		{"", io.EOF, "Enter the number: \nmoves: 0\n" + resumeWords + "0\n"},
		{"4\n", io.EOF, "Enter the number: \nmoves: 041\n" + resumeWords + "041\n"},
		{"4\nzzz\n", io.EOF, "Enter the number: \nmoves: 041\n" + resumeWords + "041\n"},
		{"4\nquit\n", errQuit, "Enter the number: quit\nmoves: 041\n" + resumeWords + "041\n"},
		{"4\nq\n", errQuit, "Enter the number: q\nmoves: 041\n" + resumeWords + "041\n"},
	} {
		var out strings.Builder
		tb, _ := newSession(t, "ttt", tt.script, &out)
		err := tb.play(context.Background(), NewTicTacToe())
		if !errors.Is(err, tt.want) {
			t.Errorf("script %q: error %v, want %v", tt.script, err, tt.want)
		}
		if !strings.HasSuffix(out.String(), tt.tail) {
			t.Errorf("script %q: output does not end %q:\n%s", tt.script, tt.tail, out.String())
		}
	}
}

// resumeWords start the line that says how to resume a game left
// unfinished, before its -moves record.
const resumeWords = "to resume the game, run the same command with -moves "

// Ctrl-C while a bot thinks stops the game with errInterrupted, the
// record so far printed last, and how to resume: the bot's guess is not
// played, nor is the person's next line.
func TestInterruptWhileBotThinks(t *testing.T) {
	for _, terminal := range []bool{false, true} {
		t.Run(fmt.Sprintf("terminal %v", terminal), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var out strings.Builder
			tb, _ := newSession(t, "ttt", "4\n2\n", &out)
			bot := startedBot{started: make(chan struct{}, 1)}
			tb.seats, tb.terminal = botsAt(nil, bot), terminal
			g := NewTicTacToe()
			done := make(chan error, 1)
			go func() { done <- tb.play(ctx, g) }()
			select {
			case <-bot.started:
			case err := <-done:
				t.Fatalf("the game ended before the bot thought: %v\n%s", err, out.String())
			}
			interrupt(t, cancel, done)
			if h := g.History(); len(h) != 1 || h[0] != 4 {
				t.Errorf("moves played %v, want only the person's 4", h)
			}
			// At a terminal the thinking line is cleared, and the ^C.
			after := out.String()[strings.LastIndex(out.String(), "---------\n")+10:]
			after = strings.TrimPrefix(after, "playing by AI\n")
			if after = strings.ReplaceAll(after, "\r\x1b[K", ""); after != "moves: 4\n"+resumeWords+"4\n" {
				t.Errorf("after the bot's turn came %q, want only the record and how to resume:\n%s", after, out.String())
			}
		})
	}
}

// startedBot says on started that its search has begun, then thinks
// until cancelled and returns its best guess, as a real bot does.
type startedBot struct{ started chan struct{} }

func (startedBot) Name() string { return "started" }

func (b startedBot) Think(ctx context.Context, g Game, _ Budget) Decision {
	select {
	case b.started <- struct{}{}:
	default:
	}
	<-ctx.Done()
	return Decision{Move: g.Moves(nil)[0]}
}

// interrupt cancels a game's context as Ctrl-C does and checks that the
// game, reporting on done, ends at once with errInterrupted.
func interrupt(t *testing.T, cancel context.CancelFunc, done <-chan error) {
	t.Helper()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, errInterrupted) {
			t.Errorf("error %v, want errInterrupted", err)
		}
	case <-time.After(waitLimit):
		t.Fatal("the game goes on after the interrupt")
	}
}

// Ctrl-C at a prompt reading a pipe (or a FIFO) that delivers nothing ends
// the wait at once, with the record.
func TestInterruptPipePrompt(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out syncBuffer
	tb, _ := newSession(t, "ttt", "", &out)
	tb.in = newPipeReader(pr, &out)
	g := NewTicTacToe()
	done := make(chan error, 1)
	go func() { done <- tb.play(ctx, g) }()
	// The bot (X) moves, then the person's prompt waits on the pipe.
	deadline := time.Now().Add(waitLimit)
	for !strings.HasSuffix(out.String(), "Enter the number: ") {
		if time.Now().After(deadline) {
			t.Fatalf("no prompt after %v:\n%s", waitLimit, out.String())
		}
		time.Sleep(time.Millisecond)
	}
	interrupt(t, cancel, done)
	if len(g.History()) != 1 || !strings.HasSuffix(out.String(), "Enter the number: \nmoves: 0\n"+resumeWords+"0\n") {
		t.Errorf("moves %v; output:\n%s", g.History(), out.String())
	}
}

// The line reader under the pipe prompt and -analyze: a line as it comes;
// errInterrupted at once when cancelled, even while the input never
// delivers, and for a line that comes after; an over-long line cut to
// maxLine with errLineTooLong, the next line read whole.
func TestLineFeed(t *testing.T) {
	long := strings.Repeat("x", maxLine+10)
	tests := []struct {
		name   string
		input  string
		cancel bool
		want   []lineResult
	}{
		{"lines, the last without newline", "a\r\nb c\n\nd", false,
			[]lineResult{{"a", nil}, {"b c", nil}, {"", nil}, {"d", nil}, {"", io.EOF}, {"", io.EOF}}},
		{"over-long lines", long + "\n4\n" + long, false,
			[]lineResult{{long[:maxLine], errLineTooLong}, {"4", nil}, {long[:maxLine], errLineTooLong}, {"", io.EOF}}},
		{"cancelled with a line waiting", "4\n", true, []lineResult{{"", errInterrupted}, {"", errInterrupted}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.cancel {
				cancel()
			}
			f := newLineFeed(strings.NewReader(tt.input))
			for i, want := range tt.want {
				line, err := f.next(ctx)
				if line != want.line || !errors.Is(err, want.err) || (err == nil) != (want.err == nil) {
					t.Errorf("line %d: %.20q (%d bytes), %v; want %.20q (%d bytes), %v", i+1, line, len(line), err, want.line, len(want.line), want.err)
				}
			}
		})
	}
	t.Run("input that never comes", func(t *testing.T) {
		pr, pw := io.Pipe()
		defer pw.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		var err error
		inTime(t, "interrupted read", 20*time.Millisecond, 2*time.Second, func() { _, err = newLineFeed(pr).next(ctx) })
		if !errors.Is(err, errInterrupted) {
			t.Errorf("error %v, want errInterrupted", err)
		}
	})
}

// syncBuffer is a strings.Builder that a game's goroutine may write while
// the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Hot seat: two people, prompts that say whose turn it is, undo of one move.
func TestHotSeat(t *testing.T) {
	var out strings.Builder
	tb, _ := newSession(t, "ttt", "0\n3\nundo\n4\n1\n5\n2\n", &out)
	tb.seats = [3]*seated{}
	g := NewTicTacToe()
	if err := tb.play(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, "X, enter the number: 0") || !strings.Contains(text, "O, enter the number: 3") {
		t.Errorf("hot-seat prompts missing:\n%s", text)
	}
	if !strings.HasSuffix(text, "X win.\nmoves: 04152\n") {
		t.Errorf("hot seat ended:\n%s", text)
	}
}

// firstBot plays the first legal move at once: a predictable opponent.
type firstBot struct{}

func (firstBot) Name() string { return "first" }

func (firstBot) Think(_ context.Context, g Game, _ Budget) Decision {
	return Decision{Move: g.Moves(nil)[0]}
}

// terminalTable is newTable at a terminal: the fake reader stands for the
// keyboard, and the session talks as it does to a person.
func terminalSession(t *testing.T, game, script string, out io.Writer) *session {
	tb, _ := newSession(t, game, script, out)
	tb.terminal = true
	return tb
}

// inOrder fails unless text holds every part, in this order.
func inOrder(t *testing.T, text string, parts ...string) {
	t.Helper()
	rest := text
	for _, p := range parts {
		i := strings.Index(rest, p)
		if i < 0 {
			t.Fatalf("output lacks %q (in order):\n%s", p, text)
		}
		rest = rest[i+len(p):]
	}
}

// At a terminal the session says who plays what, names every bot move and
// says whether the person won; piped, none of it is printed.
func TestTerminalTalks(t *testing.T) {
	tests := []struct {
		name     string
		x, o     Bot // nil: the person
		drawn    bool
		script   string
		want     []string
		tail     string
		absent   string
		terminal bool
	}{
		{"seed 003 game at a terminal", minimaxBot, nil, false, "4\n2\n3\n8\nq\n",
			[]string{"You play O; minimax plays X and moves first\nplease select number to mark\n", "minimax (X) plays 0\n",
				"|[X]1 2 |", "O to move, enter the number: 4\n", "minimax (X) plays 1\n", "minimax (X) plays 6\n", "minimax (X) plays 5\n",
				"minimax (X) plays 7\n", "Draw\nmoves: 041263587\n"},
			"Play again? [Y]es / [s]wap sides / [u]ndo / [q]uit: q\n", "playing by AI", true},
		{"you win as O", firstBot{}, nil, false, "4\n2\n6\nq\n",
			[]string{"You play O; first plays X and moves first\n", "first (X) plays 3\n"},
			"You win (O wins)\nmoves: 041236\nPlay again? [Y]es / [s]wap sides / [u]ndo / [q]uit: q\n", "O win.", true},
		{"you lose as X, drawn at random", nil, firstBot{}, true, "8\n7\n5\nq\n",
			[]string{"You play X and move first (drawn at random); first plays O\n", "first (O) plays 0\n"},
			"You lose (O wins)\nmoves: 807152\nPlay again? [Y]es / [s]wap sides / [u]ndo / [q]uit: q\n", "You win", true},
		{"hot seat: no verdict", nil, nil, false, "0\n3\n1\n4\n2\nq\n",
			[]string{"X and O both play here, X first\n", "X to move, enter the number: 0\n"},
			"X wins\nmoves: 03142\nPlay again? [Y]es / [s]wap sides / [u]ndo / [q]uit: q\n", "You", true},
		{"piped: the original's words only", firstBot{}, nil, false, "4\n2\n6\n",
			nil, "O win.\nmoves: 041236\n", "first (X) plays", false},
		{"piped: no status line", firstBot{}, nil, false, "4\n2\n6\n",
			nil, "O win.\nmoves: 041236\n", "You play", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			tb := terminalSession(t, "ttt", tt.script, &out)
			tb.terminal, tb.seats, tb.firstDrawn = tt.terminal, botsAt(tt.x, tt.o), tt.drawn
			if err := tb.run(context.Background(), func() Game { return NewTicTacToe() }); err != nil {
				t.Fatalf("session: %v\n%s", err, out.String())
			}
			text := out.String()
			inOrder(t, text, tt.want...)
			if !strings.HasSuffix(text, tt.tail) {
				t.Errorf("output does not end %q:\n%s", tt.tail, text)
			}
			if strings.Contains(text, tt.absent) {
				t.Errorf("output has %q:\n%s", tt.absent, text)
			}
		})
	}
}

// After a game at a terminal: y plays the same sides again, s swaps them,
// q, n (or the end of input) stop; the commands work on the finished game
// (undo plays on from the person's last move, without announcing the game
// again; load starts from a record); anything else asks again. "new"
// drops the game at once, at a terminal or not.
func TestPlayAgainAndNew(t *testing.T) {
	const ask = "Play again? [Y]es / [s]wap sides / [u]ndo / [q]uit: "
	tests := []struct {
		name     string
		terminal bool
		script   string
		want     []string
		err      error
		tail     string
	}{
		{"yes, then quit", true, "4\n2\n6\ny\n4\n2\n6\nq\n",
			[]string{"You win (O wins)\nmoves: 041236\n", ask + "y\n", "You play O; first plays X", "You win (O wins)\nmoves: 041236\n"},
			nil, ask + "q\n"},
		{"Enter alone plays again", true, "4\n2\n6\n\n4\n2\n6\nq\n",
			[]string{"moves: 041236\n", ask + "\n", "You play O; first plays X", "moves: 041236\n"},
			nil, ask + "q\n"},
		{"swap sides, then end of input", true, "4\n2\n6\nwhat\ns\n8\n7\n5\n",
			[]string{"You play O; first plays X and moves first\n", ask + "what\n" + againAdvice + "\n",
				ask + "s\n", "You play X and move first; first plays O\n", "X to move, enter the number: 8\n", "You lose (O wins)\nmoves: 807152\n"},
			nil, ask + "\n"},
		{"new mid-game, then quit mid-game", true, "4\nnew\n2\nquit\n",
			[]string{"O to move, enter the number: new\nmoves: 041\nnew game\n", "You play O; first plays X and moves first\n", "O to move, enter the number: 2\n"},
			errQuit, "O to move, enter the number: quit\nmoves: 021\n" + resumeWords + "021\n"},
		{"swap sides, then quit mid-game: resumed with the sides swapped", true, "4\n2\n6\ns\n8\nq\n",
			[]string{ask + "s\n", "You play X and move first; first plays O\n"},
			errQuit, "X to move, enter the number: q\nmoves: 80\nto resume the game, run the same command with -first human -moves 80\n"},
		{"piped: new, and no question at the end", false, "4\nnew\n4\n2\n6\n",
			[]string{"Enter the number: new\nmoves: 041\nnew game\n"},
			nil, "O win.\nmoves: 041236\n"},
		{"undo after a loss: the game goes on", true, "4\n8\nundo\n2\n6\nq\n",
			[]string{"You lose (X wins)\nmoves: 04182\n", ask + "undo\n---------\n| X[X]2 |\n| 3 O 5 |\n| 6 7 8 |\n---------\n",
				"O to move, enter the number: 2\n", "You win (O wins)\nmoves: 041236\n"},
			nil, ask + "q\n"},
		{"moves, board, hint and help after a game", true, "4\n2\n6\nmoves\nboard\nhint\nhelp\nno\n",
			[]string{ask + "moves\nmoves: 041236\n", ask + "board\n---------\n| X X[O]|\n", ask + "hint\nhint: the game is over (O wins); undo",
				ask + "help\nthe game is over: answer, or give a command:\n  yes, y "},
			nil, ask + "no\n"},
		{"load after a game", true, "4\n2\n6\nload 04\nq\n",
			[]string{"You win (O wins)\nmoves: 041236\n", ask + "load 04\nloaded 04\nYou play O; first plays X", "first (X) plays 1\n"},
			errQuit, "O to move, enter the number: q\nmoves: 041\n" + resumeWords + "041\n"},
		{"a move is no answer", true, "4\n2\n6\n5\nundo 3\nq\n",
			[]string{ask + "5\n" + againAdvice + "\n", ask + "undo 3\n" + againAdvice + "\n"},
			nil, ask + "q\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			tb := terminalSession(t, "ttt", tt.script, &out)
			tb.terminal, tb.seats = tt.terminal, botsAt(firstBot{}, nil)
			err := tb.run(context.Background(), func() Game { return NewTicTacToe() })
			if !errors.Is(err, tt.err) {
				t.Fatalf("session: %v, want %v\n%s", err, tt.err, out.String())
			}
			text := out.String()
			inOrder(t, text, tt.want...)
			if !strings.HasSuffix(text, tt.tail) {
				t.Errorf("output does not end %q:\n%s", tt.tail, text)
			}
			if n := strings.Count(text, "You play"); strings.HasPrefix(tt.name, "undo after") && n != 1 {
				t.Errorf("the game is announced %d times, want once:\n%s", n, text)
			}
		})
	}
}

// The first screen of a game at a terminal against the game's default bot,
// the strongest, names -level; not against another bot, nor piped (seed
// 003's transcript), nor when two bots or two people play.
func TestLevelNote(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		terminal bool
		want     string // "" for none
	}{
		{[]string{"-game", "ttt"}, true, "minimax is the strongest opponent; -level 1 (easiest) to 5 picks another."},
		{[]string{"-game", "c4"}, true, "solver is the strongest opponent; -level 1 (easiest) to 5 picks another."},
		{[]string{"-game", "adj"}, true, "alphabeta is the strongest opponent; -level 1 (easiest) to 5 picks another."},
		{[]string{"-game", "ttt", "-bot", "minimax"}, true, "minimax is the strongest opponent"},
		{[]string{"-game", "ttt"}, false, ""},
		{[]string{"-game", "ttt", "-bot", "alphabeta"}, true, ""},
		{[]string{"-game", "c4", "-level", "5"}, true, ""},
		{[]string{"-game", "c4", "-bot", "solver:time=1s"}, true, ""},
		{[]string{"-game", "ttt", "-x", "minimax", "-o", "minimax"}, true, ""},
		{[]string{"-game", "ttt", "-x", "human", "-o", "human"}, true, ""},
	} {
		t.Run(fmt.Sprint(tc.args, tc.terminal), func(t *testing.T) {
			var out strings.Builder
			tb := (&invocation{runPlan: mustPlan(t, tc.args...), stdout: &out}).table()
			tb.terminal = tc.terminal
			tb.announce()
			tb.announce() // a second game says it no more
			switch text := out.String(); {
			case tc.want == "" && strings.Contains(text, "-level"):
				t.Errorf("the first screen names -level:\n%s", text)
			case tc.want != "" && strings.Count(text, tc.want) != 1:
				t.Errorf("the first screen does not say %q once:\n%s", tc.want, text)
			}
		})
	}
}

// Piped, a game of two bots names every bot move and ends in plain
// words, in every game; Tic-Tac-Toe keeps seed 003's words, "playing by
// AI" before each bot move, none named, with a person against the bot
// (TestSeed003Transcript has the whole of one such game), and two people
// (TestHotSeat) end as it does too.
func TestPipedMovesNamed(t *testing.T) {
	for _, tc := range []struct {
		args        []string
		named, byAI bool
		end         string
	}{
		{[]string{"-game", "c4", "-x", "alphabeta:depth=2", "-o", "random", "-seed", "1"}, true, false, "X wins\nmoves: "},
		{[]string{"-game", "adj", "-rounds", "3", "-x", "alphabeta:depth=2", "-o", "random", "-seed", "1"}, true, false, "X wins\nmoves: "},
		{[]string{"-game", "ttt", "-x", "alphabeta", "-o", "random", "-seed", "1"}, true, false, "X wins\nmoves: "},
		{[]string{"-game", "ttt", "-x", "human", "-o", "human", "-input", "0\n1\n2\n3\n4\n5\n6\n"}, false, false, "X win.\nmoves: "},
		{[]string{"-game", "ttt", "-x", "alphabeta", "-o", "human", "-input", "3\n6\n2\n"}, false, true, "X win.\nmoves: "},
		{[]string{"-game", "c4", "-x", "alphabeta:depth=2", "-o", "random", "-seed", "1", "-v"}, false, false, "X wins\nmoves: "},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			args, input := tc.args, ""
			if i := slices.Index(args, "-input"); i >= 0 { // the moves typed, piped in
				args, input = args[:i], args[i+1]
			}
			status, out, errText := runCapture(args, input)
			if status != 0 {
				t.Fatalf("status %d: %s", status, errText)
			}
			record := strings.TrimSpace(out[strings.LastIndex(out, "moves: ")+len("moves: "):])
			spec := specNamed(t, tc.args[1])
			g, err := spec.parseRecord(record, gameOptions{"rounds": 3})
			if err != nil {
				t.Fatal(err)
			}
			plies := len(g.History())
			if got := strings.Count(out, ") plays "); tc.named && got != plies || !tc.named && got != 0 {
				t.Errorf("%d moves named in a game of %d plies (named: %v):\n%s", got, plies, tc.named, out)
			}
			bots := plies // the bot moves: every other one with a person
			if strings.Contains(strings.Join(args, " "), "-o human") {
				bots = (plies + 1) / 2
			}
			if got := strings.Count(out, "playing by AI\n"); tc.byAI && got != bots || !tc.byAI && got != 0 {
				t.Errorf("%d playing by AI in a game of %d plies:\n%s", got, plies, out)
			}
			if strings.Contains(tc.args[len(tc.args)-1], "-v") && strings.Count(out, ": move ") != plies {
				t.Errorf("-v lines name %d moves of %d:\n%s", strings.Count(out, ": move "), plies, out)
			}
			if !strings.Contains(out, tc.end) {
				t.Errorf("no %q:\n%s", tc.end, out)
			}
		})
	}
}

// help lists every command and alias with the game's numbering; h is help
// and hi is hint; rules prints the game's rules; a word that is neither a
// move nor a command points to help, and a long one is quoted only in part.
func TestCommands(t *testing.T) {
	long := strings.Repeat("blah", 30)
	tests := []struct {
		game, script string
		want         []string
		absent       string
	}{
		{"ttt", "h\n4\n2\n3\n8\n", []string{`a move: type a cell number 0-8, or row and column counted from 0 like "1 2"`,
			"undo, u", "hint, hi", "new ", "rules ", "help, h, ?", "quit, q, exit"}, "hint: "},
		{"ttt", "help\n?\n4\n2\n3\n8\n", []string{"help, h, ?", "help, h, ?"}, "hint: "},
		{"ttt", "hi\n4\n2\n3\n8\n", []string{"hint: 4 (alphabeta: draw)"}, "commands:"},
		{"ttt", "hint\n4\n2\n3\n8\n", []string{"hint: 4 (alphabeta: draw)"}, "commands:"},
		{"ttt", "rules\n4\n2\n3\n8\n", []string{tttRules}, "commands:"},
		{"ttt", "banana\n4\n2\n3\n8\n", []string{`"banana" is not a cell or a command: type a cell number 0-8 or "row col", or help` + "\n"}, "commands:"},
		{"ttt", "9\n4\n2\n3\n8\n", []string{"9 is off the board: cells are 0-8\n"}, "or help"},
		{"ttt", "3 3\n4\n2\n3\n8\n", []string{"row 3 column 3 is off the board: rows and columns count from 0 to 2\n"}, "or help"},
		{"ttt", long + "\n4\n2\n3\n8\n", []string{`"` + long[:maxEcho] + `"... is not a cell`}, `"` + long[:maxEcho+1]},
		{"c4", "help\nrules\nx\n", []string{"a move: type a column number 1-7, as printed under the board", c4Rules,
			`"x" is not a column or a command: type a column number 1-7, or help`}, "hint: "},
	}
	for _, tt := range tests {
		t.Run(tt.game+" "+strings.SplitN(tt.script, "\n", 2)[0][:min(10, strings.Index(tt.script, "\n"))], func(t *testing.T) {
			var out strings.Builder
			tb, _ := newSession(t, tt.game, tt.script, &out)
			err := tb.play(context.Background(), tb.spec.start(nil))
			if err != nil && !errors.Is(err, io.EOF) {
				t.Fatalf("play: %v", err)
			}
			text := out.String()
			inOrder(t, text, tt.want...)
			if strings.Contains(text, tt.absent) {
				t.Errorf("output has %q:\n%s", tt.absent, text)
			}
		})
	}
}

// A refused move at the prompt gets one short line saying what was wrong
// and what is accepted; letters get help offered too, and a long line is
// quoted only in part.
func TestMoveAdvice(t *testing.T) {
	long := strings.Repeat("a", 5000)
	tests := []struct{ game, in, want string }{
		{"ttt", "abc", `"abc" is not a cell or a command: type a cell number 0-8 or "row col", or help`},
		{"ttt", "yes please", `"yes please" is not a cell or a command: type a cell number 0-8 or "row col", or help`},
		{"ttt", "ñ✓漢字", `"ñ✓漢字" is not a cell or a command: type a cell number 0-8 or "row col", or help`},
		{"ttt", "٣", `"٣" is not a cell or a command: type a cell number 0-8 or "row col", or help`},
		{"ttt", "4 extra words", `"4 extra words" is not a cell or a command: type a cell number 0-8 or "row col", or help`},
		{"ttt", "1 1 1", `too many numbers in "1 1 1": type a cell number 0-8 or "row col"`},
		{"ttt", long, `"aaaaaaaaaaaaaaaa"... is not a cell or a command: type a cell number 0-8 or "row col", or help`},
		{"adj", long, `"aaaaaaaaaaaaaaaa"... is not a cell or a command: type a cell number 0-63 or "row col", or help`},
		{"adj", "9 9", `row 9 column 9 is off the board: rows and columns count from 0 to 7`},
		{"c4", "abc", `"abc" is not a column or a command: type a column number 1-7, or help`},
		{"c4", "4 extra words", `"4 extra words" is not a column or a command: type a column number 1-7, or help`},
		{"c4", "1 1 1", `too many numbers in "1 1 1": type one column number 1-7`},
		{"c4", "\x00", `"\x00" is not a column or a command: type a column number 1-7, or help`},
		{"c4", "9", `9 is off the board: columns are 1-7`},
	}
	for _, tt := range tests {
		t.Run(tt.game+" "+tt.in[:min(len(tt.in), 15)], func(t *testing.T) {
			var out strings.Builder
			tb, spec := newSession(t, tt.game, tt.in+"\n", &out)
			tb.seats = [3]*seated{}
			tb.play(context.Background(), spec.start(nil))
			// The line after the echoed input is the message.
			_, after, _ := strings.Cut(out.String(), ": "+tt.in+"\n")
			msg, _, _ := strings.Cut(after, "\n")
			if msg != tt.want {
				t.Errorf("message %q, want %q", msg, tt.want)
			}
			if n := utf8.RuneCountInString(msg); n >= 100 {
				t.Errorf("message of %d characters", n)
			}
		})
	}
}

// At a terminal a refusal longer than the screen breaks between words,
// never inside one, as the hint does: Adjacency's answer to nonsense is 96
// characters, and a load error quotes the record.
func TestRefusalsWrapAtTerminal(t *testing.T) {
	tests := []struct{ game, in, want string }{
		{"adj", strings.Repeat("a", 40), `"aaaaaaaaaaaaaaaa"... is not a cell or a command: type a cell number 0-63 or "row col", or help`},
		{"adj", "load 0,1,2,3,4,5,8,zz", `load "0,1,2,3,4,5,8,zz": illegal: "zz" is not a cell at move 8; the position is unchanged`},
	}
	for _, tt := range tests {
		var out strings.Builder
		tb := terminalSession(t, tt.game, tt.in+"\n", &out)
		tb.seats = [3]*seated{}
		tb.play(context.Background(), tb.spec.start(nil))
		_, after, _ := strings.Cut(out.String(), ": "+tt.in+"\n")
		first, rest, _ := strings.Cut(after, "\n")
		second, _, _ := strings.Cut(rest, "\n")
		if len(first) > 80 || len(second) > 80 || !strings.HasPrefix(second, "    ") {
			t.Errorf("%s: lines %q and %q, want at most 80 columns, the second indented", tt.in, first, second)
		}
		if got := first + " " + strings.TrimPrefix(second, "    "); got != tt.want {
			t.Errorf("%s: message %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Ctrl-C on the empty prompt at a terminal, often pressed to hurry a bot
// that has already moved, says how to leave and how to resume; a second
// one leaves, with the record and how to resume, as quit does. A line
// typed between them starts the count again. Where Ctrl-C is no key of
// the person's (a pipe), it leaves at once.
func TestInterruptAtPrompt(t *testing.T) {
	const leave = "To leave, press Ctrl-C again or type quit.\nTo resume the game later, run the same command with -moves "
	for _, tc := range []struct {
		name, game, script string
		terminal           bool
		want               []string // in order; wrapped lines joined
		err                error
	}{
		{"twice: leaves", "ttt", "4\n^C\n^C\n", true, []string{
			"O to move, enter the number: ^C\n" + leave + "041\n",
			"O to move, enter the number: ^C\n\r\x1b[Kmoves: 041\n" + resumeWords + "041\n"}, errInterrupted},
		{"a move between: said again, then quit", "ttt", "^C\n4\n^C\nquit\n", true, []string{
			"O to move, enter the number: ^C\n" + leave + "0\n",
			"O to move, enter the number: 4\n",
			"O to move, enter the number: ^C\n" + leave + "041\n",
			"O to move, enter the number: quit\nmoves: 041\n" + resumeWords + "041\n"}, errQuit},
		{"no move yet: nothing to resume", "c4", "^C\n^C\n", true, []string{
			"X to move, enter the column: ^C\nTo leave, press Ctrl-C again or type quit.\nX to move, enter the column: ^C\n"}, errInterrupted},
		{"piped: at once", "ttt", "4\n^C\n", false, []string{
			"Enter the number: ^C\nmoves: 041\n" + resumeWords + "041\n"}, errInterrupted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out strings.Builder
			tb, _ := newSession(t, tc.game, tc.script, &out)
			tb.in = ctrlCKeys{tb.in}
			if tb.terminal = tc.terminal; tc.terminal {
				tb.moveNow = &interrupter{quit: func() {}}
			}
			err := tb.play(context.Background(), tb.spec.start(nil))
			if !errors.Is(err, tc.err) {
				t.Fatalf("error %v, want %v\n%s", err, tc.err, out.String())
			}
			text := out.String()
			inOrder(t, text, tc.want...)
			if tc.game == "c4" && strings.Contains(text, "moves:") {
				t.Errorf("a record of no moves:\n%s", text)
			}
		})
	}
}

// ctrlCKeys reads a script in which the line ^C stands for Ctrl-C on the
// empty prompt: echoed as liner echoes it, and answered as liner answers.
type ctrlCKeys struct{ lineReader }

func (r ctrlCKeys) ReadLine(ctx context.Context, prompt string) (string, error) {
	line, err := r.lineReader.ReadLine(ctx, prompt)
	if line == "^C" {
		return "", errInterrupted
	}
	return line, err
}

// A bot that thinks longer than thinkAfter gets a live line at a terminal,
// with the time left of its budget, cleared before its move is named; a
// quick one, or one on a pipe, gets none.
func TestThinkingLine(t *testing.T) {
	const thinkAfter = 50 * time.Millisecond
	for _, tt := range []struct {
		name      string
		terminal  bool
		quick     bool
		showsLine bool
	}{
		{"slow bot at a terminal", true, false, true},
		{"quick bot at a terminal", true, true, false},
		{"slow bot on a pipe", false, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out syncBuffer
			tb := terminalSession(t, "ttt", "4\nq\n", &out)
			// The slow bot thinks until its line shows (at most
			// waitLimit), however late a loaded machine makes the line's
			// goroutine; the quick one answers at once.
			var bot Bot = slowBot{out: &out, until: "thinking", most: waitLimit}
			if !tt.terminal {
				bot = slowBot{out: &out, most: 3 * thinkAfter}
			}
			if tt.quick {
				bot = firstBot{}
			}
			tb.terminal, tb.seats, tb.thinkAfter = tt.terminal, botsAt(bot, nil), thinkAfter
			tb.seats[X].budget = Budget{Time: 2 * time.Second}
			r := timeCall(0, func() { tb.play(context.Background(), NewTicTacToe()) })
			text := out.String()
			switch {
			case tt.showsLine:
				inOrder(t, text, "---------\n", "\r\x1b[Kfirst (X) is thinking: ", "s, ", "s left (Ctrl-C: move now)", "\r\x1b[Kfirst (X) plays 0\n")
			case strings.Contains(text, "thinking") && (!tt.quick || r.took < thinkAfter):
				// The quick bot's move took thinkAfter only if the
				// machine's other work held it up that long.
				t.Errorf("a thinking line (%v):\n%q", r, text)
			}
		})
	}
}

// slowBot plays the first legal move once out holds until (or after most
// if it never does; until "" waits most).
type slowBot struct {
	out   *syncBuffer
	until string
	most  time.Duration
}

func (slowBot) Name() string { return "first" }

func (b slowBot) Think(ctx context.Context, g Game, _ Budget) Decision {
	for end := time.Now().Add(b.most); time.Now().Before(end) && ctx.Err() == nil; time.Sleep(time.Millisecond) {
		if b.until != "" && strings.Contains(b.out.String(), b.until) {
			break
		}
	}
	return Decision{Move: g.Moves(nil)[0]}
}

// Two bots at a terminal pause between moves (-delay), and an interrupt
// during the pause ends the game at once with the record so far.
func TestWatchDelay(t *testing.T) {
	var out strings.Builder
	tb := terminalSession(t, "ttt", "", &out)
	tb.seats, tb.delay = botsAt(firstBot{}, firstBot{}), 30*time.Millisecond
	var err error
	r := timeCall(0, func() { err = tb.run(context.Background(), func() Game { return NewTicTacToe() }) })
	if err != nil {
		t.Fatal(err)
	}
	// first against first: 0 1 2 3 4 5 6, X wins after 7 moves and 6
	// pauses (at least: other work on the machine only lengthens them).
	if r.took < 6*tb.delay {
		t.Errorf("a 7-move game took %v with pauses of %v", r.took, tb.delay)
	}
	inOrder(t, out.String(), "first plays X and moves first; first plays O\n", "first (O) plays 5\n", "X wins\nmoves: 0123456\n")

	// The interrupt comes in the pause after X's move: once the move is
	// out, not after a time, which a busy machine may stretch.
	var paused syncBuffer
	tb = terminalSession(t, "ttt", "", &paused)
	tb.seats, tb.delay = botsAt(firstBot{}, firstBot{}), time.Hour
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- tb.play(ctx, NewTicTacToe()) }()
	for deadline := time.Now().Add(waitLimit); !strings.HasSuffix(paused.String(), "first (X) plays 0\n"); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no move after %v:\n%q", waitLimit, paused.String())
		}
	}
	interrupt(t, cancel, done)
	if !strings.HasSuffix(paused.String(), "first (X) plays 0\n\r\x1b[Kmoves: 0\n"+resumeWords+"0\n") {
		t.Errorf("interrupted watch:\n%q", paused.String())
	}
}

// The intro wraps at spaces to the width (80 when unknown).
func TestIntroWraps(t *testing.T) {
	spec, _ := findGame("adj")
	for _, width := range []int{0, 30, 50, 80} {
		var out strings.Builder
		tb, _ := newSession(t, "adj", "", &out)
		tb.width = width
		tb.play(context.Background(), spec.start(nil))
		intro, _, _ := strings.Cut(out.String(), "\n---")
		limit := cmp.Or(width, 80)
		for _, line := range strings.Split(intro, "\n") {
			if len(line) > limit {
				t.Errorf("width %d: line of %d: %q", width, len(line), line)
			}
		}
		if got := strings.Join(strings.Fields(intro), " "); got != spec.words.intro {
			t.Errorf("width %d: the intro reads %q", width, got)
		}
		if width == 30 && strings.Count(intro, "\n") < 4 {
			t.Errorf("width 30: not wrapped:\n%s", intro)
		}
	}
}

// In colour the board underlines the last move (in Adjacency with the
// marks it turned) and shows a winning line in reverse video; without
// colour it is the original's.
func TestHighlights(t *testing.T) {
	for _, tt := range []struct {
		game, record string
		last, win    int // highlighted cells
	}{
		{"ttt", "04", 1, 0},
		{"ttt", "03142", 1, 3}, // X wins the top row with 2
		{"c4", "4435", 1, 0},
		{"c4", "1212121", 1, 4}, // X wins column 1
		{"c4", "", 0, 0},
		{"adj", "40,41", 3, 0}, // O's 41 turns X's 40 and 49
		{"adj", "", 0, 0},
	} {
		t.Run(tt.game+" "+tt.record, func(t *testing.T) {
			spec, _ := findGame(tt.game)
			g, err := spec.parseRecord(tt.record, nil)
			if err != nil {
				t.Fatal(err)
			}
			colored := g.Render(true)
			if got := strings.Count(colored, colorLast); got != tt.last {
				t.Errorf("%d cells underlined, want %d:\n%s", got, tt.last, colored)
			}
			if got := strings.Count(colored, colorWin); got != tt.win {
				t.Errorf("%d cells in reverse, want %d:\n%s", got, tt.win, colored)
			}
			if plain := g.Render(false); strings.Contains(plain, "\x1b") {
				t.Errorf("colour without colour:\n%q", plain)
			}
		})
	}
}

// An over-long line at the pipe prompt is refused whole: cut at 1 MiB,
// "4" and a mile of spaces would read as the move 4. Its echo is short,
// and the game goes on to seed 003's end.
func TestPipePromptRefusesOverLongLine(t *testing.T) {
	var out strings.Builder
	script := "4" + strings.Repeat(" ", maxLine) + "5\n4\n2\n3\n8\n"
	tb, _ := newSession(t, "ttt", script, &out)
	g := NewTicTacToe()
	if err := tb.play(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	if got := tb.spec.record(g); got != "041263587" {
		t.Errorf("record %s, want seed 003's 041263587", got)
	}
	if n := strings.Count(out.String(), "that line is longer than 1 MiB"); n != 1 {
		t.Errorf("%d refusals, want 1", n)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if len(line) > 100 {
			t.Errorf("an output line of %d bytes: %.60q...", len(line), line)
		}
	}
}

// The record commands at the prompt: board redraws (as the board before
// the move was drawn, the last move in brackets at a terminal without
// colour), moves prints the
// record, load plays on from a position (undo stops there; a bad record
// changes nothing), new prints the record of the game it drops; a -moves
// start is a position undo cannot go behind either.
func TestRecordCommands(t *testing.T) {
	tests := []struct {
		name, script string
		start        string // the session's starting record
		want         []string
		tail         string
	}{
		{"board and moves", "4\nboard\nmoves\nquit\n", "",
			[]string{"O to move, enter the number: board\n---------\n| X[X]2 |\n| 3 O 5 |\n| 6 7 8 |\n---------\n", "O to move, enter the number: moves\nmoves: 041\n"},
			"O to move, enter the number: quit\nmoves: 041\n" + resumeWords + "041\n"},
		{"load, undo back to it, not before", "load 0481\nundo\n5\nundo\nmoves\nquit\n", "",
			[]string{"O to move, enter the number: load 0481\n", "nothing to undo: you have not moved yet\n", "O to move, enter the number: 5\n",
				"O to move, enter the number: undo\n", "O to move, enter the number: moves\nmoves: 04812\n"},
			"O to move, enter the number: quit\nmoves: 04812\n" + resumeWords + "04812\n"},
		{"a bad load changes nothing", "4\nload 44\nload\nmoves\nquit\n", "",
			[]string{`load "44": illegal: cell 4 is taken at move 2; the position is unchanged` + "\n",
				"load what? type load and a record, like the moves line prints\n", "moves: 041\n"},
			"O to move, enter the number: quit\nmoves: 041\n" + resumeWords + "041\n"},
		{"new prints the dropped record", "4\nnew\nmoves\nquit\n", "",
			[]string{"O to move, enter the number: new\nmoves: 041\nnew game\n", "O to move, enter the number: moves\nmoves: 0\n"},
			"O to move, enter the number: quit\nmoves: 0\n" + resumeWords + "0\n"},
		{"a -moves start", "undo\n5\nundo\nmoves\nnew\nquit\n", "48",
			[]string{"nothing to undo: you have not moved yet\n", "O to move, enter the number: moves\nmoves: 480\n", "new\nmoves: 480\nnew game\n"},
			"O to move, enter the number: quit\nmoves: 480\n" + resumeWords + "480\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			tb := terminalSession(t, "ttt", tt.script, &out)
			tb.seats = botsAt(firstBot{}, nil)
			spec, _ := findGame("ttt")
			err := tb.run(context.Background(), func() Game {
				g, err := spec.parseRecord(tt.start, nil)
				if err != nil {
					t.Fatal(err)
				}
				return g
			})
			if !errors.Is(err, errQuit) {
				t.Fatalf("session: %v, want quit\n%s", err, out.String())
			}
			text := out.String()
			inOrder(t, text, tt.want...)
			if !strings.HasSuffix(text, tt.tail) {
				t.Errorf("output does not end %q:\n%s", tt.tail, text)
			}
		})
	}
}

// With a person at a terminal, Ctrl-C while the bot thinks is "move now":
// the bot's best move so far is played and the game goes on; during a hint
// the hint so far is shown; twice within a second it ends the game.
func TestCtrlCMovesNow(t *testing.T) {
	tests := []struct {
		name    string
		hint    bool // the slow search is the hint's, not the bot's
		verbose bool // -v
		presses int
		want    error
		says    string
		moves   []Move
	}{
		{"bot's move", false, false, 1, errQuit, "started (X) plays 0 (Ctrl-C: its best move so far)\n", []Move{0}},
		{"bot's move, -v", false, true, 1, errQuit, "started (X) plays 0 (Ctrl-C: its best move so far): stopped before a score,", []Move{0}},
		{"hint", true, false, 1, errQuit, "(Ctrl-C: the hint so far) hint: 1 (started: stopped before a score)\n", []Move{0}},
		{"twice quits", false, false, 2, errInterrupted, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			in := &interrupter{quit: cancel}
			var out syncBuffer
			script := "q\n"
			if tt.hint {
				script = "hint\nq\n"
			}
			tb := terminalSession(t, "ttt", "", &out)
			tb.verbose = tt.verbose
			pr, pw := io.Pipe()
			defer pw.Close()
			tb.in, tb.moveNow = newPipeReader(pr, &out), in
			slow := startedBot{started: make(chan struct{}, 1)}
			if tt.hint {
				tb.seats, tb.hinter = botsAt(firstBot{}, nil), slow
			} else {
				tb.seats = botsAt(slow, nil)
			}
			g := NewTicTacToe()
			done := make(chan error, 1)
			go func() { done <- tb.play(ctx, g) }()
			if tt.hint {
				pw.Write([]byte("hint\n"))
			}
			select {
			case <-slow.started:
			case err := <-done:
				t.Fatalf("the game ended before the search began: %v\n%s", err, out.String())
			}
			if tt.presses == 2 {
				interrupt(t, func() { in.interrupt(); in.interrupt() }, done)
				return
			}
			in.interrupt()
			deadline := time.Now().Add(waitLimit)
			for !strings.Contains(out.String(), "enter the number: ") || !strings.Contains(out.String(), tt.says) {
				if time.Now().After(deadline) {
					t.Fatalf("no %q after the interrupt:\n%s", tt.says, out.String())
				}
				select {
				case err := <-done:
					t.Fatalf("the game ended: %v\n%s", err, out.String())
				case <-time.After(time.Millisecond):
				}
			}
			pw.Write([]byte(script[len(script)-2:]))
			if err := <-done; !errors.Is(err, tt.want) {
				t.Errorf("error %v, want %v", err, tt.want)
			}
			if h := g.History(); fmt.Sprint(h) != fmt.Sprint(tt.moves) {
				t.Errorf("moves %v, want %v:\n%s", h, tt.moves, out.String())
			}
			if !strings.Contains(tb.help(g), "Ctrl-C while the bot thinks or a hint runs: move now") {
				t.Errorf("help does not say what Ctrl-C does:\n%s", tb.help(g))
			}
		})
	}
}

// A hint stopped before its search scored anything says so, rather than
// print a placeholder 0 as a guess from depth 0; a search that did finish
// a depth keeps its guess, and the solver always finishes the first depth
// of its guess (c4solverguess.go), which says what it rests on.
func TestHintStoppedBeforeAScore(t *testing.T) {
	tests := []struct {
		game, record string
		hinter       Bot
		want         string
	}{
		// What the solver proves comes from its table, which other tests
		// fill: the end of the line varies.
		{"c4", "2531276566711153", nil, ": depth-limited, threats, depth 1; 0 probes: "},
		{"ttt", "0", fixedBot{Decision{Move: 4, Stats: Stats{Score: 3, Depth: 2}}}, "hint: 4 (fixed: +3 by the open-lines count, a guess from depth 2)"},
		{"ttt", "0", fixedBot{Decision{Move: 4}}, "hint: 4 (fixed: stopped before a score)"},
	}
	for _, tt := range tests {
		t.Run(tt.game, func(t *testing.T) {
			tb, spec := newSession(t, tt.game, "", io.Discard)
			if tt.hinter != nil {
				tb.hinter = tt.hinter
			}
			g, err := spec.parseRecord(tt.record, nil)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel() // Ctrl-C before the search begins
			if got := tb.hint(ctx, g); !strings.HasPrefix(got, "hint: ") || !strings.Contains(got, tt.want) {
				t.Errorf("hint %q, want it to hold %q", got, tt.want)
			}
		})
	}
}

// fixedBot answers every position with the same decision.
type fixedBot struct{ d Decision }

func (fixedBot) Name() string                                   { return "fixed" }
func (b fixedBot) Think(context.Context, Game, Budget) Decision { return b.d }

// verboseLine is the first -v line of out that starts with start, its
// continuation lines (broken at 80 columns, indented by four spaces)
// joined to it: "" if there is none.
func verboseLine(out, start string) string {
	i := strings.Index(out, start)
	if i < 0 {
		return ""
	}
	lines := strings.Split(out[i:], "\n")
	line := lines[0]
	for _, more := range lines[1:] {
		if !strings.HasPrefix(more, "    ") {
			break
		}
		line += " " + strings.TrimPrefix(more, "    ")
	}
	return line
}

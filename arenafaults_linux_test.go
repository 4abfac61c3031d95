package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The faults a results file meets, tried on the program itself: the test
// binary run as the program (programEnv), in a process of its own, killed,
// limited and starved as a real run is (docs/results.md says what each
// does). Linux: the limits, /proc and mkfifo.

const (
	// fsizeEnv, when set, is the file-size limit (RLIMIT_FSIZE, bytes)
	// the test binary sets on itself before it runs as the program: the
	// limit a child must have from its first write.
	fsizeEnv = "BOARDBOTS_FSIZE_LIMIT"
	// slowEngineArg, as the test binary's first argument, makes it the
	// slow engine (slowEngine).
	slowEngineArg = "-boardbots-slow-engine"
)

func init() {
	if v := os.Getenv(fsizeEnv); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n}) != nil {
			os.Exit(3)
		}
	}
	if len(os.Args) == 4 && os.Args[1] == slowEngineArg {
		os.Exit(slowEngine(os.Args[2], os.Args[3]))
	}
}

// slowEngine is a Tic-Tac-Toe engine of our protocol that takes the first
// free cell at once, but at the position slowAt, where it answers nothing
// until the program is gone (its input closed); it adds a line to the
// file marks each time a game ends (result), and writes its process id
// to marks+".slow" when it starts to wait.
func slowEngine(slowAt, marks string) int {
	lines, eof := make(chan string), make(chan struct{})
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(eof)
	}()
	record := ""
	for {
		var line string
		select {
		case <-eof:
			return 0
		case line = <-lines:
		}
		w := strings.Fields(line)
		switch {
		case len(w) == 2 && w[0] == "position":
			record = strings.TrimPrefix(w[1], "-")
		case len(w) > 0 && w[0] == "go" && record == slowAt:
			os.WriteFile(marks+".slow", []byte(strconv.Itoa(os.Getpid())), 0o644)
			select {
			case <-eof:
			case <-time.After(2 * time.Minute):
			}
			return 0
		case len(w) > 0 && w[0] == "go":
			for c := '0'; c <= '8'; c++ {
				if !strings.ContainsRune(record, c) {
					fmt.Printf("move %c\n", c)
					break
				}
			}
		case len(w) > 0 && w[0] == "result":
			f, err := os.OpenFile(marks, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
			if err != nil {
				return 1
			}
			f.WriteString("ended\n")
			f.Close()
		case len(w) > 0 && w[0] == "quit":
			return 0
		}
	}
}

// child is the program run in a process of its own on args, with env
// added to its environment.
func child(ctx context.Context, env []string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), programEnv+"=1"), env...)
	return cmd
}

// runChild runs the program to its end (two minutes at most) and returns
// its exit status and output.
func runChild(t *testing.T, env []string, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := child(ctx, env, args...)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Fatalf("%v: still running after two minutes", args)
	case errors.As(err, &exit):
		return exit.ExitCode(), out.String(), errOut.String()
	case err != nil:
		t.Fatalf("%v: %v", args, err)
	}
	return 0, out.String(), errOut.String()
}

// fileLines are a file's lines; whole says every line ends with its
// newline.
func fileLines(t *testing.T, path string) (lines []string, whole bool) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	if len(data) == 0 {
		return nil, true
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n"), data[len(data)-1] == '\n'
}

// poll waits for cond, checking every 20 ms for at most a minute (the
// deadline only a hung run meets), and says whether it held.
func poll(cond func() bool) bool {
	for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}

// kill -9 under -jobs 2: one game hangs (its engine never answers) while
// the other worker plays every other game. Each game is on disk the
// moment it ends, before the games ahead of it do: the file holds every
// game that ended, and after the kill every line is whole. (The program
// before kept them in memory behind the hung game: 1 line of 19.)
// Under -grade each game is graded before it is written: every line
// kept has its grades.
func TestKill9KeepsEveryGameEnded(t *testing.T) {
	t.Parallel() // its processes are its own and it reads no clock: runs beside the others at the end
	dir := t.TempDir()
	marks, out, suite := filepath.Join(dir, "ended"), filepath.Join(dir, "games.jsonl"), filepath.Join(dir, "suite.txt")
	// Pair 1 opens at the centre: the engine as O (game 2) faces "4"
	// and waits; as X (game 1) it faces two plies and plays. The other
	// pairs open with two plies.
	if err := os.WriteFile(suite, []byte("4\n01\n02\n03\n05\n06\n07\n08\n12\n13\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	engine := "slow=" + shellQuote(os.Args[0]) + " " + slowEngineArg + " 4 " + shellQuote(marks)
	// -time: the engine's time a move, far beyond the test, so that the
	// hung game is not lost on time while the others are played.
	cmd := child(context.Background(), nil, "-game", "ttt", "-engine", engine, "-x", "slow", "-o", "random", "-games", "20",
		"-openings", suite, "-time", "10m", "-seed", "1", "-jobs", "2", "-grade", "0", "-out", out)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	waited := false
	defer func() {
		if !waited {
			cmd.Process.Kill()
			<-done
		}
	}()
	ended := func() int { lines, _ := fileLines(t, marks); return len(lines) }
	onDisk := func() int { lines, _ := fileLines(t, out); return len(lines) }
	if !poll(func() bool { return ended() == 19 && onDisk() == 20 }) {
		t.Fatalf("%d games ended, %d lines in the file, want 19, and the run line and 19 games with game 2 hung; stderr: %s", ended(), onDisk(), errOut.String())
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err := <-done
	waited = true
	if err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("the program ended with %v, want killed", err)
	}
	lines, whole := fileLines(t, out)
	var numbers []int
	for _, line := range lines[1:] { // after the run line
		rec, ok, err := parseRecordLine([]byte(line))
		if !ok || err != nil || rec.End == endInterrupted || rec.X.Grade == nil || rec.O.Grade == nil {
			t.Errorf("line %q: %v", line, err)
		}
		numbers = append(numbers, rec.Number)
	}
	slices.Sort(numbers)
	want := []int{1}
	for n := 3; n <= 20; n++ {
		want = append(want, n)
	}
	if !whole || !slices.Equal(numbers, want) {
		t.Errorf("after kill -9: games %v (every line whole: %v), want %v", numbers, whole, want)
	}
	// The hung engine ends once the program is gone: no process left.
	pid, err := os.ReadFile(marks + ".slow")
	if err != nil {
		t.Fatal(err)
	}
	if !poll(func() bool { return !processAlive(string(pid)) }) {
		t.Errorf("the hung engine, process %s, outlived the program", pid)
	}
}

// processAlive says the process of that id runs (and is no zombie).
func processAlive(pid string) bool {
	status, err := os.ReadFile("/proc/" + pid + "/status")
	return err == nil && !regexp.MustCompile(`(?m)^State:\s+Z`).Match(status)
}

// A torn last line (a run killed, or a disk that filled, while writing
// it) is left out by -rate with a word, and cut back by the next run onto
// the file, which then plays the game again: nothing lost, nothing
// counted twice. A bad line elsewhere, or a last line that is no record
// cut short (another kind of file), is refused with its line number, and
// the file left as it was.
func TestTornLastLine(t *testing.T) {
	t.Parallel() // its processes are its own and it reads no clock: runs beside the others at the end
	dir := t.TempDir()
	path := filepath.Join(dir, "games.jsonl")
	args := []string{"-game", "ttt", "-x", "alphabeta", "-o", "random", "-games", "6", "-seed", "1", "-jobs", "2", "-out", path}
	if status, _, errText := runChild(t, nil, args...); status != 0 {
		t.Fatalf("status %d: %s", status, errText)
	}
	whole, _ := fileLines(t, path)
	data, _ := os.ReadFile(path)
	if len(whole) != 7 {
		t.Fatalf("%d lines, want the run line and 6 games", len(whole))
	}
	keys := func(lines []string) []string {
		var ks []string
		for _, line := range lines {
			rec, _, err := parseRecordLine([]byte(line))
			if err != nil {
				t.Fatal(err)
			}
			if rec.Type == "run" {
				continue // a rerun writes its own
			}
			ks = append(ks, fmt.Sprint(rec.id(), rec.Record, rec.Result))
		}
		slices.Sort(ks)
		return ks
	}
	last := len(data) - len(whole[6]) - 1 // where line 7, game 6, starts
	for _, tc := range []struct {
		name, tail string
		why        string // the note's words; "" for a refusal
	}{
		{"cut short", whole[6][:len(whole[6])/2], "no newline at its end"},
		{"no newline", whole[6], "no newline at its end"},
		{"sealed", whole[6][:40] + "\n", "not a whole record"},
		{"NUL bytes", "\x00\x00\x00\x00\n", "not a whole record"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(path, append(slices.Clone(data[:last]), tc.tail...), 0o644); err != nil {
				t.Fatal(err)
			}
			status, out, errText := runChild(t, nil, "-rate", path)
			if status != 0 || !strings.HasPrefix(out, "Tic-Tac-Toe results: 2 bots, 5 games from 1 file, the torn last line of "+path+" left out\n") {
				t.Errorf("-rate: status %d, %q, %q", status, out, errText)
			}
			status, out, errText = runChild(t, nil, args...)
			note := "boardbots: -out " + path + ": its last line (line 7, " + tc.why + ") was torn: cut back to the 6 whole lines before it\n"
			if status != 0 || errText != note || !strings.Contains(out, "resuming: 5 of 6 games already in "+path+"\n") {
				t.Errorf("resumed: status %d, stderr %q, stdout %q; want the note %q", status, errText, out, note)
			}
			got, lineEnds := fileLines(t, path)
			if !lineEnds || !slices.Equal(keys(got), keys(whole)) {
				t.Errorf("after the resumed run:\n%s\nwant the games of one run:\n%s", strings.Join(got, "\n"), strings.Join(whole, "\n"))
			}
			status, out, _ = runChild(t, nil, "-rate", path)
			if status != 0 || !strings.HasPrefix(out, "Tic-Tac-Toe results: 2 bots, 6 games from 1 file\n") {
				t.Errorf("-rate after: status %d, %q", status, out)
			}
		})
	}
	for _, tc := range []struct{ name, text, rate, resume string }{
		{"bad middle line", strings.Join(whole[:2], "\n") + "\nnot json\n" + strings.Join(whole[3:], "\n") + "\n",
			path + " line 3: not a JSON object", path + " line 3: not a JSON object"},
		{"another kind of file", "just a note", "no games in " + path, path + " line 1: no newline at its end, and not a game record cut short"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			if status, _, errText := runChild(t, nil, "-rate", path); status != 2 || !strings.Contains(errText, tc.rate) || strings.Count(errText, "\n") != 1 {
				t.Errorf("-rate: status %d, %q; want 2 and %q", status, errText, tc.rate)
			}
			if status, out, errText := runChild(t, nil, args...); status != 2 || out != "" || !strings.Contains(errText, tc.resume) || strings.Count(errText, "\n") != 1 {
				t.Errorf("-out: status %d, %q, %q; want 2 and %q", status, out, errText, tc.resume)
			}
			if after, _ := os.ReadFile(path); string(after) != tc.text {
				t.Errorf("the file changed:\n%q\nwas:\n%q", after, tc.text)
			}
		})
	}
}

// A write that fails (here the file-size limit, as a full disk fails
// one) stops the run at once with one line and exit status 1, the file
// whole: the part of the line written is cut back, and the games printed
// are the games kept. A rerun with room
// resumes it and loses nothing. -make-book under the limit keeps the
// book it had, whole, and exits 1 (before: the book shrank to the
// limit, exit 0). The Go runtime catches SIGXFSZ, so the program is not
// killed by it: the write returns EFBIG ("file too large").
func TestFullFileStopsTheRun(t *testing.T) {
	t.Parallel() // its processes are its own and it reads no clock: runs beside the others at the end
	dir := t.TempDir()
	path := filepath.Join(dir, "games.jsonl")
	args := []string{"-game", "ttt", "-x", "alphabeta", "-o", "random", "-games", "12", "-seed", "1", "-jobs", "2", "-out", path}
	status, out, errText := runChild(t, []string{fsizeEnv + "=2000"}, args...)
	lines, whole := fileLines(t, path)
	st, _ := os.Stat(path)
	if status != 1 || strings.Count(errText, "\n") != 1 || !strings.Contains(errText, "could not be kept: write "+path+": file too large") {
		t.Errorf("status %d, stderr %q; want 1 and one line saying the file is too large", status, errText)
	}
	if !whole || len(lines) == 0 || len(lines) >= 12 || st.Size() > 2000 {
		t.Errorf("%d lines, %d bytes, every line whole: %v; want some of the 12 games, within 2000 bytes, whole", len(lines), st.Size(), whole)
	}
	if strings.Contains(out, "total:") || len(gameLines(out)) != len(lines)-1 {
		t.Errorf("%d games kept (after the run line), want as many lines printed, and no tables:\n%s", len(lines)-1, out)
	}
	status, out, errText = runChild(t, nil, args...)
	after, whole := fileLines(t, path)
	if status != 0 || !whole || len(after) != 14 || !strings.Contains(out, fmt.Sprintf("resuming: %d of 12 games", len(lines)-1)) {
		t.Errorf("the rerun: status %d, %d lines, %s%s", status, len(after), out, errText)
	}

	book := filepath.Join(dir, "book.bin")
	data, err := os.ReadFile("c4book.bin")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(book, data, 0o644); err != nil {
		t.Fatal(err)
	}
	status, _, errText = runChild(t, []string{fsizeEnv + "=100000"}, "-make-book", book)
	kept, _ := os.ReadFile(book)
	left, _ := filepath.Glob(filepath.Join(dir, ".book.bin.tmp*"))
	if status != 1 || !strings.Contains(errText, "file too large: the build stops, the file holds the book of the save before") ||
		!bytes.Equal(kept, data) || len(left) != 0 {
		t.Errorf("-make-book under a 100 KB limit: status %d, %q; the book %d bytes of %d (same: %v), left %v",
			status, errText, len(kept), len(data), bytes.Equal(kept, data), left)
	}
}

// -out reads back only a regular file: a pipe (also /dev/stdout onto
// one), a device or a directory is refused in one line before any game,
// exit status 2, at once (before, /dev/stdout onto a pipe hung for good
// and /dev/zero grew without end); so is a file of another game's
// records, left as it was.
func TestOutRefusesOtherFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	c4 := filepath.Join(dir, "c4.jsonl")
	if status, _, errText := runChild(t, nil, "-game", "c4", "-x", "random", "-o", "random", "-games", "2", "-seed", "1", "-out", c4); status != 0 {
		t.Fatal(errText)
	}
	c4Data, _ := os.ReadFile(c4)
	for _, tc := range []struct{ out, want string }{
		{fifo, "-out " + fifo + ": a pipe: accepted is a regular file"},
		{"/dev/stdout", "-out /dev/stdout: a pipe: accepted is a regular file"},
		{"/dev/zero", "-out /dev/zero: a terminal or a character device: accepted is a regular file"},
		{dir, "-out " + dir + ": a directory: accepted is a regular file"},
		{c4, "-out " + c4 + " line 2: a game of connect4 (height 6, width 7), and this run plays ttt: -out keeps the games of one game a file"},
	} {
		status, out, errText := runChild(t, nil, "-game", "ttt", "-x", "random", "-o", "random", "-games", "2", "-seed", "1", "-out", tc.out)
		if status != 2 || out != "" || !strings.HasPrefix(errText, "boardbots: "+tc.want) || strings.Count(errText, "\n") != 1 {
			t.Errorf("-out %s: status %d, stdout %q, stderr %q; want 2 and %q", tc.out, status, out, errText, tc.want)
		}
	}
	if after, _ := os.ReadFile(c4); !bytes.Equal(after, c4Data) {
		t.Errorf("the Connect Four file changed")
	}
}

// A huge -games deals its games as they are played: the schedule, the
// openings and the figures of a run of a billion games take no more
// memory than a short run's (before, a 12 GB allocation, 15.9 GB
// resident within 6 s). The child's peak resident memory (VmHWM) stays
// under 200 MB while it plays two thousand games.
func TestHugeGamesBoundedMemory(t *testing.T) {
	t.Parallel() // its processes are its own and it reads no clock: runs beside the others at the end
	for _, args := range [][]string{
		{"-game", "c4", "-x", "random", "-o", "random", "-games", "1000000000"},
		{"-game", "ttt", "-tournament", "random,alphabeta:depth=1,minimax:depth=1", "-games", "1000000000", "-shard", "2/3"},
	} {
		t.Run(args[1]+" "+args[2], func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "games.jsonl")
			cmd := child(context.Background(), nil, append(args, "-seed", "1", "-jobs", "2", "-out", out)...)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() {
				cmd.Process.Kill()
				cmd.Wait()
			}()
			// Peak resident memory, in kB: polled while the games go,
			// so that a run whose memory grows fails at once.
			peak := func() int {
				status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid))
				if err != nil {
					t.Fatal(err)
				}
				m := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(status)
				if m == nil {
					t.Fatalf("no VmHWM in %s", status)
				}
				kb, _ := strconv.Atoi(string(m[1]))
				return kb
			}
			const limit = 200 << 10
			played := func() int { lines, _ := fileLines(t, out); return len(lines) }
			if !poll(func() bool { return played() >= 2000 || peak() > limit }) {
				t.Fatalf("%d games played within a minute, want 2000", played())
			}
			if kb := peak(); kb > limit {
				t.Errorf("peak resident memory %d MB after %d games, want under %d MB", kb>>10, played(), limit>>10)
			}
		})
	}
}

// A write error on standard output or on -trace-out's file (here
// /dev/full, a disk always full) is one line and exit status 1, not
// ignored.
func TestOutputWriteErrors(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	for _, tc := range []struct {
		args   []string
		stdout *os.File // nil: a pipe
		want   string
	}{
		{[]string{"-game", "ttt", "-x", "random", "-o", "random", "-games", "2", "-seed", "1"}, full,
			"boardbots: standard output: write /dev/stdout: no space left on device\n"},
		{[]string{"-game", "ttt", "-analyze", "-trace", "1", "-trace-out", "/dev/full"}, nil,
			"boardbots: -trace-out /dev/full: write /dev/full: no space left on device\n"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		cmd := child(ctx, nil, tc.args...)
		cmd.Stdin = strings.NewReader("\n4\n")
		var errOut strings.Builder
		cmd.Stderr = &errOut
		if tc.stdout != nil {
			cmd.Stdout = tc.stdout
		}
		err := cmd.Run()
		cancel()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 || errOut.String() != tc.want {
			t.Errorf("%v: %v, stderr %q; want exit status 1 and %q", tc.args, err, errOut.String(), tc.want)
		}
	}
}

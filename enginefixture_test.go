package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Fixture engines, built from the test binary itself so that the tests
// need no other toolchain: TestMain runs the engine named by the
// environment variable BOARDBOTS_FIXTURE instead of the tests. One plays
// our protocol correctly, one the riddles.io protocol, and the others each
// commit one fault.

// fixtureEnv selects the fixture; fixtureLogEnv, if set, is a file that
// the good fixture writes its conversation to ("> " what it read, "< "
// what it wrote).
const (
	fixtureEnv    = "BOARDBOTS_FIXTURE"
	fixtureLogEnv = "BOARDBOTS_FIXTURE_LOG"
	// fixtureUnlinkEnv is the file the "unlink" fixture removes.
	fixtureUnlinkEnv = "BOARDBOTS_FIXTURE_UNLINK"
	// programEnv makes the test binary run as the program, on its
	// arguments: the docs' examples run so, each in a process of its own
	// as "go run ." would, its caches (the solver's table) new.
	programEnv = "BOARDBOTS_AS_PROGRAM"
)

func TestMain(m *testing.M) {
	if behaviour := os.Getenv(fixtureEnv); behaviour != "" {
		os.Exit(runFixture(behaviour, os.Stdin, os.Stdout))
	}
	if os.Getenv(programEnv) != "" { // the program itself, in a fresh process
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	// The engines' logs go to a directory a run makes under $TMPDIR: the
	// tests' runs make theirs here, removed at the end.
	tmp, err := os.MkdirTemp("", "boardbots-tests-")
	if err == nil {
		os.Setenv("TMPDIR", tmp)
	}
	code := m.Run()
	fixtureEngines.close()
	if err == nil {
		os.RemoveAll(tmp)
	}
	os.Exit(code)
}

// fixtureEngines are the fixture engines' group: TestMain ends whatever
// of theirs a failed test left running.
var fixtureEngines = &engineGroup{}

// fixtureEngine is a declared engine running the fixture behaviour.
func fixtureEngine(t testing.TB, name, behaviour string) *engineDecl {
	t.Helper()
	value := name + "=" + shellQuote(os.Args[0])
	if strings.HasPrefix(behaviour, "riddles") {
		value = name + "=riddles:" + shellQuote(os.Args[0])
	}
	d, err := parseEngine(value, fixtureEngines)
	if err != nil {
		t.Fatal(err)
	}
	d.env = []string{fixtureEnv + "=" + behaviour}
	if behaviour == "silent" {
		d.startup = 200 * time.Millisecond // its first move is the one it loses
	}
	return d
}

// withEngines is a registry with the engines declared, as -engine makes
// one for a run.
func withEngines(t testing.TB, decls ...*engineDecl) *registry {
	t.Helper()
	var bots []*botDecl
	for i, d := range decls {
		bots = append(bots, engineBotDecl(d, 1000+i))
	}
	reg, err := newRegistry(bots...)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// fixtureChoice is the good fixtures' move: one of the legal moves, by
// the length of the game, so that a game repeats exactly.
func fixtureChoice(g Game) Move {
	moves := g.Moves(nil)
	return moves[(len(g.History())*5+3)%len(moves)]
}

// runFixture plays the fixture behaviour on in and out and returns its
// exit status.
func runFixture(behaviour string, in io.Reader, out io.Writer) int {
	switch behaviour {
	case "crash-start":
		fmt.Fprintln(os.Stderr, "fixture: crashing at the start")
		return 3
	case "slow-start":
		time.Sleep(700 * time.Millisecond) // over a move's 100 ms and the grace, within the allowance
	case "unlink": // its own program goes, as a student rebuilding it might make it go
		os.Remove(os.Getenv(fixtureUnlinkEnv))
	case "noisy":
		os.Stderr.WriteString(strings.Repeat(strings.Repeat("n", 99)+"\n", 9000)) // 900 kB, under the 1 MiB of a process
	case "flood-stderr":
		chunk := strings.Repeat("e", 1023) + "\n"
		for range 2 << 10 {
			if _, err := io.WriteString(os.Stderr, chunk); err != nil {
				return 1
			}
		}
	}
	if strings.HasPrefix(behaviour, "riddles") {
		return riddlesFixture(behaviour, in, out)
	}
	var log io.Writer = io.Discard
	if path := os.Getenv(fixtureLogEnv); path != "" {
		f, err := os.Create(path)
		if err != nil {
			return 1
		}
		defer f.Close()
		log = f
	}
	w := bufio.NewWriter(out)
	say := func(line string) {
		fmt.Fprintf(log, "< %s\n", line)
		end := "\n"
		if behaviour == "crlf" {
			end = "\r\n"
		}
		if behaviour == "split" {
			// The line in three writes, a pause between.
			for _, part := range []string{line[:2], line[2:], end} {
				w.WriteString(part)
				w.Flush()
				time.Sleep(2 * time.Millisecond)
			}
			return
		}
		w.WriteString(line + end)
		w.Flush()
	}
	var spec *gameSpec
	opt := gameOptions{}
	record, answered := "", 0
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := sc.Text()
		fmt.Fprintf(log, "> %s\n", line)
		words := strings.Fields(line)
		if len(words) == 0 {
			say("error: an empty line")
			continue
		}
		switch words[0] {
		case "boardbots", "side", "result", "option":
		case "game":
			var err error
			if spec, err = findGame(words[1]); err != nil {
				say("error: " + err.Error())
			}
			for i := 2; i+1 < len(words); i += 2 {
				opt[words[i]], _ = strconv.Atoi(words[i+1])
			}
		case "position":
			record = strings.TrimPrefix(words[1], "-")
		case "go":
			g, err := spec.parseRecord(record, opt)
			if err != nil {
				say("error: " + err.Error())
				continue
			}
			answered++
			m := g.FormatMove(fixtureChoice(g))
			switch {
			case behaviour == "crash-mid" && answered == 3:
				return 4
			case behaviour == "silent":
				continue // as a program whose output is never flushed
			case behaviour == "hang" && answered == 3:
				time.Sleep(time.Hour)
			case behaviour == "garbage":
				say("hello there")
				continue
			case behaviour == "exception":
				say("error java.lang.ClassNotFoundException: Runner at org.example.Main.main(Main.java:12)")
				continue
			case behaviour == "illegal":
				say("move 99")
				continue
			case behaviour == "long-line":
				say("info string " + strings.Repeat("x", 1<<20))
			case behaviour == "bad-info":
				say("info score high pv " + m + " " + m)
			case behaviour == "quiet":
				say("move " + m)
				continue
			case behaviour == "chatty":
				say("info string looking at " + m)
				say("info depth 2 string hello from the engine")
				say("move " + m)
				continue
			}
			say(fmt.Sprintf("info score %d depth 1 nodes %d pv %s", len(g.Moves(nil)), answered, m))
			say("move " + m)
		case "quit":
			if behaviour == "ignore-quit" {
				time.Sleep(time.Hour)
			}
			return 0
		default:
			say("error: unknown command " + words[0])
		}
	}
	return 0
}

// riddlesFixture plays the riddles.io protocol: the first column from the
// left with room after a number of columns given by the round, so that a
// game repeats exactly. "riddles-slow" thinks 400 ms a move, living off its
// time bank.
func riddlesFixture(behaviour string, in io.Reader, out io.Writer) int {
	var field []string
	sc := bufio.NewScanner(in)
	round, columns := 0, 0
	for sc.Scan() {
		words := strings.Fields(sc.Text())
		switch {
		case len(words) == 3 && words[0] == "settings" && words[1] == "field_columns":
			columns, _ = strconv.Atoi(words[2])
		case len(words) == 4 && words[0] == "update" && words[2] == "round":
			round, _ = strconv.Atoi(words[3])
		case len(words) == 4 && words[0] == "update" && words[2] == "field":
			field = strings.Split(words[3], ",")
		case len(words) == 3 && words[0] == "action":
			if behaviour == "riddles-slow" {
				time.Sleep(400 * time.Millisecond)
			}
			for i := range columns {
				col := (round + i) % columns
				if field[col] == "." { // the top row has room
					fmt.Fprintf(out, "place_disc %d\n", col)
					break
				}
			}
		}
	}
	return 0
}

// engineChildren counts this process's children still alive (or not yet
// waited for), from /proc; -1 where there is no /proc.
func engineChildren() int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return -1
	}
	self := strconv.Itoa(os.Getpid())
	n := 0
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold anything, so read
		// after its last parenthesis.
		rest := string(stat[strings.LastIndexByte(string(stat), ')')+1:])
		if f := strings.Fields(rest); len(f) > 1 && f[1] == self {
			n++
		}
	}
	return n
}

// noChildrenLeft fails the test if an engine process outlived it; where
// there is no /proc to count them in, it says that it could not look.
func noChildrenLeft(t *testing.T) {
	t.Helper()
	switch n := engineChildren(); {
	case n < 0:
		t.Log("no /proc here: whether an engine process outlived the test is not checked")
	case n > 0:
		t.Errorf("%d child processes left", n)
	}
}

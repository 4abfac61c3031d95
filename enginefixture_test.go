package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
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
	// programEnginesEnv is the fixture behaviour of the engines of the
	// program run so.
	programEnginesEnv = "BOARDBOTS_TEST_ENGINES"
	// filesEnv limits the program's open files (RLIMIT_NOFILE) to its
	// value, where that can be done.
	filesEnv = "BOARDBOTS_TEST_FILES"
)

func TestMain(m *testing.M) {
	if os.Getenv(keeperEnv) != "" { // the keeper of a run's engines
		os.Exit(runKeeper())
	}
	if behaviour := os.Getenv(fixtureEnv); behaviour != "" {
		os.Exit(runFixture(behaviour, os.Stdin, os.Stdout))
	}
	if os.Getenv(programEnv) != "" { // the program itself, in a fresh process
		if os.Getenv(testGamesEnv) == "" { // the program's own games only
			dropTestGames()
		}
		if n := os.Getenv(filesEnv); n != "" { // with few file descriptors
			limitFiles(n)
		}
		// What it starts is not the program: its engines are the fixture
		// its environment names.
		os.Unsetenv(programEnv)
		if behaviour := os.Getenv(programEnginesEnv); behaviour != "" {
			os.Setenv(fixtureEnv, behaviour)
		}
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
	d.env = []string{fixtureEnv + "=" + behaviour, markEnv + "=" + fixtureMark(t)}
	if behaviour == "silent" {
		d.startup = 200 * time.Millisecond // its first move is the one it loses
	}
	return d
}

// fixtureMark marks the processes of the fixture engines a test declares
// (fixtureEngine), and all they start: one mark for a test and its
// subtests, so that noFixturesLeft in a subtest also sees the engines its
// parent declared.
func fixtureMark(t testing.TB) string {
	top, _, _ := strings.Cut(t.Name(), "/")
	return fmt.Sprintf("fixtures-%d-%s", os.Getpid(), top)
}

// noFixturesLeft fails the test if a process of its fixture engines is
// still running: noChildrenLeft, but for the test's own processes only,
// so that it holds in a test that runs beside others (t.Parallel). As
// noChildrenLeft, it does not wait: the run that started them has ended
// them before it returned.
func noFixturesLeft(t *testing.T) {
	t.Helper()
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		t.Log("no /proc here: whether an engine process outlived the test is not checked")
		return
	}
	for _, pid := range marked(fixtureMark(t)) {
		cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		t.Errorf("engine process %d left: %q", pid, cmdline)
	}
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
	if status, done := fixtureStart(behaviour, out); done {
		return status
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
	say := fixtureSay(behaviour, out, log)
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
			if status, done := fixtureAnswer(behaviour, answered, g, say); done {
				return status
			}
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

// fixtureStart does what the behaviour does before it reads anything;
// done says the process ends there, with status.
func fixtureStart(behaviour string, out io.Writer) (status int, done bool) {
	switch behaviour {
	case "crash-start":
		fmt.Fprintln(os.Stderr, "fixture: crashing at the start")
		return 3, true
	case "cant-open": // as python3 says it, run where its script is not
		fmt.Fprintln(os.Stderr, fixtureCantOpen)
		return 2, true
	case "rambling": // a last line too long to quote whole: its end says why
		fmt.Fprintln(os.Stderr, strings.Repeat("x", 300)+": the cause")
		return 2, true
	case "tty": // the terminal, which is not an engine's: the error says so
		tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 5, true
		}
		fmt.Fprintln(tty, fixtureOnTerminal)
		tty.Close()
	case "env": // what reaches an engine of the environment
		var words []string
		for _, v := range [][2]string{{"secret", "SECRET_TOKEN"}, {"asked", "ASKED"}} {
			words = append(words, v[0]+"="+os.Getenv(v[1]))
		}
		for _, v := range [][2]string{{"home", "HOME"}, {"path", "PATH"}, {"engine", "BOARDBOTS_ENGINE"}} {
			words = append(words, fmt.Sprintf("%s=%t", v[0], os.Getenv(v[1]) != ""))
		}
		fmt.Fprintln(os.Stderr, strings.Join(words, " "))
		return 6, true
	case "fds": // the descriptors it was given: its three pipes, and no other
		fmt.Fprintln(os.Stderr, "open:", openDescriptors())
		return 7, true
	case "hog": // more memory than its limit
		fixtureHog = make([]byte, 64<<30)
		fixtureHog[len(fixtureHog)-1] = 1
		return 0, true
	case "sleeper": // what "daemon" starts: it outlives its engine unless ended
		time.Sleep(time.Hour)
		return 0, true
	case "slow-start":
		time.Sleep(700 * time.Millisecond) // over a move's 100 ms and the grace, within the allowance
	case "banner": // before it has read anything, and it reads only a while after
		fmt.Fprintln(out, "fixture 1.0 ready")
		time.Sleep(200 * time.Millisecond)
	case "unlink": // its own program goes, as a student rebuilding it might make it go
		os.Remove(os.Getenv(fixtureUnlinkEnv))
	case "daemon":
		// A grandchild in a session of its own, out of the engine's process
		// group, holding the engine's stdout and stderr, and never waited for.
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), fixtureEnv+"=sleeper")
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		cmd.SysProcAttr = setsid()
		if err := cmd.Start(); err != nil {
			return 1, true
		}
	case "noisy":
		os.Stderr.WriteString(strings.Repeat(strings.Repeat("n", 99)+"\n", 9000)) // 900 kB, under the 1 MiB of a process
	case "flood-stderr":
		chunk := strings.Repeat("e", 1023) + "\n"
		for range 2 << 10 {
			if _, err := io.WriteString(os.Stderr, chunk); err != nil {
				return 1, true
			}
		}
	}
	return 0, false
}

// fixtureCantOpen is the "cant-open" fixture's last words: an
// interpreter's path, the script's, and the cause at the end.
const fixtureCantOpen = "/usr/local/bin/python3: can't open file '/home/teacher/classes/second-class-2026/cls/alice/bot.py': [Errno 2] No such file or directory"

// fixtureOnTerminal is what the "tty" fixture writes on the terminal,
// if it can open it.
const fixtureOnTerminal = "an engine wrote on the terminal"

// fixtureHog keeps the "hog" fixture's allocation.
var fixtureHog []byte

// fixtureSay is the fixture's writer of a line, as the behaviour writes
// it, each line logged.
func fixtureSay(behaviour string, out, log io.Writer) func(string) {
	w := bufio.NewWriter(out)
	return func(line string) {
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
}

// fixtureFlood is how many info lines the "flood" fixture writes.
const fixtureFlood = 500000

// fixtureLines are the lines that the behaviours answering in a way of
// their own write for the move m, each line one write; nil for the
// others.
func fixtureLines(behaviour, m string) []string {
	switch behaviour {
	case "garbage":
		return []string{"hello there"}
	case "exception":
		return []string{"error java.lang.ClassNotFoundException: Runner at org.example.Main.main(Main.java:12)"}
	case "illegal":
		return []string{"move 99"}
	case "quiet":
		return []string{"move " + m}
	case "chatty":
		return []string{"info string looking at " + m, "info depth 2 string hello from the engine", "move " + m}
	case "twice": // both answers in one write
		return []string{"move " + m + "\nmove " + m}
	case "info-after":
		return []string{"move " + m + "\ninfo string done"}
	}
	return nil
}

// fixtureAnswer answers the go of its answered'th move in g as the
// behaviour does; done says the process ends there, with status.
func fixtureAnswer(behaviour string, answered int, g Game, say func(string)) (status int, done bool) {
	m := g.FormatMove(fixtureChoice(g))
	if lines := fixtureLines(behaviour, m); lines != nil {
		for _, l := range lines {
			say(l)
		}
		return 0, false
	}
	switch {
	case behaviour == "crash-mid" && answered == 3:
		return 4, true
	case behaviour == "silent":
		return 0, false // as a program whose output is never flushed
	case behaviour == "hang" && answered == 3:
		time.Sleep(time.Hour)
	case behaviour == "long-line":
		say("info string " + strings.Repeat("x", 1<<20))
	case behaviour == "bad-info":
		say("info score high pv " + m + " " + m)
	case behaviour == "twice-late":
		// The second answer once the program has asked again, and the
		// question read only a while after.
		say("move " + m)
		time.Sleep(300 * time.Millisecond)
		say("move " + m)
		time.Sleep(200 * time.Millisecond)
		return 0, false
	case behaviour == "daemon":
		time.Sleep(20 * time.Millisecond) // games long enough to be under way when a test signals
	case behaviour == "control":
		if answered == 2 {
			fmt.Fprintln(os.Stderr, "bye\x1b]0;owned\a\x1b[2J\u202e")
			return 3, true
		}
		say("info string \x1b[31mred\x1b[0m \u202egnp.exe")
	case behaviour == "flood" && answered == 1 && len(g.History()) == 0:
		if fixtureFlooding() != nil {
			return 1, true
		}
	}
	say(fmt.Sprintf("info score %d depth 1 nodes %d pv %s", len(g.Moves(nil)), answered, m))
	say("move " + m)
	return 0, false
}

// fixtureFlooding writes fixtureFlood info lines, 64 kB at a time: the
// "flood" fixture's before its first move as X. The program must not
// keep them all.
func fixtureFlooding() error {
	var b strings.Builder
	for i := range fixtureFlood {
		b.WriteString("info nodes " + strconv.Itoa(i) + "\n")
		if b.Len() > 64<<10 || i == fixtureFlood-1 {
			if _, err := io.WriteString(os.Stdout, b.String()); err != nil {
				return err
			}
			b.Reset()
		}
	}
	return nil
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

// engineChildren counts the engine processes this process has running,
// and what they started: its descendants, from /proc, but for the keepers
// of its runs' engines (a keeper lasts as long as its run, and the
// fixtures' run as long as the tests); -1 where there is no /proc.
func engineChildren() int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return -1
	}
	children := map[int][]int{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, _, ok := procStat(pid); ok {
			children[ppid] = append(children[ppid], pid)
		}
	}
	n := 0
	for todo := children[os.Getpid()]; len(todo) > 0; {
		pid := todo[len(todo)-1]
		todo = append(todo[:len(todo)-1], children[pid]...)
		if !isKeeper(pid) {
			n++
		}
	}
	return n
}

// isKeeper says whether pid is the keeper of a run's engines.
func isKeeper(pid int) bool {
	env, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	return slices.Contains(strings.Split(string(env), "\x00"), keeperEnv+"=1")
}

// noChildrenLeft fails the test if an engine process outlived it; where
// there is no /proc to count them in, it says that it could not look.
func noChildrenLeft(t *testing.T) {
	t.Helper()
	switch n := engineChildren(); {
	case n < 0:
		t.Log("no /proc here: whether an engine process outlived the test is not checked")
	case n > 0:
		t.Errorf("%d engine processes left", n)
	}
}

// markEnv marks the processes of one test: set in the environment of a
// program or an engine, it is inherited by all they start, setsid daemons
// included, so that a test finds them by it in /proc.
const markEnv = "BOARDBOTS_TEST_MARK"

// newMark is a mark of the test's own.
func newMark(t *testing.T) string {
	return fmt.Sprintf("%s-%d-%d", strings.NewReplacer("/", "-", " ", "-").Replace(t.Name()), os.Getpid(), time.Now().UnixNano())
}

// marked lists the processes, other than this one, whose environment
// holds mark; nil where there is no /proc.
func marked(mark string) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	want := markEnv + "=" + mark
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		if _, state, ok := procStat(pid); !ok || state == 'Z' {
			continue // gone, or gone but for its parent's wait
		}
		env, _ := os.ReadFile("/proc/" + e.Name() + "/environ")
		if slices.Contains(strings.Split(string(env), "\x00"), want) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// waitMarked waits, up to within, until the processes marked mark are
// at least atLeast (up) or none (atLeast 0), polling, so that a busy
// machine only makes it wait longer; it returns the last count.
func waitMarked(mark string, atLeast int, within time.Duration) int {
	deadline := time.Now().Add(within)
	for {
		n := len(marked(mark))
		if atLeast > 0 && n >= atLeast || atLeast == 0 && n == 0 || time.Now().After(deadline) {
			return n
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// noneMarkedLeft fails the test if a process marked mark is still there
// after a generous while (killing it, so that one failure does not leak
// into the next test).
func noneMarkedLeft(t *testing.T, mark string) {
	t.Helper()
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		t.Log("no /proc here: whether a process outlived the program is not checked")
		return
	}
	if waitMarked(mark, 0, 10*time.Second) == 0 {
		return
	}
	for _, pid := range marked(mark) {
		cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		t.Errorf("process %d left: %q", pid, cmdline)
		if p, err := os.FindProcess(pid); err == nil {
			p.Kill()
		}
	}
}

// descriptors counts this process's open file descriptors; -1 where
// there is no /proc.
func descriptors() int {
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(fds)
}

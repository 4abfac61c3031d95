package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// An engine that starts a daemon (setsid, out of its process group,
// holding its stdout and stderr): each game's end ends the daemon too,
// and the program's descriptors do not grow with the games, although the
// daemon held the other ends of the pipes until it was killed.
func TestEngineDaemonEnded(t *testing.T) {
	mark := newMark(t)
	group := &engineGroup{}
	d, err := parseEngine("d="+shellQuote(os.Args[0]), group)
	if err != nil {
		t.Fatal(err)
	}
	d.env = []string{fixtureEnv + "=daemon", markEnv + "=" + mark}
	reg := withEngines(t, d)
	before := descriptors()
	engineMatch(t, reg, "ttt", "d", "random", 4, 2, quickFlags)
	if n := waitMarked(mark, 0, 10*time.Second); n > 0 {
		t.Errorf("%d processes of the engines left after the games", n)
	}
	afterFour := descriptors()
	engineMatch(t, reg, "ttt", "d", "random", 12, 2, quickFlags)
	if n := descriptors(); n > afterFour {
		t.Errorf("%d descriptors open after 4 games, %d after 12 more", afterFour, n)
	}
	group.close()
	if n := descriptors(); n > before {
		t.Errorf("%d descriptors open before the run, %d after", before, n)
	}
	noneMarkedLeft(t, mark)
	noChildrenLeft(t)
}

// programRun is the test binary run as the program, its processes and
// all they start marked, its output kept.
type programRun struct {
	cmd              *exec.Cmd
	mark             string
	stdout, stderr   strings.Builder
	exited           chan struct{}
	waitErr          error
	stdoutR, stdoutW *os.File // a pipe for standard output, when asked for
}

// startProgram starts the program on args, with more environment (the
// fixture behaviour of the engines it declares), its standard output a
// pipe if asked.
func startProgram(t *testing.T, env []string, pipe bool, args ...string) *programRun {
	t.Helper()
	return startProgramIn(t, "", env, pipe, args...)
}

// startProgramIn is startProgram in the folder dir ("" for the test's).
func startProgramIn(t *testing.T, dir string, env []string, pipe bool, args ...string) *programRun {
	t.Helper()
	return startProgramWith(t, dir, nil, env, pipe, args...)
}

// startProgramWith is startProgramIn with more descriptors, from 3 on,
// as a shell may leave a program some.
func startProgramWith(t *testing.T, dir string, extra []*os.File, env []string, pipe bool, args ...string) *programRun {
	t.Helper()
	r := &programRun{mark: newMark(t), exited: make(chan struct{})}
	r.cmd = exec.Command(os.Args[0], args...)
	r.cmd.Dir, r.cmd.ExtraFiles = dir, extra
	r.cmd.Env = append(append(os.Environ(), programEnv+"=1", markEnv+"="+r.mark), env...)
	r.cmd.Stdout, r.cmd.Stderr = &r.stdout, &r.stderr
	if pipe {
		var err error
		if r.stdoutR, r.stdoutW, err = os.Pipe(); err != nil {
			t.Fatal(err)
		}
		r.cmd.Stdout = r.stdoutW
	}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if pipe {
		r.stdoutW.Close()
	}
	go func() {
		r.waitErr = r.cmd.Wait()
		close(r.exited)
	}()
	t.Cleanup(func() {
		r.cmd.Process.Kill()
		<-r.exited
		if r.stdoutR != nil {
			r.stdoutR.Close()
		}
	})
	return r
}

// wait waits for the program's end, generously; false if it did not end.
func (r *programRun) wait() bool {
	select {
	case <-r.exited:
		return true
	case <-time.After(30 * time.Second):
		return false
	}
}

// status is how the program ended: its exit status, or 128 and the
// signal that killed it.
func (r *programRun) status() int {
	ws := r.cmd.ProcessState.Sys().(syscall.WaitStatus)
	if ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ws.ExitStatus()
}

// A match of an engine that starts a setsid daemon, two games at once:
// whatever ends the program, no process of the run is left, the keeper
// included. SIGHUP (a closed ssh session), SIGTERM and Ctrl-C end the run
// in order, with the table of the games played and the exit status of
// the signal; SIGKILL leaves it to the keeper; a reader of standard
// output that goes (| head) ends the run too; a second SIGTERM while the
// first is dealt with ends it at once.
func TestProgramSignalled(t *testing.T) {
	t.Parallel() // its processes are its own and it reads no clock: runs beside the others at the end
	for _, tt := range []struct {
		name   string
		sigs   []syscall.Signal
		pipe   bool // standard output a pipe, closed while the program runs
		status int
		table  bool // the table of the games played is printed
	}{
		{"SIGHUP", []syscall.Signal{syscall.SIGHUP}, false, 129, true},
		{"SIGTERM", []syscall.Signal{syscall.SIGTERM}, false, 143, true},
		{"SIGINT", []syscall.Signal{syscall.SIGINT}, false, 130, true},
		{"SIGKILL", []syscall.Signal{syscall.SIGKILL}, false, 137, false},
		{"SIGTERM twice", []syscall.Signal{syscall.SIGTERM, syscall.SIGTERM}, false, 143, false},
		{"SIGPIPE", nil, true, 141, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := startProgram(t, []string{programEnginesEnv + "=daemon"}, tt.pipe, "-engine", "d="+shellQuote(os.Args[0]), "-x", "d", "-o", "random",
				"-games", "100000", "-jobs", "2", "-time", "5s", "-seed", "1")
			// The program, the keeper, an engine and its daemon at least.
			if n := waitMarked(r.mark, 4, 30*time.Second); n < 4 {
				t.Fatalf("%d processes of the run under way; stderr %q", n, r.stderr.String())
			}
			for _, sig := range tt.sigs {
				r.cmd.Process.Signal(sig)
			}
			if tt.pipe { // the reader reads a line, then goes
				if _, err := bufio.NewReader(r.stdoutR).ReadString('\n'); err != nil {
					t.Fatal(err)
				}
				r.stdoutR.Close()
			}
			if !r.wait() {
				t.Fatalf("the program did not end; stderr %q", r.stderr.String())
			}
			if got := r.status(); got != tt.status {
				t.Errorf("status %d, want %d; stderr %q", got, tt.status, r.stderr.String())
			}
			if tt.table && !regexp.MustCompile(`(?m)^total: d \d+ - random \d+, \d+ draws$`).MatchString(r.stdout.String()) {
				t.Errorf("no table of the games played:\n%s", r.stdout.String())
			}
			noneMarkedLeft(t, r.mark)
		})
	}
}

// Out of file descriptors the program cannot start an engine: that is no
// fault of the engine's, and the run stops at once with one line and exit
// status 1, no game forfeited, nothing left running.
func TestProgramOutOfFiles(t *testing.T) {
	// 12: enough for the Go runtime and the program's own files, not
	// for an engine's pipes besides.
	r := startProgram(t, []string{programEnginesEnv + "=good", filesEnv + "=12"}, false,
		"-engine", "e="+shellQuote(os.Args[0]), "-x", "e", "-o", "random", "-games", "40", "-jobs", "2")
	if !r.wait() {
		t.Fatal("the program did not end")
	}
	want := regexp.MustCompile(`^boardbots: game \d+/40 left unplayed, the run stops: engine e could not be started: .*too many open files\n$`)
	if r.status() != 1 || !want.MatchString(r.stderr.String()) || strings.Contains(r.stdout.String(), "forfeit") {
		t.Errorf("status %d, stderr %q (want 1 and a line matching %q), output:\n%s", r.status(), r.stderr.String(), want, r.stdout.String())
	}
	noneMarkedLeft(t, r.mark)
}

// The in-process signal routing: the first SIGTERM or SIGHUP cancels the
// run with itself as the cause (its exit status 128 and its number); a
// second one, the run already ending, forces the exit with that status;
// SIGPIPE about another pipe than standard output changes nothing.
func TestInterruptible(t *testing.T) {
	for _, tt := range []struct {
		sigs  []syscall.Signal
		cause int // the status of the context's cause; 0: not cancelled
		force int // the status force was called with; 0: not called
	}{
		{[]syscall.Signal{syscall.SIGTERM}, 143, 0},
		{[]syscall.Signal{syscall.SIGHUP}, 129, 0},
		{[]syscall.Signal{syscall.SIGINT}, 130, 0},
		{[]syscall.Signal{syscall.SIGTERM, syscall.SIGTERM}, 143, 143},
		{[]syscall.Signal{syscall.SIGINT, syscall.SIGHUP}, 130, 129},
		{[]syscall.Signal{syscall.SIGPIPE}, 0, 0},
	} {
		t.Run(fmt.Sprint(tt.sigs), func(t *testing.T) {
			forced := make(chan int, 4)
			ctx, _, stop := interruptible(func(status int) { forced <- status })
			defer stop()
			for i, sig := range tt.sigs {
				syscall.Kill(os.Getpid(), sig)
				if i == 0 && tt.cause != 0 {
					select {
					case <-ctx.Done():
					case <-time.After(10 * time.Second):
						t.Fatalf("%v did not end the run", sig)
					}
				}
			}
			if tt.cause == 0 {
				time.Sleep(100 * time.Millisecond) // long enough for a signal to be handled, if it were
				if ctx.Err() != nil {
					t.Errorf("the run ended: %v", context.Cause(ctx))
				}
				return
			}
			var sig signalled
			if !errors.As(context.Cause(ctx), &sig) || sig.status() != tt.cause {
				t.Errorf("cause %v, want the status %d", context.Cause(ctx), tt.cause)
			}
			if tt.force == 0 {
				return
			}
			select {
			case got := <-forced:
				if got != tt.force {
					t.Errorf("forced with %d, want %d", got, tt.force)
				}
			case <-time.After(10 * time.Second):
				t.Errorf("not forced")
			}
		})
	}
}

//go:build linux

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// At a real terminal (a pseudo-terminal, the program a child process on
// it): Ctrl-C on a half-typed line clears the line and asks again; on an
// empty line, pressed as often just after the bot has moved, it says how
// to leave and how to resume, and a second one leaves with the record,
// how to resume and status 130; colour only where TERM and NO_COLOR
// allow it. At a dumb terminal, where Ctrl-C is a signal and the terminal
// clears a half-typed line itself, the first Ctrl-C says how to leave at
// once, not at the next Enter.
func TestPromptAtTerminal(t *testing.T) {
	colour := regexp.MustCompile(`\x1b\[[0-9;]*m`)
	const prompt = "X to move, enter the column: "
	for _, tc := range []struct {
		name      string
		env       []string
		colour    bool
		clearLine bool // Ctrl-C on "12" clears it; else it says how to leave
	}{
		{"xterm", []string{"TERM=xterm"}, true, true},
		{"xterm, NO_COLOR", []string{"TERM=xterm", "NO_COLOR=1"}, false, true},
		{"dumb", []string{"TERM=dumb"}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			term := startOnTerminal(t, tc.env, "-game", "c4", "-bot", "random", "-seed", "1")
			term.waitFor(t, prompt)
			term.typeKeys(t, "4\r")
			term.waitFor(t, "random (O) plays 3\r\n")
			term.waitFor(t, prompt)
			term.typeKeys(t, "12")
			term.waitFor(t, "12")
			term.typeKeys(t, "\x03")
			if tc.clearLine {
				term.waitFor(t, "^C\r\n"+prompt)
				term.waitKeysTaken(t)
				term.typeKeys(t, "\x03")
			}
			term.waitFor(t, "To leave, press Ctrl-C again or type quit.\r\n"+
				"To resume the game later, run the same command with -moves 43\r\n"+prompt)
			if tc.clearLine {
				term.waitKeysTaken(t)
			}
			term.typeKeys(t, "\x03")
			out, status := term.wait(t)
			if want := "moves: 43\r\nto resume the game, run the same command with -moves 43\r\n"; status != 130 || !strings.HasSuffix(out, want) {
				t.Errorf("status %d, want 130 after %q; output:\n%q", status, want, out)
			}
			if got := colour.MatchString(out); got != tc.colour {
				t.Errorf("colour %v, want %v:\n%q", got, tc.colour, out)
			}
		})
	}
}

// terminalRun is the program running on a pseudo-terminal.
type terminalRun struct {
	cmd    *exec.Cmd
	master *os.File
	out    syncBuffer
	done   chan struct{} // closed when the terminal has nothing more to read
	seen   int           // how much of out waitFor has looked through
}

// startOnTerminal starts the program (the test binary as programEnv makes
// it) on args, on a new 80 x 24 pseudo-terminal that is its controlling
// terminal, with env added to the test's environment (NO_COLOR and TERM
// taken out).
func startOnTerminal(t *testing.T, env []string, args ...string) *terminalRun {
	t.Helper()
	master, slave := openPTY(t)
	r := &terminalRun{master: master, done: make(chan struct{})}
	r.cmd = exec.Command(os.Args[0], args...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "NO_COLOR=") && !strings.HasPrefix(kv, "TERM=") {
			r.cmd.Env = append(r.cmd.Env, kv)
		}
	}
	r.cmd.Env = append(append(r.cmd.Env, programEnv+"=1"), env...)
	r.cmd.Stdin, r.cmd.Stdout, r.cmd.Stderr = slave, slave, slave
	r.cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	go func() {
		io.Copy(&r.out, master) // ends with EIO once the program has gone
		close(r.done)
	}()
	t.Cleanup(func() {
		if r.cmd.ProcessState == nil { // a failed test: no process is left
			r.cmd.Process.Kill()
			r.cmd.Wait()
		}
		master.Close()
	})
	return r
}

// waitFor waits until the output after what the last waitFor found
// holds text, for at most 10 s.
func (r *terminalRun) waitFor(t *testing.T, text string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		out := r.out.String()
		if i := strings.Index(out[r.seen:], text); i >= 0 {
			r.seen += i + len(text)
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 10 s no %q after %q in:\n%q", text, out[:r.seen], out[r.seen:])
		}
	}
}

// waitKeysTaken waits, at most 10 s, until Ctrl-C at the terminal is a
// key for the program's line editor rather than a signal: liner turns
// the terminal's ISIG off just after it prints its prompt. A sleep
// instead (it was 200 ms) is too short when a busy machine holds the
// program off its processor, and Ctrl-C is then a signal.
func (r *terminalRun) waitKeysTaken(t *testing.T) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		// The master's mode is the terminal's (Linux: TCGETS on a
		// pseudo-terminal's master reads its slave's).
		var mode syscall.Termios
		if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, r.master.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&mode))); errno != 0 {
			t.Fatalf("the terminal's mode: %v", errno)
		}
		if mode.Lflag&syscall.ISIG == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 10 s Ctrl-C is still a signal:\n%q", r.out.String())
		}
	}
}

// typeKeys types keys at the terminal.
func (r *terminalRun) typeKeys(t *testing.T, keys string) {
	t.Helper()
	if _, err := r.master.WriteString(keys); err != nil {
		t.Fatal(err)
	}
}

// wait waits, at most 10 s, for the program to end, and returns all it
// printed and its exit status.
func (r *terminalRun) wait(t *testing.T) (string, int) {
	t.Helper()
	ended := make(chan error, 1)
	go func() { ended <- r.cmd.Wait() }()
	select {
	case err := <-ended:
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		r.cmd.Process.Kill()
		<-ended
		t.Fatalf("the program goes on 10 s after the last key:\n%q", r.out.String())
	}
	select {
	case <-r.done:
	case <-time.After(10 * time.Second):
		t.Fatal("the terminal's output does not end")
	}
	return r.out.String(), r.cmd.ProcessState.ExitCode()
}

// openPTY opens a new pseudo-terminal of 80 x 24: the master side, which
// the test types into and reads, and the slave side, the program's
// terminal.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatalf("a pseudo-terminal: %v", err)
	}
	ioctl := func(f *os.File, req uintptr, arg unsafe.Pointer) {
		if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), req, uintptr(arg)); errno != 0 {
			master.Close()
			t.Fatalf("ioctl %#x: %v", req, errno)
		}
	}
	var unlock int32
	ioctl(master, syscall.TIOCSPTLCK, unsafe.Pointer(&unlock))
	var n uint32
	ioctl(master, syscall.TIOCGPTN, unsafe.Pointer(&n))
	slave, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		master.Close()
		t.Fatal(err)
	}
	size := struct{ rows, cols, x, y uint16 }{24, 80, 0, 0}
	ioctl(slave, syscall.TIOCSWINSZ, unsafe.Pointer(&size))
	return master, slave
}

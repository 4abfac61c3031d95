package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// An engine process: started in a process group of its own, so that it
// and whatever it starts can be killed together, with its stdin a pipe we
// write lines to, its stdout read line by line by a goroutine, and its
// stderr copied to a log file, never to the terminal. Every process is
// listed while it lives, so that the program can kill them all on its way
// out whatever happened (killEngines).

// Limits on what an engine may write, beyond which it forfeits.
const (
	engineMaxLine   = 64 << 10 // bytes of one stdout line
	engineMaxStderr = 1 << 20  // bytes of stderr over a process's life
)

// engineEcho is how many characters of an engine's line a fault quotes:
// enough for an exception's name and message, and the fault stays a line.
const engineEcho = 60

// engineQuitWait is how long an engine has to exit after quit before it
// is killed.
const engineQuitWait = 300 * time.Millisecond

// Ways reading an engine's stdout fails.
var (
	errLineLong = fault{ForfeitGarbage, fmt.Errorf("wrote a line over %d KiB", engineMaxLine>>10)}
	errNoAnswer = errors.New("no answer in time")
	errClosed   = errors.New("closed its output")
)

// engineLine is one line of an engine's stdout, or why none came.
type engineLine struct {
	text string
	err  error
}

// engineProc is one running engine.
type engineProc struct {
	name   string // the engine's -engine name, for messages
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan engineLine // stdout, closed at its end
	exited chan struct{}   // closed once the process has been waited for
	// waitErr is Wait's result, read once exited is closed.
	waitErr error
	// flooded is closed when stderr passes engineMaxStderr.
	flooded chan struct{}
	// stderrDone is closed at the end of its stderr; lastWords is then
	// its last line there, which says why a program died more often than
	// not (an exception's cause, a missing class or module).
	stderrDone chan struct{}
	lastWords  string
	closeOnce  sync.Once
}

// live lists the engine processes running, for killEngines.
var live struct {
	sync.Mutex
	procs map[*engineProc]bool
}

// startEngine starts argv (with extra environment env) as the engine
// called name, its stderr going to log.
func startEngine(name string, argv, env []string, log io.Writer) (*engineProc, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = ownGroup()
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, err
	}
	// Files, not readers: the child gets the pipes' ends themselves, and
	// Wait does not wait for copying goroutines that a grandchild holding
	// the pipe open would keep alive.
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	p := &engineProc{name: name, cmd: cmd, stdin: inW, lines: make(chan engineLine, 16),
		exited: make(chan struct{}), flooded: make(chan struct{}), stderrDone: make(chan struct{})}
	live.Lock()
	defer live.Unlock()
	err = cmd.Start()
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return nil, err
	}
	if live.procs == nil {
		live.procs = map[*engineProc]bool{}
	}
	live.procs[p] = true
	go func() {
		p.waitErr = cmd.Wait()
		close(p.exited)
	}()
	go func() {
		defer outR.Close()
		readEngineLines(outR, engineMaxLine, func(text string, err error) {
			p.lines <- engineLine{text, err}
		})
		close(p.lines)
	}()
	go p.logStderr(errR, log)
	return p, nil
}

// readEngineLines hands each line of r to emit, without its line ending
// (\n or \r\n), however the writes that made it were split. A line over
// max bytes is handed on as errLineLong, and reading stops there.
func readEngineLines(r io.Reader, max int, emit func(string, error)) {
	br := bufio.NewReaderSize(r, 4096)
	var long []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(long)+len(chunk) > max+2 { // +2: the line's ending
			emit("", errLineLong)
			return
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			long = append(long, chunk...)
			continue
		}
		line := append(long, chunk...)
		long = nil
		if err != nil && len(line) == 0 {
			return // the end, after a whole line
		}
		text := strings.TrimSuffix(strings.TrimSuffix(string(line), "\n"), "\r")
		if len(text) > max {
			emit("", errLineLong)
			return
		}
		emit(text, nil)
		if err != nil {
			return // the end, after a last line without its newline
		}
	}
}

// logStderr copies the engine's stderr to log, each line under the
// engine's name and process id, until engineMaxStderr bytes: then the
// engine is flooding, and it is killed.
func (p *engineProc) logStderr(r io.ReadCloser, log io.Writer) {
	defer r.Close()
	defer close(p.stderrDone)
	prefix := fmt.Sprintf("[%s %d] ", p.name, p.cmd.Process.Pid)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), engineMaxStderr)
	total := 0
	for sc.Scan() {
		total += len(sc.Bytes()) + 1
		if total > engineMaxStderr {
			break
		}
		fmt.Fprintf(log, "%s%s\n", prefix, sc.Bytes())
		if line := strings.TrimSpace(sc.Text()); line != "" {
			p.lastWords = line // read by ended once stderrDone is closed
		}
	}
	if total > engineMaxStderr || errors.Is(sc.Err(), bufio.ErrTooLong) {
		fmt.Fprintf(log, "%sstderr over %d KiB: killed\n", prefix, engineMaxStderr>>10)
		close(p.flooded)
		p.kill()
		io.Copy(io.Discard, r) // until the group's last writer is gone
	}
}

// send writes lines to the engine. An engine that has exited makes it
// fail; the caller finds out why from its stdout's end.
func (p *engineProc) send(lines ...string) error {
	_, err := io.WriteString(p.stdin, strings.Join(lines, "\n")+"\n")
	return err
}

// next is the engine's next stdout line, waiting until deadline at most.
func (p *engineProc) next(ctx context.Context, deadline time.Time) (string, error) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case l, ok := <-p.lines:
		if !ok {
			return "", errClosed
		}
		return l.text, l.err
	case <-timer.C:
		return "", errNoAnswer
	case <-p.flooded:
		return "", fault{ForfeitGarbage, fmt.Errorf("wrote over %d KiB to stderr", engineMaxStderr>>10)}
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// endedKind is the kind of forfeit of an engine whose stdout has closed:
// a flood of stderr is garbage, any other end a crash.
func (p *engineProc) endedKind() ForfeitKind {
	select {
	case <-p.flooded:
		return ForfeitGarbage
	default:
		return ForfeitCrash
	}
}

// ended says how an engine whose stdout has closed ended: its exit status
// or signal, once it has exited (it gets a moment to do so), and the last
// line it wrote to stderr.
func (p *engineProc) ended() string {
	select {
	case <-p.flooded:
		return fmt.Sprintf("wrote over %d KiB to stderr", engineMaxStderr>>10)
	case <-p.exited:
	case <-time.After(engineQuitWait):
		return "closed its output"
	}
	var exit *exec.ExitError
	how := "ended: " + fmt.Sprint(p.waitErr)
	switch {
	case p.waitErr == nil:
		how = "exited"
	case errors.As(p.waitErr, &exit) && exit.Exited():
		how = fmt.Sprintf("exited with status %d", exit.ExitCode())
	case errors.As(p.waitErr, &exit):
		how = "crashed (" + p.waitErr.Error() + ")"
	}
	// Its stderr ends with it, unless something it started holds it.
	select {
	case <-p.stderrDone:
		if p.lastWords != "" {
			how += ", its last words " + quoteUpTo(p.lastWords, engineEcho)
		}
	case <-time.After(engineQuitWait):
	}
	return how
}

// close ends the engine: it writes lines (the last words, quit among
// them) if it still reads, gives it engineQuitWait to exit, then kills its
// group, which also ends whatever it started. It returns once the process
// has been waited for, saying whether it had exited by itself (the first
// close only).
func (p *engineProc) close(lines ...string) (exited bool) {
	p.closeOnce.Do(func() {
		if len(lines) > 0 {
			p.send(lines...)
		}
		p.stdin.Close()
		select {
		case <-p.exited:
			exited = true
		case <-time.After(engineQuitWait):
		}
		p.kill()
		<-p.exited
		live.Lock()
		delete(live.procs, p)
		live.Unlock()
	})
	return exited
}

// kill kills the engine's process group at once.
func (p *engineProc) kill() { killGroup(p.cmd.Process) }

// killEngines kills every engine still running: the program's last act,
// whatever stopped it.
func killEngines() {
	live.Lock()
	procs := make([]*engineProc, 0, len(live.procs))
	for p := range live.procs {
		procs = append(procs, p)
	}
	live.Unlock()
	for _, p := range procs {
		p.kill()
		p.close()
	}
}

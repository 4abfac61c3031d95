package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// An engine process, seen from the program: its stdin a pipe we write
// lines to, its stdout read line by line by a goroutine into a queue,
// its stderr copied to the run's log of the engine, never to the
// terminal. How the process is started, ended and told apart from what
// it started is the platform's (engineHost): on Linux a keeper process
// runs every engine of the run and outlives the program just long enough
// to end them all (engineproc_linux.go); elsewhere each engine is a child
// of the program in a process group of its own (engineproc_direct.go).
// Every process is listed while it lives, so that the program can end
// them all on its way out whatever happened (killAll). When a process is
// done, its pipes are closed and its reading goroutines stop, whether or
// not something it started still holds the other ends.

// engineMaxStderr is how much an engine may write to stderr over a
// process's life, beyond which it forfeits.
const engineMaxStderr = 1 << 20

// How much of an engine's stdout is read ahead of the game, in bytes and
// in lines: past either the reading waits, and an engine that floods its
// output waits on its pipe rather than fill the program's memory.
const (
	engineMaxQueued      = 1 << 20
	engineMaxQueuedLines = 1 << 10
)

// engineEcho is how many characters of an engine's line a fault quotes:
// enough for an exception's name and message, and the fault stays a line.
const engineEcho = 60

// engineQuitWait is how long an engine has to exit after quit before it
// is killed: a second, since an interpreter's exit on a busy machine
// (both cores taken by other work) can take longer than a few hundred
// milliseconds, and -check must not call a good engine a lingering one.
const engineQuitWait = time.Second

// engineEndWait is how long ending a process may take once it has been
// killed: the platform reports it gone within milliseconds, and this only
// bounds the wait if it does not (a process stuck in the kernel).
const engineEndWait = 5 * time.Second

// Ways reading an engine's stdout fails.
var (
	errNoAnswer = errors.New("no answer in time")
	errClosed   = errors.New("closed its output")
)

// engineLine is one line of an engine's stdout.
type engineLine struct {
	text string
	// early says it was read while the engine had not yet read all the
	// program had written to it: it was written before the question that
	// is asked now, and cannot answer it.
	early bool
}

// engineChild is a started engine process as the platform runs it.
type engineChild interface {
	// pid is its process id, for its log's lines.
	pid() int
	// done is closed once it has ended and been waited for, with what
	// it started, as far as the platform can end that.
	done() <-chan struct{}
	// end says how it ended, once done is closed: "exited", "exited with
	// status 3", "crashed (signal: segmentation fault)"; lost, when not
	// nil, says the platform lost track of it (the keeper went), which
	// is no fault of the engine's.
	end() (how string, lost error)
	// kill ends it, and what it started, at once.
	kill()
}

// engineProc is one running engine.
type engineProc struct {
	name  string // the engine's -engine name, for messages
	child engineChild
	procs *engineProcs // the run's, which it leaves when it has ended
	stdin *os.File
	out   *os.File   // our end of its stdout
	err   *os.File   // our end of its stderr
	log   processLog // opened for it, released as it ends
	// stop is closed when the process is done with: the readers stop.
	stop chan struct{}
	// The queue of lines read from stdout and not yet taken: ready gets
	// a token when lines (or the end) come, room when lines are taken.
	mu     sync.Mutex
	queue  []engineLine // from head on
	head   int
	queued int   // bytes in queue
	outEnd error // errClosed or errLineLong once reading has ended
	ready  chan struct{}
	room   chan struct{}
	// outDone is closed when the stdout reader has returned.
	outDone chan struct{}
	// flooded is closed when stderr passes engineMaxStderr.
	flooded chan struct{}
	// stderrDone is closed at the end of its stderr; lastWords is then
	// its last line there, which says why a program died more often than
	// not (an exception's cause, a missing class or module).
	stderrDone chan struct{}
	lastWords  string
	// memory is its limit of memory (0: none); outOfMemory says a line
	// of its stderr said it ran out (read once stderrDone is closed).
	memory      int64
	outOfMemory bool
	closeOnce   sync.Once
}

// processLog is where a process's stderr goes, a line a write: its
// engine's log (enginelog.go), opened for the process and released as it
// ends.
type processLog interface {
	io.Writer
	release()
}

// engineProcs are the engine processes a run has running, so that the
// run ends every one of them however it ends (killAll), and the platform's
// means of running them.
type engineProcs struct {
	mu   sync.Mutex
	set  map[*engineProc]bool
	host engineHost
}

// startEngine starts the command as the engine called name, its stderr
// going to log, one of the run's procs. Its error is the host's: the
// program could not be found or started, or the descriptors or the
// memory to start it are lacking.
func startEngine(name string, c engineCommand, log processLog, procs *engineProcs) (*engineProc, error) {
	// Looked up again at each start: a program removed since the run
	// began is not there to start.
	path, err := exec.LookPath(programIn(c.dir, c.argv[0]))
	if err != nil {
		return nil, err
	}
	if c.dir != "" {
		// Absolute, as the host starts it in dir.
		if path, err = filepath.Abs(path); err != nil {
			return nil, err
		}
	}
	var ends []*os.File // every pipe end, until each is kept or closed
	closeAll := func() {
		for _, f := range ends {
			f.Close()
		}
	}
	for range 3 {
		r, w, err := os.Pipe()
		if err != nil {
			closeAll()
			return nil, err
		}
		ends = append(ends, r, w)
	}
	inR, inW, outR, outW, errR, errW := ends[0], ends[1], ends[2], ends[3], ends[4], ends[5]
	procs.mu.Lock()
	defer procs.mu.Unlock()
	child, err := procs.host.start(path, c, []*os.File{inR, outW, errW})
	// The child has its ends: ours close, so that its exit closes the
	// pipes (unless something it started holds them).
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return nil, err
	}
	p := &engineProc{name: name, child: child, procs: procs, stdin: inW, out: outR, err: errR, log: log, memory: c.memory,
		stop: make(chan struct{}), ready: make(chan struct{}, 1), room: make(chan struct{}, 1),
		outDone: make(chan struct{}), flooded: make(chan struct{}), stderrDone: make(chan struct{})}
	if procs.set == nil {
		procs.set = map[*engineProc]bool{}
	}
	procs.set[p] = true
	go p.readStdout()
	go p.logStderr()
	return p, nil
}

// readStdout reads the engine's stdout into the queue until its end, an
// over-long line, or stop.
func (p *engineProc) readStdout() {
	defer close(p.outDone)
	end := errClosed
	readEngineLines(p.out, engineMaxLine, func(lines []string, err error) {
		if err != nil {
			end = err
		}
		p.push(lines, unread(p.stdin) > 0)
	})
	p.mu.Lock()
	p.outEnd = end
	p.mu.Unlock()
	wake(p.ready)
}

// push queues lines read (early: while the engine had not read all that
// was sent to it), then waits while the queue is full (or until stop).
func (p *engineProc) push(lines []string, early bool) {
	p.mu.Lock()
	for _, l := range lines {
		p.queue = append(p.queue, engineLine{l, early})
		p.queued += len(l) + 1
	}
	full := p.full()
	p.mu.Unlock()
	wake(p.ready)
	for full {
		select {
		case <-p.room:
		case <-p.stop:
			return
		}
		p.mu.Lock()
		full = p.full()
		p.mu.Unlock()
	}
}

// full says the queue holds as much as it may; p.mu is held.
func (p *engineProc) full() bool {
	return p.queued > engineMaxQueued || len(p.queue)-p.head > engineMaxQueuedLines
}

// wake gives ch (of capacity 1) a token, if it has none.
func wake(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// take is the next line of the queue, if one is there; at the end of
// the engine's output (ok and an error), why there are no more.
func (p *engineProc) take(endToo bool) (line engineLine, ok bool, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.head < len(p.queue) {
		l := p.queue[p.head]
		p.queue[p.head] = engineLine{}
		if p.head++; p.head == len(p.queue) {
			p.queue, p.head = p.queue[:0], 0
		}
		p.queued -= len(l.text) + 1
		wake(p.room)
		return l, true, nil
	}
	if endToo && p.outEnd != nil {
		return engineLine{}, true, p.outEnd
	}
	return engineLine{}, false, nil
}

// pending is a line the engine has written that the program has not
// taken yet, if there is one: before a question is asked, what the
// engine wrote before it.
func (p *engineProc) pending() (string, bool) {
	line, ok, _ := p.take(false)
	return line.text, ok
}

// logStderr copies the engine's stderr to its log, each line under the
// engine's name and process id, until engineMaxStderr bytes: then the
// engine is flooding, and it is killed (what it writes until it is gone
// is read and dropped, so that it does not wait on a full pipe).
func (p *engineProc) logStderr() {
	defer close(p.stderrDone)
	prefix := fmt.Sprintf("[%s %d] ", p.name, p.child.pid())
	total := 0
	flood := func() {
		if total <= engineMaxStderr {
			total = engineMaxStderr + 1
			fmt.Fprintf(p.log, "%sstderr over %d KiB: killed\n", prefix, engineMaxStderr>>10)
			close(p.flooded)
			p.kill()
		}
	}
	readEngineLines(p.err, engineMaxStderr, func(lines []string, err error) {
		for _, line := range lines {
			if total > engineMaxStderr {
				return
			}
			if total += len(line) + 1; total > engineMaxStderr {
				total = engineMaxStderr
				flood()
				return
			}
			fmt.Fprintf(p.log, "%s%s\n", prefix, line)
			if t := strings.TrimSpace(line); t != "" {
				p.lastWords = t // read by ended once stderrDone is closed
			}
			if p.memory > 0 && saysOutOfMemory(line) {
				p.outOfMemory = true
			}
		}
		if err != nil {
			flood()
		}
	})
}

// note writes a line of the program's own about the engine to its log:
// what it did that was passed over, for the student to find.
func (p *engineProc) note(format string, args ...any) {
	fmt.Fprintf(p.log, "[%s %d] boardbots: %s\n", p.name, p.child.pid(), fmt.Sprintf(format, args...))
}

// send writes lines to the engine. An engine that has exited makes it
// fail; the caller finds out why from its stdout's end.
func (p *engineProc) send(lines ...string) error {
	_, err := io.WriteString(p.stdin, strings.Join(lines, "\n")+"\n")
	return err
}

// next is the engine's next stdout line, waiting until deadline at most.
func (p *engineProc) next(ctx context.Context, deadline time.Time) (engineLine, error) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		if line, ok, err := p.take(true); ok {
			return line, err
		}
		select {
		case <-p.ready:
		case <-timer.C:
			return engineLine{}, errNoAnswer
		case <-p.flooded:
			return engineLine{}, fault{ForfeitGarbage, fmt.Errorf("wrote over %d KiB to stderr", engineMaxStderr>>10)}
		case <-ctx.Done():
			return engineLine{}, ctx.Err()
		}
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
// line it wrote to stderr. lost, when not nil, is the host's fault: the
// process was ended by no doing of its own.
func (p *engineProc) ended() (how string, lost error) {
	select {
	case <-p.flooded:
		return fmt.Sprintf("wrote over %d KiB to stderr", engineMaxStderr>>10), nil
	case <-p.child.done():
	case <-time.After(engineQuitWait):
		return "closed its output", nil
	}
	how, lost = p.child.end()
	if lost != nil {
		return "", lost
	}
	// Its stderr ends with it, unless something it started holds it.
	select {
	case <-p.stderrDone:
		if p.lastWords != "" {
			how += ", its last words " + quoteEnd(p.lastWords, engineLastWords)
		}
		if p.outOfMemory {
			how = fmt.Sprintf("ran out of memory (limit %s): %s", memoryText(p.memory), how)
		}
	case <-time.After(engineQuitWait):
	}
	return how, nil
}

// close ends the engine: it writes lines (the last words, quit among
// them) if it still reads, gives it engineQuitWait to exit, then kills it
// and what it started. It returns once the process is gone and its pipes
// closed, saying whether it had exited by itself (the first close only).
func (p *engineProc) close(lines ...string) (exited bool) {
	p.closeOnce.Do(func() {
		if len(lines) > 0 {
			p.send(lines...)
		}
		p.stdin.Close()
		select {
		case <-p.child.done():
			exited = true
		case <-time.After(engineQuitWait):
		}
		p.kill()
		select {
		case <-p.child.done():
		case <-time.After(engineEndWait):
		}
		p.release()
		p.log.release()
		p.procs.mu.Lock()
		delete(p.procs.set, p)
		p.procs.mu.Unlock()
	})
	return exited
}

// release closes our ends of the pipes and stops the readers. With the
// process gone the pipes end at once, and the readers are given a moment
// to take what is left in them (its last words); a pipe that something
// it started still holds open is closed regardless, and never waited on.
func (p *engineProc) release() {
	deadline := time.After(100 * time.Millisecond)
	for _, done := range []chan struct{}{p.outDone, p.stderrDone} {
		select {
		case <-done:
		case <-deadline:
		}
	}
	close(p.stop)
	p.out.Close()
	p.err.Close()
}

// kill kills the engine and what it started, at once.
func (p *engineProc) kill() { p.child.kill() }

// killAll ends every engine of the run still running, and the means of
// running them: the run's last act, whatever stopped it.
func (ps *engineProcs) killAll() {
	ps.mu.Lock()
	procs := make([]*engineProc, 0, len(ps.set))
	for p := range ps.set {
		procs = append(procs, p)
	}
	ps.mu.Unlock()
	for _, p := range procs {
		p.kill()
		p.close()
	}
	ps.host.close()
}

// killNow kills every engine of the run at once, waiting for nothing:
// the program is about to exit at a second Ctrl-C. An engine being
// started just then is left to the platform (the keeper ends it as the
// program goes).
func (ps *engineProcs) killNow() {
	if ps.mu.TryLock() {
		for p := range ps.set {
			p.kill()
		}
		ps.mu.Unlock()
	}
	ps.host.abandon()
}

// procStat is a process's parent and state, from /proc/PID/stat (Linux:
// the keeper finds what the engines left by it).
func procStat(pid int) (ppid int, state byte, ok bool) {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	// pid (comm) state ppid ...: comm may hold anything, so read after
	// its last parenthesis.
	f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	if len(f) < 2 || len(f[0]) != 1 {
		return 0, 0, false
	}
	ppid, err = strconv.Atoi(f[1])
	return ppid, f[0][0], err == nil
}

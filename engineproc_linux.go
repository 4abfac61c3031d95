//go:build linux

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// On Linux the engines of a run are started by the run's keeper
// (enginekeeper_linux.go), a second process of this same program started
// with the run's first engine. The keeper is their parent and the reaper
// of whatever they start and leave (a child subreaper), so that ending an
// engine ends all it started, setsid daemons included; and it holds one
// end of a socket whose other end only the program holds, so that when
// the program ends in any way at all (kill -9 included, which no clean-up
// of its own survives) the keeper sees the socket close and ends every
// engine and everything below them. The program hands the keeper each
// engine's pipes over that socket and hears back its process id, then
// how it ended.

// keeperEnv, set in the environment, makes the program the keeper of a
// run's engines rather than the program.
const keeperEnv = "BOARDBOTS_ENGINE_KEEPER"

// keeperEndWait bounds the wait for the keeper to exit at the run's end:
// it exits within milliseconds once its engines are gone.
const keeperEndWait = 5 * time.Second

// keeperStartWait bounds the wait for the keeper's answer to a start: it
// answers in milliseconds, but the first start waits for the keeper's own.
const keeperStartWait = 30 * time.Second

// keeperMsg is a message between the program and its keeper, one a
// datagram of the socket, in JSON; a start's pipes go with it.
type keeperMsg struct {
	Op string `json:"op"` // start, kill (to the keeper); started, failed, ended (from it)
	ID int    `json:"id"` // the engine, numbered by the program
	// A start: the program, its arguments, environment and directory.
	Path string   `json:"path,omitempty"`
	Argv []string `json:"argv,omitempty"`
	Env  []string `json:"env,omitempty"`
	Dir  string   `json:"dir,omitempty"`
	// Memory is its limit of memory in bytes; 0, none.
	Memory int64 `json:"memory,omitempty"`
	// started: its process id; failed: why, and the errno if there is
	// one; ended: its wait status.
	Pid    int    `json:"pid,omitempty"`
	Err    string `json:"err,omitempty"`
	Errno  int    `json:"errno,omitempty"`
	Status int    `json:"status,omitempty"`
}

// engineHost is the run's keeper, started with the run's first engine.
type engineHost struct {
	mu     sync.Mutex
	keeper *engineKeeper
}

// engineKeeper is the keeper as the program sees it.
type engineKeeper struct {
	cmd  *exec.Cmd
	conn *net.UnixConn
	mu   sync.Mutex
	last int // the last engine's number
	// replies wait for the answers to starts; children are the engines
	// started and not yet ended, by number.
	replies  map[int]chan keeperReply
	children map[int]*keptChild
	// lost, once set, is why the keeper cannot be reached any more.
	lost error
	// gone is closed when the keeper's connection has closed.
	gone chan struct{}
}

// keeperReply is the keeper's answer to a start.
type keeperReply struct {
	child *keptChild
	err   error
}

// keptChild is an engine process run by the keeper.
type keptChild struct {
	k      *engineKeeper
	id     int
	pidNum int
	ended  chan struct{}
	status syscall.WaitStatus
	lost   error
}

func (h *engineHost) start(path string, c engineCommand, files []*os.File) (*keptChild, error) {
	h.mu.Lock()
	if h.keeper == nil {
		k, err := startKeeper()
		if err != nil {
			h.mu.Unlock()
			return nil, fmt.Errorf("the engine keeper: %w", err)
		}
		h.keeper = k
	}
	k := h.keeper
	h.mu.Unlock()
	return k.start(path, c, files)
}

// close ends the keeper as the run ends: it ends whatever engine is left,
// and exits.
func (h *engineHost) close() {
	h.mu.Lock()
	k := h.keeper
	h.keeper = nil
	h.mu.Unlock()
	if k != nil {
		k.end()
	}
}

// abandon leaves the keeper to see the program go: its socket closes with
// the program, and it ends every engine then.
func (h *engineHost) abandon() {}

// startKeeper starts the keeper: this program again, told by its
// environment to be the keeper, the socket's other end its descriptor 3,
// in a process group of its own so that a terminal's Ctrl-C goes to the
// program alone, which ends the engines in order.
func startKeeper() (*engineKeeper, error) {
	pair, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_SEQPACKET|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, os.NewSyscallError("socketpair", err)
	}
	ours, theirs := os.NewFile(uintptr(pair[0]), "keeper socket"), os.NewFile(uintptr(pair[1]), "keeper socket")
	defer theirs.Close()
	// /proc/self/exe is this very program, even if its file has been
	// replaced or removed since it started.
	cmd := &exec.Cmd{Path: "/proc/self/exe", Args: []string{"boardbots-keeper"},
		Env: append(os.Environ(), keeperEnv+"=1"), ExtraFiles: []*os.File{theirs},
		SysProcAttr: &syscall.SysProcAttr{Setpgid: true}}
	if err := cmd.Start(); err != nil {
		ours.Close()
		return nil, err
	}
	conn, err := net.FileConn(ours)
	ours.Close()
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return nil, err
	}
	k := &engineKeeper{cmd: cmd, conn: conn.(*net.UnixConn), replies: map[int]chan keeperReply{},
		children: map[int]*keptChild{}, gone: make(chan struct{})}
	go k.read()
	return k, nil
}

// start has the keeper start an engine on files (its stdin, stdout and
// stderr); the error is the keeper's, or the start's (with its errno, as
// os/exec words it: fork/exec PATH: ...).
func (k *engineKeeper) start(path string, c engineCommand, files []*os.File) (*keptChild, error) {
	dir := c.dir
	if dir == "" {
		var err error
		if dir, err = os.Getwd(); err != nil {
			return nil, err
		}
	}
	k.mu.Lock()
	if k.lost != nil {
		k.mu.Unlock()
		return nil, k.lost
	}
	k.last++
	id := k.last
	reply := make(chan keeperReply, 1)
	k.replies[id] = reply
	k.mu.Unlock()
	msg, err := json.Marshal(keeperMsg{Op: "start", ID: id, Path: path, Argv: c.argv, Env: c.env, Dir: dir, Memory: c.memory})
	if err != nil {
		return nil, err
	}
	fds := make([]int, len(files))
	for i, f := range files {
		fds[i] = int(f.Fd())
	}
	if _, _, err := k.conn.WriteMsgUnix(msg, syscall.UnixRights(fds...), nil); err != nil {
		k.forget(id)
		return nil, fmt.Errorf("the engine keeper: %w", err)
	}
	select {
	case r := <-reply:
		if r.err != nil {
			return nil, r.err
		}
		return r.child, nil
	case <-time.After(keeperStartWait):
		k.forget(id)
		return nil, fmt.Errorf("the engine keeper did not answer in %s", keeperStartWait)
	}
}

// forget stops waiting for the answer to start id.
func (k *engineKeeper) forget(id int) {
	k.mu.Lock()
	delete(k.replies, id)
	k.mu.Unlock()
}

// read takes the keeper's messages until its socket closes.
func (k *engineKeeper) read() {
	buf := make([]byte, 64<<10)
	for {
		n, err := k.conn.Read(buf)
		if err != nil || n == 0 {
			if err == nil {
				err = errors.New("it closed its socket")
			}
			k.lose(err)
			return
		}
		var m keeperMsg
		if err := json.Unmarshal(buf[:n], &m); err != nil {
			continue
		}
		k.mu.Lock()
		switch m.Op {
		case "started":
			c := &keptChild{k: k, id: m.ID, pidNum: m.Pid, ended: make(chan struct{})}
			k.children[m.ID] = c
			k.answer(m.ID, keeperReply{child: c})
		case "failed":
			err := error(errors.New(m.Err))
			if m.Errno != 0 {
				err = &os.PathError{Op: "fork/exec", Path: m.Path, Err: syscall.Errno(m.Errno)}
			}
			k.answer(m.ID, keeperReply{err: err})
		case "ended":
			if c := k.children[m.ID]; c != nil {
				delete(k.children, m.ID)
				c.status = syscall.WaitStatus(m.Status)
				close(c.ended)
			}
		}
		k.mu.Unlock()
	}
}

// answer hands the answer to start id to its waiter, if it still waits.
// k.mu is held.
func (k *engineKeeper) answer(id int, r keeperReply) {
	if ch := k.replies[id]; ch != nil {
		delete(k.replies, id)
		ch <- r
	}
}

// lose marks the keeper gone: its engines are gone with it (their
// parent-death signal), by no fault of theirs.
func (k *engineKeeper) lose(err error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.lost != nil {
		return
	}
	k.lost = fmt.Errorf("the engine keeper has gone (%v)", err)
	for id, c := range k.children {
		c.lost = k.lost
		close(c.ended)
		delete(k.children, id)
	}
	for id := range k.replies {
		k.answer(id, keeperReply{err: k.lost})
	}
	close(k.gone)
}

// send sends the keeper a message with no pipes; a keeper that has gone
// has ended its engines already.
func (k *engineKeeper) send(m keeperMsg) {
	if msg, err := json.Marshal(m); err == nil {
		k.conn.Write(msg)
	}
}

// end closes the program's side of the socket, which the keeper takes as
// the end of the run: it ends what is left and exits. A keeper that does
// not is killed; its engines die with it.
func (k *engineKeeper) end() {
	k.conn.CloseWrite()
	exited := make(chan struct{})
	go func() {
		k.cmd.Wait()
		close(exited)
	}()
	select {
	case <-exited:
	case <-time.After(keeperEndWait):
		k.cmd.Process.Kill()
		<-exited
	}
	k.conn.Close()
}

func (c *keptChild) pid() int              { return c.pidNum }
func (c *keptChild) done() <-chan struct{} { return c.ended }
func (c *keptChild) kill()                 { c.k.send(keeperMsg{Op: "kill", ID: c.id}) }

func (c *keptChild) end() (string, error) {
	if c.lost != nil {
		return "", c.lost
	}
	return waitWords(c.status), nil
}

// unread is how many bytes written to f, the program's end of a pipe, its
// reader has not read yet; -1 when that cannot be told.
func unread(f *os.File) int {
	rc, err := f.SyscallConn()
	if err != nil {
		return -1
	}
	n := -1
	rc.Control(func(fd uintptr) {
		if v, err := unix.IoctlGetInt(int(fd), unix.TIOCINQ); err == nil { // FIONREAD
			n = v
		}
	})
	return n
}

// waitWords says how a process ended, from its wait status, in the words
// os/exec uses.
func waitWords(ws syscall.WaitStatus) string {
	switch {
	case ws.Exited() && ws.ExitStatus() == 0:
		return "exited"
	case ws.Exited():
		return fmt.Sprintf("exited with status %d", ws.ExitStatus())
	case ws.Signaled() && ws.CoreDump():
		return "crashed (signal: " + ws.Signal().String() + " (core dumped))"
	case ws.Signaled():
		return "crashed (signal: " + ws.Signal().String() + ")"
	}
	return fmt.Sprintf("ended with wait status %#x", int(ws))
}

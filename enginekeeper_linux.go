//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"net"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The keeper: the process that runs a run's engines on Linux
// (engineproc_linux.go has the program's side). It is the parent of every
// engine and, as a child subreaper, the parent of whatever an engine
// starts and leaves behind, setsid daemons included. When an engine ends
// (or the program has it killed), the keeper kills what is left of its
// process group and every process it left behind, and only then reports
// the engine's end, so that nothing the engine started still holds its
// pipes. When the program's end of the socket closes (the run's end, or
// the program killed in any way) it kills everything below it and exits.
// Each engine runs in a session of its own, without a controlling
// terminal, and under the run's limit of memory (enginelimit_linux.go).
// Engines get SIGKILL as their parent-death signal, set by the one thread
// that starts them all and that lives as long as the keeper, so that an
// engine does not outlive a keeper that was killed itself.

// engineIDEnv names an engine's number in its environment, which what it
// starts inherits: the keeper tells by it which engine a process it
// inherited came from.
const engineIDEnv = "BOARDBOTS_ENGINE"

// keeperSweepWait bounds how long the keeper goes on killing what an
// engine left, in a process tree that keeps forking.
const keeperSweepWait = 2 * time.Second

// keeper is the keeper's state.
type keeper struct {
	conn *net.UnixConn
	// engines are the engines started, by process id and by number;
	// ended are those that have ended and whose end is not reported yet.
	byPid map[int]*keptEngine
	byID  map[int]*keptEngine
	ended []*keptEngine
}

// keptEngine is one engine the keeper runs.
type keptEngine struct {
	id, pid int
	status  syscall.WaitStatus
}

// keeperIn is a message from the program, with the descriptors that came
// with it.
type keeperIn struct {
	msg keeperMsg
	fds []int
}

// runKeeper is the keeper process's life; it returns its exit status.
func runKeeper() int {
	if os.Getenv(keeperEnv) == keeperExecMode { // not the keeper: an engine's start under a limit
		return runLimited()
	}
	// The parent-death signal of the engines belongs to the thread that
	// forks them: this goroutine forks them all, on a thread that ends
	// only with the process.
	runtime.LockOSThread()
	os.Unsetenv(keeperEnv)
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		return 1
	}
	os.WriteFile("/proc/self/comm", []byte("boardbots-keep"), 0) // its name in ps and pgrep, rather than exe
	f := os.NewFile(3, "keeper socket")
	c, err := net.FileConn(f)
	f.Close()
	if err != nil {
		return 1
	}
	closeInherited()
	k := &keeper{conn: c.(*net.UnixConn), byPid: map[int]*keptEngine{}, byID: map[int]*keptEngine{}}
	signals := make(chan os.Signal, 8)
	signal.Notify(signals, syscall.SIGCHLD, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT)
	msgs := make(chan keeperIn)
	go k.read(msgs)
	for {
		select {
		case in, ok := <-msgs:
			if !ok {
				k.endAll()
				return 0
			}
			k.handle(in)
		case sig := <-signals:
			if sig != syscall.SIGCHLD {
				k.endAll()
				return 0
			}
		}
		k.collect()
		if len(k.ended) > 0 {
			k.sweep(false)
			k.report()
		}
	}
}

// closeInherited marks every descriptor the keeper has beyond its
// standard three to close at an exec: what the program inherited from
// whatever started it (a shell's, a terminal's, an agent's socket) and
// did not mark so itself passes on to the keeper, and would pass to the
// engines, which get their three pipes alone.
func closeInherited() {
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return
	}
	for _, e := range fds {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
		}
	}
}

// read passes the program's messages on until its end of the socket
// closes.
func (k *keeper) read(msgs chan<- keeperIn) {
	defer close(msgs)
	buf := make([]byte, 1<<20)
	oob := make([]byte, syscall.CmsgSpace(3*4))
	for {
		n, oobn, flags, _, err := k.conn.ReadMsgUnix(buf, oob)
		if err != nil || n == 0 && oobn == 0 {
			return
		}
		var in keeperIn
		if cmsgs, err := syscall.ParseSocketControlMessage(oob[:oobn]); err == nil {
			for _, cm := range cmsgs {
				if fds, err := syscall.ParseUnixRights(&cm); err == nil {
					in.fds = append(in.fds, fds...)
				}
			}
		}
		if err := json.Unmarshal(buf[:n], &in.msg); err != nil || flags&syscall.MSG_TRUNC != 0 {
			in.msg = keeperMsg{Op: "start", ID: in.msg.ID, Err: "the start's message is too long"}
		}
		msgs <- in
	}
}

// handle does what the program asks: start an engine, or kill one.
func (k *keeper) handle(in keeperIn) {
	defer func() {
		for _, fd := range in.fds {
			syscall.Close(fd)
		}
	}()
	m := in.msg
	switch m.Op {
	case "start":
		if m.Err != "" || len(in.fds) != 3 || len(m.Argv) == 0 {
			k.send(keeperMsg{Op: "failed", ID: m.ID, Path: m.Path, Err: "the start came without its pipes: " + m.Err})
			return
		}
		env := append(m.Env, engineIDEnv+"="+strconv.Itoa(m.ID))
		files := []uintptr{uintptr(in.fds[0]), uintptr(in.fds[1]), uintptr(in.fds[2])}
		// A session of its own: no controlling terminal, and the leader
		// of its own process group, which ends with it.
		sys := &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
		pid, err := forkEngine(m, env, files, sys)
		if err != nil {
			reply := keeperMsg{Op: "failed", ID: m.ID, Path: m.Path, Err: err.Error()}
			if errno, ok := err.(syscall.Errno); ok {
				reply.Errno = int(errno)
			}
			k.send(reply)
			return
		}
		e := &keptEngine{id: m.ID, pid: pid}
		k.byPid[pid], k.byID[m.ID] = e, e
		k.send(keeperMsg{Op: "started", ID: m.ID, Pid: pid})
	case "kill":
		if e := k.byID[m.ID]; e != nil {
			syscall.Kill(-e.pid, syscall.SIGKILL) // its group: it leads it, and the id cannot be reused while it is not reaped
			syscall.Kill(e.pid, syscall.SIGKILL)
		}
	}
}

// send sends the program a message; a program that has gone hears
// nothing, and the socket's end ends the keeper soon after.
func (k *keeper) send(m keeperMsg) {
	if msg, err := json.Marshal(m); err == nil {
		k.conn.Write(msg)
	}
}

// collect reaps every child that has ended: an engine's end is noted
// (and what is left of its group killed), a process it left is gone.
func (k *keeper) collect() {
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
		if pid <= 0 || err != nil {
			return
		}
		if e := k.byPid[pid]; e != nil {
			delete(k.byPid, pid)
			e.status = ws
			k.ended = append(k.ended, e)
			syscall.Kill(-pid, syscall.SIGKILL)
		}
	}
}

// report tells the program of the engines that have ended, once what
// they left is gone.
func (k *keeper) report() {
	for _, e := range k.ended {
		delete(k.byID, e.id)
		k.send(keeperMsg{Op: "ended", ID: e.id, Status: int(e.status)})
	}
	k.ended = k.ended[:0]
}

// sweep kills the processes the keeper has inherited from engines that
// have ended, and what they leave in turn, until none is left (or
// keeperSweepWait has passed); all kills every child, engines too. A
// process that does not say which engine it came from (it emptied its
// environment) is left while an engine runs: it may be that engine's. A
// killed process is reaped before the sweep ends: only then have its own
// children passed to the keeper (a process of several threads hands its
// children from thread to thread as they die, and to the keeper last).
func (k *keeper) sweep(all bool) {
	if !all && !k.strays() {
		return
	}
	deadline := time.Now().Add(keeperSweepWait)
	for {
		k.collect()
		busy := false
		for _, c := range keeperChildren() {
			switch {
			case c.state == 'Z': // dead, not reaped yet: its children are not all here
				busy = true
			case all || k.leftBehind(c.pid):
				syscall.Kill(c.pid, syscall.SIGKILL)
				if pgid, _ := syscall.Getpgid(c.pid); pgid == c.pid { // it leads a group (a setsid daemon): the group too
					syscall.Kill(-c.pid, syscall.SIGKILL)
				}
				busy = true
			}
		}
		if !busy || time.Now().After(deadline) {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// leftBehind says whether the keeper's child pid is left behind by an
// engine that has ended.
func (k *keeper) leftBehind(pid int) bool {
	if k.byPid[pid] != nil {
		return false // a running engine
	}
	if id, ok := engineOf(pid); ok {
		e := k.byID[id]
		return e == nil || k.byPid[e.pid] == nil
	}
	return len(k.byPid) == 0
}

// endAll ends the run: every engine and everything below the keeper.
func (k *keeper) endAll() {
	for pid := range k.byPid {
		syscall.Kill(-pid, syscall.SIGKILL)
		syscall.Kill(pid, syscall.SIGKILL)
	}
	k.sweep(true)
	k.report()
}

// strays says whether the keeper has a child other than a running engine,
// by the kernel's lists of each thread's children: a quick look (a full
// look through /proc takes tens of microseconds a process, milliseconds
// at every engine's end), which may miss a child that changes parent as
// it reads, to be found at a later sweep or at the run's end.
func (k *keeper) strays() bool {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return true
	}
	for _, t := range tasks {
		text, err := os.ReadFile("/proc/self/task/" + t.Name() + "/children")
		if errors.Is(err, fs.ErrNotExist) && t.Name() == strconv.Itoa(os.Getpid()) {
			return true // a kernel without these lists: look through /proc
		}
		for _, f := range strings.Fields(string(text)) {
			if pid, err := strconv.Atoi(f); err == nil && k.byPid[pid] == nil {
				return true
			}
		}
	}
	return false
}

// keeperChild is a child of the keeper and its state (Z: ended, waiting
// to be reaped).
type keeperChild struct {
	pid   int
	state byte
}

// keeperChildren are the keeper's children, from every process's parent
// in /proc. (The kernel's lists of each thread's children,
// /proc/self/task/*/children, miss the orphans it has just handed to the
// keeper: they are no use here.)
func keeperChildren() []keeperChild {
	self := os.Getpid()
	var children []keeperChild
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, state, ok := procStat(pid); ok && ppid == self {
			children = append(children, keeperChild{pid, state})
		}
	}
	return children
}

// engineOf is the number of the engine that pid descends from, as its
// environment says.
func engineOf(pid int) (int, bool) {
	env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return 0, false
	}
	for _, kv := range bytes.Split(env, []byte{0}) {
		if v, ok := bytes.CutPrefix(kv, []byte(engineIDEnv+"=")); ok {
			id, err := strconv.Atoi(string(v))
			return id, err == nil
		}
	}
	return 0, false
}

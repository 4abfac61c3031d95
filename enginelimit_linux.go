//go:build linux

package main

import (
	"io"
	"os"
	"strconv"
	"syscall"
	"time"
	"unsafe"
)

// An engine's limit of memory, on Linux: the size of its address space
// (RLIMIT_AS), set in the engine's own process before its program runs,
// so that no allocation of its escapes it. Go cannot set it between the
// fork and the exec, and the keeper must not lower its own (the Go
// runtime dies when a reservation fails), so the keeper starts the
// engine through a step of its own: this program again, which sets the
// limit on itself and then execs the engine's program in its place, the
// same process (its session, its parent-death signal, its pipes). A
// program that cannot be exec'd is reported back over a pipe that the
// exec closes, so that the start fails as a direct one would.

// keeperExecMode, as keeperEnv's value, makes the program that step.
const keeperExecMode = "exec"

// keeperExecWait bounds the keeper's wait for that step to exec the
// engine: milliseconds, unless the machine is very busy.
const keeperExecWait = 10 * time.Second

// forkEngine starts the engine m asks for, with env and its pipes
// files, as sys says: itself, or through the step that sets its limit
// of memory. The error is the exec's, as ForkExec returns it.
func forkEngine(m keeperMsg, env []string, files []uintptr, sys *syscall.SysProcAttr) (int, error) {
	if m.Memory <= 0 {
		return syscall.ForkExec(m.Path, m.Argv, &syscall.ProcAttr{Dir: m.Dir, Env: env, Files: files, Sys: sys})
	}
	r, w, err := os.Pipe()
	if err != nil {
		return 0, err
	}
	defer r.Close()
	args := append([]string{"boardbots-exec", strconv.FormatInt(m.Memory, 10), m.Path}, m.Argv...)
	stepEnv := append(env[:len(env):len(env)], keeperEnv+"="+keeperExecMode)
	pid, err := syscall.ForkExec("/proc/self/exe", args, &syscall.ProcAttr{Dir: m.Dir, Env: stepEnv,
		Files: append(files[:len(files):len(files)], w.Fd()), Sys: sys})
	w.Close()
	if err != nil {
		return 0, err
	}
	r.SetReadDeadline(time.Now().Add(keeperExecWait))
	said, _ := io.ReadAll(io.LimitReader(r, 32))
	if errno, err := strconv.Atoi(string(said)); err == nil && errno > 0 {
		return 0, syscall.Errno(errno) // the step exits, and is reaped as a stray
	}
	return pid, nil
}

// runLimited is the step: its arguments are the limit in bytes, the
// program and the engine's words; descriptor 3 is the pipe to the keeper.
// It returns only if the exec failed, having said why on that pipe.
func runLimited() int {
	os.Unsetenv(keeperEnv)
	syscall.CloseOnExec(3)
	report := os.NewFile(3, "keeper pipe")
	if len(os.Args) < 4 {
		report.WriteString(strconv.Itoa(int(syscall.EINVAL)))
		return 127
	}
	limit, err := strconv.ParseUint(os.Args[1], 10, 64)
	if err != nil {
		report.WriteString(strconv.Itoa(int(syscall.EINVAL)))
		return 127
	}
	// Everything exec needs is made before the limit, which may be below
	// what this Go program has reserved already.
	path, err1 := syscall.BytePtrFromString(os.Args[2])
	argv, err2 := syscall.SlicePtrFromStrings(os.Args[3:])
	envv, err3 := syscall.SlicePtrFromStrings(os.Environ())
	if err1 != nil || err2 != nil || err3 != nil {
		report.WriteString(strconv.Itoa(int(syscall.EINVAL)))
		return 127
	}
	// A limit the program was started under already (ulimit -v) stays
	// the engine's when it is the lower: it cannot be raised.
	var had syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &had) == nil && had.Max < limit {
		limit = had.Max
	}
	lim := syscall.Rlimit{Cur: limit, Max: limit}
	errno := syscall.Errno(0)
	if _, _, e := syscall.RawSyscall6(syscall.SYS_PRLIMIT64, 0, syscall.RLIMIT_AS, uintptr(unsafe.Pointer(&lim)), 0, 0, 0); e != 0 {
		errno = e
	} else {
		_, _, errno = syscall.RawSyscall(syscall.SYS_EXECVE, uintptr(unsafe.Pointer(path)),
			uintptr(unsafe.Pointer(&argv[0])), uintptr(unsafe.Pointer(&envv[0])))
	}
	report.WriteString(strconv.Itoa(int(errno)))
	return 127
}

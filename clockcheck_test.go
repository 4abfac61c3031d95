package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Every test that asks the clock (a bot's move against its budget, an
// answer "at once" after a cancel, an engine killed after a wait) decides
// through this file, so that the suite passes on a machine whose
// processors are busy with other work and still fails when the code
// itself is late (docs/development.md, "Tests that read the clock").
//
// Wall time alone cannot tell the two apart. With both cores taken by
// other programs the kernel holds a running search off its processor for
// tens, at times hundreds, of milliseconds: a search that reads the clock
// on time still answers late. What tells them apart is how long the
// process waited for a processor meanwhile, which Linux counts for every
// thread: the run-queue delay, the second field of
// /proc/self/task/TID/schedstat.
//
// timeCall measures a call's wall time and how long each thread waited
// for a processor during it: the process's threads, and those of the
// processes it started (an engine's answer waits on the engine). The
// call is late
// when it took longer than its due time (a budget; 0 for "at once"), a
// grace the test names, and the longest of these waits. A bot that keeps
// its budget passes however busy the machine is: the thread that runs
// its search bears the delays that make the answer late, and waits
// through the budget as well, so its wait is at least the delay. A bot
// that computes three times its budget, or sleeps that long, is late by
// twice its budget however busy the machine is: neither computing nor
// sleeping is waiting for a processor, so no thread's wait covers it.
//
// One thread's wait, not the sum: the waits of the process's threads
// overlap. While a search runs, the runtime wakes an idle thread at each
// of its preemptions to look for work, which waits too on a busy
// machine; a search on two threads (-jobs 2) waits on both at once. The
// Go runtime's monitor thread (sysmon) is left out: it wakes every few
// tens of microseconds while a goroutine runs and waits each time, so
// that on a busy machine it waits nearly all the time, for no call's
// sake. On an
// idle machine nothing waits, and the bound is the due time and the
// grace alone. Where the system does not count these waits (no /proc),
// nothing is excused.

// clockReading is what timeCall measured of one call.
type clockReading struct {
	took   time.Duration // the call's wall time
	waited time.Duration // the longest wait of one thread for a processor
}

// late reports whether a call due after due ended later than due, grace
// and its wait for a processor allow.
func (r clockReading) late(due, grace time.Duration) bool {
	return r.took > due+grace+r.waited
}

func (r clockReading) String() string {
	return fmt.Sprintf("took %v, waited %v for a processor", r.took.Round(time.Microsecond), r.waited.Round(time.Microsecond))
}

// budgetGrace is how much later than its time budget a bot may answer:
// 5% and 10 ms, as the searches read the clock every thousand nodes or
// so and may be caught growing a table or by the garbage collector.
func budgetGrace(budget time.Duration) time.Duration {
	return budget/20 + 10*time.Millisecond
}

// waitLimit is how long a test waits for something that should come at
// once (an interrupted game's end, a prompt) before it calls it hung:
// seconds, which only a hang takes, even on a loaded machine.
const waitLimit = 5 * time.Second

// inTime runs f, which is due to end after due, and fails t if f is
// late by more than grace (see clockReading.late).
func inTime(t testing.TB, what string, due, grace time.Duration, f func()) clockReading {
	t.Helper()
	r := timeCall(f)
	if r.late(due, grace) {
		t.Errorf("%s: %v; due in %v, %v allowed", what, r, due, grace)
	}
	return r
}

// timeCall runs f and measures it.
func timeCall(f func()) clockReading {
	before := threadTimes()
	start := time.Now()
	f()
	took := time.Since(start)
	after := threadTimes()
	r := clockReading{took: took}
	if before == nil || after == nil {
		return r
	}
	for id, a := range after {
		// A thread started since counts whole.
		r.waited = max(r.waited, a.wait-before[id].wait)
	}
	return r
}

// threadTime is what one thread has used so far: processor time, and
// time spent waiting for a processor.
type threadTime struct{ cpu, wait time.Duration }

// threadTimes reads every thread of the process and of the processes it
// started (engines, whose answers it waits for), by thread id, less each
// process's Go monitor thread (see monitorThread); nil where the system
// does not say.
func threadTimes() map[int]threadTime {
	times := map[int]threadTime{}
	if !readThreads(os.Getpid(), times) {
		return nil
	}
	return times
}

// readThreads adds the threads of process pid and of its children to
// times, and reports whether it could read pid's.
func readThreads(pid int, times map[int]threadTime) bool {
	dir := fmt.Sprintf("/proc/%d/task", pid)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	var ids []int
	for _, e := range entries {
		id, err := strconv.Atoi(e.Name())
		data, err1 := os.ReadFile(filepath.Join(dir, e.Name(), "schedstat"))
		f := strings.Fields(string(data))
		if err != nil || err1 != nil || len(f) < 2 {
			continue // a thread that ended meanwhile
		}
		cpu, err1 := strconv.ParseInt(f[0], 10, 64)
		wait, err2 := strconv.ParseInt(f[1], 10, 64)
		if err1 != nil || err2 != nil {
			return false
		}
		times[id] = threadTime{time.Duration(cpu), time.Duration(wait)}
		ids = append(ids, id)
		children, _ := os.ReadFile(filepath.Join(dir, e.Name(), "children"))
		for _, c := range strings.Fields(string(children)) {
			if child, err := strconv.Atoi(c); err == nil {
				readThreads(child, times)
			}
		}
	}
	delete(times, monitorThread(pid, ids))
	return len(ids) > 0
}

// monitorThread is the id of the Go runtime's monitor thread (sysmon)
// among the threads ids of process pid: the runtime starts it before any
// other, so it is the first thread id after the process's own (the main
// thread's), counting on past the largest id to the smallest should the
// ids have wrapped round. A process of one thread has none.
func monitorThread(pid int, ids []int) int {
	monitor, wrapped := 0, 0
	for _, id := range ids {
		switch {
		case id > pid && (monitor == 0 || id < monitor):
			monitor = id
		case id < pid && (wrapped == 0 || id < wrapped):
			wrapped = id
		}
	}
	if monitor == 0 {
		return wrapped
	}
	return monitor
}

// processCPU is the processor time all the process's threads have used
// so far; false where the system does not say.
func processCPU() (time.Duration, bool) {
	var sum time.Duration
	times := threadTimes()
	for _, t := range times {
		sum += t.cpu
	}
	return sum, times != nil
}

// The clock's checks tell a call that keeps its time from one that does
// not, whatever else runs on the machine: a loop that reads the clock
// until it is due is on time, on one thread and on two; one that
// computes three times as long (as much processor time), or sleeps three
// times as long, is late, since neither computing nor sleeping is
// waiting for a processor.
func TestClockCheck(t *testing.T) {
	const due = 30 * time.Millisecond
	spin := func(d time.Duration) {
		for start := time.Now(); time.Since(start) < d; {
		}
	}
	compute := func(d time.Duration) {
		c0, ok := processCPU()
		if !ok {
			spin(d) // without a count of processor time, on the clock
			return
		}
		for c, _ := processCPU(); c-c0 < d; c, _ = processCPU() {
			spin(100 * time.Microsecond)
		}
	}
	for _, tc := range []struct {
		name string
		due  time.Duration
		f    func()
		late bool
	}{
		{"on time", due, func() { spin(due) }, false},
		{"on time on two threads", due, func() {
			done := make(chan bool)
			go func() { spin(due); done <- true }()
			spin(due)
			<-done
		}, false},
		{"at once", 0, func() {}, false},
		{"computes three times as long", due, func() { compute(3 * due) }, true},
		{"sleeps three times as long", due, func() { time.Sleep(3 * due) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := timeCall(tc.f)
			if r.late(tc.due, budgetGrace(tc.due)) != tc.late {
				t.Errorf("%v: late %t, want %t", r, !tc.late, tc.late)
			}
			t.Logf("%v; not waiting %.1fms", r, float64(r.took-r.waited)/1e6)
		})
	}
}

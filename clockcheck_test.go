package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Every test that asks the clock (a bot's move against its budget, an
// answer "at once" after a cancel, an engine killed after a wait) decides
// through this file, so that the suite passes on a machine whose
// processors are busy with other work and still fails when the code
// itself is late (docs/development.md, "Tests that read the clock").
//
// The idea. Wall time alone cannot tell a late bot from a busy machine:
// with both cores taken by other programs, the kernel holds a search off
// its processor for tens, at times hundreds, of milliseconds. But Linux
// counts, for every thread, how long it waited for a processor (the
// run-queue delay, the second field of /proc/self/task/TID/schedstat).
// So timeCall measures a call's wall time and how long its threads
// waited for a processor after the call was due, and a call is late when
//
//	took > due + grace + waited
//
// Once due, a call may compute or sleep for the grace, and wait for a
// processor as long as the machine makes it.
//
// What it still catches. On an idle machine nothing waits, and the bound
// is the due time and the grace alone: a bot that takes twice its budget
// fails. On a busy machine, a bot that ignores its deadline fails, since
// it computes on and computing is not waiting; so does one that computes
// on past its budget by more than the grace. What it lets pass: the
// machine's other work also leaves a bot less to compute with, so a bot
// that overruns a short budget by the clock may compute no more than the
// grace after it (left a tenth of a processor, three times a 20 ms
// budget is 4 ms of computing after it); and a call that computes little
// and sleeps past its due time passes as long as one of its threads
// waited as long. TestClockCheck holds the helper to this.
//
// The details, each for a reason:
//   - Only the waits after the due time count: a bot that keeps its
//     budget has stopped by then, however long it waited before. They
//     are read once on a timer a quarter of the time before the due time
//     (a goroutine of its own would have to wait for a processor too);
//     a reading that comes late excuses the time it is late instead.
//   - The longest wait of one thread counts, not the sum: threads wait
//     at the same time (a search on two threads, -jobs 2, on both).
//   - Only the threads that worked for the call count: those that
//     computed at least a tenth as much as the busiest. The Go runtime
//     wakes idle threads to look for work, and on a busy machine they
//     may wait through the whole call for no call's sake. The runtime's
//     monitor thread (sysmon) never counts. A call that computes little
//     (less than busyCall: it waits on an engine, a timer, a pipe)
//     counts every thread, since which one brings its answer is unknown.
//   - The threads of the processes the test started (engines) count too:
//     an engine's answer waits on the engine.
//   - Where the system does not count these waits (no /proc), nothing is
//     excused.

// clockReading is what timeCall measured of one call.
type clockReading struct {
	due    time.Duration // when the call was due to end, from its start
	took   time.Duration // the call's wall time
	waited time.Duration // the longest wait of one thread for a processor after due
}

// late reports whether the call ended later than its due time, grace
// and its wait for a processor after it was due allow.
func (r clockReading) late(grace time.Duration) bool {
	return r.took > r.due+grace+r.waited
}

func (r clockReading) String() string {
	return fmt.Sprintf("took %v, due in %v; waited %v for a processor after that", r.took.Round(time.Microsecond), r.due, r.waited.Round(time.Microsecond))
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

// noThinkingLine is the thinkAfter of the sessions the tests make (see
// newSession): at a terminal the clock decides whether a bot's live
// thinking line shows (after 300 ms), and on a busy machine a search
// that takes a tenth of that when idle reaches it, so the tests that are
// not about the line leave it out; TestThinkingLine sets its own.
const noThinkingLine = time.Hour

// inTime runs f, which is due to end after due, and fails t if f is
// late by more than grace (see clockReading.late).
func inTime(t testing.TB, what string, due, grace time.Duration, f func()) clockReading {
	t.Helper()
	r := timeCall(due, f)
	if r.late(grace) {
		t.Errorf("%s: %v; %v allowed", what, r, grace)
	}
	return r
}

// timeCall runs f, which is due to end after due, and measures it.
func timeCall(due time.Duration, f func()) clockReading {
	first := threadTimes()
	start := time.Now()
	var s sampler
	if due > 0 {
		s.take(due - max(due/4, time.Millisecond))
	}
	f()
	end := time.Now()
	last := threadTimes()
	atDue, at := s.stop(first, start, end)
	r := clockReading{due: due, took: end.Sub(start)}
	if atDue == nil || last == nil {
		return r
	}
	// A reading taken after the due time leaves out the waits between
	// the two: the time between them is excused instead.
	late := max(at.Sub(start.Add(due)), 0)
	// The threads that worked for the call: those that computed a tenth
	// as much as the one that computed most, where that is more than a
	// few milliseconds; all, in a call that waits on others (an
	// engine, a timer).
	var most time.Duration
	for id, a := range last {
		most = max(most, a.cpu-first[id].cpu)
	}
	for id, a := range last {
		if most >= busyCall && a.cpu-first[id].cpu < most/10 {
			continue
		}
		// A thread started since counts whole. A wait is counted when
		// it ends, so one that began before the reading counts whole
		// too; but no more than the time since.
		r.waited = max(r.waited, min(a.wait-atDue[id].wait, end.Sub(at))+late)
	}
	return r
}

// busyCall is the processor time one thread must use in a call for the
// call to count as computing rather than waiting on others.
const busyCall = 5 * time.Millisecond

// sampler takes one reading of the threads' times shortly before a
// call's due time, on a timer: no goroutine of its own to wake, which on
// a busy machine would wait for a processor too.
type sampler struct {
	timer *time.Timer
	mu    sync.Mutex
	times threadsNow // the reading
	at    time.Time  // when it ended
}

// threadsNow is a reading of threadTimes.
type threadsNow = map[int]threadTime

// take reads the threads' times after wait.
func (s *sampler) take(wait time.Duration) {
	s.timer = time.AfterFunc(wait, func() {
		// The reading's time is when it ended: on a busy machine the
		// reading itself may wait, past the due time, and the waits
		// until it ended are then excused whole (see timeCall).
		w := threadTimes()
		at := time.Now()
		s.mu.Lock()
		s.times, s.at = w, at
		s.mu.Unlock()
	})
}

// stop ends the sampler and returns its reading and when it ended if it
// ended before the call did, at end; otherwise first and start, the
// reading taken before the call and the call's start (then every wait
// during the call is excused).
func (s *sampler) stop(first threadsNow, start, end time.Time) (threadsNow, time.Time) {
	if s.timer == nil {
		return first, start
	}
	s.timer.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.times != nil && s.at.Before(end) {
		return s.times, s.at
	}
	return first, start
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

// The clock's checks tell a call that keeps its time from one that does
// not, whatever else runs on the machine: a search that reads the clock
// until it is due is on time, on one thread and on two; one that computes
// three times as long (as much processor time), or searches its time and
// then sleeps a second, is late.
func TestClockCheck(t *testing.T) {
	const due = 100 * time.Millisecond
	search := func(until time.Time) {
		for time.Now().Before(until) {
		}
	}
	// compute uses d of processor time on one thread, as a search that
	// ignores its deadline does: read from the thread's own clock (one
	// cheap call), not /proc, whose reads would hand the thread's
	// processor to another thread at each call, which no search does.
	compute := func(d time.Duration) {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		c0, ok := threadCPU()
		if !ok {
			search(time.Now().Add(d)) // without a count of processor time, on the clock
			return
		}
		for c, _ := threadCPU(); c-c0 < d; c, _ = threadCPU() {
			search(time.Now().Add(100 * time.Microsecond))
		}
	}
	for _, tc := range []struct {
		name string
		due  time.Duration
		f    func()
		late bool
	}{
		{"on time", due, func() { search(time.Now().Add(due)) }, false},
		{"on time on two threads", due, func() {
			until, done := time.Now().Add(due), make(chan bool)
			go func() { search(until); done <- true }()
			search(until)
			<-done
		}, false},
		{"at once", 0, func() {}, false},
		{"computes three times as long", due, func() { compute(3 * due) }, true},
		{"then sleeps a second", due, func() { search(time.Now().Add(due)); time.Sleep(time.Second) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := timeCall(tc.due, tc.f)
			if r.late(budgetGrace(tc.due)) != tc.late {
				t.Errorf("%v: late %t, want %t", r, !tc.late, tc.late)
			}
			t.Logf("%v: %.1fms past due not waiting", r, float64(r.took-r.due-r.waited)/1e6)
		})
	}
}

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
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
// process waited for a processor, which Linux counts for every thread:
// the run-queue delay, the second field of /proc/self/task/TID/schedstat.
//
// timeCall runs a call that is due to end after some time (a budget; 0
// for "at once") and measures its wall time and how long each thread
// waited for a processor after the call was due: the process's threads,
// and those of the processes it started (an engine's answer waits on the
// engine). The call is late when the time it took after it was due, less
// the longest of these waits, is more than a grace the test names (5%
// and 10 ms for a bot's budget). In other words: once due, a call may
// compute or sleep for the grace, and wait for a processor as long as
// the machine makes it. A bot that keeps its budget passes however busy
// the machine is, since once due it only waits and finishes. A bot that
// computes on, or sleeps, past its budget fails as soon as it computes
// or sleeps more than the grace: on an idle machine a bot that takes
// twice its budget fails; on a machine whose other work leaves it a
// tenth of a processor, one that searches three times a 100 ms budget
// by the clock computes 20 ms of it after it was due, and fails; one
// that does so with a 20 ms budget computes 4 ms of it, as a good bot
// may to finish, and passes: no measurement tells the two apart then.
//
// Only the waits after the due time count, since a bot that keeps its
// budget has stopped by then, however long it waited before; the waits
// before are no excuse for a bot that goes on. A goroutine that takes the
// readings wakes shortly before the due time and reads every millisecond
// until then; the last reading taken wholly before the due time counts,
// so that a reading taken late excuses more rather than less (the one
// taken before the call, should none be). Its own thread is left out.
//
// One thread's wait, not the sum, since the threads wait at the same
// time: while a search runs, the runtime wakes an idle thread at each of
// its preemptions to look for work, which waits too on a busy machine;
// a search on two threads (-jobs 2) waits on both at once. The Go
// runtime's monitor thread (sysmon) is left out: it wakes every few tens
// of microseconds while a goroutine runs and waits each time, so that on
// a busy machine it waits nearly all the time, for no call's sake. On an
// idle machine nothing waits, and the bound is the due time and the
// grace alone. Where the system does not count these waits (no /proc),
// nothing is excused.

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
	var s *sampler
	if due > 0 {
		s = startSampler(due)
	}
	first := threadTimes()
	start := time.Now()
	if s != nil {
		s.start <- start
	}
	f()
	took := time.Since(start)
	last := threadTimes()
	atDue, self := first, 0
	if s != nil {
		atDue, self = s.stop(first)
	}
	r := clockReading{due: due, took: took}
	if atDue == nil || last == nil {
		return r
	}
	for id, a := range last {
		if id != self {
			// A thread started since counts whole.
			r.waited = max(r.waited, a.wait-atDue[id].wait)
		}
	}
	return r
}

// sampler reads the threads' times up to a call's due time, on a thread
// of its own.
type sampler struct {
	self  int             // its thread
	start chan time.Time  // when the call starts
	done  chan struct{}   // closed when the call has ended
	atDue chan threadsNow // the last reading taken wholly before due
}

// threadsNow is a reading of threadTimes.
type threadsNow = map[int]threadTime

// startSampler starts a sampler for a call due to end after due, and
// returns once it knows its thread.
func startSampler(due time.Duration) *sampler {
	s := &sampler{start: make(chan time.Time), done: make(chan struct{}), atDue: make(chan threadsNow, 1)}
	ready := make(chan int)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		ready <- threadID()
		end := (<-s.start).Add(due)
		var last threadsNow
		defer func() { s.atDue <- last }()
		sleep := func(d time.Duration) bool {
			select {
			case <-s.done:
				return false
			case <-time.After(d):
				return true
			}
		}
		// The readings begin a quarter of the time (at least 5 ms)
		// before due.
		if lead := time.Until(end) - max(due/4, 5*time.Millisecond); lead > 0 && !sleep(lead) {
			return
		}
		for {
			w := threadTimes()
			if !time.Now().Before(end) {
				break
			}
			if w != nil {
				last = w
			}
			if !sleep(time.Millisecond) {
				return
			}
		}
		<-s.done
	}()
	s.self = <-ready
	return s
}

// stop ends the sampler once the call has ended and returns its last
// reading before the due time (first, the reading before the call, if it
// took none) and its thread.
func (s *sampler) stop(first threadsNow) (threadsNow, int) {
	close(s.done)
	if atDue := <-s.atDue; atDue != nil {
		return atDue, s.self
	}
	return first, s.self
}

// threadID is the calling thread's id; 0 where the system does not say.
func threadID() int {
	link, err := os.Readlink("/proc/thread-self")
	if err != nil {
		return 0
	}
	id, _ := strconv.Atoi(filepath.Base(link))
	return id
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
			r := timeCall(tc.due, tc.f)
			if r.late(budgetGrace(tc.due)) != tc.late {
				t.Errorf("%v: late %t, want %t", r, !tc.late, tc.late)
			}
			t.Logf("%v: %.1fms past due not waiting", r, float64(r.took-r.due-r.waited)/1e6)
		})
	}
}

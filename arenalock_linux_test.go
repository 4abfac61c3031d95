package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// One writer per results file, with real processes: a run that hangs in
// its second game holds its -out file; the same command started beside
// it is refused at once in one line naming the holder's process, exit
// 2; -rate reads the file all the while; a run with -wait says once
// that it waits, and plays when the holder is gone (killed here: the
// system drops the lock with the process).
func TestOneWriterPerResultsFile(t *testing.T) {
	t.Parallel() // its processes are its own and it reads no clock
	dir := t.TempDir()
	marks, out, suite := filepath.Join(dir, "ended"), filepath.Join(dir, "games.jsonl"), filepath.Join(dir, "suite.txt")
	if err := os.WriteFile(suite, []byte("4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	engine := "slow=" + shellQuote(os.Args[0]) + " " + slowEngineArg + " 4 " + shellQuote(marks)
	args := []string{"-game", "ttt", "-engine", engine, "-x", "slow", "-o", "random", "-games", "2",
		"-openings", suite, "-time", "10m", "-seed", "1", "-jobs", "1", "-out", out}
	holder := child(context.Background(), nil, args...)
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- holder.Wait() }()
	defer func() {
		holder.Process.Kill()
		<-done
	}()
	if !poll(func() bool {
		lines, _ := fileLines(t, out)
		_, err := os.Stat(marks + ".slow")
		return len(lines) == 2 && err == nil
	}) {
		t.Fatal("the first run did not keep game 1 and hang in game 2")
	}
	status, stdout, stderr := runChild(t, nil, args...)
	want := "boardbots: -out " + out + ": another run (process " + strconv.Itoa(holder.Process.Pid) +
		") is writing it; one run writes a results file at a time: -wait starts this one when it ends, or choose another file\n"
	if status != 2 || stdout != "" || stderr != want {
		t.Errorf("a second run onto the file: status %d, %q, %q; want 2, nothing, %q", status, stdout, stderr, want)
	}
	if status, stdout, stderr := runChild(t, nil, "-rate", out); status != 0 || !strings.HasPrefix(stdout, "Tic-Tac-Toe results: 2 bots, 1 game from 1 file\n") {
		t.Errorf("-rate of the file being written: status %d, %q, %q", status, stdout, stderr)
	}
	waiter := child(context.Background(), nil, "-game", "ttt", "-x", "alphabeta", "-o", "random", "-games", "2", "-seed", "9", "-out", out, "-wait")
	// Its standard error a file: read while the child writes it.
	errFile := filepath.Join(dir, "wait.err")
	waitErr, err := os.Create(errFile)
	if err != nil {
		t.Fatal(err)
	}
	defer waitErr.Close()
	var waitOut bytes.Buffer
	waiter.Stdout, waiter.Stderr = &waitOut, waitErr
	saidSoFar := func() string { data, _ := os.ReadFile(errFile); return string(data) }
	if err := waiter.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- waiter.Wait() }()
	said := "boardbots: -out " + out + ": another run (process " + strconv.Itoa(holder.Process.Pid) + ") is writing it; waiting for it to end (-wait)\n"
	if !poll(func() bool { return saidSoFar() != "" }) || saidSoFar() != said {
		t.Errorf("-wait said %q, want %q", saidSoFar(), said)
	}
	select {
	case err := <-waited:
		t.Fatalf("-wait ended (%v) while the file's writer runs: %s", err, waitOut.String())
	default:
	}
	if err := holder.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if err := <-waited; err != nil {
		t.Fatalf("-wait after the writer's end: %v, %s", err, saidSoFar())
	}
	lines, whole := fileLines(t, out)
	if !whole || len(lines) != 5 || !strings.Contains(waitOut.String(), "game 2/2: ") {
		t.Errorf("after the wait: %d lines (whole %v), want each run's line, game 1 of the first run and 2 of the second:\n%s", len(lines), whole, waitOut.String())
	}
}

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// Past one machine, the local form of docs/results.md's recipes: N
// shards of a tournament run at once by xargs -P, each its own process
// with its own -out, merged by -rate, give the one-process run's
// crosstable and standings (the times a move aside, which no two runs
// share).
func TestShardsByXargs(t *testing.T) {
	t.Parallel() // its processes are its own and it reads no clock: runs beside the others at the end
	if testing.Short() {
		t.Skip("builds the program")
	}
	xargs, err := exec.LookPath("xargs")
	if err != nil {
		t.Skip("no xargs")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "boardbots")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	args := []string{"-game", "ttt", "-tournament", "random,local,minimax:depth=2,alphabeta", "-games", "4", "-seed", "11", "-jobs", "1", "-format", "json"}

	// The one-process run.
	whole, err := exec.Command(bin, append(args, "-out", filepath.Join(dir, "whole.jsonl"))...).Output()
	if err != nil {
		t.Fatalf("one run: %v", err)
	}
	// Three shards at once: xargs -P 3 -I{} boardbots ARGS -shard {}/3 -out shard{}.jsonl
	cmd := exec.Command(xargs, append(append([]string{"-P", "3", "-I{}", bin}, args...), "-shard", "{}/3", "-out", filepath.Join(dir, "shard{}.jsonl"))...)
	cmd.Stdin = strings.NewReader("1\n2\n3\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("xargs: %v\n%s", err, out)
	}
	shards, _ := filepath.Glob(filepath.Join(dir, "shard*.jsonl"))
	if len(shards) != 3 {
		t.Fatalf("shard files %v, want 3", shards)
	}
	merged, err := exec.Command(bin, append(append([]string{"-rate"}, shards...), "-format", "json")...).Output()
	if err != nil {
		t.Fatalf("-rate: %v", err)
	}
	last := func(out []byte) tableJSON {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		var tj tableJSON
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &tj); err != nil {
			t.Fatal(err)
		}
		for i := range tj.Standings {
			tj.Standings[i].MSPerMove = 0
		}
		return tj
	}
	one, rated := last(whole), last(merged)
	if one.Type != "tournament" || rated.Type != "rating" || one.Games != 24 || rated.Games != 24 {
		t.Fatalf("one run %s of %d games, merged %s of %d; want 24 each", one.Type, one.Games, rated.Type, rated.Games)
	}
	if !reflect.DeepEqual(one.Crosstable, rated.Crosstable) || !reflect.DeepEqual(one.Standings, rated.Standings) {
		t.Errorf("one run:\n%s\nthe shards merged:\n%s", whole, merged)
	}
	if data, _ := os.ReadFile(shards[0]); strings.Count(string(data), "\n") == 24 {
		t.Error("the first shard played every game")
	}
}

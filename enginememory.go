package main

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// An engine's limit of memory: each process of an engine may have so
// much, and no more, so that one student's runaway bot cannot take the
// teacher's machine. Over it, an allocation fails: the engine's language
// says so on stderr and it ends, and it loses the game with the limit
// named. docs/engines.md says why the default is what it is.

// engineMemory is the default limit, 4 GiB: at -jobs 2 four engine
// processes run at once (two games, two engines each), and together they
// leave a machine of 24 GiB a third of it; docs/engines.md says more.
const engineMemory int64 = 4 << 30

// engineMemoryMin is the least limit accepted: below it no interpreter
// starts, and every engine would lose at once.
const engineMemoryMin int64 = 16 << 20

// memoryUnits are the sizes' suffixes, in bytes.
var memoryUnits = map[string]int64{"": 1 << 20, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}

// memoryAccepts says what -engine-memory accepts.
const memoryAccepts = "a size like 512M or 2G, or none"

// errNotSize is memorySize's error for a value that is no size at all:
// the flag's reader says what is accepted.
var errNotSize = errors.New("not a size: accepted is " + memoryAccepts)

// memorySize reads -engine-memory's value: a size like 512M, 2G or
// 1.5GiB (K, M, G, T, each with an optional iB or B: powers of 1024; a
// bare number is MiB), or none (or 0, or unlimited, as ulimit says it)
// for no limit.
func memorySize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "NONE" || t == "0" || t == "UNLIMITED" {
		return 0, nil
	}
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	num := strings.TrimRight(t, "KMGT")
	unit, ok := memoryUnits[t[len(num):]]
	v, err := strconv.ParseFloat(num, 64)
	switch {
	case !ok || err != nil || num == "" || strings.ContainsAny(num, "eEnN+-xXpP_"):
		return 0, errNotSize
	case v*float64(unit) < float64(engineMemoryMin):
		return 0, fmt.Errorf("below %s, where no interpreter starts: accepted is %s", memoryText(engineMemoryMin), memoryAccepts)
	case v*float64(unit) > 1<<50:
		return 0, errors.New("more than any machine has: accepted is " + memoryAccepts)
	}
	return int64(v * float64(unit)), nil
}

// memoryText says a limit for people: 4 GiB, 1.5 GiB, 512 MiB; none for
// no limit.
func memoryText(n int64) string {
	switch {
	case n <= 0:
		return "none"
	case n >= 1<<30:
		return strconv.FormatFloat(math.Round(float64(n)/(1<<30)*100)/100, 'f', -1, 64) + " GiB"
	}
	return strconv.FormatFloat(math.Round(float64(n)/(1<<20)), 'f', -1, 64) + " MiB"
}

// outOfMemoryWords are what languages write to stderr when an allocation
// fails: C's and Go's errno and runtime, Python, Java, C++, Rust, Node.
var outOfMemoryWords = regexp.MustCompile(`(?i)out of memory|cannot allocate memory|MemoryError|OutOfMemoryError|bad_alloc|memory allocation of \d+ bytes failed|failed to reserve|could not reserve enough space|allocation failed`)

// saysOutOfMemory says a line of an engine's stderr says it ran out of
// memory.
func saysOutOfMemory(line string) bool { return outOfMemoryWords.MatchString(line) }

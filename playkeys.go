package main

import (
	"io"
	"os"
	"runtime"
	"slices"
	"sync"
)

// Ctrl-C on a half-typed line clears the line and asks again, as bash,
// Python and gdb do; on an empty line the prompt says how to leave and
// resume, and leaves at the next one (docs/playing.md). liner
// (v1.2.3) answers Ctrl-C with ErrPromptAborted and drops the line
// without saying whether it held anything, and has no hook to ask. So the
// keys pass through a pipe on their way to liner, and keyWatch notes, for
// each Ctrl-C, whether a key had been typed on its line.

// Keys as the terminal sends them in raw mode.
const (
	keyCtrlC = 3
	keyCtrlD = 4
)

// keyWatch follows the keys typed at the prompt, in the order liner reads
// them.
type keyWatch struct {
	mu sync.Mutex
	// typed says a key other than Enter or Ctrl-C has come since the line
	// began. A key that leaves the line empty (an arrow, a backspace)
	// counts too: then Ctrl-C clears the empty line, and a second one
	// quits.
	typed bool
	// aborts holds, for each Ctrl-C that liner has yet to answer, whether
	// its line held keys.
	aborts []bool
}

// see notes keys that are on their way to liner.
func (w *keyWatch) see(keys []byte) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, k := range keys {
		switch k {
		case '\r', '\n':
			w.typed = false
		case keyCtrlC:
			w.aborts = append(w.aborts, w.typed)
			w.typed = false
		case keyCtrlD:
			// The end of input on an empty line, a deletion on another:
			// neither makes a line hold keys.
		default:
			w.typed = true
		}
	}
}

// halfTyped answers liner's ErrPromptAborted: whether the line of that
// Ctrl-C held keys. Each Ctrl-C is answered once, in order; with none
// noted (the keys did not come through the watch) the line counts as
// empty, and Ctrl-C quits.
func (w *keyWatch) halfTyped() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.aborts) == 0 {
		return false
	}
	typed := w.aborts[0]
	w.aborts = w.aborts[1:]
	return typed
}

// pass copies the keys from in to out, noting each read before liner can
// read it, until in ends (then out is closed, and liner reads the end of
// input) or out is closed.
func (w *keyWatch) pass(in io.Reader, out io.WriteCloser) {
	buf := make([]byte, 4096)
	for {
		n, err := in.Read(buf)
		if n > 0 {
			w.see(buf[:n])
			if _, werr := out.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			out.Close()
			return
		}
	}
}

// linerReadsStdin says liner reads the keys from os.Stdin on this system,
// as its input.go does on these (on Windows it reads console events).
var linerReadsStdin = slices.Contains([]string{"linux", "darwin", "freebsd", "netbsd", "openbsd", "solaris"}, runtime.GOOS)

// watchKeys runs start (liner.NewLiner, which takes os.Stdin as it is
// then) with a pipe in os.Stdin's place, fed from the terminal by a
// keyWatch; os.Stdin is the terminal again when it returns. The watch
// reads the terminal for the rest of the run. It returns nil, having
// started liner on the terminal itself, where liner does not read
// os.Stdin or the pipe cannot be made.
func watchKeys(start func()) *keyWatch {
	if !linerReadsStdin {
		start()
		return nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		start()
		return nil
	}
	keys, terminal := &keyWatch{}, os.Stdin
	go keys.pass(terminal, w)
	os.Stdin = r
	defer func() { os.Stdin = terminal }()
	start()
	return keys
}

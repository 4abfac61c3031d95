package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"
)

// Building the opening book (-make-book): the solver plays every line of
// the book's tree, and the book is written sorted and packed.

// bookPlan is what -make-book builds: the full tree of both sides from
// the empty board up to tree, the full trees from every 2-ply opening
// (the openings of matches) up to openings (0: none), then the games
// against itself and the student paper's alpha-beta up to lines.
type bookPlan struct{ tree, openings, lines int }

// bookMaxPly is the most plies a book's flags may ask for: a full board.
const bookMaxPly = c4Cells

// bookOpenings is the plies of the openings whose trees -book-openings-ply
// adds: Connect Four's matches open with 2 random plies.
const bookOpenings = 2

// makeBook builds the book into a file (the -make-book flag) as plan
// says. It saves the book as it goes (bookSaver), so an interrupted
// build keeps what it did, and a build into a file that holds a book
// takes its answers from it rather than solve them again (so it resumes,
// or extends a book); the first save that fails stops the build, the
// file left as it was at the save before. It reports on errOut (standard
// error): at a terminal (status), a line per ply and a status line with
// the time left in the ply; on a pipe, a line per position.
func makeBook(path string, plan bookPlan, errOut io.Writer, status bool) error {
	prior, err := readBook(path)
	if err != nil {
		return err
	}
	if len(prior) > 0 {
		fmt.Fprintf(errOut, "%s: %d entries to build on\n", path, len(prior))
	}
	saver := &bookSaver{path: path}
	b, err := makeBookWith(saver, bookConfig{MaxPly: plan.tree, TableBits: 25, Prior: prior}, errOut, status)
	if err != nil {
		return err
	}
	if plan.openings > 0 {
		cfg := bookConfig{MaxPly: plan.openings, TableBits: 25, Openings: bookOpenings, Prior: b}
		if b, err = makeBookWith(saver, cfg, errOut, status); err != nil {
			return err
		}
	}
	b, err = extendBook(context.Background(), b, plan.lines, 25, []string{"alphabeta"}, func(line string, b book) error {
		fmt.Fprintf(errOut, "%s; book %d entries\n", line, len(b))
		return saver.save(b, false)
	})
	if err != nil {
		return err
	}
	return saver.save(b, true)
}

// bookSaver saves a book as its build goes. Each save writes the whole
// book into a new file beside the old one, syncs it to the disk, then
// renames it over the old one: the file is a whole book at every moment,
// the one before or the one after, never a part of one, whatever stops
// the build (a kill, a full disk, a file-size limit); a save that fails
// leaves the file as it was and stops the build. A book is rewritten
// whole, so it is saved at most once a second, and at the end of each
// ply and of the build.
type bookSaver struct {
	path string
	last time.Time // the last save
}

// save writes b to the file, now or when a second has passed since the
// last save.
func (s *bookSaver) save(b book, now bool) error {
	if !now && time.Since(s.last) < time.Second {
		return nil
	}
	s.last = time.Now()
	if err := replaceFile(s.path, b.encode()); err != nil {
		return fmt.Errorf("%s: %v: the build stops, the file holds the book of the save before", s.path, err)
	}
	return nil
}

// replaceFile replaces the file path by one holding data: written to a
// new file in the same directory, synced, then renamed over path (and the
// directory synced, so that the rename is on the disk too). On an error
// the new file is removed and path is as it was.
func replaceFile(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Chmod(0o644); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return err
	}
	if d, derr := os.Open(dir); derr == nil {
		derr = d.Sync()
		d.Close()
		if derr != nil && !errors.Is(derr, syscall.EINVAL) { // EINVAL: a directory that cannot sync
			return derr
		}
	}
	return nil
}

// makeBookWith builds a book as cfg says, saved by saver as it goes, and
// returns it.
func makeBookWith(saver *bookSaver, cfg bookConfig, errOut io.Writer, status bool) (book, error) {
	// At a terminal the status line is redrawn every second as well, as
	// one position can take minutes; mu keeps its lines whole.
	var mu sync.Mutex
	last, since := bookStats{Ply: -1, Done: true}, time.Now()
	if status {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		go func() {
			for range tick.C {
				mu.Lock()
				fmt.Fprint(errOut, "\r"+bookStatus(last, time.Since(since))+"\x1b[K")
				mu.Unlock()
			}
		}()
	}
	return buildBook(context.Background(), cfg, func(st bookStats, b book) error {
		mu.Lock()
		defer mu.Unlock()
		last, since = st, time.Now()
		if status && !st.Done {
			fmt.Fprint(errOut, "\r"+bookStatus(st, 0)+"\x1b[K")
		} else {
			if status {
				fmt.Fprint(errOut, "\r\x1b[K")
			}
			fmt.Fprintf(errOut, "ply %d: %d positions, %d nodes, %v; book %d entries\n",
				st.Ply, st.Positions, st.Nodes, st.Time.Round(time.Millisecond), len(b))
		}
		return saver.save(b, st.Done)
	})
}

// bookStatus is the status line of a build after the report st, the
// position after it being solved for so long (0: just reported): how far
// the ply is, and the time left at its pace so far (an estimate: repeats
// cost nothing, and some positions take far longer than others).
func bookStatus(st bookStats, solving time.Duration) string {
	on := ""
	if solving > 0 {
		on = fmt.Sprintf("; this position %s", solving.Round(time.Second))
	}
	if st.Done { // the next ply has begun, no position of it solved yet
		return fmt.Sprintf("ply %d: solving%s", st.Ply+1, on)
	}
	left := st.Time * time.Duration(max(st.Of-st.Positions, 0)) / time.Duration(max(st.Positions, 1))
	return fmt.Sprintf("ply %d: %d of %d positions, about %s left in this ply%s", st.Ply, st.Positions, st.Of, left.Round(time.Second), on)
}

// extendBook adds to a book the solver's positions along whole games from
// the empty board, up to maxPly: solver against solver, and solver
// against each of the named bots in both seats. Those are the games a
// bot-against-bot run plays, and along one line the table stays warm, so
// each solve is far cheaper than in the full tree of buildBook.
func extendBook(ctx context.Context, base book, maxPly, tableBits int, opponents []string, progress func(string, book) error) (book, error) {
	grower := newBookGrower(ctx, base, tableBits)
	spec, err := declared.findGame("connect4")
	if err != nil {
		return nil, err
	}
	pairs := [][2]string{{"solver", "solver"}}
	for _, o := range opponents {
		pairs = append(pairs, [2]string{"solver", o}, [2]string{o, "solver"})
	}
	for _, pair := range pairs {
		var seats [3]seat
		for i, side := range []Side{X, O} {
			if pair[i] == "solver" {
				seats[side] = bookSeat{grower: grower, label: pair[0] + "-" + pair[1], spec: spec, progress: progress}
				continue
			}
			p, err := declared.newPlayer(spec, pair[i], budgetDefaults{})
			if err != nil {
				return nil, err
			}
			seats[side] = botSeat{bot: declared.newBot(spec, p, nil), label: p.label, budget: p.budget()}
		}
		g := spec.start(nil)
		err := playGame(ctx, g, seats, gameHooks{after: func(g Game, _ Decision) error {
			if len(g.History()) > maxPly {
				return errEnough
			}
			return nil
		}})
		if err != nil {
			return nil, err
		}
		if progress != nil {
			if err := progress(pair[0]+"-"+pair[1]+": "+spec.record(g), grower.book()); err != nil {
				return nil, err
			}
		}
	}
	return grower.book(), nil
}

// bookSeat is the solver's seat while the book grows: the book's move
// where it has one, else a fresh solve, which it adds to the book.
type bookSeat struct {
	grower   *bookGrower
	label    string // the pairing, for progress lines
	spec     *gameSpec
	progress func(string, book) error
}

// name: the seat is the solver's.
func (b bookSeat) name() string { return "solver" }

// choose answers from the growing book, or solves and adds the answer,
// and reports each solve.
func (b bookSeat) choose(ctx context.Context, g Game) (Decision, error) {
	d, solved, err := b.grower.move(ctx, g)
	if err != nil || !solved || b.progress == nil {
		return d, err
	}
	if err := b.progress(fmt.Sprintf("%s: solved %q", b.label, b.spec.record(g)), b.grower.book()); err != nil {
		return Decision{}, err
	}
	return d, nil
}

package main

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// The solver as a bot: book first, then the exact solve; under a clock,
// the best move of what it can prove in time (c4clock.go).

// SolverBot plays Connect Four perfectly: the exact score, and the most
// central column that keeps it. Under a clock, when the exact solve does
// not finish, it plays the best move of what it knows (c4clock.go). The
// solver bots of one run share one table (scores belong to positions, so
// what one bot learns serves the others, and the run holds 64 MiB once),
// without a lock: each searches it with a solver of its own.
type SolverBot struct {
	s *c4Solver // made on the first search; tests may give their own
	// table is the run's 7 x 6 table (made on first use) for s.
	table *c4Shared
	// noBook searches every position, the book's too (book=off).
	noBook bool
	// guess is the depth-limited search of the last board size played
	// under a clock; any the solver of a size other than 7 x 6.
	guess *c4Guess
	any   *c4Solver
}

// NewSolverBot returns a solver bot with the embedded opening book and a
// table of its own.
func NewSolverBot() *SolverBot { return &SolverBot{table: new(c4Shared)} }

// Name is "solver".
func (b *SolverBot) Name() string { return "solver" }

// c4Shared is the 7 x 6 table of a run's solver bots, made on first use
// and at once whole (all 64 MiB in use): the table grows only while one
// search has it to itself, and whole, the searches of several games at
// once read and write it without a lock, as the threads of one search do
// (c4parallel.go).
type c4Shared struct {
	once  sync.Once
	table *c4Table
}

// get returns the table, making it on first use.
func (sh *c4Shared) get() *c4Table {
	sh.once.Do(func() {
		sh.table = newC4Table(ttBits, c4Std.keyBits, c4Defaults().hugePages)
		sh.table.use(sh.table.maxBits) // empty, so nothing to move
	})
	return sh.table
}

// c4SharedKey names the run's table in its registry.
const c4SharedKey = "connect4 solver table"

// runTable is the run's 7 x 6 solver table (for reg nil or the declared
// registry, a table of the caller's own).
func runTable(reg *registry) *c4Shared {
	return reg.shared(c4SharedKey, func() any { return new(c4Shared) }).(*c4Shared)
}

// solverOn is a solver of its own over the shared table t, with the
// embedded book unless noBook.
func solverOn(t *c4Table, noBook bool) *c4Solver {
	s := &c4Solver{c4Table: t, g: c4Std, ops: opsOf(c4Std), tune: c4Defaults()}
	if !noBook {
		s.book = openingBook()
	}
	return s
}

// Think solves g (a *ConnectFour) with budget.Jobs threads: exactly when
// the budget has no time limit, else within it (clockThink). A search
// cut short otherwise (Ctrl-C) plays the best of what it knows.
func (b *SolverBot) Think(ctx context.Context, g Game, budget Budget) Decision {
	start := time.Now()
	c := g.(*ConnectFour)
	d := Decision{Move: NoMove}
	if c.Over() {
		return d
	}
	p := c4PosOf(c)
	if d, ok := b.fromBook(c, p, budget); ok {
		d.Time = time.Since(start)
		return d
	}
	ctx, cancel := withBudget(ctx, budget)
	defer cancel()
	s := b.solverFor(c.geo)
	s.nodes = 0
	jobs := budget.Jobs
	if budget.Trace > 0 {
		// One thread, so that the tree shown is the whole search's.
		s.tr, jobs = newC4Tracer(budget.Trace, c.geo), 1
		defer func() { s.tr = nil }()
	}
	s.setJobs(jobs)
	defer func() { s.ctx = nil }()
	pr := c4SolverProver{s}
	if budget.Time > 0 {
		d = clockThink(ctx, pr, b.guessFor(c.geo), c.geo, p, budget)
	} else if exact, ok := pr.exact(ctx, p); ok {
		d = exact
	} else {
		d = clockThink(ctx, pr, b.guessFor(c.geo), c.geo, p, budget) // stopped: what it knows now
	}
	d.Time = time.Since(start)
	if s.tr != nil {
		d.Trace = s.tr.trace(d.Nodes, d.Score, d.PV)
	}
	return d
}

// fromBook is the book's decision on p, when the board is 7 x 6, the bot
// reads the book and the book knows p.
func (b *SolverBot) fromBook(c *ConnectFour, p c4Pos, budget Budget) (Decision, bool) {
	if c.geo != c4Std || b.noBook {
		return Decision{}, false
	}
	e, ok := openingBook().lookup(bookKey(p))
	if !ok {
		return Decision{}, false
	}
	d := Decision{Move: bookMove(p, e), Stats: Stats{Score: int(e.score), Exact: true}}
	d.Depth, d.PV = plies(d.Score, p.moves), bookLine(p)
	if budget.Trace > 0 {
		d.Trace = &SearchTrace{Bot: b.Name(), Heading: []string{fmt.Sprintf("trace: solver: the opening book knows this position (score %d): no search", d.Score)}}
	}
	return d, true
}

// solverFor is the bot's solver for board g: on 7 x 6 one over the
// run's table, made on first use; on any other size one of its own, made
// anew when the size changes.
func (b *SolverBot) solverFor(g *c4Geom) *c4Solver {
	if g != c4Std {
		b.any = anySolverFor(b.any, g)
		return b.any
	}
	if b.s == nil {
		if b.table == nil {
			b.table = new(c4Shared)
		}
		b.s = solverOn(b.table.get(), b.noBook)
	}
	return b.s
}

// guessFor is the bot's guess for board g, made anew when the size
// changes.
func (b *SolverBot) guessFor(g *c4Geom) *c4Guess {
	if b.guess == nil || b.guess.g != g {
		b.guess = newC4Guess(g)
	}
	return b.guess
}

// c4SolverProver is the solver, of any board size, as the clock's
// prover (c4clock.go).
type c4SolverProver struct{ s *c4Solver }

// known bounds col's score by the rules, the book and the table.
func (pr c4SolverProver) known(p c4Pos, col int) (lo, hi int, ok bool) {
	s, g := pr.s, pr.s.g
	cell := g.cell(p, col)
	switch {
	case cell == 0:
		return 0, 0, false
	case g.aligned(p.cur | cell):
		return g.winScore(p), g.winScore(p), true
	}
	q := p.play(cell)
	switch {
	case q.moves == g.cells:
		return 0, 0, true
	case s.canWinNext(q):
		return -g.winScore(q), -g.winScore(q), true
	}
	qlo, qhi := g.lossScore(q), (g.cells-1-q.moves)/2
	if v, ok := pr.fromBook(q); ok {
		return -v, -v, true
	}
	key, _ := s.key(q)
	if tlo, thi, _, ok := s.probe(key); ok {
		qlo, qhi = max(qlo, tlo), min(qhi, thi)
	}
	return -qhi, -qlo, true
}

// fromBook is the book's score of p, if the solver reads a book (7 x 6)
// and it knows p.
func (pr c4SolverProver) fromBook(p c4Pos) (int, bool) {
	if pr.s.book == nil {
		return 0, false
	}
	e, ok := pr.s.book.lookup(bookKey(p))
	return int(e.score), ok
}

// probe is the null-window search of the position col leaves, noted for
// -trace when tracing.
func (pr c4SolverProver) probe(ctx context.Context, p c4Pos, col, a int) (int, bool) {
	s := pr.s
	q := p.play(s.g.cell(p, col))
	s.ctx, s.stopped = ctx, false
	var r int
	if s.tr != nil {
		r = s.probeNoted(q, fmt.Sprintf("column %d, at least %d?", col+1, -a), a)
	} else {
		r = s.window(q, a, a+1)
	}
	return r, !s.stopped
}

// exact is the untimed bot's decision: the exact score, the most central
// column that keeps it, and the line expected.
func (pr c4SolverProver) exact(ctx context.Context, p c4Pos) (Decision, bool) {
	s := pr.s
	s.ctx, s.stopped = ctx, false
	m, v := s.bestMove(p)
	if s.stopped {
		return Decision{}, false
	}
	d := Decision{Move: m, Stats: Stats{Score: v, Exact: true, Depth: c4AnyPlies(s.g.cells, v, p.moves)}}
	d.PV = s.expectedLine(p, m, v)
	d.Nodes = s.nodes // the line's searches too, as -trace notes them
	return d, true
}

// line is the line expected after col keeps p's exact score v.
func (pr c4SolverProver) line(ctx context.Context, p c4Pos, col, v int) []Move {
	pr.s.ctx, pr.s.stopped = ctx, false
	return pr.s.expectedLine(p, Move(col), v)
}

// proved is what the book or the table proves of a position's class.
func (pr c4SolverProver) proved(p c4Pos) (int, bool) {
	if v, ok := pr.fromBook(p); ok {
		return class(v), true
	}
	key, _ := pr.s.key(p)
	lo, hi, _, ok := pr.s.probe(key)
	switch {
	case !ok:
		return 0, false
	case lo > 0:
		return 1, true
	case hi < 0:
		return -1, true
	case lo == 0 && hi == 0:
		return 0, true
	}
	return 0, false
}

// nodes is the solver's node count.
func (pr c4SolverProver) nodes() int64 { return pr.s.nodes }

// bookParam switches the opening book: off searches every position.
var bookParam = param{key: "book", kind: kindSwitch, def: "on",
	about: "answer from the opening book (7x6, the first 12 plies) where it can"}

func init() {
	registerBot(&botDecl{name: "solver", order: 7, games: []string{"connect4"}, traces: true,
		about:  "perfect play: the exact game value by alpha-beta on bitboards, with a table and an opening book",
		params: []param{timeParam, bookParam},
		build: func(c botConfig) Bot {
			b := &SolverBot{table: runTable(c.reg), noBook: !c.vals.on("book")}
			if c.reg.running() {
				// Made now rather than in the first search, whose clock
				// it would spend: from fresh memory that can take
				// hundreds of milliseconds on a machine short of free
				// huge pages.
				b.table.get()
			}
			return b
		}})
}

package main

import (
	"context"
	"fmt"
	"time"
)

// The solver as a bot: book first, then the exact solve; under a clock,
// the best move of what it can prove in time (c4solverclock.go).

// SolverBot plays Connect Four perfectly: the exact score, and the most
// central column that keeps it. Under a clock, when the exact solve does
// not finish, it plays the best move of what it knows (c4solverclock.go). The
// solver bots of one run share one table a board size (scores belong to
// positions, so what one bot learns serves the others, and the run holds
// the table once), without a lock: each searches it with a solver of its
// own.
type SolverBot struct {
	// s is the solver of the board size last played (made on first use
	// over the run's table of that size); tests may give their own.
	s *c4Solver
	// reg is the run whose tables the bot searches (nil: tables of its
	// own).
	reg *registry
	// noBook searches every position, the book's too (book=off).
	noBook bool
	// guess is the depth-limited search of the last board size played
	// under a clock.
	guess *c4Guess
}

// Name is "solver".
func (b *SolverBot) Name() string { return "solver" }

// runTable is the table of reg's run for board g (c4TableBits entries),
// made on first use and made whole at once. A table grows only while one
// search has it to itself; a whole table can be read and written by the
// searches of several games at once without a lock, as the threads of
// one search do (c4solverparallel.go). Without a run (reg nil or the declared
// registry) the caller gets a table of its own.
func runTable(reg *registry, g *c4Geom) *c4Table {
	key := fmt.Sprintf("connect4 solver table %dx%d", g.width, g.height)
	return reg.shared(key, func() any {
		t := newC4Table(c4TableBits(g), g.keyBits)
		t.use(t.maxBits) // empty, so nothing to move
		return t
	}).(*c4Table)
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
	jobs := budget.Jobs
	var tr *c4Tracer
	if budget.Trace > 0 {
		// One thread, so that the tree shown is the whole search's.
		tr, jobs = newC4Tracer(budget.Trace, c.geo), 1
	}
	s.setJobs(jobs)
	s.start(ctx, tr)
	pr := c4SolverProver{s}
	if budget.Time > 0 {
		d = clockThink(ctx, pr, b.guessFor(c.geo), c.geo, p, budget)
	} else if exact, ok := pr.exact(ctx, p); ok {
		d = exact
	} else {
		d = clockThink(ctx, pr, b.guessFor(c.geo), c.geo, p, budget) // stopped: what it knows now
	}
	d.Time = time.Since(start)
	if tr != nil {
		d.Trace = tr.trace(d.Nodes, d.Score, d.PV)
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
	d := Decision{Move: bookMove(p, e), Stats: Stats{Score: int(e.score), Proof: ProofStats{Exact: true}}}
	d.Depth, d.PV = plies(d.Score, p.moves), bookLine(p)
	if budget.Trace > 0 {
		d.Trace = &SearchTrace{Bot: b.Name(), Heading: []string{fmt.Sprintf("trace: solver: the opening book knows this position (score %d): no search", d.Score)}}
	}
	return d, true
}

// solverFor is the solver the bot searches board g with: on the table
// that the run keeps for that size, made anew when the size changes.
func (b *SolverBot) solverFor(g *c4Geom) *c4Solver {
	if b.s == nil || b.s.g != g {
		b.s = newC4Solver(g, runTable(b.reg, g), bookFor(g, !b.noBook), c4Defaults())
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
// prover (c4solverclock.go).
type c4SolverProver struct{ s *c4Solver }

// known bounds col's score by the rules, the book and the table.
func (pr c4SolverProver) known(p c4Pos, col int) (lo, hi int, ok bool) {
	s, g := pr.s, pr.s.g
	q, v, over, ok := geoAfterMove(g, p, col)
	switch {
	case !ok || over:
		return v, v, ok
	case s.canWinNext(q):
		return -geoWinScore(g, q), -geoWinScore(g, q), true
	}
	if v, ok := pr.fromBook(q); ok {
		return -v, -v, true
	}
	qlo, qhi := geoLossScore(g, q), (g.cells-1-q.moves)/2
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
	q := p.play(geoCell(s.g, p, col))
	s.resume(ctx)
	var r int
	if s.main.tr != nil {
		r = s.probeNoted(q, fmt.Sprintf("column %d, at least %d?", col+1, -a), a)
	} else {
		r = s.window(q, a, a+1)
	}
	return r, !s.stopped()
}

// exact is the untimed bot's decision: the exact score, the most central
// column that keeps it, and the line expected.
func (pr c4SolverProver) exact(ctx context.Context, p c4Pos) (Decision, bool) {
	s := pr.s
	s.resume(ctx)
	m, v := s.bestMove(p)
	if s.stopped() {
		return Decision{}, false
	}
	d := Decision{Move: m, Stats: Stats{Score: v, Proof: ProofStats{Exact: true}, Depth: c4AnyPlies(s.g.cells, v, p.moves)}}
	d.PV = s.expectedLine(p, m, v)
	d.Nodes = s.nodes() // the line's searches too, as -trace notes them
	return d, true
}

// line is the line expected after col keeps p's exact score v.
func (pr c4SolverProver) line(ctx context.Context, p c4Pos, col, v int) []Move {
	pr.s.resume(ctx)
	return pr.s.expectedLine(p, Move(col), v)
}

// proved is what the book or the table proves of a position's class.
func (pr c4SolverProver) proved(p c4Pos) (int, bool) {
	if v, ok := pr.fromBook(p); ok {
		return sign(v), true
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
func (pr c4SolverProver) nodes() int64 { return pr.s.nodes() }

// bookParam switches the opening book: off searches every position.
var bookParam = param{key: "book", kind: kindSwitch, def: "on",
	about: "answer from the opening book (7x6, the first 12 plies) where it can"}

func init() {
	registerBot(&botDecl{name: "solver", order: 7, games: []string{"connect4"}, traces: true, toTheEnd: true,
		about:  "perfect play: the exact game value by alpha-beta on bitboards, with a table and an opening book",
		params: []param{timeParam, bookParam},
		build: func(c botConfig) Bot {
			b := &SolverBot{reg: c.reg, noBook: !c.vals.on("book")}
			if c.reg.running() {
				// The table of the usual board made now rather than in
				// the first search, whose clock it would spend: from
				// fresh memory that can take hundreds of milliseconds on
				// a machine short of free huge pages. (The bot does not
				// know the run's board before its first game.)
				runTable(c.reg, c4Std)
			}
			return b
		}})
}

package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// A run's plan: the command line resolved into who plays what, from where,
// in which mode, with the registry of this run (its engines included) and
// the warnings for the flags it cannot use. Everything a run does starts
// from a plan; nothing here prints.

// runPlan is a command line resolved.
type runPlan struct {
	cfg  *config
	mode runMode
	reg  *registry
	spec *gameSpec
	opt  gameOptions // the game's own option values, as given
	// bot is -bot (or -level, or the game's default): the opponent at the
	// prompt and -analyze's bot. seats are who sits where at the prompt
	// and in a match (nil: a person); field is a tournament's players.
	bot    *player
	seats  [3]*player
	field  []*player
	hinter *player
	// firstDrawn says -first random drew who moves first.
	firstDrawn bool
	// rng is the run's source, from -seed: -first random, and the bots
	// at the prompt and -analyze's (matches seed each game apart).
	rng      *rand.Rand
	from     []Move      // -moves: where every game starts
	plan     openingPlan // where a match's or a tournament's pairs start
	warnings []string
}

// newRunPlan resolves a command line read with reg's flags. Its error is
// one line for the person who typed it.
func newRunPlan(c *config, reg *registry) (*runPlan, error) {
	p := &runPlan{cfg: c, mode: modeOf(c), reg: reg, opt: gameOptions{}, rng: rand.New(rand.NewPCG(c.seed, 0x5eed))}
	spec, err := reg.findGame(c.game)
	if err != nil {
		return nil, fmt.Errorf("-game: %v", err)
	}
	p.spec = spec
	for _, o := range spec.options {
		if v, ok := c.gameOpts[o.name]; ok {
			p.opt[o.name] = v
		}
	}
	if spec.check != nil {
		if err := spec.check(spec.defaults(p.opt)); err != nil {
			return nil, err
		}
	}
	if p.mode == modeBook && c.bookLine < c.bookPly {
		return nil, fmt.Errorf("-book-line-ply %d: accepted is -book-ply (%d)..%d plies", c.bookLine, c.bookPly, c4Cells)
	}
	if p.mode == modeCheck {
		if err := checkEngineSpec(reg, c.check); err != nil {
			return nil, err
		}
	}
	if p.mode&modeBots != 0 {
		if err := p.resolvePlayers(); err != nil {
			return nil, err
		}
		if err := p.positions(); err != nil {
			return nil, err
		}
	}
	if err := p.fileClash(); err != nil {
		return nil, err
	}
	p.warnings = flagWarnings(flagTable(reg), flagRun{cfg: c, mode: p.mode, spec: p.spec, players: p.players(),
		watched: p.seats[X] != nil && p.seats[O] != nil})
	return p, nil
}

// resolvePlayers reads -bot, -level, -first, -x, -o and -tournament into
// players, as SPEC's rules seat them.
func (p *runPlan) resolvePlayers() error {
	c, g := p.cfg, p.spec
	name := c.bot
	switch {
	case c.level > 0:
		name = levelName(c.level)
	case name == "":
		name = g.seats.bot
	}
	var err error
	if p.bot, err = p.reg.newPlayer(g, name, c.budget); err != nil {
		return fmt.Errorf("-bot: %v", err)
	}
	if err := p.seatPlayers(); err != nil {
		return err
	}
	if p.hinter, err = p.reg.newPlayer(g, g.analyst.strongest, budgetDefaults{}); err != nil {
		return err
	}
	if p.mode == modeTournament {
		if err := p.resolveField(); err != nil {
			return err
		}
	}
	if p.mode == modeAnalyze && c.scores && g.analyst.scores == nil {
		return fmt.Errorf("-scores: %s's search does not score every move: accepted with Tic-Tac-Toe and Connect Four", g.title)
	}
	return nil
}

// resolveField reads -tournament's list, and -gauntlet's bot ahead of
// it.
func (p *runPlan) resolveField() (err error) {
	c, g := p.cfg, p.spec
	if p.field, err = p.reg.newPlayers(g, c.tournament, c.budget); err != nil {
		return fmt.Errorf("-tournament: %v", err)
	}
	if c.gauntlet == "" {
		if len(p.field) < 2 {
			return fmt.Errorf("-tournament %s: a round-robin needs two bots or more", quoteShort(c.tournament))
		}
		return nil
	}
	bot, err := p.reg.newPlayer(g, c.gauntlet, c.budget)
	if err != nil {
		return fmt.Errorf("-gauntlet: %v", err)
	}
	if slices.ContainsFunc(p.field, func(q *player) bool { return q.label == bot.label }) {
		return fmt.Errorf("-gauntlet %s is in -tournament's list too: a bot does not play itself", bot.label)
	}
	p.field = append([]*player{bot}, p.field...)
	return nil
}

// seatPlayers seats -bot's player on the side -first (or the game) says,
// then -x and -o on theirs.
func (p *runPlan) seatPlayers() error {
	c := p.cfg
	botFirst := p.spec.seats.botFirst
	switch c.first {
	case "human":
		botFirst = false
	case "bot":
		botFirst = true
	case "random":
		botFirst = p.rng.IntN(2) == 0
		p.firstDrawn = c.x == "" && c.o == ""
	}
	if botFirst {
		p.seats[X] = p.bot
	} else {
		p.seats[O] = p.bot
	}
	for _, side := range []Side{X, O} {
		spec := map[Side]string{X: c.x, O: c.o}[side]
		var err error
		switch {
		case spec == "":
		case strings.EqualFold(spec, "human"):
			p.seats[side] = nil
		default:
			if p.seats[side], err = p.reg.newPlayer(p.spec, spec, c.budget); err != nil {
				return fmt.Errorf("-%s: %v", strings.ToLower(side.String()), err)
			}
		}
	}
	if p.mode == modeMatch && (p.seats[X] == nil || p.seats[O] == nil) {
		return fmt.Errorf("-games %d: a match needs two bots: set -x and -o to bot specs", c.games)
	}
	return nil
}

// positions reads -moves and -openings: where games start.
func (p *runPlan) positions() error {
	c := p.cfg
	if c.moves != "" && c.openings != "" && p.mode&(modeMatch|modeTournament) != 0 {
		if _, err := strconv.Atoi(c.openings); err != nil {
			return fmt.Errorf("-moves with -openings FILE: the file's records start from the start: give one or the other")
		}
	}
	if c.moves != "" && p.mode != modeAnalyze {
		g, err := p.spec.parseRecord(c.moves, p.opt)
		if err != nil {
			return fmt.Errorf("-moves %s: %v", quoteShort(c.moves), err)
		}
		if g.Over() {
			return fmt.Errorf("-moves %s: the game is over there: accepted is a record that leaves it open", quoteShort(c.moves))
		}
		p.from = slices.Clone(g.History())
	}
	// Random plies: the game's default from its start, none from -moves
	// unless asked.
	p.plan = openingPlan{start: p.from, plies: p.spec.seats.openings}
	if c.moves != "" {
		p.plan.plies = 0
	}
	if c.openings == "" || p.mode&(modeMatch|modeTournament) == 0 {
		return nil
	}
	if n, err := strconv.Atoi(c.openings); err == nil {
		if n < 0 {
			return fmt.Errorf("-openings %d: accepted is 0 or more plies, or a file of records", n)
		}
		p.plan.plies = n
		return nil
	}
	f, err := os.Open(c.openings)
	if err != nil {
		return fmt.Errorf("-openings %s: no such file and not a number: accepted is K plies (0 or more) or a file of records", quoteShort(c.openings))
	}
	defer f.Close()
	if p.plan.suite, err = readOpenings(f, p.spec, p.opt); err != nil {
		return fmt.Errorf("-openings %s: %v", c.openings, err)
	}
	p.plan.file = c.openings
	return nil
}

// fileClash refuses a run that would write over one of its own files:
// -plot onto -out's games or a file -rate reads, -out onto an -openings
// file, a trace onto an engines list. Each file the run writes is none of
// the others it writes or reads, by name or under another name (a link,
// /dev/stdout): it is refused before any game.
func (p *runPlan) fileClash() error {
	c := p.cfg
	type file struct{ flag, name string }
	var writes, reads []file
	add := func(list *[]file, flag, name string, applies bool) {
		if name != "" && applies {
			*list = append(*list, file{flag, name})
		}
	}
	games := p.mode&(modeMatch|modeTournament) != 0
	add(&writes, "-out", c.out, games)
	add(&writes, "-plot", c.plot, games || p.mode == modeRate)
	add(&writes, "-trace-out", c.traceOut, c.trace > 0 && p.mode&(modePlay|modeAnalyze) != 0)
	add(&writes, "-make-book", c.makeBook, p.mode == modeBook)
	if _, err := strconv.Atoi(c.openings); err != nil {
		add(&reads, "-openings", c.openings, games)
	}
	for _, f := range c.rate {
		add(&reads, "-rate", f, p.mode == modeRate)
	}
	for _, f := range c.engineFiles {
		add(&reads, "-engines", f, true)
	}
	for i, w := range writes {
		for _, o := range writes[i+1:] {
			if sameFile(w.name, o.name) {
				return fmt.Errorf("%s %s and %s %s are one file: one would replace the other; give each a file of its own",
					w.flag, quoteShort(w.name), o.flag, quoteShort(o.name))
			}
		}
		for _, o := range reads {
			if sameFile(w.name, o.name) {
				return fmt.Errorf("%s %s is a file %s reads: writing it would replace it; give %s another file",
					w.flag, quoteShort(w.name), o.flag, w.flag)
			}
		}
	}
	return nil
}

// sameFile says two names are one file: the same file when both are there
// (os.SameFile: a link, another path), else the same path.
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

// players are the run's bots: the field of a tournament, -analyze's bot,
// or the seats' bots.
func (p *runPlan) players() []*player {
	switch p.mode {
	case modeTournament:
		return p.field
	case modeAnalyze:
		return []*player{p.bot}
	}
	var ps []*player
	for _, s := range []Side{X, O} {
		if p.seats[s] != nil {
			ps = append(ps, p.seats[s])
		}
	}
	return ps
}

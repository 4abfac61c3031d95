package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
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
	rng *rand.Rand
	// checked are the games -check plays the engine in: -game's, else
	// every game it plays.
	checked []*gameSpec
	from    []Move      // -moves: where every game starts
	plan    openingPlan // where a match's or a tournament's pairs start
	// warnings are the lines for the flags the run cannot use (the flag
	// table's), then notes on what the run made of flags that disagree.
	warnings []string
	notes    []string
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
		return nil, fmt.Errorf("-book-line-ply %d: expected from -book-ply (%d) to %d plies", c.bookLine, c.bookPly, bookMaxPly)
	}
	if p.mode == modeAnalyze && len(c.merge) > 0 && c.split == 0 {
		return nil, fmt.Errorf("-merge: give -split PLIES too, the plies the positions were split at")
	}
	if p.mode == modeCheck {
		if err := checkEngineSpec(reg, c.check); err != nil {
			return nil, err
		}
		if err := p.checkedGames(); err != nil {
			return nil, err
		}
	}
	if p.mode&modeBots != 0 {
		if err := p.resolvePlayers(); err != nil {
			return nil, err
		}
		if err := p.limits(); err != nil {
			return nil, err
		}
		if err := p.positions(); err != nil {
			return nil, err
		}
	}
	if err := p.fileClash(); err != nil {
		return nil, err
	}
	games := p.checked
	if p.mode != modeCheck {
		games = []*gameSpec{p.spec}
	}
	p.warnings, err = flagWarnings(flagTable(reg), flagRun{cfg: c, mode: p.mode, games: games, players: p.players(),
		watched: p.seats[X] != nil && p.seats[O] != nil})
	if err != nil {
		return nil, err
	}
	p.warnings = append(p.warnings, p.notes...)
	return p, nil
}

// resolvePlayers reads -bot, -level, -first, -x, -o and -tournament into
// players, as docs/playing.md's rules seat them.
func (p *runPlan) resolvePlayers() error {
	c, g := p.cfg, p.spec
	name := c.bot
	switch {
	case c.level > 0 && len(g.levels) == 0:
		return fmt.Errorf("-level: %s has no levels; choose its opponent with -bot (%s)", g.title, strings.Join(p.reg.botNames(g, false), ", "))
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
	if p.mode == modeAnalyze && c.scores {
		if _, ok := p.reg.newBot(g, p.hinter, nil).(moveScorer); !ok {
			return fmt.Errorf("-scores: %s's search does not score every move: -scores works with %s", g.title, p.reg.scoringGames())
		}
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

// seatPlayers seats the players (docs/playing.md, "Who plays whom"). -x
// and -o name who sits on their side. Naming one seat gives the other to
// the person when the seat named holds a bot, and to -bot's player when
// it holds the person, in every game; -first is then decided by the
// seat, and when it says otherwise the run says what was done. With no
// seat named, -bot's player sits where -first (or the game) says.
func (p *runPlan) seatPlayers() error {
	c := p.cfg
	named := map[Side]string{X: c.x, O: c.o}
	for _, side := range []Side{X, O} {
		var err error
		switch spec := named[side]; {
		case spec == "", strings.EqualFold(spec, "human"):
		case p.reg.findBot(spec) == nil && isNear(spec, "human"):
			return fmt.Errorf("-%s %s: did you mean human? Expected human or a bot spec", sideFlag(side), quoteShort(spec))
		default:
			if p.seats[side], err = p.reg.newPlayer(p.spec, spec, c.budget); err != nil {
				if s, serr := splitSpec(spec); serr == nil && p.reg.findBot(s.name) == nil {
					return fmt.Errorf("-%s: %v, or human", sideFlag(side), err) // a seat takes a person too
				}
				return fmt.Errorf("-%s: %v", sideFlag(side), err)
			}
		}
	}
	switch {
	case named[X] != "" && named[O] != "":
	case named[X] != "" || named[O] != "":
		side := X
		if named[X] == "" {
			side = O
		}
		if p.seats[side] == nil {
			p.seats[side.Other()] = p.bot
		}
		if p.mode == modePlay {
			p.firstNote(side)
		}
	default:
		botFirst := p.spec.seats.botFirst
		switch c.first {
		case "human":
			botFirst = false
		case "bot":
			botFirst = true
		case "random":
			botFirst = p.rng.IntN(2) == 0
			p.firstDrawn = true
		}
		if botFirst {
			p.seats[X] = p.bot
		} else {
			p.seats[O] = p.bot
		}
	}
	if p.mode == modeMatch && (p.seats[X] == nil || p.seats[O] == nil) {
		return fmt.Errorf("-games %d: a match needs two bots: set -x and -o to bot specs", c.games)
	}
	return nil
}

// firstNote is the line for a -first that the one seat named decides
// otherwise: X moves first, so the seat says who does.
func (p *runPlan) firstNote(side Side) {
	first := p.cfg.first
	botFirst := (p.seats[side] != nil) == (side == X)
	if first == "" || first == "bot" && botFirst || first == "human" && !botFirst {
		return
	}
	who := func(s Side) string {
		if p.seats[s] == nil {
			return "you play"
		}
		return p.seats[s].label + " plays"
	}
	p.notes = append(p.notes, fmt.Sprintf("-first %s ignored: %s X, who moves first; %s O", first, who(X), who(O)))
}

// limits looks at every player that would search to the end of the
// game with no time limit (docs/bots.md, "Configuring a bot"). Where the
// game has a bot for exact play and it is another, such a search would
// not finish: refused, naming that bot. Where the board needs a clock
// and no time was given, the player gets the clock (the game's own
// opponent on a board without a book), except in -analyze, whose answers
// are exact; one line says so. A search to the end that the user asked
// for (a 0 given) runs, and one line says so.
func (p *runPlan) limits() error {
	g, c := p.spec, p.cfg
	clock := time.Duration(0)
	if g.seats.clock != nil {
		clock = g.seats.clock(g.defaults(p.opt))
	}
	said := map[string]bool{}
	for _, pl := range p.players() {
		if !pl.decl.toTheEnd || pl.vals["time"] != "0" || pl.reads("depth") && pl.vals["depth"] != "0" {
			continue
		}
		if g.seats.exact != "" && pl.decl.name != g.seats.exact && pl.reads("depth") {
			return fmt.Errorf("%s at %s has no depth or time limit and would never move: use %s for exact play, or add time=5s",
				pl.label, g.title, g.seats.exact)
		}
		asked := slices.Contains(pl.given, "time") || c.budget.given("time") != "" ||
			pl.reads("depth") && (slices.Contains(pl.given, "depth") || c.budget.given("depth") != "")
		note := ""
		switch {
		case clock > 0 && !asked && p.mode != modeAnalyze:
			pl.vals["time"] = durationText(clock)
			note = fmt.Sprintf("%s has %s a move on this board; %s:time=0 plays exactly", pl.label, durationText(clock), pl.decl.name)
		case asked:
			note = fmt.Sprintf("%s: exact play, with no time limit", pl.label)
		}
		if note != "" && !said[pl.label] {
			said[pl.label] = true
			p.notes = append(p.notes, note)
		}
	}
	return nil
}

// checkedGames are the games -check plays the engine in: -game's when
// given, else every game the engine plays, each with the game options
// given, which must fit it (Connect Four's width and height together).
func (p *runPlan) checkedGames() error {
	c := p.cfg
	s, _ := splitSpec(c.check)
	decl := p.reg.findBot(s.name)
	games := p.reg.games
	if c.set["game"] {
		if !decl.plays(p.spec) {
			return fmt.Errorf("-check %s -game %s: %s does not play %s", s.name, c.game, s.name, p.spec.title)
		}
		games = []*gameSpec{p.spec}
	}
	for _, g := range games {
		if !decl.plays(g) {
			continue
		}
		if g.check != nil {
			if err := g.check(g.defaults(c.gameOpts)); err != nil {
				return err
			}
		}
		p.checked = append(p.checked, g)
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
			return fmt.Errorf("-moves %s: the game is over there: expected a record that leaves it open", quoteShort(c.moves))
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
			return fmt.Errorf("-openings %d: expected 0 or more plies, or a file of records", n)
		}
		p.plan.plies = n
		return nil
	}
	f, err := os.Open(c.openings)
	if err != nil {
		return fmt.Errorf("-openings %s: no such file and not a number: expected K plies (0 or more) or a file of records", quoteShort(c.openings))
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

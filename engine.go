package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// External engines: a program in any language that plays over lines of
// text on its stdin and stdout. -engine NAME=COMMAND declares one, and it
// joins the bot registry under NAME, so it plays wherever a bot does; the
// game loop asks it for moves like any bot, and a fault of its own (a
// crash, a hang, garbage, an illegal move) forfeits the game it is in
// rather than stopping the run. docs/engines.md is the protocol.

// Times an engine is given, beyond the move's budget.
const (
	// engineDefaultTime is an engine's time a move in games without a
	// default time (Tic-Tac-Toe, Connect Four) when -time is not given:
	// an engine needs some limit, or a hung one would hang the run.
	engineDefaultTime = 5 * time.Second
	// engineGrace is how late an answer may come for the pipes and the
	// process's scheduling: later than the budget and this, the engine
	// loses on time.
	engineGrace = 300 * time.Millisecond
	// engineStartup is what a process's first move may take on top, for
	// the program's start (an interpreter, a JVM, a table to load). It is
	// generous: on a busy 2-core machine pyenv's python3 took 7 s to start
	// (its shim is a shell script), the interpreter itself 1 s.
	engineStartup = 10 * time.Second
)

// engineDecl is an engine as -engine declared it.
type engineDecl struct {
	name    string
	command string   // as given, for help
	argv    []string // the command split into words
	dialect engineDialect
	env     []string // more environment for the process (the tests' fixtures)
	// dir is the folder the process starts in, and relative paths are
	// read from: a class list's own folder; "" for the current one.
	dir string
	// startup is the start-up allowance, engineStartup but in tests.
	startup time.Duration
	// group is the run's engines, where its stderr's log and its
	// processes belong.
	group *engineGroup
}

// parseEngine reads an -engine value, NAME=COMMAND, NAME=riddles:COMMAND
// or NAME=theaigames:COMMAND, and checks that the program is there to
// run; the engine is one of the run's group, started in the current
// folder.
func parseEngine(value string, group *engineGroup) (*engineDecl, error) {
	return parseEngineIn(value, "", group)
}

// parseEngineIn is parseEngine for an engine started in the folder dir
// (a class list's: its lines are read as they would be typed there).
func parseEngineIn(value, dir string, group *engineGroup) (*engineDecl, error) {
	name, command, ok := strings.Cut(value, "=")
	if !ok {
		return nil, errors.New("no =: accepted is NAME=COMMAND, NAME=riddles:COMMAND or NAME=theaigames:COMMAND")
	}
	d := &engineDecl{name: strings.TrimSpace(name), dialect: ourProtocol{}, group: group, startup: engineStartup, dir: dir}
	command = strings.TrimSpace(command)
	if rest, ok := strings.CutPrefix(command, "riddles:"); ok {
		command, d.dialect = rest, riddlesProtocol{}
	} else if rest, ok := strings.CutPrefix(command, "theaigames:"); ok {
		command, d.dialect = rest, riddlesProtocol{classic: true}
	}
	d.command = strings.TrimSpace(command)
	switch {
	case d.name == "":
		return nil, errors.New("the name before = is empty: accepted is NAME=COMMAND")
	case strings.IndexFunc(d.name, func(r rune) bool { return !isNameRune(r) }) >= 0:
		return nil, fmt.Errorf("name %q: accepted are letters, digits, - _ and .", d.name)
	case d.name == "human" || d.name == "all":
		return nil, fmt.Errorf("name %q is a word the bot flags keep for themselves: choose another", d.name)
	}
	argv, err := splitCommand(d.command)
	switch {
	case err != nil:
		return nil, fmt.Errorf("command %s", err)
	case len(argv) == 0:
		return nil, errors.New("no command after =: accepted is NAME=COMMAND")
	}
	if _, err := exec.LookPath(programIn(dir, argv[0])); err != nil {
		return nil, fmt.Errorf("command %q not found: %v", argv[0], errors.Unwrap(err))
	}
	d.argv = argv
	return d, nil
}

// startCommand is what starts a process of the engine: in its folder, with
// the environment the policy passes and its own variables, under the
// run's limit of memory.
func (d *engineDecl) startCommand() engineCommand {
	return engineCommand{argv: d.argv, env: append(engineEnviron(os.Environ()), d.env...), dir: d.dir, memory: d.group.memory}
}

// engineDecls reads the -engine values as engines of the run's group; a
// bad one is the flag's one-line error.
func engineDecls(values []string, group *engineGroup) ([]*botDecl, error) {
	var decls []*botDecl
	for i, v := range values {
		d, err := parseEngine(v, group)
		if err != nil {
			return nil, fmt.Errorf("-engine %q: %v", v, err)
		}
		decls = append(decls, engineBotDecl(d, 1000+i))
	}
	return decls, nil
}

// isNameRune says r may be part of an engine's name, which shows in
// tables, in -tournament's comma list and in its log file's name.
func isNameRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.'
}

// engineTime is an engine's time key: engineDefaultTime unless -time or
// time= says otherwise, in every game, since a hung engine needs a limit.
var engineTime = timeParam.withDefault(durationText(engineDefaultTime))

// engineBotDecl declares an engine as a bot, placed at order among the
// bots: it reads time, and passes every other key of its spec to the
// engine as an option.
func engineBotDecl(d *engineDecl, order int) *botDecl {
	return &botDecl{name: d.name, order: order, games: d.dialect.games(), anyKey: true,
		about:  d.dialect.about() + ": " + d.command,
		params: []param{engineTime},
		build:  func(c botConfig) Bot { return &engineBot{decl: d, options: c.options} }}
}

// engineDialect is a protocol an engine speaks: ours for every game, or
// the riddles.io (or theaigames) one for Connect Four.
type engineDialect interface {
	// games are the games it can play; none means all.
	games() []string
	// about says what it is, for -h.
	about() string
	// greeting is what a new process is told: the game, its options, the
	// engine's side, the time a move (perMove).
	greeting(g Game, side Side, perMove time.Duration, options [][2]string) []string
	// bank is the time a process has in hand at its start; 0: none, it
	// has the budget of each move.
	bank() time.Duration
	// turn asks for a move in g with time left to answer.
	turn(g Game, left time.Duration) []string
	// aside says a line says nothing that needs an answer or counts as
	// one (a blank line, our info): written out of turn, it is dropped.
	aside(line string) bool
	// answer reads a line the engine wrote while asked for a move:
	// done with the move, or information on its search added to d. Its
	// error is the fault that forfeits, worded after the engine's name.
	answer(line string, g Game, d *Decision) (m Move, done bool, err error)
	// expects says what an answer to a turn in g must be, for -check.
	expects(g Game) string
	// played is what an engine is told once its move m in g is taken.
	played(g Game, m Move) []string
	// end is what it is told after the game: the result (w won, Nobody
	// for a draw) when the game was played out, then quit.
	end(w Side, over bool, forfeit bool) []string
}

var _, _ = fallibleBot((*engineBot)(nil)), finisher((*engineBot)(nil)) // what the game loop asks of it

// engineBot is an engine playing as a bot. It runs a process for each
// side it plays (a bot may play itself) from its first move in a game to
// the game's end, and restarts it for another game or after a fault.
type engineBot struct {
	decl *engineDecl
	// options are its spec's keys, sent after the side.
	options  [][2]string
	sessions [3]*engineSession
	// watch, when set, sees every line sent to its processes (sent) and
	// read from them, in order: -check's transcript. A line written out
	// of turn goes to watchStale instead, with the process's move it came
	// after (0: before its first), and whether it was a fault (else it
	// was dropped): -check reports them.
	watch      func(sent bool, line string)
	watchStale func(after int, line string, fault bool)
	// lingered says a process of it had to be killed at a game's end,
	// not having exited engineQuitWait after its last words.
	lingered bool
}

// watched hands lines to watch, if it is set.
func (e *engineBot) watched(sent bool, lines ...string) {
	if e.watch != nil {
		for _, l := range lines {
			e.watch(sent, l)
		}
	}
}

// engineSession is one process playing one side of one game.
type engineSession struct {
	proc *engineProc
	key  string        // its greeting: a change means another game
	left time.Duration // the time bank, for a dialect that has one
	// answered counts its moves: the first gets the start-up allowance.
	answered int
	// heard counts the lines it has written: none at all, when it loses
	// on time, suggests output that is never flushed.
	heard int
}

func (e *engineBot) Name() string { return e.decl.name }

// Think keeps the Bot contract: the engine's move, or if it fails the
// first legal move (a front end that cares asks decide instead).
func (e *engineBot) Think(ctx context.Context, g Game, b Budget) Decision {
	d, err := e.decide(ctx, g, b)
	if err != nil {
		d = Decision{Move: g.Moves(nil)[0]}
	}
	return d
}

// decide asks the engine for its move in g within b's time (or
// engineDefaultTime). Its error is a *Forfeit for any fault of the
// engine's, a *hostFault when its program cannot be started, or the
// caller's context's.
func (e *engineBot) decide(ctx context.Context, g Game, b Budget) (Decision, error) {
	if ctx.Err() != nil {
		return Decision{}, ctx.Err()
	}
	side, perMove := g.Turn(), b.Time
	if perMove <= 0 {
		perMove = engineDefaultTime
	}
	start := time.Now()
	s, err := e.session(g, side, perMove)
	if err != nil {
		// Not the engine's fault: the game is not its loss.
		return Decision{}, &hostFault{what: "engine " + e.decl.name + " could not be started", err: err}
	}
	left := perMove
	if e.decl.dialect.bank() > 0 {
		left = s.left
	}
	allowed := left + engineGrace
	if s.answered == 0 {
		allowed += e.decl.startup
	}
	d, err := e.ask(ctx, s, g, left, start.Add(allowed))
	if err != nil {
		// The time it had used, before the wait for it to go.
		used := time.Since(start)
		e.drop(side)
		var f *Forfeit
		var host *hostFault
		if errors.As(err, &f) || errors.As(err, &host) || ctx.Err() != nil {
			return d, err
		}
		if errors.Is(err, errNoAnswer) {
			f := e.forfeit(side, ForfeitTime, "lost on time: no move in %s (%s to think, %s grace%s)%s",
				used.Round(time.Millisecond), left, engineGrace, e.startupNote(s), silenceNote(s))
			f.Cause = errNoAnswer
			return d, f
		}
		return d, e.forfeit(side, faultKind(err, ForfeitCrash), "%v", err)
	}
	d.Time = time.Since(start)
	if s.answered == 0 {
		d.Startup = d.Time
	}
	s.answered++
	// What came with the move and after it cannot answer anything: a
	// second answer is the fault now, before the first is played.
	if err := e.stale(s, side); err != nil {
		e.drop(side)
		return Decision{}, err
	}
	if e.decl.dialect.bank() > 0 {
		s.left = min(max(s.left-d.Time, 0)+perMove, e.decl.dialect.bank())
	}
	return d, nil
}

// startupNote is the lost-on-time message's word on the start-up
// allowance, when the move was a process's first.
func (e *engineBot) startupNote(s *engineSession) string {
	if s.answered == 0 {
		return fmt.Sprintf(", %s to start", e.decl.startup)
	}
	return ""
}

// silenceNote is the lost-on-time message's word on an engine that has
// written nothing at all: most often its output sits in a buffer it never
// flushed.
func silenceNote(s *engineSession) string {
	if s.heard == 0 {
		return "; it wrote nothing: does it flush its output after each line?"
	}
	return ""
}

// ask sends the turn and reads until the move, by deadline.
func (e *engineBot) ask(ctx context.Context, s *engineSession, g Game, left time.Duration, deadline time.Time) (Decision, error) {
	d := Decision{Stats: Stats{Unknown: allFigures}} // until its info says
	if err := e.stale(s, g.Turn()); err != nil {
		return d, err
	}
	turn := e.decl.dialect.turn(g, left)
	e.watched(true, turn...)
	if err := s.proc.send(turn...); err != nil {
		// It has gone: its output's end says how.
		for {
			if _, err := s.proc.next(ctx, deadline); err != nil {
				return d, e.readFault(s, g.Turn(), err)
			}
		}
	}
	for {
		l, err := s.proc.next(ctx, deadline)
		if err != nil {
			return d, e.readFault(s, g.Turn(), err)
		}
		if l.early { // written before it had read the question
			if err := e.outOfTurn(s, g.Turn(), l.text); err != nil {
				return d, err
			}
			continue
		}
		line := l.text
		s.heard++
		e.watched(false, line)
		m, done, err := e.decl.dialect.answer(line, g, &d)
		if err != nil {
			return d, e.forfeit(g.Turn(), faultKind(err, ForfeitGarbage), "%v", err)
		}
		if done {
			d.Move = m
			if lines := e.decl.dialect.played(g, m); len(lines) > 0 {
				e.watched(true, lines...)
				s.proc.send(lines...)
			}
			return d, nil
		}
	}
}

// stale reads what the engine wrote before it is asked for a move: after
// its last move, or before its first. None of it can answer the question
// not yet asked. A line that says nothing (blank, or info in our
// protocol) is dropped, with a note in the engine's log; any other is a
// fault: an engine that answers twice, or talks out of turn, is out of
// step with the game, and a move it wrote for another position must not
// be played in this one. watchStale, when set, hears of every such line.
func (e *engineBot) stale(s *engineSession, side Side) error {
	for {
		line, ok := s.proc.pending()
		if !ok {
			return nil
		}
		if err := e.outOfTurn(s, side, line); err != nil {
			return err
		}
	}
}

// outOfTurn takes a line the engine wrote before it was asked what it is
// asked now: dropped if it says nothing, else the fault.
func (e *engineBot) outOfTurn(s *engineSession, side Side, line string) error {
	s.heard++
	when, aside := e.staleWhen(s), e.decl.dialect.aside(line)
	if e.watchStale != nil {
		e.watchStale(s.answered, line, !aside)
	}
	if aside {
		s.proc.note("dropped %s, written %s", quoteUpTo(line, engineEcho), when)
		return nil
	}
	f := e.forfeit(side, ForfeitGarbage, "wrote %s %s (an engine answers once, then writes nothing until it is asked again)",
		quoteUpTo(line, engineEcho), when)
	f.Cause = &staleLine{after: s.answered}
	return f
}

// staleWhen says when a stale line came: before the first move of the
// process, or after its last.
func (e *engineBot) staleWhen(s *engineSession) string {
	if s.answered == 0 {
		return "before it was asked for a move"
	}
	return fmt.Sprintf("after its move %d, before it was asked again", s.answered)
}

// staleLine is a forfeit's cause when the line at fault was written
// between two moves: after the engine's move after (0: before its
// first), not in answer to anything.
type staleLine struct{ after int }

func (l *staleLine) Error() string { return "a line out of turn" }

// readFault words why no answer came: as the engine ended, or the
// reading's own error (the time is decide's to word).
func (e *engineBot) readFault(s *engineSession, side Side, err error) error {
	switch {
	case errors.Is(err, errClosed):
		how, lost := s.proc.ended()
		if lost != nil { // the host's doing, not the engine's
			return &hostFault{what: "engine " + e.decl.name + " was ended by no fault of its own", err: lost}
		}
		return e.forfeit(side, s.proc.endedKind(), "%s", how)
	case errors.Is(err, errNoAnswer), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	}
	return e.forfeit(side, faultKind(err, ForfeitCrash), "%v", err)
}

// forfeit is the engine's loss of the game, its reason after its name,
// and where its stderr went.
func (e *engineBot) forfeit(side Side, kind ForfeitKind, format string, args ...any) *Forfeit {
	reason := e.decl.name + " " + fmt.Sprintf(format, args...)
	if path := e.decl.group.logs.path(e.decl.name); path != "" {
		reason += "; log " + path
	}
	return &Forfeit{Side: side, Kind: kind, Reason: reason}
}

// session is the process playing side in g, started and greeted if it is
// not running for this game yet.
func (e *engineBot) session(g Game, side Side, perMove time.Duration) (*engineSession, error) {
	greeting := e.decl.dialect.greeting(g, side, perMove, e.options)
	key := strings.Join(greeting, "\n")
	if s := e.sessions[side]; s != nil && s.key == key {
		return s, nil
	}
	e.drop(side)
	log, err := e.decl.group.logs.open(e.decl.name)
	if err != nil {
		return nil, err
	}
	p, err := startEngine(e.decl.name, e.decl.startCommand(), log, &e.decl.group.procs)
	if err != nil {
		log.release()
		return nil, err
	}
	s := &engineSession{proc: p, key: key, left: e.decl.dialect.bank()}
	e.sessions[side] = s
	e.watched(true, greeting...)
	p.send(greeting...) // a process that is gone already shows at the first move
	return s, nil
}

// staleAtEnd reads what the engine wrote after its last move of a game
// that is over: the game stands, but the log says so, and -check reports
// a line that would have been a fault had the game gone on.
func (e *engineBot) staleAtEnd(s *engineSession) {
	for {
		line, ok := s.proc.pending()
		if !ok {
			return
		}
		s.proc.note("dropped %s, written %s", quoteUpTo(line, engineEcho), e.staleWhen(s))
		if e.watchStale != nil {
			e.watchStale(s.answered, line, !e.decl.dialect.aside(line))
		}
	}
}

// drop ends the process of side at once, after a fault.
func (e *engineBot) drop(side Side) {
	if s := e.sessions[side]; s != nil {
		s.proc.close()
		e.sessions[side] = nil
	}
}

// finish ends the game for the engine's processes: the result if it was
// played out (or forfeited), then quit; one that does not exit is killed.
func (e *engineBot) finish(g Game, err error) {
	var f *Forfeit
	forfeit := errors.As(err, &f)
	w := g.Winner()
	if forfeit {
		w = f.Side.Other()
	}
	over := err == nil && g.Over() || forfeit
	for _, side := range []Side{X, O} {
		if s := e.sessions[side]; s != nil {
			e.staleAtEnd(s)
			end := e.decl.dialect.end(w, over, forfeit)
			e.watched(true, end...)
			if !s.proc.close(end...) {
				e.lingered = true
			}
			e.sessions[side] = nil
		}
	}
}

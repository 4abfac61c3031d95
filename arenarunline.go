package main

// The roster once: -out writes a run line before a run's games, naming
// its players (the field) once, and the game lines after it leave the
// field out. A class of 600 engines wrote its 607 names on every line
// before, 4.8 KB a line (docs/results.md). A game line that names its
// field (a file written before, or a saved -format json output) reads
// as it did.

// runRecord is the run line: the run's game and options, event, field,
// seed and games, as its game lines have them.
type runRecord struct {
	Type    string         `json:"type"` // always "run"
	Game    string         `json:"game"`
	Options map[string]int `json:"options,omitempty"`
	Event   string         `json:"event"`
	Field   []string       `json:"field"`
	Seed    uint64         `json:"seed"`
	Games   int            `json:"games"`
}

// runLine is the run line of a's run.
func (a arena) runLine() runRecord {
	r := runRecord{Type: "run", Game: a.spec.name, Event: a.event, Field: a.field, Seed: a.seed, Games: a.total}
	if opt := a.spec.defaults(a.opt); len(opt) > 0 {
		r.Options = opt
	}
	return r
}

// keepRun writes a's run line to -out's file, if the run has one and
// games to play (a rerun with nothing left to play writes nothing).
func (r report) keepRun(a arena, games schedule) error {
	if r.keep == nil || a.replays >= games.count {
		return nil
	}
	return r.keep.writeLine(a.runLine(), "the run line")
}

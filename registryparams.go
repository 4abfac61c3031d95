package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A bot's parameters: each bot declares the keys it reads (param), and a
// bot spec on the command line, NAME:KEY=VALUE:KEY=VALUE, sets some of
// them (docs/bots.md, "Configuring a bot"). The declaration is the one place a
// key is described: the spec parser checks against it, help and
// docs/bots.md list it, and the conformance test plays every key at a
// value other than its default.

// paramKind is the kind of value a key takes.
type paramKind uint8

const (
	kindInt      paramKind = iota // a whole number in [min, max]
	kindFloat                     // a number in [min, max]
	kindDuration                  // a duration like 500ms or 2s, 0 or more
	kindChoice                    // one word of a list
	kindSwitch                    // on or off
)

// param declares one key of a bot.
type param struct {
	key   string
	kind  paramKind
	about string // one line of meaning, for help and docs/bots.md
	// min and max bound a number (kindInt, kindFloat).
	min, max float64
	// choices are a kindChoice key's words; gameChoices, when set, gives
	// them per game instead (eval: each game's evaluators).
	choices     []string
	gameChoices func(game string) []string
	// def is the default, in the key's own notation; a game's card may
	// hold its own (gameSpec.botDefaults), unless fixed says the key
	// keeps def everywhere (an engine's time, which the engine reads).
	def   string
	fixed bool
	// untilTime says that when a time is given (by -time or time=) and
	// this key is not, the key's default gives way to "no limit", so that
	// the time decides how long the bot thinks: depth and playouts.
	untilTime bool
}

// The keys that more than one bot reads, declared once here; a bot lists
// them among its params. The budget keys (depth, time, playouts) fill the
// Budget of each move; -depth, -time and -playouts are their defaults.
var (
	depthParam = param{key: "depth", kind: kindInt, min: 0, max: 64, def: "0", untilTime: true,
		about: "plies to look ahead; 0 means no limit: to the end, or as deep as the time allows"}
	timeParam = param{key: "time", kind: kindDuration, def: "0",
		about: "time for each move, like 500ms; 0 means no limit"}
	playoutsParam = param{key: "playouts", kind: kindInt, min: 0, max: 1e9, def: "0", untilTime: true,
		about: "playouts (random games) for each move; 0 means no limit: as many as the time allows"}
	evalParam = param{key: "eval", kind: kindChoice, gameChoices: evaluatorNames,
		about: "the evaluation of positions it cannot search to the end"}
)

// budgetKeys are the keys whose values go into a move's Budget, and the
// flags that give their defaults.
var budgetKeys = []string{"depth", "time", "playouts"}

// withDefault is p with another default, the same in every game.
func (p param) withDefault(def string) param {
	p.def, p.fixed = def, true
	return p
}

// choicesFor is a kindChoice key's words in the game.
func (p param) choicesFor(game string) []string {
	if p.gameChoices != nil {
		return p.gameChoices(game)
	}
	return p.choices
}

// parse checks a value typed for the key in the game (by name) and returns it in
// the key's own notation (1000ms is 1s, ON is on), so that two ways of
// writing one value name one player. Its error says what is expected.
func (p param) parse(game, text string) (string, error) {
	bad := func() (string, error) {
		var near []string // a choice typed wrong has a nearest choice
		if p.kind == kindChoice {
			near = p.choicesFor(game)
		}
		return "", fmt.Errorf("%s=%s: %s", p.key, quoteShort(text), expecting(text, "", near, p.accepts(game)))
	}
	switch p.kind {
	case kindInt:
		n, err := strconv.Atoi(text)
		if err != nil || float64(n) < p.min || float64(n) > p.max {
			return bad()
		}
		return strconv.Itoa(n), nil
	case kindFloat:
		f, err := strconv.ParseFloat(text, 64)
		if err != nil || math.IsNaN(f) || f < p.min || f > p.max {
			return bad()
		}
		return strconv.FormatFloat(f, 'g', -1, 64), nil
	case kindDuration:
		d, err := time.ParseDuration(text)
		if text == "0" {
			d, err = 0, nil
		}
		if err != nil || d < 0 {
			return bad()
		}
		return durationText(d), nil
	case kindSwitch:
		switch strings.ToLower(text) {
		case "on", "true", "yes", "1":
			return "on", nil
		case "off", "false", "no", "0":
			return "off", nil
		}
		return bad()
	}
	for _, c := range p.choicesFor(game) {
		if strings.EqualFold(c, text) {
			return c, nil
		}
	}
	return bad()
}

// durationText writes a duration as a person would: 1s, 1.5s, 100ms, 2m,
// 0; time.Duration's own String says 2m0s and 0s.
func durationText(d time.Duration) string {
	if d == 0 {
		return "0"
	}
	s := d.String()
	s, _ = strings.CutSuffix(s, "m0s")
	if len(s) < len(d.String()) {
		s += "m"
	}
	if t, ok := strings.CutSuffix(s, "h0m"); ok {
		s = t + "h"
	}
	return s
}

// accepts says what the key takes in the game, for errors and help.
func (p param) accepts(game string) string {
	switch p.kind {
	case kindInt:
		return fmt.Sprintf("a whole number from %s to %s", numText(p.min), numText(p.max))
	case kindFloat:
		return fmt.Sprintf("a number from %s to %s", numText(p.min), numText(p.max))
	case kindDuration:
		return "a time like 500ms or 2s, or 0 (no limit)"
	case kindSwitch:
		return "on or off"
	}
	return "one of " + strings.Join(p.choicesFor(game), ", ")
}

// valueWord is how help writes the key's value: N, X, DURATION, on|off,
// or its choices.
func (p param) valueWord(game string) string {
	switch p.kind {
	case kindInt:
		return "N"
	case kindFloat:
		return "X"
	case kindDuration:
		return "TIME"
	case kindSwitch:
		return "on|off"
	}
	words := strings.Join(p.choicesFor(game), "|")
	if p.gameChoices != nil && game == "" || len(words) > maxChoiceWords {
		return "NAME" // the key's meaning lists them
	}
	return words
}

// maxChoiceWords is the longest list of choices help writes as a key's
// value, so that the key fits help's 80 columns.
const maxChoiceWords = 40

// numText writes a bound without a needless fraction or exponent.
func numText(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// paramValues are a player's value of every key its bot reads, each in
// the key's own notation. The getters assume a key the bot declared: the
// values were checked when the spec was read.
type paramValues map[string]string

func (v paramValues) text(key string) string { return v[key] }

func (v paramValues) int(key string) int {
	n, _ := strconv.Atoi(v[key])
	return n
}

func (v paramValues) float(key string) float64 {
	f, _ := strconv.ParseFloat(v[key], 64)
	return f
}

func (v paramValues) duration(key string) time.Duration {
	d, _ := time.ParseDuration(v[key]) // "0" parses, as does what durationText writes
	return d
}

func (v paramValues) on(key string) bool { return v[key] == "on" }

// specText is a bot spec as typed, taken apart: the bot's name and the
// key=value pairs in the order given.
type specText struct {
	name  string
	pairs [][2]string
}

// splitSpec takes NAME:KEY=VALUE:... apart, checking only its shape.
func splitSpec(text string) (specText, error) {
	parts := strings.Split(strings.TrimSpace(text), ":")
	s := specText{name: strings.TrimSpace(parts[0])}
	if s.name == "" {
		return s, fmt.Errorf("%s: no bot name before the first colon: expected NAME or NAME:KEY=VALUE:...", quoteUpTo(text, maxSpecEcho))
	}
	for _, part := range parts[1:] {
		key, value, ok := strings.Cut(part, "=")
		key, value = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(value)
		if !ok || key == "" || value == "" {
			return s, fmt.Errorf("%s: %s is not KEY=VALUE: expected NAME:KEY=VALUE:...", quoteUpTo(text, maxSpecEcho), quoteShort(part))
		}
		if slices.ContainsFunc(s.pairs, func(p [2]string) bool { return p[0] == key }) {
			return s, fmt.Errorf("%s: %s is given twice", quoteUpTo(text, maxSpecEcho), key)
		}
		s.pairs = append(s.pairs, [2]string{key, value})
	}
	return s, nil
}

// expandSweeps turns a spec with swept values into one spec a value: a
// value A..B (whole numbers, A < B) or A/B/C stands for each of them, and
// two swept keys for every combination, the first key's values outermost.
// A spec without sweeps is itself.
func expandSweeps(text string) ([]string, error) {
	s, err := splitSpec(text)
	if err != nil {
		return nil, err
	}
	specs := []string{s.name}
	for _, kv := range s.pairs {
		values, err := sweptValues(kv[1])
		if err != nil {
			return nil, fmt.Errorf("%s: %s=%s: %v", quoteUpTo(text, maxSpecEcho), kv[0], kv[1], err)
		}
		var next []string
		for _, spec := range specs {
			for _, v := range values {
				next = append(next, spec+":"+kv[0]+"="+v)
			}
		}
		specs = next
	}
	return specs, nil
}

// maxSweep bounds the values one A..B stands for: a tournament of more
// players than this is a typing mistake more likely than a plan.
const maxSweep = 64

// sweptValues are the values one value of a spec stands for.
func sweptValues(v string) ([]string, error) {
	if strings.Contains(v, "/") {
		values := strings.Split(v, "/")
		if slices.Contains(values, "") {
			return nil, fmt.Errorf("an empty value between slashes: expected A/B/C")
		}
		return values, nil
	}
	from, to, ok := strings.Cut(v, "..")
	if !ok {
		return []string{v}, nil
	}
	a, errA := strconv.Atoi(from)
	b, errB := strconv.Atoi(to)
	switch {
	case errA != nil || errB != nil:
		return nil, fmt.Errorf("expected A..B with whole numbers A < B")
	case a >= b || b-a >= maxSweep:
		return nil, fmt.Errorf("expected A..B with A < B and at most %d values", maxSweep)
	}
	var values []string
	for n := a; n <= b; n++ {
		values = append(values, strconv.Itoa(n))
	}
	return values, nil
}

package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
	"unicode"
)

// A player is a bot spec read for one game: the bot, the value of every
// key it reads, and the name it goes by in tables, lines and records.

// player is a bot with its values, in one game.
type player struct {
	// label is the spec as given, keys in the bot's declared order and
	// values in their own notation: "alphabeta:depth=2". Two players of
	// one bot with other values are two players.
	label string
	decl  *botDecl
	vals  paramValues
	// given are the keys its spec sets, which -depth, -time and
	// -playouts do not change.
	given []string
	// options are the keys an engine reads itself, as given, in order.
	options [][2]string
}

// budgetDefaults are -depth, -time and -playouts: the values of those
// keys for every bot that reads them and whose spec does not set them.
// A flag given as 0 means what the key's 0 means, no limit, and is listed
// in noLimit; a field left 0 otherwise is a flag not given.
type budgetDefaults struct {
	depth    int
	time     time.Duration
	playouts int
	noLimit  []string // the keys whose flag was given as 0
}

// given is the flag's value of a budget key as a key's text, "" when the
// flag is not given.
func (d budgetDefaults) given(key string) string {
	switch {
	case slices.Contains(d.noLimit, key):
		return "0"
	case key == "depth" && d.depth > 0:
		return fmt.Sprint(d.depth)
	case key == "time" && d.time > 0:
		return durationText(d.time)
	case key == "playouts" && d.playouts > 0:
		return fmt.Sprint(d.playouts)
	}
	return ""
}

// newPlayer reads a bot spec for the game: the bot must play it, every
// key must be one the bot reads (or any, for an engine) with a value it
// accepts. Keys not given take the flags' values, then the game's
// defaults; depth and playouts give way to a time given and not them
// (docs/bots.md, "Configuring a bot"). The error is one line
// naming the spec, the key and what is accepted.
func (r *registry) newPlayer(g *gameSpec, text string, flags budgetDefaults) (*player, error) {
	s, err := splitSpec(text)
	if err != nil {
		return nil, err
	}
	b := r.findBot(s.name)
	switch {
	case b == nil:
		names := r.botNames(g, true)
		return nil, fmt.Errorf("unknown bot %s: %s", quoteShort(s.name), expecting(s.name, "", names, "one of "+strings.Join(names, ", ")))
	case !b.plays(g):
		return nil, fmt.Errorf("bot %s does not play %s: expected one of %s", b.name, g.title, strings.Join(r.botNames(g, true), ", "))
	}
	p := &player{decl: b, vals: paramValues{}}
	given := map[string]bool{}
	for _, kv := range s.pairs {
		decl, ok := b.param(kv[0])
		switch {
		case !ok && b.anyKey && strings.ContainsFunc(kv[0]+kv[1], unicode.IsSpace):
			return nil, fmt.Errorf("%s: %s=%s: an option's key and value are single words", quoteUpTo(text, maxSpecEcho), kv[0], kv[1])
		case !ok && b.anyKey:
			p.options = append(p.options, kv)
			continue
		case !ok && len(b.params) == 0:
			return nil, fmt.Errorf("%s: %s takes no keys", quoteUpTo(text, maxSpecEcho), b.name)
		case !ok:
			return nil, fmt.Errorf("%s: %s has no key %s: %s", quoteUpTo(text, maxSpecEcho), b.name, quoteShort(kv[0]),
				expecting(kv[0], "", b.keys(), "one of its keys: "+strings.Join(b.keys(), ", ")))
		}
		v, err := decl.parse(g.name, kv[1])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", quoteUpTo(text, maxSpecEcho), err)
		}
		p.vals[kv[0]], given[kv[0]] = v, true
		p.given = append(p.given, kv[0])
	}
	p.label = b.name + p.keysGiven(given)
	if err := p.complete(g, given, flags); err != nil {
		return nil, err
	}
	return p, nil
}

// keysGiven writes the keys given, in the bot's declared order, then an
// engine's own: ":depth=2:eval=threats", "" for none.
func (p *player) keysGiven(given map[string]bool) string {
	var b strings.Builder
	for _, decl := range p.decl.params {
		if given[decl.key] {
			b.WriteString(":" + decl.key + "=" + p.vals[decl.key])
		}
	}
	for _, kv := range p.options {
		b.WriteString(":" + kv[0] + "=" + kv[1])
	}
	return b.String()
}

// complete gives every key not given its value: the flag's for a budget
// key (which must be a value the key takes), else the game's default,
// except that a depth or a count of playouts not given gives way to a
// time limit given (by time= or -time): the bot then thinks until the
// time is spent. A time of 0, no limit, leaves them as they are.
func (p *player) complete(g *gameSpec, given map[string]bool, flags budgetDefaults) error {
	timed := given["time"] && p.vals["time"] != "0" || flags.time > 0
	for _, decl := range p.decl.params {
		if given[decl.key] {
			continue
		}
		v := flags.given(decl.key)
		switch {
		case v != "":
			if _, err := decl.parse(g.name, v); err != nil {
				return fmt.Errorf("-%s %s: %s's %v", decl.key, v, p.decl.name, err)
			}
		case decl.untilTime && timed:
			v = "0"
		default:
			v = decl.defaultIn(g, p.decl.name)
		}
		p.vals[decl.key] = v
	}
	return nil
}

// keys are the bot's keys, in its order: depth, time, eval.
func (b *botDecl) keys() []string {
	keys := make([]string, len(b.params))
	for i, p := range b.params {
		keys[i] = p.key
	}
	return keys
}

// reads reports whether the player's bot reads key.
func (p *player) reads(key string) bool {
	_, ok := p.decl.param(key)
	return ok
}

// budget is a move's budget for the player: its depth, time and
// playouts; the run adds threads and traces.
func (p *player) budget() Budget {
	return Budget{Depth: p.vals.int("depth"), Time: p.vals.duration("time"), Playouts: p.vals.int("playouts")}
}

// newBot makes the player's bot for game g, drawing from rng.
func (r *registry) newBot(g *gameSpec, p *player, rng *rand.Rand) Bot {
	return r.buildWith(p.decl, botConfig{game: g, vals: p.vals, options: p.options, rng: rng, reg: r})
}

// implName is the name -v shows for the player in game g: its label,
// followed by the game's own implementation where one stands in.
func (p *player) implName(g *gameSpec) string {
	if s := g.specialFor(p.decl.name, p.vals); s != nil {
		return p.label + " [" + s.impl + "]"
	}
	return p.label
}

// newPlayers reads a list of specs for a tournament, comma-separated, each
// with its sweeps expanded ("all" is every bot that plays the game), and
// checks that no player is listed twice.
func (r *registry) newPlayers(g *gameSpec, list string, flags budgetDefaults) ([]*player, error) {
	var texts []string
	if strings.EqualFold(strings.TrimSpace(list), "all") {
		texts = r.botNames(g, false)
	} else {
		for _, item := range strings.Split(list, ",") {
			specs, err := expandSweeps(item)
			if err != nil {
				return nil, err
			}
			texts = append(texts, specs...)
		}
	}
	var field []*player
	for _, text := range texts {
		p, err := r.newPlayer(g, text, flags)
		if err != nil {
			return nil, err
		}
		if slices.ContainsFunc(field, func(q *player) bool { return q.label == p.label }) {
			return nil, fmt.Errorf("%s is listed twice", p.label)
		}
		field = append(field, p)
	}
	return field, nil
}

package main

import (
	"errors"
	"fmt"
	"strings"
)

// Reading the command line against the flag table: -name value,
// -name=value, --name too, a switch alone or as -name=false; -rate takes
// the words after it. Each error is one line naming the flag, the value
// and what is expected; a name typed wrong gets the nearest.

// errHelp is -h (or -help): the caller prints help.
var errHelp = errors.New("help asked for")

// parseArgs reads args into a config: the table's defaults first, then
// every flag given, in order.
func parseArgs(table []flagDef, args []string) (*config, error) {
	c := &config{gameOpts: map[string]int{}, set: map[string]bool{}}
	for _, f := range table {
		if f.def != "" {
			if err := f.set(c, f.def); err != nil {
				panic(fmt.Sprintf("flag -%s: its default %q is refused", f.name, f.def))
			}
		}
	}
	// The game options' defaults are the cards', not values given.
	clear(c.gameOpts)
	var many *flagDef // the flag that takes the words after it (-rate)
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			if many == nil {
				return nil, fmt.Errorf("unexpected argument %s: all settings are flags (see -h)", quoteShort(arg))
			}
			if err := many.set(c, arg); err != nil {
				return nil, valueError(*many, arg, err)
			}
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if name == "h" || name == "help" {
			return c, errHelp
		}
		f, ok := findFlag(table, name)
		if !ok {
			names := make([]string, len(table))
			for i, f := range table {
				names[i] = f.name
			}
			if near, ok := nearestWord(name, names); ok {
				return nil, fmt.Errorf("unknown flag -%s: did you mean -%s? (see -h)", name, near)
			}
			return nil, fmt.Errorf("unknown flag -%s: see -h for the flags", name)
		}
		switch {
		case hasValue:
		case f.boolean():
			value = "true"
		case i+1 < len(args):
			i++
			value = args[i]
		default:
			return nil, fmt.Errorf("-%s needs a value: expected %s", f.name, f.acceptsText())
		}
		if err := f.set(c, value); err != nil {
			return nil, valueError(f, value, err)
		}
		c.set[f.name] = true
		if f.many {
			many = &f // the words after it are its, whatever flags come between
		}
	}
	return c, nil
}

// findFlag is the table's flag called name.
func findFlag(table []flagDef, name string) (flagDef, bool) {
	for _, f := range table {
		if f.name == name {
			return f, true
		}
	}
	return flagDef{}, false
}

// valueError is the one line for a value a flag refused.
func valueError(f flagDef, value string, err error) error {
	if errors.Is(err, errBadValue) {
		return fmt.Errorf("-%s %s: %s", f.name, quoteShort(value), expecting(value, "", f.choices, f.acceptsText()))
	}
	// A file's name is quoted whole (within a spec's length): the fault
	// may be in any part of it.
	return fmt.Errorf("-%s %s: %v", f.name, quoteUpTo(value, maxSpecEcho), err)
}

// acceptsText is what the flag accepts, in words.
func (f flagDef) acceptsText() string {
	switch {
	case f.accepts != "":
		return f.accepts
	case f.boolean():
		return "true or false"
	}
	return strings.ToLower(f.arg)
}

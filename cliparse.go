package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// Reading the command line against the flag table: -name value,
// -name=value, --name too, a switch alone or as -name=false; -rate takes
// the words after it. Each error is one line naming the flag, the value
// and what is expected; a name typed wrong gets the nearest.

// errHelp is -h, -help or the word help (as in go help, git help): the
// caller prints help.
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
			if many == nil && strings.EqualFold(arg, "help") {
				return c, errHelp
			}
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

// planRun reads the command line into the run's plan, with the run's
// engines declared. What ends the program before any mode (-h, -version,
// a bad command line) is done here: ok false, and the exit status.
// Warnings are printed.
func planRun(args []string, engines *engineGroup, stdout, stderr io.Writer) (p *runPlan, status int, ok bool) {
	reg, c, err := readCommandLine(args, engines)
	switch {
	case errors.Is(err, errHelp):
		fmt.Fprint(stdout, helpText(reg, progName(os.Args[0])))
		return nil, 0, false
	case err != nil: // one line each for an error of several (a class list's bad lines)
		fmt.Fprintf(stderr, "boardbots: %s\n", strings.ReplaceAll(err.Error(), "\n", "\nboardbots: "))
		return nil, 2, false
	}
	if c.version { // before anything else is looked at
		fmt.Fprintln(stdout, versionText())
		return nil, 0, false
	}
	if p, err = newRunPlan(c, reg); err != nil {
		fmt.Fprintf(stderr, "boardbots: %v\n", err)
		return nil, 2, false
	}
	for _, w := range p.warnings {
		fmt.Fprintf(stderr, "boardbots: %s\n", w)
	}
	return p, 0, true
}

// readCommandLine reads args with the flag table, then makes the run's
// registry with the engines they declare, of the run's group. On -h the
// registry holds the engines declared before it, which help lists among
// the bots.
func readCommandLine(args []string, engines *engineGroup) (*registry, *config, error) {
	c, err := parseArgs(flagTable(&declared), args)
	if c == nil {
		return nil, nil, err
	}
	engines.memory = c.engineMemory
	decls, declErr := engineDecls(c.engines, engines)
	for _, path := range c.engineFiles {
		if declErr != nil {
			break
		}
		var more []*botDecl
		more, declErr = engineListDecls(path, 1000+len(decls), engines)
		decls = append(decls, more...)
	}
	reg, regErr := newRegistry(decls...)
	switch {
	case errors.Is(err, errHelp) && declErr == nil && regErr == nil:
		return reg, c, err
	case errors.Is(err, errHelp):
		return &declared, c, err
	case err != nil:
		return nil, nil, err
	case declErr != nil:
		return nil, nil, declErr
	case regErr != nil:
		return nil, nil, fmt.Errorf("-engine: %v", regErr)
	}
	if !c.set["seed"] {
		c.seed = uint64(time.Now().UnixNano())
	}
	return reg, c, nil
}

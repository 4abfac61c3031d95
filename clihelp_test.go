package main

import (
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// -h says which runs -seed repeats, and which it cannot, and names every
// command of the prompt.
func TestHelpOnSeeds(t *testing.T) {
	text := strings.Join(strings.Fields(helpText(&declared, "boardbots")), " ")
	for _, want := range []string{
		"-delay", "-seed",
		"With a time budget (-time) how deep a bot searches depends on the machine's speed, so the same -seed can give different games",
		"with fixed budgets only (depth, playouts) a run repeats exactly",
		"In a game, type a move, or a command: undo, hint, review, new, board, moves, load RECORD, rules, help, quit.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("-h lacks %q", want)
		}
	}
}

// -h gives each flag one default at most, -openings its per-game one.
func TestHelpDefaultsOnce(t *testing.T) {
	var help string
	for i := range helpSections {
		help += flagHelp(flagTable(&declared), helpSection(i))
	}
	for _, usage := range strings.Split(help, "\n  -")[1:] {
		if strings.Count(usage, "(default") > 1 {
			t.Errorf("two defaults: %q", usage)
		}
		if strings.HasPrefix(usage, "openings") && !strings.Contains(strings.Join(strings.Fields(usage), " "), "(default per game)") {
			t.Errorf("-openings in -h: %q, want its default per game", usage)
		}
	}
}

// -h fits a terminal of 80 columns, whatever name the program was run by
// and whatever engines are declared, and says that name; it lists every
// bot with its keys and every game's evaluators.
func TestHelpWidth(t *testing.T) {
	self := shellQuote(os.Args[0])
	for name, arg0 := range map[string]string{
		"this test":    os.Args[0],
		"installed":    "/usr/local/bin/boardbots",
		"built":        "./boardbots",
		"go run":       "/tmp/go-build123/b001/exe/boardbots",
		"renamed long": "/opt/bin/boardbots-nightly-2026",
	} {
		t.Run(name, func(t *testing.T) {
			reg, _, err := readCommandLine([]string{"-engine", "a-rather-long-engine-name=" + self, "-h"}, &engineGroup{})
			if err != errHelp {
				t.Fatalf("-h: %v, want errHelp", err)
			}
			help := helpText(reg, progName(arg0))
			if want := "usage: " + progName(arg0) + " [flags]"; !strings.Contains(help, want) {
				t.Errorf("-h lacks %q", want)
			}
			for i, line := range strings.Split(help, "\n") {
				if n := utf8.RuneCountInString(line); n > helpWidth || strings.Contains(line, "\t") {
					t.Errorf("-h line %d has %d columns (or a tab), over %d: %q", i+1, n, helpWidth, line)
				}
			}
			for _, b := range reg.bots {
				for _, p := range b.params {
					if !b.hidden && !strings.Contains(help, p.key+"="+p.valueWord("")) {
						t.Errorf("-h lacks %s's key %s", b.name, p.key)
					}
				}
			}
			for game, evals := range gameEvaluators {
				for _, e := range evals {
					if !strings.Contains(help, e.name+"  ") {
						t.Errorf("-h lacks %s's evaluator %s", game, e.name)
					}
				}
			}
		})
	}
}

// The first screen of -h (24 lines of 80 columns) holds the usage, the
// examples and every common flag, whatever the program is called by a
// name of usual length; every other flag is under its section's heading
// below, each once, in every section's heading order.
func TestHelpFirstScreen(t *testing.T) {
	for _, prog := range []string{"boardbots", "go run .", "./boardbots"} {
		help := helpText(&declared, prog)
		lines := strings.Split(help, "\n")
		first := strings.Join(lines[:helpScreen], "\n") + "\n"
		for _, want := range []string{"usage: " + prog + " [flags]", "examples:\n", "\n  " + prog + " -game c4 ", "common flags:\n"} {
			if !strings.Contains(first, want) {
				t.Errorf("%s: the first screen lacks %q:\n%s", prog, want, first)
			}
		}
		if strings.Contains(first, "\n"+helpSections[sectionPlaying].title+":") {
			t.Errorf("%s: the first screen has more than the common flags:\n%s", prog, first)
		}
		at := 0 // where the last heading was found
		for i, sec := range helpSections {
			heading := strings.Index(help, "\n"+sec.title+":\n")
			if heading < at {
				t.Fatalf("%s: heading %q missing or out of order", prog, sec.title)
			}
			at = heading
			for _, f := range flagTable(&declared) {
				if f.section != helpSection(i) {
					continue
				}
				where := strings.Index(help, "\n  -"+f.name+" ")
				if where < 0 {
					where = strings.Index(help, "\n  -"+f.name+"\n")
				}
				if section := help[heading:]; where < heading || strings.Count(help, "\n  -"+f.name+" ")+strings.Count(help, "\n  -"+f.name+"\n") != 1 ||
					(i+1 < len(helpSections) && where > heading+strings.Index(section, "\n"+helpSections[i+1].title+":")) {
					t.Errorf("%s: -%s is not under %q, once", prog, f.name, sec.title)
				}
				if f.section == sectionCommon && !strings.Contains(first, "\n  -"+f.name+" ") {
					t.Errorf("%s: common flag -%s is not on the first screen", prog, f.name)
				}
			}
		}
	}
}

// -h's texts are plain: no private names of the course material, and
// none of the compressed phrases that stop a reader of English as a
// second language.
func TestHelpPlainWords(t *testing.T) {
	help := helpText(&declared, "boardbots")
	for _, bad := range []string{"seed 00", "course team", "course project", "students'", "is a player a value", "one a pair", "one a line", "accepted is"} {
		if strings.Contains(help, bad) {
			t.Errorf("-h says %q", bad)
		}
	}
}

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
		"in a game type a move, or a command: undo, hint, new, board, moves, load RECORD, rules, help, quit.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("-h lacks %q", want)
		}
	}
}

// -h gives each flag one default at most, -openings its per-game one.
func TestHelpDefaultsOnce(t *testing.T) {
	help := flagHelp(flagTable(&declared))
	for _, usage := range strings.Split(help, "\n  -")[1:] {
		if strings.Count(usage, "(default") > 1 {
			t.Errorf("two defaults: %q", usage)
		}
		if strings.HasPrefix(usage, "openings") && !strings.Contains(usage, "(default per game)") {
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
			reg, _, err := readCommandLine([]string{"-engine", "a-rather-long-engine-name=" + self, "-h"})
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

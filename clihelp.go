package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// -h: the flags, the bots with their keys, the evaluators and each game's
// defaults, all written from their declarations, within 80 columns.

// helpWidth is the width -h keeps to: a terminal's 80 columns.
const helpWidth = 80

// helpScreen is the height of the first screen of -h: usage, examples
// and the common flags fit in it (TestHelpFirstScreen).
const helpScreen = 24

// helpSections are -h's headings in order, each with its examples:
// arguments after the program's name, and what they do.
var helpSections = [...]struct {
	title    string
	examples [][2]string
}{
	sectionCommon: {"common flags", [][2]string{
		{"", "Tic-Tac-Toe; the bot moves first"},
		{"-game c4", "Connect Four against the perfect solver"},
		{"-game c4 -level 2", "Connect Four, level 2 of 5"},
		{"-o alphabeta", "you play X against alpha-beta"},
		{"-x alphabeta -o mcts -v", "watch two bots, with their thinking"},
	}},
	sectionPlaying: {"playing", [][2]string{
		{"-first human", "Tic-Tac-Toe, you move first"},
		{"-game adj -bot genetic:population=100 -time 2s", "Adjacency against genetic minimax, 2 seconds a move"},
	}},
	sectionWatching: {"watching and analysing", [][2]string{
		{"-x alphabeta -o human -trace 2", "see the tree alpha-beta searched for each of its moves"},
		{"-x alphabeta -o mcts -step -trace 1", "two bots, one move at a time: Enter for the next (docs/trace.md)"},
		{"-game c4 -analyze", "type positions like 4455 and get each one's score and best move"},
	}},
	sectionMatches: {"matches and tournaments", [][2]string{
		{"-game c4 -x alphabeta:depth=2 -o alphabeta:depth=7 -games 10", "a 10-game match of two depths, sides swapped after each game"},
		{"-game c4 -tournament 'alphabeta:depth=1..4,mcts' -time 100ms", "depths 1 to 4 and mcts, each against every other, then ratings"},
	}},
	sectionEngines: {"engines (your own bots)", [][2]string{
		{"-engine 'me=python3 examples/randombot.py' -o me", "play against your own bot, in any language (docs/engines.md)"},
	}},
	sectionOutput: {"output", nil},
	sectionBook:   {"building the opening book", nil},
}

// Columns of -h: a flag's meaning and an example's starts here, after
// its name (or command) when that leaves a space, else on the next line.
const (
	flagColumn    = 17
	exampleColumn = 37
)

// helpText is -h's page for the run's registry (its engines included);
// prog is the program's name as the user ran it. The first screen holds
// the usage, examples and the common flags; the rest follows under
// headings, then the bots, their keys, the evaluators and each game's
// defaults.
func helpText(reg *registry, prog string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "boardbots: play board games against search bots, or watch bots play.\n\n")
	b.WriteString(wrapHelp("", fmt.Sprintf("usage: %s [flags]   (to read this page from the start: %s -h | less)", prog, prog), 7))
	table := flagTable(reg)
	for i, sec := range helpSections {
		section := helpSection(i)
		b.WriteString("\n")
		if section == sectionCommon {
			b.WriteString("examples:\n" + examplesHelp(prog, sec.examples) + "\n")
		}
		b.WriteString(sec.title + ":\n")
		b.WriteString(flagHelp(table, section))
		var notes []string
		switch section {
		case sectionCommon:
			b.WriteString(wrapHelp("", "Below, by topic: "+sectionTitles()+"; then the bots, their keys and each game's defaults.", 0))
			continue
		case sectionPlaying:
			notes = []string{"In a game, type a move, or a command: " + promptCommandWords() + ".",
				`At a terminal, Ctrl-C while a bot thinks (or a hint runs) means "move now"; at the prompt it says how to leave and resume, and a second one leaves.`}
		case sectionMatches:
			notes = []string{helpSeeds}
		}
		if len(notes) > 0 || len(sec.examples) > 0 {
			b.WriteString("\n")
		}
		for _, n := range notes {
			b.WriteString(wrapHelp("  ", n, 2))
		}
		b.WriteString(examplesHelp(prog, sec.examples))
	}
	b.WriteString("\nbots: a bot spec is NAME or NAME:KEY=VALUE:..., like alphabeta:depth=3\n" + botHelp(reg))
	b.WriteString("\nevaluators (eval=NAME), each game's default first:\n" + evalHelp(reg))
	b.WriteString("\ndefaults per game:\n" + gameDefaultsHelp(reg))
	b.WriteString("\n" + wrapHelp("", fmt.Sprintf("Scroll up, or run %s -h | less, for the usage and the examples.", prog), 0))
	return b.String()
}

// helpSeeds says which runs -seed repeats.
const helpSeeds = "With a time budget (-time) how deep a bot searches depends on the machine's speed, so the same -seed can give different games; with fixed budgets only (depth, playouts) a run repeats exactly, also with -jobs above 1."

// sectionTitles are the headings after the first screen's, as a list.
func sectionTitles() string {
	var titles []string
	for _, sec := range helpSections[sectionCommon+1:] {
		titles = append(titles, sec.title)
	}
	return strings.Join(titles, "; ")
}

// examplesHelp writes examples for the program called prog: the command,
// then what it does from exampleColumn on.
func examplesHelp(prog string, examples [][2]string) string {
	var b strings.Builder
	for _, e := range examples {
		b.WriteString(twoColumns("  "+strings.TrimSpace(prog+" "+e[0]), e[1], exampleColumn, 6))
	}
	return b.String()
}

// twoColumns writes head, then text wrapped from column on, when head
// leaves two spaces before column; else text goes under head, indented
// by under. Head itself wraps between words.
func twoColumns(head, text string, column, under int) string {
	if utf8.RuneCountInString(head) < column-1 {
		pad := strings.Repeat(" ", column-utf8.RuneCountInString(head))
		return wrapHelp(head+pad, text, column)
	}
	lead := head[:len(head)-len(strings.TrimLeft(head, " "))]
	return wrapHelp(lead, strings.TrimSpace(head), len(lead)+4) + wrapHelp(strings.Repeat(" ", under), text, under)
}

// progName is the program's name as the user ran it, for -h: "go run ."
// when the go command built it into a temporary work directory (named
// go-build and digits: go run, go test) or into its build cache (go run
// keeps the binary of a main package in a directory named by its 64-digit
// hash and "-d"), else the name of the file run.
func progName(arg0 string) string {
	if hash, ok := strings.CutSuffix(filepath.Base(filepath.Dir(arg0)), "-d"); ok && len(hash) == 64 && strings.Trim(hash, "0123456789abcdef") == "" {
		return "go run ."
	}
	for _, dir := range strings.Split(filepath.ToSlash(filepath.Dir(arg0)), "/") {
		if digits, ok := strings.CutPrefix(dir, "go-build"); ok && digits != "" && strings.Trim(digits, "0123456789") == "" {
			return "go run ."
		}
	}
	return filepath.Base(arg0)
}

// wrapHelp is prefix followed by text's words, in lines that end before
// helpWidth where the words allow; the lines after the first start with
// indent spaces. It ends with a newline.
func wrapHelp(prefix, text string, indent int) string {
	var b strings.Builder
	line := prefix
	fresh := true // nothing but the prefix or the indent on this line yet
	for _, w := range strings.Fields(text) {
		switch {
		case fresh:
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > helpWidth:
			b.WriteString(line + "\n")
			line = strings.Repeat(" ", indent)
		default:
			line += " "
		}
		line += w
		fresh = false
	}
	b.WriteString(line + "\n")
	return b.String()
}

// flagHelp lists the section's flags, each with its value's word, its
// meaning and its default.
func flagHelp(table []flagDef, section helpSection) string {
	var b strings.Builder
	for _, f := range table {
		if f.section != section {
			continue
		}
		head := "  -" + f.name
		if f.arg != "" {
			head += " " + f.arg
		}
		about := f.about
		switch {
		case f.defWords != "":
			about += " (default " + f.defWords + ")"
		case f.def != "" && f.def != "0":
			about += " (default " + f.def + ")"
		}
		b.WriteString(twoColumns(head, about, flagColumn, flagColumn))
	}
	return b.String()
}

// botHelp lists the bots (engines included), each with the games it
// plays and its keys with their defaults, then what each key means.
func botHelp(reg *registry) string {
	var b strings.Builder
	for _, bot := range reg.bots {
		if bot.hidden {
			continue
		}
		b.WriteString(wrapHelp(fmt.Sprintf("  %-10s ", bot.name), fmt.Sprintf("%s (%s)", bot.about, reg.gameTitles(bot)), 13))
		var keys []string
		for _, p := range bot.params {
			keys = append(keys, p.key+"="+p.valueWord("")+" ("+defaultWords(reg, bot, p)+")")
		}
		if bot.anyKey {
			keys = append(keys, "KEY=VALUE (an option sent to it)")
		}
		if len(keys) > 0 {
			b.WriteString(wrapKeys(keys))
		}
	}
	b.WriteString("\nkeys (a bot's own meaning after its name where it differs):\n")
	for _, line := range keyMeanings(reg) {
		b.WriteString(wrapHelp(fmt.Sprintf("  %-12s ", line[0]), line[1], 15))
	}
	return b.String()
}

// wrapKeys writes a bot's keys under it, as many to a line as fit, never
// splitting one.
func wrapKeys(keys []string) string {
	var b strings.Builder
	line := strings.Repeat(" ", 13)
	fresh := true
	for _, k := range keys {
		if !fresh && utf8.RuneCountInString(line)+2+utf8.RuneCountInString(k) > helpWidth {
			b.WriteString(line + "\n")
			line, fresh = strings.Repeat(" ", 13), true
		}
		if !fresh {
			line += "  "
		}
		line, fresh = line+k, false
	}
	return b.String() + line + "\n"
}

// keyMeanings are each key's meaning, once: the one most bots give it,
// and each other bot's own after its name.
func keyMeanings(reg *registry) [][2]string {
	var order []string
	about := map[string][]string{} // distinct meanings, most common first
	bots := map[string]map[string][]string{}
	for _, bot := range reg.bots {
		for _, p := range bot.params {
			if bot.hidden {
				continue
			}
			if bots[p.key] == nil {
				order, bots[p.key] = append(order, p.key), map[string][]string{}
			}
			if len(bots[p.key][p.about]) == 0 {
				about[p.key] = append(about[p.key], p.about)
			}
			bots[p.key][p.about] = append(bots[p.key][p.about], bot.name)
		}
	}
	var lines [][2]string
	for _, key := range order {
		meanings := about[key]
		slices.SortStableFunc(meanings, func(a, b string) int { return len(bots[key][b]) - len(bots[key][a]) })
		text := meanings[0]
		for _, m := range meanings[1:] {
			text += "; " + strings.Join(bots[key][m], ", ") + ": " + m
		}
		lines = append(lines, [2]string{key, text})
	}
	return lines
}

// defaultWords says a key's default in every game the bot plays: "0, 7
// in connect4", or the game's own evaluator; a long fraction shortened.
func defaultWords(reg *registry, bot *botDecl, p param) string {
	if p.gameChoices != nil {
		return "the game's first"
	}
	words := p.def
	if words == "" && len(p.choices) > 0 {
		words = p.choices[0]
	}
	if f, err := strconv.ParseFloat(words, 64); err == nil && p.kind == kindFloat {
		words = strconv.FormatFloat(f, 'g', 4, 64)
	}
	for _, g := range reg.games {
		if v, ok := p.gameDefault(g, bot.name); ok && bot.plays(g) {
			words += ", " + v + " in " + g.name
		}
	}
	return words
}

// evalHelp lists each game's evaluators.
func evalHelp(reg *registry) string {
	var b strings.Builder
	width := 0 // the longest evaluator's name and a space: the meanings align
	for _, g := range reg.games {
		for _, e := range gameEvaluators[g.name] {
			width = max(width, len(e.name)+1)
		}
	}
	for _, g := range reg.games {
		for i, e := range gameEvaluators[g.name] {
			name := ""
			if i == 0 {
				name = g.name
			}
			b.WriteString(wrapHelp(fmt.Sprintf("  %-10s %-*s ", name, width, e.name), e.about, 14+width))
		}
	}
	return b.String()
}

// gameDefaultsHelp describes each game's defaults, from its card and the
// keys' per-game defaults.
func gameDefaultsHelp(reg *registry) string {
	var b strings.Builder
	for _, g := range reg.games {
		first := "you move first"
		if g.seats.botFirst {
			first = "the bot moves first"
		}
		limit := "no time limit"
		if t := g.moveTime(); t > 0 {
			limit = durationText(t) + " a move"
		}
		if g.seats.clock != nil {
			limit += " (a clock on boards without an opening book)"
		}
		b.WriteString(wrapHelp(fmt.Sprintf("  %-10s ", g.name), fmt.Sprintf("bot %s, %s; %s", g.seats.bot, first, limit), 13))
		for _, sp := range g.specials() {
			b.WriteString(wrapHelp(fmt.Sprintf("  %-10s ", ""), fmt.Sprintf("%s here is %s: %s", sp.bot, sp.impl, sp.about), 13))
		}
	}
	return b.String()
}

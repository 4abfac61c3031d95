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

// helpExamples are -h's examples: arguments after the program's name,
// and what they do.
var helpExamples = [][2]string{
	{"", "Tic-Tac-Toe: the bot (minimax) moves first"},
	{"-first human", "Tic-Tac-Toe, you move first"},
	{"-game connect4", "Connect Four against the perfect solver"},
	{"-game c4 -level 2", "Connect Four against level 2 of 5"},
	{"-game adj -bot genetic:population=100 -time 2s", "Adjacency against genetic minimax, 2 seconds a move"},
	{"-x alphabeta -o random -v", "watch two bots, with their thinking"},
	{"-x alphabeta -o human -trace 2", "see the tree alpha-beta searched for each of its moves"},
	{"-x alphabeta -o mcts -step -trace 1", "two bots a move at a time, Enter for the next (docs/trace.md)"},
	{"-game c4 -x alphabeta:depth=2 -o alphabeta:depth=7 -games 10", "a 10-game match of two depths, seats swapped every game"},
	{"-game c4 -tournament 'alphabeta:depth=1..4,mcts' -time 100ms", "depths 1 to 4 and mcts, every one against every other, then ratings"},
	{"-engine 'me=python3 examples/randombot.py' -x me", "play against your own bot, in any language (docs/engines.md)"},
}

// examplesHelp writes the examples for the program called prog, each
// command wrapped between its words within helpWidth.
func examplesHelp(prog string) string {
	var b strings.Builder
	b.WriteString("examples:\n")
	for _, e := range helpExamples {
		b.WriteString(wrapHelp("  ", strings.TrimSpace(prog+" "+e[0]), 6))
		b.WriteString(wrapHelp("        ", e[1], 8))
	}
	b.WriteString(wrapHelp("  ", "echo 4455 | "+prog+" -game c4 -analyze", 6))
	b.WriteString(wrapHelp("        ", "score a position: <position> <score> <move> <nodes> <us>", 8))
	return b.String()
}

// helpFooter ends -h: what to do in a game, and repeatability.
const helpFooter = `
With a time budget (-time) how deep a bot searches depends on the machine's
speed, so the same -seed can give different games; with fixed budgets only
(depth, playouts) a run repeats exactly, also with -jobs above 1.
`

// helpText is -h's page for the run's registry (its engines included);
// prog is the program's name as the user ran it.
func helpText(reg *registry, prog string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "boardbots: play board games against search bots, or watch bots play.\n\nusage: %s [flags]\n\n", prog)
	b.WriteString("flags:\n" + flagHelp(flagTable(reg)))
	b.WriteString("\nbots: a bot spec is NAME or NAME:KEY=VALUE:..., like alphabeta:depth=3\n" + botHelp(reg))
	b.WriteString("\nevaluators (eval=NAME), each game's default first:\n" + evalHelp(reg))
	b.WriteString("\ndefaults per game:\n" + gameDefaultsHelp(reg))
	b.WriteString("\n" + examplesHelp(prog))
	b.WriteString("\n" + wrapHelp("", "in a game type a move, or a command: "+promptCommandWords()+".", 0))
	b.WriteString(wrapHelp("", `At a terminal, Ctrl-C while the bot thinks or a hint runs means "move now"; at the prompt it quits.`, 0))
	b.WriteString(helpFooter)
	return b.String()
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

// flagHelp lists the flags, each with its value's word, its meaning and
// its default.
func flagHelp(table []flagDef) string {
	var b strings.Builder
	for _, f := range table {
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
		b.WriteString(head + "\n" + wrapHelp("        ", about, 8))
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

// defaultWords says a key's default in every game the bot plays: "0;
// connect4 7", or the game's own evaluator; a long fraction shortened.
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
		if v, ok := p.byGame[g.name]; ok && bot.plays(g) {
			words += "; " + g.name + " " + v
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
		b.WriteString(wrapHelp(fmt.Sprintf("  %-10s ", g.name), fmt.Sprintf("bot %s, %s; %s", g.seats.bot, first, limit), 13))
		for _, sp := range g.special {
			b.WriteString(wrapHelp(fmt.Sprintf("  %-10s ", ""), fmt.Sprintf("%s here is %s: %s", sp.bot, sp.impl, sp.about), 13))
		}
	}
	return b.String()
}

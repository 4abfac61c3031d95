package main

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// docs/bots.md's tables of keys and evaluators are the registry's, row
// for row: a key or an evaluator declared, changed or dropped fails here
// until the page says so. The test prints the tables as they should be.
func TestBotsDocTables(t *testing.T) {
	page, err := os.ReadFile("docs/bots.md")
	if err != nil {
		t.Fatal(err)
	}
	reg := programRegistry()
	for name, table := range map[string]string{"keys": keysTable(reg), "evaluators": evaluatorsTable(reg)} {
		if !strings.Contains(string(page), table) {
			t.Errorf("docs/bots.md lacks the table of %s as the registry has it:\n%s", name, table)
		}
	}
}

// keysTable is the Markdown table of every listed bot's keys: values,
// default per game, meaning.
func keysTable(reg *registry) string {
	var b strings.Builder
	b.WriteString("| bot | key | values | default | meaning |\n| --- | --- | --- | --- | --- |\n")
	for _, bot := range reg.bots {
		if bot.hidden {
			continue
		}
		for _, p := range bot.params {
			fmt.Fprintf(&b, "| `%s` | `%s` | %s | %s | %s |\n", bot.name, p.key, valuesWords(p), defaultWords(reg, bot, p), p.about)
		}
	}
	return b.String()
}

// valuesWords is what a key takes, in a table cell.
func valuesWords(p param) string {
	switch {
	case p.gameChoices != nil:
		return "the game's evaluators"
	case p.kind == kindChoice:
		return strings.Join(p.choices, ", ")
	case p.kind == kindInt || p.kind == kindFloat:
		return numText(p.min) + ".." + numText(p.max)
	case p.kind == kindDuration:
		return "a duration"
	}
	return "on, off"
}

// evaluatorsTable is the Markdown table of every game's evaluators, the
// default first.
func evaluatorsTable(reg *registry) string {
	var b strings.Builder
	b.WriteString("| game | eval | what it counts |\n| --- | --- | --- |\n")
	for _, g := range reg.games {
		for _, e := range gameEvaluators[g.name] {
			fmt.Fprintf(&b, "| %s | `%s` | %s |\n", g.title, e.name, e.about)
		}
	}
	return b.String()
}

package main

import (
	"flag"
	"fmt"
	"go/types"
	"os"
	"slices"
	"strings"
	"testing"
)

// The program is one package whose files form groups: a file's name
// begins with its group's name (the user's own files are named in the
// table), each group states the names the other groups may use (its
// surface), and the groups are listed bottom up: a group uses only groups
// listed before it. This is how Go's own go/build deps_test.go declares
// the standard library's layers, here for groups of files in one package.
// docs/development.md shows the table (TestDevelopmentDocGroups).

// fileGroup is one group of files.
type fileGroup struct {
	name string
	// files are the group's files whose names do not begin with its name.
	files []string
	// holds says what the group holds, in a few words, for the docs.
	holds string
	// surface is the names other groups may use, separated by spaces. A
	// type on the surface brings its fields and methods with it.
	surface string
}

// fileGroups are the groups, bottom up.
var fileGroups = []fileGroup{
	{name: "text", holds: "words and lines for people: counts in words, wrapping, lines read from slow inputs",
		surface: "errInterrupted errLineTooLong expecting inPlies isNear lineFeed maxLine nearestWord newLineFeed orList plural wrapHanging wrapLine wrapSteady wrapWords"},
	{name: "board", holds: "the rules' contract: sides, moves, the Game interface, scores, the numbered grid",
		surface: "allNumbers endsGame errGameOver Game highlight markText maxEcho maxSpecEcho Move moveError Nobody NoMove Notation O outcome parseCell quoteShort quoteUpTo renderGrid Rules Side toFront tooMany Utility X"},
	{name: "table", holds: "what search threads share without locks: table words, busy marks, huge pages",
		surface: "busySet hugePages storeShared ttHashMul"},
	{name: "trace", holds: "the -trace tree a search records, and its writers: outline, Graphviz, JSON",
		surface: "floatOf negamaxNode scoreOf SearchTrace traceFormats TraceNode traceOutput TraceProbe TraceScore wrapTrace"},
	{name: "bot", holds: "the bot contract (Bot, Budget, Decision, Stats, forfeits), bot keys and specs, evaluators, the registry of games and bots",
		surface: "allFigures Bot botConfig botDecl Budget budgetDefaults Decision declared defaultEval depthParam durationText evalFunc evalParam evaluator expired fallibleBot fault faultKind FigDepth FigNodes FigScore findEvaluator finisher Forfeit ForfeitCrash ForfeitGarbage ForfeitIllegal ForfeitKind forfeitKinds ForfeitTime gameAnalyst gameEvaluators gameOption gameOptions gameSpec gameWords hostFault infinity kindChoice kindFloat kindInt kindSwitch moveFault MoveVisits newRegistry param paramValues player playoutsParam ProofStats registerBot registerEvaluators registerGame registry replyEval seatDefaults specialBot specText splitSpec Stats timeParam TreeStats withBudget"},
	{name: "loop", holds: "the one game loop: two seats take turns until the game ends",
		surface: "botSeat errEnough errQuit errRetake gameHooks outcomeWords playGame seat winLine winWords"},
	{name: "minimax", holds: "minimax and alpha-beta (one negamax), its tracer, every move's exact score",
		surface: "exactScores final moveScores rootScore rootScores SearchBot"},
	{name: "localsearch", holds: "local search and rollout: the textbook's walks over the moves",
		surface: "candidatesTrace"},
	{name: "genetic", holds: "genetic minimax"},
	{name: "random", holds: "the random bot"},
	{name: "mcts", holds: "Monte Carlo tree search and MCTS-Solver, and what a game may offer it to run fast",
		surface: "fastPlayout mctsWalker mctsWalking"},
	{name: "level", holds: "the -level opponents, from easy to perfect",
		surface: "levelCount levelName"},
	{name: "ttt", holds: "Tic-Tac-Toe: rules, evaluator, game card",
		surface: "TicTacToe"},
	{name: "c4", files: []string{"connect4.go"}, holds: "Connect Four: rules, evaluators, the solver with its book and clock, the game card",
		surface: "bookPlan c4Cells c4Columns c4Geom ConnectFour makeBook"},
	{name: "adj", holds: "Adjacency: rules, evaluators, the alpha-beta search and solver, the book, the game card",
		surface: "Adjacency"},
	{name: "engine", holds: "external engines: child processes, protocols, logs, -check",
		surface: "checkEngineSpec engineCheck engineDecls engineGroup engineListDecls engineProcs keeperEnv runKeeper"},
	{name: "arena", holds: "matchmaking: matches, tournaments, gauntlets, SPRT, the results log, -rate, Elo, plots, openings",
		surface: "badInput checkPlotFile errSPRTSyntax matchConfig openingPlan openingsError openResults pairingAccepts parsePlotSize parseSPRT parseSwiss plotSize plotSizeAccepts rateFiles rateOnly readOpenings report resultsFile sprtAccepts sprtGames sprtTest tournamentConfig"},
	{name: "analyze", holds: "-analyze: positions in, one answer line each out",
		surface: "analyzeMode analyzeWith"},
	{name: "play", holds: "the prompt: a person at the table, its commands and screen",
		surface: "interrupter interruptible newPipeReader newTermReader promptCommandWords screen seated session signalled terminalWidth termReader"},
	{name: "cli", files: []string{"main.go"}, holds: "the command line: the flags' table, help, the plan a command line makes, the run; main.go wires"},
}

// groupOf is the group of a file: the one that names it, else the one
// whose name begins its name (the longest, should two).
func groupOf(file string) (int, bool) {
	best := -1
	for i, g := range fileGroups {
		if slices.Contains(g.files, file) {
			return i, true
		}
		if strings.HasPrefix(file, g.name) && (best < 0 || len(g.name) > len(fileGroups[best].name)) {
			best = i
		}
	}
	return best, best >= 0
}

// groupUse is one use of a name across groups: the file that uses it, the
// name as a surface lists it, and the groups.
type groupUse struct {
	file, name string
	from, to   int
}

// groupUses reads the package's non-test files and returns every use of a
// name from one group in another, and the methods declared on another
// group's type (as "file: method on type of group").
func groupUses(t *testing.T) (uses []groupUse, strays []string) {
	t.Helper()
	fset, _, info, pkg := checkPackage(t)
	fileOf := func(o types.Object) string { return fset.Position(o.Pos()).Filename }
	// owner is the type that declares each field and method, so that a
	// use of a member counts as a use of its type.
	owner := map[types.Object]*types.TypeName{}
	for _, name := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if n, ok := tn.Type().(*types.Named); ok {
			for i := range n.NumMethods() {
				owner[n.Method(i)] = tn
			}
		}
		switch u := tn.Type().Underlying().(type) {
		case *types.Struct:
			for i := range u.NumFields() {
				owner[u.Field(i)] = tn
			}
		case *types.Interface:
			for i := range u.NumExplicitMethods() {
				owner[u.ExplicitMethod(i)] = tn
			}
		}
	}
	for m, tn := range owner {
		if _, isFunc := m.(*types.Func); !isFunc {
			continue
		}
		gm, _ := groupOf(fileOf(m))
		gt, _ := groupOf(fileOf(tn))
		if gm != gt {
			strays = append(strays, fmt.Sprintf("%s: method %s on %s of group %s", fileOf(m), m.Name(), tn.Name(), fileGroups[gt].name))
		}
	}
	for id, obj := range info.Uses {
		if obj.Pkg() != pkg || !obj.Pos().IsValid() {
			continue
		}
		name := obj
		if tn, ok := owner[obj]; ok {
			name = tn
		} else if obj.Parent() != pkg.Scope() {
			continue // a local name
		}
		from, _ := groupOf(fset.Position(id.Pos()).Filename)
		to, _ := groupOf(fileOf(name))
		if from != to {
			uses = append(uses, groupUse{fset.Position(id.Pos()).Filename, name.Name(), from, to})
		}
	}
	return uses, strays
}

// Every file is in a group; a group uses only the groups below it and
// only the names on their surfaces; no group declares methods on another
// group's types; and every name on a surface exists and is used from
// outside its group, so that the surfaces say what is used, no more.
func TestGroups(t *testing.T) {
	t.Parallel()
	_, files, _, pkg := checkPackage(t)
	members := make([]int, len(fileGroups))
	for _, f := range files {
		i, ok := groupOf(f)
		if !ok {
			t.Errorf("%s belongs to no group: name it with a group's prefix, or list it in layers_groups_test.go", f)
			continue
		}
		members[i]++
	}
	for i, g := range fileGroups {
		if members[i] == 0 {
			t.Errorf("group %s has no files", g.name)
		}
	}
	uses, strays := groupUses(t)
	for _, s := range strays {
		t.Errorf("%s: a group declares methods on its own types only", s)
	}
	used, told := map[string]bool{}, map[groupUse]bool{}
	for _, u := range uses {
		if told[u] {
			continue
		}
		told[u] = true
		from, to := fileGroups[u.from], fileGroups[u.to]
		if u.to > u.from {
			t.Errorf("%s (group %s) uses %s of group %s, which is above it in the table", u.file, from.name, u.name, to.name)
			continue
		}
		if !slices.Contains(strings.Fields(to.surface), u.name) {
			t.Errorf("%s (group %s) uses %s, not on group %s's surface", u.file, from.name, u.name, to.name)
		}
		used[to.name+"."+u.name] = true
	}
	for _, g := range fileGroups {
		for _, name := range strings.Fields(g.surface) {
			if pkg.Scope().Lookup(name) == nil {
				t.Errorf("group %s's surface names %s, which is not declared", g.name, name)
			} else if !used[g.name+"."+name] {
				t.Errorf("group %s's surface names %s, which no other group uses", g.name, name)
			}
		}
	}
}

var updateDocs = flag.Bool("update", false, "rewrite docs/development.md's table of groups from the code")

// docs/development.md shows the groups as the code has them: between its
// two marker lines stands the table TestDevelopmentDocGroups writes
// (go test -run TestDevelopmentDocGroups -update rewrites it).
func TestDevelopmentDocGroups(t *testing.T) {
	t.Parallel()
	const path, begin, end = "docs/development.md", "<!-- groups: begin -->", "<!-- groups: end -->"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok1 := strings.Cut(string(doc), begin+"\n")
	_, after, ok2 := strings.Cut(rest, end)
	if !ok1 || !ok2 {
		t.Fatalf("%s lacks the lines %s and %s", path, begin, end)
	}
	want := groupsTable(t)
	if *updateDocs {
		if err := os.WriteFile(path, []byte(before+begin+"\n"+want+end+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got, _, _ := strings.Cut(rest, end); got != want {
		t.Errorf("%s's table of groups is not the code's: run go test -run TestDevelopmentDocGroups -update\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// groupsTable is the groups as a Markdown table: each group's files, what
// it holds, the groups it uses and its surface.
func groupsTable(t *testing.T) string {
	_, files, _, _ := checkPackage(t)
	uses, strays := groupUses(t)
	for _, s := range strays {
		t.Errorf("%s: a group declares methods on its own types only", s)
	}
	var b strings.Builder
	b.WriteString("| group | files | holds | uses | surface |\n| --- | --- | --- | --- | --- |\n")
	for i, g := range fileGroups {
		var names []string
		for _, f := range files {
			if j, _ := groupOf(f); j == i {
				names = append(names, f)
			}
		}
		named := slices.Clone(g.files)
		rest := len(names) - len(named)
		fileText := "`" + g.name + "*.go`"
		switch {
		case rest == 1 && len(named) == 0:
			fileText = "`" + names[0] + "`"
		case rest == 0:
			fileText = ""
		}
		for _, f := range named {
			fileText = strings.TrimPrefix(fileText+", `"+f+"`", ", ")
		}
		var below []string
		for _, u := range uses {
			if u.from == i && !slices.Contains(below, fileGroups[u.to].name) {
				below = append(below, fileGroups[u.to].name)
			}
		}
		slices.SortFunc(below, func(a, b string) int { return groupIndex(a) - groupIndex(b) })
		surface := strings.Fields(g.surface)
		for k, s := range surface {
			surface[k] = "`" + s + "`"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", g.name, fileText, g.holds, strings.Join(below, ", "), strings.Join(surface, " "))
	}
	return b.String()
}

// groupIndex is a group's place in the table.
func groupIndex(name string) int {
	return slices.IndexFunc(fileGroups, func(g fileGroup) bool { return g.name == name })
}

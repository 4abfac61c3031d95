package main

import (
	"flag"
	"fmt"
	"go/build"
	"go/types"
	"os"
	"path/filepath"
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
	// tier is the group's tier: the table lists them bottom up, and a
	// group may use only groups of its own tier or below
	// (docs/development.md, "Tiers").
	tier tier
	// files are the group's files whose names do not begin with its name.
	files []string
	// holds says what the group holds, in a few words, for the docs.
	holds string
	// surface is the names other groups may use, separated by spaces. A
	// type on the surface brings its fields and methods with it.
	surface string
}

// tier is a layer of groups: kernel, registry, games, searches, hosts.
// Games know no search, searches know no host, and every group reaches
// the others through the registry's card (docs/development.md, "Tiers").
type tier uint8

const (
	tierKernel   tier = iota // words, the board's contract, the bot contract, faults
	tierRegistry             // the game's card, bot declarations, specs
	tierGames                // rules, notation, evaluators, fast playouts, cards
	tierSearches             // the generic bots and each game's own engines
	tierHosts                // the game loop, engines, arena, analyze, prompt, command line
)

// tierNames are the tiers' names, for the docs.
var tierNames = [...]string{"kernel", "registry", "games", "searches", "hosts"}

// fileGroups are the groups, bottom up.
var fileGroups = []fileGroup{
	{name: "text", tier: tierKernel, holds: "words and lines for people: counts in words, wrapping, lines read from slow inputs",
		surface: "errInterrupted errLineTooLong expecting inPlies isNear lineFeed maxLine nearestWord newLineFeed orList plural wrapHanging wrapLine wrapSteady wrapWords"},
	{name: "board", tier: tierKernel, holds: "the rules' contract: sides, moves, the Game interface, scores, the numbered grid",
		surface: "allNumbers endsGame errGameOver Game highlight markText maxEcho maxSpecEcho Move moveError Nobody NoMove Notation O outcome parseCell quoteShort quoteUpTo renderGrid Rules Side sign toFront tooMany Utility X"},
	{name: "table", tier: tierKernel, holds: "what search threads share without locks: table words, busy marks, huge pages",
		surface: "busySet hugePages storeShared ttHashMul"},
	{name: "trace", tier: tierKernel, holds: "the -trace tree a search records, and its writers: outline, Graphviz, JSON",
		surface: "floatOf negamaxNode scoreOf SearchTrace traceFormats TraceNode traceOutput TraceProbe TraceScore wrapTrace"},
	{name: "bot", tier: tierKernel, holds: "the bot contract: a position and a Budget in, a Decision with its Stats out; the fast paths a game may offer a search",
		surface: "allFigures Bot Budget Decision expired fastPlayout FigDepth FigNodes FigScore infinity mctsWalker mctsWalking MoveVisits ProofStats Stats TreeStats withBudget"},
	{name: "fault", tier: tierKernel, holds: "how a seat loses other than on the board (forfeits), and the machine's faults that lose no one the game",
		surface: "fallibleBot fault faultKind finisher Forfeit ForfeitCrash ForfeitGarbage ForfeitIllegal ForfeitKind forfeitKinds ForfeitTime hostFault"},
	{name: "registry", tier: tierRegistry, holds: "the registry of games and bots: the game's card, bot declarations, keys and specs, evaluators",
		surface: "botConfig botDecl boundTester budgetDefaults cardOf declared defaultEval depthParam durationText evalFunc evalParam evaluator findEvaluator gameAnalyst gameEvaluators gameOption gameOptions gameProtocol gameSpec gameWords hinter kindChoice kindFloat kindInt kindSwitch levelCount levelPlan moveFault moveScorer newRegistry oracle oracles oracleValue param paramValues player playoutsParam positionField registerBot registerGame registerSpecial registry replyEval scoresByNumber seatDefaults specialBot specText splitSpec startField timeParam"},
	{name: "ttt", tier: tierGames, holds: "Tic-Tac-Toe: rules, evaluator, game card",
		surface: ""},
	{name: "c4", tier: tierGames, files: []string{"connect4.go"}, holds: "Connect Four: rules, board sizes, evaluators, fast playouts, the game card",
		surface: "c4Aligned c4AnyPlies c4Bottom c4Cells c4Col c4ColumnMask c4ColumnName c4Four c4Full c4Geom c4GoodThreat c4Height c4HintTime c4MaxCells c4MaxWidth c4OpenStone c4OtherThreat c4Std c4Swap c4Width c4Win ConnectFour"},
	{name: "adj", tier: tierGames, holds: "Adjacency: rules, evaluators, fast playouts, the game card",
		surface: "Adjacency adjAfter adjEvaluate adjKey adjNeighbours adjUTerm fileA fileH mix64 NewAdjacency"},
	{name: "minimax", tier: tierSearches, holds: "minimax and alpha-beta (one negamax), its tracer, every move's exact score",
		surface: "final moveScores rootScore rootScores SearchBot"},
	{name: "localsearch", tier: tierSearches, holds: "local search and rollout: the textbook's walks over the moves",
		surface: "candidatesTrace"},
	{name: "genetic", tier: tierSearches, holds: "genetic minimax",
		surface: ""},
	{name: "random", tier: tierSearches, holds: "the random bot",
		surface: ""},
	{name: "mcts", tier: tierSearches, holds: "Monte Carlo tree search and MCTS-Solver",
		surface: ""},
	{name: "level", tier: tierSearches, holds: "the -level opponents, from easy to perfect",
		surface: "levelName"},
	{name: "c4solver", tier: tierSearches, holds: "the Connect Four solver: its search, table, book, guess and clock, as the bot solver",
		surface: "book bookConfig bookGrower bookStats buildBook newBookGrower readBook"},
	{name: "adjsearch", tier: tierSearches, holds: "Adjacency's own alpha-beta and solver: its search, table, book and endgame, as the game's alphabeta and minimax",
		surface: ""},
	{name: "loop", tier: tierHosts, holds: "the one game loop: two seats take turns until the game ends",
		surface: "botSeat errEnough errQuit errRetake gameHooks outcomeWords playGame seat winLine winWords"},
	{name: "engine", tier: tierHosts, holds: "external engines: child processes, protocols, logs, -check",
		surface: "checkEngineSpec engineCheck engineDecls engineGroup engineListDecls engineProcs errNotSize keeperEnv memoryAccepts memorySize runKeeper"},
	{name: "review", tier: tierHosts, holds: "-review: games in, every move valued by the game's oracle and marked where it changed the game's value",
		surface: "blunderAt gameGrade gamesInOrder grade gradeGame gradeHeads grades newGamesInOrder reviewGame reviewText reviewTime reviewWith"},
	{name: "arena", tier: tierHosts, holds: "matchmaking: matches, tournaments, gauntlets, SPRT, the results log, -rate, Elo, plots, openings",
		surface: "badInput checkPlotFile errSPRTSyntax matchConfig openingPlan openingsError openResults pairingAccepts parsePlotSize parseSPRT parseSwiss plotSize plotSizeAccepts rateFiles rateOnly readOpenings recordGrader report resultsFile sprtAccepts sprtGames sprtTest tournamentConfig"},
	{name: "analyze", tier: tierHosts, holds: "-analyze: positions in, one answer line each out",
		surface: "analyzeMerge analyzeMode analyzeSplit analyzeWith"},
	{name: "play", tier: tierHosts, holds: "the prompt: a person at the table, its commands and screen",
		surface: "interrupter interruptible newPipeReader newTermReader promptCommandWords screen seated session signalled terminalWidth termReader"},
	{name: "bookmake", tier: tierHosts, holds: "-make-book: the Connect Four book built by playing the solver through the game loop",
		surface: "bookMaxPly bookPlan makeBook"},
	{name: "cli", tier: tierHosts, files: []string{"main.go"}, holds: "the command line: the flags' table, help, the plan a command line makes, the run; main.go wires",
		surface: ""},
}

// groupOf is the group of a file among groups: the one that names it,
// else the one whose name begins its name (the longest, should two).
func groupOf(groups []fileGroup, file string) (int, bool) {
	best := -1
	for i, g := range groups {
		if slices.Contains(g.files, file) {
			return i, true
		}
		if strings.HasPrefix(file, g.name) && (best < 0 || len(g.name) > len(groups[best].name)) {
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

// groupUses returns every use, in the checked files, of a name from one
// group in another; the methods declared on another group's type (as
// "file: method on type of group"); and the calls that reach up the table
// through an interface (see interfaceReaches).
func groupUses(checks []*typedFiles, groups []fileGroup) (uses []groupUse, strays, reaches []string) {
	seenUse, seen := map[groupUse]bool{}, map[string]bool{}
	for _, c := range checks {
		u, s, r := groupUsesOf(c, groups)
		for _, u := range u {
			if !seenUse[u] {
				seenUse[u] = true
				uses = append(uses, u)
			}
		}
		for _, s := range s {
			if !seen["s"+s] {
				seen["s"+s] = true
				strays = append(strays, s)
			}
		}
		for _, r := range r {
			if !seen["r"+r] {
				seen["r"+r] = true
				reaches = append(reaches, r)
			}
		}
	}
	slices.SortFunc(uses, func(a, b groupUse) int {
		if a.file != b.file {
			return strings.Compare(a.file, b.file)
		}
		return strings.Compare(a.name, b.name)
	})
	slices.Sort(strays)
	slices.Sort(reaches)
	return uses, strays, reaches
}

// groupUsesOf is groupUses for one platform's files.
func groupUsesOf(c *typedFiles, groups []fileGroup) (uses []groupUse, strays, reaches []string) {
	fileOf := func(o types.Object) string { return c.fset.File(o.Pos()).Name() }
	groupOfObj := func(o types.Object) int { g, _ := groupOf(groups, fileOf(o)); return g }
	pkg := c.pkg
	// owner is the type that declares each field and method, so that a
	// use of a member counts as a use of its type. A generic type's
	// members are its declared ones, which origin finds behind a use.
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
		if gm, gt := groupOfObj(m), groupOfObj(tn); gm != gt {
			strays = append(strays, fmt.Sprintf("%s: method %s on %s of group %s", fileOf(m), m.Name(), tn.Name(), groups[gt].name))
		}
	}
	for id, obj := range c.info.Uses {
		obj = origin(obj)
		if obj.Pkg() != pkg || !obj.Pos().IsValid() {
			continue
		}
		name := obj
		if tn, ok := owner[obj]; ok {
			name = tn
		} else if obj.Parent() != pkg.Scope() {
			continue // a local name
		}
		file := c.fset.File(id.Pos()).Name()
		from, _ := groupOf(groups, file)
		if to := groupOfObj(name); from != to {
			uses = append(uses, groupUse{file, name.Name(), from, to})
		}
	}
	return uses, strays, interfaceReaches(c, groups)
}

// interfaceReaches returns the calls through an interface that can run a
// method of a group above the caller's, the implementing group not having
// said that its type implements the interface.
//
// The rule: a type T implements an interface I of another group when T's
// group names I (or an interface that embeds I, as Game embeds Rules):
// var _ I = (*T)(nil), a conversion to I, a function taking I. That is a
// use of I's group like any other, checked as one; and a call through I
// running T's method is then the inversion the table is built for (the
// loop calls Bot.Move and runs a search above it). A type that fits I
// without its group naming I, though, is reached by each group calling
// I's methods without any name saying so (a group asserts a Bot or a
// Game to an interface of its own and calls it), so each such call
// counts as the calling group's use of the method's group: one below it
// is fine (the prompt asks a game whether it has turns), one above it is
// a use up the table. Generic types and interfaces are left out: they
// implement nothing until instantiated.
func interfaceReaches(c *typedFiles, groups []fileGroup) []string {
	fileOf := func(o types.Object) string { return c.fset.File(o.Pos()).Name() }
	groupOfObj := func(o types.Object) int { g, _ := groupOf(groups, fileOf(o)); return g }
	// named is the groups whose files name each object; called is the
	// files that use each interface method.
	named := map[types.Object]map[int]bool{}
	called := map[types.Object][]string{}
	for id, obj := range c.info.Uses {
		obj = origin(obj)
		switch o := obj.(type) {
		case *types.TypeName:
			if !types.IsInterface(o.Type()) {
				continue
			}
		case *types.Func:
			if r := o.Signature().Recv(); r == nil || !types.IsInterface(r.Type()) {
				continue
			}
		default:
			continue // neither an interface nor its method
		}
		file := c.fset.File(id.Pos()).Name()
		g, _ := groupOf(groups, file)
		if named[obj] == nil {
			named[obj] = map[int]bool{}
		}
		named[obj][g] = true
		if !slices.Contains(called[obj], file) {
			called[obj] = append(called[obj], file)
		}
	}
	var ifaces, concrete []*types.TypeName
	for _, name := range c.pkg.Scope().Names() {
		tn, ok := c.pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if n, ok := tn.Type().(*types.Named); !ok || n.TypeParams().Len() > 0 {
			continue
		}
		if _, ok := tn.Type().Underlying().(*types.Interface); ok {
			ifaces = append(ifaces, tn)
		} else {
			concrete = append(concrete, tn)
		}
	}
	// declares says whether group g names iface or an interface embedding it.
	var embeds func(outer, inner types.Type) bool
	embeds = func(outer, inner types.Type) bool {
		if types.Identical(outer, inner) {
			return true
		}
		it, ok := outer.Underlying().(*types.Interface)
		if !ok {
			return false
		}
		for i := range it.NumEmbeddeds() {
			if embeds(it.EmbeddedType(i), inner) {
				return true
			}
		}
		return false
	}
	declares := func(g int, iface *types.TypeName) bool {
		for _, j := range ifaces {
			if named[j][g] && embeds(j.Type(), iface.Type()) {
				return true
			}
		}
		return false
	}
	// having is the types with a method of each name, so that only those
	// are tried against an interface.
	having := map[string][]*types.TypeName{}
	for _, tn := range concrete {
		ms := types.NewMethodSet(types.NewPointer(tn.Type()))
		for i := range ms.Len() {
			having[ms.At(i).Obj().Name()] = append(having[ms.At(i).Obj().Name()], tn)
		}
	}
	var reaches []string
	for _, iface := range ifaces {
		it := iface.Type().Underlying().(*types.Interface)
		if it.NumMethods() == 0 {
			continue
		}
		for _, tn := range having[it.Method(0).Name()] {
			ptr := types.NewPointer(tn.Type())
			if !types.Implements(ptr, it) {
				continue
			}
			// An embedded interface's methods are checked as its own.
			for i := range it.NumExplicitMethods() {
				m := it.ExplicitMethod(i)
				impl, _, _ := types.LookupFieldOrMethod(ptr, true, c.pkg, m.Name())
				if impl == nil || impl.Pkg() != c.pkg || !impl.Pos().IsValid() {
					continue
				}
				// A call through an interface of the method's own group names
				// that group already, and is checked as a use of it.
				gi := groupOfObj(impl)
				if gi == groupOfObj(iface) || declares(gi, iface) || declares(groupOfObj(tn), iface) {
					continue
				}
				for _, file := range called[m] {
					if g, _ := groupOf(groups, file); gi > g {
						reaches = append(reaches, fmt.Sprintf("%s (group %s) calls %s.%s, which runs %s.%s of group %s, above it: group %s does not name %s (var _ %s = (*%s)(nil) would)",
							file, groups[g].name, iface.Name(), m.Name(), tn.Name(), m.Name(), groups[gi].name, groups[gi].name, iface.Name(), iface.Name(), tn.Name()))
					}
				}
			}
		}
	}
	return reaches
}

// groupProblems checks the groups in the checked files: every file is in
// a group; a group uses only the groups below it and only the names on
// their surfaces; no group declares methods on another group's types; no
// call through an interface runs a group above the caller's unnamed; and
// every name on a surface exists and is used from outside its group.
func groupProblems(checks []*typedFiles, groups []fileGroup) []string {
	var problems []string
	report := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	files := packageFiles(checks)
	members := make([]int, len(groups))
	for _, f := range files {
		i, ok := groupOf(groups, f)
		if !ok {
			report("%s belongs to no group: name it with a group's prefix, or list it in layers_groups_test.go", f)
			continue
		}
		members[i]++
	}
	if len(problems) > 0 {
		return problems // a file of no group: the uses below have no groups to check
	}
	for i, g := range groups {
		if members[i] == 0 {
			report("group %s has no files", g.name)
		}
	}
	for i := 1; i < len(groups); i++ {
		if groups[i].tier < groups[i-1].tier {
			report("group %s (%s) is listed above group %s (%s): list the groups by tier, bottom up",
				groups[i].name, tierNames[groups[i].tier], groups[i-1].name, tierNames[groups[i-1].tier])
		}
	}
	uses, strays, reaches := groupUses(checks, groups)
	for _, s := range strays {
		report("%s: a group declares methods on its own types only", s)
	}
	problems = append(problems, reaches...)
	used := map[string]bool{}
	for _, u := range uses {
		from, to := groups[u.from], groups[u.to]
		if u.to > u.from {
			report("%s (group %s) uses %s of group %s, which is above it in the table", u.file, from.name, u.name, to.name)
			continue
		}
		if !slices.Contains(strings.Fields(to.surface), u.name) {
			report("%s (group %s) uses %s, not on group %s's surface", u.file, from.name, u.name, to.name)
		}
		used[to.name+"."+u.name] = true
	}
	for _, g := range groups {
		for _, name := range strings.Fields(g.surface) {
			declared := slices.ContainsFunc(checks, func(c *typedFiles) bool { return c.pkg.Scope().Lookup(name) != nil })
			if !declared {
				report("group %s's surface names %s, which is not declared", g.name, name)
			} else if !used[g.name+"."+name] {
				report("group %s's surface names %s, which no other group uses", g.name, name)
			}
		}
	}
	return problems
}

// Every file is in a group; a group uses only the groups below it and
// only the names on their surfaces; no group declares methods on another
// group's types; and every name on a surface exists and is used from
// outside its group, so that the surfaces say what is used, no more. A
// use of a generic type's member counts as a use of the type; a call
// through an interface that runs a method of a group above the caller's
// counts unless that group names the interface (interfaceReaches); and
// every platform's files count (checkDir). TestGroupsSeeHiddenUses shows
// each of these seen.
func TestGroups(t *testing.T) {
	t.Parallel()
	for _, p := range groupProblems(checkPackage(t), fileGroups) {
		t.Error(p)
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
	checks := checkPackage(t)
	files := packageFiles(checks)
	uses, strays, _ := groupUses(checks, fileGroups)
	for _, s := range strays {
		t.Errorf("%s: a group declares methods on its own types only", s)
	}
	var b strings.Builder
	b.WriteString("| tier | group | files | holds | uses | surface |\n| --- | --- | --- | --- | --- | --- |\n")
	for i, g := range fileGroups {
		var names []string
		for _, f := range files {
			if j, _ := groupOf(fileGroups, f); j == i {
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
		tierText := tierNames[g.tier]
		if i > 0 && fileGroups[i-1].tier == g.tier {
			tierText = "" // the tier's name heads its first group only
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", tierText, g.name, fileText, g.holds, strings.Join(below, ", "), strings.Join(surface, " "))
	}
	return b.String()
}

// groupIndex is a group's place in the table.
func groupIndex(name string) int {
	return slices.IndexFunc(fileGroups, func(g fileGroup) bool { return g.name == name })
}

// The checks see each way a use across groups can hide: each edit below,
// added as new files to a copy of the package, must bring exactly the
// problems it names, and the checks must find no other new one.
func TestGroupsSeeHiddenUses(t *testing.T) {
	t.Parallel()
	lo, hi := fileGroups[0].name, fileGroups[len(fileGroups)-1].name
	other := "windows" // a system this machine is not
	if build.Default.GOOS == other {
		other = "linux"
	}
	const pkg = "package main\n\n"
	edits := []struct {
		hole    string
		files   map[string]string // new files: name, then text after the package line
		surface string            // names added to the lowest group's surface
		want    []string          // the new problems, with LO and HI for the groups
	}{
		{
			hole: "a generic type's method, reached through a surface function",
			files: map[string]string{
				lo + "holegeneric.go": "type holeBox[T any] struct{ v T }\n\nfunc (b *holeBox[T]) get() T { return b.v }\n\nfunc holeBoxed() *holeBox[int] { return &holeBox[int]{} }\n",
				hi + "holegeneric.go": "func holeGet() int { return holeBoxed().get() }\n",
			},
			surface: "holeBoxed",
			want:    []string{"HIholegeneric.go (group HI) uses holeBox, not on group LO's surface"},
		},
		{
			hole: "a generic struct's field, reached through a surface function",
			files: map[string]string{
				lo + "holefield.go": "type holePair[T any] struct{ first T }\n\nfunc holePaired() holePair[string] { return holePair[string]{} }\n",
				hi + "holefield.go": "func holeFirst() string { return holePaired().first }\n",
			},
			surface: "holePaired",
			want:    []string{"HIholefield.go (group HI) uses holePair, not on group LO's surface"},
		},
		{
			hole: "a method of a group above, run through the caller's own interface",
			files: map[string]string{
				lo + "holeiface.go": "type holeTeller interface{ holeTell() int }\n\nfunc holeAsk(x any) int {\n\tif t, ok := x.(holeTeller); ok {\n\t\treturn t.holeTell()\n\t}\n\treturn 0\n}\n",
				hi + "holeiface.go": "type holeTold struct{}\n\nfunc (holeTold) holeTell() int { return 1 }\n",
			},
			want: []string{"LOholeiface.go (group LO) calls holeTeller.holeTell, which runs holeTold.holeTell of group HI, above it: group HI does not name holeTeller (var _ holeTeller = (*holeTold)(nil) would)"},
		},
		{
			hole: "a group above that names the interface it implements (allowed)",
			files: map[string]string{
				lo + "holenamed.go": "type holeNamer interface{ holeName() string }\n\nfunc holeNameOf(x any) string {\n\tif n, ok := x.(holeNamer); ok {\n\t\treturn n.holeName()\n\t}\n\treturn \"\"\n}\n",
				hi + "holenamed.go": "type holeNamed struct{}\n\nfunc (holeNamed) holeName() string { return \"\" }\n\nvar _ holeNamer = holeNamed{}\n",
			},
			surface: "holeNamer",
		},
		{
			hole: "a group above whose interface a type below fits (allowed)",
			files: map[string]string{
				hi + "holedown.go": "type holeSizer interface{ holeSize() int }\n\nfunc holeSizeOf(x any) int {\n\tif s, ok := x.(holeSizer); ok {\n\t\treturn s.holeSize()\n\t}\n\treturn 0\n}\n",
				lo + "holedown.go": "type holeSized struct{}\n\nfunc (holeSized) holeSize() int { return 0 }\n",
			},
		},
		{
			hole: "a use up the table in another system's file",
			files: map[string]string{
				lo + "holeplatform_" + other + ".go": "func holeUp() { holeTop() }\n",
				hi + "holeplatform.go":               "func holeTop() {}\n",
			},
			want: []string{"LOholeplatform_" + other + ".go (group LO) uses holeTop of group HI, which is above it in the table"},
		},
		{
			hole: "a use up the table in the race detector's file",
			files: map[string]string{
				lo + "holerace.go":  "//go:build race\n\n" + pkg + "func holeRaced() { holeTopRaced() }\n",
				hi + "holeraced.go": "func holeTopRaced() {}\n",
			},
			want: []string{"LOholerace.go (group LO) uses holeTopRaced of group HI, which is above it in the table"},
		},
	}
	dir := t.TempDir()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	groups := slices.Clone(fileGroups)
	var wanted []string
	for _, e := range edits {
		for name, text := range e.files {
			if !strings.HasPrefix(text, "//go:build") {
				text = pkg + text
			}
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		groups[0].surface += " " + e.surface
		for _, w := range e.want {
			wanted = append(wanted, strings.NewReplacer("LO", lo, "HI", hi).Replace(w))
		}
	}
	checks, err := checkDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	before := groupProblems(checkPackage(t), fileGroups)
	var found []string
	for _, p := range groupProblems(checks, groups) {
		if !slices.Contains(before, p) {
			found = append(found, p)
		}
	}
	for _, e := range edits {
		t.Run(e.hole, func(t *testing.T) {
			for _, w := range e.want {
				w = strings.NewReplacer("LO", lo, "HI", hi).Replace(w)
				if !slices.Contains(found, w) {
					t.Errorf("the checks missed:\n%s\nnew problems:\n%s", w, strings.Join(found, "\n"))
				}
			}
		})
	}
	for _, p := range found {
		if !slices.Contains(wanted, p) {
			t.Errorf("a problem no edit makes: %s", p)
		}
	}
}

package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// checkedPackage is the package's non-test files type-checked once, for
// the tests of its layers and groups.
var checkedPackage struct {
	once  sync.Once
	fset  *token.FileSet
	files []string
	info  *types.Info
	pkg   *types.Package
	err   error
}

// checkPackage reads the package's non-test files with go/types: the file
// set, the files' names, what each name refers to, and the package.
func checkPackage(t *testing.T) (*token.FileSet, []string, *types.Info, *types.Package) {
	t.Helper()
	c := &checkedPackage
	c.once.Do(func() {
		c.fset = token.NewFileSet()
		paths, err := filepath.Glob("*.go")
		if err != nil {
			c.err = err
			return
		}
		var files []*ast.File
		for _, p := range paths {
			// This build's files only: tablestore.go or tablestore_race.go, not both.
			if ok, _ := build.Default.MatchFile(".", p); !ok || strings.HasSuffix(p, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(c.fset, p, nil, parser.SkipObjectResolution|parser.ParseComments)
			if err != nil {
				c.err = err
				return
			}
			files = append(files, f)
			c.files = append(c.files, p)
		}
		c.info = &types.Info{Uses: map[*ast.Ident]types.Object{}}
		imp, err := exportImporter(c.fset)
		if err != nil {
			c.err = err
			return
		}
		c.pkg, c.err = (&types.Config{Importer: imp}).Check("main", c.fset, files, c.info)
	})
	if c.err != nil {
		t.Fatal(c.err)
	}
	return c.fset, c.files, c.info, c.pkg
}

// fileUses returns, for each non-test file, the other files whose
// package-level names it uses (a method or a struct field counts for the
// file that declares it).
func fileUses(t *testing.T) map[string][]string {
	t.Helper()
	fset, _, info, pkg := checkPackage(t)
	uses := map[string][]string{}
	for id, obj := range info.Uses {
		if obj.Pkg() != pkg || !obj.Pos().IsValid() {
			continue
		}
		_, isFunc := obj.(*types.Func) // methods too
		v, isVar := obj.(*types.Var)
		if obj.Parent() != pkg.Scope() && !isFunc && !(isVar && v.IsField()) {
			continue // a local name
		}
		from := fset.Position(id.Pos()).Filename
		to := fset.Position(obj.Pos()).Filename
		if from != to && !slices.Contains(uses[from], to) {
			uses[from] = append(uses[from], to)
		}
	}
	return uses
}

// exportImporter imports the package's imports from the compiler's
// export data, which go list finds in the build cache: type-checking them
// from source instead (gonum's plotting among them) took ten seconds.
func exportImporter(fset *token.FileSet) (types.Importer, error) {
	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}", ".").Output()
	if err != nil {
		return nil, fmt.Errorf("go list -export: %v", err)
	}
	exports := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if path, file, ok := strings.Cut(line, "\t"); ok && file != "" {
			exports[path] = file
		}
	}
	return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	}), nil
}

// The files sit above what they use: no two files use each other's
// names, and no chain of uses comes back to where it started, so that a
// reader can take the files bottom up (rules, the bot contract, the
// searches, the engines, the game cards, the loop, the front ends, main).
func TestFilesFormLayers(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	uses := fileUses(t)
	// Peel off the files that use no file left; whatever remains is held
	// up by a cycle.
	left := map[string]bool{}
	for f := range uses {
		left[f] = true
		for _, to := range uses[f] {
			left[to] = true
		}
	}
	for peeled := true; peeled; {
		peeled = false
		for f := range left {
			if !slices.ContainsFunc(uses[f], func(to string) bool { return left[to] }) {
				delete(left, f)
				peeled = true
			}
		}
	}
	for f := range left {
		for _, to := range uses[f] {
			if left[to] {
				t.Errorf("%s uses %s, on a cycle of files", f, to)
			}
		}
	}
	if len(uses) < 20 {
		t.Errorf("only %d files use others: the check read too little", len(uses))
	}
}

package main

import (
	"bytes"
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

// typedFiles is the non-test files one platform builds, type-checked: the
// tests of the package's layers and groups read what each name refers to.
type typedFiles struct {
	platform string
	fset     *token.FileSet
	files    []string // base names
	info     *types.Info
	pkg      *types.Package
}

// checkedPackage is the package's directory type-checked once for every
// test that reads it.
var checkedPackage struct {
	once   sync.Once
	checks []*typedFiles
	err    error
}

// checkPackage type-checks the package's non-test files, once for each
// platform needed to read every file (see checkDir).
func checkPackage(t *testing.T) []*typedFiles {
	t.Helper()
	c := &checkedPackage
	c.once.Do(func() { c.checks, c.err = checkDir(".") })
	if c.err != nil {
		t.Fatal(c.err)
	}
	return c.checks
}

// platform is a build the package's files are read for: a system, an
// architecture and build tags.
type platform struct {
	goos, goarch string
	tags         []string
}

func (p platform) String() string {
	return strings.Join(append([]string{p.goos + "/" + p.goarch}, p.tags...), ",")
}

func (p platform) context() build.Context {
	c := build.Default
	c.GOOS, c.GOARCH, c.BuildTags = p.goos, p.goarch, p.tags
	c.CgoEnabled = false
	return c
}

// layersPlatforms are the builds whose files the checks may read, after
// this machine's own: the systems a file's name or build line may pick,
// each with and without the race detector (tablestore_race.go).
var layersPlatforms = func() []platform {
	var ps []platform
	for _, goos := range []string{"linux", "darwin", "windows", "freebsd", "openbsd", "netbsd", "dragonfly", "solaris", "illumos", "aix", "plan9", "android", "ios", "js", "wasip1"} {
		arch := "amd64"
		switch goos {
		case "darwin", "android", "ios":
			arch = "arm64"
		case "aix":
			arch = "ppc64"
		case "js", "wasip1":
			arch = "wasm"
		}
		ps = append(ps, platform{goos, arch, nil}, platform{goos, arch, []string{"race"}})
	}
	return ps
}()

// checkDir type-checks the package in dir: first the files this machine
// builds, then, for as long as some file is left unread, the files of the
// platform that reads the most of those left (a few type checks read
// them all: an upward use in engineproc_other.go counts like one in
// engineproc_linux.go). A type error fails this machine's check only:
// the export data the importer reads is this machine's, so another
// system's calls into syscall may not type-check here, while the uses of
// the package's own names are recorded all the same. A file no platform
// builds is an error.
func checkDir(dir string) ([]*typedFiles, error) {
	exports, err := exportData()
	if err != nil {
		return nil, err
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	parsed, srcs := map[string]*ast.File{}, map[string][]byte{}
	for _, p := range paths {
		name := filepath.Base(p)
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		// The file's base name stands for it in positions and in messages.
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution|parser.ParseComments)
		if err != nil {
			return nil, err
		}
		parsed[name], srcs[name] = f, src
	}
	// builds is the files of each platform; the first is this machine's.
	host := platform{build.Default.GOOS, build.Default.GOARCH, build.Default.BuildTags}
	var builds [][]string
	for _, p := range append([]platform{host}, layersPlatforms...) {
		ctx := p.context()
		// The files' build lines are read from the texts already read.
		ctx.OpenFile = func(path string) (io.ReadCloser, error) {
			return io.NopCloser(bytes.NewReader(srcs[filepath.Base(path)])), nil
		}
		var files []string
		for name := range parsed {
			if ok, err := ctx.MatchFile(dir, name); err != nil {
				return nil, err
			} else if ok {
				files = append(files, name)
			}
		}
		slices.Sort(files)
		builds = append(builds, files)
	}
	// Choose the platforms: this machine's, then the one that builds the
	// most files left unread, until none is.
	read := map[string]bool{}
	var chosen []int
	for b := 0; b >= 0; {
		chosen = append(chosen, b)
		for _, name := range builds[b] {
			read[name] = true
		}
		best, bestLeft := -1, 0
		for i, files := range builds {
			left := 0
			for _, name := range files {
				if !read[name] {
					left++
				}
			}
			if left > bestLeft {
				best, bestLeft = i, left
			}
		}
		b = best
	}
	// Type-check them side by side, each with its own importer.
	checks := make([]*typedFiles, len(chosen))
	errs := make([][]error, len(chosen))
	var wg sync.WaitGroup
	for k, b := range chosen {
		p := host
		if b > 0 {
			p = layersPlatforms[b-1]
		}
		var asts []*ast.File
		for _, name := range builds[b] {
			asts = append(asts, parsed[name])
		}
		wg.Go(func() {
			info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
			conf := types.Config{Importer: exportImporter(fset, exports), Error: func(err error) { errs[k] = append(errs[k], err) }}
			pkg, _ := conf.Check("main", fset, asts, info)
			checks[k] = &typedFiles{p.String(), fset, builds[b], info, pkg}
		})
	}
	wg.Wait()
	if len(errs[0]) > 0 {
		return nil, fmt.Errorf("type-checking %s for %s: %v", dir, checks[0].platform, errs[0][0])
	}
	var unread []string
	for name := range parsed {
		if !read[name] {
			unread = append(unread, name)
		}
	}
	if len(unread) > 0 {
		slices.Sort(unread)
		return nil, fmt.Errorf("no platform the layers test knows builds %s: add theirs to layersPlatforms", strings.Join(unread, ", "))
	}
	return checks, nil
}

// packageFiles is the names of the files the checks read, every platform's.
func packageFiles(checks []*typedFiles) []string {
	var files []string
	for _, c := range checks {
		for _, f := range c.files {
			if !slices.Contains(files, f) {
				files = append(files, f)
			}
		}
	}
	slices.Sort(files)
	return files
}

// origin is the declared object behind a use: a use of a generic type's
// method or field names the instance's object, made for the type
// arguments, and the declaration is its origin.
func origin(obj types.Object) types.Object {
	switch o := obj.(type) {
	case *types.Func:
		return o.Origin()
	case *types.Var:
		return o.Origin()
	}
	return obj
}

// fileUses returns, for each non-test file, the other files whose
// package-level names it uses (a method or a struct field counts for the
// file that declares it).
func fileUses(checks []*typedFiles) map[string][]string {
	uses := map[string][]string{}
	for _, c := range checks {
		for id, obj := range c.info.Uses {
			obj = origin(obj)
			if obj.Pkg() != c.pkg || !obj.Pos().IsValid() {
				continue
			}
			_, isFunc := obj.(*types.Func) // methods too
			v, isVar := obj.(*types.Var)
			if obj.Parent() != c.pkg.Scope() && !isFunc && !(isVar && v.IsField()) {
				continue // a local name
			}
			from := c.fset.File(id.Pos()).Name()
			to := c.fset.File(obj.Pos()).Name()
			if from != to && !slices.Contains(uses[from], to) {
				uses[from] = append(uses[from], to)
			}
		}
	}
	return uses
}

// exportData is where the compiler's export data for each of the
// package's imports lies, which go list finds in the build cache:
// type-checking the imports from source instead (gonum's plotting among
// them) took ten seconds.
var exportData = sync.OnceValues(func() (map[string]string, error) {
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
	return exports, nil
})

// exportImporter imports packages from the export data exportData found.
func exportImporter(fset *token.FileSet, exports map[string]string) types.Importer {
	return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	})
}

// fileCycles reports each use of a file by a file on a cycle of uses.
func fileCycles(uses map[string][]string) []string {
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
	var problems []string
	for f := range left {
		for _, to := range uses[f] {
			if left[to] {
				problems = append(problems, fmt.Sprintf("%s uses %s, on a cycle of files", f, to))
			}
		}
	}
	slices.Sort(problems)
	return problems
}

// The files sit above what they use: no two files use each other's
// names, and no chain of uses comes back to where it started, so that a
// reader can take the files bottom up (rules, the bot contract, the
// searches, the engines, the game cards, the loop, the front ends, main).
func TestFilesFormLayers(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other heavy tests at the end
	uses := fileUses(checkPackage(t))
	for _, p := range fileCycles(uses) {
		t.Error(p)
	}
	if len(uses) < 20 {
		t.Errorf("only %d files use others: the check read too little", len(uses))
	}
}

package main

import (
	"runtime/debug"
	"strings"
)

// -version: the module's version and the commit the go command recorded.

// devVersion is what -version says of a build that recorded no version of
// its own.
const devVersion = "boardbots dev"

// noCommit says, in -version's line, why a build names no commit and how
// to have one: go run, a build in a git worktree (whose .git is a file the
// go command does not follow) and -buildvcs=false record none, while go
// build and go install in a clone do (README.md, "Build and run").
const noCommit = "no commit recorded: go build in a git clone records it, unless GOFLAGS has -buildvcs=false"

// versionText is what -version prints: the module's version and the commit
// the go command recorded in the binary (go install of a tagged module
// records a version; go build in a git clone a pseudo-version and the
// commit), else devVersion.
func versionText() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return devVersion
	}
	return buildVersion(info)
}

// buildVersion is versionText's line for the build info given: the
// version, then the commit, its time and whether the tree held changes
// not committed, then the Go release. A build that names neither a
// version nor a commit says how to have one.
func buildVersion(info *debug.BuildInfo) string {
	text := devVersion
	version := info.Main.Version != "" && info.Main.Version != "(devel)"
	if version {
		text = "boardbots " + info.Main.Version
	}
	vcs := map[string]string{}
	for _, s := range info.Settings {
		vcs[s.Key] = s.Value
	}
	var about []string
	if rev := vcs["vcs.revision"]; rev != "" {
		commit := "commit " + rev[:min(12, len(rev))]
		if t := vcs["vcs.time"]; t != "" {
			commit += " of " + t
		}
		switch vcs["vcs.modified"] {
		case "true":
			commit += ", modified"
		case "false":
			commit += ", unmodified"
		}
		about = append(about, commit)
	}
	if info.GoVersion != "" {
		about = append(about, info.GoVersion)
	}
	if len(about) == 0 {
		return text
	}
	text += " (" + strings.Join(about, ", ")
	if !version && vcs["vcs.revision"] == "" {
		text += "; " + noCommit
	}
	return text + ")"
}

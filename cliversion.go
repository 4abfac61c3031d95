package main

import (
	"runtime/debug"
	"strings"
)

// -version: the module's version and the commit the go command recorded.

// devVersion is what -version says of a build that recorded no version of
// its own.
const devVersion = "boardbots dev"

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

// buildVersion is versionText's line for the build info given.
func buildVersion(info *debug.BuildInfo) string {
	text := devVersion
	if v := info.Main.Version; v != "" && v != "(devel)" {
		text = "boardbots " + v
	}
	var about []string
	vcs := map[string]string{}
	for _, s := range info.Settings {
		vcs[s.Key] = s.Value
	}
	if rev := vcs["vcs.revision"]; rev != "" {
		commit := "commit " + rev[:min(12, len(rev))]
		if t := vcs["vcs.time"]; t != "" {
			commit += " of " + t
		}
		if vcs["vcs.modified"] == "true" {
			commit += ", modified"
		}
		about = append(about, commit)
	}
	if info.GoVersion != "" {
		about = append(about, info.GoVersion)
	}
	if len(about) > 0 {
		text += " (" + strings.Join(about, ", ") + ")"
	}
	return text
}

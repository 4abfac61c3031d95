package main

import (
	"runtime"
	"slices"
	"testing"
)

// The policy's variables pass, in their order; others, secrets among
// them, do not, nor names that only look like the policy's.
func TestEngineEnviron(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("Windows passes more")
	}
	for _, tt := range []struct{ in, want []string }{
		{nil, nil},
		{[]string{"PATH=/bin", "SECRET_TOKEN=x", "HOME=/h", "AWS_SECRET_ACCESS_KEY=y", "LANG=C.UTF-8"},
			[]string{"PATH=/bin", "HOME=/h", "LANG=C.UTF-8"}},
		{[]string{"LC_ALL=C", "LC_=x", "LC=x", "TMPDIR=/t", "TZ=UTC", "USER=u", "LOGNAME=u", "LANGUAGE=fr"},
			[]string{"LC_ALL=C", "TMPDIR=/t", "TZ=UTC", "USER=u", "LOGNAME=u", "LANGUAGE=fr"}},
		{[]string{"BOARDBOTS_DEPTH=3", "BOARDBOTS_=x", "boardbots_x=1", "PATHX=1", "path=1", "TERM=xterm", "SSH_AUTH_SOCK=/s"},
			[]string{"BOARDBOTS_DEPTH=3"}},
		{[]string{"=C:=C:\\", "NOEQUALS", "HOME="}, []string{"HOME="}},
	} {
		if got := engineEnviron(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("engineEnviron(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

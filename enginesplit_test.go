package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// splitCases are commands and the words a POSIX shell makes of them.
var splitCases = []struct {
	command string
	words   []string
}{
	{"python3 bot.py", []string{"python3", "bot.py"}},
	{"  java   -jar\tbot.jar \n", []string{"java", "-jar", "bot.jar"}},
	{"a \n b", []string{"a", "b"}},
	{`./my\ bot --name 'a b' "c d"`, []string{"./my bot", "--name", "a b", "c d"}},
	{`'' ""`, []string{"", ""}},
	{`a''b "x"y'z'`, []string{"ab", "xyz"}},
	{`"a \"q\" \$ \\ \x"`, []string{`a "q" $ \ \x`}},
	{`'it'\''s'`, []string{"it's"}},
	{`'\n' \n`, []string{`\n`, "n"}},
	{"a\\\nb", []string{"ab"}},
	{"\"a\\\nb\"", []string{"ab"}},
	{"bot # a comment", []string{"bot"}},
	{"bot a#b '#c'", []string{"bot", "a#b", "#c"}},
	{"bot # comment\n next", []string{"bot", "next"}},
	{"", nil},
	{"x=1 bot", []string{"x=1", "bot"}},
	{"'|' \"&;\" \\<", []string{"|", "&;", "<"}},
	{"a~ b~c", []string{"a~", "b~c"}},
}

// The splitter gives the shell's words; where a shell is at hand, it is
// asked too, so the table cannot drift from what a shell does.
func TestSplitCommand(t *testing.T) {
	sh, _ := exec.LookPath("sh")
	for _, tt := range splitCases {
		got, err := splitCommand(tt.command)
		if err != nil || !slices.Equal(got, tt.words) {
			t.Errorf("splitCommand(%q) = %q, %v; want %q", tt.command, got, err, tt.words)
		}
		if sh == "" || strings.Contains(tt.command, "\n") && !strings.Contains(tt.command, "\\\n") {
			continue // a shell would take a newline for the command's end
		}
		// printf ends each word with a \001, so an empty one shows.
		out, err := exec.Command(sh, "-c", `printf '%s\001' `+tt.command).Output()
		if err != nil {
			t.Fatalf("sh on %q: %v", tt.command, err)
		}
		var shell []string
		if len(out) > 0 {
			shell = strings.Split(strings.TrimSuffix(string(out), "\001"), "\001")
		}
		if len(tt.words) > 0 && !slices.Equal(shell, tt.words) {
			t.Errorf("sh splits %q into %q; the table says %q", tt.command, shell, tt.words)
		}
	}
}

func TestSplitCommandHome(t *testing.T) {
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skip(err)
	}
	got, err := splitCommand("~/bot ~ '~/x' a~")
	if want := []string{home + "/bot", home, "~/x", "a~"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("got %q, %v; want %q", got, err, want)
	}
}

// What needs a shell, or is not finished, is refused in one line.
func TestSplitCommandErrors(t *testing.T) {
	for _, tt := range []struct{ command, want string }{
		{"bot | tee log", `'|' unquoted: no shell runs the command`},
		{"bot > out", `'>' unquoted`},
		{"bot $HOME", `'$' unquoted`},
		{"bot `x`", "'`' unquoted"},
		{"bot; rm", `';' unquoted`},
		{"bot 'open", "a single quote is not closed"},
		{`bot "open`, "a double quote is not closed"},
		{`bot "open\"`, "a double quote is not closed"},
		{`bot \`, "a backslash ends the command"},
	} {
		_, err := splitCommand(tt.command)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("splitCommand(%q): error %v; want one line with %q", tt.command, err, tt.want)
		}
	}
}

// FuzzSplitCommand: any text splits or is refused without a panic, and
// words written back with shellQuote split into the same words.
func FuzzSplitCommand(f *testing.F) {
	for _, tt := range splitCases {
		f.Add(tt.command)
	}
	f.Add(`a "b'c" 'd"e' \'`)
	f.Fuzz(func(t *testing.T, command string) {
		words, err := splitCommand(command)
		if err != nil {
			return
		}
		quoted := make([]string, len(words))
		for i, w := range words {
			quoted[i] = shellQuote(w)
		}
		again, err := splitCommand(strings.Join(quoted, " "))
		if err != nil || !slices.Equal(again, words) {
			t.Errorf("%q split into %q; quoted back as %q it splits into %q (%v)", command, words, quoted, again, err)
		}
	})
}

// shellQuote writes a word so that splitCommand (and a shell) read it back
// as it is: bare when it is plain, else in single quotes. The tests write
// their engines' commands with it.
func shellQuote(word string) string {
	plain := word != "" && !strings.HasPrefix(word, "~")
	for _, c := range []byte(word) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_./=:,+@%~", c) >= 0) {
			plain = false
		}
	}
	if plain {
		return word
	}
	return "'" + strings.ReplaceAll(word, "'", `'\''`) + "'"
}

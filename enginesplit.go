package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

// An engine's command is written as a person types it at a shell, quotes
// and all, but no shell runs it: splitCommand cuts it into words by the
// POSIX shell's quoting rules, and the first word is the program. What a
// shell would do beyond quoting (pipes, redirections, variables,
// backquotes) is refused rather than passed on as text that means
// something else there; a person who wants it writes sh -c '...'.

// shellSpecial are the characters that, unquoted, make a shell do more
// than split words.
const shellSpecial = "|&;<>()$`"

// errNoShell is splitCommand's error for an unquoted special character.
var errNoShell = errors.New("no shell runs the command")

// splitCommand splits s into words as a POSIX shell does: blanks (space,
// tab, and newline, which would end a command in a shell) separate words; a backslash keeps the next character as it
// is (and a backslash before a newline removes both); single quotes keep
// everything up to the next single quote; double quotes keep everything up
// to the next unescaped double quote, where a backslash escapes only $, `,
// ", \ and a newline. A word of empty quotes is an empty word. A ~ that
// starts a word, alone or before a /, is home, and a # that starts a word
// begins a comment to the end of the line, as in a shell.
func splitCommand(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false // a word has begun, perhaps with empty quotes
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
			i++
		case c == '#' && !inWord:
			// A comment, to the end of the line.
			if end := strings.IndexByte(s[i:], '\n'); end >= 0 {
				i += end
			} else {
				i = len(s)
			}
		default:
			n, started, err := wordPart(s[i:], inWord, &w)
			if err != nil {
				return nil, err
			}
			i += n
			inWord = inWord || started
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// wordPart copies the part of a word that s starts with into w: a
// character, escaped or not, a quoted string, or ~ for home at a word's
// start (inWord says a word has begun). It returns how many bytes of s it
// took, and whether that begins a word if none has begun (a backslash
// before a newline removes both, and begins nothing).
func wordPart(s string, inWord bool, w *strings.Builder) (n int, started bool, err error) {
	c := s[0]
	switch {
	case c == '\\':
		switch {
		case len(s) == 1:
			return 0, false, errors.New("a backslash ends the command: nothing to escape")
		case s[1] == '\n':
			return 2, false, nil
		}
		w.WriteByte(s[1])
		return 2, true, nil
	case c == '\'':
		end := strings.IndexByte(s[1:], '\'')
		if end < 0 {
			return 0, false, errors.New("a single quote is not closed")
		}
		w.WriteString(s[1 : 1+end])
		return end + 2, true, nil
	case c == '"':
		n, err := doubleQuoted(s[1:], w)
		return n + 1, true, err
	case strings.IndexByte(shellSpecial, c) >= 0:
		return 0, false, fmt.Errorf("%q unquoted: %w; quote it, or write sh -c '...'", c, errNoShell)
	case c == '~' && !inWord && (len(s) == 1 || strings.IndexByte("/ \t\n", s[1]) >= 0):
		home, err := os.UserHomeDir()
		if err != nil {
			return 0, false, fmt.Errorf("~ is home, which is unknown: %v", err)
		}
		w.WriteString(home)
		return 1, true, nil
	}
	w.WriteByte(c)
	return 1, true, nil
}

// doubleQuoted copies the text of a double-quoted string, s being what
// follows its opening quote, into w, and returns how many bytes of s it
// took, the closing quote included.
func doubleQuoted(s string, w *strings.Builder) (int, error) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			return i + 1, nil
		case c == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0:
			i++
			if s[i] != '\n' {
				w.WriteByte(s[i])
			}
		default:
			w.WriteByte(c)
		}
	}
	return 0, errors.New("a double quote is not closed")
}

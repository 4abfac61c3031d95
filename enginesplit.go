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
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '\\':
			if i+1 == len(s) {
				return nil, errors.New("a backslash ends the command: nothing to escape")
			}
			i++
			if s[i] != '\n' {
				w.WriteByte(s[i])
				inWord = true
			}
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, errors.New("a single quote is not closed")
			}
			w.WriteString(s[i+1 : i+1+end])
			i += 1 + end
			inWord = true
		case c == '"':
			n, err := doubleQuoted(s[i+1:], &w)
			if err != nil {
				return nil, err
			}
			i += n
			inWord = true
		case c == '#' && !inWord:
			// A comment, to the end of the line.
			for i+1 < len(s) && s[i+1] != '\n' {
				i++
			}
		case strings.IndexByte(shellSpecial, c) >= 0:
			return nil, fmt.Errorf("%q unquoted: %w; quote it, or write sh -c '...'", c, errNoShell)
		case c == '~' && !inWord && (i+1 == len(s) || strings.IndexByte("/ \t\n", s[i+1]) >= 0):
			home, err := os.UserHomeDir()
			if err != nil {
				return nil, fmt.Errorf("~ is home, which is unknown: %v", err)
			}
			w.WriteString(home)
			inWord = true
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
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

// shellQuote writes a word so that splitCommand (and a shell) read it back
// as it is: bare when it is plain, else in single quotes.
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

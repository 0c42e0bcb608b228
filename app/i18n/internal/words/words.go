// Package words reads and writes the catalog's data files: one message a line,
//
//	key = "text"
//
// the text a Go double-quoted string (so a newline, a quote or a no-break space is an escape and
// every message stays on one diff-friendly line). Lines starting with # are comments; blank lines
// are ignored. The app's loader reads with Each; the converter (../catgen) writes with Format and
// reads back with Parse, so a file it writes reads back the same, comments included.
package words

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Entry is one message with the comment lines written above it.
type Entry struct {
	Comment []string // without the leading "# "
	Key     string
	Text    string
}

// Each calls fn for every message of data, in order. A malformed line stops it with an error
// naming the line; the messages before it have been passed on. Keys and texts without escapes
// are substrings of data: reading a catalog allocates little more than its map.
func Each(data string, fn func(key, text string)) error {
	for n := 1; len(data) > 0; n++ {
		line, rest, _ := strings.Cut(data, "\n")
		data = rest
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		key, text, err := parseLine(line)
		if err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		fn(key, text)
	}
	return nil
}

func parseLine(line string) (key, text string, err error) {
	key, quoted, ok := strings.Cut(line, " = ")
	if !ok || key == "" || strings.ContainsAny(key, " \t\"") {
		return "", "", fmt.Errorf("want key = \"text\", have %q", line)
	}
	text, err = strconv.Unquote(quoted)
	if err != nil || quoted[0] != '"' {
		return "", "", fmt.Errorf("%s: the text is not a double-quoted string", key)
	}
	return key, text, nil
}

// Parse reads data whole, keeping each message's comment lines (for the converter).
func Parse(data []byte) ([]Entry, error) {
	var out []Entry
	var comment []string
	for n, line := range strings.Split(string(data), "\n") {
		switch {
		case line == "":
		case line[0] == '#':
			comment = append(comment, strings.TrimPrefix(strings.TrimPrefix(line, "#"), " "))
		default:
			key, text, err := parseLine(line)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", n+1, err)
			}
			out = append(out, Entry{Comment: comment, Key: key, Text: text})
			comment = nil
		}
	}
	return out, nil
}

// Format writes entries as Parse reads them: a blank line before each commented group.
func Format(entries []Entry) []byte {
	var b bytes.Buffer
	for i, e := range entries {
		if len(e.Comment) > 0 && i > 0 {
			b.WriteByte('\n')
		}
		for _, c := range e.Comment {
			if c == "" {
				b.WriteString("#\n")
				continue
			}
			b.WriteString("# " + c + "\n")
		}
		b.WriteString(e.Key + " = " + strconv.Quote(e.Text) + "\n")
	}
	return b.Bytes()
}

package launch

import (
	"fmt"
	"regexp"
	"strconv"

	"gopkg.in/yaml.v3"
)

// Pos is a position in the spec file (1-based line and column).
type Pos struct {
	File string
	Line int
	Col  int
}

func (p Pos) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// Errorf returns an *Error at p.
func (p Pos) Errorf(format string, args ...any) error {
	return &Error{Pos: p, Msg: fmt.Sprintf(format, args...)}
}

// Error is a user error in a launch spec; it prints as
// "FILE:LINE:COL: error: MSG".
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: error: %s", e.Pos, e.Msg) }

// posOf is the position of a YAML node in file.
func posOf(file string, n *yaml.Node) Pos {
	if n == nil {
		return Pos{File: file, Line: 1, Col: 1}
	}
	return Pos{File: file, Line: n.Line, Col: n.Column}
}

var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// syntaxError converts a yaml.v3 parse error (which carries only a line) into
// an *Error at column 1 of that line.
func syntaxError(file string, err error) error {
	m := yamlLineRE.FindStringSubmatch(err.Error())
	if m == nil {
		return &Error{Pos: Pos{File: file, Line: 1, Col: 1}, Msg: "invalid YAML: " + err.Error()}
	}
	line, _ := strconv.Atoi(m[1])
	return &Error{Pos: Pos{File: file, Line: line, Col: 1}, Msg: "invalid YAML: " + m[2]}
}

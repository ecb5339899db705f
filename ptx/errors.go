package ptx

import (
	"fmt"
	"sort"
	"strings"
)

// Error is one diagnostic with a source position.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: error: %s", e.Pos.File, e.Pos.Line, e.Pos.Col, e.Msg)
}

// ErrorList is every error found in one file, sorted by position.
type ErrorList []*Error

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Sort orders the list by line, then column (stable for equal positions).
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

// Err returns the sorted list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}

// maxErrors bounds how many errors one file reports (fuzzed input can
// produce one per token).
const maxErrors = 200

// errSink collects errors for one pass.
type errSink struct {
	list ErrorList
}

func (s *errSink) add(pos Pos, format string, args ...any) {
	if len(s.list) >= maxErrors {
		return
	}
	s.list = append(s.list, &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// Package kname turns .entry names into what people read: C++ kernels
// compiled by nvcc (CUTLASS, CuTe) have Itanium-mangled names of up to
// thousands of characters; output and errors show a demangled short name
// instead, and --kernel accepts the mangled name, the demangled name or a
// regular expression that picks one entry. Demangling is
// github.com/ianlancetaylor/demangle (the demangler of Go's own tools).
package kname

import (
	"strings"
	"unicode/utf8"

	"github.com/ianlancetaylor/demangle"
)

// MaxShort is the longest short name, in characters.
const MaxShort = 120

// Demangled is the full demangled name, function parameters and return
// type included ("void f<float>(float*, int)"), or name itself when it is
// not a mangled C++ name (extern "C" kernels, Triton's kernels).
func Demangled(name string) string {
	if s, err := demangle.ToString(name); err == nil {
		return s
	}
	return name
}

// base is the demangled name without return type and parameters
// ("f<float>"), or name itself when it is not mangled.
func base(name string) string {
	if s, err := demangle.ToString(name, demangle.NoParams); err == nil {
		return s
	}
	return name
}

// Short is the name to print: the demangled name without parameters, with
// template arguments below the deepest nesting level that fits replaced by
// "<…>", at most MaxShort characters (cut with "…" when even the
// outermost arguments collapsed do not fit). A name that is not mangled is
// returned as is when it fits.
func Short(name string) string {
	s := base(name)
	if utf8.RuneCountInString(s) <= MaxShort {
		return s
	}
	for keep := maxDepth(s) - 1; keep >= 0; keep-- {
		if t := collapse(s, keep); utf8.RuneCountInString(t) <= MaxShort {
			return t
		}
	}
	r := []rune(collapse(s, 0))
	return string(r[:MaxShort-1]) + "…"
}

// Param shortens an nvcc parameter name ("<mangled entry>_param_3") to
// "…_param_3"; other names are returned as is.
func Param(name string) string {
	if i := strings.LastIndex(name, "_param_"); i > 0 && strings.HasPrefix(name, "_Z") {
		return "…" + name[i:]
	}
	return name
}

// angle reports whether s[i] opens (+1) or closes (-1) a template
// argument list, skipping operator names (operator<, operator<<=,
// operator->, operator>) and "->".
func angle(s string, i int) int {
	switch s[i] {
	case '<':
		return 1
	case '>':
		if i > 0 && s[i-1] == '-' {
			return 0
		}
		return -1
	}
	return 0
}

// operatorLen is the length of an operator name's symbol at s[i:] when
// s[:i] ends with "operator" (so that operator<< is not a nesting level).
func operatorLen(s string, i int) int {
	if !strings.HasSuffix(s[:i], "operator") {
		return 0
	}
	n := 0
	for i+n < len(s) && strings.IndexByte("<>=-", s[i+n]) >= 0 && n < 3 {
		n++
	}
	return n
}

// maxDepth is the deepest template nesting in s.
func maxDepth(s string) int {
	d, m := 0, 0
	for i := 0; i < len(s); i++ {
		if n := operatorLen(s, i); n > 0 {
			i += n - 1
			continue
		}
		d += angle(s, i)
		m = max(m, d)
	}
	return m
}

// collapse replaces every template argument list nested deeper than keep
// levels by "<…>" (keep 0: "f<…>", keep 1: "f<a<…>>").
func collapse(s string, keep int) string {
	var b strings.Builder
	d := 0 // nesting depth before s[i]
	for i := 0; i < len(s); i++ {
		if n := operatorLen(s, i); n > 0 {
			if d <= keep {
				b.WriteString(s[i : i+n])
			}
			i += n - 1
			continue
		}
		switch angle(s, i) {
		case 1:
			if d < keep {
				b.WriteByte('<')
			} else if d == keep {
				b.WriteString("<…>")
			}
			d++
		case -1:
			d = max(d-1, 0)
			if d < keep {
				b.WriteByte('>')
			}
		default:
			if d <= keep {
				b.WriteByte(s[i])
			}
		}
	}
	return b.String()
}

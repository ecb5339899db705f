package npy

import (
	"fmt"
	"strconv"
	"strings"
)

// header is the decoded dictionary of an .npy header.
type header struct {
	descr   string
	fortran bool
	shape   []int
}

// parseHeader parses the Python dict literal of an .npy header, e.g.
// "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }".
func parseHeader(s string) (header, error) {
	p := &litParser{s: s}
	var h header
	seen := map[string]bool{}
	p.skipSpace()
	if !p.eat('{') {
		return h, fmt.Errorf("npy: header is not a dict: %q", s)
	}
	for {
		p.skipSpace()
		if p.eat('}') {
			break
		}
		key, err := p.str()
		if err != nil {
			return h, err
		}
		p.skipSpace()
		if !p.eat(':') {
			return h, fmt.Errorf("npy: header: expected ':' after %q", key)
		}
		p.skipSpace()
		if seen[key] {
			return h, fmt.Errorf("npy: header: duplicate key %q", key)
		}
		seen[key] = true
		if err := p.value(key, &h); err != nil {
			return h, err
		}
		p.skipSpace()
		if !p.eat(',') {
			p.skipSpace()
			if !p.eat('}') {
				return h, fmt.Errorf("npy: header: expected ',' or '}' at offset %d", p.i)
			}
			break
		}
	}
	if rest := strings.TrimSpace(p.s[p.i:]); rest != "" {
		return h, fmt.Errorf("npy: header: trailing text %q", rest)
	}
	for _, k := range []string{"descr", "fortran_order", "shape"} {
		if !seen[k] {
			return h, fmt.Errorf("npy: header: missing key %q", k)
		}
	}
	return h, nil
}

func (p *litParser) value(key string, h *header) error {
	switch key {
	case "descr":
		if p.peek() == '[' {
			return fmt.Errorf("npy: structured arrays (a list descr) are not supported")
		}
		d, err := p.str()
		h.descr = d
		return err
	case "fortran_order":
		switch {
		case p.word("True"):
			h.fortran = true
		case p.word("False"):
			h.fortran = false
		default:
			return fmt.Errorf("npy: header: fortran_order must be True or False")
		}
		return nil
	case "shape":
		sh, err := p.tuple()
		h.shape = sh
		return err
	}
	return fmt.Errorf("npy: header: unknown key %q", key)
}

// litParser is a cursor over a tiny subset of Python literals.
type litParser struct {
	s string
	i int
}

func (p *litParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *litParser) eat(c byte) bool {
	if p.peek() == c {
		p.i++
		return true
	}
	return false
}

func (p *litParser) word(w string) bool {
	if strings.HasPrefix(p.s[p.i:], w) {
		p.i += len(w)
		return true
	}
	return false
}

func (p *litParser) skipSpace() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

// str parses a quoted string without escapes (numpy never writes any).
func (p *litParser) str() (string, error) {
	q := p.peek()
	if q != '\'' && q != '"' {
		return "", fmt.Errorf("npy: header: expected a quoted string at offset %d", p.i)
	}
	end := strings.IndexByte(p.s[p.i+1:], q)
	if end < 0 {
		return "", fmt.Errorf("npy: header: unterminated string")
	}
	v := p.s[p.i+1 : p.i+1+end]
	if strings.IndexByte(v, '\\') >= 0 {
		return "", fmt.Errorf("npy: header: escapes in strings are not supported: %q", v)
	}
	p.i += end + 2
	return v, nil
}

// tuple parses "(2, 3)", "(5,)" or "()"; Python 2 "3L" suffixes are accepted.
func (p *litParser) tuple() ([]int, error) {
	if !p.eat('(') {
		return nil, fmt.Errorf("npy: header: shape must be a tuple")
	}
	shape := []int{}
	for {
		p.skipSpace()
		if p.eat(')') {
			return shape, nil
		}
		start := p.i
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
		}
		n, err := strconv.Atoi(p.s[start:p.i])
		if err != nil {
			return nil, fmt.Errorf("npy: header: bad shape dimension at offset %d", start)
		}
		p.eat('L')
		shape = append(shape, n)
		p.skipSpace()
		if !p.eat(',') {
			p.skipSpace()
			if !p.eat(')') {
				return nil, fmt.Errorf("npy: header: expected ',' or ')' in shape")
			}
			return shape, nil
		}
	}
}

// formatHeader renders the dict exactly as numpy does.
func formatHeader(descr string, shape []int) string {
	var b strings.Builder
	b.WriteString("{'descr': '")
	b.WriteString(descr)
	b.WriteString("', 'fortran_order': False, 'shape': (")
	for i, d := range shape {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(d))
	}
	if len(shape) == 1 {
		b.WriteString(",")
	}
	b.WriteString("), }")
	return b.String()
}

package ptx

import (
	"strconv"
	"strings"
)

// parser is a recursive-descent parser over the token slice.
type parser struct {
	file string
	toks []token
	i    int
	errs *errSink
	mod  *Module
	loc  LocDirective // the current .loc (reset at each function)
}

// Parse parses one PTX file. On error it returns the (partial) module and an
// ErrorList holding every error found.
func Parse(file string, src []byte) (*Module, error) {
	errs := &errSink{}
	m := parse(file, src, errs)
	return m, errs.list.Err()
}

func parse(file string, src []byte, errs *errSink) *Module {
	p := &parser{file: file, toks: lex(file, src, errs), errs: errs}
	p.mod = &Module{File: file}
	p.module()
	return p.mod
}

func (p *parser) peek() *token { return &p.toks[p.i] }

func (p *parser) peekN(n int) *token {
	if p.i+n < len(p.toks) {
		return &p.toks[p.i+n]
	}
	return &p.toks[len(p.toks)-1]
}

func (p *parser) next() *token {
	t := &p.toks[p.i]
	if t.Kind != tEOF {
		p.i++
	}
	return t
}

func (p *parser) errorf(pos Pos, format string, args ...any) { p.errs.add(pos, format, args...) }

// accept consumes punctuation c when it is next.
func (p *parser) accept(c byte) bool {
	if p.peek().is(c) {
		p.i++
		return true
	}
	return false
}

// expect consumes punctuation c or reports an error.
func (p *parser) expect(c byte) bool {
	if p.accept(c) {
		return true
	}
	t := p.peek()
	p.errorf(t.Pos, "expected '%c', found %s", c, t.describe())
	return false
}

func (p *parser) isDir(name string) bool {
	t := p.peek()
	return t.Kind == tDirective && t.Text == name
}

// expectInt consumes an integer literal (optionally a constant expression).
func (p *parser) expectInt() (int64, Pos, bool) {
	pos := p.peek().Pos
	v, ok := p.constExpr(false)
	return int64(v), pos, ok
}

// lineDirective parses the rest of a `.file N "name" {, ...}` or
// `.loc F L C {, ...}` line (t is the directive, already consumed). What
// follows the numbers (timestamps, function_name, inlined_at) is skipped.
func (p *parser) lineDirective(t *token) {
	line := t.Pos.Line
	defer p.skipLine(line)
	var n [3]int
	want := 3
	if t.Text == ".file" {
		want = 1
	}
	for i := 0; i < want; i++ {
		v := p.peek()
		if v.Pos.Line != line {
			p.errorf(t.Pos, "malformed %s: expected %d integers", t.Text, want)
			return
		}
		if v.Kind != tInt {
			p.errorf(v.Pos, "malformed %s: expected an integer, found %s", t.Text, v.describe())
			return
		}
		x, _, ok := p.expectInt()
		if !ok || x < 0 || x > 1<<30 {
			p.errorf(v.Pos, "malformed %s: %s is out of range", t.Text, v.Text)
			return
		}
		n[i] = int(x)
	}
	if t.Text == ".loc" {
		p.loc = LocDirective{File: n[0], Line: n[1], Col: n[2]}
		return
	}
	s := p.peek()
	if s.Pos.Line != line {
		p.errorf(t.Pos, "malformed .file: expected a file name string")
		return
	}
	if s.Kind != tString || len(s.Text) < 2 {
		p.errorf(s.Pos, "malformed .file: expected a file name string, found %s", s.describe())
		return
	}
	p.next()
	if p.mod.SourceFiles == nil {
		p.mod.SourceFiles = map[int]string{}
	}
	p.mod.SourceFiles[n[0]] = s.Text[1 : len(s.Text)-1]
}

// skipLine consumes the rest of the current source line (.loc, .file).
func (p *parser) skipLine(line int) {
	for t := p.peek(); t.Kind != tEOF && t.Pos.Line == line; t = p.peek() {
		p.i++
	}
}

// syncStmt skips to just after the next ';' at brace depth 0, or to a '}'
// that would close the enclosing block.
func (p *parser) syncStmt() {
	depth := 0
	for {
		t := p.peek()
		switch {
		case t.Kind == tEOF:
			return
		case t.is('{'):
			depth++
		case t.is('}'):
			if depth == 0 {
				return
			}
			depth--
		case t.is(';') && depth == 0:
			p.i++
			return
		}
		p.i++
	}
}

// skipBraces consumes a balanced `{ ... }` group starting at the current '{'.
func (p *parser) skipBraces() {
	depth := 0
	for {
		t := p.next()
		switch {
		case t.Kind == tEOF:
			p.errorf(t.Pos, "unexpected end of file: missing '}'")
			return
		case t.is('{'):
			depth++
		case t.is('}'):
			depth--
			if depth <= 0 {
				return
			}
		}
	}
}

// module parses the top level.
func (p *parser) module() {
	for {
		t := p.peek()
		if t.Kind == tEOF {
			return
		}
		start := p.i
		p.topLevel(t)
		if p.i == start { // no progress: skip to something we know
			p.syncTop()
		}
	}
}

func (p *parser) topLevel(t *token) {
	if t.Kind != tDirective {
		p.errorf(t.Pos, "unexpected %s at module scope", t.describe())
		p.syncTop()
		return
	}
	switch t.Text {
	case ".version":
		p.mod.VersionPos = t.Pos
		p.next()
		v := p.nextSoft()
		if v.Kind != tFloat && v.Kind != tInt {
			p.errorf(v.Pos, "expected version number, found %s", v.describe())
			return
		}
		p.mod.Version = v.Text
	case ".target":
		p.mod.TargetPos = t.Pos
		p.next()
		p.targetList()
	case ".address_size":
		p.mod.AddressSizePos = t.Pos
		p.next()
		n, pos, ok := p.expectInt()
		if ok && n != 32 && n != 64 {
			p.errorf(pos, "address size must be 32 or 64, not %d", n)
		}
		p.mod.AddressSize = int(n)
	case ".file", ".loc":
		p.next()
		p.lineDirective(t)
	case ".section":
		p.next()
		p.next() // section name
		if p.peek().is('{') {
			p.skipBraces()
		}
	case ".pragma":
		p.next()
		p.pragma()
	default:
		p.declaration()
	}
}

// syncTop skips to the next token that can start a module-scope item,
// jumping over brace groups.
func (p *parser) syncTop() {
	p.next()
	for {
		t := p.peek()
		switch {
		case t.Kind == tEOF:
			return
		case t.is('{'):
			p.skipBraces()
			continue
		case t.Kind == tDirective && topStarters[t.Text]:
			return
		}
		p.i++
	}
}

var topStarters = map[string]bool{
	".version": true, ".target": true, ".address_size": true, ".file": true, ".section": true,
	".visible": true, ".extern": true, ".weak": true, ".entry": true, ".func": true,
	".global": true, ".shared": true, ".const": true, ".local": true,
}

func (p *parser) targetList() {
	for {
		t := p.nextSoft()
		if t.Kind != tWord {
			p.errorf(t.Pos, "expected target name, found %s", t.describe())
			return
		}
		if p.mod.Target == "" {
			p.mod.Target = t.Text
		}
		if !p.accept(',') {
			return
		}
	}
}

// pragma parses the strings after .pragma and the ';'.
func (p *parser) pragma() {
	for p.peek().Kind == tString {
		if t := p.next(); strings.HasPrefix(strings.Trim(t.Text, `"`), "used_bytes_mask") && p.mod.UsedBytesMaskPos.Line == 0 {
			p.mod.UsedBytesMaskPos = t.Pos
		}
		if !p.accept(',') {
			break
		}
	}
	if !p.expect(';') {
		p.syncStmt()
	}
}

// parseIntLit decodes an integer literal token.
func parseIntLit(s string) (uint64, bool) {
	if n := len(s); n > 0 && (s[n-1] == 'U' || s[n-1] == 'u') {
		s = s[:n-1]
	}
	base := 10
	switch {
	case len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
		base, s = 16, s[2:]
	case len(s) > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'):
		base, s = 2, s[2:]
	case len(s) > 1 && s[0] == '0':
		base, s = 8, s[1:]
	}
	v, err := strconv.ParseUint(s, base, 64)
	return v, err == nil
}

// nextSoft is next, except that a statement end (';', '}', end of file) is
// left in place, so that error recovery does not run past it.
func (p *parser) nextSoft() *token {
	t := p.peek()
	if t.is(';') || t.is('}') {
		return t
	}
	return p.next()
}

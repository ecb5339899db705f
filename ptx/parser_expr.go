package ptx

import (
	"math"
	"strconv"
	"strings"
)

func itoa(n int) string { return strconv.Itoa(n) }

// operand parses one instruction operand (or initializer value). call
// enables the `( a, b )` parameter lists of call.
func (p *parser) operand(call bool) *Expr {
	t := p.peek()
	switch {
	case t.is('!'):
		p.next()
		e := p.operand(false)
		if e == nil {
			return nil
		}
		if e.Kind != ExName {
			p.errorf(t.Pos, "'!' applies only to a predicate register")
			return nil
		}
		e.Neg, e.Pos = true, t.Pos
		return e
	case t.is('['):
		return p.address()
	case t.is('{'):
		return p.list('{', '}', ExVec)
	case t.is('(') && call:
		return p.list('(', ')', ExList)
	case t.Kind == tWord:
		return p.nameOperand()
	case t.Kind == tFloat:
		p.next()
		return p.floatLit(t, false)
	case t.is('-') && p.peekN(1).Kind == tFloat:
		p.next()
		return p.floatLit(p.next(), true)
	case t.Kind == tInt || t.is('-') || t.is('(') || t.is('~'):
		v, ok := p.constExpr(false)
		if !ok {
			return nil
		}
		return &Expr{Kind: ExInt, Pos: t.Pos, Int: v}
	}
	p.errorf(t.Pos, "expected operand, found %s", t.describe())
	return nil
}

// nameOperand parses a register, symbol, label or special register, with
// an optional `+off` and `|second` (predicate pair).
func (p *parser) nameOperand() *Expr {
	t := p.next()
	if t.Text == "_" && !p.peek().is('|') {
		return &Expr{Kind: ExSink, Pos: t.Pos}
	}
	if t.Text == "generic" && p.peek().is('(') {
		p.next()
		inner := p.nextSoft()
		if inner.Kind != tWord || !p.expect(')') {
			p.errorf(inner.Pos, "expected a variable name in generic()")
			return nil
		}
		e := &Expr{Kind: ExName, Pos: t.Pos, Name: inner.Text, Generic: true}
		return p.offset(e)
	}
	e := &Expr{Kind: ExName, Pos: t.Pos, Name: t.Text}
	if t.Text == "_" {
		e = &Expr{Kind: ExSink, Pos: t.Pos}
	}
	if i := strings.IndexByte(t.Text, '.'); i >= 0 {
		e.Name, e.Comp = t.Text[:i], t.Text[i+1:]
	}
	if p.accept('|') {
		s := p.nextSoft()
		if s.Kind != tWord {
			p.errorf(s.Pos, "expected a predicate after '|', found %s", s.describe())
			return nil
		}
		second := &Expr{Kind: ExName, Pos: s.Pos, Name: s.Text}
		if s.Text == "_" {
			second = &Expr{Kind: ExSink, Pos: s.Pos}
		}
		return &Expr{Kind: ExPair, Pos: t.Pos, Elems: []*Expr{e, second}}
	}
	return p.offset(e)
}

// offset parses an optional `+ const` / `- const` after a name.
func (p *parser) offset(e *Expr) *Expr {
	t := p.peek()
	if !t.is('+') && !t.is('-') {
		return e
	}
	p.next()
	v, ok := p.constExpr(false)
	if !ok {
		return nil
	}
	if t.is('-') {
		v = -v
	}
	e.Off += int64(v)
	return e
}

// list parses `{a, b}` or `(a, b)`.
func (p *parser) list(open, close byte, kind ExprKind) *Expr {
	t := p.next()
	e := &Expr{Kind: kind, Pos: t.Pos}
	if p.accept(close) {
		return e
	}
	for {
		el := p.operand(false)
		if el == nil {
			return nil
		}
		e.Elems = append(e.Elems, el)
		if p.accept(',') {
			continue
		}
		if !p.expect(close) {
			return nil
		}
		return e
	}
}

// address parses `[base]`, `[base+off]`, `[imm]`, `[base, {coords}]`.
func (p *parser) address() *Expr {
	open := p.next()
	e := &Expr{Kind: ExAddr, Pos: open.Pos}
	t := p.peek()
	if t.Kind == tWord {
		p.next()
		e.Base = &Expr{Kind: ExName, Pos: t.Pos, Name: t.Text}
		if nt := p.peek(); nt.is('+') || nt.is('-') {
			p.next()
			v, ok := p.constExpr(false)
			if !ok {
				return nil
			}
			if nt.is('-') {
				v = -v
			}
			e.Off = int64(v)
		}
	} else {
		v, ok := p.constExpr(false)
		if !ok {
			return nil
		}
		e.Off = int64(v)
	}
	if p.accept(',') {
		el := p.operand(false)
		if el == nil {
			return nil
		}
		if el.Kind == ExVec {
			e.Elems = el.Elems
		} else {
			e.Elems = []*Expr{el}
		}
	}
	if !p.expect(']') {
		return nil
	}
	return e
}

// floatLit decodes 0f/0d bit literals and decimal floats.
func (p *parser) floatLit(t *token, neg bool) *Expr {
	e := &Expr{Kind: ExFloat, Pos: t.Pos}
	s := t.Text
	if len(s) > 2 && s[0] == '0' && strings.IndexByte("fFdD", s[1]) >= 0 {
		want := 8
		if s[1] == 'd' || s[1] == 'D' {
			want = 16
		}
		v, err := strconv.ParseUint(s[2:], 16, 64)
		if err != nil || len(s)-2 != want {
			p.errorf(t.Pos, "float literal '%s' needs exactly %d hex digits", s, want)
			return e
		}
		e.Int, e.F32 = v, want == 8
		if neg {
			e.Int ^= 1 << (uint(want)*4 - 1)
		}
		return e
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		p.errorf(t.Pos, "malformed float literal '%s'", s)
		return e
	}
	if neg {
		f = -f
	}
	e.Int = math.Float64bits(f)
	return e
}

// constExpr parses an integer constant expression. inParens allows '|'.
func (p *parser) constExpr(inParens bool) (uint64, bool) {
	return p.binary(0, inParens, 0)
}

// precedence of binary operator tokens (0: not an operator).
func (p *parser) binPrec(inParens bool) (op string, prec int) {
	t := p.peek()
	if t.Kind != tPunct {
		return "", 0
	}
	switch t.Text[0] {
	case '|': // a name followed by '|' is a predicate pair; constants never are
		return "|", 1
	case '^':
		return "^", 2
	case '&':
		return "&", 3
	case '<', '>':
		n := p.peekN(1)
		if n.is(t.Text[0]) && n.Pos.Line == t.Pos.Line && n.Pos.Col == t.Pos.Col+1 {
			return t.Text + t.Text, 4
		}
	case '+', '-':
		return t.Text, 5
	case '*', '/', '%':
		return t.Text, 6
	}
	return "", 0
}

const maxExprDepth = 64

func (p *parser) binary(minPrec int, inParens bool, depth int) (uint64, bool) {
	x, ok := p.unary(inParens, depth)
	for ok {
		op, prec := p.binPrec(inParens)
		if prec == 0 || prec <= minPrec {
			return x, true
		}
		opTok := p.next()
		if len(op) == 2 {
			p.next()
		}
		var y uint64
		if y, ok = p.binary(prec, inParens, depth+1); !ok {
			return 0, false
		}
		x, ok = p.applyBin(op, x, y, opTok.Pos)
	}
	return x, ok
}

func (p *parser) applyBin(op string, x, y uint64, pos Pos) (uint64, bool) {
	switch op {
	case "|":
		return x | y, true
	case "^":
		return x ^ y, true
	case "&":
		return x & y, true
	case "<<":
		return x << (y & 63), true
	case ">>":
		return uint64(int64(x) >> (y & 63)), true
	case "+":
		return x + y, true
	case "-":
		return x - y, true
	case "*":
		return x * y, true
	}
	if y == 0 {
		p.errorf(pos, "division by zero in constant expression")
		return 0, false
	}
	if int64(y) == -1 {
		if op == "/" {
			return -x, true
		}
		return 0, true
	}
	if op == "/" {
		return uint64(int64(x) / int64(y)), true
	}
	return uint64(int64(x) % int64(y)), true
}

func (p *parser) unary(inParens bool, depth int) (uint64, bool) {
	t := p.peek()
	if t.Kind != tInt && !t.is('-') && !t.is('~') && !t.is('!') && !t.is('(') {
		p.errorf(t.Pos, "expected integer constant, found %s", t.describe())
		return 0, false
	}
	p.next()
	if depth > maxExprDepth {
		p.errorf(t.Pos, "expression nested too deeply")
		return 0, false
	}
	switch {
	case t.Kind == tInt:
		v, ok := parseIntLit(t.Text)
		if !ok {
			p.errorf(t.Pos, "integer literal '%s' out of range", t.Text)
		}
		return v, ok
	case t.is('-'):
		v, ok := p.unary(inParens, depth+1)
		return -v, ok
	case t.is('~'):
		v, ok := p.unary(inParens, depth+1)
		return ^v, ok
	case t.is('!'):
		v, ok := p.unary(inParens, depth+1)
		if v == 0 {
			return 1, ok
		}
		return 0, ok
	case t.is('('):
		v, ok := p.binary(0, true, depth+1)
		if ok && !p.expect(')') {
			return 0, false
		}
		return v, ok
	}
	return 0, false
}

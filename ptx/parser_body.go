package ptx

import "strings"

// maxBlockDepth bounds nested `{ }` scopes.
const maxBlockDepth = 64

// maxRegCount bounds `%r<N>` (a fuzzed million-register file is an error,
// not an allocation).
const maxRegCount = 1 << 17

// block parses `{ stmts }`; the current token is '{'.
func (p *parser) block() *Block { return p.blockDepth(0) }

func (p *parser) blockDepth(depth int) *Block {
	open := p.next()
	b := &Block{Pos: open.Pos}
	if depth > maxBlockDepth {
		p.errorf(open.Pos, "blocks nested too deeply")
		p.i--
		p.skipBraces()
		return b
	}
	for {
		t := p.peek()
		switch {
		case t.Kind == tEOF:
			p.errorf(open.Pos, "unterminated block: missing '}'")
			return b
		case t.is('}'):
			p.next()
			return b
		case t.is('{'):
			b.Stmts = append(b.Stmts, p.blockDepth(depth+1))
			continue
		}
		start := p.i
		if s := p.stmt(); s != nil {
			b.Stmts = append(b.Stmts, s...)
		}
		if p.i == start {
			p.next()
		}
	}
}

// stmt parses one statement (a label, declaration or instruction).
func (p *parser) stmt() []Stmt {
	t := p.peek()
	switch t.Kind {
	case tDirective:
		return p.dirStmt(t)
	case tWord:
		if p.peekN(1).is(':') {
			return []Stmt{p.label()}
		}
		if s := p.inst(); s != nil {
			return []Stmt{s}
		}
		return nil
	case tPunct:
		if t.is('@') {
			if s := p.inst(); s != nil {
				return []Stmt{s}
			}
			return nil
		}
		if t.is(';') { // empty statement
			p.next()
			return nil
		}
	}
	p.errorf(t.Pos, "unexpected %s", t.describe())
	p.syncStmt()
	return nil
}

// dirStmt parses directives inside a body.
func (p *parser) dirStmt(t *token) []Stmt {
	switch t.Text {
	case ".reg":
		if r := p.regStmt(); r != nil {
			return []Stmt{r}
		}
		return nil
	case ".loc", ".file":
		p.next()
		p.lineDirective(t)
		return nil
	case ".pragma":
		p.next()
		p.pragma()
		return nil
	case ".local", ".shared", ".param", ".global", ".const", ".extern":
		var lk linkage
		if t.Text == ".extern" {
			lk.extern = true
			p.next()
			if _, ok := declSpace(p.peek().Text); !ok || p.peek().Kind != tDirective {
				p.errorf(p.peek().Pos, "expected a state space after .extern")
				p.syncStmt()
				return nil
			}
		}
		var out []Stmt
		for _, v := range p.varDecl(lk) {
			out = append(out, &VarStmt{Var: v})
		}
		return out
	}
	p.errorf(t.Pos, "unexpected directive %s in function body", t.describe())
	p.next()
	p.syncStmt()
	return nil
}

// regStmt parses `.reg [.vN] .type names;`.
func (p *parser) regStmt() *RegStmt {
	kw := p.next()
	r := &RegStmt{Pos: kw.Pos}
	t := p.nextSoft()
	if t.Kind == tDirective && (t.Text == ".v2" || t.Text == ".v4" || t.Text == ".v8") {
		p.errorf(t.Pos, "vector registers (.reg %s) are not supported", t.Text)
		p.syncStmt()
		return nil
	}
	ty, ok := typeDirective(t)
	if !ok {
		p.errorf(t.Pos, "expected register type, found %s", t.describe())
		p.syncStmt()
		return nil
	}
	r.Type = ty
	for {
		nt := p.nextSoft()
		if nt.Kind != tWord || strings.IndexByte(nt.Text, '.') >= 0 {
			p.errorf(nt.Pos, "expected register name, found %s", nt.describe())
			p.syncStmt()
			return nil
		}
		rn := RegName{Pos: nt.Pos, Name: nt.Text}
		if p.accept('<') {
			n, pos, ok := p.expectInt()
			if !ok || !p.expect('>') {
				p.syncStmt()
				return nil
			}
			if n <= 0 || n > maxRegCount {
				p.errorf(pos, "register count %d out of range (1..%d)", n, maxRegCount)
				n = 1
			}
			rn.Count = int(n)
		}
		r.Regs = append(r.Regs, rn)
		if !p.accept(',') {
			break
		}
	}
	if !p.expect(';') {
		p.syncStmt()
	}
	return r
}

// label parses `name:` and a following `.callprototype ...;`.
func (p *parser) label() Stmt {
	nt := p.next()
	p.next() // :
	if p.isDir(".callprototype") {
		p.syncStmt()
		return &ProtoStmt{Pos: nt.Pos, Name: nt.Text}
	}
	if strings.IndexByte(nt.Text, '.') >= 0 {
		p.errorf(nt.Pos, "invalid label name '%s'", nt.Text)
	}
	return &LabelStmt{Pos: nt.Pos, Name: nt.Text}
}

// inst parses `[@[!]p] opcode operands;` and validates it against the
// opcode table.
func (p *parser) inst() *InstStmt {
	s := &InstStmt{Pos: p.peek().Pos, Loc: p.loc}
	if p.accept('@') {
		s.GuardNeg = p.accept('!')
		g := p.peek()
		if g.Kind == tWord {
			p.next()
		} else {
			p.errorf(g.Pos, "expected guard predicate, found %s", g.describe())
			p.syncStmt()
			return nil
		}
		s.Guard = &Expr{Kind: ExName, Pos: g.Pos, Name: g.Text}
	}
	ot := p.peek()
	if ot.Kind == tWord {
		p.next()
	} else {
		p.errorf(ot.Pos, "expected instruction, found %s", ot.describe())
		p.syncStmt()
		return nil
	}
	s.Text = ot.Text
	parts := strings.Split(ot.Text, ".")
	op, ok := OpcodeByName(parts[0])
	if !ok {
		p.errorf(ot.Pos, "unsupported instruction '%s'", ot.Text)
		p.syncStmt()
		return nil
	}
	s.Op, s.Quals = op, parts[1:]
	s.Mods = decodeQuals(op, s.Quals, func(q string) {
		p.errorf(ot.Pos, "unknown qualifier '.%s' in '%s'", q, ot.Text)
	})
	if !p.operands(s) {
		p.syncStmt()
		return nil
	}
	info := op.Info()
	if n := len(s.Ops); n < int(info.MinOps) || n > int(info.MaxOps) {
		p.errorf(ot.Pos, "'%s' takes %s, got %d", ot.Text, opCountText(info), n)
	}
	return s
}

func opCountText(info OpInfo) string {
	plural := func(n int8) string {
		if n == 1 {
			return "1 operand"
		}
		return itoa(int(n)) + " operands"
	}
	if info.MinOps == info.MaxOps {
		return plural(info.MaxOps)
	}
	return itoa(int(info.MinOps)) + " to " + plural(info.MaxOps)
}

// operands parses the comma-separated operand list up to and including ';'.
func (p *parser) operands(s *InstStmt) bool {
	if p.accept(';') {
		return true
	}
	if t := p.peek(); t.is('}') || t.Kind == tEOF {
		p.errorf(t.Pos, "expected ';', found %s", t.describe())
		return false
	}
	call := s.Op == OpCall
	for {
		e := p.operand(call)
		if e == nil {
			return false
		}
		s.Ops = append(s.Ops, e)
		if p.accept(',') {
			continue
		}
		return p.expect(';')
	}
}

package ptx

// linkage holds the attributes written before a declaration.
type linkage struct {
	visible, extern, weak bool
}

// declaration parses a module-scope variable or function.
func (p *parser) declaration() {
	var lk linkage
	for {
		t := p.peek()
		if t.Kind != tDirective {
			break
		}
		switch t.Text {
		case ".visible":
			lk.visible = true
		case ".extern":
			lk.extern = true
		case ".weak", ".common":
			lk.weak = true
		default:
			goto done
		}
		p.next()
	}
done:
	t := p.peek()
	if t.Kind == tDirective && (t.Text == ".entry" || t.Text == ".func") {
		if f := p.funcDecl(lk); f != nil {
			p.mod.Decls = append(p.mod.Decls, f)
		}
		return
	}
	if t.Kind == tDirective {
		if _, ok := declSpace(t.Text); ok {
			for _, v := range p.varDecl(lk) {
				p.mod.Decls = append(p.mod.Decls, v)
			}
			return
		}
	}
	p.errorf(t.Pos, "unexpected %s at module scope", t.describe())
	p.syncTop()
}

// declSpace maps a declaration directive to its state space.
func declSpace(d string) (Space, bool) {
	switch d {
	case ".global":
		return SpaceGlobal, true
	case ".shared":
		return SpaceShared, true
	case ".const":
		return SpaceConst, true
	case ".local":
		return SpaceLocal, true
	case ".param":
		return SpaceParam, true
	}
	return SpaceNone, false
}

// typeDirective decodes `.u32` etc.
func typeDirective(t *token) (Type, bool) {
	if t.Kind != tDirective {
		return TNone, false
	}
	return TypeByName(t.Text[1:])
}

// varAttrs parses `.align N`, `.vN` and the type, in any order. It returns
// false (after reporting) when no type was found.
func (p *parser) varAttrs(v *VarDecl) bool {
	for {
		t := p.peek()
		if t.Kind != tDirective {
			break
		}
		switch {
		case t.Text == ".align":
			p.next()
			n, pos, ok := p.expectInt()
			if ok && (n <= 0 || n&(n-1) != 0 || n > 1<<16) {
				p.errorf(pos, "alignment must be a power of two, not %d", n)
				n = 0
			}
			v.Align = int(n)
			continue
		case t.Text == ".v2" || t.Text == ".v4" || t.Text == ".v8":
			v.Vec = int(t.Text[2] - '0')
			p.next()
			continue
		}
		if ty, ok := typeDirective(t); ok {
			v.Type = ty
			p.next()
			continue
		}
		break
	}
	if v.Type == TNone {
		t := p.peek()
		p.errorf(t.Pos, "expected a type, found %s", t.describe())
		return false
	}
	return true
}

// varDecl parses `.space attrs name[dims] = init, name2 ...;` and returns one
// VarDecl per name.
func (p *parser) varDecl(lk linkage) []*VarDecl {
	st := p.next()
	space, _ := declSpace(st.Text)
	proto := VarDecl{Pos: st.Pos, Space: space, Extern: lk.extern, Visible: lk.visible, Weak: lk.weak}
	if !p.varAttrs(&proto) {
		p.syncStmt()
		return nil
	}
	var out []*VarDecl
	for {
		nt := p.nextSoft()
		if nt.Kind != tWord {
			p.errorf(nt.Pos, "expected variable name, found %s", nt.describe())
			p.syncStmt()
			return out
		}
		v := proto
		v.Pos, v.Name = nt.Pos, nt.Text
		if !p.dims(&v.Dims) {
			p.syncStmt()
			return out
		}
		if p.accept('=') {
			v.Init = p.initExpr(0)
		}
		out = append(out, &v)
		if !p.accept(',') {
			break
		}
	}
	if !p.expect(';') {
		p.syncStmt()
	}
	return out
}

// dims parses `[N][M]` or `[]` (recorded as -1).
func (p *parser) dims(out *[]int) bool {
	for p.accept('[') {
		if p.accept(']') {
			*out = append(*out, -1)
			continue
		}
		n, pos, ok := p.expectInt()
		if !ok {
			return false
		}
		if n < 0 || n > 1<<30 {
			p.errorf(pos, "array size %d out of range", n)
			n = 0
		}
		*out = append(*out, int(n))
		if !p.expect(']') {
			return false
		}
	}
	return true
}

// maxInitDepth bounds nested braces in initializers.
const maxInitDepth = 16

// initExpr parses a scalar initializer or a (nested) brace list.
func (p *parser) initExpr(depth int) *InitExpr {
	t := p.peek()
	if t.is('{') {
		p.next()
		ie := &InitExpr{Pos: t.Pos, List: true}
		if depth >= maxInitDepth {
			p.errorf(t.Pos, "initializer nested too deeply")
			p.syncStmt()
			return ie
		}
		if p.accept('}') {
			return ie
		}
		for {
			start := p.i
			ie.Elems = append(ie.Elems, p.initExpr(depth+1))
			if p.accept(',') {
				continue
			}
			if !p.expect('}') && p.i == start {
				p.next()
			}
			return ie
		}
	}
	ie := &InitExpr{Pos: t.Pos, Val: p.operand(false)}
	if ie.Val != nil && ie.Val.Kind == ExInt && p.peek().is('(') {
		ie.Val = p.byteMask(ie.Val)
	}
	return ie
}

// byteMask parses the `0xff00(name)` form: one byte of an address.
func (p *parser) byteMask(mask *Expr) *Expr {
	p.next() // (
	e := p.operand(false)
	if e == nil || !p.expect(')') {
		return nil
	}
	if e.Kind != ExName {
		p.errorf(e.Pos, "expected a variable name in a byte-mask initializer")
		return nil
	}
	shift := -1
	for k := 0; k < 8; k++ {
		if mask.Int == 0xff<<(8*k) {
			shift = 8 * k
		}
	}
	if shift < 0 {
		p.errorf(mask.Pos, "byte mask must be 0xff shifted by whole bytes, not %#x", mask.Int)
		return nil
	}
	e.Mask, e.Pos = shift+1, mask.Pos
	return e
}

// funcDecl parses an .entry or .func header and its body or ';'.
func (p *parser) funcDecl(lk linkage) *FuncDecl {
	kw := p.next()
	p.loc = LocDirective{}
	f := &FuncDecl{Pos: kw.Pos, Entry: kw.Text == ".entry", Visible: lk.visible, Extern: lk.extern, Weak: lk.weak}
	if !f.Entry && p.peek().is('(') {
		f.Rets = p.paramList()
	}
	nt := p.nextSoft()
	if nt.Kind != tWord {
		p.errorf(nt.Pos, "expected function name, found %s", nt.describe())
		p.syncTop()
		return nil
	}
	f.Name = nt.Text
	if p.peek().is('(') {
		f.Params = p.paramList()
	}
	p.funcDirectives(f)
	switch t := p.peek(); {
	case t.is(';'):
		p.next()
	case t.is('{'):
		f.Body = p.block()
	default:
		p.errorf(t.Pos, "expected '{' or ';' after function header, found %s", t.describe())
		p.syncTop()
	}
	return f
}

// paramList parses `( .param ..., .param ... )`.
func (p *parser) paramList() []*ParamDecl {
	p.next() // (
	var out []*ParamDecl
	if p.accept(')') {
		return out
	}
	for {
		if pd := p.param(); pd != nil {
			out = append(out, pd)
		} else {
			for t := p.peek(); t.Kind != tEOF && !t.is(',') && !t.is(')') && !t.is('{'); t = p.peek() {
				p.next()
			}
		}
		if p.accept(',') {
			continue
		}
		p.expect(')')
		return out
	}
}

// param parses one `.param [.align N] .type [.ptr [.space] [.align N]] name[dims]`.
func (p *parser) param() *ParamDecl {
	t := p.nextSoft()
	if t.Kind != tDirective || (t.Text != ".param" && t.Text != ".reg") {
		p.errorf(t.Pos, "expected .param, found %s", t.describe())
		return nil
	}
	pd := &ParamDecl{Pos: t.Pos}
	sawPtr := false
	for {
		t := p.peek()
		if t.Kind != tDirective {
			break
		}
		p.next()
		switch {
		case t.Text == ".align":
			n, pos, _ := p.expectInt()
			if n <= 0 || n&(n-1) != 0 || n > 1<<16 {
				p.errorf(pos, "alignment must be a power of two, not %d", n)
				n = 0
			}
			if sawPtr {
				pd.PtrAlign = int(n)
			} else {
				pd.Align = int(n)
			}
		case t.Text == ".ptr":
			sawPtr = true
		default:
			if ty, ok := typeDirective(t); ok {
				pd.Type = ty
			} else if sp, ok := SpaceByName(t.Text[1:]); ok && sawPtr {
				pd.PtrSpace = sp
			} else {
				p.errorf(t.Pos, "unexpected %s in parameter declaration", t.describe())
			}
		}
	}
	if pd.Type == TNone {
		p.errorf(p.peek().Pos, "parameter needs a type")
		return nil
	}
	nt := p.nextSoft()
	if nt.Kind != tWord {
		p.errorf(nt.Pos, "expected parameter name, found %s", nt.describe())
		return nil
	}
	pd.Name = nt.Text
	if !p.dims(&pd.Dims) {
		return nil
	}
	return pd
}

// funcDirectives parses performance directives, .noreturn and .pragma
// between the header and the body.
func (p *parser) funcDirectives(f *FuncDecl) {
	for {
		t := p.peek()
		if t.Kind != tDirective {
			return
		}
		switch t.Text {
		case ".maxntid":
			p.next()
			f.Perf.MaxNTid = p.intList()
		case ".reqntid":
			p.next()
			f.Perf.ReqNTid = p.intList()
		case ".reqnctapercluster":
			p.next()
			f.Perf.ReqNCTAPerCluster = p.intList()
		case ".minnctapersm":
			p.next()
			f.Perf.MinNCTAPerSM = p.oneInt()
		case ".maxnctapersm":
			p.next()
			f.Perf.MaxNCTAPerSM = p.oneInt()
		case ".maxnreg":
			p.next()
			f.Perf.MaxNReg = p.oneInt()
		case ".maxclusterrank":
			p.next()
			f.Perf.MaxClusterRank = p.oneInt()
		case ".explicitcluster":
			p.next()
			f.Perf.ExplicitCluster = true
		case ".noreturn":
			p.next()
			f.NoReturn = true
		case ".pragma":
			p.next()
			p.pragma()
		default:
			return
		}
	}
}

func (p *parser) oneInt() int {
	n, pos, ok := p.expectInt()
	if ok && (n < 0 || n > 1<<31) {
		p.errorf(pos, "value %d out of range", n)
		return 0
	}
	return int(n)
}

// intList parses 1 to 3 comma-separated integers.
func (p *parser) intList() []int {
	out := []int{p.oneInt()}
	for len(out) < 3 && p.accept(',') {
		out = append(out, p.oneInt())
	}
	return out
}

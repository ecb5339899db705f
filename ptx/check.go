package ptx

import (
	"fmt"
	"strings"
)

// The operand checker applies the operand column of the opcode table
// (opRules in isa.go) to every instruction of every function at load,
// reached or not, as ptxas does: it rejects the whole module.
//
// Operands is a comma-separated list, one letter per operand, `?` after a
// letter makes it optional:
//
//	d  destination register of the instruction type T (Mods.Types[0])
//	n  destination register of 32 bits (popc, clz, bfind, getctarank)
//	D  destination register of twice T's width (.wide forms)
//	P  destination predicate, or a pair p|q, or _
//	V  ld's destination: a register of T, or with .vN a vector of N
//	r  destination register of any type
//	a  source of type T: register, immediate (a special register or a
//	   symbol's address for mov and cvta)
//	A  source of twice T's width (mad.wide's addend)
//	b  source of the second type (cvt, set, slct)
//	u  32-bit integer source (shift amounts, bit positions, masks)
//	p  predicate source (`!p` allowed)
//	v  st's value: like V, immediates allowed
//	m  address [reg+off], [symbol+off] or [imm]
//	z  a 32-bit integer or a predicate (cp.async's src-size or ignore-src)
//	q  a 64-bit descriptor (wgmma)
//	R  32-bit registers, alone or in a vector (ldmatrix, stmatrix)
//	x  anything
//
// Register classes follow the PTX ISA's type rules: a .bN instruction type
// takes any register of N bits, .uN/.sN integer or bit registers of N bits,
// floating types their own type or bit registers of their size; ld, st and
// cvt are relaxed (integer and bit registers may be wider than the type).
// Types lists the type qualifiers the opcode accepts, with the classes
// I (u16..s64), B (b16..b64), F (f32 f64), H (f16 f16x2 bf16 bf16x2),
// 8 (b8 u8 s8) and x2 (u16x2 s16x2); empty means unchecked.

type checker struct {
	prog *Program
	f    *Function
	errs *errSink
	// the module's PTX ISA version and target, once checked (featuresOn)
	isa        int
	tg         target
	featuresOn bool
}

// check validates every instruction of p, and the module's version and
// target (check_target.go).
func check(p *Program, errs *errSink) {
	c := &checker{prog: p, errs: errs}
	c.module()
	for _, f := range p.Funcs {
		c.f = f
		for i := range f.Insts {
			c.inst(&f.Insts[i])
		}
	}
}

type opdSpec struct {
	letter   byte
	optional bool
}

// parseOperands splits a rule's operand list.
func parseOperands(s string) []opdSpec {
	if s == "" {
		return nil
	}
	var out []opdSpec
	for _, f := range strings.Split(s, ",") {
		o := opdSpec{letter: f[0]}
		o.optional = strings.HasSuffix(f, "?")
		out = append(out, o)
	}
	return out
}

// form returns the operand letters for one instruction, adjusted for the
// qualifiers that change shapes.
func (c *checker) form(in *Inst) []opdSpec {
	rule := in.Op.Rule()
	ops := rule.Operands
	if s, ok := familyForm(in); ok {
		if s == "" {
			return []opdSpec{}
		}
		ops = s
	}
	f := parseOperands(ops)
	if f == nil {
		return nil
	}
	switch in.Op {
	case OpAtom:
		if in.Mods.Sub != "cas" {
			f = f[:3]
		}
	}
	if (in.Op == OpSt || in.Op == OpRed) && hasQual(in, "async") {
		f = append(f, opdSpec{letter: 'm'}) // st.async/red.async: the remote mbarrier
	}
	if hasQual(in, "L2::cache_hint") && (in.Op == OpLd || in.Op == OpSt || in.Op == OpAtom || in.Op == OpRed || in.Op == OpCp) {
		f = append(f, opdSpec{letter: 'x'}) // the cache policy
	}
	wide := in.Mods.Flags&FWide != 0
	switch in.Op {
	case OpMul:
		if wide {
			f[0].letter = 'D'
		}
	case OpMad:
		if wide {
			f[0].letter, f[3].letter = 'D', 'A'
		}
	case OpVote:
		if in.Mods.Sub == "ballot" {
			f[0].letter = 'd'
		}
		if in.Mods.Flags&FSync == 0 {
			f = f[:2] // the old form without a member mask
		}
	case OpWgmma:
		if in.Mods.Sub == "mma_async" && len(f) > 2 {
			if len(in.Ops) > 1 && in.Ops[1].Kind != OpdVec {
				f[1].letter = 'q'
			}
			f[2].letter = 'q'
		}
	case OpMatch:
		if in.Mods.Flags&FAll != 0 || in.Mods.Sub == "all" {
			f[0].letter = 'r' // d|p
		}
	}
	return f
}

func (c *checker) inst(in *Inst) {
	c.features(in)
	c.extraRules(in)
	c.spaces(in)
	for i := range in.Ops {
		c.sameElems(in, &in.Ops[i])
	}
	rule := in.Op.Rule()
	if !c.typesOK(in, rule.Types) {
		return
	}
	f := c.form(in)
	if f == nil {
		return
	}
	req := 0
	for _, s := range f {
		if !s.optional {
			req++
		}
	}
	if n := len(in.Ops); n < req || n > len(f) {
		want := fmt.Sprint(req)
		if len(f) > req {
			want = fmt.Sprintf("%d to %d", req, len(f))
		}
		c.errs.add(in.Pos, "'%s' takes %s operands, got %d", in.Text, want, n)
		return
	}
	for i := range in.Ops {
		c.operand(in, i, f[i].letter)
	}
}

// typeAt is the instruction's i-th type qualifier (TNone when absent).
func typeAt(in *Inst, i int) Type {
	if i < len(in.Mods.Types) {
		return in.Mods.Types[i]
	}
	return TNone
}

// relaxed reports the instructions with the PTX ISA's relaxed type rules.
func relaxed(op Opcode) bool { return op == OpLd || op == OpLdu || op == OpSt || op == OpCvt }

func (c *checker) regName(r int32) string {
	if r >= 0 && int(r) < len(c.f.Regs) {
		return c.f.Regs[r].Name
	}
	return "?"
}

func (c *checker) regType(r int32) Type {
	if r >= 0 && int(r) < len(c.f.Regs) {
		return c.f.Regs[r].Type
	}
	return TNone
}

// opdText names an operand in a message.
func (c *checker) opdText(o *Operand) string {
	switch o.Kind {
	case OpdReg:
		return "'" + c.regName(o.Reg) + "'"
	case OpdImm, OpdFloat:
		return "an immediate"
	case OpdVec:
		return fmt.Sprintf("a vector of %d", len(o.Elems))
	case OpdAddr:
		return "an address"
	case OpdSym:
		return "a symbol"
	case OpdSpecial:
		return "special register " + SpecialName(o.Special)
	case OpdPair:
		return "a pair"
	case OpdSink:
		return "'_'"
	}
	return "this operand"
}

func (c *checker) fail(in *Inst, o *Operand, format string, args ...any) {
	pos := o.Pos
	if pos.Line == 0 {
		pos = in.Pos
	}
	c.errs.add(pos, "%s: "+format, append([]any{in.Text}, args...)...)
}

// sameElems: the registers of one vector operand have one type.
func (c *checker) sameElems(in *Inst, o *Operand) {
	if o.Kind == OpdPair {
		return
	}
	var first Type
	for k := range o.Elems {
		e := &o.Elems[k]
		if e.Kind != OpdReg {
			continue
		}
		t := c.regType(e.Reg)
		if first == TNone {
			first = t
		} else if !elemsCompatible(t, first) {
			c.fail(in, e, "'%s' is .%s, the other registers of the vector are .%s", c.regName(e.Reg), t, first)
			return
		}
	}
}

// elemsCompatible: registers that may share a vector operand (one size; a
// predicate only with bit and integer registers, as ptxas takes them).
func elemsCompatible(a, b Type) bool {
	size := func(t Type) int {
		if t == Pred {
			return 4
		}
		return t.Size()
	}
	if a == Pred && b.IsFloat() || b == Pred && a.IsFloat() {
		return false
	}
	return size(a) == size(b)
}

func (c *checker) operand(in *Inst, i int, letter byte) {
	o := &in.Ops[i]
	t := typeAt(in, 0)
	switch letter {
	case 'x':
	case 'd':
		c.dest(in, o, t, relaxed(in.Op))
	case 'n':
		c.dest(in, o, U32, false)
	case 'D':
		c.dest(in, o, widen(t), false)
	case 'r':
		if o.Kind == OpdImm || o.Kind == OpdFloat || o.Kind == OpdAddr {
			c.fail(in, o, "the destination must be a register, found %s", c.opdText(o))
		}
	case 'P':
		c.predDest(in, o)
	case 'V':
		c.vector(in, o, t, true)
	case 'v':
		c.vector(in, o, t, false)
	case 'a':
		c.source(in, o, t, relaxed(in.Op))
	case 'A':
		c.source(in, o, widen(t), false)
	case 'b':
		c.source(in, o, typeAt(in, 1), relaxed(in.Op))
	case 'u':
		c.source(in, o, U32, false)
	case 'p':
		c.source(in, o, Pred, false)
	case 'm':
		c.address(in, o, addrSpace(in, i))
	case 'z': // cp.async's src-size (32-bit) or ignore-src predicate
		if o.Kind != OpdReg || c.regType(o.Reg) != Pred {
			c.source(in, o, U32, false)
		}
	case 'q': // a 64-bit descriptor
		if o.Kind == OpdReg {
			c.fits(in, o, B64, false)
		} else if o.Kind != OpdImm {
			c.fail(in, o, "needs a 64-bit descriptor, found %s", c.opdText(o))
		}
	case 'R': // 32-bit registers, alone or in a vector (ldmatrix, stmatrix)
		if o.Kind == OpdVec {
			for k := range o.Elems {
				if e := &o.Elems[k]; e.Kind == OpdReg && c.regType(e.Reg) != Pred {
					c.fits(in, e, B32, false) // ptxas takes a predicate here too
				}
			}
		} else if o.Kind == OpdReg {
			c.fits(in, o, B32, false)
		} else {
			c.fail(in, o, "needs 32-bit registers, found %s", c.opdText(o))
		}
	}
}

// widen is the type of twice t's width (TNone when there is none).
func widen(t Type) Type {
	switch t {
	case U16:
		return U32
	case U32:
		return U64
	case S16:
		return S32
	case S32:
		return S64
	case B16:
		return B32
	case B32:
		return B64
	case F32:
		return F64
	}
	return TNone
}

// dest checks a destination register against type t.
func (c *checker) dest(in *Inst, o *Operand, t Type, relax bool) {
	switch o.Kind {
	case OpdReg:
		c.fits(in, o, t, relax)
	case OpdImm, OpdFloat, OpdAddr, OpdSym, OpdSpecial:
		c.fail(in, o, "the destination must be a register, found %s", c.opdText(o))
	case OpdVec:
		if in.Op == OpMov || in.Op == OpCvt {
			return // mov.b64 {lo, hi}, x unpacks; cvt packs .x2 results
		}
		c.fail(in, o, "the destination must be a scalar register, found %s", c.opdText(o))
	case OpdPair: // d|p: shfl, match, lop3, elect
		if in.Op != OpShfl && in.Op != OpMatch && in.Op != OpLop3 && in.Op != OpElect {
			c.fail(in, o, "the destination cannot be a pair here")
			return
		}
		if d := &o.Elems[0]; d.Kind != OpdSink {
			c.dest(in, d, t, false)
		}
		c.predDest(in, &o.Elems[1])
	}
}

// predDest checks a predicate destination (or p|q, or _).
func (c *checker) predDest(in *Inst, o *Operand) {
	switch o.Kind {
	case OpdSink:
	case OpdPair:
		for k := range o.Elems {
			c.predDest(in, &o.Elems[k])
		}
	case OpdReg:
		if c.regType(o.Reg) != Pred {
			c.fail(in, o, "the destination must be a .pred register, '%s' is .%s", c.regName(o.Reg), c.regType(o.Reg))
		}
	default:
		c.fail(in, o, "the destination must be a .pred register, found %s", c.opdText(o))
	}
}

// source checks a source operand against type t.
func (c *checker) source(in *Inst, o *Operand, t Type, relax bool) {
	switch o.Kind {
	case OpdReg:
		c.fits(in, o, t, relax)
	case OpdImm, OpdFloat:
		if t == Pred && in.Op != OpMov {
			c.fail(in, o, "needs a .pred register, found %s", c.opdText(o))
		}
		if o.Kind == OpdImm && (t == F32 || t == F64) {
			c.fail(in, o, "an integer literal is not a .%s value; write it as a floating-point literal (0f..., 0d..., 1.0)", t)
		}
	case OpdVec:
		if in.Op != OpMov {
			c.fail(in, o, "a vector operand is not allowed here")
			return
		}
		c.packed(in, o, t)
	case OpdSpecial:
		if in.Op != OpMov {
			c.fail(in, o, "special register %s is not allowed here; mov it to a register first", SpecialName(o.Special))
			return
		}
		st := U32
		switch {
		case specialIs64(o.Special):
			st = U64
		case o.Special == SpecIsExplicitCluster:
			st = Pred
		}
		if t.IsFloat() {
			c.fail(in, o, "special register %s cannot be read as .%s", SpecialName(o.Special), t)
		} else if t != TNone && !regFits(st, t, false) {
			c.fail(in, o, "special register %s is .%s, the instruction type is .%s", SpecialName(o.Special), st, t)
		}
	case OpdSym, OpdLabel, OpdFunc:
		if in.Op != OpMov && in.Op != OpCvta && in.Op != OpIsspacep && in.Op != OpGetctarank && in.Op != OpMapa {
			c.fail(in, o, "a symbol is not allowed as a value here")
		} else if t.IsFloat() || t == Pred || t != TNone && t.Size() < 4 {
			c.fail(in, o, "an address is a 32- or 64-bit integer, not .%s", t)
		}
	case OpdAddr:
		c.fail(in, o, "an address [..] is not allowed here")
	case OpdPair:
		c.fail(in, o, "a pair is not allowed as a source")
	}
}

// packed checks mov's vector form: {a, b} of halves (or quarters) of t.
func (c *checker) packed(in *Inst, o *Operand, t Type) {
	n := len(o.Elems)
	if n != 2 && n != 4 || t.Size()%n != 0 {
		c.fail(in, o, "cannot pack %d elements into .%s", n, t)
		return
	}
	et := bitType(t.Size() / n)
	for k := range o.Elems {
		e := &o.Elems[k]
		if e.Kind == OpdReg {
			c.fits(in, e, et, false)
		}
	}
}

// vector checks ld's destination (dst) or st's value against .vN.
func (c *checker) vector(in *Inst, o *Operand, t Type, dst bool) {
	n := in.Mods.Vec
	if o.Kind != OpdVec {
		if n > 0 {
			c.fail(in, o, ".v%d needs a vector of %d operands, found %s", n, n, c.opdText(o))
			return
		}
		if dst {
			c.dest(in, o, t, true)
		} else {
			c.source(in, o, t, true)
		}
		return
	}
	if n == 0 && len(o.Elems) == 1 {
		n = 1 // Triton writes `ld.global.b16 { %rs1 }, [..]`
	}
	if len(o.Elems) != n {
		c.fail(in, o, "%s does not match the vector width .v%d", c.opdText(o), n)
		return
	}
	for k := range o.Elems {
		e := &o.Elems[k]
		switch {
		case e.Kind == OpdSink && dst:
		case dst:
			c.dest(in, e, t, true)
		case e.Kind == OpdReg && c.regType(e.Reg) == Pred && isBitType(t):
			// ptxas takes a predicate in a .bN vector store
		case e.Kind == OpdReg && c.regType(e.Reg).IsFloat() && !t.IsFloat() && !t.IsSigned() && c.regType(e.Reg).Size() == t.Size():
			// and a floating register in an unsigned vector store
		default:
			c.source(in, e, t, true)
		}
	}
}

// fits checks that register operand o can hold type t.
func (c *checker) fits(in *Inst, o *Operand, t Type, relax bool) {
	if t == TNone {
		return
	}
	rt := c.regType(o.Reg)
	if regFits(rt, t, relax) {
		return
	}
	c.fail(in, o, "'%s' is a .%s register; the instruction type .%s needs %s", c.regName(o.Reg), rt, t, wantText(t, relax))
}

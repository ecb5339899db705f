package ptx

import (
	"strconv"
	"strings"
)

// newOpd returns an operand of kind k with every index field unset.
func newOpd(k OperandKind, pos Pos) Operand {
	return Operand{Kind: k, Reg: -1, Comp: -1, Label: -1, Func: -1, Pos: pos}
}

// operand lowers one operand expression. branch makes labels the preferred
// meaning of a name (bra targets).
func (fl *funcLowerer) operand(e *Expr, sc *scope, branch bool) Operand {
	switch e.Kind {
	case ExInt:
		o := newOpd(OpdImm, e.Pos)
		o.Imm = e.Int
		return o
	case ExFloat:
		o := newOpd(OpdFloat, e.Pos)
		o.Imm, o.FloatF32 = e.Int, e.F32
		return o
	case ExSink:
		return newOpd(OpdSink, e.Pos)
	case ExVec, ExPair, ExList:
		k := OpdVec
		if e.Kind == ExPair {
			k = OpdPair
		}
		o := newOpd(k, e.Pos)
		o.Elems = make([]Operand, len(e.Elems))
		for i, el := range e.Elems {
			o.Elems[i] = fl.operand(el, sc, false)
		}
		return o
	case ExAddr:
		return fl.address(e, sc)
	}
	return fl.name(e, sc, branch)
}

// name resolves a name: register, special register, local, parameter,
// global, function, label, in that order (labels first for branches).
func (fl *funcLowerer) name(e *Expr, sc *scope, branch bool) Operand {
	if branch {
		if i, ok := fl.lookupLabel(e.Name, sc); ok {
			return fl.labelOpd(e, i)
		}
		fl.errs.add(e.Pos, "undefined label '%s'", e.Name)
		return newOpd(OpdNone, e.Pos)
	}
	if r, ok := fl.lookupReg(e.Name, sc); ok {
		o := newOpd(OpdReg, e.Pos)
		o.Reg, o.Neg = r, e.Neg
		if e.Comp != "" {
			fl.errs.add(e.Pos, "register '%s' has no component '.%s'", e.Name, e.Comp)
		}
		if e.Off != 0 {
			fl.errs.add(e.Pos, "register '%s' cannot take an offset outside [ ]", e.Name)
		}
		return o
	}
	if strings.HasPrefix(e.Name, "%") {
		if o, ok := fl.special(e); ok {
			return o
		}
	}
	if e.Neg {
		fl.errs.add(e.Pos, "'!' needs a predicate register, '%s' is not one", e.Name)
	}
	if ref, ok := fl.lookupSym(e.Name, sc); ok {
		o := newOpd(OpdSym, e.Pos)
		o.Sym, o.Off = ref, e.Off
		if ref.Kind == SymFunc {
			o.Func = ref.Index
		}
		return o
	}
	if i, ok := fl.lookupLabel(e.Name, sc); ok {
		return fl.labelOpd(e, i)
	}
	if strings.HasPrefix(e.Name, "%") {
		fl.errs.add(e.Pos, "undeclared register '%s'", e.Name)
	} else {
		fl.errs.add(e.Pos, "undeclared identifier '%s'", e.Name)
	}
	return newOpd(OpdNone, e.Pos)
}

func (fl *funcLowerer) labelOpd(e *Expr, i int32) Operand {
	if int(i) >= fl.nInst {
		fl.errs.add(e.Pos, "branch target '%s' is past the last instruction of '%s'", e.Name, fl.f.Name)
	}
	o := newOpd(OpdLabel, e.Pos)
	o.Label = i
	return o
}

func (fl *funcLowerer) lookupLabel(name string, sc *scope) (int32, bool) {
	for s := sc; s != nil; s = s.parent {
		if i, ok := s.labels[name]; ok {
			return i, true
		}
	}
	return -1, false
}

// lookupSym resolves a variable, parameter or function name.
func (fl *funcLowerer) lookupSym(name string, sc *scope) (SymRef, bool) {
	for s := sc; s != nil; s = s.parent {
		if i, ok := s.locals[name]; ok {
			return SymRef{Kind: SymLocal, Index: i}, true
		}
	}
	for i, p := range fl.f.Params {
		if p.Name == name {
			return SymRef{Kind: SymParam, Index: int32(i)}, true
		}
	}
	for i, p := range fl.f.Rets {
		if p.Name == name {
			return SymRef{Kind: SymRet, Index: int32(i)}, true
		}
	}
	if i, ok := fl.globals[name]; ok {
		return SymRef{Kind: SymGlobal, Index: int32(i)}, true
	}
	if i, ok := fl.funcs[name]; ok {
		return SymRef{Kind: SymFunc, Index: int32(i)}, true
	}
	return SymRef{}, false
}

// special resolves %tid.x, %laneid, %envreg3, %pm0.
func (fl *funcLowerer) special(e *Expr) (Operand, bool) {
	o := newOpd(OpdSpecial, e.Pos)
	for _, pre := range [...]struct {
		name string
		sp   Special
		max  int
	}{{"%envreg", SpecEnvreg, 31}, {"%pm", SpecPm, 7}} {
		if rest, ok := strings.CutPrefix(e.Name, pre.name); ok {
			n, err := strconv.Atoi(rest)
			if err != nil || n < 0 || n > pre.max || e.Comp != "" {
				return o, false
			}
			o.Special, o.Comp = pre.sp, int8(n)
			return o, true
		}
	}
	sp, vector, ok := SpecialByName(e.Name)
	if !ok {
		return o, false
	}
	o.Special = sp
	if !vector {
		if e.Comp != "" {
			fl.errs.add(e.Pos, "special register '%s' has no component '.%s'", e.Name, e.Comp)
		}
		return o, true
	}
	switch e.Comp {
	case "x":
		o.Comp = 0
	case "y":
		o.Comp = 1
	case "z":
		o.Comp = 2
	default:
		fl.errs.add(e.Pos, "special register '%s' needs a component .x, .y or .z", e.Name)
	}
	return o, true
}

// address lowers [base+off] and [tmap, {coords}].
func (fl *funcLowerer) address(e *Expr, sc *scope) Operand {
	o := newOpd(OpdAddr, e.Pos)
	o.Off = e.Off
	if e.Base != nil {
		b := fl.name(e.Base, sc, false)
		switch b.Kind {
		case OpdReg:
			o.Reg = b.Reg
		case OpdSym:
			if b.Sym.Kind == SymFunc {
				fl.errs.add(e.Base.Pos, "cannot address function '%s'", e.Base.Name)
			}
			o.Sym = b.Sym
			o.Off += b.Off
		case OpdNone:
		default:
			fl.errs.add(e.Base.Pos, "'%s' cannot be used as an address", e.Base.Name)
		}
	}
	if len(e.Elems) > 0 {
		o.Elems = make([]Operand, len(e.Elems))
		for i, el := range e.Elems {
			o.Elems[i] = fl.operand(el, sc, false)
		}
	}
	return o
}

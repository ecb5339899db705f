package ptx

// lowerCall turns the written call forms
//
//	call (rets), target, (args) [, proto];
//	call target, (args);   call target;
//
// into exactly three operands: OpdVec rets, OpdFunc or OpdReg target,
// OpdVec args.
func (fl *funcLowerer) lowerCall(s *InstStmt, sc *scope) []Operand {
	ops := s.Ops
	rets := newOpd(OpdVec, s.Pos)
	args := newOpd(OpdVec, s.Pos)
	i := 0
	if i < len(ops) && ops[i].Kind == ExList {
		rets = fl.operand(ops[i], sc, false)
		i++
	}
	if i >= len(ops) {
		fl.errs.add(s.Pos, "call needs a target")
		return []Operand{rets, newOpd(OpdNone, s.Pos), args}
	}
	target := fl.callTarget(ops[i], sc)
	i++
	if i < len(ops) && ops[i].Kind == ExList {
		args = fl.operand(ops[i], sc, false)
		i++
	}
	if i < len(ops) {
		pe := ops[i]
		if pe.Kind != ExName || !fl.isProto(pe.Name, sc) {
			fl.errs.add(pe.Pos, "expected a .callprototype name as the last call operand")
		} else if target.Kind != OpdReg {
			fl.errs.add(pe.Pos, "a prototype is only allowed for an indirect call")
		}
		i++
	}
	for ; i < len(ops); i++ {
		fl.errs.add(ops[i].Pos, "unexpected call operand")
	}
	if target.Kind == OpdFunc {
		callee := fl.prog.Funcs[target.Func]
		if callee.Entry {
			fl.errs.add(ops[0].Pos, "cannot call kernel '%s'", callee.Name)
		}
		if len(args.Elems) != len(callee.Params) {
			fl.errs.add(s.Pos, "call to '%s' passes %d arguments, it takes %d", callee.Name, len(args.Elems), len(callee.Params))
		}
		if len(rets.Elems) != len(callee.Rets) {
			fl.errs.add(s.Pos, "call to '%s' receives %d return values, it returns %d", callee.Name, len(rets.Elems), len(callee.Rets))
		}
	}
	return []Operand{rets, target, args}
}

func (fl *funcLowerer) callTarget(e *Expr, sc *scope) Operand {
	if e.Kind != ExName {
		fl.errs.add(e.Pos, "call target must be a function or a register")
		return newOpd(OpdNone, e.Pos)
	}
	if r, ok := fl.lookupReg(e.Name, sc); ok {
		o := newOpd(OpdReg, e.Pos)
		o.Reg = r
		return o
	}
	if i, ok := fl.funcs[e.Name]; ok {
		o := newOpd(OpdFunc, e.Pos)
		o.Func = int32(i)
		return o
	}
	fl.errs.add(e.Pos, "undeclared function '%s'", e.Name)
	return newOpd(OpdNone, e.Pos)
}

func (fl *funcLowerer) isProto(name string, sc *scope) bool {
	for s := sc; s != nil; s = s.parent {
		if s.protos[name] {
			return true
		}
	}
	return false
}

package ptx

// address checks a memory operand: the base register's type and width and,
// for a symbol, that its state space matches the instruction's.
func (c *checker) address(in *Inst, o *Operand, sp Space) {
	if o.Kind != OpdAddr {
		c.fail(in, o, "needs an address [..], found %s", c.opdText(o))
		return
	}
	if o.Reg >= 0 {
		rt := c.regType(o.Reg)
		if rt == Pred || rt.IsFloat() && !isBitType(rt) {
			c.fail(in, o, "'%s' is a .%s register; an address needs an integer or bit register", c.regName(o.Reg), rt)
			return
		}
		if c.prog.AddressSize == 64 && rt.Size() == 4 && !narrowAddrOK(sp) && in.Op != OpCp && in.Op != OpFence {
			c.fail(in, o, "'%s' is %d bits; a .%s address in a 64-bit module needs a 64-bit register", c.regName(o.Reg), rt.Bits(), spaceText(sp))
		}
		return
	}
	if o.Sym.Kind == SymNone {
		return
	}
	vs := c.symSpace(o.Sym)
	if !spaceMatches(sp, vs) {
		c.fail(in, o, "the address is a .%s variable, the instruction's state space is .%s", vs, spaceText(sp))
	}
}

// addrSpace is the state space of the i-th operand's address: the
// instruction's, except for copies (destination, source, then the
// mbarrier in shared memory) and tensor-map operands (generic).
func addrSpace(in *Inst, i int) Space {
	if in.Op != OpCp {
		return in.Mods.Space
	}
	if len(in.Ops) > i && len(in.Ops[i].Elems) > 0 {
		return SpaceNone // [tmap, {coords}]
	}
	switch i {
	case 0:
		return in.Mods.Space
	case 1:
		if in.Mods.Space2 != SpaceNone {
			return in.Mods.Space2
		}
		return in.Mods.Space
	}
	return SpaceShared
}

// narrowAddrOK: state spaces whose addresses fit 32 bits.
func narrowAddrOK(sp Space) bool {
	return sp == SpaceShared || sp == SpaceSharedCluster || sp == SpaceLocal || sp == SpaceParam || sp == SpaceConst
}

func spaceText(sp Space) string {
	if sp == SpaceNone {
		return "generic"
	}
	return sp.String()
}

// symSpace is the state space of a symbol operand.
func (c *checker) symSpace(s SymRef) Space {
	switch s.Kind {
	case SymGlobal:
		if int(s.Index) < len(c.prog.Vars) {
			return c.prog.Vars[s.Index].Space
		}
	case SymLocal:
		if int(s.Index) < len(c.f.Locals) {
			return c.f.Locals[s.Index].Space
		}
	case SymParam, SymRet:
		return SpaceParam
	}
	return SpaceNone
}

// spaceMatches reports whether an instruction in state space inst may
// address a variable of space v.
func spaceMatches(inst, v Space) bool {
	norm := func(s Space) Space {
		switch s {
		case SpaceParamEntry, SpaceParamFunc:
			return SpaceParam
		case SpaceSharedCluster:
			return SpaceShared
		}
		return s
	}
	inst, v = norm(inst), norm(v)
	if inst == v || v == SpaceNone {
		return true
	}
	// a generic address of a variable (not of a parameter)
	return inst == SpaceNone && v != SpaceParam
}

// checkInitOrder: a module-scope initializer may name only variables and
// functions declared before it (ptxas: "Invalid initial value symbol").
func checkInitOrder(m *Module, errs *errSink) {
	if v, ok := parseISA(m.Version); ok && v < 83 && m.UsedBytesMaskPos.Line > 0 {
		errs.add(m.UsedBytesMaskPos, "the used_bytes_mask pragma needs PTX ISA .version 8.3 or later, the module says %s", m.Version)
	}
	declared := map[string]bool{}
	var walk func(v *VarDecl, e *InitExpr)
	walk = func(v *VarDecl, e *InitExpr) {
		if e == nil {
			return
		}
		if e.Val != nil && e.Val.Kind == ExName && !declared[e.Val.Name] {
			errs.add(e.Val.Pos, "initializer of '%s' names '%s', which is declared after it; declare it first", v.Name, e.Val.Name)
		}
		for _, el := range e.Elems {
			walk(v, el)
		}
	}
	for _, d := range m.Decls {
		switch d := d.(type) {
		case *VarDecl:
			declared[d.Name] = true // its own address may appear in it
			walk(d, d.Init)
		case *FuncDecl:
			declared[d.Name] = true
		}
	}
}

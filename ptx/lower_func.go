package ptx

import (
	"fmt"
	"strconv"
)

// scope is one `{ }` level of a function body.
type scope struct {
	parent *scope
	id     int
	regs   map[string]int32
	labels map[string]int32
	locals map[string]int32
	protos map[string]bool
}

// funcLowerer lowers one function body.
type funcLowerer struct {
	*lowerer
	fi     int
	f      *Function
	scopes map[*Block]*scope
	nInst  int
}

func newScope(parent *scope, id int) *scope {
	return &scope{parent: parent, id: id, regs: map[string]int32{}, labels: map[string]int32{},
		locals: map[string]int32{}, protos: map[string]bool{}}
}

// lowerBody fills Program.Funcs[fi] from its definition.
func (l *lowerer) lowerBody(fi int, d *FuncDecl) {
	fl := &funcLowerer{lowerer: l, fi: fi, f: l.prog.Funcs[fi], scopes: map[*Block]*scope{}}
	root := newScope(nil, 0)
	fl.collect(d.Body, root)
	fl.layoutLocals()
	fl.f.Insts = make([]Inst, 0, fl.nInst)
	fl.emitBlock(d.Body)
}

// scopedName renames a name declared in a nested scope so that it is unique.
func scopedName(name string, sc *scope) string {
	if sc.id == 0 {
		return name
	}
	return name + "#" + strconv.Itoa(sc.id)
}

// collect is pass 1: declare registers, locals and labels of every scope and
// count instructions so that labels get their indices.
func (fl *funcLowerer) collect(b *Block, sc *scope) {
	fl.scopes[b] = sc
	for _, s := range b.Stmts {
		switch s := s.(type) {
		case *RegStmt:
			fl.declareRegs(s, sc)
		case *VarStmt:
			fl.declareLocal(s.Var, sc)
		case *LabelStmt:
			if _, dup := sc.labels[s.Name]; dup {
				fl.errs.add(s.Pos, "duplicate label '%s'", s.Name)
				continue
			}
			sc.labels[s.Name] = int32(fl.nInst)
			fl.f.Labels[scopedName(s.Name, sc)] = fl.nInst
		case *ProtoStmt:
			sc.protos[s.Name] = true
		case *InstStmt:
			fl.nInst++
		case *Block:
			fl.collect(s, newScope(sc, len(fl.scopes)))
		}
	}
}

func (fl *funcLowerer) declareRegs(s *RegStmt, sc *scope) {
	for _, rn := range s.Regs {
		names := []string{rn.Name}
		if rn.Count > 0 {
			if len(fl.f.Regs)+rn.Count > maxRegCount {
				fl.errs.add(rn.Pos, "too many registers in function '%s'", fl.f.Name)
				return
			}
			names = make([]string, rn.Count)
			for i := range names {
				names[i] = rn.Name + strconv.Itoa(i)
			}
		}
		for _, n := range names {
			if _, dup := sc.regs[n]; dup {
				fl.errs.add(rn.Pos, "duplicate register '%s'", n)
				continue
			}
			sc.regs[n] = int32(len(fl.f.Regs))
			fl.f.Regs = append(fl.f.Regs, RegDecl{Name: scopedName(n, sc), Type: s.Type})
		}
	}
}

func (fl *funcLowerer) declareLocal(d *VarDecl, sc *scope) {
	if _, dup := sc.locals[d.Name]; dup {
		fl.errs.add(d.Pos, "duplicate declaration of '%s'", d.Name)
		return
	}
	if _, dup := sc.regs[d.Name]; dup {
		fl.errs.add(d.Pos, "'%s' is already declared as a register", d.Name)
		return
	}
	v := fl.newVar(d, fl.fi)
	v.Name = scopedName(d.Name, sc)
	if d.Init != nil {
		fl.initVar(v, d)
	}
	sc.locals[d.Name] = int32(len(fl.f.Locals))
	fl.f.Locals = append(fl.f.Locals, v)
}

// layoutLocals assigns .local frame offsets and .param call-slot offsets.
func (fl *funcLowerer) layoutLocals() {
	f := fl.f
	f.LocalOffsets = make([]int, len(f.Locals))
	f.LocalParamOffsets = make([]int, len(f.Locals))
	for i, v := range f.Locals {
		f.LocalOffsets[i], f.LocalParamOffsets[i] = -1, -1
		switch v.Space {
		case SpaceLocal:
			f.LocalSize = alignUp(f.LocalSize, v.Align)
			f.LocalOffsets[i] = f.LocalSize
			f.LocalSize += v.Size
		case SpaceParam:
			f.LocalParamSize = alignUp(f.LocalParamSize, v.Align)
			f.LocalParamOffsets[i] = f.LocalParamSize
			f.LocalParamSize += v.Size
		}
	}
}

// emitBlock is pass 2: lower every instruction in order.
func (fl *funcLowerer) emitBlock(b *Block) {
	sc := fl.scopes[b]
	for _, s := range b.Stmts {
		switch s := s.(type) {
		case *InstStmt:
			fl.f.Insts = append(fl.f.Insts, fl.lowerInst(s, sc))
		case *Block:
			fl.emitBlock(s)
		}
	}
}

// lowerInst resolves the operands of one instruction.
func (fl *funcLowerer) lowerInst(s *InstStmt, sc *scope) Inst {
	in := Inst{Op: s.Op, Text: s.Text, Quals: s.Quals, Mods: s.Mods, Guard: -1, GuardNeg: s.GuardNeg, Pos: s.Pos}
	if s.Loc.Line > 0 {
		name, ok := fl.files[s.Loc.File]
		if !ok {
			name = fmt.Sprintf("file %d", s.Loc.File)
		}
		in.Src = SourceLoc{File: name, Line: s.Loc.Line, Col: s.Loc.Col}
	}
	if s.Guard != nil {
		r, ok := fl.lookupReg(s.Guard.Name, sc)
		switch {
		case !ok:
			fl.errs.add(s.Guard.Pos, "undeclared predicate '%s'", s.Guard.Name)
		case fl.f.Regs[r].Type != Pred:
			fl.errs.add(s.Guard.Pos, "guard '%s' is not a .pred register", s.Guard.Name)
		default:
			in.Guard = r
		}
	}
	if s.Op == OpCall {
		in.Ops = fl.lowerCall(s, sc)
		return in
	}
	in.Ops = make([]Operand, len(s.Ops))
	for i, e := range s.Ops {
		in.Ops[i] = fl.operand(e, sc, s.Op == OpBra)
	}
	return in
}

// lookupReg finds a register in the scope chain.
func (fl *funcLowerer) lookupReg(name string, sc *scope) (int32, bool) {
	for s := sc; s != nil; s = s.parent {
		if r, ok := s.regs[name]; ok {
			return r, true
		}
	}
	return -1, false
}

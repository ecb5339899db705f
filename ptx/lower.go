package ptx

// lowerer turns a Module into a Program.
type lowerer struct {
	files   map[int]string // .file names
	errs    *errSink
	prog    *Program
	globals map[string]int // Program.Vars index
	funcs   map[string]int // Program.Funcs index
	bodies  []*FuncDecl    // definition per Program.Funcs index (nil: declaration only)
}

// Load parses and lowers one PTX file.
func Load(file string, src []byte) (*Program, error) {
	errs := &errSink{}
	m := parse(file, src, errs)
	if len(errs.list) > 0 {
		return nil, errs.list.Err()
	}
	p := lower(m, errs)
	if err := errs.list.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

// Lower resolves a parsed Module into an index-resolved Program.
func Lower(m *Module) (*Program, error) {
	errs := &errSink{}
	p := lower(m, errs)
	if err := errs.list.Err(); err != nil {
		return p, err
	}
	return p, nil
}

func lower(m *Module, errs *errSink) *Program {
	l := &lowerer{
		files: m.SourceFiles,
		errs:  errs,
		prog: &Program{File: m.File, Version: m.Version, Target: m.Target, AddressSize: m.AddressSize,
			VersionPos: m.VersionPos, TargetPos: m.TargetPos, AddressSizePos: m.AddressSizePos},
		globals: map[string]int{},
		funcs:   map[string]int{},
	}
	if l.prog.AddressSize == 0 {
		l.prog.AddressSize = 64
	}
	// Pass 1: names of every module-scope variable and function, so that
	// initializers and calls may refer forward.
	for _, d := range m.Decls {
		switch d := d.(type) {
		case *VarDecl:
			l.declareGlobal(d)
		case *FuncDecl:
			l.declareFunc(d)
		}
	}
	// Pass 2: initializers and bodies.
	for _, v := range m.Decls {
		if vd, ok := v.(*VarDecl); ok {
			if i, ok := l.globals[vd.Name]; ok && l.prog.Vars[i].Pos == vd.Pos {
				l.initVar(l.prog.Vars[i], vd)
			}
		}
	}
	for i, fd := range l.bodies {
		if fd != nil {
			l.lowerBody(i, fd)
		}
	}
	if len(errs.list) == 0 {
		check(l.prog, errs)
		checkInitOrder(m, errs)
	}
	return l.prog
}

func (l *lowerer) declareGlobal(d *VarDecl) {
	if _, dup := l.globals[d.Name]; dup {
		l.errs.add(d.Pos, "duplicate declaration of '%s'", d.Name)
		return
	}
	if _, dup := l.funcs[d.Name]; dup {
		l.errs.add(d.Pos, "'%s' is already declared as a function", d.Name)
		return
	}
	v := l.newVar(d, -1)
	l.globals[d.Name] = len(l.prog.Vars)
	l.prog.Vars = append(l.prog.Vars, v)
}

// newVar computes the layout of a variable (no initializer yet).
func (l *lowerer) newVar(d *VarDecl, fn int) *Var {
	v := &Var{Name: d.Name, Space: d.Space, Type: d.Type, Align: d.Align, Extern: d.Extern, Pos: d.Pos, Func: fn}
	elem := d.Type.Size()
	if d.Vec > 0 {
		elem *= d.Vec
	}
	if v.Align == 0 {
		v.Align = elem
	}
	v.Dims = make([]int, len(d.Dims))
	for i, n := range d.Dims {
		if n < 0 {
			if i != 0 {
				l.errs.add(d.Pos, "only the first dimension of '%s' may be unsized", d.Name)
			} else if d.Init != nil && d.Init.List {
				n = len(d.Init.Elems)
			} else if !d.Extern {
				l.errs.add(d.Pos, "array '%s' needs a size (or .extern)", d.Name)
			}
			if n < 0 {
				n = 0
			}
		}
		v.Dims[i] = n
	}
	n, ok := dimsCount(v.Dims)
	if !ok || n > maxObjectSize/max(elem, 1) {
		l.errs.add(d.Pos, "variable '%s' is too large", d.Name)
		n = 0
	}
	v.Size = n * elem
	return v
}

func (l *lowerer) declareFunc(d *FuncDecl) {
	if _, dup := l.globals[d.Name]; dup {
		l.errs.add(d.Pos, "'%s' is already declared as a variable", d.Name)
		return
	}
	f := &Function{Name: d.Name, Entry: d.Entry, Visible: d.Visible, Extern: d.Body == nil, Weak: d.Weak,
		Perf: d.Perf, Pos: d.Pos, Labels: map[string]int{}}
	for _, pd := range d.Params {
		f.Params = append(f.Params, l.lowerParam(pd))
	}
	for _, pd := range d.Rets {
		f.Rets = append(f.Rets, l.lowerParam(pd))
	}
	f.ParamSize = layoutParams(f.Params)
	layoutParams(f.Rets)
	l.checkParamNames(f)
	if i, ok := l.funcs[d.Name]; ok {
		old := l.prog.Funcs[i]
		switch {
		case d.Body != nil && l.bodies[i] != nil:
			l.errs.add(d.Pos, "duplicate definition of function '%s'", d.Name)
		case d.Entry != old.Entry:
			l.errs.add(d.Pos, "'%s' redeclared as a different kind of function", d.Name)
		case len(f.Params) != len(old.Params) || len(f.Rets) != len(old.Rets):
			l.errs.add(d.Pos, "declaration of '%s' does not match the earlier one", d.Name)
		case d.Body != nil:
			f.Pos = old.Pos
			*old = *f
			l.bodies[i] = d
		}
		return
	}
	l.funcs[d.Name] = len(l.prog.Funcs)
	l.prog.Funcs = append(l.prog.Funcs, f)
	if d.Body != nil {
		l.bodies = append(l.bodies, d)
	} else {
		l.bodies = append(l.bodies, nil)
	}
}

func (l *lowerer) checkParamNames(f *Function) {
	seen := map[string]bool{}
	check := func(ps []Param) {
		for _, p := range ps {
			if seen[p.Name] {
				l.errs.add(p.Pos, "duplicate parameter '%s'", p.Name)
			}
			seen[p.Name] = true
		}
	}
	check(f.Rets)
	check(f.Params)
}

package exec

// mma.sync.aligned (warp-level MMA, PTX ISA "Matrix multiply-accumulate
// operation using mma instruction"): D = A*B + C on an MxNxK tile held in
// the registers of the 32 lanes of a warp (fragment tables: mma_form.go;
// numerics: mma_math.go). The warp converges first (.sync.aligned) and
// every live lane must execute it (a lane that does not is a fault). The
// sparse mma.sp / mma.sp::ordered_metadata forms are in mma_sparse.go,
// .m8n8k4 with .f16 inputs in mma_m884.go; the sm_120 .kind forms are not
// implemented (compile error).

// mmaInst is a compiled mma.sync.
type mmaInst struct {
	f          mmaForm
	d, a, b, c []*xop
	e          *xop // mma.sp: the metadata register
}

func compileMma(c *compiler, x *xinst) error {
	in := x.in
	f, err := parseMmaForm(in)
	if err != nil {
		return err
	}
	nops := 4
	if f.sparse {
		nops = 6
	}
	if err := needOps(x, nops); err != nil {
		return err
	}
	mi := &mmaInst{f: f}
	if f.sparse {
		if err := mi.compileSparse(x); err != nil {
			return err
		}
	}
	for _, o := range []struct {
		dst *[]*xop
		i   int
		n   int
	}{{&mi.d, 0, f.accRegs(f.d)}, {&mi.a, 1, f.aRegs()}, {&mi.b, 2, f.bRegs()}, {&mi.c, 3, f.accRegs(f.c)}} {
		if *o.dst, err = mmaRegs(x, o.i, o.n); err != nil {
			return err
		}
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		if !w.converge(full) {
			return nil
		}
		if m == 0 {
			return nil
		}
		if err := w.needAllLanes(x, m|^w.exists, "gives a fragment"); err != nil {
			return err
		}
		if mi.f.m8n8k4() {
			return w.runM884(x, mi, m)
		}
		return w.runMma(x, mi, m)
	}
	return nil
}

// mmaRegs returns the n registers of operand i ({a, b, ...}, or a single
// register when n is 1).
func mmaRegs(x *xinst, i, n int) ([]*xop, error) {
	o := &x.ops[i]
	if o.kind == oVec {
		return regList(x.in, o, n)
	}
	if n == 1 && o.kind == oReg {
		return []*xop{o}, nil
	}
	return nil, errAt(x.in, "'%s': operand %d needs %d registers", x.in.Text, i+1, n)
}

// runMma gathers the fragments of all 32 lanes, computes and scatters D to
// the lanes in m.
func (w *Warp) runMma(x *xinst, mi *mmaInst, m uint32) error {
	f := &mi.f
	s := mmaPool.Get().(*mmaScratch)
	defer mmaPool.Put(s)
	s.size(f)
	e, mask := f.per(), uint64(1)<<f.bits-1
	if f.bits == 64 {
		mask = ^uint64(0)
	}
	ka, sa := f.kA(), s.a
	if f.sparse {
		sa = s.ac
	}
	for l := 0; l < 32; l++ {
		for r, o := range mi.a {
			v := w.src(o, l)
			for j := 0; j < e; j++ {
				row, col := mmaAPos(e, r, j, l)
				sa[row*ka+col] = v >> (j * f.bits % 64) & mask
			}
		}
		for r, o := range mi.b {
			v := w.src(o, l)
			for j := 0; j < e; j++ {
				kk, col := mmaBPos(e, r, j, l)
				s.b[col*f.k+kk] = v >> (j * f.bits % 64) & mask
			}
		}
		for i := 0; i < f.cElems(); i++ {
			row, col := mmaCPos(i, l)
			s.c[row*mmaN+col] = accElem(w, mi.c, f.c, i, l)
		}
	}
	if f.sparse {
		if err := w.mmaExpand(x, mi, s); err != nil {
			return err
		}
	}
	if err := f.compute(s); err != nil {
		return w.laneFault(x, tz(m), "%s: %v", x.in.Text, err)
	}
	forLanes(m, func(l int) {
		for i := 0; i < f.cElems(); i++ {
			row, col := mmaCPos(i, l)
			setAccElem(w, mi.d, f.d, i, l, s.d[row*mmaN+col])
		}
	})
	return nil
}

// setAccElem writes D element i of lane l (f16: two elements per
// register, element 2j in the low half).
func setAccElem(w *Warp, regs []*xop, t string, i, l int, v uint64) {
	if t != "f16" {
		w.set(regs[i], l, v)
		return
	}
	if i&1 == 0 {
		w.set(regs[i/2], l, v&0xffff)
	} else {
		o := regs[i/2]
		w.set(o, l, w.src(o, l)&0xffff|(v&0xffff)<<16)
	}
}

// accElem reads C element i of lane l (accumulator type t).
func accElem(w *Warp, regs []*xop, t string, i, l int) uint64 {
	if t == "f16" {
		return w.src(regs[i/2], l) >> (16 * (i & 1)) & 0xffff
	}
	if t == "f64" {
		return w.src(regs[i], l)
	}
	return w.src(regs[i], l) & 0xffffffff
}

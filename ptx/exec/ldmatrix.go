package exec

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/smem"
)

// ldmatrix, stmatrix and movmatrix (PTX ISA "Warp-level matrix load/store"):
// warp-wide moves of 8x8 matrices of b16 between shared memory and registers.
//
//   - Matrix i (0 <= i < .x1/.x2/.x4) is 8 rows of 16 bytes; lane 8i+r gives
//     the shared address of row r (16-byte aligned).
//   - Fragment: the 32-bit register i of lane t holds row t/4, elements
//     2*(t%4) (low half) and 2*(t%4)+1 (high half) of matrix i. With .trans
//     it holds the same positions of the transposed matrix (column t/4,
//     rows 2*(t%4) and +1 of the stored one).
//   - movmatrix.trans transposes one such fragment in registers.
//
// They are .sync.aligned: the group waits until every live lane of the warp
// arrives (converge). A lane whose row address or data is needed but that
// does not execute the instruction (guard false, exited) is a fault. The
// .m16n16/.m8n16 .b8 forms (sm_100+) are not supported.

// matrixForm is the decoded shape of an ldmatrix/stmatrix/movmatrix.
type matrixForm struct {
	n     int  // matrices: 1, 2 or 4
	trans bool // .trans
}

// matrix8 is one 8x8 b16 matrix, row-major.
type matrix8 [8][8]uint16

const matrixRowBytes = 16

func parseMatrixForm(in *ptx.Inst) (matrixForm, error) {
	f := matrixForm{n: 1, trans: in.Mods.Flags&ptx.FTrans != 0}
	shape := false
	for _, q := range in.Quals {
		switch q {
		case "m8n8":
			shape = true
		case "x1":
			f.n = 1
		case "x2":
			f.n = 2
		case "x4":
			f.n = 4
		case "m16n16", "m8n16", "m16n8", "b8", "b8x16", "b6x16_p32", "b4x16_p64":
			return f, errAt(in, "unsupported instruction '%s' (only the .m8n8 .b16 forms are implemented)", in.Text)
		}
	}
	if !shape {
		return f, errAt(in, "'%s' needs the .m8n8 shape", in.Text)
	}
	if len(in.Mods.Types) != 1 || in.Mods.Types[0] != ptx.B16 {
		return f, errAt(in, "'%s' needs the .b16 type", in.Text)
	}
	if sp := in.Mods.Space; sp != ptx.SpaceNone && sp != ptx.SpaceShared {
		return f, errAt(in, "'%s': only .shared{::cta} is allowed", in.Text)
	}
	return f, nil
}

// regList returns the n register operands of o ({a, b, ...} or a single
// register for one matrix).
func regList(in *ptx.Inst, o *xop, n int) ([]*xop, error) {
	if o.kind != oVec {
		if n == 1 && o.kind == oReg {
			return []*xop{o}, nil
		}
		return nil, errAt(in, "'%s' needs a vector of %d registers", in.Text, n)
	}
	if len(o.elems) != n {
		return nil, errAt(in, "'%s' needs %d registers, got %d", in.Text, n, len(o.elems))
	}
	rs := make([]*xop, n)
	for i := range o.elems {
		if o.elems[i].kind != oReg {
			return nil, errAt(in, "'%s': operand %d is not a register", in.Text, i)
		}
		rs[i] = &o.elems[i]
	}
	return rs, nil
}

func compileMatrix(c *compiler, x *xinst) error {
	if err := needOps(x, 2); err != nil {
		return err
	}
	f, err := parseMatrixForm(x.in)
	if err != nil {
		return err
	}
	switch x.op {
	case ptx.OpLdmatrix:
		return compileLdmatrix(x, f)
	case ptx.OpStmatrix:
		return compileStmatrix(x, f)
	}
	return compileMovmatrix(x, f)
}

func compileLdmatrix(x *xinst, f matrixForm) error {
	regs, err := regList(x.in, &x.ops[0], f.n)
	if err != nil {
		return err
	}
	if x.ops[1].kind != oAddr {
		return errAt(x.in, "'%s' needs an address operand", x.in.Text)
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		if !w.converge(0xffffffff) {
			return nil
		}
		var mats [4]matrix8
		var acc smem.Access
		for i := 0; i < f.n; i++ {
			if err := w.matrixRows(x, m, i, &acc, func(r int, b []byte) {
				for c := 0; c < 8; c++ {
					mats[i][r][c] = uint16(getLE(b[2*c:], 2))
				}
			}); err != nil {
				return err
			}
		}
		w.countMatrix(x, smem.OpLdsm, f.n, &acc)
		for i := 0; i < f.n; i++ {
			forLanes(m, func(t int) { w.set(regs[i], t, uint64(fragmentWord(&mats[i], t, f.trans))) })
		}
		return nil
	}
	return nil
}

func compileStmatrix(x *xinst, f matrixForm) error {
	regs, err := regList(x.in, &x.ops[1], f.n)
	if err != nil {
		return err
	}
	if x.ops[0].kind != oAddr {
		return errAt(x.in, "'%s' needs an address operand", x.in.Text)
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		if !w.converge(0xffffffff) {
			return nil
		}
		if err := w.needAllLanes(x, m, "gives a fragment"); err != nil {
			return err
		}
		var mats [4]matrix8
		for i := 0; i < f.n; i++ {
			for t := 0; t < 32; t++ {
				putFragmentWord(&mats[i], t, uint32(w.src(regs[i], t)), f.trans)
			}
		}
		var acc smem.Access
		for i := 0; i < f.n; i++ {
			if err := w.matrixRows(x, m, i, &acc, func(r int, b []byte) {
				for c := 0; c < 8; c++ {
					putLE(b[2*c:], 2, uint64(mats[i][r][c]))
				}
			}); err != nil {
				return err
			}
		}
		w.countMatrix(x, smem.OpStsm, f.n, &acc)
		return nil
	}
	return nil
}

func compileMovmatrix(x *xinst, f matrixForm) error {
	if !f.trans || f.n != 1 {
		return errAt(x.in, "'%s' needs .trans and one matrix", x.in.Text)
	}
	if x.ops[0].kind != oReg {
		return errAt(x.in, "'%s' needs a destination register", x.in.Text)
	}
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		if !w.converge(0xffffffff) {
			return nil
		}
		if err := w.needAllLanes(x, m, "gives a fragment"); err != nil {
			return err
		}
		var mat matrix8
		for t := 0; t < 32; t++ {
			putFragmentWord(&mat, t, uint32(w.src(&x.ops[1], t)), false)
		}
		forLanes(m, func(t int) { w.set(&x.ops[0], t, uint64(fragmentWord(&mat, t, true))) })
		return nil
	}
	return nil
}

// fragmentWord is the 32-bit register word lane t holds of matrix a (of its
// transpose with trans).
func fragmentWord(a *matrix8, t int, trans bool) uint32 {
	r, c := t/4, 2*(t%4)
	if trans {
		return uint32(a[c][r]) | uint32(a[c+1][r])<<16
	}
	return uint32(a[r][c]) | uint32(a[r][c+1])<<16
}

// putFragmentWord is the inverse of fragmentWord: it places lane t's word v.
func putFragmentWord(a *matrix8, t int, v uint32, trans bool) {
	r, c := t/4, 2*(t%4)
	lo, hi := uint16(v), uint16(v>>16)
	if trans {
		a[c][r], a[c+1][r] = lo, hi
		return
	}
	a[r][c], a[r][c+1] = lo, hi
}

// needAllLanes faults when a lane of the warp does not take part in an
// instruction that needs every lane's registers.
func (w *Warp) needAllLanes(x *xinst, m uint32, what string) error {
	if miss := ^m; miss != 0 {
		l := tz(miss)
		if w.exists&(1<<l) == 0 || w.live&(1<<l) == 0 {
			return w.laneFault(x, tz(m|1), "%s: lane %d %s but is not running (exited or outside the block)", x.in.Text, l, what)
		}
		return w.laneFault(x, l, "%s: lane %d %s but does not execute it (guard false or diverged)", x.in.Text, l, what)
	}
	return nil
}

// matrixRows resolves the 8 row addresses of matrix i (lanes 8i..8i+7),
// checks them, records them in acc and calls row with each row's 16 bytes.
func (w *Warp) matrixRows(x *xinst, m uint32, i int, acc *smem.Access, row func(r int, b []byte)) error {
	ao := &x.ops[0]
	if x.op == ptx.OpLdmatrix {
		ao = &x.ops[1]
	}
	for r := 0; r < 8; r++ {
		l := 8*i + r
		if m&(1<<l) == 0 {
			why := "does not execute the instruction (guard false or diverged)"
			if w.exists&w.live&(1<<l) == 0 {
				why = "is not running (exited or outside the block)"
			}
			return w.laneFault(x, tz(m|1<<31), "%s: lane %d gives the address of row %d of matrix %d but %s", x.in.Text, l, r, i, why)
		}
		a := w.addrOf(ao, l)
		sp, aa := x.in.Mods.Space, a
		if sp == ptx.SpaceNone {
			sp, aa = w.cta.classify(a)
			if sp != ptx.SpaceShared {
				return w.laneFault(x, l, "%s: row address 0x%x is not in shared memory", x.in.Text, a)
			}
		}
		if aa%matrixRowBytes != 0 {
			return w.laneFault(x, l, "%s: row address 0x%x is not 16-byte aligned", x.in.Text, a)
		}
		b, msg := w.access(ptx.SpaceShared, aa, matrixRowBytes, l)
		if msg != "" {
			return w.laneFault(x, l, "%s", msg)
		}
		acc.Active |= 1 << l
		acc.Addr[l] = uint32(aa)
		row(r, b)
	}
	return nil
}

// countMatrix adds one ldmatrix/stmatrix access of n matrices.
func (w *Warp) countMatrix(x *xinst, kind smem.OpKind, n int, acc *smem.Access) {
	acc.Kind, acc.Matrices = kind, n
	w.countSmem(x, acc)
}

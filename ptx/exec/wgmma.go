package exec

import (
	"strconv"
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/wgmma"
)

// wgmma.{fence,commit_group,wait_group,mma_async}.sync.aligned (sm_90a).
//
// Functional model: a warpgroup is warps 4g..4g+3 of the CTA. Each warp
// that issues wgmma.mma_async records its part in the warpgroup's queue
// (its descriptors and scale-d as they are now) and its group; the warp
// whose part completes the oldest entry runs the whole 64xNxK MMA (package
// wgmma) on the four warps' registers and the shared-memory operands and
// writes D into all four (wgmma_group.go). Warps 0-2 wait at the wgmma
// until then, unless the CTA's mode has AsyncWgmmaQueue: then they go on.
// The MMA's ticket retires it from the four warps' groups. commit_group closes the warp's open group;
// wait_group N waits (Retry) until at most N of its groups are in flight
// (tickets.go), then feeds the hazard checker (wgmma_hazard.go).

// wgInst is a compiled wgmma.mma_async.
type wgInst struct {
	mma            wgmma.MMA
	d              []*xop // accumulator registers (DRegs of them)
	a              []*xop // RS: the 4 A-fragment registers; nil for SS
	aDesc, bDesc   *xop
	scaleD         *xop
	transA, transB bool
	meta           *xop // .sp: the sparsity metadata register (nil: dense)
	sel            int  // .sp: the sparsity selector
	// acc moves the accumulators of warps running accFn (the function of
	// the instruction) with vector code; nil when some D register is not
	// 32 bits wide (wgAccumulators).
	acc   *wgmma.AccMove
	accFn *xfunc
}

// planAcc sets acc for the instruction's D registers in function xf.
func (wi *wgInst) planAcc(xf *xfunc) {
	regs := make([]int32, len(wi.d))
	for i, o := range wi.d {
		if xf == nil || int(o.reg) >= len(xf.regMask) || xf.regMask[o.reg] != 0xffffffff {
			return
		}
		regs[i] = o.reg
	}
	wi.acc, wi.accFn = wgmma.AccMovePlan(wi.mma.D, wi.mma.N, regs), xf
}

func compileWgmma(c *compiler, x *xinst) error {
	x.ctrl = true
	switch x.in.Mods.Sub {
	case "fence", "commit_group":
		if err := needOps(x, 0); err != nil {
			return err
		}
		commit := x.in.Mods.Sub == "commit_group"
		x.setAsync(AsyncWgmmaFence, 0)
		if commit {
			x.setAsync(AsyncWgmmaCommit, 0)
		}
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			if ok, err := w.wgEnter(x, m); !ok || err != nil {
				return err
			}
			if commit {
				w.async().wg.commit()
			}
			if h := w.cta.wgHazards(); h != nil {
				if commit {
					h.commit(w)
				} else {
					h.fence(w)
				}
			}
			w.advanceGroup()
			return nil
		}
		return nil
	case "wait_group":
		if err := needOps(x, 1); err != nil {
			return err
		}
		if x.ops[0].kind != oImm {
			return errAt(x.in, "'%s' needs an immediate group count", x.in.Text)
		}
		n := int(x.ops[0].imm)
		x.setAsync(AsyncWgmmaWait, int32(n))
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			if ok, err := w.wgEnter(x, m); !ok || err != nil {
				return err
			}
			if !w.async().wg.waitMet(uint32(n)) {
				w.cur.retry = true // the warp's wgmmas of older groups are in flight
				return nil
			}
			if h := w.cta.wgHazards(); h != nil {
				h.wait(w, x, n)
			}
			w.advanceGroup()
			return nil
		}
		return nil
	case "mma_async":
		return compileWgmmaMMA(c, x)
	}
	return errUnsupported(x.in)
}

// wgEnter does what every wgmma instruction does first: converge the warp
// (.sync.aligned) and require every live lane to execute it. ok is false
// when the warp parked or no lane executes it (then the PCs have moved on).
func (w *Warp) wgEnter(x *xinst, m uint32) (bool, error) {
	if !w.converge(full) {
		return false, nil
	}
	w.parked &^= w.cur.group
	if m == 0 {
		w.advanceGroup()
		return false, nil
	}
	if err := w.needAllLanes(x, m|^w.exists, "must execute this .aligned instruction"); err != nil {
		return false, err
	}
	return true, nil
}

func compileWgmmaMMA(c *compiler, x *xinst) error {
	in := x.in
	wi := &wgInst{}
	f, err := wgForm(in)
	if err != nil {
		return err
	}
	wi.mma.Form = f
	x.setAsync(AsyncWgmma, 0)
	x.setWgmmaShape(f.N, f.K(), len(x.ops) > 1 && x.ops[1].kind == oVec, f.Sparse)
	wi.mma.SatFinite = in.Mods.Flags&ptx.FSatFinite != 0
	for _, q := range in.Quals {
		if q == "xor" {
			wi.mma.BitOp = wgmma.BitXor
		}
	}
	ops := x.ops
	if len(ops) < 4 {
		return errAt(in, "'%s' needs d, a, b-desc and scale-d", in.Text)
	}
	if wi.d, err = regList(in, &ops[0], f.DRegs()); err != nil {
		return err
	}
	if ops[1].kind == oVec {
		if wi.a, err = regList(in, &ops[1], wgmma.ARegs); err != nil {
			return err
		}
	} else {
		wi.aDesc = &ops[1]
	}
	wi.bDesc, wi.scaleD = &ops[2], &ops[3]
	rest := ops[4:]
	if f.Sparse {
		if err := wi.compileSparse(in, ops); err != nil {
			return err
		}
		wi.scaleD, rest = &ops[5], ops[6:]
	}
	if f.A.IsFloat() {
		if len(rest) < 2 {
			return errAt(in, "'%s' needs imm-scale-a and imm-scale-b", in.Text)
		}
		for i, neg := range []*bool{&wi.mma.NegA, &wi.mma.NegB} {
			v, err := wgImm(in, &rest[i], -1, 1)
			if err != nil {
				return err
			}
			*neg = v == -1
		}
		rest = rest[2:]
		if wgmma.Transposable(f.A) {
			trans := []*bool{&wi.transA, &wi.transB}
			if wi.a != nil {
				trans = trans[1:] // RS: A is K-major registers
			}
			if len(rest) > len(trans) {
				return errAt(in, "'%s' has %d operands too many", in.Text, len(rest)-len(trans))
			}
			for i := range rest {
				v, err := wgImm(in, &rest[i], 0, 1)
				if err != nil {
					return err
				}
				*trans[i] = v == 1
			}
			rest = nil
		}
	}
	if len(rest) > 0 {
		return errAt(in, "'%s' has %d operands too many for .%s inputs", in.Text, len(rest), f.A)
	}
	if err := wi.mma.Check(); err != nil {
		return errAt(in, "'%s': %v", in.Text, err)
	}
	wi.planAcc(c.xf)
	x.aux = wi
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		if ok, err := w.wgEnter(x, m); !ok || err != nil {
			return err
		}
		return w.wgmmaArrive(x, wi)
	}
	return nil
}

// wgForm decodes the shape and types of a wgmma.mma_async.
func wgForm(in *ptx.Inst) (wgmma.Form, error) {
	var f wgmma.Form
	if t := in.Mods.Types; len(t) == 3 {
		f.D, f.A, f.B = wgmma.ParseType(t[0].String()), wgmma.ParseType(t[1].String()), wgmma.ParseType(t[2].String())
	}
	if f.D == wgmma.Invalid || f.A == wgmma.Invalid || f.B == wgmma.Invalid {
		return f, errAt(in, "'%s' needs .dtype.atype.btype", in.Text)
	}
	k := 0
	for _, q := range in.Quals {
		if q == "sp" {
			f.Sparse = true
		}
		if rest, ok := strings.CutPrefix(q, "m64n"); ok {
			ns, ks, found := strings.Cut(rest, "k")
			n, e1 := strconv.Atoi(ns)
			kk, e2 := strconv.Atoi(ks)
			if !found || e1 != nil || e2 != nil {
				return f, errAt(in, "'%s': bad shape .%s", in.Text, q)
			}
			f.N, k = n, kk
		}
	}
	if f.N == 0 {
		return f, errAt(in, "'%s' needs a .m64nNkK shape", in.Text)
	}
	if k != f.K() {
		return f, errAt(in, "'%s': .%s inputs need K=%d", in.Text, f.A, f.K())
	}
	if err := f.Check(); err != nil {
		return f, errAt(in, "'%s': %v", in.Text, err)
	}
	return f, nil
}

// wgImm reads an immediate operand that must be lo or hi.
func wgImm(in *ptx.Inst, o *xop, lo, hi int64) (int64, error) {
	v := int64(o.imm)
	if o.kind != oImm || (v != lo && v != hi) {
		return 0, errAt(in, "'%s': operand must be the immediate %d or %d", in.Text, lo, hi)
	}
	return v, nil
}

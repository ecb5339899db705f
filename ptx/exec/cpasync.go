package exec

import (
	"math/bits"
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/smem"
)

// compileCp dispatches the cp family: Ampere cp.async (this file), the bulk
// and tensor copies (bulk*.go, tma*.go) and their group bookkeeping.
//
// Bytes move at issue; completion (what wait_group, wait_all and the
// deferred arrive observe) comes with the copy's ticket (tickets.go).
func compileCp(c *compiler, x *xinst) error {
	q := x.in.Quals
	has := func(s string) bool { return slices.Contains(q, s) }
	switch {
	case has("commit_group") || has("wait_all"):
		switch {
		case has("bulk"):
			x.setAsync(AsyncBulkCommit, 0)
		case has("wait_all"):
			x.setAsync(AsyncWait, -1)
		default:
			x.setAsync(AsyncCommit, 0)
		}
		return compileCpGroupOp(x, 0, has("bulk"))
	case has("wait_group"):
		err := compileCpGroupOp(x, 1, has("bulk"))
		if err == nil {
			x.setAsync(AsyncWait, int32(x.ops[0].imm))
			if has("bulk") {
				x.info.Async = AsyncBulkWait
			}
		}
		return err
	case has("tensor"):
		return compileTensorCopy(c, x)
	case has("bulk"):
		return compileBulkCopy(c, x)
	case has("mbarrier") && has("arrive"):
		x.setAsync(AsyncCopyArrive, 0)
		return compileCpAsyncArrive(x)
	case has("ca") || has("cg"):
		x.setAsync(AsyncCopy, 0)
		return compileCpAsync(c, x)
	}
	return errUnsupported(x.in)
}

// compileCpGroupOp: commit_group, wait_group N and wait_all of cp.async
// and of the bulk copies: the warp's group state (tickets.go). A wait whose
// groups are in flight reports Retry (nothing executes); once it passes,
// the hazard checker learns what the warp has observed
// (hazard_cpasync.go, hazard_bulkread.go).
func compileCpGroupOp(x *xinst, nops int, bulk bool) error {
	if err := needOps(x, nops); err != nil {
		return err
	}
	if nops == 1 && x.ops[0].kind != oImm {
		return errAt(x.in, "%s needs an integer constant", x.in.Text)
	}
	switch {
	case bulk && nops == 1:
		n := uint32(x.ops[0].imm)
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			if m != 0 {
				if !w.async().bulk.waitMet(n) {
					w.cur.retry = true
					return nil
				}
				w.hazardBulkWait(n)
			}
			return nil
		}
	case bulk:
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			if m != 0 {
				w.async().bulk.commit()
			}
			return nil
		}
	case nops == 1:
		n := uint32(x.ops[0].imm)
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			if m != 0 {
				if !w.async().cp.waitMet(n) {
					w.cur.retry = true
					return nil
				}
				w.hazardCpWait(n)
			}
			return nil
		}
	case slices.Contains(x.in.Quals, "wait_all"):
		// commit_group + wait_group 0: waits for the open group too.
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			if m != 0 {
				q := &w.async().cp
				if !q.allDone() {
					w.cur.retry = true
					return nil
				}
				q.commit()
				w.hazardCpWait(0)
			}
			return nil
		}
	default:
		x.fn = func(w *Warp, x *xinst, m uint32) error {
			if m != 0 {
				w.async().cp.commit()
			}
			return nil
		}
	}
	return nil
}

// compileCpAsync: cp.async.{ca,cg}.shared{::cta}.global [dst], [src],
// cp-size{, src-size | ignore-src}{, policy}. Bytes past src-size (all of
// them when ignore-src is true) are zero-filled.
func compileCpAsync(c *compiler, x *xinst) error {
	in := x.in
	n := len(x.ops)
	hint := slices.Contains(in.Quals, "L2::cache_hint")
	if hint {
		n--
	}
	if n < 3 || n > 4 || x.ops[0].kind != oAddr || x.ops[1].kind != oAddr || x.ops[2].kind != oImm {
		return errAt(in, "%s expects [dst], [src], cp-size{, src-size|ignore-src}{, policy}", in.Text)
	}
	size := int(x.ops[2].imm)
	cg := slices.Contains(in.Quals, "cg")
	if (cg && size != 16) || (size != 4 && size != 8 && size != 16) {
		return errAt(in, "%s: cp-size %d is not allowed (.ca: 4, 8 or 16; .cg: 16)", in.Text, size)
	}
	var extra *xop
	ignore := false
	if n == 4 {
		extra = &x.ops[3]
		ignore = extra.kind == oReg && c.f.Regs[extra.reg].Type == ptx.Pred
	}
	// ptxas emits LDGSTS.E.BYPASS.128.ZFILL for a run-time src-size and a
	// predicated LDGSTS for ignore-src (cpasync_cg_* SASS); an immediate
	// src-size equal to cp-size is assumed to fold to the plain form.
	zfill := extra != nil && !(extra.kind == oImm && int(extra.imm) == size)
	// ignore-src, and a src-size that is selp(cp-size, 0) wherever it is
	// set, become the predicated LDGSTS.E.BYPASS.128 (Triton's pipelined
	// copies; microbench cpasync8_selp_* SASS)
	pred := ignore || (extra != nil && extra.kind == oReg && selpSizeOnly(c, extra.reg, size))
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		var acc smem.Access
		var src [32]uint64
		acc.Kind, acc.Width, acc.Bypass, acc.ZFill, acc.PredForm = smem.OpLdgsts, size, cg, zfill, pred
		acc.Src = &src
		for r := m; r != 0; r &= r - 1 {
			l := tz(r)
			d, err := w.sharedAddr(x, ptx.SpaceShared, &x.ops[0], l, size, size)
			if err != nil {
				return err
			}
			nsrc := size
			if extra != nil {
				v := w.src(extra, l)
				switch {
				case ignore && v != 0:
					nsrc = 0
				case !ignore:
					if v > uint64(size) {
						return w.laneFault(x, l, "cp.async src-size %d is larger than cp-size %d", v, size)
					}
					nsrc = int(v)
				}
			}
			dst := w.cta.shared[d : d+uint32(size)]
			clear(dst)
			src[l] = w.addrOf(&x.ops[1], l)
			if nsrc == 0 {
				acc.NoData |= 1 << l
			} else {
				a := src[l]
				if a%uint64(size) != 0 {
					return w.laneFault(x, l, "misaligned cp.async source 0x%x (needs %d-byte alignment)", a, size)
				}
				b, msg := w.access(ptx.SpaceGlobal, a, nsrc, l)
				if msg != "" {
					return w.laneFault(x, l, "%s", msg)
				}
				copy(dst, b)
			}
			acc.Active |= 1 << l
			acc.Addr[l] = d
		}
		if acc.Active != 0 {
			if err := w.hazardCpAsync(x, &acc, size); err != nil {
				return err
			}
			w.countSmem(x, &acc)
			return w.startCpAsync(x, size*bits.OnesCount32(acc.Active))
		}
		return nil
	}
	return nil
}

// compileCpAsyncArrive: cp.async.mbarrier.arrive{.noinc}{.shared{::cta}}.b64
// [mbar]. The arrive happens when the warp's earlier cp.async copies are
// done and its ticket completed (tickets.go). Without .noinc the pending
// count is raised by one at issue, so the pair leaves it unchanged; with
// .noinc it is a plain arrive.
func compileCpAsyncArrive(x *xinst) error {
	noinc := x.in.Mods.Flags&ptx.FNoInc != 0
	return mbarOp(x, 1, 0, x.in.Mods.Space, true, func(w *Warp, t *CTA, b *mbarrierT, a uint32, l int) error {
		w.hazardCpArrive(a, b)
		if !noinc {
			if err := b.IncPending(); err != nil {
				return err
			}
		} else {
			w.hazardRelease(w.cta, a, b)
		}
		return w.startCpArrive(x, l, a)
	})
}

// selpSizeOnly reports whether every instruction of f that writes register
// r is `selp r, A, B, p` with immediates {A, B} = {size, 0} (and there is
// one): a src-size ptxas turns into the predicate of LDGSTS, as for
// ignore-src (`selp.b32 %r18, 16, 0, %p2` before Triton's cp.async.cg:
// SASS LDGSTS.E.BYPASS.128 [R45], desc[UR14][R4.64], P0).
func selpSizeOnly(c *compiler, r int32, size int) bool {
	ws := c.regWriters()[r]
	for _, i := range ws {
		in := &c.f.Insts[i]
		if in.Op != ptx.OpSelp || len(in.Ops) != 4 || in.Ops[1].Kind != ptx.OpdImm || in.Ops[2].Kind != ptx.OpdImm {
			return false
		}
		a, b := in.Ops[1].Imm, in.Ops[2].Imm
		if !(a == uint64(size) && b == 0) && !(a == 0 && b == uint64(size)) {
			return false
		}
	}
	return len(ws) > 0
}

// regWriters returns, per register of the function, the indices of the
// instructions that write it as their first operand, built once per
// function so that per-instruction queries stay linear in its length.
func (c *compiler) regWriters() [][]int32 {
	if c.writers != nil {
		return c.writers
	}
	c.writers = make([][]int32, len(c.f.Regs))
	for i := range c.f.Insts {
		in := &c.f.Insts[i]
		if len(in.Ops) == 0 || in.Ops[0].Kind != ptx.OpdReg || !writesFirst(in) {
			continue
		}
		r := in.Ops[0].Reg
		if r >= 0 && int(r) < len(c.writers) {
			c.writers[r] = append(c.writers[r], int32(i))
		}
	}
	return c.writers
}

// writesFirst reports whether an instruction whose first operand is a
// register writes it (every form but the stores, reductions and copies,
// whose first operand is an address, and branches).
func writesFirst(in *ptx.Inst) bool {
	switch in.Op {
	case ptx.OpSt, ptx.OpRed, ptx.OpCp, ptx.OpBra:
		return false
	}
	return true
}

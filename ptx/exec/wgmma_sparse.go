package exec

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/wgmma"
)

// wgmma.mma_async.sp (sm_90a): A is structured sparse, stored compressed
// (64 x K/2, in shared memory or the RS registers, laid out like the dense
// A of K/2); sp-meta is a .b32 register of every thread and sp-sel an
// immediate selecting which threads' metadata counts (wgmma.MetaPos). The
// warpgroup's MMA expands A to 64 x K with zeros (wgmma.ExpandRow) and runs
// the sparse form of the model. Rules and sources: wgmma/sparse_doc.go.

// compileSparse reads the sp-meta and sp-sel operands (ops[3], ops[4]).
func (wi *wgInst) compileSparse(in *ptx.Inst, ops []xop) error {
	if len(ops) < 6 {
		return errAt(in, "'%s' needs d, a, b-desc, sp-meta, sp-sel and scale-d", in.Text)
	}
	if ops[3].kind != oReg {
		return errAt(in, "'%s': sp-meta must be a .b32 register", in.Text)
	}
	wi.meta = &ops[3]
	if ops[4].kind != oImm {
		return errAt(in, "'%s': sp-sel must be an immediate", in.Text)
	}
	sel, n := int64(ops[4].imm), wgmma.SparseSelectors(wi.mma.A)
	if sel < 0 || sel >= int64(n) {
		return errAt(in, "'%s': sparsity selector %d is undefined for .%s inputs (valid: 0..%d)", in.Text, sel, wi.mma.A, n-1)
	}
	wi.sel = int(sel)
	return nil
}

// wgExpandSparse expands the compressed A in st.ac (64 x K/2) into st.a
// (64 x K) with the metadata of the selected threads.
func (w *Warp) wgExpandSparse(x *xinst, wi *wgInst, e *wgEntry, warps []*Warp) error {
	st := w.cta.wg
	f := wi.mma.Form
	k := f.K()
	kc := k / 2
	for m := 0; m < wgmma.M; m++ {
		nib := func(c int) uint32 {
			t, sh := wgmma.MetaPos(f.A, wi.sel, m, c)
			return e.parts[t/32].meta[t%32] >> uint(sh) & 0xf
		}
		if err := wgmma.ExpandRow(f.A, st.ac[m*kc:m*kc+kc], st.a[m*k:m*k+k], nib, false); err != nil {
			err.Row = m
			t, _ := wgmma.MetaPos(f.A, wi.sel, m, err.Chunk)
			return w.wgFault(x, []int{warps[t/32].id}, "wgmma.mma_async.sp: thread %d of the warpgroup (warp %d lane %d): %v", t, warps[t/32].id, t%32, err)
		}
	}
	return nil
}

// wgSparseBLayout rejects a K-major swizzled B whose 64-byte rows exceed
// the swizzle span (32B swizzle): how the hardware steps to the next
// atom along K is not established.
func (w *Warp) wgSparseBLayout(x *xinst, wi *wgInst, d wgmma.Descriptor) error {
	if wi.transB || d.Swizzle == wgmma.SwizzleNone || d.Swizzle.Span() >= 64 {
		return nil
	}
	return w.wgFault(x, []int{w.id}, "wgmma.mma_async.sp: a K-major B with %s swizzle spans two swizzle atoms along K (64 bytes per row); that layout is not modelled (UNCONFIRMED)", d.Swizzle)
}

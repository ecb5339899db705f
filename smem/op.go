package smem

import "strconv"

// OpKind is the kind of warp-level shared-memory instruction. It selects the
// Nsight Compute counter family (op_ld, op_st, ...) and, for ldmatrix and
// stmatrix, the per-matrix phase rule.
type OpKind uint8

// Shared-memory instruction kinds, in the order of Counters.ByOp.
const (
	OpLd     OpKind = iota // ld.shared (LDS)
	OpSt                   // st.shared (STS)
	OpLdsm                 // ldmatrix (LDSM)
	OpStsm                 // stmatrix (STSM)
	OpAtom                 // atom.shared / red.shared (ATOMS)
	OpLdgsts               // cp.async global->shared (LDGSTS), shared side
	// OpAsync: mbarrier arrives and bulk/TMA copy issue (SYNCS, UBLKCP,
	// UTMALDG...). ncu has no per-op counter for them, only the all-ops
	// total; modelled as one wavefront per warp instruction.
	OpAsync
	// OpGmma: shared-memory operand reads of wgmma.mma_async (one count per
	// warpgroup MMA): one wavefront per 128 bytes read, conflict-free
	// (ideal = wavefronts). Equal to ncu's op_gmma wavefronts for SS and
	// RS, K- and MN-major operands under every swizzle (the wg_gmma_*
	// recordings, H200).
	OpGmma
	// OpTMA: TMA and bulk-copy writes into shared memory (the copy
	// engine's side of UTMALDG/UBLKCP, one count per destination CTA).
	// ncu has no counter for them: no lsu shared-memory counter moves with
	// a TMA load (measured). MODELLED: one wavefront per 128-byte segment
	// of the destination footprint, ideal = the bytes written / 128; dense
	// and swizzled boxes are conflict-free, rows narrower than the
	// swizzle span (written at the span's pitch) cost a wavefront each.
	// Not part of Total().
	OpTMA
	NumOps = iota // number of OpKinds; size of Counters.ByOp
)

// opNames is a constant table indexed by OpKind; the names match the ncu
// metric suffixes (..._op_ld, _op_st, _op_ldsm, _op_stsm, _op_atom, _op_ldgsts).
var opNames = [NumOps]string{"ld", "st", "ldsm", "stsm", "atom", "ldgsts", "async", "gmma", "tma"}

// String returns the ncu-style short name ("ld", "st", "ldsm", "stsm",
// "atom", "ldgsts"), or "op(N)" for an unknown kind.
func (k OpKind) String() string {
	if int(k) < NumOps {
		return opNames[k]
	}
	return "op(" + strconv.Itoa(int(k)) + ")"
}

// Valid reports whether k is one of the defined kinds.
func (k OpKind) Valid() bool { return int(k) < NumOps }

// IsMatrix reports whether k is ldmatrix or stmatrix (per-matrix phases).
func (k OpKind) IsMatrix() bool { return k == OpLdsm || k == OpStsm }

// ParseOpKind is the inverse of String.
func ParseOpKind(s string) (OpKind, bool) {
	for i, n := range opNames {
		if n == s {
			return OpKind(i), true
		}
	}
	return 0, false
}

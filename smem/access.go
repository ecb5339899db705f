package smem

import "fmt"

// Access is one warp-level shared-memory instruction as the executor sees it
// after address generation.
type Access struct {
	Kind OpKind
	// Width is the bytes per thread per access: 1, 2, 4, 8 or 16
	// (ld/st .v2.b32 and .b64 = 8; .v4.b32, .v2.b64 and .v8.b16 = 16).
	// Ignored for ldmatrix/stmatrix, whose rows are always 16 B.
	Width int
	// Active is the mask of lanes that access memory (guard predicate and
	// SIMT mask applied).
	Active uint32
	// Addr is the shared-window byte address per lane, valid where Active.
	// For ldmatrix/stmatrix lanes 8i..8i+7 hold the 16-B row addresses of
	// matrix i; lanes at or above 8*Matrices are ignored.
	Addr [32]uint32
	// Matrices is 1, 2 or 4 (.x1/.x2/.x4) for ldmatrix/stmatrix; ignored
	// otherwise.
	Matrices int
	// Bypass marks a cp.async.cg (LDGSTS.BYPASS) access (Kind OpLdgsts).
	// Nsight Compute counts its wavefronts but never its bank conflicts,
	// so its Ideal is its Wavefronts (measured: doc.go), except for the
	// zero-fill pass of a ZFill copy (bypass.go).
	Bypass bool
	// The fields below refine a Bypass access (bypass.go); other kinds
	// ignore them.
	//
	// Src, when set, is the global source address of each lane's 16-B
	// chunk; nil means "aligned with Addr" (no extra source pieces).
	Src *[32]uint64
	// NoData is the mask of active lanes that read nothing from global
	// memory (src-size 0 or ignore-src true): they are only zero-filled.
	NoData uint32
	// ZFill marks a copy with a run-time src-size or ignore-src operand
	// (SASS LDGSTS.E.BYPASS.128.ZFILL or a predicated LDGSTS): it costs a
	// zero-fill pass on top of the data writes.
	ZFill bool
	// PredForm marks a ZFill copy that ptxas emits as the predicated
	// LDGSTS.E.BYPASS.128 (ignore-src, or a src-size of selp(cp-size, 0)
	// that ptxas folds into one): it costs the zero-fill passes only when
	// some lane reads nothing (bypass.go).
	PredForm bool
}

// matrixRowBytes is the size of one ldmatrix/stmatrix row (8 b16 elements).
const matrixRowBytes = 16

// Validate reports what is wrong with a, if anything: an unknown kind, an
// unsupported width or matrix count, or an active address that is not
// aligned to the access size. Wavefronts does not require a valid Access
// (it never panics), but its result for an invalid one is only a best guess.
func (a *Access) Validate() error {
	if !a.Kind.Valid() {
		return fmt.Errorf("smem: unknown op kind %d", a.Kind)
	}
	size := a.Width
	lanes := a.Active
	if a.Kind.IsMatrix() {
		if a.Matrices != 1 && a.Matrices != 2 && a.Matrices != 4 {
			return fmt.Errorf("smem: %s with %d matrices (want 1, 2 or 4)", a.Kind, a.Matrices)
		}
		size = matrixRowBytes
		lanes &= matrixLanes(a.Matrices)
	} else if !validWidth(a.Width) {
		return fmt.Errorf("smem: %s with width %d bytes (want 1, 2, 4, 8 or 16)", a.Kind, a.Width)
	}
	for l := 0; l < 32; l++ {
		if lanes&(1<<l) != 0 && a.Addr[l]%uint32(size) != 0 {
			return fmt.Errorf("smem: %s lane %d address %#x not aligned to %d bytes", a.Kind, l, a.Addr[l], size)
		}
	}
	return nil
}

func validWidth(w int) bool {
	return w == 1 || w == 2 || w == 4 || w == 8 || w == 16
}

// matrixLanes is the mask of lanes that supply row addresses for an
// ldmatrix/stmatrix with m matrices (m normalized first).
func matrixLanes(m int) uint32 {
	switch normMatrices(m) {
	case 1:
		return 0x000000ff
	case 2:
		return 0x0000ffff
	}
	return 0xffffffff
}

// normMatrices maps an out-of-range matrix count to the nearest legal one.
func normMatrices(m int) int {
	switch {
	case m <= 1:
		return 1
	case m == 2:
		return 2
	}
	return 4
}

// BankOf returns the bank (0..31) that serves the byte at addr.
func BankOf(addr uint32) int { return int(addr>>2) & (NumBanks - 1) }

// NumBanks is the number of 4-byte shared-memory banks.
const NumBanks = 32

package wgmma

import "fmt"

// Sparse A (wgmma.mma_async.sp; the warp-level mma.sp uses the same
// chunks and nibbles): see sparse_doc.go for the rules and their sources.

// SparseChunk is the number of logical K elements one metadata nibble
// covers: 4 (2:4, two 2-bit indices) or 2 (tf32 1:2, one 4-bit index).
func SparseChunk(t Type) int {
	if t == TF32 {
		return 2
	}
	return 4
}

// SparseSelectors is the number of legal sparsity selectors of a
// wgmma.mma_async.sp with A type t: 2 (f16, bf16, tf32: the thread pair
// T0,T1 or T2,T3 of each quad holds the metadata) or 1 (fp8, int8: all
// four threads hold metadata, the selector must be 0).
func SparseSelectors(t Type) int {
	switch t {
	case F16, BF16, TF32:
		return 2
	}
	return 1
}

// MetaPos is the thread (0..127 of the warpgroup) and the bit offset of
// the metadata nibble for chunk c (logical k in [c*chunk, (c+1)*chunk)) of
// A row m, with sparsity selector sel (CUTLASS ELayout_64x{16,32,64}):
//
//	f16/bf16/tf32: thread 32*(m/16) + 4*(m%8) + 2*sel + c/4,  bits 16*((m%16)/8) + 4*(c%4)
//	fp8/int8:      thread 32*(m/16) + 4*(m%8) + (m%16)/8 + 2*(c/8),  bits 4*(c%8)
func MetaPos(t Type, sel, m, c int) (thread, shift int) {
	w, g, h := m/16, m%8, (m%16)/8
	if SparseSelectors(t) == 2 {
		return 32*w + 4*g + 2*sel + c/4, 16*h + 4*(c%4)
	}
	return 32*w + 4*g + h + 2*(c/8), 4 * (c % 8)
}

// MetaError describes an invalid metadata nibble (undefined behaviour).
type MetaError struct {
	Row, Chunk int
	Nibble     uint32
	Why        string
}

func (e *MetaError) Error() string {
	return fmt.Sprintf("sparsity metadata 0b%04b for row %d, chunk %d %s: the result is undefined", e.Nibble, e.Row, e.Chunk, e.Why)
}

// CheckNibble reports why nibble v is not valid metadata for type t
// (ordered: the two indices must increase), or "".
func CheckNibble(t Type, v uint32, ordered bool) string {
	i0, i1 := v&3, v>>2&3
	switch {
	case t == TF32 && v != 0x4 && v != 0xe:
		return "is not 0b0100 or 0b1110 (tf32 1:2 sparsity)"
	case i0 == i1:
		return "names the same element twice"
	case ordered && i0 > i1:
		return "is not in increasing order (.sp::ordered_metadata)"
	}
	return ""
}

// ExpandRow writes the logical row dst (len K) of a sparse A from the
// compressed row comp (len K/2) and the metadata nibble of each chunk
// (nib(c)); zeros fill the other positions. ordered requires increasing
// indices (mma.sp::ordered_metadata).
func ExpandRow(t Type, comp, dst []uint32, nib func(c int) uint32, ordered bool) *MetaError {
	ch := SparseChunk(t)
	clear(dst)
	for c := 0; c < len(dst)/ch; c++ {
		v := nib(c) & 0xf
		if why := CheckNibble(t, v, ordered); why != "" {
			return &MetaError{Chunk: c, Nibble: v, Why: why}
		}
		if ch == 2 {
			dst[2*c+int(v>>3)] = comp[c] // 0b0100: element 0, 0b1110: element 1
			continue
		}
		dst[4*c+int(v&3)] = comp[2*c]
		dst[4*c+int(v>>2&3)] = comp[2*c+1]
	}
	return nil
}

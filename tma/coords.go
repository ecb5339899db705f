package tma

import "fmt"

// CheckCoords reports the coordinates of a copy that a GPU faults on (an
// H200 raises CUDA_ERROR_ILLEGAL_INSTRUCTION at the UTMALDG / UTMASTG /
// UTMAREDG; tools/record/ASYNC_FINDINGS.md, tools/record/tma_store_probe.cu):
//
//   - the innermost coordinate times the element size must be a multiple of
//     16 bytes (negative ones too): loads with f16 c0 = 13, u32 c0 = 30,
//     stores with u32 c0 = 1, 2, -1 and f16 c0 = 4, a reduce with u32 c0 = 1
//     all faulted, while -8 f16 / -4 f32 loads and c0 = 4 u32 stores work;
//   - store (store true: cp.async.bulk.tensor to global and
//     cp.reduce.async.bulk.tensor): no coordinate may be negative. Stores at
//     (-8, -3) and a reduce at (-4, -1) faulted (both 16-byte aligned), while
//     stores clipped at the high edges, or wholly past them, are fine. Either
//     coordinate alone is enough (second probe run: stores at (0, -3),
//     (-8, 0), (0, -8), f16 (-64, 0) and reduces at (0, -1), (-4, 0) all
//     faulted, also with the box wholly outside), so any negative coordinate
//     is reported. Loads take negative coordinates (OOB fill).
//
// For im2col loads coords[0] is the channel coordinate; the 16-byte rule is
// applied to it too (not measured). An interleaved tiled map counts c0 in
// 16- or 32-byte chunks, so the 16-byte rule cannot fail (u32 c0 = 1, 3,
// 15, -1, u16 c0 = 1, u8 c0 = 1 all loaded on an H200:
// tools/record/tma_interleave_probe.cu).
//
// The map itself: a load or store with globalDim[0] above 2^31 faults too
// (cuTensorMapEncodeTiled accepts up to 2^32): 2^31 + 1, 2^32 - 1 and 2^32
// faulted with 16B interleave, 2^32 with 32B, 2^32 - 1 and 2^32 without
// interleave (u32, box and coordinates inside), while 2^28, 2^31 - 1 and
// 2^31 loaded. Larger outer dimensions (and any dimension of an im2col map
// above 2^31) were not measured and are reported as not modelled.
func (t *TensorMap) CheckCoords(coords []int32, store bool) error {
	if len(coords) == 0 {
		return nil
	}
	for i, d := range t.Dims {
		switch {
		case d <= 1<<31:
		case i == 0 && t.Im2col == nil:
			return fmt.Errorf("globalDim[0] = %d is above 2^31: a TMA copy with such a map raises an illegal-instruction fault "+
				"(CUDA_ERROR_ILLEGAL_INSTRUCTION) on an H200, although cuTensorMapEncodeTiled accepts it", d)
		default:
			return fmt.Errorf("globalDim[%d] = %d is above 2^31: not modelled (a tiled map's globalDim[0] above 2^31 faults on an H200; "+
				"other dimensions, and im2col maps, that large were not measured)", i, d)
		}
	}
	es := int64(t.DType.Size())
	if t.interleavedTile() {
		es = int64(t.ChunkBytes())
	}
	if b := int64(coords[0]) * es; b%16 != 0 {
		return fmt.Errorf("innermost coordinate %d x %d-byte elements = %d bytes is not a multiple of 16: "+
			"the GPU raises an illegal-instruction fault (CUDA_ERROR_ILLEGAL_INSTRUCTION)", coords[0], es, b)
	}
	if store {
		for i, c := range coords {
			if c < 0 {
				return fmt.Errorf("coordinate %d is negative (%d): a TMA store or reduction at a negative coordinate "+
					"raises an illegal-instruction fault (CUDA_ERROR_ILLEGAL_INSTRUCTION) on an H200; only loads clip below 0", i, c)
			}
		}
	}
	return nil
}

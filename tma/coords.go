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
// applied to it too (not measured).
func (t *TensorMap) CheckCoords(coords []int32, store bool) error {
	if len(coords) == 0 {
		return nil
	}
	es := int64(t.DType.Size())
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

package tma

import (
	"fmt"

	"github.com/sm90sim/sm90sim/smem"
)

// im2col mode (PTX ISA "Im2col mode", ptx-facts §5.4). A rank-r map of an
// N(D)(H)WC tensor (dim 0 = C, dims 1..r-2 = W, H, D, dim r-1 = N) made by
// cuTensorMapEncodeIm2col. A copy moves PixelsPerColumn pixels of
// ChannelsPerPixel channels each; shared memory holds them densely, pixel
// after pixel (pixel rows padded to the swizzle span like tile rows).
//
// The pixels are a walk through the bounding box of each spatial dimension
// j, [LowerCorner[j-1], Dims[j]-1+UpperCorner[j-1]], with traversal stride
// ElementStrides[j]: it starts at the instruction's coordinates (W, H, D, N),
// steps W by its stride; past the box's end W goes back to the lower corner
// and H steps, then D, then N (N without a bound or stride). Pixel (w, h, d,
// n) reads channels C+i of the tensor at (w+offW, h+offH, d+offD, n), the
// im2col offsets of the instruction; a read outside the tensor is an OOB
// fill. An H200 (validation/testdata/tma_im2col) showed exactly this for
// 3D and 4D maps, strides 1 and 2, with batch wrap-around and OOB pixels.

// Im2colRange is the maximal |corner| of a rank's pixel box corners
// (cuTensorMapEncodeIm2col: rank 3: [-2^15, 2^15-1], 4: [-2^7, 2^7-1],
// 5: [-2^4, 2^4-1]).
func Im2colRange(rank int) int32 {
	switch rank {
	case 3:
		return 1 << 15
	case 4:
		return 1 << 7
	}
	return 1 << 4
}

// validateIm2col checks the cuTensorMapEncodeIm2col rules of the im2col
// fields (the tiled rules on dims, strides and element strides hold too).
func (t *TensorMap) validateIm2col() *RuleError {
	p := t.Im2col
	if t.Rank < 3 {
		return rule("rank", -1, "rank %d: an im2col map has rank 3..5 (NWC, NHWC, NDHWC)", t.Rank)
	}
	if len(p.LowerCorner) != t.Rank-2 || len(p.UpperCorner) != t.Rank-2 {
		return rule("pixel_box", -1, "rank %d needs %d pixel box corner entries, got %d and %d", t.Rank, t.Rank-2, len(p.LowerCorner), len(p.UpperCorner))
	}
	r := Im2colRange(t.Rank)
	for i := range p.LowerCorner {
		for _, v := range []int32{p.LowerCorner[i], p.UpperCorner[i]} {
			if v < -r || v >= r {
				return rule("pixel_box", i, "%d: a rank-%d map's pixel box corners must be in [%d, %d]", v, t.Rank, -r, r-1)
			}
		}
	}
	if p.ChannelsPerPixel < 1 || p.ChannelsPerPixel > 256 {
		return rule("channels_per_pixel", -1, "%d: channelsPerPixel must be 1..256", p.ChannelsPerPixel)
	}
	if p.PixelsPerColumn < 1 || p.PixelsPerColumn > 1024 {
		return rule("pixels_per_column", -1, "%d: pixelsPerColumn must be 1..1024", p.PixelsPerColumn)
	}
	if t.Interleave == InterleaveNone {
		inner := int(p.ChannelsPerPixel) * t.DType.Size()
		if inner%16 != 0 {
			return rule("channels_per_pixel", -1, "%d channels x %d bytes = %d bytes: with interleave none, channelsPerPixel * element size must be a multiple of 16 bytes", p.ChannelsPerPixel, t.DType.Size(), inner)
		}
		if span := swizzleSpan(t.Swizzle); t.Swizzle != SwizzleNone && inner > span {
			return rule("channels_per_pixel", -1, "%d bytes: with swizzle %s, channelsPerPixel * element size must be at most %d bytes", inner, SwizzleNames[t.Swizzle], span)
		}
	}
	return nil
}

// Im2colBox visits the elements of an im2col-mode copy in shared-memory
// order. coords are the instruction's (C, W, (H, (D,)) N) coordinates,
// offsets its rank-2 u16 im2col offsets (W first), dst the absolute shared
// address of the copy.
func (t *TensorMap) Im2colBox(dst uint32, coords []int32, offsets []uint16, visit func(e Elem) error) error {
	p := t.Im2col
	if p == nil {
		return fmt.Errorf("an im2col-mode copy needs an im2col tensor map (cuTensorMapEncodeIm2col), this one is tiled")
	}
	r := t.Rank
	if len(coords) != r {
		return fmt.Errorf("a %d-D copy on a rank-%d tensor map", len(coords), r)
	}
	if len(offsets) != r-2 {
		return fmt.Errorf("a rank-%d im2col copy takes %d im2col offsets, got %d", r, r-2, len(offsets))
	}
	var lo, hi, step [5]int64
	for j := 1; j <= r-2; j++ {
		lo[j], hi[j] = int64(p.LowerCorner[j-1]), int64(t.Dims[j])-1+int64(p.UpperCorner[j-1])
		step[j] = int64(t.ElementStrides[j])
		if hi[j] < lo[j] {
			return fmt.Errorf("the pixel bounding box of dimension %d is empty: [%d, %d]", j, lo[j], hi[j])
		}
	}
	es := t.DType.Size()
	mode := smem.SwizzleMode(t.Swizzle)
	pitch := t.rowPitch()
	var pos [5]int64
	for j := 1; j < r; j++ {
		pos[j] = int64(coords[j])
	}
	for px := 0; px < int(p.PixelsPerColumn); px++ {
		base := int64(t.GlobalAddress)
		in := pos[r-1] >= 0 && pos[r-1] < int64(t.Dims[r-1])
		base += pos[r-1] * int64(t.Strides[r-2])
		for j := 1; j <= r-2 && in; j++ {
			g := pos[j] + int64(offsets[j-1])
			in = g >= 0 && g < int64(t.Dims[j])
			base += g * int64(t.Strides[j-1])
		}
		for i := 0; i < int(p.ChannelsPerPixel); i++ {
			e := Elem{Smem: smem.Swizzle(mode, dst+uint32(px*pitch+i*es))}
			if c := int64(coords[0]) + int64(i); in && c >= 0 && c < int64(t.Dims[0]) {
				e.InBounds, e.Global = true, uint64(base+c*int64(es))
			}
			if err := visit(e); err != nil {
				return err
			}
		}
		t.im2colStep(&pos, &lo, &hi, &step)
	}
	return nil
}

// im2colStep moves pos to the next pixel of the walk.
func (t *TensorMap) im2colStep(pos, lo, hi, step *[5]int64) {
	r := t.Rank
	for j := 1; j <= r-2; j++ {
		if pos[j] += step[j]; pos[j] <= hi[j] {
			return
		}
		pos[j] = lo[j]
	}
	pos[r-1]++
}

// CheckIm2colStore reports the im2col_no_offs stores and reductions an H200
// faults on (CUDA_ERROR_ILLEGAL_INSTRUCTION at the UTMASTG/UTMAREDG .IM2COL;
// tools/record/im2c_probe.cu, ASYNC_FINDINGS.md), on top of CheckCoords:
//
//   - a pixel box reaching outside the image: a lower corner below 0 or an
//     upper corner above 0 faults, even when the walk stays inside the
//     image (lower -1 with one pixel at (0, 0); upper +1 with the walk
//     ending before w = W); smaller boxes (lower > 0, upper < 0) work;
//   - a start outside the pixel box: the instruction's W, H, D must lie in
//     [lower, dims-1+upper] (w = 5 or h = 4 past a 5x4 image, w = 4 past a
//     box ending at 2, w = 0 below a box starting at 1 all faulted).
//
// The walk past the last image (N) and channels past C are clipped.
func (t *TensorMap) CheckIm2colStore(coords []int32) error {
	p := t.Im2col
	if p == nil || len(coords) != t.Rank {
		return nil
	}
	for j := 1; j <= t.Rank-2; j++ {
		lo, up := p.LowerCorner[j-1], p.UpperCorner[j-1]
		if lo < 0 || up > 0 {
			return fmt.Errorf("pixel box corner of %s is lower %d, upper %d: an im2col store or reduction needs the box inside the image "+
				"(lower >= 0, upper <= 0); an H200 raises an illegal-instruction fault (CUDA_ERROR_ILLEGAL_INSTRUCTION)", im2colDimName(j, t.Rank), lo, up)
		}
		hi := int64(t.Dims[j]) - 1 + int64(up)
		if c := int64(coords[j]); c < int64(lo) || c > hi {
			return fmt.Errorf("%s coordinate %d is outside the pixel box [%d, %d]: an im2col store or reduction must start inside it; "+
				"an H200 raises an illegal-instruction fault (CUDA_ERROR_ILLEGAL_INSTRUCTION)", im2colDimName(j, t.Rank), c, lo, hi)
		}
	}
	return nil
}

// im2colDimName names spatial dimension j (1 = W) of a rank-r im2col map.
func im2colDimName(j, r int) string {
	return [...]string{"", "W", "H", "D"}[min(j, 3)]
}

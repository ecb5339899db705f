package tma

import (
	"fmt"

	"github.com/sm90sim/sm90sim/smem"
)

// Elem is one element of a box copy: its absolute shared address (after the
// swizzle) and its global byte address, valid when InBounds.
type Elem struct {
	Smem     uint32
	Global   uint64
	InBounds bool
}

// TileBox visits every element of the tile-mode box at coords (one s32 per
// dimension, innermost first) for a copy whose shared side starts at the
// absolute shared address dst, in shared-memory order (ptx-facts §5.2):
// element (c_0..c_{d-1}) reads global coordinate g_i = coords_i + c_i*s_i
// and sits at dst + c_0*esize + pitch*(c_1 + n_1*(c_2 + ...)), swizzled,
// where pitch is the inner box bytes, padded to the swizzle span when
// swizzled (an H200 leaves the padding unwritten:
// validation/testdata/tma_load_2d_sw128_narrow). An element is out of
// bounds when some g_i < 0 or g_i >= Dims[i].
//
// Interleaved maps (16B / 32B) follow the rule an H200 showed for
// driver-encoded maps (tools/record/tma_interleave_probe.cu, ASYNC_FINDINGS.md
// 2026-11-25): dimension 0 counts interleave chunks of ChunkBytes (16 or
// 32) bytes - its coordinate, box, element stride and global dimension,
// chunk g_0 starting at byte g_0*ChunkBytes of its row -, dimension Rank-2
// moves one element whatever its box (its coordinate still counts), and
// the rows are packed at a pitch of n_0*ChunkBytes bytes, not padded to the
// swizzle span. A chunk is in or out of bounds as a whole; every element of
// it is visited (esize bytes each, in address order).
func (t *TensorMap) TileBox(dst uint32, coords []int32, visit func(e Elem) error) error {
	if len(coords) != t.Rank {
		return fmt.Errorf("a %d-D copy on a rank-%d tensor map", len(coords), t.Rank)
	}
	if t.Im2col != nil {
		return fmt.Errorf("a tile-mode copy on an im2col tensor map (cuTensorMapEncodeIm2col): use .im2col")
	}
	if err := t.interleaveModelled(); err != nil {
		return err
	}
	es := t.DType.Size()
	unit := t.elemUnit()
	var n [5]int
	for i := 0; i < t.Rank; i++ {
		n[i] = t.BoxElems(i)
	}
	mode := smem.SwizzleMode(t.Swizzle)
	pitch := t.rowPitch()
	var c [5]int
	total := t.BoxBytes() / unit
	for k := 0; k < total; k++ {
		row := 0
		for i := t.Rank - 1; i >= 1; i-- {
			row = row*n[i] + c[i]
		}
		off := uint32(row*pitch + c[0]*unit)
		g, in := t.ElemGlobal(coords, c[:t.Rank])
		for b := 0; b < unit; b += es {
			e := Elem{Smem: smem.Swizzle(mode, dst+off+uint32(b)), InBounds: in}
			if in {
				e.Global = g + uint64(b)
			}
			if err := visit(e); err != nil {
				return err
			}
		}
		for i := 0; i < t.Rank; i++ {
			if c[i]++; c[i] < n[i] {
				break
			}
			c[i] = 0
		}
	}
	return nil
}

// ElemGlobal is the global byte address of box element c (box coordinates,
// innermost first) of a tile-mode copy at coords: element c reads global
// coordinate g_i = coords_i + c_i*s_i (s_0 = 1 without interleave). ok is
// false when some g_i lies outside [0, Dims[i]). For an interleaved map
// c_0 and g_0 count chunks and the address is that of the chunk's first
// byte.
func (t *TensorMap) ElemGlobal(coords []int32, c []int) (addr uint64, ok bool) {
	a := int64(t.GlobalAddress)
	unit := int64(t.elemUnit())
	for i := 0; i < t.Rank; i++ {
		s := int(t.ElementStrides[i])
		if i == 0 && t.Interleave == InterleaveNone {
			s = 1
		}
		g := int64(coords[i]) + int64(c[i]*s)
		if g < 0 || g >= int64(t.Dims[i]) {
			return 0, false
		}
		if i == 0 {
			a += g * unit
		} else {
			a += g * int64(t.Strides[i-1])
		}
	}
	return uint64(a), true
}

// ChunkBytes is the interleave chunk of the map: 16 or 32 bytes for
// interleave 16B / 32B, 0 without interleave.
func (t *TensorMap) ChunkBytes() int {
	switch t.Interleave {
	case Interleave16B:
		return 16
	case Interleave32B:
		return 32
	}
	return 0
}

// interleavedTile reports a tiled map with an interleaved layout.
func (t *TensorMap) interleavedTile() bool {
	return t.Interleave != InterleaveNone && t.Im2col == nil
}

// elemUnit is the byte size of one box element of dimension 0: the element
// size, or the interleave chunk.
func (t *TensorMap) elemUnit() int {
	if t.interleavedTile() {
		return t.ChunkBytes()
	}
	return t.DType.Size()
}

// interleaveModelled reports the interleaved copies the simulator does not
// model: a layout value past 32B (tensormap.replace could write one) and
// one whose element size does not divide the chunk.
func (t *TensorMap) interleaveModelled() error {
	if !t.interleavedTile() {
		return nil
	}
	if t.ChunkBytes() == 0 {
		return fmt.Errorf("interleave layout %d is not modelled (only none, 16B and 32B exist)", t.Interleave)
	}
	if es := t.DType.Size(); es == 0 || t.ChunkBytes()%es != 0 {
		return fmt.Errorf("a %d-byte element type with %d-byte interleave chunks is not modelled", es, t.ChunkBytes())
	}
	return nil
}

// rowPitch is the shared-memory distance between box rows (dimension 1).
// Interleaved rows are packed (n_0 chunks, no padding to the swizzle span:
// a 128B-swizzled box of 64-byte rows landed at a 64-byte pitch).
func (t *TensorMap) rowPitch() int {
	if t.interleavedTile() {
		return t.BoxElems(0) * t.ChunkBytes()
	}
	p := t.BoxElems(0) * t.DType.Size()
	if t.Im2col != nil {
		p = int(t.Im2col.ChannelsPerPixel) * t.DType.Size()
	}
	if t.Swizzle != SwizzleNone {
		p = max(p, swizzleSpan(t.Swizzle))
	}
	return p
}

// SmemBytes is the shared-memory footprint of one box: BoxBytes, or more
// when swizzled rows (im2col: pixels) are padded to the span.
func (t *TensorMap) SmemBytes() int {
	rows := 1
	for i := 1; i < t.Rank; i++ {
		rows *= t.BoxElems(i)
	}
	if t.Im2col != nil {
		rows = int(t.Im2col.PixelsPerColumn)
	}
	return rows * t.rowPitch()
}

// NaNFill returns the OOB NaN fill bit pattern for the map's element type,
// and false for integer types. An H200 (validation/testdata/tma_load_2d_nan)
// fills with the 16-bit pattern 0x7ff7 repeated: f16/bf16 0x7ff7, f32
// 0x7ff77ff7 (a NaN in every float format).
func (t *TensorMap) NaNFill() (uint64, bool) {
	if !t.DType.IsFloat() {
		return 0, false
	}
	const pattern = 0x7ff77ff77ff77ff7
	if n := t.DType.Size(); n < 8 {
		return pattern & (1<<(8*n) - 1), true
	}
	return pattern, true
}

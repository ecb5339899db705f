package launch

import (
	"strings"
)

// TensorMapSpec is one entry of `tensormaps:`: the arguments of
// cuTensorMapEncodeTiled except the global address, which is the buffer's.
// Enumerations hold the driver's enum values (CUtensorMapDataType,
// CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion,
// CUtensorMapFloatOOBfill), named in the spec by the strings of the
// *Names tables below. Only the shape of the entry is checked here; the
// driver's rules are checked where the map is encoded (package tma), and
// FieldPos gives the position to report a broken rule at.
type TensorMapSpec struct {
	Name   string
	Buffer string
	// Offset is added to the buffer's address to give the map's global
	// address (`offset:`, bytes; a map over a sub-range of a buffer).
	Offset         uint64
	DType          uint8
	Dims           []uint64 // innermost first; the rank is len(Dims)
	Strides        []uint64 // bytes, dims 1..rank-1
	Box            []uint32
	ElementStrides []uint32 // all 1 when not given
	Interleave     uint8
	Swizzle        uint8
	L2Promotion    uint8
	OOBFill        uint8
	// Im2col holds the cuTensorMapEncodeIm2col arguments of a `mode: im2col`
	// entry (nil for tiled maps); such an entry has no `box` (Box is all 1).
	Im2col *Im2colSpec
	Pos    Pos // the map's name in the spec

	fieldPos map[string]Pos
}

// Im2colSpec are the extra arguments of cuTensorMapEncodeIm2col, spelled in
// the spec as pixel_box_lower, pixel_box_upper (rank-2 entries each, W
// first), channels_per_pixel and pixels_per_column.
type Im2colSpec struct {
	PixelBoxLower    []int32
	PixelBoxUpper    []int32
	ChannelsPerPixel uint32
	PixelsPerColumn  uint32
}

// Spec names of the enumerations, indexed by the driver's enum value.
var (
	TensorMapDTypeNames = []string{"u8", "u16", "u32", "s32", "u64", "s64", "f16", "f32", "f64", "bf16", "f32_ftz", "tf32", "tf32_ftz"}
	InterleaveNames     = []string{"none", "16B", "32B"}
	SwizzleNames        = []string{"none", "32B", "64B", "128B"}
	L2PromotionNames    = []string{"none", "64B", "128B", "256B"}
	OOBFillNames        = []string{"zero", "nan"}
)

// Address is the map's global address for a buffer at base.
func (t *TensorMapSpec) Address(base uint64) uint64 { return base + t.Offset }

// Rank is the number of dimensions.
func (t *TensorMapSpec) Rank() int { return len(t.Dims) }

// FieldPos is the position of a field's value ("dims", "box", ...; "buffer"),
// or of the map's name when the field was not written.
func (t *TensorMapSpec) FieldPos(field string) Pos {
	if p, ok := t.fieldPos[field]; ok {
		return p
	}
	return t.Pos
}

// TensorMap returns the named map, or nil.
func (s *Spec) TensorMap(name string) *TensorMapSpec {
	for i := range s.TensorMaps {
		if s.TensorMaps[i].Name == name {
			return &s.TensorMaps[i]
		}
	}
	return nil
}

func tensorMapList(s *Spec) string {
	if len(s.TensorMaps) == 0 {
		return "the spec has no tensormaps"
	}
	var names []string
	for _, t := range s.TensorMaps {
		names = append(names, t.Name)
	}
	return "tensormaps: " + strings.Join(names, ", ")
}

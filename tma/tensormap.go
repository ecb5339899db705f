package tma

import "fmt"

// DType is a CUtensorMapDataType value.
type DType uint8

// Data types, numbered as CUtensorMapDataType (sm_90 subset).
const (
	U8 DType = iota
	U16
	U32
	S32
	U64
	S64
	F16
	F32
	F64
	BF16
	F32FTZ
	TF32
	TF32FTZ
	NumDTypes = iota
)

var dtypeNames = [NumDTypes]string{"u8", "u16", "u32", "s32", "u64", "s64", "f16", "f32", "f64", "bf16", "f32_ftz", "tf32", "tf32_ftz"}

var dtypeSizes = [NumDTypes]int{1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4}

func (d DType) String() string {
	if d < NumDTypes {
		return dtypeNames[d]
	}
	return fmt.Sprintf("dtype(%d)", uint8(d))
}

// Size is the element size in bytes (0 for an unknown type).
func (d DType) Size() int {
	if d < NumDTypes {
		return dtypeSizes[d]
	}
	return 0
}

// IsFloat reports whether NaN OOB fill is allowed for d.
func (d DType) IsFloat() bool { return d >= F16 && d < NumDTypes }

// DTypeByName is the inverse of String.
func DTypeByName(s string) (DType, bool) {
	for i, n := range dtypeNames {
		if n == s {
			return DType(i), true
		}
	}
	return 0, false
}

// Enumerations of the other map fields, numbered as the driver's enums.
type (
	Interleave  uint8 // CUtensorMapInterleave: none, 16B, 32B
	Swizzle     uint8 // CUtensorMapSwizzle: none, 32B, 64B, 128B
	L2Promotion uint8 // CUtensorMapL2promotion: none, 64B, 128B, 256B
	OOBFill     uint8 // CUtensorMapFloatOOBfill: zero (NONE), nan (NAN_REQUEST_ZERO_FMA)
)

// Enum values.
const (
	InterleaveNone Interleave = 0
	Interleave16B  Interleave = 1
	Interleave32B  Interleave = 2

	SwizzleNone Swizzle = 0
	Swizzle32B  Swizzle = 1
	Swizzle64B  Swizzle = 2
	Swizzle128B Swizzle = 3

	L2None L2Promotion = 0
	L2_64B L2Promotion = 1

	OOBZero OOBFill = 0
	OOBNaN  OOBFill = 1
)

// Names as the launch spec writes them, indexed by the enum value.
var (
	InterleaveNames  = []string{"none", "16B", "32B"}
	SwizzleNames     = []string{"none", "32B", "64B", "128B"}
	L2PromotionNames = []string{"none", "64B", "128B", "256B"}
	OOBFillNames     = []string{"zero", "nan"}
)

// TensorMap is a tiled (or im2col) tensor map, field for field what
// cuTensorMapEncodeTiled takes. Slices have Rank entries (Strides Rank-1).
type TensorMap struct {
	DType          DType
	Rank           int
	GlobalAddress  uint64
	Dims           []uint64 // innermost first
	Strides        []uint64 // bytes, for dims 1..Rank-1
	Box            []uint32
	ElementStrides []uint32
	Interleave     Interleave
	Swizzle        Swizzle
	L2Promotion    L2Promotion
	OOBFill        OOBFill
	// RoundTF32: loads round every in-bounds 4-byte element to tf32
	// (RoundTF32 below). Encode sets it for maps of type TF32/TF32FTZ;
	// tensormap.replace .elemtype := tf32/tf32.ftz sets it, and a later
	// .elemtype edit does not clear it (measured: a tf32 map made .f32
	// still rounds; tools/record/tmap_replace_probe.cu).
	RoundTF32 bool
	// Im2col is set for maps made by cuTensorMapEncodeIm2col.
	Im2col *Im2colParams
}

// Im2colParams are the extra fields of an im2col map.
type Im2colParams struct {
	LowerCorner      []int32 // pixel box lower corner, W first (Rank-2 entries)
	UpperCorner      []int32
	ChannelsPerPixel uint32
	PixelsPerColumn  uint32
}

// Tiled returns a map with the defaults (element strides 1, no interleave,
// swizzle, promotion, zero fill).
func Tiled(d DType, addr uint64, dims, strides []uint64, box []uint32) TensorMap {
	es := make([]uint32, len(dims))
	for i := range es {
		es[i] = 1
	}
	return TensorMap{DType: d, Rank: len(dims), GlobalAddress: addr, Dims: dims, Strides: strides, Box: box, ElementStrides: es}
}

// BoxElems is the number of elements a copy moves along dimension i:
// ceil(Box[i] / ElementStrides[i]) (ElementStrides[0] ignored unless
// interleaved). For an interleaved tiled map the elements of dimension 0
// are interleave chunks and dimension Rank-2 moves one (box.go).
func (t *TensorMap) BoxElems(i int) int {
	if t.interleavedTile() && i == t.Rank-2 {
		return 1
	}
	s := int(t.ElementStrides[i])
	if i == 0 && t.Interleave == InterleaveNone {
		s = 1
	}
	return (int(t.Box[i]) + s - 1) / s
}

// BoxBytes is the byte size of one box in shared memory (the complete_tx
// amount of a load); for im2col maps pixels per column x channels per pixel
// x element size; for interleaved maps the chunk size replaces the element
// size in dimension 0 (box.go).
func (t *TensorMap) BoxBytes() int {
	n := t.DType.Size()
	if p := t.Im2col; p != nil {
		return n * int(p.ChannelsPerPixel) * int(p.PixelsPerColumn)
	}
	if t.interleavedTile() {
		n = t.ChunkBytes()
	}
	for i := 0; i < t.Rank; i++ {
		n *= t.BoxElems(i)
	}
	return n
}

// RoundTF32 is what a TMA load with a tf32 map writes for the f32 bits v
// (measured on an H200, tools/record/tmap_replace_probe.cu): rounded to
// nearest even at bit 13 (the low 13 bits cleared), overflow to
// infinity, subnormals rounded and not flushed (tf32_ftz too), every NaN
// 0x7fffe000.
func RoundTF32(v uint32) uint32 {
	if v&0x7f800000 == 0x7f800000 && v&0x7fffff != 0 {
		return 0x7fffe000
	}
	return (v + 0xfff + (v>>13)&1) &^ 0x1fff
}

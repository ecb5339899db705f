package driver

import "fmt"

// TensorMapBytes is the size of a CUtensorMap (64-byte aligned in memory).
const TensorMapBytes = 128

// TensorMapArgs are the arguments of cuTensorMapEncodeTiled (or, with
// Im2col set, cuTensorMapEncodeIm2col) except the output. The enumerations
// hold the driver's values (cuda.h, all numbered from 0): DType
// CUtensorMapDataType (u8 0, u16 1, u32 2, s32 3, u64 4, s64 5, f16 6,
// f32 7, f64 8, bf16 9, f32_ftz 10, tf32 11, tf32_ftz 12), Interleave
// CUtensorMapInterleave (none, 16B, 32B), Swizzle CUtensorMapSwizzle (none,
// 32B, 64B, 128B), L2Promotion CUtensorMapL2promotion (none, 64B, 128B,
// 256B), OOBFill CUtensorMapFloatOOBfill (none, NAN_REQUEST_ZERO_FMA).
type TensorMapArgs struct {
	DType          int
	GlobalAddress  uint64
	Dims           []uint64 // globalDim, innermost first; the rank is len(Dims)
	Strides        []uint64 // globalStrides in bytes, dims 1..rank-1
	Box            []uint32 // boxDim (tiled maps only; not passed for im2col)
	ElementStrides []uint32
	Interleave     int
	Swizzle        int
	L2Promotion    int
	OOBFill        int
	// Im2col, when set, selects cuTensorMapEncodeIm2col with these extra
	// arguments (Box is then ignored).
	Im2col *Im2colArgs
}

// Im2colArgs are the arguments cuTensorMapEncodeIm2col takes in place of
// boxDim: the pixel box corners (rank-2 entries each, W first) and the
// bounding box of one column.
type Im2colArgs struct {
	PixelBoxLower    []int32
	PixelBoxUpper    []int32
	ChannelsPerPixel uint32
	PixelsPerColumn  uint32
}

// Call is the driver entry point that encodes these arguments.
func (a *TensorMapArgs) Call() string {
	if a.Im2col != nil {
		return "cuTensorMapEncodeIm2col"
	}
	return "cuTensorMapEncodeTiled"
}

// check verifies the slice lengths (the driver reads rank entries from each
// array; anything shorter would be read past its end).
func (a *TensorMapArgs) check() error {
	r := len(a.Dims)
	bad := func(format string, args ...any) error {
		return &Error{Call: a.Call(), Code: -1, Name: "BAD_ARGUMENTS", Detail: fmt.Sprintf(format, args...)}
	}
	if m := a.Im2col; m != nil {
		if r < 3 || r > 5 || len(a.Strides) != r-1 || len(a.ElementStrides) != r ||
			len(m.PixelBoxLower) != r-2 || len(m.PixelBoxUpper) != r-2 {
			return bad("an im2col map of rank %d (3..5) needs %d strides, %d element strides and %d-entry pixel box corners (got %d, %d, %d, %d)",
				r, r-1, r, r-2, len(a.Strides), len(a.ElementStrides), len(m.PixelBoxLower), len(m.PixelBoxUpper))
		}
		return nil
	}
	if r < 1 || r > 5 || len(a.Strides) != r-1 || len(a.Box) != r || len(a.ElementStrides) != r {
		return bad("rank %d needs %d strides, %d box and element strides (got %d, %d, %d)",
			r, r-1, r, len(a.Strides), len(a.Box), len(a.ElementStrides))
	}
	return nil
}

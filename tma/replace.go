package tma

import (
	"encoding/binary"
	"fmt"
)

// ptxElemTypes maps tensormap.replace's .elemtype numbering (PTX ISA: .u8=0
// .u16 .u32 .s32 .u64 .s64 .f16 .f32 .f32.ftz .f64 .bf16 .tf32 .tf32.ftz=12)
// to CUtensorMapDataType. An H200 loads 1, 2, 4, 4, 8, 8, 2, 4, 4, 8, 2, 4, 4
// bytes per element for new values 0..12 (tools/record/tmap_replace_probe.cu
// cases 37-49), so this numbering, not the driver's, is what ptxas encodes.
var ptxElemTypes = [...]DType{U8, U16, U32, S32, U64, S64, F16, F32, F32FTZ, F64, BF16, TF32, TF32FTZ}

// strideField is the width of a stride as the hardware holds it: bytes >> 4
// in 36 bits (ptxas stores the low 32 bits and a 4-bit high nibble), so
// strides below 2^40.
const strideField = 36

// Replace is tensormap.replace.tile on an encoded map in place: field is
// the PTX field name (global_address, rank, box_dim, global_dim,
// global_stride, element_stride, elemtype, interleave_layout, swizzle_mode,
// fill_mode), ord the dimension ordinal where the field takes one, v the new
// value as PTX defines it. What an H200 showed (driver-encoded maps edited
// with nvcc 13.0 / ptxas 13.0, tools/record/tmap_replace_probe.cu and
// validation/testdata/tma_replace, 2026-11-25; the same for PTX .version
// 8.3, 8.4, 8.5 and 9.0):
//
//   - .global_address: the address itself (a load with one that is not
//     16-byte aligned raised MISALIGNED_ADDRESS; checked when a copy uses
//     the map).
//   - .rank: the rank minus one (1 on a rank-3 map gives rank 2; 0 gives 1).
//   - .global_dim, .box_dim, .element_stride: the count itself (global_dim
//     20 clips at column 20, box_dim 4 loads 4 rows, element_stride 2 every
//     second row). ptxas stores count - 1 (32, 8 and 3 bits): box_dim 0
//     wraps to 256 (the load then wrote past shared memory:
//     ILLEGAL_ADDRESS), global_dim 0 raised ILLEGAL_INSTRUCTION at the load,
//     so it is an error here.
//   - .global_stride: the stride in BYTES of dimension ord+1 (64, 16, 2048
//     and 4096 gave those strides), not bytes >> 4 as CUTLASS passed it
//     before CUDA 12.5; ptxas shifts it right by 4, so the low 4 bits are
//     dropped (1032 loaded like 1024).
//   - .elemtype: the PTX numbering above; .swizzle_mode and .fill_mode: the
//     driver's enum values (swizzle 0..3 = none, 32B, 64B, 128B; fill 1 =
//     NaN). .interleave_layout 0, 1 and 2 (none, 16B, 32B) set the layout
//     (interleaved edits replay the H200's images: box.go).
//
// The map is not validated here; a copy that uses it validates it.
func Replace(b []byte, field string, ord int, v uint64) error {
	le := binary.LittleEndian
	if len(b) < Size || le.Uint32(b) != magic || b[4] != version {
		return ErrNotTensorMap
	}
	if ord < 0 || ord > 4 {
		return fmt.Errorf("tensormap.replace: ordinal %d is out of range 0..4", ord)
	}
	setBits := func(shift, width uint, max uint64) error {
		if v > max {
			return fmt.Errorf("tensormap.replace .%s: value %d is out of range 0..%d", field, v, max)
		}
		mask := byte((1<<width - 1) << shift)
		b[offModes] = b[offModes]&^mask | byte(v)<<shift
		return nil
	}
	switch field {
	case "global_address":
		le.PutUint64(b[offAddr:], v)
	case "rank":
		if v > 4 {
			return fmt.Errorf("tensormap.replace .rank: rank-1 value %d is out of range 0..4", v)
		}
		b[offRank] = byte(v)
	case "box_dim":
		b[offBox+ord] = byte(v - 1)
	case "global_dim":
		if uint32(v) == 0 {
			return fmt.Errorf("tensormap.replace .global_dim %d: a dimension of 0 (an H200 raised ILLEGAL_INSTRUCTION at the next load)", ord)
		}
		le.PutUint32(b[offDims+4*ord:], uint32(v)-1)
	case "global_stride":
		if ord > 3 {
			return fmt.Errorf("tensormap.replace .global_stride: ordinal %d is out of range 0..3", ord)
		}
		le.PutUint64(b[offStrides+8*ord:], (v>>4)&(1<<strideField-1)<<4)
	case "element_stride":
		b[offEStrides+ord] = byte(v-1) & 7
	case "elemtype":
		if v >= uint64(len(ptxElemTypes)) {
			return fmt.Errorf("tensormap.replace .elemtype: %d is not a PTX element type (0..12)", v)
		}
		b[offDType] = byte(ptxElemTypes[v])
		if v == 11 || v == 12 {
			b[offFlags] |= 1 // tf32 rounding stays through later elemtype edits
		}
	case "interleave_layout":
		// The map's other fields keep their values and are read under the
		// interleaved rule (box.go: dimension 0 in 16/32-byte chunks, one
		// plane of dimension rank-2): probe cases 61, 62, 94 and 95 of
		// tmap_replace_probe.cu replay bit-exactly.
		return setBits(0, 2, 2)
	case "swizzle_mode":
		return setBits(2, 2, 3)
	case "fill_mode":
		return setBits(6, 1, 1)
	default:
		return fmt.Errorf("tensormap.replace: unknown field .%s", field)
	}
	return nil
}

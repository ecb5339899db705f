package tma

import (
	"encoding/binary"
	"fmt"
)

// ptxElemTypes maps tensormap.replace's .elemtype numbering (PTX ISA: .u8=0
// .u16 .u32 .s32 .u64 .s64 .f16 .f32 .f32.ftz .f64 .bf16 .tf32 .tf32.ftz=12)
// to CUtensorMapDataType.
var ptxElemTypes = [...]DType{U8, U16, U32, S32, U64, S64, F16, F32, F32FTZ, F64, BF16, TF32, TF32FTZ}

// Replace is tensormap.replace.tile on an encoded map in place: field is
// the PTX field name (global_address, rank, box_dim, global_dim,
// global_stride, element_stride, elemtype, interleave_layout, swizzle_mode,
// fill_mode), ord the dimension ordinal where the field takes one, v the new
// value as PTX defines it (rank - 1 for .rank; the stride in bytes >> 4 for
// .global_stride, as CUTLASS passes it, UNCONFIRMED). The map is not
// validated here; a copy that uses it validates it.
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
		le.PutUint32(b[offDims+4*ord:], uint32(v-1))
	case "global_stride":
		if ord > 3 {
			return fmt.Errorf("tensormap.replace .global_stride: ordinal %d is out of range 0..3", ord)
		}
		le.PutUint64(b[offStrides+8*ord:], v<<4)
	case "element_stride":
		b[offEStrides+ord] = byte(v - 1)
	case "elemtype":
		if v >= uint64(len(ptxElemTypes)) {
			return fmt.Errorf("tensormap.replace .elemtype: %d is not a PTX element type (0..12)", v)
		}
		b[offDType] = byte(ptxElemTypes[v])
	case "interleave_layout":
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

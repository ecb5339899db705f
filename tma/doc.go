// Package tma is the Tensor Memory Accelerator's pure part: tensor maps
// (TensorMap, validated with cuTensorMapEncodeTiled's documented rules and
// encoded into the simulator's own 128-byte CUtensorMap format), and the
// box address generation of cp.async.bulk.tensor in tile and im2col mode
// with the shared-memory swizzle (ptx-facts.md §3, §5, §6).
//
// It imports smem (the swizzle function) and nothing else of the project.
//
// # Encoding
//
// The driver's CUtensorMap layout is not public, so the simulator writes its
// own (Encode) and reads only that (Decode). All little-endian:
//
//	off size field
//	  0  4   magic 0x4D543953 ("S9TM")
//	  4  1   version (1)
//	  5  1   rank - 1 (0..4)
//	  6  1   data type (CUtensorMapDataType value)
//	  7  1   interleave (bits 0-1), swizzle (bits 2-3), L2 promotion (bits 4-5), OOB fill (bit 6), im2col (bit 7)
//	  8  8   global address
//	 16 20   globalDim[0..4] - 1, u32 each (unused dims 0)
//	 40 32   globalStrides[0..3] (dims 1..4) in bytes, u64 each
//	 72  5   boxDim[0..4] - 1, u8 each
//	 77  5   elementStrides[0..4] - 1, u8 each
//	 82  6   im2col pixel box lower corner (W, H, D), s16 each
//	 88  6   im2col pixel box upper corner (W, H, D), s16 each
//	 94  2   reserved (0)
//	 96  4   im2col channels per pixel
//	100  4   im2col pixels per column
//	104  1   flags: bit 0 = loads round f32 data to tf32 (TensorMap.RoundTF32)
//	105 23   reserved (0)
//
// Anything without the magic and version is "not a tensor map". Decode does
// not validate: tensormap.replace can write any field, so the rules are
// checked again when a copy uses the map.
package tma

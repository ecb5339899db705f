// Package tma is the Tensor Memory Accelerator's pure part: tensor maps
// (TensorMap, validated with cuTensorMapEncodeTiled's documented rules and
// encoded into the simulator's own 128-byte CUtensorMap format), and the
// box address generation of cp.async.bulk.tensor in tile and im2col mode
// with the shared-memory swizzle (ptx-facts.md §3, §5, §6).
//
// It imports smem (the swizzle function) and nothing else of the project.
//
// # Box layout
//
// A tile-mode copy moves ceil(boxDim[i] / elementStrides[i]) elements along
// each dimension i, dimension 0 fastest, densely packed in shared memory
// (rows padded to the swizzle span when narrower), the swizzle applied to
// the absolute shared address (TileBox, box.go; ptx-facts §5.2).
//
// Interleaved maps (interleave 16B / 32B) follow what an H200 did with
// driver-encoded maps (tools/record/tma_interleave_probe.cu, 2026-11-25; the
// driver encodes dims, strides and box exactly as without interleave, only
// the interleave field differs):
//
//   - dimension 0 counts chunks of 16 (32) bytes: its coordinate, boxDim[0],
//     elementStrides[0] and globalDim[0] are in chunks, and chunk g sits at
//     byte 16g (32g) of its row. boxDim[0] * element size must still be a
//     multiple of 16 bytes for the driver, so a u32 box of 4 loads 4 chunks
//     (64 bytes), not one;
//   - dimension Rank-2 moves one element whatever its boxDim (its coordinate
//     and stride still count): a rank-3 box [4, 3, 2] is one row of 4 chunks
//     in each of 2 planes;
//   - rows are packed n_0 chunks apart, never padded to the swizzle span,
//     and swizzled on the absolute address like any box; a chunk is in or
//     out of bounds (zero or NaN fill) as a whole;
//   - complete_tx = chunk bytes x n_0 x the other dimensions' counts;
//     stores and reductions walk the same box and skip out-of-bounds chunks;
//   - c0 needs no 16-byte alignment (it counts chunks); 32B interleave works
//     with every swizzle (the driver takes them all, despite its
//     documentation), and the inner box may be wider than the swizzle span.
//
// A copy with globalDim[0] above 2^31 faults on the GPU, interleaved or not
// (CheckCoords). im2col maps with interleave are not modelled.
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

package wgmma

// # Sparse tensor-core forms (wgmma.mma_async.sp, mma.sp)
//
// Sources: PTX ISA 9.x, sections "Sparse matrix storage" (warp level,
// #warp-level-sparse-matrix-storage, and warpgroup level,
// #asynchronous-warpgroup-level-sparse-matrix-storage), "Matrix fragments
// for multiply-accumulate operation with sparse matrix A"
// (#warp-level-matrix-fragments-for-sparse-mma), "Matrix fragments for
// warpgroup-level multiply-accumulate operation with sparse matrix A" and
// the instruction pages of mma.sp / mma.sp::ordered_metadata and
// wgmma.mma_async.sp; CUTLASS include/cute/atom/mma_traits_sm90_gmma_sparse.hpp
// (ELayout_64x16/32/64, the metadata layouts of sparse GMMA) and
// include/cute/arch/mma_sm90_gmma_sparse.hpp. The metadata bit layouts are
// figures in the PTX ISA; the text states only which threads hold them.
// Everything below marked MEASURED was confirmed on an H200 with
// validation/testdata/sp_* (tools/record/gen_sparse.py, record_sparse.sh):
// random valid metadata in every thread, so a wrong thread or bit would
// show.
//
// Syntax (sm_90a):
//
//	wgmma.mma_async.sp.sync.aligned.m64nNkK.dtype.atype.btype d, a-desc|{a0..a3}, b-desc,
//	    sp-meta, sp-sel, scale-d[, imm-scale-a, imm-scale-b[, imm-trans-a,] imm-trans-b];
//	mma.sp{::ordered_metadata}.sync.aligned.m16n8kK.row.col{.satfinite}.dtype.atype.btype.ctype
//	    d, a, b, c, e, f;        (e: metadata register, f: selector immediate)
//
// K is twice the dense K: wgmma k32 (f16, bf16), k16 (tf32), k64 (e4m3,
// e5m2, s8, u8; no b1); mma.sp m16n8k16/k32 (f16, bf16; .dtype = .ctype),
// k8/k16 (tf32), k64 (e4m3/e5m2 -> f32; f16 needs sm_120), k32/k64 (s8/u8),
// k64/k128 (s4/u4). N and the accumulator layouts are the dense ones.
//
// Storage: A is M x K/2, held exactly like the dense A of K/2 (shared-memory
// descriptor layouts, the RS registers, the mma.sync fragment tables);
// MEASURED for SS, RS, both majorness (f16) and every mma.sp shape. B is
// the dense B of K (a K-major row of a wgmma.sp B is 64 bytes: with 128B or
// 64B swizzle or none (LBO steps the 16-byte core matrices along K) it is
// the dense layout extended, MEASURED for 128B and none; the executor
// rejects 32B swizzle, where the step to the next atom along K is unknown).
//
// Metadata: each chunk of a row of A (4 logical elements for 2:4, 2 for
// tf32 1:2, 8 for s4/u4 pairs) has one 4-bit nibble: two 2-bit indices, the
// low one for the first stored element of the chunk, the high one for the
// second (s4: indices of 2-element pairs). Valid: the two indices differ
// (0b0000, 0b0101, 0b1010, 0b1111 are undefined); tf32 allows only 0b0100
// (element 0) and 0b1110 (element 1). mma.sp::ordered_metadata also needs
// increasing indices. Plain mma.sp and wgmma.sp with decreasing indices
// (e.g. 0b0001) place the elements accordingly: MEASURED (every form but
// ::ordered_metadata was recorded with all 12 valid 2:4 nibbles).
// The executor reports an undefined nibble in a thread whose metadata is
// used as an error; an undefined selector is a compile error.
//
// Which thread and bits hold the nibble of chunk c of row r (g = r%8,
// h = (r%16)/8, quad = 4g within the warp; wgmma: warp r/16 of the
// warpgroup), all MEASURED:
//
//	one thread per quad (mma.sp f16/bf16 k16, tf32 k8; selector 0..3):
//	    lane 4g + sel, bits 16h + 4c
//	a thread pair, float (mma.sp f16/bf16 k32, tf32 k16; wgmma f16/bf16/tf32;
//	selector 0: T0,T1, 1: T2,T3): lane 4g + 2sel + c/4, bits 16h + 4(c%4)
//	a thread pair, integer (mma.sp s8/u8 k32, s4/u4 k64; selector 0 or 1):
//	    lane 4g + 2sel + h, bits 4c
//	all four threads (mma.sp e4m3/s8 k64, s4 k128, wgmma fp8/int8; selector 0):
//	    lane 4g + h + 2(c/8), bits 4(c%8)
//
// The float pair layout is CUTLASS's ELayout_64x32 / 64x16 (thread bit 0
// selects the K half), the four-thread one ELayout_64x64 (bit 0 the row
// half, bit 1 the K half). The integer pair layout of mma.sp differs from
// the float one (bit 0 selects the row half, not the K half): the first
// recording with the float layout missed 4079-4096 of 4096 outputs per
// integer form.
//
// Numerics (the block-FMA model of doc.go on A expanded with zeros; zeros
// never set a group's exponent): the SASS is native (HGMMA.SP, QGMMA.SP,
// IGMMA.SP; HMMA.SP.16816/16832, IMMA.SP.16832/16864).
//
//   - wgmma.sp, float: ONE group over the whole sparse K (32 f16/bf16, 16
//     tf32, 64 fp8: all its K/2 products at once), adder and result widths
//     as dense. MEASURED bit-exact for every recorded variant (f32 and f16
//     accumulators); two groups of the dense size miss about a third.
//   - mma.sp f16/bf16/tf32: one HMMA.SP per instruction, one group over its
//     K (m16n8k32: all 16 products at once). MEASURED.
//   - mma.sp e4m3/e5m2 (m16n8k64 -> f32): converted to f16, two
//     HMMA.SP.16832 over the even and then the odd 4-wide chunks (k bit 2),
//     chained from zero, then C added by one f32 RN add. MEASURED for all
//     four mixes (the dense rule's k-bit-1 split misses 4-16 of 4096 with
//     e5m2 inputs).
//   - Integer: exact (s4/u4 run as IMMA.SP on s8/u8).

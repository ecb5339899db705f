// Package wgmma holds the pure parts of Hopper's warpgroup matrix
// multiply-accumulate (wgmma.mma_async, sm_90a): the legal forms and shapes
// (m64nNk{8,16,32,256}), shared-memory matrix descriptors and the address
// of each operand element under every swizzle mode and majorness, the
// accumulator and RS A-operand register fragments, and the tensor-core
// arithmetic itself (MMA.Run), and the sparse forms (wgmma.mma_async.sp:
// Form.Sparse, metadata layout and expansion in sparse.go, rules, sources
// and measurements in sparse_doc.go; the warp-level mma.sp shares them).
//
// It imports only the standard library; it must not import ptx, ptx/exec,
// sim or cmd. The executor (ptx/exec/wgmma*.go) gathers operands from
// registers and shared memory with these layouts and scatters the results.
//
// # Sources
//
// Layouts: /work/shared/docs/ptx-facts.md §1-§3 (PTX ISA and CUTLASS/CuTe).
// The b1 A-register fragment and the meaning of a nonzero descriptor base
// offset (subtracted from address bits 7-9 before the swizzle XOR here) are
// UNCONFIRMED.
//
// # Numerics model (FloatParams)
//
// Integer forms are exact: D = C + sum(a*b) computed in 64 bits, wrapped
// to s32, or clamped with .satfinite; b1 adds popc(a AND b) (or XOR).
//
// Float forms follow the block-FMA model of hopper-numbers §5 (Fasi et al.
// 2021; Khattak & Mikaitis, MATLAB-tensor-core H100TC.m; Hawkeye,
// badasherez/gpu-simulator): exact products, alignment of all terms of a
// group (and the incoming accumulator) to the group's largest unnormalized
// product exponent by truncation to a fixed width, an exact fixed-width
// sum, then one normalization by truncation (f32) or RNE (f16). The
// parameters per input type are FloatParams fields with these defaults:
//
//	input      group  adder bits (23+ExtraBits)  floor  f32 result bits  status
//	f16/bf16   16     25 fraction (+carries)      -133   24               MEASURED: bit-exact on an H200 (SS,
//	                                                                       m64n{8,64,256}k16 -> f32, wide exponent
//	                                                                       spread, nonzero C: 114,688 of 114,688;
//	                                                                       TestGPURecording); published: H100TC.m,
//	                                                                       Hawkeye
//	tf32       8      25                          -133   24               MEASURED: bit-exact on an H200 (SS,
//	                                                                       m64n{8,64,256}k8, nonzero C, half the
//	                                                                       inputs with nonzero low 13 bits, which
//	                                                                       are ignored): 90,112 of 90,112
//	e4m3/e5m2  32     13                          -139   14               MEASURED: bit-exact on an H200 for all
//	                                                                       four mixes -> f32 and -> f16 (SS,
//	                                                                       m64n{8,64,256}k32, nonzero C): 90,112
//	                                                                       of 90,112 each; published: H100TC.m,
//	                                                                       Hawkeye fp8, DeepSeek-V3. NOT the
//	                                                                       mma.sync fp8 split (two f16 HMMAs,
//	                                                                       then C in f32 RN): that matches <0.1%
//	f16 accumulator: RNE from the exact group sum, floor -21               MEASURED for f16 and fp8 inputs (90,112
//	                                                                       of 90,112 each); the floor is not reached
//
// Integer forms: MEASURED bit-exact on an H200: s8/u8 (four mixes) with
// and without .satfinite (C near INT32_MIN/MAX: wrap and clamp both
// exercised) and b1 .and.popc, m64n{8,64,256}, 90,112 of 90,112 each.
// The recordings of these types are testdata/typeprobe; TestGPURecordingTypes
// replays them and TestGPURecordingTypesSensitivity shows which parameters
// they pin (group size, adder width, f32 result width, f16 RNE: yes; the
// floors: no; the adder width with f16 inputs and an f16 accumulator: barely,
// 3-8 outputs per bit).
//
// Choices of this package, UNCONFIRMED: an exactly zero sum is +0; a
// negative result that truncates to zero is -0; NaN results are the
// canonical 0x7fffffff / 0x7fff; a finite sum beyond the f32 range is Inf
// (as in H100TC.m, not the largest finite value of IEEE RZ).
//
// Not yet measured here: the floor exponents (in no recorded group is the
// floor above every term, and no result is subnormal), Inf/NaN/overflow, zero signs,
// the dense RS form and MN-major operands (both MEASURED for the sparse
// forms: validation/testdata/sp_wgmma_*, sparse_doc.go), b1 .xor.popc, and
// more than one group per instruction for tf32/fp8 (their group is the
// whole K). The recordings are testdata/gpuprobe and testdata/typeprobe
// (READMEs there).
//
// # Speed
//
// With a group that is the whole K (the published parameters) the fast
// path (fast.go) evaluates the same model for f32 and f16 accumulators:
// each product is an exact float64, scaled by the power of two that puts
// the group LSB at 1 and truncated by a float->int conversion; integer
// sums are exact; f32 results are truncated, f16 results rounded to
// nearest even from the exact sum. Operands are decoded once per call
// (8-bit formats by table, decoder.go; f16/bf16/tf32 four at a time with
// AVX2, decvec.go). The group exponents max_k ea+eb of a row are computed
// for all columns at once on small integer codes packed in lanes
// (swar.go). On amd64 with AVX2 an assembly kernel (vec.go, vec_amd64.s)
// computes every row of the call 4 elements at a time and encodes f32
// results by masking exact float64 values, f16 results (F16C) by rounding
// to odd at 24 bits and then VCVTPS2PH (with AVX-512F, vec512_amd64.s does
// the float64 work of eight elements in one ZMM register, and with AVX-512
// BW/DQ/VL and N a multiple of 16 vec512x16_amd64.s sixteen elements at a
// time: the same operations, the same bits); elsewhere, or with -tags
// purego, a
// scalar Go loop does it (A rows pre-scaled per distinct group exponent).
// Inf/NaN operands or accumulators, and on the vector path results outside
// the normal f32 range, go through the integer reference (floatRun.group),
// which every other parameter set uses. TestFastPathDifferential compares
// both fast paths with the reference on random operands (zeros,
// subnormals, extremes, Inf/NaN, cancellation, f16 floors that are
// reached) for every float form; TestGPURecording runs both.
//
// s8/u8 (int_fast.go) pack two B columns in one int64 so that one 64-bit
// multiply-add serves two dot products (TestIntFastMatchesReference); b1
// is popcounts of whole words. UnpackA turns the RS fragment registers
// into Run's A layout through an index table.
//
// BenchmarkWgmma<A><B><D><SS|RS> (bench_test.go) time every type
// combination at N = 8, 64 and 256 (with .satfinite, .xor) and report
// GFLOP/s on one core (wall and CPU time).
package wgmma

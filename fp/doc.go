// Package fp implements the floating-point numerics of PTX (ISA 9.0) for
// sm_90a as pure functions on raw bit patterns: f64, f32, f16, bf16, tf32 and
// the OCP fp8 formats e4m3 / e5m2.
//
// What it owns:
//   - exact IEEE arithmetic (add, sub, mul, fma, div, rcp, sqrt) in every PTX
//     rounding mode (.rn .rz .rm .rp, and .rna where PTX has it), with
//     subnormals, signed zeros, overflow to inf or max-finite per mode, and the
//     PTX modifiers .ftz, .sat, .relu, .satfinite;
//   - PTX min/max (.NaN, .xorsign.abs, -0 < +0), abs/neg/copysign bit ops,
//     testp classification;
//   - cvt between all float formats, float<->integer (saturating, NaN -> 0),
//     and round-to-integral;
//   - approximate functions (approx.go), composed from MUFU primitives the
//     way ptxas emits them for sm_90a; the primitives RCP, RSQ, SQRT, EX2,
//     LG2, SIN, COS, TANH, RCP64H, RSQ64H are bit-exact models of the
//     hardware's table interpolator (mufu_exact.go, mufu_tanh.go,
//     mufu_interp.go, tables generated into mufu_coef.go by tools/mufu;
//     equal to an H200 on all 2^32 inputs).
//   - the NaN policy (nan.go): which bit pattern a NaN result has. f32/f16/
//     bf16 arithmetic returns one canonical NaN; f64 propagates the NaN
//     operand (quieted) and returns 0xFFF8000000000000 for invalid ops. The
//     rules were recorded on a Hopper GPU (testdata/gpuprobe); choices not
//     covered by the recording are marked UNCONFIRMED there.
//
// Design: values in, values out; no state, no globals except constant tables,
// no panics for any input bit pattern. Go float arithmetic is only used where
// it is provably correctly rounded for the target (RN fast paths); directed
// rounding goes through an exact integer rounding core (round.go) fed with
// either an exact value or a "round-to-odd" float64 (odd.go), or, for f64
// directed-mode cases the error-free transforms cannot cover, math/big
// (exact64.go).
//
// Imports: only the Go standard library. fp must not import any other package
// of this project; everyone else may import fp.
package fp

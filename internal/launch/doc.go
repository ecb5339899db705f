// Package launch reads a launch spec (launch.yaml) and turns it into what a
// run needs: the grid/block/cluster geometry, device buffers (from .npy files
// or seeded initializers), the packed .entry parameter block, the outputs to
// write and how to compare them with a GPU's. The simulator's CLI and the GPU
// runner both call it, so the same spec gives both the same bytes.
//
// It may import ptx (for ptx.Param), fp (float rounding) and internal/npy;
// it must not import the model packages (sim, smem, tma, wgmma, ...). With
// cmd, it is the only place that reads files.
//
// # The spec
//
//	kernel: int_mix              # .entry name; optional if the file has one
//	grid: [16, 1, 1]             # 1 to 3 numbers accepted, missing ones are 1
//	block: [256, 1, 1]
//	cluster: [1, 1, 1]           # optional; present means an explicit cluster launch
//	non_portable_cluster: false  # optional
//	shared_bytes: 0              # dynamic shared memory, optional (default 0)
//	seed: 1                      # for random initializers, optional (default 0), u64
//	buffers:                     # device memory; unused buffers are allowed; order matters (see init)
//	  in:  {file: in.npy}                        # dtype and shape from the .npy; relative paths are relative to the spec
//	  out: {dtype: u32, shape: [65536]}          # zero-filled
//	  w:   {dtype: f16, shape: [64, 64], init: uniform, low: -1, high: 1}
//	  idx: {dtype: s32, shape: [100], init: iota}
//	  maps: {tensormaps: [tA]}   # the encoded maps, 128 bytes each in order (each back end encodes its own)
//	params:                      # the .entry parameters, in order; each must have the param's byte size
//	  - {buffer: in}             # the buffer's 64-bit device address
//	  - {buffer: out, offset: 16}  # optional byte offset added to the address
//	  - {u32: 4096}              # scalars: u8 u16 u32 u64 s8 s16 s32 s64 f16 bf16 f32 f64 (numbers, or "0x..." strings = raw bits, "inf", "-inf", "nan")
//	  - {bytes: 16, hex: "00ff0000000000000000000000000000"}   # raw bytes for a struct param
//	  - {tensormap: tA}          # a 128-byte __grid_constant__ CUtensorMap
//	  - {bytes: 256, fields: [{offset: 0, tensormap: tA}, {offset: 128, u32: 7}]}   # a struct holding one
//	tensormaps:                  # cuTensorMapEncodeTiled arguments (tensormap.go); dims innermost first,
//	  tA: {buffer: in, dtype: f16, dims: [4096, 4096], strides: [8192], box: [64, 128],   # strides in bytes for dims 1..rank-1
//	       element_strides: [1, 1], interleave: none, swizzle: 128B, l2_promotion: none, oob_fill: zero}
//	outputs: [out]               # written to DIR/NAME.npy after the run
//	compare:                     # optional: how tests and `validate` compare an output with the GPU's
//	  out: {max_ulp: 0, ignore: [4, 5]}          # default is bit-exact everywhere; ignore = flat element indices, or all
//
// dtypes: u8 u16 u32 u64 s8 s16 s32 s64 f16 bf16 f32 f64 e4m3 e5m2. bf16,
// e4m3 and e5m2 are written to and read from .npy as raw "<u2" / "|u1"; f16
// is "<f2"; all little-endian. Files are written in C order; Fortran-order
// files (np.save of a transposed array) are read into C order, and a file
// named x.npy is read from x.npy.gz (gzip) when x.npy is absent.
//
// Tensor maps: dtype u8 u16 u32 s32 u64 s64 f16 f32 f64 bf16 f32_ftz tf32
// tf32_ftz; interleave none|16B|32B; swizzle none|32B|64B|128B; l2_promotion
// none|64B|128B|256B; oob_fill zero|nan. Defaults: element_strides all 1,
// every enum none/zero. The parser checks the entry's shape (counts match
// the rank, known names); the back end checks the driver's rules (package
// tma for the simulator) and reports them at FieldPos. Raw hex maps are not
// allowed. A struct field sits at its offset; tensor maps need 64-byte
// aligned offsets; fields must not overlap; uncovered bytes are zero.
//
// Details the example leaves open:
//   - Unknown keys are errors everywhere.
//   - grid x is 1..2^31-1, y and z 1..65535; block x,y 1..1024, z 1..64,
//     at most 1024 threads; a cluster has at most 8 CTAs (16 with
//     non_portable_cluster: true) and must divide the grid;
//     non_portable_cluster needs cluster:. shared_bytes is 0..232448.
//   - Buffer names match [A-Za-z_][A-Za-z0-9_.-]* (they become file names).
//     A generated buffer needs dtype and shape (dims >= 1; shape [] is one
//     element). A file buffer may also give dtype and shape: they must match
//     the file (dtype: bf16 is how a "<u2" file is read as bf16; without it,
//     "<u2" is u16 and "|u1" is u8). low/high need init: uniform.
//   - Scalar params: integer types take integers in the type's range (raw
//     bits via "0x..."); float types take any YAML number, .inf/.nan or the
//     strings above, converted from the decimal to float64 and then rounded
//     to nearest even (f32 by Go's float32 conversion). NaN is the canonical
//     quiet NaN (f16 0x7E00, bf16 0x7FC0, f32 0x7FC00000,
//     f64 0x7FF8000000000000). {bytes: N} without hex is N zero bytes.
//   - {buffer: B, offset: N}: N >= 0 and at most B's size.
//   - compare: names must be in outputs. max_ulp is the allowed distance in
//     units in the last place and applies to float dtypes only (integer
//     outputs always compare bit-exact; max_ulp > 0 on one is an error).
//   - Errors are *Error and print as "FILE:LINE:COL: error: MSG", at the
//     offending key or value.
//
// # Seeded initializers
//
// This is the exact formula (a Python GPU recorder implements the same;
// recordings depend on it):
//
//	M = 2^64 (all integer arithmetic mod M)
//	splitmix64(x): z = x + 0x9E3779B97F4A7C15; z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) * 0x94D049BB133111EB; return z ^ (z >> 31)
//	kb  = splitmix64(splitmix64(seed) ^ b)      # b = 0-based position of the buffer in `buffers` (YAML order)
//	r_i = splitmix64(kb ^ i)                    # i = flat element index (C order)
//	init: uniform, float dtypes: u = float64(r_i >> 11) * 2^-53;  v = low + (high - low) * u   (float64, two separately rounded ops, NO fused multiply-add: force with explicit float64() conversions);
//	      then round v to the dtype with round-to-nearest-even directly from float64 (no double rounding via f32); e4m3/e5m2: round-to-nearest-even then saturate to ±max finite (448 / 57344). Defaults low=0, high=1.
//	init: uniform, integer dtypes: low/high inclusive (int64 in YAML, high may be given as a u64 for u64), span = uint64(high - low) + 1 (wrapping; span == 0 means 2^64); val = low + (r_i mod span) if span != 0 else r_i; stored as two's complement truncated to the dtype width. Defaults: the dtype's full range.
//	init: iota: element i = i converted to the dtype (integers truncated; floats round-to-nearest-even).
//	init: zeros (default when no init and no file).
//
// In the float formula, (high - low) is itself one float64 subtraction,
// rounded before the multiply. Buffers loaded from files still count in b.
// Integer low/high must lie in the dtype's range with low <= high; float
// low/high must be finite with low <= high.
package launch

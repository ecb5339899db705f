package fp

// NaN policy. NVIDIA GPUs do not propagate NaN payloads through arithmetic:
// any arithmetic result that is NaN is one canonical pattern per format.
// Every choice below is a single constant or function so that the recorded
// GPU corpus can settle it in one place. Entries marked UNCONFIRMED have not
// been checked against an H100.
const (
	CanonicalNaNF32  uint32 = 0x7FFFFFFF // arithmetic f32 NaN result (documented PTX/SASS behaviour)
	CanonicalNaNF16  uint16 = 0x7FFF     // arithmetic f16 NaN result
	CanonicalNaNBF16 uint16 = 0x7FFF     // arithmetic bf16 NaN result
	// CanonicalNaNF64 is the f64 NaN result of DADD/DMUL/DFMA etc.
	// UNCONFIRMED: believed canonical like f32; change here if the corpus
	// shows payload propagation (then see nanResultF64).
	CanonicalNaNF64 uint64 = 0x7FFFFFFFFFFFFFFF

	// NaNTF32 is the result of cvt.*.tf32.f32 for a NaN input: the tf32
	// pattern with all 10 fraction bits set and the low 13 bits clear.
	// UNCONFIRMED (0x7FFFFFFF is the alternative).
	NaNTF32 uint32 = 0x7FFFE000

	// NaNE4M3 / NaNE5M2: cvt.rn.satfinite.{e4m3x2,e5m2x2} of a NaN input.
	// OCP e4m3 has the single NaN S.1111.111; for e5m2 the all-ones pattern
	// is used. Sign cleared. UNCONFIRMED for the sign and for e5m2.
	NaNE4M3 uint8 = 0x7F
	NaNE5M2 uint8 = 0x7F
)

// nanResultF64 is the NaN returned by an f64 operation whose inputs include
// the NaN a (or that creates a NaN when a is not one). One place to switch to
// payload propagation if the GPU corpus shows it. UNCONFIRMED.
func nanResultF64(uint64) uint64 { return CanonicalNaNF64 }

// cvtNaNF32 is the f32 result of converting a NaN from f16/bf16/f64/tf32
// (cvt.f32.f16 etc.). UNCONFIRMED: canonical, payload dropped.
const cvtNaNF32 = CanonicalNaNF32

// cvtNaNF64 is the f64 result of cvt.f64.{f32,f16,bf16} of a NaN. UNCONFIRMED.
const cvtNaNF64 = CanonicalNaNF64

// cvtNaNF16 is the f16 result of converting any NaN to f16 (cvt.f16.f32,
// cvt.f16.f64, fp8 -> f16). UNCONFIRMED for the fp8 sources.
const cvtNaNF16 = CanonicalNaNF16

// cvtNaNBF16 is the bf16 result of converting any NaN to bf16.
const cvtNaNBF16 = CanonicalNaNBF16

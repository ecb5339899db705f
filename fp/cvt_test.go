package fp

import (
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/x448/float16"
)

func TestF16ToF32Exhaustive(t *testing.T) {
	for h := 0; h < 1<<16; h++ {
		ref := float16.Frombits(uint16(h))
		got := F16ToF32(uint16(h))
		if ref.IsNaN() {
			require.Equal(t, CanonicalNaNF32, got, "%04x", h)
			require.Equal(t, CanonicalNaNF16, F32ToF16(got, RN, false, false))
			continue
		}
		require.Equalf(t, math.Float32bits(ref.Float32()), got, "f16 %04x", h)
		// round trip through f32 and f64, every mode: the value is exact
		for _, rm := range allModes {
			require.Equalf(t, uint16(h), F32ToF16(got, rm, false, false), "f32->f16 %04x %v", h, rm)
			require.Equalf(t, uint16(h), F64ToF16(F16ToF64(uint16(h)), rm, false, false), "f64->f16 %04x %v", h, rm)
		}
	}
}

func TestF32ToF16RNvsX448(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for i := 0; i < 200000; i++ {
		x := uint32(randBits(r, oF32))
		if e := int(x>>23&0xFF) - 127; r.Intn(2) == 0 && e > -30 && e < 20 {
			// keep the interesting range dense
		} else if r.Intn(2) == 0 {
			x = x&0x807FFFFF | uint32(127-26+r.Intn(44))<<23
		}
		want := float16.Fromfloat32(math.Float32frombits(x)).Bits()
		if float16.Frombits(want).IsNaN() {
			want = CanonicalNaNF16
		}
		require.Equalf(t, want, F32ToF16(x, RN, false, false), "%08x", x)
	}
}

// TestNarrowVsOracle: f32/f64 -> f16/bf16/f32 in all modes against big.Float.
func TestNarrowVsOracle(t *testing.T) {
	r := rand.New(rand.NewSource(6))
	for i := 0; i < 30000; i++ {
		x := randBits(r, oF64)
		if r.Intn(2) == 0 { // pull into the f16/f32 range
			x = x&0x800FFFFFFFFFFFFF | uint64(1023-160+r.Intn(300))<<52
		}
		v := math.Float64frombits(x)
		x32 := math.Float32bits(float32(v))
		v32 := float64(math.Float32frombits(x32))
		for _, rm := range allModes {
			if math.IsInf(v, 0) || v != v {
				continue
			}
			e := bf(v)
			neg := math.Signbit(v)
			require.Equalf(t, uint16(oracleResult(e, oF16, rm, neg)), F64ToF16(x, rm, false, false), "f64->f16 %016x %v", x, rm)
			require.Equalf(t, uint16(oracleResult(e, oBF16, rm, neg)), F64ToBF16(x, rm, false, false), "f64->bf16 %016x %v", x, rm)
			require.Equalf(t, uint32(oracleResult(e, oF32, rm, neg)), F64ToF32(x, rm, false, false), "f64->f32 %016x %v", x, rm)
			if !math.IsInf(v32, 0) {
				e32 := bf(v32)
				require.Equalf(t, uint16(oracleResult(e32, oF16, rm, neg)), F32ToF16(x32, rm, false, false), "f32->f16 %08x %v", x32, rm)
				require.Equalf(t, uint16(oracleResult(e32, oBF16, rm, neg)), F32ToBF16(x32, rm, false, false), "f32->bf16 %08x %v", x32, rm)
			}
		}
	}
}

func TestCvtTable(t *testing.T) {
	d := func(v float64) uint64 { return math.Float64bits(v) }
	cases := []struct {
		name      string
		got, want uint64
	}{
		// 1 + 2^-11 + 2^-40: via f32 it would become the tie 1+2^-11 and then
		// 1.0 (even); the direct conversion sees it is above the tie.
		{"f64->f16 no double rounding", uint64(F64ToF16(d(1+0x1p-11+0x1p-40), RN, false, false)), 0x3C01},
		{"f32->f16 overflow RN -> inf", uint64(F32ToF16(0x47800000, RN, false, false)), 0x7C00},
		{"f32->f16 overflow RZ -> max", uint64(F32ToF16(0x47800000, RZ, false, false)), 0x7BFF},
		{"f32->f16 satfinite inf -> max", uint64(F32ToF16(0xFF800000, RN, true, false)), 0xFBFF},
		{"f32->f16 satfinite NaN -> NaN", uint64(F32ToF16(0x7FC00000, RN, true, false)), 0x7FFF},
		{"f32->f16 relu -2 -> +0", uint64(F32ToF16(0xC0000000, RN, false, true)), 0},
		{"f32->f16 2^-25 RN tie -> +0", uint64(F32ToF16(0x33000000, RN, false, false)), 0},
		{"f32->f16 2^-25 RP -> minSub", uint64(F32ToF16(0x33000000, RP, false, false)), 1},
		{"f32->bf16 RN 1+2^-8 tie -> 1", uint64(F32ToBF16(0x3F808000, RN, false, false)), 0x3F80},
		{"f32->bf16 RN 1+3*2^-8 tie -> up", uint64(F32ToBF16(0x3F818000, RN, false, false)), 0x3F82},
		{"f32->bf16 NaN canonical", uint64(F32ToBF16(0xFFC12345, RN, false, false)), 0x7FFF},
		{"bf16->f32 exact", uint64(BF16ToF32(0xC049)), 0xC0490000},
		{"f64->f32 ftz subnormal result", uint64(F64ToF32(d(0x1p-130), RN, true, false)), 0},
		{"f64->f32 sat 2 -> 1", uint64(F64ToF32(d(2), RN, false, true)), 0x3F800000},
		{"f32->f64 ftz", F32ToF64(0x80000001, true), signF64},
		{"f32->f64 NaN keeps payload, quieted (UNCONFIRMED)", F32ToF64(0x7F800001, false), 0x7FF8000020000000},
		{"f64->f32 NaN keeps sign and top payload, quieted (recorded)", uint64(F64ToF32(0x7FF4A93EF486270E, RN, false, false)), 0x7FE549F7},
		{"f64->f32 NaN (recorded)", uint64(F64ToF32(0xFFF8000000000001, RN, false, false)), 0xFFC00000},
		{"bf16->f32 NaN is a shift (recorded)", uint64(BF16ToF32(0x7F81)), 0x7F810000},
		{"f16->f32 NaN canonical (recorded)", uint64(F16ToF32(0x7E01)), 0x7FFFFFFF},
		{"f64 NaN -> s64 is INT64_MIN (recorded)", FloatToInt(0x7FF0000000000001, 64, 64, true, RZ, false), 0x8000000000000000},
		{"tf32 rna tie away", uint64(F32ToTF32(0x3F801000, RNA, false, false)), 0x3F802000},
		{"tf32 rn tie even", uint64(F32ToTF32(0x3F801000, RN, false, false)), 0x3F800000},
		{"tf32 rz", uint64(F32ToTF32(0x3F801FFF, RZ, false, false)), 0x3F800000},
		{"tf32 rna max f32 -> inf", uint64(F32ToTF32(0x7F7FFFFF, RNA, false, false)), 0x7F800000},
		{"tf32 rna satfinite max f32 -> max tf32", uint64(F32ToTF32(0x7F7FFFFF, RNA, true, false)), 0x7F7FE000},
		{"tf32 NaN: low 13 bits cleared (recorded)", uint64(F32ToTF32(0xFFD4FCF1, RNA, false, false)), 0xFFD4E000},
		{"tf32 sNaN with low payload becomes inf (recorded)", uint64(F32ToTF32(0x7F800001, RNA, false, false)), 0x7F800000},
		{"tf32 relu", uint64(F32ToTF32(0xBF800000, RN, false, true)), 0},
		{"e4m3 448", uint64(F32ToE4M3(math.Float32bits(448), RN, true, false)), 0x7E},
		{"e4m3 464 -> 448 (satfinite)", uint64(F32ToE4M3(math.Float32bits(464), RN, true, false)), 0x7E},
		{"e4m3 1e6 -> 448", uint64(F32ToE4M3(math.Float32bits(1e6), RN, true, false)), 0x7E},
		{"e4m3 -inf -> -448", uint64(F32ToE4M3(0xFF800000, RN, true, false)), 0xFE},
		{"e4m3 NaN", uint64(F32ToE4M3(0x7FC00000, RN, true, false)), uint64(NaNE4M3)},
		{"e4m3 2^-9 min subnormal", uint64(F32ToE4M3(math.Float32bits(0x1p-9), RN, true, false)), 0x01},
		{"e4m3 2^-10 tie -> 0", uint64(F32ToE4M3(math.Float32bits(0x1p-10), RN, true, false)), 0x00},
		{"e4m3 1.5*2^-10 -> min sub", uint64(F32ToE4M3(math.Float32bits(1.5*0x1p-10), RN, true, false)), 0x01},
		{"e4m3 relu -1 -> 0", uint64(F32ToE4M3(0xBF800000, RN, true, true)), 0},
		{"e4m3 1.0", uint64(F32ToE4M3(0x3F800000, RN, true, false)), 0x38},
		{"e5m2 57344", uint64(F32ToE5M2(math.Float32bits(57344), RN, true, false)), 0x7B},
		{"e5m2 61440 tie -> overflow -> satfinite max", uint64(F32ToE5M2(math.Float32bits(61440), RN, true, false)), 0x7B},
		{"e5m2 inf no satfinite -> inf", uint64(F32ToE5M2(0x7F800000, RN, false, false)), 0x7C},
		{"e5m2 inf satfinite -> max", uint64(F32ToE5M2(0x7F800000, RN, true, false)), 0x7B},
		{"e5m2 NaN", uint64(F32ToE5M2(0xFFFFFFFF, RN, true, false)), uint64(NaNE5M2)},
		{"e5m2 1.0", uint64(F32ToE5M2(0x3F800000, RN, true, false)), 0x3C},
		{"e4m3 -> f16 448", uint64(E4M3ToF16(0x7E)), 0x5F00},
		{"e4m3 -> f16 min sub 2^-9", uint64(E4M3ToF16(0x01)), 0x1800},
		{"e4m3 NaN -> f16 NaN", uint64(E4M3ToF16(0xFF)), uint64(CanonicalNaNF16)},
		{"e5m2 -> f16 is a shift", uint64(E5M2ToF16(0x3D)), 0x3D00},
		{"e5m2 inf -> f16 inf", uint64(E5M2ToF16(0xFC)), 0xFC00},
		{"F64ToE4M3SatRN 1000", uint64(F64ToE4M3SatRN(1000)), 0x7E},
		{"F64ToE5M2SatRN -1e9", uint64(F64ToE5M2SatRN(-1e9)), 0xFB},
	}
	for _, c := range cases {
		assert.Equalf(t, c.want, c.got, "%s: want %x got %x", c.name, c.want, c.got)
	}
}

// fp8 oracle: brute-force nearest value among all finite encodings, decoded
// with the OCP formulas written out here.
func fp8Value(b uint8, e4m3 bool) float64 {
	frac, bias := 2, 15
	if e4m3 {
		frac, bias = 3, 7
	}
	e := int(b&0x7F) >> frac
	m := float64(int(b) & (1<<frac - 1))
	v := math.Ldexp(1+m/float64(int(1)<<frac), e-bias)
	if e == 0 {
		v = math.Ldexp(m/float64(int(1)<<frac), 1-bias)
	}
	if b&0x80 != 0 {
		v = -v
	}
	return v
}

func fp8Nearest(v float64, e4m3 bool) uint8 {
	maxCode := 0x7B
	if e4m3 {
		maxCode = 0x7E
	}
	best := uint8(0)
	for c := 0; c <= maxCode; c++ {
		dc, db := math.Abs(fp8Value(uint8(c), e4m3)-math.Abs(v)), math.Abs(fp8Value(best, e4m3)-math.Abs(v))
		if dc < db || (dc == db && c&1 == 0) {
			best = uint8(c)
		}
	}
	if math.Signbit(v) && best != 0 {
		best |= 0x80
	} else if math.Signbit(v) {
		best = 0x80
	}
	return best
}

func TestFP8VsBruteForce(t *testing.T) {
	for b := 0; b < 256; b++ {
		if b&0x7F != 0x7F { // e4m3 finite
			require.Equal(t, math.Float32bits(float32(fp8Value(uint8(b), true))), F16ToF32(E4M3ToF16(uint8(b))), "e4m3 %02x", b)
			require.Equal(t, uint8(b), F16ToE4M3(E4M3ToF16(uint8(b)), RN, true, false))
		}
		if b&0x7C != 0x7C { // e5m2 finite
			require.Equal(t, math.Float32bits(float32(fp8Value(uint8(b), false))), F16ToF32(E5M2ToF16(uint8(b))), "e5m2 %02x", b)
			require.Equal(t, uint8(b), F16ToE5M2(E5M2ToF16(uint8(b)), RN, true, false))
		}
	}
	r := rand.New(rand.NewSource(7))
	for i := 0; i < 20000; i++ {
		x := uint32(randBits(r, oF32))&0x807FFFFF | uint32(127-20+r.Intn(38))<<23
		v := float64(math.Float32frombits(x))
		require.Equalf(t, fp8Nearest(v, true), F32ToE4M3(x, RN, true, false), "e4m3 %08x %g", x, v)
		require.Equalf(t, fp8Nearest(v, false), F32ToE5M2(x, RN, true, false), "e5m2 %08x %g", x, v)
	}
}

func TestFloatToIntTable(t *testing.T) {
	f := func(v float32) uint64 { return uint64(math.Float32bits(v)) }
	neg := func(v int64) uint64 { return uint64(v) }
	cases := []struct {
		name      string
		got, want uint64
	}{
		{"2.5 rni -> 2", FloatToInt(f(2.5), 32, 32, true, RN, false), 2},
		{"3.5 rni -> 4", FloatToInt(f(3.5), 32, 32, true, RN, false), 4},
		{"-2.5 rni -> -2", FloatToInt(f(-2.5), 32, 32, true, RN, false), neg(-2)},
		{"-0.5 rmi -> -1", FloatToInt(f(-0.5), 32, 32, true, RM, false), neg(-1)},
		{"0.5 rpi -> 1", FloatToInt(f(0.5), 32, 32, true, RP, false), 1},
		{"-1.9 rzi -> -1", FloatToInt(f(-1.9), 32, 32, true, RZ, false), neg(-1)},
		{"NaN -> 0", FloatToInt(0x7FC00000, 32, 32, true, RZ, false), 0},
		{"1e10 -> s32 max", FloatToInt(f(1e10), 32, 32, true, RZ, false), 0x7FFFFFFF},
		{"-1e10 -> s32 min", FloatToInt(f(-1e10), 32, 32, true, RZ, false), neg(math.MinInt32)},
		{"-1 -> u32 0", FloatToInt(f(-1), 32, 32, false, RZ, false), 0},
		{"300 -> u8 255", FloatToInt(f(300), 32, 8, false, RZ, false), 255},
		{"-200 -> s8 -128", FloatToInt(f(-200), 32, 8, true, RZ, false), neg(-128)},
		{"inf -> u64 max", FloatToInt(f(float32(math.Inf(1))), 32, 64, false, RZ, false), math.MaxUint64},
		{"-inf -> s64 min", FloatToInt(math.Float64bits(math.Inf(-1)), 64, 64, true, RZ, false), neg(math.MinInt64)},
		{"2^63 -> s64 max", FloatToInt(math.Float64bits(0x1p63), 64, 64, true, RZ, false), math.MaxInt64},
		{"2^64-2048 -> u64", FloatToInt(math.Float64bits(0x1p64-2048), 64, 64, false, RZ, false), math.MaxUint64 - 2047},
		{"-subnormal rmi -> -1", FloatToInt(0x80000001, 32, 32, true, RM, false), neg(-1)},
		{"-subnormal rmi ftz -> 0", FloatToInt(0x80000001, 32, 32, true, RM, true), 0},
		{"f16 65504 -> s16 max", FloatToInt(0x7BFF, 16, 16, true, RZ, false), 0x7FFF},
		{"bf16 -3.5 rni -> -4", FloatToIntBF16(0xC060, 32, true, RN), neg(-4)},
		{"u32 16777217 RN -> 2^24", uint64(IntToF32(16777217, 32, false, RN)), 0x4B800000},
		{"u32 16777217 RP -> 2^24+2", uint64(IntToF32(16777217, 32, false, RP)), 0x4B800001},
		{"u64 max RN -> 2^64", uint64(IntToF32(math.MaxUint64, 64, false, RN)), 0x5F800000},
		{"u64 max RZ", uint64(IntToF32(math.MaxUint64, 64, false, RZ)), 0x5F7FFFFF},
		{"s64 min -> -2^63", uint64(IntToF32(neg(math.MinInt64), 64, true, RN)), 0xDF000000},
		{"s8 0xFF -> -1", uint64(IntToF32(0xFF, 8, true, RN)), 0xBF800000},
		{"u8 0xFF -> 255", uint64(IntToF32(0xFF, 8, false, RN)), uint64(math.Float32bits(255))},
		{"s32 -1 -> f64", IntToF64(0xFFFFFFFF, 32, true, RN), math.Float64bits(-1)},
		{"u64 2^53+1 RN -> 2^53", IntToF64(1<<53+1, 64, false, RN), math.Float64bits(0x1p53)},
		{"u64 2^53+1 RP -> 2^53+2", IntToF64(1<<53+1, 64, false, RP), math.Float64bits(0x1p53 + 2)},
		{"u32 65520 -> f16 inf (tie to even)", uint64(IntToF16(65520, 32, false, RN)), 0x7C00},
		{"u32 65519 -> f16 65504", uint64(IntToF16(65519, 32, false, RN)), 0x7BFF},
		{"u32 100000 RZ -> f16 max", uint64(IntToF16(100000, 32, false, RZ)), 0x7BFF},
		{"s32 -257 -> bf16 RN -256", uint64(IntToBF16(neg(-257), 32, true, RN)), 0xC380},
		{"0 -> +0", uint64(IntToF32(0, 32, true, RM)), 0},
		{"rni -0.3 -> -0", uint64(RoundToIntegralF32(math.Float32bits(-0.3), RN, false)), 0x80000000},
		{"rni 2.5 -> 2", uint64(RoundToIntegralF32(math.Float32bits(2.5), RN, false)), uint64(math.Float32bits(2))},
		{"rmi -0.3 -> -1", uint64(RoundToIntegralF32(math.Float32bits(-0.3), RM, false)), uint64(math.Float32bits(-1))},
		{"rpi 1e-45 -> 1", uint64(RoundToIntegralF32(1, RP, false)), uint64(math.Float32bits(1))},
		{"rpi 1e-45 ftz -> 0", uint64(RoundToIntegralF32(1, RP, true)), 0},
		{"rni NaN f32", uint64(RoundToIntegralF32(0x7F800001, RN, false)), uint64(CanonicalNaNF32)},
		{"rzi f64", RoundToIntegralF64(math.Float64bits(-7.9), RZ), math.Float64bits(-7)},
		{"rpi f16 1.25 -> 2", uint64(RoundToIntegralF16(0x3D00, RP, false)), 0x4000},
		{"rni bf16 2.5 -> 2", uint64(RoundToIntegralBF16(0x4020, RN)), 0x4000},
	}
	for _, c := range cases {
		assert.Equalf(t, c.want, c.got, "%s: want %x got %x", c.name, c.want, c.got)
	}
}

// TestIntToFloatVsOracle: random 64-bit integers against big.Float rounding.
func TestIntToFloatVsOracle(t *testing.T) {
	r := rand.New(rand.NewSource(8))
	for i := 0; i < 20000; i++ {
		v := r.Uint64() >> uint(r.Intn(64))
		signed := r.Intn(2) == 0
		x := new(big.Int).SetUint64(v)
		if signed {
			x.SetInt64(int64(v))
		}
		e := new(big.Float).SetPrec(oraclePrec).SetInt(x)
		for _, rm := range allModes {
			require.Equal(t, uint32(oracleResult(e, oF32, rm, false)), IntToF32(v, 64, signed, rm), "%x %v %v", v, signed, rm)
			require.Equal(t, oracleResult(e, oF64, rm, false), IntToF64(v, 64, signed, rm), "%x %v %v", v, signed, rm)
			require.Equal(t, uint16(oracleResult(e, oF16, rm, false)), IntToF16(v, 64, signed, rm), "%x %v %v", v, signed, rm)
			require.Equal(t, uint16(oracleResult(e, oBF16, rm, false)), IntToBF16(v, 64, signed, rm), "%x %v %v", v, signed, rm)
		}
	}
}

package fp

import (
	"math"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var allModes = []Rounding{RN, RZ, RM, RP, RNA}

func fin32(a uint32) bool { return a&0x7F800000 != 0x7F800000 }

// oracle32 computes op on f32 inputs with the generic oracle.
func oracle32(op string, in []uint32, rm Rounding) uint32 {
	xs := make([]float64, len(in))
	for i, a := range in {
		xs[i] = float64(math.Float32frombits(a))
	}
	return uint32(oracleOp(oF32, op, xs, rm))
}

func TestF32ArithmeticVsOracle(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for i := 0; i < n; i++ {
		a, b, c := uint32(randBits(r, oF32)), uint32(randBits(r, oF32)), uint32(randBits(r, oF32))
		if r.Intn(4) == 0 { // make cancellation and exact cases likely
			b = a ^ signF32
			if r.Intn(2) == 0 {
				b ^= uint32(r.Intn(4))
			}
		}
		if r.Intn(8) == 0 {
			c = MulF32(a, b, RN, false, false) ^ signF32 ^ uint32(r.Intn(3))
		}
		for _, rm := range allModes {
			require.Equalf(t, oracle32("add", []uint32{a, b}, rm), AddF32(a, b, rm, false, false), "add %08x %08x %v", a, b, rm)
			require.Equalf(t, oracle32("add", []uint32{a, b ^ signF32}, rm), SubF32(a, b, rm, false, false), "sub %08x %08x %v", a, b, rm)
			require.Equalf(t, oracle32("mul", []uint32{a, b}, rm), MulF32(a, b, rm, false, false), "mul %08x %08x %v", a, b, rm)
			require.Equalf(t, oracle32("fma", []uint32{a, b, c}, rm), FmaF32(a, b, c, rm, false, false), "fma %08x %08x %08x %v", a, b, c, rm)
			require.Equalf(t, oracle32("div", []uint32{a, b}, rm), DivF32(a, b, rm, false), "div %08x %08x %v", a, b, rm)
			require.Equalf(t, oracle32("div", []uint32{oneF32, b}, rm), RcpF32(b, rm, false), "rcp %08x %v", b, rm)
			require.Equalf(t, oracle32("sqrt", []uint32{a}, rm), SqrtF32(a, rm, false), "sqrt %08x %v", a, rm)
		}
	}
}

// TestF32FtzSat checks .ftz (subnormal inputs and results become signed
// zeros) and .sat (clamp to [0,1], NaN -> +0) against the oracle.
func TestF32FtzSat(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	flush := func(a uint32) uint32 {
		if a&0x7F800000 == 0 {
			return a & signF32
		}
		return a
	}
	sat := func(a uint32) uint32 {
		v := math.Float32frombits(a)
		switch {
		case v != v || v <= 0:
			return 0
		case v > 1:
			return oneF32
		}
		return a
	}
	v := func(a uint32) float64 { return float64(math.Float32frombits(a)) }
	// ftzO flushes a result whose exact value is tiny (before rounding).
	ftzO := func(op string, in []uint32, rm Rounding) uint32 {
		xs := make([]float64, len(in))
		for i, a := range in {
			xs[i] = v(a)
		}
		res := oracle32(op, in, rm)
		if oracleTiny(oF32, op, xs) {
			return res & signF32
		}
		return flush(res)
	}
	for i := 0; i < 5000; i++ {
		a, b, c := uint32(randBits(r, oF32)), uint32(randBits(r, oF32)), uint32(randBits(r, oF32))
		if i%4 == 0 { // products near 2^-126
			a = a&0x807FFFFF | uint32(0x3F-1+r.Intn(3))<<23
			b = b&0x807FFFFF | uint32(0x01+r.Intn(2))<<23
		}
		for _, rm := range allModes {
			fa, fb, fc := flush(a), flush(b), flush(c)
			assert.Equal(t, flush(oracle32("add", []uint32{fa, fb}, rm)), AddF32(a, b, rm, true, false))
			assert.Equal(t, ftzO("mul", []uint32{fa, fb}, rm), MulF32(a, b, rm, true, false), "mul %08x %08x %v", a, b, rm)
			assert.Equal(t, ftzO("fma", []uint32{fa, fb, fc}, rm), FmaF32(a, b, c, rm, true, false))
			assert.Equal(t, ftzO("div", []uint32{fa, fb}, rm), DivF32(a, b, rm, true))
			assert.Equal(t, flush(oracle32("sqrt", []uint32{fa}, rm)), SqrtF32(a, rm, true))
			assert.Equal(t, sat(oracle32("add", []uint32{a, b}, rm)), AddF32(a, b, rm, false, true))
			assert.Equal(t, sat(oracle32("fma", []uint32{a, b, c}, rm)), FmaF32(a, b, c, rm, false, true))
		}
	}
}

// Hand-derived cases (IEEE 754 reasoning in the comments).
func TestF32Table(t *testing.T) {
	const (
		pz, nz    = 0x00000000, 0x80000000
		one       = 0x3F800000
		inf, ninf = 0x7F800000, 0xFF800000
		maxF      = 0x7F7FFFFF
		minSub    = 0x00000001
		minNorm   = 0x00800000
	)
	cases := []struct {
		name string
		got  uint32
		want uint32
	}{
		{"x+(-x) RN is +0", AddF32(one, one|signF32, RN, false, false), pz},
		{"x+(-x) RZ is +0", AddF32(one, one|signF32, RZ, false, false), pz},
		{"x+(-x) RP is +0", AddF32(one, one|signF32, RP, false, false), pz},
		{"x+(-x) RM is -0", AddF32(one, one|signF32, RM, false, false), nz},
		{"-0 + -0 = -0", AddF32(nz, nz, RN, false, false), nz},
		{"+0 + -0 RN = +0", AddF32(pz, nz, RN, false, false), pz},
		{"+0 - +0 RM = -0", SubF32(pz, pz, RM, false, false), nz},
		{"max+max RN overflows to inf", AddF32(maxF, maxF, RN, false, false), inf},
		{"max+max RZ stays max", AddF32(maxF, maxF, RZ, false, false), maxF},
		{"-max-max RP stays -max", AddF32(maxF|signF32, maxF|signF32, RP, false, false), maxF | signF32},
		{"-max-max RM is -inf", AddF32(maxF|signF32, maxF|signF32, RM, false, false), ninf},
		{"1 + 2^-24 RN ties to even 1", AddF32(one, 0x33800000, RN, false, false), one},
		{"1 + 2^-24 RNA ties away 1+ulp", AddF32(one, 0x33800000, RNA, false, false), one + 1},
		{"1 + 2^-24 RP is 1+ulp", AddF32(one, 0x33800000, RP, false, false), one + 1},
		{"1 - 2^-30 RZ is 1-ulp/2 (0x3F7FFFFF)", SubF32(one, 0x30800000, RZ, false, false), 0x3F7FFFFF},
		{"minSub*0.5 RN ties to 0", MulF32(minSub, 0x3F000000, RN, false, false), pz},
		{"minSub*0.5 RP is minSub", MulF32(minSub, 0x3F000000, RP, false, false), minSub},
		{"minSub*0.75 RN is minSub", MulF32(minSub, 0x3F400000, RN, false, false), minSub},
		{"-minSub*0.5 RM is -minSub", MulF32(minSub|signF32, 0x3F000000, RM, false, false), minSub | signF32},
		{"minNorm*0.5 is subnormal 0x00400000", MulF32(minNorm, 0x3F000000, RN, false, false), 0x00400000},
		{"minNorm*0.5 with ftz is +0", MulF32(minNorm, 0x3F000000, RN, true, false), pz},
		{"-minNorm*0.5 with ftz is -0", MulF32(minNorm|signF32, 0x3F000000, RN, true, false), nz},
		// (1-2^-24)*2^-126 rounds up to 2^-126, but is tiny before rounding:
		// the GPU flushes it (recorded on H200).
		{"ftz flushes on tininess before rounding", MulF32(0x3F7FFFFF, minNorm, RN, true, false), pz},
		{"ftz keeps 2^-126 - 0.38·2^-150 (rounds to 2^-126 at 24 bits; H200, div.full.ftz sweep)", MulF32(0xbf2947b1, 0x80c1929e, RN, true, false), minNorm},
		{"without ftz it rounds to minNorm", MulF32(0x3F7FFFFF, minNorm, RN, false, false), minNorm},
		{"inf-inf is canonical NaN", AddF32(inf, ninf, RN, false, false), CanonicalNaNF32},
		{"0*inf is canonical NaN", MulF32(pz, inf, RZ, false, false), CanonicalNaNF32},
		{"NaN payload not propagated", AddF32(0xFFC00001, one, RN, false, false), CanonicalNaNF32},
		{"sat NaN -> +0", AddF32(inf, ninf, RN, false, true), pz},
		{"sat 2 -> 1", AddF32(one, one, RN, false, true), one},
		{"sat -1 -> +0", SubF32(pz, one, RN, false, true), pz},
		{"1/0 = inf", DivF32(one, pz, RZ, false), inf},
		{"1/-0 = -inf", DivF32(one, nz, RN, false), ninf},
		{"0/0 = NaN", DivF32(pz, pz, RN, false), CanonicalNaNF32},
		{"1/3 RZ = 0x3EAAAAAA", DivF32(one, 0x40400000, RZ, false), 0x3EAAAAAA},
		{"1/3 RP = 0x3EAAAAAB", DivF32(one, 0x40400000, RP, false), 0x3EAAAAAB},
		{"1/3 RN = 0x3EAAAAAB", DivF32(one, 0x40400000, RN, false), 0x3EAAAAAB},
		{"sqrt(-0) = -0", SqrtF32(nz, RN, false), nz},
		{"sqrt(-1) = NaN", SqrtF32(one|signF32, RN, false), CanonicalNaNF32},
		{"sqrt(2) RZ = 0x3FB504F3", SqrtF32(0x40000000, RZ, false), 0x3FB504F3},
		{"sqrt(2) RP = 0x3FB504F4", SqrtF32(0x40000000, RP, false), 0x3FB504F4},
		// fma single rounding: (1+2^-23)*(1-2^-23) = 1-2^-46; + (-1) = -2^-46 exactly.
		{"fma exact residual", FmaF32(0x3F800001, 0x3F7FFFFE, 0xBF800000, RN, false, false), 0xA8800000},
		// 0x3F800001^2 = 1 + 2^-22 + 2^-46: fma with c=0 rounds the exact value once.
		{"fma RN single rounding", FmaF32(0x3F800001, 0x3F800001, pz, RN, false, false), 0x3F800002},
		{"fma RP single rounding", FmaF32(0x3F800001, 0x3F800001, pz, RP, false, false), 0x3F800003},
		{"fma -0*1 + -0 = -0", FmaF32(nz, one, nz, RN, false, false), nz},
		{"fma +0*1 + -0 RN = +0", FmaF32(pz, one, nz, RN, false, false), pz},
		{"fma -1*1 + 1 RM = -0", FmaF32(one|signF32, one, one, RM, false, false), nz},
	}
	for _, c := range cases {
		assert.Equalf(t, c.want, c.got, "%s: want %08x got %08x", c.name, c.want, c.got)
	}
}

// TestF32FmaDoubleRoundingCase builds inputs where rounding the float64 FMA
// result to f32 would double-round: a*b+c lies just above an f32 midpoint by
// less than a float64 ulp.
func TestF32FmaDoubleRoundingCase(t *testing.T) {
	// a*b = (1+2^-12)^2 = 1 + 2^-11 + 2^-24; c = 2^-60 pushes it just above
	// the midpoint 1+2^-11+2^-24 between two f32 values; float64 RN of the sum
	// drops 2^-60 (it is below half a float64 ulp), landing on the midpoint.
	a := uint32(0x3F800800) // 1 + 2^-12
	c := math.Float32bits(float32(math.Ldexp(1, -60)))
	want := uint32(0x3F801001) // 1 + 2^-11 + 2^-23: rounded up
	assert.Equal(t, want, FmaF32(a, a, c, RN, false, false))
	naive := math.Float32bits(float32(math.FMA(float64(f32(a)), float64(f32(a)), float64(f32(c)))))
	assert.NotEqual(t, want, naive, "the naive float64 FMA double-rounds here")
}

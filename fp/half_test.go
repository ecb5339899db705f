package fp

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func oracle16(o ofmt, op string, in []uint16, rm Rounding) uint16 {
	xs := make([]float64, len(in))
	for i, a := range in {
		xs[i] = decodeO(uint64(a), o)
	}
	return uint16(oracleOp(o, op, xs, rm))
}

func TestHalfArithmeticVsOracle(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	for i := 0; i < 8000; i++ {
		for _, o := range []ofmt{oF16, oBF16} {
			a, b, c := uint16(randBits(r, o)), uint16(randBits(r, o)), uint16(randBits(r, o))
			if r.Intn(4) == 0 {
				b = a ^ 0x8000 ^ uint16(r.Intn(3))
			}
			for _, rm := range allModes {
				add, sub, mul, fma := oracle16(o, "add", []uint16{a, b}, rm), oracle16(o, "add", []uint16{a, b ^ 0x8000}, rm),
					oracle16(o, "mul", []uint16{a, b}, rm), oracle16(o, "fma", []uint16{a, b, c}, rm)
				if o == oF16 {
					require.Equalf(t, add, AddF16(a, b, rm, false, false), "add.f16 %04x %04x %v", a, b, rm)
					require.Equalf(t, sub, SubF16(a, b, rm, false, false), "sub.f16 %04x %04x %v", a, b, rm)
					require.Equalf(t, mul, MulF16(a, b, rm, false, false), "mul.f16 %04x %04x %v", a, b, rm)
					require.Equalf(t, fma, FmaF16(a, b, c, rm, false, false), "fma.f16 %04x %04x %04x %v", a, b, c, rm)
				} else {
					require.Equalf(t, add, AddBF16(a, b, rm), "add.bf16 %04x %04x %v", a, b, rm)
					require.Equalf(t, sub, SubBF16(a, b, rm), "sub.bf16 %04x %04x %v", a, b, rm)
					require.Equalf(t, mul, MulBF16(a, b, rm), "mul.bf16 %04x %04x %v", a, b, rm)
					require.Equalf(t, fma, FmaBF16(a, b, c, rm, false), "fma.bf16 %04x %04x %04x %v", a, b, c, rm)
				}
			}
		}
	}
}

// TestF16AddExhaustiveSlice: a fixed set of first operands against every
// f16 bit pattern, in every mode.
func TestF16AddExhaustiveSlice(t *testing.T) {
	firsts := []uint16{0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400, 0x3C00, 0xBC00, 0x3C01, 0x7BFF, 0xFBFF, 0x7C00, 0x1400, 0x5640}
	modes := allModes
	if testing.Short() {
		modes = []Rounding{RN, RM}
	}
	for _, a := range firsts {
		for b := 0; b < 1<<16; b++ {
			for _, rm := range modes {
				want := oracle16(oF16, "add", []uint16{a, uint16(b)}, rm)
				if got := AddF16(a, uint16(b), rm, false, false); got != want {
					require.Failf(t, "add.f16", "%04x + %04x %v: want %04x got %04x", a, b, rm, want, got)
				}
			}
		}
	}
}

func TestHalfModifiersTable(t *testing.T) {
	cases := []struct {
		name      string
		got, want uint16
	}{
		{"f16 65504+8 RN stays 65504 (below half ulp)", AddF16(0x7BFF, 0x4800, RN, false, false), 0x7BFF},
		{"f16 65504+16 RN is a tie, odd max rounds up to inf", AddF16(0x7BFF, 0x4C00, RN, false, false), 0x7C00},
		{"f16 65504+32 RN overflows (tie to even inf)", AddF16(0x7BFF, 0x5000, RN, false, false), 0x7C00},
		{"f16 65504+32 RZ = max", AddF16(0x7BFF, 0x5000, RZ, false, false), 0x7BFF},
		{"f16 minNorm/2 is subnormal 0x0200", MulF16(0x0400, 0x3800, RN, false, false), 0x0200},
		{"f16 ftz: subnormal result flushed", MulF16(0x0400, 0x3800, RN, true, false), 0x0000},
		{"f16 ftz: subnormal input flushed, sign kept", AddF16(0x8001, 0x8000, RN, true, false), 0x8000},
		{"f16 sat: 1.5 -> 1", AddF16(0x3C00, 0x3800, RN, false, true), 0x3C00},
		{"f16 sat: NaN -> +0", AddF16(0x7C00, 0xFC00, RN, false, true), 0x0000},
		{"f16 NaN canonical", MulF16(0x7E01, 0x3C00, RN, false, false), 0x7FFF},
		{"f16 relu: -1 -> +0", FmaReluF16(0xBC00, 0x3C00, 0x0000, RN, false), 0x0000},
		{"f16 relu: NaN -> canonical", FmaReluF16(0x7C00, 0x0000, 0x0000, RN, false), 0x7FFF},
		{"bf16 1+2^-8 RN ties to even 1", AddBF16(0x3F80, 0x3B80, RN), 0x3F80},
		{"bf16 1+2^-8 RP", AddBF16(0x3F80, 0x3B80, RP), 0x3F81},
		{"bf16 subnormal kept: minSub*1", MulBF16(0x0001, 0x3F80, RN), 0x0001},
		{"bf16 fma relu", FmaBF16(0xBF80, 0x3F80, 0x3F00, RN, true), 0x0000},
		{"bf16 x-x RM = -0", SubBF16(0x4000, 0x4000, RM), 0x8000},
	}
	for _, c := range cases {
		assert.Equalf(t, c.want, c.got, "%s: want %04x got %04x", c.name, c.want, c.got)
	}
	assert.Equal(t, uint32(0x3E003C00), AddF16x2(0x3C003800, 0x38003800, RN, false, false), "x2 lanes: hi 1+0.5=1.5, lo 0.5+0.5=1")
}

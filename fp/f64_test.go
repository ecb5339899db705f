package fp

import (
	"math"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestF64ArithmeticVsOracle(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	n := 6000
	if testing.Short() {
		n = 600
	}
	for i := 0; i < n; i++ {
		a, b, c := randBits(r, oF64), randBits(r, oF64), randBits(r, oF64)
		if r.Intn(4) == 0 {
			b = a ^ signF64 ^ uint64(r.Intn(3))
		}
		if r.Intn(8) == 0 {
			c = MulF64(a, b, RN) ^ signF64 ^ uint64(r.Intn(3))
		}
		x, y, z := f64(a), f64(b), f64(c)
		for _, rm := range allModes {
			require.Equalf(t, oracleOp(oF64, "add", []float64{x, y}, rm), AddF64(a, b, rm), "add %016x %016x %v", a, b, rm)
			require.Equalf(t, oracleOp(oF64, "add", []float64{x, -y}, rm), SubF64(a, b, rm), "sub %016x %016x %v", a, b, rm)
			require.Equalf(t, oracleOp(oF64, "mul", []float64{x, y}, rm), MulF64(a, b, rm), "mul %016x %016x %v", a, b, rm)
			require.Equalf(t, oracleOp(oF64, "fma", []float64{x, y, z}, rm), FmaF64(a, b, c, rm), "fma %016x %016x %016x %v", a, b, c, rm)
			require.Equalf(t, oracleOp(oF64, "div", []float64{x, y}, rm), DivF64(a, b, rm), "div %016x %016x %v", a, b, rm)
			require.Equalf(t, oracleOp(oF64, "div", []float64{1, y}, rm), RcpF64(b, rm), "rcp %016x %v", b, rm)
			require.Equalf(t, oracleOp(oF64, "sqrt", []float64{x}, rm), SqrtF64(a, rm), "sqrt %016x %v", a, rm)
		}
	}
}

func TestF64Table(t *testing.T) {
	const (
		one    = 0x3FF0000000000000
		maxF   = 0x7FEFFFFFFFFFFFFF
		inf    = 0x7FF0000000000000
		minSub = 0x0000000000000001
	)
	third := func(rm Rounding) uint64 { return DivF64(one, 0x4008000000000000, rm) }
	cases := []struct {
		name      string
		got, want uint64
	}{
		{"1/3 RN", third(RN), 0x3FD5555555555555},
		{"1/3 RZ", third(RZ), 0x3FD5555555555555},
		{"1/3 RP", third(RP), 0x3FD5555555555556},
		{"-1/3 RM", DivF64(one|signF64, 0x4008000000000000, RM), 0xBFD5555555555556},
		{"x-x RM = -0", SubF64(one, one, RM), signF64},
		{"x-x RP = +0", SubF64(one, one, RP), 0},
		{"max*2 RZ = max", MulF64(maxF, 0x4000000000000000, RZ), maxF},
		{"max*2 RN = inf", MulF64(maxF, 0x4000000000000000, RN), inf},
		{"minSub/2 RN ties to +0", MulF64(minSub, 0x3FE0000000000000, RN), 0},
		{"minSub/2 RP = minSub", MulF64(minSub, 0x3FE0000000000000, RP), minSub},
		{"minSub/2 RM = +0", MulF64(minSub, 0x3FE0000000000000, RM), 0},
		{"sqrt(2) RZ", SqrtF64(0x4000000000000000, RZ), 0x3FF6A09E667F3BCC},
		{"sqrt(2) RP", SqrtF64(0x4000000000000000, RP), 0x3FF6A09E667F3BCD},
		{"sqrt(minSub) RN = 2^-537", SqrtF64(minSub, RN), math.Float64bits(0x1p-537)},
		// NaN results recorded on an H200 (probe.cu):
		{"inf-inf is the default NaN", AddF64(inf, inf|signF64, RN), 0xFFF8000000000000},
		{"0/-0 is the default NaN", DivF64(0, signF64, RM), 0xFFF8000000000000},
		{"sqrt(-x) is the default NaN", SqrtF64(one|signF64, RP), 0xFFF8000000000000},
		{"NaN payload propagates, quieted", AddF64(0x7FF0000000000001, one, RZ), 0x7FF8000000000001},
		{"sign of a NaN operand kept", MulF64(0xFFF3DD3BE7BFB1E5, one, RN), 0xFFFBDD3BE7BFB1E5},
		{"add of two NaNs takes b", AddF64(0xFFF8000000000001, 0x7FF8000000000002, RZ), 0x7FF8000000000002},
		{"div of two NaNs takes a", DivF64(0xFFF8000000000001, 0x7FF8000000000002, RM), 0xFFF8000000000001},
		{"fma(1+2^-52, 1-2^-52, -1) = -2^-104", FmaF64(0x3FF0000000000001, 0x3FEFFFFFFFFFFFFE, one|signF64, RZ), math.Float64bits(-0x1p-104)},
	}
	for _, c := range cases {
		assert.Equalf(t, c.want, c.got, "%s: want %016x got %016x", c.name, c.want, c.got)
	}
}

package wgmma

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// run executes x on row-major operands and returns d.
func run(t *testing.T, x *MMA, a, b, c []uint32) []uint32 {
	t.Helper()
	require.NoError(t, x.Check())
	d := make([]uint32, x.CLen())
	var ws Workspace
	require.NoError(t, x.Run(&ws, a, b, c, d))
	return d
}

// Small integer-valued inputs: every product and partial sum is exact, so
// D is the exact integer result whatever the alignment model.
func TestFloatSmallIntegersExact(t *testing.T) {
	for _, tc := range []struct {
		a, d Type
		enc  func(float64) uint32
	}{
		{F16, F32, func(v float64) uint32 { return uint32(f16Bits(v)) }},
		{BF16, F32, func(v float64) uint32 { return uint32(bf16Bits(v)) }},
		{F16, F16, func(v float64) uint32 { return uint32(f16Bits(v)) }},
		{TF32, F32, func(v float64) uint32 { return f32Bits(v) }},
	} {
		x := &MMA{Form: Form{D: tc.d, A: tc.a, B: tc.a, N: 8}, ScaleD: true}
		k := KFor(tc.a)
		a, b, c := make([]uint32, x.ALen()), make([]uint32, x.BLen()), make([]uint32, x.CLen())
		for m := 0; m < M; m++ {
			for kk := 0; kk < k; kk++ {
				a[m*k+kk] = tc.enc(float64((m+kk)%5 - 2))
			}
		}
		for n := 0; n < 8; n++ {
			for kk := 0; kk < k; kk++ {
				b[n*k+kk] = tc.enc(float64((n*kk)%3 - 1))
			}
		}
		for i := range c {
			c[i] = f32Bits(float64(i%7 - 3))
			if tc.d == F16 {
				c[i] = uint32(f16Bits(float64(i%7 - 3)))
			}
		}
		d := run(t, x, a, b, c)
		for m := 0; m < M; m++ {
			for n := 0; n < 8; n++ {
				want := float64((m*8+n)%7 - 3)
				for kk := 0; kk < k; kk++ {
					want += float64((m+kk)%5-2) * float64((n*kk)%3-1)
				}
				wb := f32Bits(want)
				if tc.d == F16 {
					wb = uint32(f16Bits(want))
				}
				require.Equal(t, wb, d[m*8+n], "%s->%s (%d,%d)", tc.a, tc.d, m, n)
			}
		}
	}
}

// oneElement runs a wgmma whose row 0 / column 0 hold the given values
// (everything else zero) and returns D[0][0].
func oneElement(t *testing.T, x *MMA, av, bv []float64, c uint32, enc func(float64) uint32) uint32 {
	t.Helper()
	a, b, cc := make([]uint32, x.ALen()), make([]uint32, x.BLen()), make([]uint32, x.CLen())
	for i := range av {
		a[i], b[i] = enc(av[i]), enc(bv[i])
	}
	cc[0] = c
	return run(t, x, a, b, cc)[0]
}

// The model truncates where IEEE arithmetic would round: crafted f16 cases
// whose model result differs from round-to-nearest (and from an exact
// sum rounded toward zero).
func TestFloatTruncationVsRounding(t *testing.T) {
	x := &MMA{Form: Form{D: F32, A: F16, B: F16, N: 8}, ScaleD: true}
	enc := func(v float64) uint32 { return uint32(f16Bits(v)) }
	// 1 + 1.5*2^-24: exact in the 26-bit adder; the final normalization
	// truncates (RN would give 1+2^-23).
	got := oneElement(t, x, []float64{1, 0x1p-24}, []float64{1, 1.5}, 0, enc)
	assert.Equal(t, uint32(0x3f800000), got)
	assert.Equal(t, uint32(0x3f800001), f32Bits(1+1.5*0x1p-24), "RN reference")
	// 1 - 2^-26: the small term falls below the adder's LSB 2^-25 and is
	// truncated away before the sum (exact-then-RZ would give 1-2^-24).
	got = oneElement(t, x, []float64{1, 0x1p-14}, []float64{1, -0x1p-12}, 0, enc)
	assert.Equal(t, uint32(0x3f800000), got)
	// Two such terms are each truncated: 1 - 2*2^-26 -> still 1.
	got = oneElement(t, x, []float64{1, 0x1p-14, 0x1p-14}, []float64{1, -0x1p-12, -0x1p-12}, 0, enc)
	assert.Equal(t, uint32(0x3f800000), got)
	// With 2 extra bits a term of 2^-25 survives: 1 - 2^-25 truncates to
	// the f32 below 1 (0x3f7fffff), where RN gives 1.
	got = oneElement(t, x, []float64{1, 0x1p-13}, []float64{1, -0x1p-12}, 0, enc)
	assert.Equal(t, uint32(0x3f7fffff), got)
	assert.Equal(t, uint32(0x3f800000), f32Bits(1-0x1p-25), "RN reference")
	// The accumulator is aligned like a product: c = 2^-30 under a
	// product 1 vanishes; with c = 1 and a product 2^-26, the product does.
	got = oneElement(t, x, []float64{1}, []float64{1}, f32Bits(0x1p-30), enc)
	assert.Equal(t, uint32(0x3f800000), got)
	got = oneElement(t, x, []float64{0x1p-14}, []float64{-0x1p-12}, f32Bits(1), enc)
	assert.Equal(t, uint32(0x3f800000), got)
	// Negative sums truncate toward zero.
	got = oneElement(t, x, []float64{-1, 0x1p-24}, []float64{1, -1.5}, 0, enc)
	assert.Equal(t, uint32(0xbf800000), got)
}

func TestFloatSpecials(t *testing.T) {
	x := &MMA{Form: Form{D: F32, A: F16, B: F16, N: 8}, ScaleD: true}
	enc := func(v float64) uint32 { return uint32(f16Bits(v)) }
	inf := math.Inf(1)
	assert.Equal(t, uint32(nanF32), oneElement(t, x, []float64{inf}, []float64{0}, 0, enc))
	assert.Equal(t, uint32(nanF32), oneElement(t, x, []float64{inf, inf}, []float64{1, -1}, 0, enc))
	assert.Equal(t, uint32(infF32), oneElement(t, x, []float64{inf, 3}, []float64{2, 1}, 0, enc))
	assert.Equal(t, uint32(infF32|1<<31), oneElement(t, x, []float64{1}, []float64{1}, f32Bits(math.Inf(-1)), enc))
	assert.Equal(t, uint32(nanF32), oneElement(t, x, []float64{math.NaN()}, []float64{1}, 0, enc))
	// Overflow of the group sum gives Inf (bf16 products beyond f32).
	xb := &MMA{Form: Form{D: F32, A: BF16, B: BF16, N: 8}}
	encb := func(v float64) uint32 { return uint32(bf16Bits(v)) }
	assert.Equal(t, uint32(infF32), oneElement(t, xb, []float64{0x1p100}, []float64{0x1p100}, 0, encb))
	// f32 subnormal results are truncated onto the subnormal grid.
	assert.Equal(t, uint32(3), oneElement(t, xb, []float64{0x1p-75 * 1.75}, []float64{0x1p-73}, 0, encb))
}

// randFloat returns raw bits of a random finite value of type ty with a
// wide exponent spread (some zeros and subnormals).
func randFloat(rng *rand.Rand, ty Type) uint32 {
	switch ty {
	case F16, BF16:
		for {
			v := uint32(rng.IntN(1 << 16))
			if _, _, _, c := decodeFloat(ty, v); c == clsFinite {
				return v
			}
		}
	case TF32:
		return f32Bits(rng.NormFloat64()*math.Exp2(float64(rng.IntN(60)-30))) ^ uint32(rng.IntN(1<<13))
	case E4M3, E5M2:
		for {
			v := uint32(rng.IntN(256))
			if _, _, _, c := decodeFloat(ty, v); c == clsFinite {
				return v
			}
		}
	}
	return 0
}

// The fast float64 path and the integer reference (group) agree bit for
// bit on random operands, for every float form and default parameters.
func TestFastPathMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for _, f := range []Form{
		{D: F32, A: F16, B: F16, N: 64}, {D: F32, A: BF16, B: BF16, N: 64},
		{D: F32, A: TF32, B: TF32, N: 64}, {D: F32, A: E4M3, B: E5M2, N: 64},
		{D: F32, A: E5M2, B: E5M2, N: 32},
	} {
		for _, spread := range []bool{true, false} {
			x := &MMA{Form: f, ScaleD: true, NegB: spread}
			a, b, c := make([]uint32, x.ALen()), make([]uint32, x.BLen()), make([]uint32, x.CLen())
			for i := range a {
				a[i] = randFloat(rng, f.A)
			}
			for i := range b {
				b[i] = randFloat(rng, f.B)
			}
			for i := range c {
				c[i] = f32Bits(rng.NormFloat64() * math.Exp2(float64(rng.IntN(40)-20)))
				if !spread {
					c[i] = uint32(rng.Uint32()) &^ 0x40000000 // tiny to moderate, subnormals
				}
			}
			d := run(t, x, a, b, c)
			var ws Workspace
			p := x.params()
			r := floatRun{p: p, w: 23 + p.ExtraBits, floor: int32(p.FloorExp), accT: F32, accF: 23, a: &ws.fa, b: &ws.fb, k: KFor(f.A), grp: p.GroupSize}
			r.a.load(f.A, a, M, r.k, false, uint(r.w-f.A.fmt().fracBits-f.B.fmt().fracBits))
			r.b.load(f.B, b, f.N, r.k, x.NegB, 0)
			bad := 0
			for m := 0; m < M; m++ {
				for n := 0; n < f.N; n++ {
					want := r.element(m*r.k, n*r.k, c[m*f.N+n])
					if d[m*f.N+n] != want {
						bad++
						if bad < 5 {
							t.Errorf("%v (%d,%d): fast %#x reference %#x", f, m, n, d[m*f.N+n], want)
						}
					}
				}
			}
			assert.Zero(t, bad, "%v", f)
		}
	}
}

// fp8: sums are cut to 14 significant bits (published claim).
func TestFP8FourteenBits(t *testing.T) {
	x := &MMA{Form: Form{D: F32, A: E4M3, B: E4M3, N: 8}, ScaleD: true}
	enc := func(v float64) uint32 {
		for b := uint32(0); b < 256; b++ {
			s, e, n, c := decodeFloat(E4M3, b)
			if c == clsFinite && float64(s)*math.Exp2(float64(e-3))*map[bool]float64{false: 1, true: -1}[n] == v {
				return b
			}
		}
		t.Fatalf("%g not an e4m3 value", v)
		return 0
	}
	// c = 1 + 2^-20 loses its low bits: 1 + 2^-20 is below the 2^-13 LSB.
	got := oneElement(t, x, []float64{1}, []float64{1}, f32Bits(1+0x1p-20), enc)
	assert.Equal(t, f32Bits(2), got)
}

func TestIntegerExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct{ a, b Type }{{S8, S8}, {U8, U8}, {U8, S8}, {S8, U8}} {
		x := &MMA{Form: Form{D: S32, A: tc.a, B: tc.b, N: 16}, ScaleD: true}
		a, b, c := make([]uint32, x.ALen()), make([]uint32, x.BLen()), make([]uint32, x.CLen())
		for i := range a {
			a[i] = uint32(rng.IntN(256))
		}
		for i := range b {
			b[i] = uint32(rng.IntN(256))
		}
		for i := range c {
			c[i] = rng.Uint32()
		}
		ext := func(ty Type, v uint32) int64 {
			if ty == S8 {
				return int64(int8(v))
			}
			return int64(v)
		}
		for _, sat := range []bool{false, true} {
			x.SatFinite = sat
			d := run(t, x, a, b, c)
			for m := 0; m < M; m++ {
				for n := 0; n < 16; n++ {
					s := int64(int32(c[m*16+n]))
					for k := 0; k < 32; k++ {
						s += ext(tc.a, a[m*32+k]) * ext(tc.b, b[n*32+k])
					}
					if sat {
						s = min(max(s, math.MinInt32), math.MaxInt32)
					}
					require.Equal(t, uint32(s), d[m*16+n])
				}
			}
		}
	}
	// .satfinite clamps where plain s32 wraps.
	x := &MMA{Form: Form{D: S32, A: S8, B: S8, N: 8}, ScaleD: true}
	a, b, c := make([]uint32, x.ALen()), make([]uint32, x.BLen()), make([]uint32, x.CLen())
	a[0], b[0], c[0] = 100, 100, math.MaxInt32-5
	assert.Equal(t, uint32(math.MaxInt32-5+10000), run(t, x, a, b, c)[0])
	x.SatFinite = true
	assert.Equal(t, uint32(math.MaxInt32), run(t, x, a, b, c)[0])
}

func TestB1Popc(t *testing.T) {
	x := &MMA{Form: Form{D: S32, A: B1, B: B1, N: 8}, ScaleD: true}
	a, b, c := make([]uint32, x.ALen()), make([]uint32, x.BLen()), make([]uint32, x.CLen())
	a[0], a[7] = 0xff00ff00, 0xffffffff
	b[0], b[7] = 0x0ff00ff0, 0x1
	c[0] = 5
	assert.Equal(t, uint32(5+8+1), run(t, x, a, b, c)[0])
	x.BitOp = BitXor
	assert.Equal(t, uint32(5+16+31), run(t, x, a, b, c)[0])
	x.ScaleD = false
	assert.Equal(t, uint32(16+31), run(t, x, a, b, c)[0])
}

// The packed fast path of the s8/u8 forms agrees with the reference loop
// (runInt8) for every mix, N, sparse K, scale-d and .satfinite, with
// extreme operands and accumulators near the int32 limits.
func TestIntFastMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var ws Workspace
	for _, ta := range []Type{S8, U8} {
		for _, tb := range []Type{S8, U8} {
			for _, n := range []int{8, 16, 24, 32, 48, 256} {
				for _, sp := range []bool{false, true} {
					x := &MMA{Form: Form{D: S32, A: ta, B: tb, N: n, Sparse: sp}, ScaleD: rng.IntN(4) != 0, SatFinite: rng.IntN(2) == 0}
					require.NoError(t, x.Check())
					a, b, c := make([]uint32, x.ALen()), make([]uint32, x.BLen()), make([]uint32, x.CLen())
					elem := func() uint32 {
						if rng.IntN(3) == 0 { // extremes: -128, 127, 255, 0
							return []uint32{0x80, 0x7f, 0xff, 0}[rng.IntN(4)]
						}
						return uint32(rng.IntN(256))
					}
					for i := range a {
						a[i] = elem()
					}
					for i := range b {
						b[i] = elem()
					}
					for i := range c {
						c[i] = rng.Uint32()
						if rng.IntN(2) == 0 {
							c[i] = uint32(int32(math.MaxInt32 - rng.IntN(1<<22)))
							if rng.IntN(2) == 0 {
								c[i] = uint32(int32(math.MinInt32 + rng.IntN(1<<22)))
							}
						}
					}
					want := make([]uint32, x.CLen())
					x.runInt8(M, a, b, c, want)
					d := make([]uint32, x.CLen())
					require.NoError(t, x.Run(&ws, a, b, c, d))
					require.Equal(t, want, d, "%v sat %v scale-d %v", x.Form, x.SatFinite, x.ScaleD)
					copy(d, c) // in place
					require.NoError(t, x.Run(&ws, a, b, d, d))
					require.Equal(t, want, d, "%v in place", x.Form)
				}
			}
		}
	}
}

// RunRows gives the first rows of Run's result, from operands that hold
// only those rows, for every form (fast and reference parameter sets).
func TestRunRows(t *testing.T) {
	g := &diffGen{rng: rand.New(rand.NewPCG(51, 52))}
	var ws Workspace
	forms := []Form{
		{D: F32, A: F16, B: F16}, {D: F16, A: F16, B: F16}, {D: F32, A: BF16, B: BF16},
		{D: F32, A: TF32, B: TF32}, {D: F16, A: E4M3, B: E5M2}, {D: F32, A: E5M2, B: E4M3},
		{D: F32, A: F16, B: F16, Sparse: true},
		{D: S32, A: S8, B: U8}, {D: S32, A: U8, B: U8}, {D: S32, A: B1, B: B1},
	}
	for _, f := range forms {
		for it := 0; it < 6; it++ {
			f.N = []int{8, 16, 64}[it%3]
			x := &MMA{Form: f, ScaleD: it%4 != 3}
			if it == 4 && f.A.IsFloat() { // the reference path
				p := x.params()
				p.GroupSize /= 2
				x.Params = &p
			}
			require.NoError(t, x.Check())
			g.specials = it%2 == 0
			a, b, c := make([]uint32, x.ALen()), make([]uint32, x.BLen()), make([]uint32, x.CLen())
			for i := range a {
				a[i] = g.operand(f.A)
			}
			for i := range b {
				b[i] = g.operand(f.B)
			}
			for i := range c {
				c[i] = g.acc(f.D, 0)
			}
			want := make([]uint32, x.CLen())
			require.NoError(t, x.Run(&ws, a, b, c, want))
			for _, rows := range []int{1, 8, 16, 63} {
				al := len(a) / M * rows
				d := make([]uint32, rows*f.N)
				require.NoError(t, x.RunRows(&ws, rows, a[:al:al], b, c[:rows*f.N:rows*f.N], d))
				require.Equal(t, want[:rows*f.N], d, "%v rows %d", f, rows)
			}
		}
	}
	x := &MMA{Form: Form{D: F32, A: F16, B: F16, N: 8}}
	require.Error(t, x.RunRows(&ws, 0, nil, nil, nil, nil))
	require.Error(t, x.RunRows(&ws, 65, nil, nil, nil, nil))
}

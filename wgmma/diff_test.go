package wgmma

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// refRun computes D with the straightforward integer reference
// (floatRun.element on every element), whatever path Run takes.
func refRun(x *MMA, a, b, c []uint32) []uint32 {
	p := x.params()
	k := x.K()
	var ws Workspace
	r := floatRun{p: p, w: 23 + p.ExtraBits, floor: int32(p.FloorExp), accT: x.D, accF: 23, a: &ws.fa, b: &ws.fb, k: k, grp: p.GroupSize}
	if x.D == F16 {
		r.accF, r.floor = 10, int32(p.F16OutFloorExp)
	}
	r.a.load(x.A, a, M, k, x.NegA, uint(r.w-x.A.fmt().fracBits-x.B.fmt().fracBits))
	r.b.load(x.B, b, x.N, k, x.NegB, 0)
	d := make([]uint32, x.CLen())
	for m := 0; m < M; m++ {
		for j := 0; j < x.N; j++ {
			var cv uint32
			if x.ScaleD {
				cv = c[m*x.N+j]
			}
			d[m*x.N+j] = r.element(m*k, j*k, cv)
		}
	}
	return d
}

// diffGen draws operands that stress the alignment: a few exponent
// scales per operand (so groups mix near and far terms), values drawn
// from a small set (so products cancel), zeros, subnormals, the extremes
// of the format and, at a low rate, Inf and NaN.
type diffGen struct {
	rng      *rand.Rand
	specials bool
	sparse   bool // mostly zeros: whole groups without a nonzero product
}

// elem returns raw bits of an input of type t near exponent base.
func (g *diffGen) elem(t Type, base int) uint32 {
	f := t.fmt()
	width := 1 + f.expBits + f.fracBits
	r := g.rng.IntN(100)
	switch {
	case r < 8 || (g.sparse && g.rng.IntN(10) < 8):
		return uint32(g.rng.IntN(2)) << (width - 1) // ±0
	case r < 14: // subnormal
		return uint32(g.rng.IntN(1<<(width-f.expBits))) & (1<<f.fracBits - 1)
	case r < 20: // anything finite or not
		v := uint32(g.rng.IntN(1 << width))
		if _, _, _, c := f.decode(v); c != clsFinite && !g.specials {
			v = 0
		}
		return g.wrap(t, v)
	case r < 22 && g.specials: // Inf or NaN
		emax := uint32(1<<f.expBits - 1)
		frac := uint32(0)
		if g.rng.IntN(2) == 0 || !f.ieeeSpecials {
			frac = 1<<f.fracBits - 1
		}
		return g.wrap(t, uint32(g.rng.IntN(2))<<(width-1)|emax<<f.fracBits|frac)
	case r < 26: // largest finite magnitudes
		v := uint32(1<<(f.expBits+f.fracBits)-1) - uint32(g.rng.IntN(4))
		if !f.ieeeSpecials {
			v -= 1
		} else {
			v -= 1 << f.fracBits
		}
		return g.wrap(t, v|uint32(g.rng.IntN(2))<<(width-1))
	}
	// Near base: a significand from a small set, an exponent within a few
	// steps, so equal and opposite products are common.
	e := base + g.rng.IntN(5) - 2
	if r < 60 {
		e = base + g.rng.IntN(25) - 12
	}
	be := e + f.bias
	if be < 1 {
		be = 1
	}
	if be > 1<<f.expBits-2 {
		be = 1<<f.expBits - 2
	}
	fracs := []uint32{0, 1 << (f.fracBits - 1), 1<<f.fracBits - 1, 1}
	frac := fracs[g.rng.IntN(len(fracs))]
	if g.rng.IntN(3) == 0 {
		frac = uint32(g.rng.IntN(1 << f.fracBits))
	}
	return g.wrap(t, uint32(g.rng.IntN(2))<<(width-1)|uint32(be)<<f.fracBits|frac)
}

// wrap turns format bits into Run's element encoding (tf32: the f32
// register with random low bits, which the model ignores).
func (g *diffGen) wrap(t Type, v uint32) uint32 {
	if t == TF32 {
		return v<<13 | uint32(g.rng.IntN(1<<13))
	}
	return v
}

// operand returns a raw operand element of type t (floats: near 1;
// integers: any byte; b1: any word).
func (g *diffGen) operand(t Type) uint32 {
	switch t {
	case S8, U8:
		return uint32(g.rng.IntN(256))
	case B1:
		return g.rng.Uint32()
	}
	return g.elem(t, 0)
}

// acc returns accumulator bits of type t near exponent base.
func (g *diffGen) acc(t Type, base int) uint32 {
	r := g.rng.IntN(100)
	if t == S32 {
		return g.rng.Uint32()
	}
	if t == F16 {
		switch {
		case r < 10:
			return 0
		case r < 15:
			return uint32(g.rng.IntN(1 << 16))
		}
		return uint32(f16Bits(g.rng.NormFloat64() * math.Exp2(float64(min(base+g.rng.IntN(9)-4, 15)))))
	}
	switch {
	case r < 10:
		return uint32(g.rng.IntN(2)) << 31
	case r < 15:
		v := g.rng.Uint32()
		if v&infF32 == infF32 && !g.specials {
			v &^= 1 << 30
		}
		return v
	case r < 20: // subnormal
		return g.rng.Uint32() & 0x807fffff
	}
	return f32Bits(g.rng.NormFloat64() * math.Exp2(float64(base+g.rng.IntN(31)-15)))
}

// The fast path and the integer reference agree bit for bit over many
// random operands with zeros, subnormals, cancellation, extreme exponents,
// Inf and NaN, for every float form, negation, scale-d, and parameter sets
// that take the fast path and ones that do not.
func TestFastPathDifferential(t *testing.T) {
	forEachPath(t, testFastPathDifferential)
}

func testFastPathDifferential(t *testing.T) {
	forms := []Form{
		{D: F32, A: F16, B: F16}, {D: F16, A: F16, B: F16},
		{D: F32, A: BF16, B: BF16}, {D: F32, A: TF32, B: TF32},
		{D: F32, A: E4M3, B: E4M3}, {D: F32, A: E4M3, B: E5M2},
		{D: F32, A: E5M2, B: E4M3}, {D: F32, A: E5M2, B: E5M2},
		{D: F16, A: E4M3, B: E5M2},
		// wgmma.mma_async.sp (A expanded; the zeros of the 2:4 pattern are
		// among the operands the generator draws)
		{D: F32, A: F16, B: F16, Sparse: true}, {D: F32, A: TF32, B: TF32, Sparse: true},
		{D: F32, A: E4M3, B: E5M2, Sparse: true}, {D: F16, A: E5M2, B: E4M3, Sparse: true},
	}
	iters := 40
	if testing.Short() {
		iters = 8
	}
	g := &diffGen{rng: rand.New(rand.NewPCG(11, 13))}
	var ws Workspace
	for _, f0 := range forms {
		for it := 0; it < iters; it++ {
			f := f0
			f.N = []int{8, 16, 24, 64, 256}[g.rng.IntN(5)]
			x := &MMA{Form: f, ScaleD: g.rng.IntN(4) != 0, NegA: g.rng.IntN(2) == 0, NegB: g.rng.IntN(2) == 0}
			if it%5 == 4 { // other parameters: wider/narrower adder, smaller groups
				p := x.params()
				p.ExtraBits += g.rng.IntN(3) - 1
				if g.rng.IntN(2) == 0 && p.GroupSize%2 == 0 {
					p.GroupSize /= 2
				}
				p.OutSigBits = []int{p.OutSigBits, 24, 14, 11}[g.rng.IntN(4)]
				if f.D == F16 { // f16 results: truncation, floors that are reached
					p.F16OutRNE = g.rng.IntN(2) == 0
					p.F16OutFloorExp = []int{p.F16OutFloorExp, -14, -5, -40}[g.rng.IntN(4)]
				}
				x.Params = &p
			}
			require.NoError(t, x.Check())
			g.specials = it%3 == 0
			g.sparse = it%4 == 1
			fa, fb := f.A.fmt(), f.B.fmt()
			spread := []int{0, 1, 4, 30}[g.rng.IntN(4)]
			base := func(ft fmtInfo) int {
				lim := min(spread, (1<<ft.expBits)/2-2)
				return g.rng.IntN(2*lim+1) - lim
			}
			a, b, c := make([]uint32, x.ALen()), make([]uint32, x.BLen()), make([]uint32, x.CLen())
			k := f.K()
			for m := 0; m < M; m++ {
				e := base(fa)
				for i := 0; i < k; i++ {
					a[m*k+i] = g.elem(f.A, e)
				}
			}
			for n := 0; n < f.N; n++ {
				e := base(fb)
				for i := 0; i < k; i++ {
					b[n*k+i] = g.elem(f.B, e)
				}
			}
			for i := range c {
				c[i] = g.acc(f.D, base(fa)+base(fb))
			}
			want := refRun(x, a, b, c)
			d := make([]uint32, x.CLen())
			require.NoError(t, x.Run(&ws, a, b, c, d))
			bad := 0
			for i := range d {
				if d[i] != want[i] {
					bad++
					if bad <= 3 {
						t.Errorf("%v neg %v/%v scale-d %v params %+v element (%d,%d): fast %#x reference %#x",
							f, x.NegA, x.NegB, x.ScaleD, x.params(), i/f.N, i%f.N, d[i], want[i])
					}
				}
			}
			require.Zero(t, bad, "%v iteration %d", f, it)
			// In place (c aliases d), as the executor may call it.
			copy(d, c)
			require.NoError(t, x.Run(&ws, a, b, d, d))
			require.Equal(t, want, d, "%v iteration %d in place", f, it)
		}
	}
}

// The assembly reads vecKernel by offset.
func TestVecKernelLayout(t *testing.T) {
	var v vecKernel
	off := func(p unsafe.Pointer) uintptr { return uintptr(p) - uintptr(unsafe.Pointer(&v)) }
	for _, c := range []struct {
		name string
		got  uintptr
		want uintptr
	}{
		{"arow", off(unsafe.Pointer(&v.arow)), 0}, {"bt", off(unsafe.Pointer(&v.bt)), 8},
		{"codes", off(unsafe.Pointer(&v.codes)), 16}, {"c", off(unsafe.Pointer(&v.c)), 24},
		{"d", off(unsafe.Pointer(&v.d)), 32}, {"flags", off(unsafe.Pointer(&v.flags)), 40},
		{"n", off(unsafe.Pointer(&v.n)), 48}, {"kEnd", off(unsafe.Pointer(&v.kEnd)), 56},
		{"stride", off(unsafe.Pointer(&v.stride)), 64}, {"bad", off(unsafe.Pointer(&v.bad)), 72},
		{"f16", off(unsafe.Pointer(&v.f16)), 104}, {"bsp", off(unsafe.Pointer(&v.bsp)), 112},
		{"asp", off(unsafe.Pointer(&v.asp)), 120}, {"rows", off(unsafe.Pointer(&v.rows)), 128},
		{"codeStride", off(unsafe.Pointer(&v.codeStride)), 136}, {"cStride", off(unsafe.Pointer(&v.cStride)), 144},
		{"dStride", off(unsafe.Pointer(&v.dStride)), 152}, {"aOff", off(unsafe.Pointer(&v.aOff)), 160},
		{"codeOff", off(unsafe.Pointer(&v.codeOff)), 168}, {"cOff", off(unsafe.Pointer(&v.cOff)), 176},
		{"dOff", off(unsafe.Pointer(&v.dOff)), 184}, {"aspOff", off(unsafe.Pointer(&v.aspOff)), 192},
		{"cShift", off(unsafe.Pointer(&v.cShift)), 200}, {"offTB", off(unsafe.Pointer(&v.offTB)), 224},
		{"twoBase", off(unsafe.Pointer(&v.twoBase)), 256}, {"floor", off(unsafe.Pointer(&v.floor)), 288},
		{"w1023", off(unsafe.Pointer(&v.w1023)), 320}, {"mw1023", off(unsafe.Pointer(&v.mw1023)), 352},
		{"absC", off(unsafe.Pointer(&v.absC)), 384}, {"infC", off(unsafe.Pointer(&v.infC)), 416},
		{"one", off(unsafe.Pointer(&v.one)), 448}, {"biasC", off(unsafe.Pointer(&v.biasC)), 480},
		{"lowE", off(unsafe.Pointer(&v.lowE)), 512}, {"highE", off(unsafe.Pointer(&v.highE)), 544},
		{"sigMask", off(unsafe.Pointer(&v.sigMask)), 576}, {"absF64", off(unsafe.Pointer(&v.absF64)), 608},
		{"sticky", off(unsafe.Pointer(&v.sticky)), 640},
	} {
		require.Equal(t, c.want, c.got, c.name)
	}
}

// f64ToF16RNE agrees with encodeF16 over normal and subnormal results,
// ties, overflow and zero.
func TestF64ToF16RNE(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 200000; i++ {
		mag := rng.Uint64() >> uint(rng.IntN(64))
		if mag == 0 || mag >= 1<<53 {
			continue
		}
		lsb := rng.IntN(80) - 70
		neg := rng.IntN(2) == 0
		v := float64(mag) * math.Exp2(float64(lsb))
		if neg {
			v = -v
		}
		require.Equal(t, encodeF16(neg, mag, lsb, true), f64ToF16RNE(v), "%d * 2^%d", mag, lsb)
	}
}

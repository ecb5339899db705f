package wgmma

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Benchmarks of MMA.Run for every wgmma type combination:
// BenchmarkWgmma<A><B><D><SS|RS>, each with sub-benchmarks per N (and
// .satfinite for s8/u8, .xor.popc for b1). They report GFLOP/s
// (2*64*N*K per call) on one core. The operands are random (normal
// values over a few binades for the float types, uniform bits for the
// integer types) and C is nonzero (scale-d 1).
//
// GFLOP/s is per wall second; cpu-GFLOP/s per second of the process's CPU
// time (getrusage), which a loaded machine disturbs less (the first
// iteration is left out of it: setup).
//
// SS: A and B are already in Run's layout (the executor gathers them from
// shared memory through its address tables). RS: each call first unpacks A
// from the 128 threads' four fragment registers (APos), as the executor's
// RS gather does, so it also times that step.

// benchNs are the N of each sub-benchmark (legal for every input type).
var benchNs = []int{8, 64, 256}

// benchOperand returns random raw elements of type t (Run's encoding).
func benchOperand(rng *rand.Rand, t Type, n int) []uint32 {
	v := make([]uint32, n)
	for i := range v {
		x := rng.NormFloat64() * math.Exp2(float64(rng.IntN(7)-3))
		switch t {
		case F16:
			v[i] = uint32(f16Bits(x))
		case BF16:
			v[i] = uint32(bf16Bits(x))
		case TF32:
			v[i] = f32Bits(x)
		case E4M3, E5M2:
			v[i] = benchFP8(rng, t)
		default: // s8, u8, b1 words
			v[i] = rng.Uint32()
			if t != B1 {
				v[i] &= 0xff
			}
		}
	}
	return v
}

// benchFP8 returns a random finite fp8 value of type t.
func benchFP8(rng *rand.Rand, t Type) uint32 {
	for {
		v := uint32(rng.IntN(256))
		if _, _, _, c := t.fmt().decode(v); c == clsFinite {
			return v
		}
	}
}

// benchAcc returns a random accumulator of type t.
func benchAcc(rng *rand.Rand, t Type, n int) []uint32 {
	v := make([]uint32, n)
	for i := range v {
		x := rng.NormFloat64() * 4
		switch t {
		case F16:
			v[i] = uint32(f16Bits(x))
		case F32:
			v[i] = f32Bits(x)
		default:
			v[i] = rng.Uint32()
		}
	}
	return v
}

// packA stores A (Run's layout) in RS fragment registers: regs[t][r] is
// register r of thread t.
func packA(ty Type, a []uint32, regs *[128][ARegs]uint32) {
	bitsPer := ty.Bits()
	per := 32 / bitsPer
	k := KFor(ty)
	for t := range regs {
		regs[t] = [ARegs]uint32{}
		for i := 0; i < AElems(ty); i++ {
			row, kk := APos(ty, t, i)
			var v uint32
			if ty == B1 {
				v = a[row*b1Words+kk/32] >> uint(kk%32) & 1
			} else {
				v = a[row*k+kk]
			}
			regs[t][i/per] |= v << uint((i%per)*bitsPer)
		}
	}
}

// unpackARef is UnpackA written with APos directly (its oracle).
func unpackARef(ty Type, regs *[128][ARegs]uint32, a []uint32) {
	bitsPer := ty.Bits()
	per := 32 / bitsPer
	k := KFor(ty)
	mask := uint32(uint64(1)<<bitsPer - 1)
	if ty == B1 {
		clear(a)
	}
	for t := range regs {
		for i := 0; i < AElems(ty); i++ {
			row, kk := APos(ty, t, i)
			v := regs[t][i/per] >> uint((i%per)*bitsPer) & mask
			if ty == B1 {
				a[row*b1Words+kk/32] |= v << uint(kk%32)
			} else {
				a[row*k+kk] = v
			}
		}
	}
}

// benchMMA times x (RS: with the A fragment unpacked per call).
func benchMMA(b *testing.B, x *MMA, rs bool) {
	if err := x.Check(); err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, uint64(x.N)))
	a := benchOperand(rng, x.A, x.ALen())
	bb := benchOperand(rng, x.B, x.BLen())
	c := benchAcc(rng, x.D, x.CLen())
	d := make([]uint32, x.CLen())
	var regs [128][ARegs]uint32
	packA(x.A, a, &regs)
	var ws Workspace
	b.ReportAllocs()
	var cpu float64
	for b.Loop() {
		if cpu == 0 {
			cpu = cpuSeconds()
		}
		if rs {
			UnpackA(x.A, &regs, a)
		}
		if err := x.Run(&ws, a, bb, c, d); err != nil {
			b.Fatal(err)
		}
	}
	cpu = cpuSeconds() - cpu
	flops := float64(x.Flops()) * float64(b.N)
	b.ReportMetric(flops/b.Elapsed().Seconds()/1e9, "GFLOP/s")
	if cpu > 0 {
		b.ReportMetric(flops/cpu/1e9, "cpu-GFLOP/s")
	}
}

// benchForm runs the sub-benchmarks of one type combination.
func benchForm(b *testing.B, a, bt, d Type, rs bool) {
	for _, n := range benchNs {
		name := "n" + itoa(n)
		x := &MMA{Form: Form{D: d, A: a, B: bt, N: n}, ScaleD: true}
		b.Run(name, func(b *testing.B) { benchMMA(b, x, rs) })
		switch {
		case d == S32 && a != B1:
			s := *x
			s.SatFinite = true
			b.Run(name+"_satfinite", func(b *testing.B) { benchMMA(b, &s, rs) })
		case a == B1:
			s := *x
			s.BitOp = BitXor
			b.Run(name+"_xor", func(b *testing.B) { benchMMA(b, &s, rs) })
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func BenchmarkWgmmaF16F16F16SS(b *testing.B)   { benchForm(b, F16, F16, F16, false) }
func BenchmarkWgmmaF16F16F16RS(b *testing.B)   { benchForm(b, F16, F16, F16, true) }
func BenchmarkWgmmaF16F16F32SS(b *testing.B)   { benchForm(b, F16, F16, F32, false) }
func BenchmarkWgmmaF16F16F32RS(b *testing.B)   { benchForm(b, F16, F16, F32, true) }
func BenchmarkWgmmaBF16BF16F32SS(b *testing.B) { benchForm(b, BF16, BF16, F32, false) }
func BenchmarkWgmmaBF16BF16F32RS(b *testing.B) { benchForm(b, BF16, BF16, F32, true) }
func BenchmarkWgmmaTF32TF32F32SS(b *testing.B) { benchForm(b, TF32, TF32, F32, false) }
func BenchmarkWgmmaTF32TF32F32RS(b *testing.B) { benchForm(b, TF32, TF32, F32, true) }
func BenchmarkWgmmaE4M3E4M3F16SS(b *testing.B) { benchForm(b, E4M3, E4M3, F16, false) }
func BenchmarkWgmmaE4M3E4M3F16RS(b *testing.B) { benchForm(b, E4M3, E4M3, F16, true) }
func BenchmarkWgmmaE4M3E4M3F32SS(b *testing.B) { benchForm(b, E4M3, E4M3, F32, false) }
func BenchmarkWgmmaE4M3E4M3F32RS(b *testing.B) { benchForm(b, E4M3, E4M3, F32, true) }
func BenchmarkWgmmaE4M3E5M2F16SS(b *testing.B) { benchForm(b, E4M3, E5M2, F16, false) }
func BenchmarkWgmmaE4M3E5M2F16RS(b *testing.B) { benchForm(b, E4M3, E5M2, F16, true) }
func BenchmarkWgmmaE4M3E5M2F32SS(b *testing.B) { benchForm(b, E4M3, E5M2, F32, false) }
func BenchmarkWgmmaE4M3E5M2F32RS(b *testing.B) { benchForm(b, E4M3, E5M2, F32, true) }
func BenchmarkWgmmaE5M2E4M3F16SS(b *testing.B) { benchForm(b, E5M2, E4M3, F16, false) }
func BenchmarkWgmmaE5M2E4M3F16RS(b *testing.B) { benchForm(b, E5M2, E4M3, F16, true) }
func BenchmarkWgmmaE5M2E4M3F32SS(b *testing.B) { benchForm(b, E5M2, E4M3, F32, false) }
func BenchmarkWgmmaE5M2E4M3F32RS(b *testing.B) { benchForm(b, E5M2, E4M3, F32, true) }
func BenchmarkWgmmaE5M2E5M2F16SS(b *testing.B) { benchForm(b, E5M2, E5M2, F16, false) }
func BenchmarkWgmmaE5M2E5M2F16RS(b *testing.B) { benchForm(b, E5M2, E5M2, F16, true) }
func BenchmarkWgmmaE5M2E5M2F32SS(b *testing.B) { benchForm(b, E5M2, E5M2, F32, false) }
func BenchmarkWgmmaE5M2E5M2F32RS(b *testing.B) { benchForm(b, E5M2, E5M2, F32, true) }
func BenchmarkWgmmaS8S8S32SS(b *testing.B)     { benchForm(b, S8, S8, S32, false) }
func BenchmarkWgmmaS8S8S32RS(b *testing.B)     { benchForm(b, S8, S8, S32, true) }
func BenchmarkWgmmaS8U8S32SS(b *testing.B)     { benchForm(b, S8, U8, S32, false) }
func BenchmarkWgmmaS8U8S32RS(b *testing.B)     { benchForm(b, S8, U8, S32, true) }
func BenchmarkWgmmaU8S8S32SS(b *testing.B)     { benchForm(b, U8, S8, S32, false) }
func BenchmarkWgmmaU8S8S32RS(b *testing.B)     { benchForm(b, U8, S8, S32, true) }
func BenchmarkWgmmaU8U8S32SS(b *testing.B)     { benchForm(b, U8, U8, S32, false) }
func BenchmarkWgmmaU8U8S32RS(b *testing.B)     { benchForm(b, U8, U8, S32, true) }
func BenchmarkWgmmaB1B1S32SS(b *testing.B)     { benchForm(b, B1, B1, S32, false) }
func BenchmarkWgmmaB1B1S32RS(b *testing.B)     { benchForm(b, B1, B1, S32, true) }

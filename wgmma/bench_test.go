package wgmma

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkWgmmaM64N256K16F16F32 times the functional core on one
// m64n256k16 f16 -> f32 wgmma with random operands and reports GFLOP/s
// (2*64*256*16 flops per call) on one core.
func BenchmarkWgmmaM64N256K16F16F32(b *testing.B) {
	x := &MMA{Form: Form{D: F32, A: F16, B: F16, N: 256}, ScaleD: true}
	if err := x.Check(); err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	a := make([]uint32, x.ALen())
	bb := make([]uint32, x.BLen())
	c := make([]uint32, x.CLen())
	for i := range a {
		a[i] = uint32(f16Bits(rng.NormFloat64()))
	}
	for i := range bb {
		bb[i] = uint32(f16Bits(rng.NormFloat64()))
	}
	var ws Workspace
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := x.Run(&ws, a, bb, c, c); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(x.Flops())*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}

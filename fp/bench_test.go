package fp

import "testing"

var sink32 uint32

func benchInputs() []uint32 {
	return []uint32{0x3F800000, 0x40490FDB, 0xC1200000, 0x3EAAAAAB, 0x00012345, 0x4B000001, 0xBF7FFFFF, 0x42F60000}
}

func BenchmarkAddF32(b *testing.B) {
	in := benchInputs()
	var s uint32
	for i := 0; i < b.N; i++ {
		s ^= AddF32(in[i&7], in[(i+3)&7], RN, false, false)
	}
	sink32 = s
}

func BenchmarkMulF32(b *testing.B) {
	in := benchInputs()
	var s uint32
	for i := 0; i < b.N; i++ {
		s ^= MulF32(in[i&7], in[(i+3)&7], RN, false, false)
	}
	sink32 = s
}

func BenchmarkFmaF32(b *testing.B) {
	in := benchInputs()
	var s uint32
	for i := 0; i < b.N; i++ {
		s ^= FmaF32(in[i&7], in[(i+3)&7], in[(i+5)&7], RN, false, false)
	}
	sink32 = s
}

func BenchmarkFmaF32FtzRZ(b *testing.B) {
	in := benchInputs()
	var s uint32
	for i := 0; i < b.N; i++ {
		s ^= FmaF32(in[i&7], in[(i+3)&7], in[(i+5)&7], RZ, true, false)
	}
	sink32 = s
}

func BenchmarkAddF16(b *testing.B) {
	in := benchInputs()
	var s uint32
	for i := 0; i < b.N; i++ {
		s ^= uint32(AddF16(uint16(in[i&7]>>16), uint16(in[(i+3)&7]>>16), RN, false, false))
	}
	sink32 = s
}

func BenchmarkFmaF64RZ(b *testing.B) {
	var s uint64
	for i := 0; i < b.N; i++ {
		s ^= FmaF64(0x3FF0000000000001+uint64(i&15), 0x400921FB54442D18, 0xC000000000000000, RZ)
	}
	sink32 = uint32(s)
}

// Approximate-function benchmarks (issue 16: the speed baseline of the
// MUFU models). Inputs cycle through benchApproxInputs.

func benchApproxInputs() []uint32 {
	return []uint32{0x3F800000, 0x40490FDB, 0xC1200000, 0x3EAAAAAB, 0x00012345, 0x3F3504F3, 0xBF7FFFFF, 0x42F60000}
}

func benchApprox(b *testing.B, f func(uint32) uint32) {
	in := benchApproxInputs()
	var s uint32
	for i := 0; i < b.N; i++ {
		s ^= f(in[i&7] &^ 0x80000000)
	}
	sink32 = s
}

func BenchmarkEx2F32(b *testing.B) {
	benchApprox(b, func(a uint32) uint32 { return Ex2ApproxF32(a, false) })
}
func BenchmarkRcpF32(b *testing.B) {
	benchApprox(b, func(a uint32) uint32 { return RcpApproxF32(a, false) })
}
func BenchmarkRsqrtF32(b *testing.B) {
	benchApprox(b, func(a uint32) uint32 { return RsqrtApproxF32(a, false) })
}
func BenchmarkSqrtF32(b *testing.B) {
	benchApprox(b, func(a uint32) uint32 { return SqrtApproxF32(a, false) })
}
func BenchmarkLg2F32(b *testing.B) {
	benchApprox(b, func(a uint32) uint32 { return Lg2ApproxF32(a, false) })
}
func BenchmarkSinF32(b *testing.B) {
	benchApprox(b, func(a uint32) uint32 { return SinApproxF32(a, false) })
}
func BenchmarkCosF32(b *testing.B) {
	benchApprox(b, func(a uint32) uint32 { return CosApproxF32(a, false) })
}
func BenchmarkTanhF32(b *testing.B) { benchApprox(b, TanhApproxF32) }
func BenchmarkDivFullF32(b *testing.B) {
	in := benchApproxInputs()
	var s uint32
	for i := 0; i < b.N; i++ {
		s ^= DivFullF32(in[i&7], in[(i+3)&7], false)
	}
	sink32 = s
}
func BenchmarkEx2F16x2(b *testing.B)   { benchApprox(b, Ex2ApproxF16x2) }
func BenchmarkEx2BF16x2(b *testing.B)  { benchApprox(b, Ex2ApproxBF16x2) }
func BenchmarkTanhF16x2(b *testing.B)  { benchApprox(b, TanhApproxF16x2) }
func BenchmarkTanhBF16x2(b *testing.B) { benchApprox(b, TanhApproxBF16x2) }

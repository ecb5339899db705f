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

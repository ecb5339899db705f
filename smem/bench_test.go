package smem

import "testing"

var sinkCost Cost

func benchAccess(b *testing.B, a *Access) {
	b.ReportAllocs()
	for b.Loop() {
		sinkCost = Wavefronts(a)
	}
}

// BenchmarkWavefronts32 is the hot path: a conflict-free 32-bit warp access.
func BenchmarkWavefronts32(b *testing.B) {
	benchAccess(b, access(OpLd, 4, allLanes, func(l uint32) uint32 { return 0x400 + 4*l }))
}

func BenchmarkWavefronts32Broadcast(b *testing.B) {
	benchAccess(b, access(OpLd, 4, allLanes, func(uint32) uint32 { return 0x400 }))
}

func BenchmarkWavefronts32Stride2(b *testing.B) {
	benchAccess(b, access(OpLd, 4, allLanes, func(l uint32) uint32 { return 8 * l }))
}

func BenchmarkWavefronts32Column32Way(b *testing.B) {
	benchAccess(b, access(OpLd, 4, allLanes, func(l uint32) uint32 { return 128 * l }))
}

func BenchmarkWavefronts64(b *testing.B) {
	benchAccess(b, access(OpLd, 8, allLanes, func(l uint32) uint32 { return 8 * l }))
}

func BenchmarkWavefronts128(b *testing.B) {
	benchAccess(b, access(OpLd, 16, allLanes, func(l uint32) uint32 { return 16 * l }))
}

func BenchmarkWavefrontsLdsmSwizzled(b *testing.B) {
	benchAccess(b, ldsm(4, allLanes, ldsmRowAddr(Swizzle128B, 0, 0)))
}

func BenchmarkWavefrontsLdsmUnswizzled(b *testing.B) {
	benchAccess(b, ldsm(4, allLanes, ldsmRowAddr(SwizzleNone, 0, 0)))
}

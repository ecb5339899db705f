package wgmma

import (
	"math"
	"testing"

	"github.com/sm90sim/sm90sim/fp"
)

func f16Bits(v float64) uint16  { return fp.F64ToF16RN(v) }
func bf16Bits(v float64) uint16 { return fp.F64ToBF16RN(v) }
func f32Bits(v float64) uint32  { return math.Float32bits(float32(v)) }
func f32Val(b uint32) float64   { return float64(math.Float32frombits(b)) }

// forEachPath runs f as a subtest on every fast path this machine has:
// "vector512x16" (rowKernelAVX512x16 where N allows), "vector512"
// (rowKernelAVX512), "vector" (rowKernelAVX2) and "scalar" (the Go loop),
// switching haveVec, haveVec512 and haveVec512x16 for its duration.
func forEachPath(t *testing.T, f func(t *testing.T)) {
	paths := []struct {
		name           string
		vec, v512, x16 bool
	}{{"vector512x16", true, true, true}, {"vector512", true, true, false}, {"vector", true, false, false}, {"scalar", false, false, false}}
	for _, p := range paths {
		if (p.vec && !haveVec) || (p.v512 && !haveVec512) || (p.x16 && !haveVec512x16) {
			continue
		}
		t.Run(p.name, func(t *testing.T) {
			defer func(v, v5, x bool) { haveVec, haveVec512, haveVec512x16 = v, v5, x }(haveVec, haveVec512, haveVec512x16)
			haveVec, haveVec512, haveVec512x16 = p.vec, p.v512, p.x16
			f(t)
		})
	}
}

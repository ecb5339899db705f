package wgmma

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// The vector decoder gives the values, codes and Inf/NaN report of the
// scalar one (decoder.slow) for every f16 and bf16 encoding and random tf32
// registers, negated or not, contiguous and strided.
func TestDecodeVector(t *testing.T) {
	if !haveVec {
		t.Skip("no AVX2")
	}
	rng := rand.New(rand.NewPCG(41, 42))
	for _, ty := range []Type{F16, BF16, TF32} {
		for _, neg := range []bool{false, true} {
			var c decConst
			pre := uint(0)
			if ty == TF32 {
				pre = 13
			}
			ref := newDecoder(ty.fmt(), pre, neg, 30)
			vd := ref
			vd.vc = vecDecoder(ty, neg, 30, &c)
			if vd.vc == nil {
				continue // no F16C
			}
			raw := make([]uint32, 16)
			for it := 0; it < 1<<16/16; it++ {
				for i := range raw {
					switch ty {
					case TF32:
						raw[i] = rng.Uint32()
						if rng.IntN(4) == 0 { // zeros, subnormals, Inf/NaN with low bits
							raw[i] = raw[i]&0x807fffff | []uint32{0, 0x7f800000}[rng.IntN(2)]
						}
					default:
						raw[i] = uint32(it*16 + i) // every encoding once
					}
				}
				k := []int{4, 8, 16}[it%3]
				wv, gv := make([]float64, 3*k), make([]float64, 3*k)
				wc, gc := make([]uint16, 5*k), make([]uint16, 5*k)
				for _, st := range [][2]int{{1, 1}, {3, 5}} {
					ws := ref.slow(raw[:k], wv, st[0], wc, st[1])
					gs := vd.run(raw[:k], gv, st[0], gc, st[1])
					require.Equal(t, ws, gs, "%v %#x", ty, raw[:k])
					for i := range wv {
						require.Equal(t, math.Float64bits(wv[i]), math.Float64bits(gv[i]), "%v neg %v raw %#x", ty, neg, raw[:k])
					}
					require.Equal(t, wc, gc, "%v %#x", ty, raw[:k])
				}
			}
		}
	}
}

// The assembly reads decConst by offset.
func TestDecConstLayout(t *testing.T) {
	var c decConst
	off := func(p unsafe.Pointer) uintptr { return uintptr(p) - uintptr(unsafe.Pointer(&c)) }
	require.Equal(t, []uintptr{0, 16, 32, 48, 64, 96, 112, 128, 144, 160},
		[]uintptr{off(unsafe.Pointer(&c.f16)), off(unsafe.Pointer(&c.shl)), off(unsafe.Pointer(&c.f32m)),
			off(unsafe.Pointer(&c.lo16)), off(unsafe.Pointer(&c.neg)), off(unsafe.Pointer(&c.esh)),
			off(unsafe.Pointer(&c.emask)), off(unsafe.Pointer(&c.one)), off(unsafe.Pointer(&c.baseM1)),
			off(unsafe.Pointer(&c.absM))})
}

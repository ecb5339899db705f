package fp

import (
	"math/rand/v2"
	"testing"
)

// mulF16Ref is MulF16's general path (exact f64 product, one rounding).
func mulF16Ref(a, b uint16) uint16 {
	r, v := mulSmall(fmtF16, uint64(a), uint64(b), RN)
	return uint16(finishSmall(fmtF16, tinyIf(fmtF16, false, r, v), false, false, false))
}

// TestMulF16RNMatchesGeneralPath compares the f32 fast path with the f64
// rounding core: every a against a set of b covering zeros, subnormals,
// the normal binades, the largest finite values, infinities and NaNs, and
// 300,000 random pairs.
func TestMulF16RNMatchesGeneralPath(t *testing.T) {
	var bs []uint16
	for _, s := range []uint16{0, 0x8000} {
		for _, m := range []uint16{0, 1, 0x155, 0x3FF} {
			for e := uint16(0); e < 32; e++ {
				bs = append(bs, s|e<<10|m)
			}
		}
	}
	bad := 0
	check := func(a, b uint16) {
		if got, want := mulF16RN(a, b), mulF16Ref(a, b); got != want {
			if bad++; bad <= 10 {
				t.Errorf("%#04x * %#04x: fast %#04x, general %#04x", a, b, got, want)
			}
		}
	}
	for a := 0; a < 1<<16; a++ {
		for _, b := range bs {
			check(uint16(a), b)
		}
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 300_000; i++ {
		check(uint16(rng.Uint32()), uint16(rng.Uint32()))
	}
	if bad > 0 {
		t.Fatalf("%d products differ", bad)
	}
}

func BenchmarkMulF16(b *testing.B) {
	b.Run("fast", func(b *testing.B) {
		var s uint16
		for i := 0; i < b.N; i++ {
			s ^= mulF16RN(uint16(i), uint16(i>>3)|0x3c00)
		}
		_ = s
	})
	b.Run("general", func(b *testing.B) {
		var s uint16
		for i := 0; i < b.N; i++ {
			s ^= mulF16Ref(uint16(i), uint16(i>>3)|0x3c00)
		}
		_ = s
	})
}

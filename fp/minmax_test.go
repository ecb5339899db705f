package fp

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMinMaxTable(t *testing.T) {
	const (
		one, two   = 0x3F800000, 0x40000000
		mone, mtwo = 0xBF800000, 0xC0000000
		pz, nz     = 0x00000000, 0x80000000
		qnan       = 0x7FC00001
		sub        = 0x00000001
	)
	cases := []struct {
		name      string
		got, want uint32
	}{
		{"min(1,2)", MinF32(one, two, false, false, false, false), one},
		{"max(1,2)", MaxF32(one, two, false, false, false, false), two},
		{"min(-0,+0) = -0", MinF32(pz, nz, false, false, false, false), nz},
		{"max(-0,+0) = +0", MaxF32(nz, pz, false, false, false, false), pz},
		{"min(NaN,2) = 2 (payload NaN ignored)", MinF32(qnan, two, false, false, false, false), two},
		{"max(1,NaN) = 1", MaxF32(one, qnan, false, false, false, false), one},
		{"min(NaN,NaN) = canonical", MinF32(qnan, 0xFFC00000, false, false, false, false), CanonicalNaNF32},
		{"min.NaN(NaN,2) = canonical", MinF32(qnan, two, false, true, false, false), CanonicalNaNF32},
		{"min.NaN(1,2) = 1", MinF32(one, two, false, true, false, false), one},
		{"min.ftz(sub, 0) keeps flushed +0", MinF32(sub, pz, true, false, false, false), pz},
		{"min(sub, 0) = 0 without ftz", MinF32(sub, pz, false, false, false, false), pz},
		{"min(sub|sign, 0) = -sub", MinF32(sub|signF32, pz, false, false, false, false), sub | signF32},
		{"min.ftz(-sub, +0) = -0", MinF32(sub|signF32, pz, true, false, false, false), nz},
		// xorsign.abs: min(|a|,|b|) with sign(a)^sign(b) (forum example: 5,-3 -> -3)
		{"min.xorsign.abs(5,-3) = -3", MinF32(math.Float32bits(5), math.Float32bits(-3), false, false, true, true), math.Float32bits(-3)},
		{"min.xorsign.abs(-5,-3) = 3", MinF32(math.Float32bits(-5), math.Float32bits(-3), false, false, true, true), math.Float32bits(3)},
		{"max.xorsign.abs(-5,3) = -5", MaxF32(math.Float32bits(-5), math.Float32bits(3), false, false, true, true), math.Float32bits(-5)},
		{"max.xorsign.abs(NaN(-),2) = -2 (NaN sign counts)", MaxF32(0xFFC00000, two, false, false, true, true), mtwo},
		{"min.xorsign.abs(NaN,NaN) = canonical", MinF32(qnan, qnan, false, false, true, true), CanonicalNaNF32},
		{"max(-1,-2) = -1", MaxF32(mone, mtwo, false, false, false, false), mone},
		{"min(-inf, x)", MinF32(0xFF800000, mtwo, false, false, false, false), 0xFF800000},
	}
	for _, c := range cases {
		assert.Equalf(t, c.want, c.got, "%s: want %08x got %08x", c.name, c.want, c.got)
	}
	assert.Equal(t, uint16(0x8000), MinF16(0x0000, 0x8000, false, false, false, false))
	assert.Equal(t, uint16(0x7FFF), MaxF16(0x7E00, 0x7D00, false, false, false, false))
	assert.Equal(t, uint16(0x3C00), MaxF16(0x7E00, 0x3C00, false, false, false, false))
	assert.Equal(t, uint16(0x7FFF), MaxBF16(0x7FC0, 0x3F80, true, false, false))
	assert.Equal(t, uint32(0x3C00BC00), MinF16x2(0x3C003C00, 0x4000BC00, false, false, false, false))
	assert.Equal(t, uint64(0x8000000000000000), MinF64(0, 0x8000000000000000, false))
	assert.Equal(t, uint64(0x7FF8000000000000), MaxF64(0x7FF8000000000000, 0x3FF0000000000000, true))
	assert.Equal(t, uint64(0x7FF8000000000002), MinF64(0xFFF8000000000001, 0x7FF8000000000002, false), "recorded: both NaN -> b")
	assert.Equal(t, uint64(0x3FF0000000000000), MaxF64(0x7FF8000000000000, 0x3FF0000000000000, false))
}

func TestTestp(t *testing.T) {
	type row struct {
		x                                   uint32
		finite, inf, number, nan, norm, sub bool
	}
	rows := []row{
		// zero is normal (PTX ISA; recorded: float_special un32/un64 slot 10 = 0x15 for ±0)
		{0x00000000, true, false, true, false, true, false},
		{0x80000000, true, false, true, false, true, false},
		{0x80000001, true, false, true, false, false, true},
		{0x00800000, true, false, true, false, true, false},
		{0x7F800000, false, true, true, false, false, false},
		{0xFFC00000, false, false, false, true, false, false},
	}
	for _, r := range rows {
		for c, want := range []bool{r.finite, r.inf, r.number, r.nan, r.norm, r.sub} {
			assert.Equalf(t, want, TestpF32(r.x, testpNames[c]), "%08x %s", r.x, testpNames[c])
			x64 := F32ToF64(r.x, false)
			if r.sub { // an f32 subnormal is a normal f64
				continue
			}
			assert.Equalf(t, want, TestpF64(x64, "."+testpNames[c]), "f64 %016x %s", x64, testpNames[c])
		}
	}
	_, err := ParseTestpClass("bogus")
	assert.Error(t, err)
	assert.False(t, TestpF32(0, "bogus"))
}

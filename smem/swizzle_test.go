package smem

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Hand-derived: 128B XORs addr bits [7,10) into [4,7); 64B bits [7,9) into
// [4,6); 32B bit 7 into bit 4.
func TestSwizzle(t *testing.T) {
	tests := []struct {
		mode SwizzleMode
		in   uint32
		want uint32
	}{
		{SwizzleNone, 0x2b0, 0x2b0},
		{SwizzleNone, 0xffffffff, 0xffffffff},
		// 128B: line 1 chunk 0 -> chunk 1.
		{Swizzle128B, 0x080, 0x090},
		// line 7 chunk 7 -> chunk 0 (byte 0x380).
		{Swizzle128B, 0x3f0, 0x380},
		// 0x1a5: line 3, chunk 2, byte 5 -> chunk 2^3=1: 0x180+0x10+5.
		{Swizzle128B, 0x1a5, 0x195},
		// 0x2b0: line 5, chunk 3 -> 3^5=6: 0x280+0x60.
		{Swizzle128B, 0x2b0, 0x2e0},
		// line 8: 8&7 = 0, unchanged; line 9 = line 1 again.
		{Swizzle128B, 0x400, 0x400},
		{Swizzle128B, 0x4a0, 0x4b0},
		// bytes inside a chunk (bits 0-3) never move.
		{Swizzle128B, 0x38f, 0x3ff},
		// 64B: 0x1a5 bits 7-8 = 3, bits 4-5 = 2 -> 1: 0x195.
		{Swizzle64B, 0x1a5, 0x195},
		// 0x2b0: line 5 -> 5&3 = 1, chunk 3 -> 2 (bit 6 untouched): 0x2a0.
		{Swizzle64B, 0x2b0, 0x2a0},
		// line 4: 4&3 = 0.
		{Swizzle64B, 0x230, 0x230},
		// bit 6 (chunk 4) is outside the 64B field: line 1 chunk 4 -> chunk 5.
		{Swizzle64B, 0x0c0, 0x0d0},
		// 32B: bit 7 into bit 4.
		{Swizzle32B, 0x2b0, 0x2a0},
		{Swizzle32B, 0x130, 0x130},
		{Swizzle32B, 0x1b0, 0x1a0},
		{Swizzle32B, 0x180, 0x190},
		// Unknown mode: identity.
		{SwizzleMode(7), 0x2b0, 0x2b0},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Swizzle(tt.mode, tt.in), "%s %#x", tt.mode, tt.in)
	}
}

// The 16-B chunk rule of ptx-facts §3: chunk c of 128-B line r lands at
// c ^ (r mod 2|4|8), and Swizzle is an involution.
func TestSwizzleChunkRuleAndInvolution(t *testing.T) {
	for mode := SwizzleNone; mode < NumSwizzleModes; mode++ {
		lineMask := uint32(1)<<mode.Bits() - 1
		for addr := uint32(0); addr < 4096; addr++ {
			line, chunk, b := addr/128, (addr/16)%8, addr%16
			want := line*128 + (chunk^(line&lineMask))*16 + b
			got := Swizzle(mode, addr)
			assert.Equal(t, want, got, "%s %#x", mode, addr)
			assert.Equal(t, addr, Swizzle(mode, got))
			assert.Equal(t, got/mode.PeriodBytes(), addr/mode.PeriodBytes(), "stays in its period")
		}
	}
}

func TestSwizzleModeNames(t *testing.T) {
	for mode, name := range map[SwizzleMode]string{SwizzleNone: "none", Swizzle32B: "32B", Swizzle64B: "64B", Swizzle128B: "128B"} {
		assert.Equal(t, name, mode.String())
		got, err := ParseSwizzleMode(name)
		assert.NoError(t, err)
		assert.Equal(t, mode, got)
	}
	for s, mode := range map[string]SwizzleMode{"0": SwizzleNone, "32": Swizzle32B, "64": Swizzle64B, "128": Swizzle128B} {
		got, err := ParseSwizzleMode(s)
		assert.NoError(t, err)
		assert.Equal(t, mode, got)
	}
	_, err := ParseSwizzleMode("96B")
	assert.ErrorContains(t, err, "unknown swizzle mode")
	assert.Equal(t, "swizzle(9)", SwizzleMode(9).String())
	assert.False(t, SwizzleMode(4).Valid())

	assert.Equal(t, uint32(128), Swizzle128B.SpanBytes())
	assert.Equal(t, uint32(64), Swizzle64B.SpanBytes())
	assert.Equal(t, uint32(32), Swizzle32B.SpanBytes())
	assert.Equal(t, uint32(1024), Swizzle128B.PeriodBytes())
	assert.Equal(t, uint32(512), Swizzle64B.PeriodBytes())
	assert.Equal(t, uint32(256), Swizzle32B.PeriodBytes())
}

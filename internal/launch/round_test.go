package launch

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// floatBits is the contract the GPU recorder shares: one round-to-nearest-even
// step from float64. Expected bits are derived by hand from the formats'
// definitions.
func TestRoundF16(t *testing.T) {
	tests := []struct {
		in   float64
		want uint16
	}{
		{1, 0x3C00}, {-2, 0xC000}, {0.5, 0x3800}, {0, 0}, {math.Copysign(0, -1), 0x8000},
		{65504, 0x7BFF},                 // max finite
		{65519.99, 0x7BFF},              // below the midpoint 65520
		{65520, 0x7C00},                 // tie between 65504 (odd) and 2^16: even -> inf
		{1e10, 0x7C00}, {-1e10, 0xFC00}, // overflow to inf
		{math.Inf(1), 0x7C00},           //
		{0x1p-24, 0x0001},               // smallest subnormal
		{0x1p-25, 0x0000},               // tie with 0: even
		{0x1.8p-25, 0x0001},             // above the tie
		{0x1.8p-24, 0x0002},             // 1.5 ulp: tie -> even 2
		{0x1.ffcp-15, 0x0400},           // largest subnormal + rounding carry into min normal
		{1 + 0x1p-11, 0x3C00},           // tie -> even
		{1 + 0x1p-11 + 0x1p-40, 0x3C01}, // just above the tie (f32 would lose the 2^-40)
		{1 + 3*0x1p-11, 0x3C02},         // tie -> even
		{0.1, 0x2E66},
		{math.NaN(), 0x7E00},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, uint16(floatBits(tc.in, F16)), "%v", tc.in)
	}
}

func TestRoundBF16(t *testing.T) {
	tests := []struct {
		in   float64
		want uint16
	}{
		{1, 0x3F80}, {-1, 0xBF80}, {3, 0x4040},
		{1 + 0x1p-8, 0x3F80},           // tie -> even
		{1 + 0x1p-8 + 0x1p-30, 0x3F81}, // above the tie; via f32 it would round to the tie, then to 0x3F80
		{1 + 3*0x1p-8, 0x3F82},         // tie -> even (up)
		{0x1.fep127, 0x7F7F},           // max finite
		{0x1.ffp127, 0x7F80},           // tie above max -> even -> inf
		{1e39, 0x7F80}, {-1e39, 0xFF80},
		{0x1p-133, 0x0001},           // smallest subnormal
		{0x1p-134, 0x0000},           // tie with 0
		{0.8012218177863168, 0x3F4D}, // f64 0x3FE9A39BF0077C20: mantissa 1001101|0... -> down
		{math.NaN(), 0x7FC0},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, uint16(floatBits(tc.in, BF16)), "%v", tc.in)
	}
}

func TestRoundFP8(t *testing.T) {
	e4m3 := []struct {
		in   float64
		want uint8
	}{
		{1, 0x38}, {-1, 0xB8}, {448, 0x7E}, {-448, 0xFE},
		{464, 0x7E},                                                         // tie between 448 (even) and 480
		{480, 0x7E}, {1e9, 0x7E}, {math.Inf(1), 0x7E}, {math.Inf(-1), 0xFE}, // saturate
		{0x1p-9, 0x01},   // smallest subnormal
		{0x1p-10, 0x00},  // tie with zero
		{0x1.cp-7, 0x07}, // largest subnormal 7 * 2^-9
		{0x1.ep-7, 0x08}, // 7.5 * 2^-9: tie -> even 8 = min normal
		{1.0625, 0x38},   // 1 + 2^-4: tie -> even
		{1.1875, 0x3A},   // 1 + 3*2^-4: tie -> even (up)
		{math.NaN(), 0x7F},
	}
	for _, tc := range e4m3 {
		assert.Equal(t, tc.want, uint8(floatBits(tc.in, E4M3)), "e4m3 %v", tc.in)
	}
	e5m2 := []struct {
		in   float64
		want uint8
	}{
		{1, 0x3C}, {-2, 0xC0}, {57344, 0x7B}, {61440, 0x7B}, {1e9, 0x7B}, {-1e9, 0xFB},
		{math.Inf(1), 0x7B},
		{0x1p-16, 0x01}, {0x1p-17, 0x00}, {1.125, 0x3C}, {1.375, 0x3E},
		{math.NaN(), 0x7F},
	}
	for _, tc := range e5m2 {
		assert.Equal(t, tc.want, uint8(floatBits(tc.in, E5M2)), "e5m2 %v", tc.in)
	}
}

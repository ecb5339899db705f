package fp

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// NaN results recorded on an H200 in the validation corpus
// (validation/testdata/<kernel>, output[row, slot]).
func TestNaNRulesFromCorpus(t *testing.T) {
	cases := []struct {
		name      string
		got, want uint64
	}{
		// float_special bin64[4..7, 4]: sub(+0, NaN) keeps the NaN's sign.
		{"sub.f64 0 - qNaN", SubF64(0, 0x7FF8000000000000, RN), 0x7FF8000000000000},
		{"sub.f64 0 - -qNaN", SubF64(0, 0xFFF8000000000001, RZ), 0xFFF8000000000001},
		{"sub.f64 0 - sNaN quieted", SubF64(0, 0x7FF4000000000000, RM), 0x7FFC000000000000},
		// float_special bin64[136,16], [177,16]: fma prefers c over a.
		{"fma.f64 a,c NaN -> c", FmaF64(0x7FF8000000000000, 0x0000000000000001, 0xFFF8000000000001, RN), 0xFFF8000000000001},
		{"fma.f64 a,c NaN -> c (2)", FmaF64(0xFFF8000000000001, 0x3FF0000000000001, 0x7FF8000000000000, RP), 0x7FF8000000000000},
		// float_special un32[4..7, 8..9], un64[5..7, 8..9]
		{"abs.f32 NaN", uint64(AbsF32(0xFFC00001, false)), 0x7FFFFFFF},
		{"neg.f32 NaN", uint64(NegF32(0x7FA00000, false)), 0x7FFFFFFF},
		{"abs.f64 NaN keeps sign", AbsF64(0xFFF8000000000001), 0xFFF8000000000001},
		{"neg.f64 NaN not negated", NegF64(0x7FF0000000000001), 0x7FF8000000000001},
		// f16_bf16 o16[64.., 9/10/25/26]
		{"abs.f16 NaN", uint64(AbsF16(0x7E00, false)), 0x7FFF},
		{"neg.f16 NaN", uint64(NegF16(0xFD01, false)), 0x7FFF},
		{"neg.bf16 NaN", uint64(NegBF16(0x7FC0)), 0x7FFF},
		// f16_bf16 o16[4/5, 38/39]: f64 -> f16/bf16 keeps the sign
		{"cvt.rn.f16.f64 -NaN", uint64(F64ToF16(0xFFF8002460000000, RN, false, false)), 0xFE00},
		{"cvt.rn.bf16.f64 -NaN", uint64(F64ToBF16(0xFFF8002460000000, RN, false, false)), 0xFFC0},
		{"cvt.rn.f16.f64 NaN", uint64(F64ToF16(0x7FF8000020000000, RN, false, false)), 0x7E00},
		// float_special un64[4..7, 11..26, 44..47], cvt_all hf[4, 12..15, 60..63]
		{"cvt.rni.s32.f64 NaN", FloatToInt(0x7FF8000000000000, 64, 32, true, RN, false) & 0xFFFFFFFF, 0x80000000},
		{"cvt.rzi.u32.f64 NaN", FloatToInt(0xFFF8000000000001, 64, 32, false, RZ, false), 0x80000000},
		{"cvt.rni.u64.f64 NaN", FloatToInt(0x7FF4000000000000, 64, 64, false, RN, false), 0x8000000000000000},
		{"cvt.rmi.u64.f32 NaN", FloatToInt(0x7FE3DCC3, 32, 64, false, RM, false), 0x8000000000000000},
		{"cvt.rni.u32.f32 NaN", FloatToInt(0x7FC00000, 32, 32, false, RN, false), 0},
		{"cvt.rni.u64.f16 NaN", FloatToInt(0x7E00, 16, 64, false, RN, false), 0x8000000000000000},
		{"cvt.rpi.u64.bf16 NaN", FloatToIntBF16(0x7FC0, 64, false, RP), 0x8000000000000000},
		{"cvt.rni.s16.f16 NaN", FloatToInt(0xFE01, 16, 16, true, RN, false), 0},
	}
	for _, c := range cases {
		assert.Equalf(t, c.want, c.got, "%s: want %x got %x", c.name, c.want, c.got)
	}
}

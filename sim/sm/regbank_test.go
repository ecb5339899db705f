package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// The itmix shapes (tools/microbench/itmix.cu) and ptxas 13.0's SASS for
// them (sm_90a, the H200 recording's build): m = seed | 1 is uniform.
//   - imad_lop: `mad.lo x, x, m, m` reads m twice, so ptxas keeps m in R5
//     (IMAD R26, R5, R26, R5) and the LOP3 reads R12, R26, R5: three R.
//   - imad_lop2: `lop3 y, y, x, x`: two registers.
//   - imad3_shf: `mad.lo x, x, y, m2` with m2 read once: IMAD R8, R8, R17,
//     UR5: two R.
//
// The `lop3 y, y, x, m` of one chain twice in a row is two LOP3s (four
// values: the old y, two x, m), though the register names are three.
const bankPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p, .param .u32 seed, .param .u32 seed2)
{
	.reg .b32 %r<24>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	ld.param.u32 %r1, [seed];
	or.b32 %r2, %r1, 1;
	ld.param.u32 %r11, [seed2];
	or.b32 %r12, %r11, 1;
	mov.u32 %r3, %tid.x;
	mul.lo.u32 %r4, %r3, 7;
	xor.b32 %r5, %r3, 99;
	mad.lo.u32 %r4, %r4, %r2, %r2;
	lop3.b32 %r5, %r5, %r4, %r2, 0x78;
	mad.lo.u32 %r4, %r4, %r2, %r2;
	lop3.b32 %r5, %r5, %r4, %r2, 0x78;
	lop3.b32 %r6, %r5, %r4, %r4, 0x3c;
	mad.lo.u32 %r7, %r4, %r6, %r12;
	add.s32 %r8, %r7, %r6;
	st.global.u32 [%rd1], %r8;
	st.global.u32 [%rd1+4], %r5;
	ret;
}
`

func TestThreeRegSources(t *testing.T) {
	_, k, l := lowered(t, bankPTX)
	var three, fused []bool
	for _, info := range k.Infos() {
		if info.Op == ptx.OpMad || info.Op == ptx.OpLop3 {
			three = append(three, l.threeRegs(info))
			fused = append(fused, l.kind(info) == lowFused)
		}
	}
	// mad x,x,m,m; lop3 y,y,x,m; mad; lop3 y,y,x,m; lop3 y,y,x,x; mad x,y',m2
	assert.Equal(t, []bool{false, true, false, true, false, false}, three)
	assert.Equal(t, []bool{false, false, false, false, false, false}, fused, "a chain on one y is not one LOP3")
}

package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Divisions by a shared divisor, as the flash twin's epilogue has them
// (tph_flash_attn_1x128: 32 div.full.f32 by two registers, 2 MUFU.RCP in
// its SASS). By hand: d2 reuses d1's reciprocal (same divisor %f1, same
// form); d3 divides by %f2 (its own); d4 is approx (its own); d5 reuses d3's;
// %f1 is written after d5, so d6 has its own; d7 follows a branch target,
// so it has its own; d8 is div.rn (never shared).
const fdivSharePTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 pm)
{
	.reg .pred %p<4>;
	.reg .f32 %f<16>;
	.reg .b32 %r<4>;
	ld.param.u32 %r1, [pm];
	mov.b32 %f1, %r1;
	add.f32 %f2, %f1, %f1;
	div.full.f32 %f3, %f2, %f1;
	div.full.f32 %f4, %f3, %f1;
	div.full.f32 %f5, %f3, %f2;
	div.approx.f32 %f6, %f3, %f1;
	div.full.f32 %f7, %f4, %f2;
	add.f32 %f1, %f1, %f7;
	div.full.f32 %f8, %f4, %f1;
	setp.ne.s32 %p1, %r1, 0;
	@%p1 bra A;
A:
	div.full.f32 %f9, %f4, %f1;
	div.rn.f32 %f10, %f4, %f1;
	div.rn.f32 %f11, %f5, %f1;
	ret;
}
`

func TestDivOwners(t *testing.T) {
	_, k, l := lowered(t, fdivSharePTX)
	var divs []*exec.InstInfo
	for _, inf := range k.Infos() {
		if inf.Op == ptx.OpDiv {
			divs = append(divs, inf)
		}
	}
	if !assert.Len(t, divs, 9) {
		return
	}
	own := make([]int32, len(divs))
	for i, d := range divs {
		own[i], _ = l.divOwner(d)
	}
	d1 := divs[0].PC
	d3 := divs[2].PC
	assert.Equal(t, []int32{-1, d1, -1, -1, d3, -1, -1, -1, -1}, own)
}

package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// %laneid and %tid read inside a loop are hoisted (atom15_mixs's SASS: one
// S2R SR_LANEID before the loop, none in it); outside a loop, or %clock,
// they stay.
func TestSregHoists(t *testing.T) {
	_, k, _ := lowered(t, `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<12>;
	ld.param.u32 %r1, [n];
	mov.u32 %r2, %laneid;
	mov.u32 %r3, 0;
$L_top:
	mov.u32 %r4, %laneid;
	add.s32 %r5, %r5, %r4;
	mov.u32 %r6, %tid.x;
	add.s32 %r5, %r5, %r6;
	mov.u32 %r7, %clock;
	add.s32 %r5, %r5, %r7;
	add.s32 %r3, %r3, 1;
	setp.lt.s32 %p1, %r3, %r1;
	@%p1 bra $L_top;
	add.s32 %r8, %r5, %r2;
	ret;
}
`)
	p := k.Program()
	f := p.Funcs[k.Infos()[0].Func]
	h := sregHoists(f, k.Infos())
	var got []ptx.Special
	for pc, in := range f.Insts {
		if h[pc] {
			got = append(got, in.Ops[1].Special)
		}
	}
	assert.Equal(t, []ptx.Special{ptx.SpecLaneid, ptx.SpecTid}, got)
}

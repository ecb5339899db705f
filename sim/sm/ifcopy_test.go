package sm

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestIfElseCopies: t9_x's kind-2 loop (tmast9.cu, nvcc 13.0): `if (sel
// == 0) acc += i; else acc ^= i;` is ISETP (hoisted), an IMAD.MOV copy of
// acc and the two sides predicated (tmax33_sass.ctrl.txt.gz
// 0x0290..0x02b0). The copy is there because the first side (xor) writes
// acc, which the second (add) reads; with the second side writing another
// register there is none.
func TestIfElseCopies(t *testing.T) {
	const src = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 pn, .param .u32 psel)
{
	.reg .pred %p<8>;
	.reg .b32 %r<20>;
	ld.param.u32 %r1, [pn];
	ld.param.u32 %r2, [psel];
	mov.u32 %r3, 0;
	mov.u32 %r4, 0;
	mov.u32 %r5, 0;
$L:
	setp.eq.s32 %p1, %r2, 0;
	@%p1 bra $A;
	xor.b32 %r4, %r4, %r3;
	bra.uni $J;
$A:
	add.u32 %r4, %r4, %r3;
$J:
	add.s32 %r3, %r3, 1;
	setp.lt.s32 %p2, %r3, %r1;
	@%p2 bra $L;
	add.s32 %r5, %r5, %r4;
	ret;
}
`
	copies := func(src string) int {
		_, k, l := lowered(t, src)
		n := 0
		for _, info := range k.Infos() {
			if l.ifCopy(info) {
				n++
			}
		}
		return n
	}
	assert.Equal(t, 1, copies(src), "the xor side writes acc, the add side reads it")
	assert.Equal(t, 0, copies(strings.Replace(src, "add.u32 %r4, %r4, %r3;", "add.u32 %r5, %r5, %r3;", 1)),
		"the add side reads nothing the xor side writes")
}

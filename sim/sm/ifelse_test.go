package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// ifElsePTX: loop D is t9_x's kind 2 (tmast9_sw2_*, nvcc 13.0 -O3): an
// if/else of one asm instruction each, which ptxas 13.0 -arch=sm_90a
// predicates (cuobjdump: the ISETP hoisted, `@P0 IADD3` and `@!P0 LOP3`,
// no BRA); loop E has a five-instruction side (more than ifConvMax), which
// stays a branch; in loop F the else side's target is entered from
// elsewhere too, so its block cannot be predicated.
const ifElsePTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 pn, .param .u32 psel)
{
	.reg .pred %p<10>;
	.reg .b32 %r<20>;
	ld.param.u32 %r1, [pn];
	ld.param.u32 %r2, [psel];
	mov.u32 %r3, 0;
	mov.u32 %r4, 0;
$D:
	setp.eq.s32 %p1, %r2, 0;
	@%p1 bra $D_T;
	xor.b32 %r4, %r4, %r3;
	bra.uni $D_J;
$D_T:
	add.u32 %r4, %r4, %r3;
$D_J:
	add.s32 %r3, %r3, 1;
	setp.lt.s32 %p2, %r3, %r1;
	@%p2 bra $D;
	mov.u32 %r5, 0;
$E:
	setp.eq.s32 %p3, %r2, 0;
	@%p3 bra $E_T;
	xor.b32 %r4, %r4, %r5;
	xor.b32 %r4, %r4, 7;
	xor.b32 %r4, %r4, 9;
	xor.b32 %r4, %r4, 11;
	xor.b32 %r4, %r4, 13;
	bra.uni $E_J;
$E_T:
	add.u32 %r4, %r4, %r5;
$E_J:
	add.s32 %r5, %r5, 1;
	setp.lt.s32 %p4, %r5, %r1;
	@%p4 bra $E;
	mov.u32 %r6, 0;
$F:
	setp.eq.s32 %p5, %r2, 0;
	@%p5 bra $F_T;
	xor.b32 %r4, %r4, %r6;
	bra.uni $F_J;
$F_T:
	add.u32 %r4, %r4, %r6;
$F_J:
	add.s32 %r6, %r6, 1;
	setp.lt.s32 %p6, %r6, %r1;
	@%p6 bra $F;
	setp.gt.s32 %p7, %r6, 100;
	@%p7 bra $F_T;
	ret;
}
`

func TestIfElseConv(t *testing.T) {
	p, k, l := lowered(t, ifElsePTX)
	f := p.Funcs[0]
	labelAt := labelsAt(f)
	got := map[string]bool{} // branch -> if-converted
	for pc, info := range k.Infos() {
		if in := &f.Insts[pc]; in.Op == ptx.OpBra {
			got[in.Text+" "+labelAt[branchTarget(in, len(f.Insts)+1)]] = l.at(info).shape == brIfConv
		}
	}
	assert.Equal(t, map[string]bool{
		"bra $D_T": true, "bra.uni $D_J": true, // predicated both ways
		"bra $D":   false,
		"bra $E_T": false, "bra.uni $E_J": false, // five instructions on one side
		"bra $E":   false,
		"bra $F_T": false, "bra.uni $F_J": false, // $F_T has another way in
		"bra $F": false,
	}, got)
}

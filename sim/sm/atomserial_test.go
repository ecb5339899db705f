package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// The six shapes of tools/microbench/atom7.cu and what ptxas 13.0 made of
// them (sm_90a, the recordings' provenance.json sass_timed_regions): a
// shared symbol or symbol + parameter with the result unused is REDUX.SUM
// and one lane's ATOMS (reduced); a per-lane address (lane & zero), or a
// result that is read, keeps one ATOMS per lane group.
const atomPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p, .param .u32 off, .param .u32 zero)
{
	.reg .b32 %r<24>;
	.reg .b64 %rd<2>;
	.shared .align 4 .b8 s[256];
	ld.param.u64 %rd1, [p];
	ld.param.u32 %r1, [off];
	ld.param.u32 %r2, [zero];
	mov.u32 %r3, %tid.x;
	mov.u32 %r4, s;
	shl.b32 %r5, %r1, 2;
	add.s32 %r6, %r4, %r5;
	and.b32 %r7, %r3, %r2;
	shl.b32 %r8, %r7, 2;
	add.s32 %r9, %r4, %r8;
	atom.shared.add.u32 %r10, [%r4], %r3;
	atom.shared.add.u32 %r11, [%r6], %r3;
	atom.shared.add.u32 %r12, [%r9], %r3;
	atom.shared.add.u32 %r13, [%r4], %r3;
	atom.shared.add.u32 %r14, [%r9], %r3;
	red.shared.add.u32 [s+4], %r3;
	xor.b32 %r15, %r13, %r14;
	st.global.u32 [%rd1], %r15;
	ret;
}
`

func TestAtomReduced(t *testing.T) {
	p, err := ptx.Load("atom.ptx", []byte(atomPTX))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	l := NewLowering(k)
	var got []bool
	for _, info := range k.Infos() {
		if info.Op == ptx.OpAtom || info.Op == ptx.OpRed {
			got = append(got, l.warpReduced(info))
		}
	}
	// in order: symbol, result unused; symbol + 4 * parameter, unused;
	// per-lane address; result read; per-lane address and result read;
	// red on a symbol operand
	assert.Equal(t, []bool{true, true, false, false, false, true}, got)
}

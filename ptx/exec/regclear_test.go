package exec_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Registers read before any write read zero in every CTA, also when the
// frame's memory is recycled from an earlier CTA that wrote them and the
// registers the analysis leaves alone are poisoned (exec.DebugPoisonRegs):
// a read before the write (r1, r7), a loop-carried value (r2), a guarded
// write (r3), a write on one branch only (r4), a shfl from lanes that
// never wrote its source (r5) and one from lanes that exited before
// writing it (r8: every lane that executes the shfl wrote it first).
// Expected values by hand.
func TestUnwrittenRegistersReadZero(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<4>;
	.reg .b32 %r<20>;
	.reg .b64 %rd<4>;
	.reg .b32 %q<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r10, %tid.x;
	mov.u32 %r11, %ctaid.x;
	mov.u32 %r12, %ntid.x;
	mad.lo.s32 %r13, %r11, %r12, %r10;
	mul.wide.u32 %rd2, %r13, 24;
	add.s64 %rd3, %rd1, %rd2;
	add.s32 %r14, %r1, 5;
	st.global.u32 [%rd3], %r14;        // 5
	st.global.u32 [%rd3+20], %r7;      // 0
	mov.u32 %r15, 0;
	mov.u32 %r16, 0;
LOOP:
	add.s32 %r16, %r16, %r2;           // 0 + 1 + 2
	add.s32 %r2, %r15, 1;
	add.s32 %r15, %r15, 1;
	setp.lt.u32 %p1, %r15, 3;
	@%p1 bra LOOP;
	st.global.u32 [%rd3+4], %r16;      // 3
	and.b32 %r17, %r10, 1;
	setp.eq.u32 %p2, %r17, 0;
	@%p2 mov.u32 %r3, 7;
	st.global.u32 [%rd3+8], %r3;       // even lanes 7, odd 0
	@%p2 bra SKIP;
	mov.u32 %r4, 9;
SKIP:
	st.global.u32 [%rd3+12], %r4;      // odd lanes 9, even 0
	@%p2 mov.u32 %r5, %r10;
	xor.b32 %r18, %r10, 1;
	shfl.sync.idx.b32 %r6, %r5, %r18, 31, -1;
	st.global.u32 [%rd3+16], %r6;      // odd lanes tid-1, even 0
	setp.ge.u32 %p3, %r10, 16;
	@%p3 bra END;                      // lanes 16-31 of warp 0 and all of warp 1 leave
	add.s32 %q1, %r10, 1000;
	add.s32 %q2, %r10, 16;
	shfl.sync.idx.b32 %q3, %q1, %q2, 31, 0xffff;
	st.global.u32 [%rd3+20], %q3;      // lanes 0-15: lane tid+16's q1, never written: 0
END:
	add.s32 %r1, %r11, 100;            // stale values for the next CTA
	add.s32 %r7, %r11, 200;
	mov.u32 %r2, 88;
	mov.u32 %r3, 55;
	mov.u32 %r4, 66;
	mov.u32 %r5, 77;
	mov.u32 %q1, 99;
	ret;
}
`
	defer func() { exec.DebugPoisonRegs = false }()
	for _, poison := range []bool{false, true} {
		exec.DebugPoisonRegs = poison
		const ctas, threads = 6, 64
		out, err := runPTX(t, src, [3]int{ctas, 1, 1}, [3]int{threads, 1, 1}, ctas*threads*6, 0)
		require.NoError(t, err)
		for g := 0; g < ctas*threads; g++ {
			tid := g % threads
			want := []uint32{5, 3, 0, 9, uint32(tid - 1), 0}
			if tid%2 == 0 {
				want[2], want[3], want[4] = 7, 0, 0
			}
			assert.Equal(t, want, out[6*g:6*g+6], "thread %d of CTA %d (poison %v)", tid, g/threads, poison)
		}
	}
}

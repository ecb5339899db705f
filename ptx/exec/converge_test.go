package exec_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Lanes that waited (parked) at a warp-synchronous instruction for the rest
// of the warp take part in it and then run on like any other lane: the warp
// diverges again after the first shfl (the other half of the lanes taking
// the out-of-line path this time) and converges at a second shfl. nvcc lays
// out the special-value paths of a branch this way (blocks after the join,
// branching back). Every value is derived by hand.
func TestDivergeAgainAfterConvergencePoint(t *testing.T) {
	src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p;
	.reg .b32 %r<12>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %laneid;
	and.b32 %r2, %r1, 1;
	setp.ne.u32 %p, %r2, 0;
	mov.u32 %r3, 10;
	@%p bra ODD;
JOIN1:
	shfl.sync.idx.b32 %r4, %r3, 1, 31, -1;
	setp.eq.u32 %p, %r2, 0;
	mov.u32 %r5, 100;
	@%p bra EVEN;
JOIN2:
	shfl.sync.idx.b32 %r6, %r5, 0, 31, -1;
	mul.wide.u32 %rd2, %r1, 12;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r4;
	st.global.u32 [%rd3+4], %r6;
	st.global.u32 [%rd3+8], %r3;
	ret;
ODD:
	mov.u32 %r3, 20;
	bra.uni JOIN1;
EVEN:
	mov.u32 %r5, 200;
	bra.uni JOIN2;
}`
	out, err := runPTX(t, src, [3]int{1, 1, 1}, [3]int{32, 1, 1}, 96, 0)
	require.NoError(t, err)
	for l := 0; l < 32; l++ {
		assert.Equal(t, uint32(20), out[3*l], "lane %d: lane 1's (odd) value", l)
		assert.Equal(t, uint32(200), out[3*l+1], "lane %d: lane 0's (even) value", l)
		want := uint32(10)
		if l%2 == 1 {
			want = 20
		}
		assert.Equal(t, want, out[3*l+2], "lane %d", l)
	}
}

package gpu_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// One warp stamps, runs bar.sync and stamps again, then lane 0 stores the
// stamps. FIRST empty: the stamp is the kernel's first instruction, as in
// psink_lat_post_cta_w1 (SASS `LDC R1, c[0x0][0x28]; CS2R (S7); BAR.SYNC`,
// the descriptor's ULDC.64 in lane 0's block; 8 cycles stamp to stamp on
// the H200 and the H100, clock_runs*.json): the barrier is 8 cycles into
// the kernel (sim/sm/initwait.go entryBarCycles), 7 after the stamp, the
// second stamp one after it. FIRST a chain of four dependent multiplies on
// %tid.x, as tools/microbench/sgp32/barprobe.cu's mode 2 (2 cycles in every
// H200 launch, barprobe_h200.txt): the 8 cycles are past when the
// barrier comes, which issues right after the stamp (2).
const entryBarPTX = `
.version 8.0
.target sm_90
.address_size 64
.visible .entry entrybar(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
FIRST
	mov.u64 %rd2, %clock64;
	bar.sync 0;
	mov.u64 %rd3, %clock64;
	mov.u32 %r2, %tid.x;
	and.b32 %r3, %r2, 31;
	setp.ne.u32 %p1, %r3, 0;
	@%p1 bra DONE;
	st.global.v2.u64 [%rd1], {%rd2, %rd3};
	st.global.u32 [%rd1+16], %r1;
DONE:
	ret;
}
`

func TestEntryBarrierGap(t *testing.T) {
	const chain = `	mov.u32 %r1, %tid.x;
	mul.lo.u32 %r1, %r1, 3;
	mul.lo.u32 %r1, %r1, 5;
	mul.lo.u32 %r1, %r1, 7;
	mul.lo.u32 %r1, %r1, 9;`
	for _, c := range []struct {
		first string
		want  int64
	}{{"\tmov.u32 %r1, 0;", 8}, {chain, 2}} {
		v := u64s(timedOne(t, "entrybar", strings.Replace(entryBarPTX, "FIRST", c.first, 1), 32, 24)[0])
		assert.Equal(t, c.want, v[1]-v[0], "stamp to stamp around the barrier after %q", c.first)
	}
}

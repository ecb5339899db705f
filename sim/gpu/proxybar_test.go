package gpu_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/stretchr/testify/assert"
)

// Four warps store to shared memory, read %clock64 (t1), run FENCE (or
// not), bar.sync, read %clock64 (t2), an add that waits for the barrier,
// %clock64 (t3); lane 0 stores {t1, t2, t3} (out[warp]).
const proxyBarPTX = `
.version 8.0
.target sm_90
.address_size 64
.visible .entry proxybar(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	.shared .align 4 .b32 tile[128];
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	shl.b32 %r2, %r1, 2;
	mov.u32 %r3, tile;
	add.u32 %r3, %r3, %r2;
	st.shared.u32 [%r3], %r1;
	mov.u64 %rd2, %clock64;
	FENCE
	bar.sync 0;
	mov.u64 %rd3, %clock64;
	add.u32 %r4, %r1, 1;
	mov.u64 %rd4, %clock64;
	and.b32 %r5, %r1, 31;
	setp.ne.u32 %p1, %r5, 0;
	@%p1 bra DONE;
	shr.u32 %r6, %r1, 5;
	mul.wide.u32 %rd5, %r6, 24;
	add.u64 %rd6, %rd1, %rd5;
	st.global.u64 [%rd6], %rd2;
	st.global.u64 [%rd6+8], %rd3;
	st.global.u64 [%rd6+16], %rd4;
DONE:
	ret;
}
`

// Hand-derived from proxybar.go with the H200 profile: without the fence
// the barrier's stamp is the arrival's next cycle, 2 after the stamp before
// it (the probe's 2 on the H200), and the
// warps leave barrier_release_cycles after the last arrival; after
// fence.proxy.async the BAR issues fence_proxy_bar_issue_cycles after the
// fence (t2 = t1 + 1 + 30 + 1: the fence issues the cycle after the stamp,
// the stamp the cycle after the arrival) and the release comes
// barrier_release_cycles after fence_proxy_bar_release_cycles after the
// last warp's fence (t1 + 1 + 70 + 13), so the add and the stamp after it
// come later still.
func TestFenceProxyBarrier(t *testing.T) {
	hc := gpu.DefaultTimedConfig().SM
	stamps := func(fence string) (t1, t2, t3 [4]int64) {
		v := u64s(timedOne(t, "proxybar", strings.Replace(proxyBarPTX, "FENCE", fence, 1), 128, 96)[0])
		for w := range 4 {
			t1[w], t2[w], t3[w] = v[3*w], v[3*w+1], v[3*w+2]
		}
		return
	}
	lastOf := func(x [4]int64) int64 { return max(x[0], x[1], x[2], x[3]) }
	p1, p2, p3 := stamps("")
	f1, f2, f3 := stamps("fence.proxy.async.shared::cta;")
	for w := range 4 {
		assert.Equal(t, p1[w]+2, p2[w], fmt.Sprint("no fence: the arrival, warp ", w))
		assert.Equal(t, f1[w]+1+int64(hc.Hold.FenceProxyBarIssueCycles)+1, f2[w], fmt.Sprint("fence: warp ", w))
	}
	relP := lastOf(p3) - lastOf(p1)
	relF := lastOf(f3) - lastOf(f1)
	assert.GreaterOrEqual(t, relP, int64(1+hc.BarrierReleaseCycles))
	assert.GreaterOrEqual(t, relF, int64(1+hc.Hold.FenceProxyBarReleaseCycles+hc.BarrierReleaseCycles))
	assert.InDelta(t, hc.Hold.FenceProxyBarReleaseCycles, relF-relP, 12, "the release's delay, the fence's own hold aside")
}

package sm_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/sm"
)

func compileEntry(t *testing.T, src string) *exec.Kernel {
	t.Helper()
	p, err := ptx.Load("t.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	return k
}

const head = `.version 8.0
.target sm_90a
.address_size 64
`

// Hand-counted peaks of live 32-bit registers.
func TestPeakLive(t *testing.T) {
	for _, c := range []struct {
		name string
		body string
		want int
	}{
		// %rd1 is a kernel parameter (constant bank, not counted); at the
		// second add %r1, %r2, %r3 and the 64-bit %rd2 are live: 3 + 2.
		{"straight", `
.visible .entry k(.param .u64 out) {
	.reg .b32 %r<6>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	add.u32 %r2, %r1, 1;
	add.u32 %r3, %r1, 2;
	cvt.u64.u32 %rd2, %r1;
	add.u32 %r4, %r2, %r3;
	add.u32 %r5, %r4, %r1;
	add.u64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r5;
	ret;
}`, 5},
		// The trip count comes from %tid (per lane), so the loop is
		// divergent and nothing in it is uniform: %r9 (made before the loop,
		// read after it) stays live through it with the counter %r1 and the
		// sum %r2; inside, %r3 joins them: 4. Predicates are not counted.
		{"loop", `
.visible .entry k(.param .u64 out) {
	.reg .pred %p<2>;
	.reg .b32 %r<10>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r9, %tid.x;
	mov.u32 %r1, 0;
	mov.u32 %r2, 0;
L:
	mul.lo.u32 %r3, %r1, 3;
	add.u32 %r2, %r2, %r3;
	add.u32 %r1, %r1, 1;
	setp.lt.u32 %p1, %r1, %r9;
	@%p1 bra L;
	add.u32 %r2, %r2, %r9;
	st.global.u32 [%rd1], %r2;
	ret;
}`, 4},
		// The same loop with a constant trip count: the counter %r1 and
		// %r3 (derived from it) are uniform (uniform registers, not
		// counted); %r2 is not (a write after the loop adds %tid): %r9 and
		// %r2 remain, 2.
		{"uniform loop", `
.visible .entry k(.param .u64 out) {
	.reg .pred %p<2>;
	.reg .b32 %r<10>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r9, %tid.x;
	mov.u32 %r1, 0;
	mov.u32 %r2, 0;
L:
	mul.lo.u32 %r3, %r1, 3;
	add.u32 %r2, %r2, %r3;
	add.u32 %r1, %r1, 1;
	setp.lt.u32 %p1, %r1, 8;
	@%p1 bra L;
	add.u32 %r2, %r2, %r9;
	st.global.u32 [%rd1], %r2;
	ret;
}`, 2},
		// The guarded write to %r2 keeps its old value alive (the lanes
		// whose guard is false keep it): %r1, %r2 and %r3 at the guarded mov.
		{"guarded", `
.visible .entry k(.param .u64 out) {
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	add.u32 %r2, %r1, 5;
	add.u32 %r3, %r1, 7;
	setp.lt.u32 %p1, %r1, 4;
	@%p1 mov.u32 %r2, %r3;
	st.global.u32 [%rd1], %r2;
	ret;
}`, 3},
	} {
		k := compileEntry(t, head+c.body)
		assert.Equal(t, c.want, sm.PeakLive(k), c.name)
		assert.Equal(t, c.want+2, sm.EstimateRegisters(k, 2, 0), c.name)
	}
}

// A wgmma with scale-d 0 (D = A*B) does not read its accumulators: in a
// loop that starts each iteration with one, the four accumulators die at
// their last read. Hand count (the loop counter %r1 is uniform: not
// counted): at the wgmma the sum %f9 and the four results are live (5);
// after the sum, four temporaries %f5..%f8 (4) -- and with scale-d 1 the
// accumulators too, since the next iteration's wgmma reads them (8).
func TestPeakLiveWgmmaScaleD(t *testing.T) {
	const body = `
.visible .entry k(.param .u64 out, .param .u64 da, .param .u64 db) {
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .f32 %f<12>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	ld.param.u64 %rd2, [da];
	ld.param.u64 %rd3, [db];
	mov.u32 %r1, 0;
	mov.f32 %f9, 0f00000000;
L:
	wgmma.fence.sync.aligned;
	wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, %f4}, %rd2, %rd3, SCALED, 1, 1, 0, 0;
	wgmma.commit_group.sync.aligned;
	wgmma.wait_group.sync.aligned 0;
	add.f32 %f9, %f9, %f1;
	add.f32 %f9, %f9, %f2;
	add.f32 %f9, %f9, %f3;
	add.f32 %f9, %f9, %f4;
	mul.f32 %f5, %f9, 0f40000000;
	mul.f32 %f6, %f9, 0f40400000;
	mul.f32 %f7, %f9, 0f40800000;
	mul.f32 %f8, %f9, 0f40a00000;
	add.f32 %f9, %f5, %f6;
	add.f32 %f10, %f7, %f8;
	add.f32 %f9, %f9, %f10;
	add.u32 %r1, %r1, 1;
	setp.lt.u32 %p1, %r1, 8;
	@%p1 bra L;
	st.global.f32 [%rd1], %f9;
	ret;
}`
	zero := compileEntry(t, head+strings.ReplaceAll(body, "SCALED", "0"))
	one := compileEntry(t, head+strings.ReplaceAll(body, "SCALED", "1"))
	assert.Equal(t, 5, sm.PeakLive(zero))
	assert.Equal(t, 8, sm.PeakLive(one))
}

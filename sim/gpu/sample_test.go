package gpu_test

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// Every thread loads in[gid], runs n dependent FMAs on it and stores the
// result to out[gid]: CTAs of identical code path. With 120 KB of dynamic
// shared memory one CTA fits an SM, so a grid of 132*w CTAs is w waves.
const wavesPTX = `
.version 8.0
.target sm_90
.address_size 64
.extern .shared .align 16 .b8 dyn[];
.visible .entry waves(.param .u64 out, .param .u64 in, .param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .f32 %f<4>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
	ld.param.u64 %rd2, [in];
	ld.param.u32 %r1, [n];
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	mov.u32 %r4, %tid.x;
	mad.lo.u32 %r5, %r2, %r3, %r4;
	mul.wide.u32 %rd3, %r5, 4;
	add.u64 %rd4, %rd2, %rd3;
	ld.global.f32 %f1, [%rd4];
	mov.f32 %f2, 0f3F800000;
	mov.u32 %r6, 0;
LOOP:
	fma.rn.f32 %f2, %f2, 0f3F7FF000, %f1;
	ATOMIC
	add.u32 %r6, %r6, 1;
	setp.lt.u32 %p1, %r6, %r1;
	@%p1 bra LOOP;
	add.u64 %rd5, %rd1, %rd3;
	st.global.f32 [%rd5], %f2;
	ret;
}
`

// wavesLaunch prepares the kernel (with an atom.global in its loop when
// atomic) for a grid of ctas CTAs of 64 threads.
func wavesLaunch(t *testing.T, ctas int, atomic bool) (*exec.Kernel, *exec.Launch, *exec.Segment) {
	t.Helper()
	ins := ""
	if atomic {
		ins = "atom.global.add.u32 %r7, [%rd1], 0;"
	}
	return wavesLaunchWith(t, ctas, ins)
}

// wavesLaunchWith is wavesLaunch with ins (PTX) at the ATOMIC mark.
func wavesLaunchWith(t *testing.T, ctas int, ins string) (*exec.Kernel, *exec.Launch, *exec.Segment) {
	t.Helper()
	src := strings.Replace(wavesPTX, "ATOMIC", ins, 1)
	k := compileEntry(t, "waves", src)
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	n := ctas * 64
	out := g.Alloc("out", 4*n)
	in := g.Alloc("in", 4*n)
	b := g.SliceW(in.Base, 4*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(float32(i%97)/97))
	}
	params := binary.LittleEndian.AppendUint64(nil, out.Base)
	params = binary.LittleEndian.AppendUint64(params, in.Base)
	params = binary.LittleEndian.AppendUint32(params, 16)
	l := &exec.Launch{Grid: [3]int{ctas, 1, 1}, Block: [3]int{64, 1, 1}, Params: params, Global: g, DynamicShared: 120 << 10}
	return k, l, out
}

func wavesTimed(t *testing.T, ctas, jobs int, noSample bool) (*gpu.Result, *gpu.Timing, []byte) {
	t.Helper()
	k, l, out := wavesLaunch(t, ctas, false)
	cfg := gpu.DefaultConfig()
	cfg.Jobs = jobs
	res, tm, err := gpu.RunTimed(cfg, gpu.DefaultTimedConfig(), k, l, gpu.TimedOptions{HotLines: true, NoSample: noSample})
	require.NoError(t, err)
	return res, tm, append([]byte(nil), l.Global.Slice(out.Base, len(out.Data))...)
}

// A grid of 4.5 waves of identical CTAs times its first two waves and its
// last (partial) one; the outputs are those of the functional run, every CTA's
// instructions are counted, and the extrapolated cycles are within 2% of
// timing every CTA.
func TestSampledWavesExtrapolate(t *testing.T) {
	const ctas = 4*132 + 66
	k, l, out := wavesLaunch(t, ctas, false)
	fres, err := gpu.RunFunctional(gpu.DefaultConfig(), k, l)
	require.NoError(t, err)
	want := append([]byte(nil), l.Global.Slice(out.Base, len(out.Data))...)

	res, tm, got := wavesTimed(t, ctas, 2, false)
	require.NotNil(t, tm.Sampled)
	assert.Equal(t, 2*132+66, tm.Sampled.CTAsTimed)
	assert.Equal(t, ctas, tm.Sampled.CTAsTotal)
	assert.Equal(t, 2, tm.Sampled.WavesSkipped)
	assert.Contains(t, tm.Sampled.Method, "of 5 waves of 132 CTAs, the first two and the last (66) were timed")
	assert.Equal(t, tm.Sampled.TimedCycles+2*tm.Sampled.WaveCycles, tm.Cycles)
	assert.Equal(t, want, got, "outputs of a sampled run are complete")
	assert.Equal(t, fres.Instructions, res.Instructions)
	assert.Equal(t, ctas, res.CTAs)
	assert.Less(t, tm.Sampled.TimedCycles, tm.Cycles)

	ures, utm, ugot := wavesTimed(t, ctas, 2, true)
	require.Nil(t, utm.Sampled)
	assert.Equal(t, want, ugot)
	assert.Equal(t, fres.Instructions, ures.Instructions)
	rel := float64(tm.Cycles-utm.Cycles) / float64(utm.Cycles)
	t.Logf("sampled %d cycles, unsampled %d (%+.2f%%), wave %d cycles", tm.Cycles, utm.Cycles, 100*rel, tm.Sampled.WaveCycles)
	assert.Less(t, math.Abs(rel), 0.02)
}

// The sampled timing does not depend on the number of goroutines.
func TestSampledSameForAnyJobs(t *testing.T) {
	js := func(tm *gpu.Timing) string {
		tm.Utilization = nil
		b, err := json.Marshal(tm)
		require.NoError(t, err)
		return string(b)
	}
	_, a, oa := wavesTimed(t, 4*132, 1, false)
	_, b, ob := wavesTimed(t, 4*132, 3, false)
	require.NotNil(t, a.Sampled)
	assert.Equal(t, js(a), js(b))
	assert.Equal(t, oa, ob)
}

// 3 waves or fewer, or a kernel with global atomics: every CTA is timed.
func TestSampleRule(t *testing.T) {
	_, tm, _ := wavesTimed(t, 3*132, 0, false)
	assert.Nil(t, tm.Sampled, "3 waves")
	k, l, _ := wavesLaunch(t, 4*132, true)
	_, tm, err := gpu.RunTimed(gpu.DefaultConfig(), gpu.DefaultTimedConfig(), k, l, gpu.TimedOptions{})
	require.NoError(t, err)
	assert.Nil(t, tm.Sampled, "global atomics")
	// reads of %clock64, %globaltimer, %smid (operands, not the opcode's
	// text): their values differ between timed and functional runs
	for _, ins := range []string{"mov.u64 %rd7, %clock64;", "mov.u64 %rd7, %globaltimer;", "mov.u32 %r7, %smid;"} {
		k, l, _ := wavesLaunchWith(t, 4*132, ins)
		_, tm, err := gpu.RunTimed(gpu.DefaultConfig(), gpu.DefaultTimedConfig(), k, l, gpu.TimedOptions{})
		require.NoError(t, err)
		assert.Nil(t, tm.Sampled, ins)
	}
	k, l, _ = wavesLaunchWith(t, 4*132, "")
	_, tm, err = gpu.RunTimed(gpu.DefaultConfig(), gpu.DefaultTimedConfig(), k, l, gpu.TimedOptions{})
	require.NoError(t, err)
	assert.NotNil(t, tm.Sampled, "4 waves, no atomics or timing registers")
}

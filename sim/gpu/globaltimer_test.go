package gpu_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// One thread reads %clock64 and %globaltimer, runs 256 dependent
// multiplies, reads both again and stores {c0, g0, c1, g1}.
const globalTimerPTX = `
.version 8.0
.target sm_90
.address_size 64
.visible .entry gtimer(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r3, %tid.x;
	mov.u32 %r4, 0;
	mov.u64 %rd2, %clock64;
	mov.u64 %rd3, %globaltimer;
LOOP:
	mul.lo.u32 %r3, %r3, 3;
	add.u32 %r4, %r4, 1;
	setp.lt.u32 %p1, %r4, 256;
	@%p1 bra LOOP;
	mov.u64 %rd4, %clock64;
	mov.u64 %rd5, %globaltimer;
	st.global.v2.u64 [%rd1], {%rd2, %rd3};
	st.global.v2.u64 [%rd1+16], {%rd4, %rd5};
	st.global.u32 [%rd1+32], %r3;
	ret;
}
`

// Issue 13: in timed mode %globaltimer is the SM's simulated cycle x 1000 /
// sm_mhz nanoseconds. Hand-derived: over a span of c1 - c0 cycles of
// %clock64 the timer moves (c1 - c0) x 1000 / sm_mhz ns; each timer read
// sits a cycle or two after its clock read, so the two spans agree within
// a few cycles' worth of ns (and the conversion truncates to whole ns). At
// the profile's 1980 MHz and at 990 MHz (twice the ns per cycle).
func TestGlobalTimerIsCyclesAtTheSMClock(t *testing.T) {
	k := compileEntry(t, "gtimer", globalTimerPTX)
	for _, mhz := range []float64{0, 990} {
		tc := gpu.DefaultTimedConfig()
		if mhz > 0 {
			tc.SMClockMHz = mhz
		}
		g := exec.NewGlobalMem()
		require.NoError(t, k.LoadGlobals(g))
		seg := g.Alloc("out", 64)
		l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1},
			Params: binary.LittleEndian.AppendUint64(nil, seg.Base), Global: g}
		_, _, err := gpu.RunTimed(gpu.DefaultConfig(), tc, k, l, gpu.TimedOptions{})
		require.NoError(t, err)
		v := u64s(g.Slice(seg.Base, 32))
		c0, g0, c1, g1 := v[0], v[1], v[2], v[3]
		require.Greater(t, c1-c0, int64(256), "256 dependent multiplies")
		t.Logf("%v MHz: clock %d..%d, globaltimer %d..%d ns", tc.SMClockMHz, c0, c1, g0, g1)
		nsPerCycle := 1000 / tc.SMClockMHz
		assert.InDelta(t, float64(c1-c0)*nsPerCycle, float64(g1-g0), 4*nsPerCycle+1, "at %v MHz", tc.SMClockMHz)
		// and the timer itself is the cycle count converted, not a
		// separate clock: g0 is c0's cycle (plus the read's few cycles)
		assert.InDelta(t, float64(c0)*nsPerCycle, float64(g0), 4*nsPerCycle+1, "at %v MHz", tc.SMClockMHz)
	}
}

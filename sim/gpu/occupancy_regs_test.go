package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// A trivial kernel, with and without a .maxnreg directive.
const occRegsPTX = `
.version 8.0
.target sm_90
.address_size 64
.visible .entry occregs()
{
	.reg .b32 %r<2>;
	mov.u32 %r1, 0;
	ret;
}
.visible .entry occregsmax() .maxnreg 128
{
	.reg .b32 %r<2>;
	mov.u32 %r1, 0;
	ret;
}
`

// Issue 13: the registers per thread of the occupancy come from the spec's
// `registers:` (TimedOptions.RegistersPerThread), else .maxnreg, else an
// estimate from the PTX, and the report names which
// (occupancy.registers_source). Hand-derived for CTAs of 256 threads (8
// warps) against the SM's 65536 registers: 200 a thread is 6400 a warp,
// 51200 a CTA, one CTA an SM (limit: registers); .maxnreg 128 is 4096 a
// warp, 32768 a CTA, two (registers); the estimate of this two-register
// kernel leaves the 2048-thread limit: 8 CTAs (threads or warps, equal
// here: 64 warps).
func TestOccupancyRegistersSource(t *testing.T) {
	for _, c := range []struct {
		entry       string
		specRegs    int
		src         string
		regs, ctas  int
		limiterWant []string
	}{
		{"occregs", 200, "spec", 200, 1, []string{"registers"}},
		{"occregsmax", 200, "spec", 200, 1, []string{"registers"}},
		{"occregsmax", 0, "maxnreg", 128, 2, []string{"registers"}},
		{"occregs", 0, "estimate", 0, 8, []string{"warps", "threads"}},
	} {
		k := compileEntry(t, c.entry, occRegsPTX)
		g := exec.NewGlobalMem()
		require.NoError(t, k.LoadGlobals(g))
		l := &exec.Launch{Grid: [3]int{4, 1, 1}, Block: [3]int{256, 1, 1}, Global: g}
		_, tm, err := gpu.RunTimed(gpu.DefaultConfig(), gpu.DefaultTimedConfig(), k, l, gpu.TimedOptions{RegistersPerThread: c.specRegs})
		require.NoError(t, err)
		o := tm.Occupancy
		assert.Equal(t, c.src, o.RegistersSource, "%s spec %d", c.entry, c.specRegs)
		if c.regs > 0 {
			assert.Equal(t, c.regs, o.RegistersPerThread, "%s spec %d", c.entry, c.specRegs)
		} else {
			assert.Positive(t, o.RegistersPerThread)
		}
		assert.Equal(t, c.ctas, o.CTAsPerSM, "%s spec %d", c.entry, c.specRegs)
		assert.Contains(t, c.limiterWant, o.Limiter, "%s spec %d", c.entry, c.specRegs)
	}
}

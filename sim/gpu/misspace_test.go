package gpu_test

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// missPacePTX: one warp, 8 independent coalesced ld.global.u32 of 8
// lines (cold: misses), their xor, %clock64 around them (clk[0]); then the
// same 8 loads again once the first ones are back (L1 hits, clk[1]).
func missPacePTX() string {
	var b strings.Builder
	b.WriteString(`.version 8.0
.target sm_90a
.address_size 64
.visible .entry pace(.param .u64 p_clk, .param .u64 p_buf)
{
	.reg .u64 %rd<20>;
	.reg .u32 %r<40>;
	ld.param.u64 %rd1, [p_clk];
	ld.param.u64 %rd2, [p_buf];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 4;
	add.u64 %rd4, %rd2, %rd3;
`)
	for rep := range 2 {
		fmt.Fprintf(&b, "\tmov.u64 %%rd%d, %%clock64;\n", 5+3*rep)
		for i := range 8 {
			fmt.Fprintf(&b, "\tld.global.u32 %%r%d, [%%rd4+%d];\n", 2+i+16*rep, 128*i)
		}
		for i := 1; i < 8; i++ {
			fmt.Fprintf(&b, "\txor.b32 %%r%d, %%r%d, %%r%d;\n", 2+16*rep, 2+16*rep, 2+i+16*rep)
		}
		fmt.Fprintf(&b, "\tmov.u64 %%rd%d, %%clock64;\n\tsub.s64 %%rd%d, %%rd%d, %%rd%d;\n", 6+3*rep, 7+3*rep, 6+3*rep, 5+3*rep)
		fmt.Fprintf(&b, "\tst.global.u64 [%%rd1+%d], %%rd%d;\n", 8*rep, 7+3*rep)
	}
	b.WriteString("\tret;\n}\n")
	return b.String()
}

// One warp's plain loads that miss the L1 leave for L2 at its miss pace,
// ld_bypass_interval_cycles apart (sim/sm/lsu.go; hand-derived): with the
// interval at 100 cycles the eighth of 8 independent cold loads leaves 700
// cycles after the first, so the span to their xor grows by 700 less the
// spacing the loads had without the pace (the warp's LSU hand-off, a few
// cycles a load: 7 x 6 with the default profile); the same loads
// rereading the lines from L1 are not paced.
func TestL1MissPace(t *testing.T) {
	k := compileEntry(t, "pace", missPacePTX())
	run := func(interval int) []int64 {
		tc := gpu.DefaultTimedConfig()
		tc.SM.LdBypassIntervalCycles = interval
		g := exec.NewGlobalMem()
		require.NoError(t, k.LoadGlobals(g))
		clk, buf := g.Alloc("clk", 16), g.Alloc("buf", 4096)
		params := binary.LittleEndian.AppendUint64(nil, clk.Base)
		params = binary.LittleEndian.AppendUint64(params, buf.Base)
		l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Params: params, Global: g}
		_, _, err := gpu.RunTimed(gpu.DefaultConfig(), tc, k, l, gpu.TimedOptions{})
		require.NoError(t, err)
		return u64s(g.Slice(clk.Base, 16))
	}
	off, on := run(0), run(100)
	d := on[0] - off[0]
	assert.True(t, d > 600 && d <= 700, "cold: %v against %v", on, off)
	assert.Equal(t, off[1], on[1], "L1 hits: no pace")
}

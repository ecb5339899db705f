package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// A CTA of one warp with 1 KiB of static shared memory and dynamic shared
// memory on top.
const occSharedPTX = `
.version 8.0
.target sm_90
.address_size 64
.extern .shared .align 16 .b8 dyn[];
.visible .entry occshared()
{
	.shared .align 16 .b8 buf[1024];
	.reg .b32 %r<2>;
	mov.u32 %r1, 0;
	st.shared.u32 [buf], %r1;
	st.shared.u32 [dyn], %r1;
	ret;
}
`

// Each CTA holds its shared memory plus the 1 KiB per-CTA reserve, counted
// once (CUDA occupancy: reservedSharedMemPerBlock 1024 on sm_90, 228 KiB
// per SM): with 1 KiB static and 112 KiB dynamic a CTA takes 114 KiB and
// two fit an SM; 1 KiB more dynamic and only one does.
func TestSharedOccupancyCountsTheReserveOnce(t *testing.T) {
	k := compileEntry(t, "occshared", occSharedPTX)
	for _, c := range []struct {
		dynKiB, perCTA, ctas int
	}{
		{112, 114 << 10, 2},
		{113, 115 << 10, 1},
	} {
		g := exec.NewGlobalMem()
		require.NoError(t, k.LoadGlobals(g))
		l := &exec.Launch{Grid: [3]int{264, 1, 1}, Block: [3]int{32, 1, 1}, DynamicShared: c.dynKiB << 10, Global: g}
		_, tm, err := gpu.RunTimed(gpu.DefaultConfig(), gpu.DefaultTimedConfig(), k, l, gpu.TimedOptions{})
		require.NoError(t, err)
		assert.Equal(t, c.perCTA, tm.Occupancy.SharedBytesPerCTA, "dynamic %d KiB", c.dynKiB)
		assert.Equal(t, c.ctas, tm.Occupancy.CTAsPerSM, "dynamic %d KiB", c.dynKiB)
		assert.Equal(t, "shared_memory", tm.Occupancy.Limiter)
	}
}

package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// TestGPUFenceAfterTMALoad derives by hand, with the fitted values, the
// loops of tools/microbench/tma7ld.cu (one TMA load, every thread waits on
// its mbarrier, then a GPU-scope fence) and compares them with the GPU's
// cycles per iteration (validation/microbench t7mc_*, clusters of 2).
// The load starts at cycle 0 of the iteration; the wait returns at
// t7mc_nobar's figure (the loop without the fence, 446 / 554 on the H200,
// 441 / 550 on the H100); the fence starts there; a barrier.cluster
// releases cluster_barrier_cycles (81 / 82) after the fence, and the next
// iteration's load starts about then.
func TestGPUFenceAfterTMALoad(t *testing.T) {
	h200 := &SM{cfg: &Config{ClusterFenceCycles: 283,
		Async: AsyncConfig{TMAFenceDrainCycles: 838, TMAFenceDrainBytesPerCycle: 57}}}
	h100 := &SM{cfg: &Config{ClusterFenceCycles: 692,
		Async: AsyncConfig{TMAFenceDrainCycles: 0, TMAFenceDrainBytesPerCycle: 0}}}
	for _, c := range []struct {
		name      string
		s         *SM
		bytes     int
		wait, bar engine.Cycle
		gpu       float64
	}{
		{"H200 t7mc_bar_4k", h200, 4096, 446, 81, 1040},
		{"H200 t7mc_bar_16k", h200, 16384, 554, 81, 1254},
		{"H200 t7mc_fence_4k (fence.acq_rel.cluster, no barrier)", h200, 4096, 446, 0, 947.8},
		{"H100 t7mc_bar_4k (the fence alone is longer)", h100, 4096, 441, 82, 1208},
		{"H100 t7mc_bar_16k", h100, 16384, 550, 82, 1317},
		{"H100 t7mc_fence_4k", h100, 4096, 441, 0, 1118},
	} {
		c.s.tmaDrain = 0
		c.s.noteTMADrain(0, c.bytes)
		got := c.s.gpuFenceEnd(c.wait) + c.bar
		assert.InEpsilon(t, c.gpu, float64(got), 0.05, c.name)
	}
	// back to back (cluster_bar_c2: 369 cycles a barrier on the H200) the
	// fence costs what it costs alone
	h200.tmaDrain = 0
	h200.noteTMADrain(0, 4096)
	assert.Equal(t, engine.Cycle(5000+283), h200.gpuFenceEnd(5000))
}

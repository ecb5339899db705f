package gpu_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// storeEnds runs fenceStoresPTX(n, stride) with warps warps and
// store_queue_sm_requests sm: each warp's %clock64 right after its last
// store's issue (before its fence).
func storeEnds(t *testing.T, warps, n, stride, sm int) []int64 {
	t.Helper()
	k := compileEntry(t, "fencerounds", fenceStoresPTX(n, stride))
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	out, dst := g.Alloc("out", 16*warps), g.Alloc("dst", stride*max(n, 1))
	params := binary.LittleEndian.AppendUint64(nil, out.Base)
	params = binary.LittleEndian.AppendUint64(params, dst.Base)
	tc := gpu.DefaultTimedConfig()
	tc.SM.StoreQueueSMRequests = sm
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32 * warps, 1, 1}, Params: params, Global: g}
	_, _, err := gpu.RunTimed(gpu.DefaultConfig(), tc, k, l, gpu.TimedOptions{})
	require.NoError(t, err)
	v := u64s(g.Slice(out.Base, 16*warps))
	ends := make([]int64, warps)
	for w := range ends {
		ends[w] = v[2*w]
	}
	return ends
}

// The store queue's SM-wide depth (sim/sm/storequeue.go, sgp29.md): with
// 8 warps storing 32 whole-sector rows of 256 B each (8 L1 cycles a
// request), a depth of 36 requests instead of store_queue_requests' 24
// lets the last store issue about (36 - 24) x 8 = 96 L1 cycles sooner,
// while one warp's own stores still see 24 (64 stores: the same end
// either way).
func TestStoreQueueSMDepth(t *testing.T) {
	last := func(v []int64) int64 {
		m := v[0]
		for _, e := range v {
			m = max(m, e)
		}
		return m
	}
	tc := gpu.DefaultTimedConfig()
	require.Equal(t, 24, tc.SM.StoreQueueRequests, "the per-warp depth the expectation is derived from")
	shallow, deep := last(storeEnds(t, 8, 32, 2048, 0)), last(storeEnds(t, 8, 32, 2048, 36))
	assert.InDelta(t, 96, float64(shallow-deep), 32, "8 warps: 12 more requests of 8 L1 cycles ahead (%d vs %d)", shallow, deep)
	one0, one36 := storeEnds(t, 1, 64, 256, 0)[0], storeEnds(t, 1, 64, 256, 36)[0]
	assert.InDelta(t, float64(one0), float64(one36), 4, "one warp: its own 24 requests either way")
	t.Logf("8 warps: last issue %d (24) / %d (36); one warp %d / %d", shallow, deep, one0, one36)
}

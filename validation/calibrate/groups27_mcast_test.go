package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// Two or four CTAs of a cluster (one GPC) loading the same TMA box at the
// same moment take no longer than one (validation/timing/mcast27.md): on
// both GPUs a relaxed cluster barrier before the load costs what the
// barrier costs alone (t7mc_rlx - t7mc_nobar 75-79 cycles, cluster_bar_c2_relaxed
// 90-91), and every CTA loading the box costs what one multicast load to
// all costs (tma_nomcast* within 1% of tma_mcast*). The joined loads
// (sim/gpu/l2merge.go) get their data at the GPC's forwarding rate, not a
// fixed delay (200-253 cycles put these +28..+44% off), and a
// barrier.cluster.wait that blocked goes on at the phase's release.
func TestMcast27SharedBoxCostsNoMoreThanOne(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	for _, g := range []struct{ suffix, profile string }{{"", "h200"}, {"h100", "h100-sxm"}} {
		bs, err := recordingsOf("../microbench", g.suffix)
		require.NoError(t, err)
		by := map[string]*Bench{}
		for _, b := range bs {
			by[b.Name] = b
		}
		p, ok := gpu.BuiltinProfileNamed(g.profile)
		require.True(t, ok)
		cfg, err := p.Config()
		require.NoError(t, err)
		fig := "cycles_per_iteration"
		rlx, nobar := by["t7mc_rlx_4k"], by["t7mc_nobar_4k"]
		require.NotNil(t, rlx)
		require.NotNil(t, nobar)
		// the recordings: the relaxed barrier adds about the barrier alone
		assert.InDelta(t, 77, rlx.Measured[fig]-nobar.Measured[fig], 10, g.profile)
		for _, n := range []string{"t7mc_rlx_4k", "t7mc_rlx_4k_c4", "tma_nomcast2_4k", "tma_nomcast4_4k"} {
			b := by[n]
			require.NotNil(t, b, n)
			s, err := Simulate(b, cfg, nil)
			require.NoError(t, err, n)
			assert.InEpsilon(t, b.Measured[fig], s.Figures[fig], 0.05, "%s %s", g.profile, n)
		}
	}
}

package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// recordedH100 loads the H100 recordings and the built-in H100 profile.
func recordedH100(t *testing.T) (map[string]*Bench, gpu.TimedConfig) {
	t.Helper()
	bs, err := recordingsOf("../microbench", "h100")
	require.NoError(t, err)
	by := map[string]*Bench{}
	for _, b := range bs {
		by[b.Name] = b
	}
	p, ok := gpu.BuiltinProfileNamed("h100-sxm")
	require.True(t, ok)
	cfg, err := p.Config()
	require.NoError(t, err)
	return by, cfg
}

// Session 23 (i64 lane, validation/timing/i64_23.md): one warp's 32 dead
// ATOMS on 32 distinct words an iteration, with 4 reads of %laneid summed
// (atom15_mixs_w1) or 4 independent REDUX.SUMs (atom15_mixr_w1). The SASS
// (ptxas 13.0 sm_90a of the recorded PTX) has the S2R SR_LANEID before the
// loop and the counter's UIADD3 and ISETP.LE among the loop's first ATOMS
// in both: the model issued an S2R per read in the loop and kept the
// counter at the bottom (mixs +24%, mixr +11.5% on the H200). Recorded:
// mixs at 4.68 and mixr at 5.72 cycles an atomic on the H200 (the H100's
// within 2% of them); the model within 5% on both GPUs.
func TestLoopInvariantLaneidAndReduxLoopRecorded(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	by := recordedH200(t)
	h1, cfg := recordedH100(t)
	for _, c := range []struct {
		name string
		gpu  float64
	}{{"atom15_mixs_w1", 4.68}, {"atom15_mixr_w1", 5.715}} {
		got, want := simulatedFigure(t, by, c.name, "cycles_per_warp_inst")
		assert.InDelta(t, c.gpu, want, 0.01, c.name)
		assert.InEpsilon(t, want, got, 0.05, c.name+" H200")
		b := h1[c.name]
		require.NotNil(t, b, c.name)
		assert.InEpsilon(t, c.gpu, b.Measured["cycles_per_warp_inst"], 0.03, c.name+" H100 recording")
		s, err := Simulate(b, cfg, nil)
		require.NoError(t, err, c.name)
		assert.InEpsilon(t, b.Measured["cycles_per_warp_inst"], s.Figures["cycles_per_warp_inst"], 0.05, c.name+" H100")
	}
}

// itput64_add (8 independent chains of add.u64, ILP 8, at 4, 8, 16 and 32
// warps): the SASS of the recorded PTX has 64 IADD3 + 64 IADD3.X pairs for
// the 128 adds of a loop iteration and 9 P2R + 9 ISETP.NE that spill and
// restore carry predicates (16 carries in flight, 7 predicate registers):
// 147 ALU instructions, whose ALU bound (4 sub-partitions x 128 adds / (147
// x 2 cycles) = 1.74 adds an SM-cycle) the GPU reaches within 8% at 8 or
// more warps, where the 128 the model issued before (sim/sm/carryspill.go)
// bound it at 2.0. With the spills, every itput64_add figure within 5% on
// both GPUs.
func TestCarryPredicateSpillsRecorded(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	by := recordedH200(t)
	h1, cfg := recordedH100(t)
	bound := 4 * 128 / (147 * 2.0)
	for _, n := range []string{"itput64_add", "itput64_add_w4", "itput64_add_w8", "itput64_add_w32"} {
		got, want := simulatedFigure(t, by, n, "warp_inst_per_sm_cycle")
		assert.InEpsilon(t, want, got, 0.05, n+" H200")
		if n != "itput64_add_w4" {
			assert.InEpsilon(t, bound, want, 0.08, n+": the SASS's ALU bound")
		}
		b := h1[n]
		require.NotNil(t, b, n)
		s, err := Simulate(b, cfg, nil)
		require.NoError(t, err, n)
		assert.InEpsilon(t, b.Measured["warp_inst_per_sm_cycle"], s.Figures["warp_inst_per_sm_cycle"], 0.05, n+" H100")
	}
}

// atom15_red8 (8 warp-reduced dead atomics an iteration, S2R SR_LANEID
// hoisted out of the loop by ptxas): on the H200 one warp takes 105
// cycles an iteration (13.13 an atomic), where the SASS's fixed stalls
// come to 70, so the REDUX.SUM's result wait is about 35 cycles and the
// first ATOMS comes about 58 after the REDUX (11 cycles of stalls before
// the IMAD.U32, its 12, the wait), against 68 (atom_reduce_cycles) where
// the S2R stays in the loop (32 atomics). With atom_reduce_nolane_cycles
// fitted on the three (56 H200, 58 H100), each within 6.5% on both GPUs
// (w8 +14%, w1 +5.3% before).
func TestReduceWithoutLaneS2RRecorded(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	by := recordedH200(t)
	h1, cfg := recordedH100(t)
	_, w1 := simulatedFigure(t, by, "atom15_red8_w1", "cycles_per_warp_inst")
	assert.InDelta(t, 105, 8*w1, 1.5, "H200 cycles an iteration")
	for _, n := range []string{"atom15_red8_w1", "atom15_red8_w8", "atom15_red8_w32"} {
		got, want := simulatedFigure(t, by, n, "cycles_per_warp_inst")
		assert.InEpsilon(t, want, got, 0.065, n+" H200")
		b := h1[n]
		require.NotNil(t, b, n)
		s, err := Simulate(b, cfg, nil)
		require.NoError(t, err, n)
		assert.InEpsilon(t, b.Measured["cycles_per_warp_inst"], s.Figures["cycles_per_warp_inst"], 0.065, n+" H100")
	}
}

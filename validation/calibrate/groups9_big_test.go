package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The closed forms on the H200's recorded figures (summary.json), by hand:
// middle level (511.7 + 512) / 2 = 511.85; halfway from l2s_16m 280.5:
// 396.175, crossed between 28m (284.7) and 32m (479.3) at 28 + 4 x
// 111.475 / 194.6 = 30.29 MiB; twice that, 60.58, rounds to 61 MiB. The
// fabric: 2 x 511.85 - (gmem_chase_1g 686 - dram_far_extra_cycles 186 / 2) = 430.7
// -> 431 (338 before the near/far split of HBM misses).
func TestBigL2ClosedForms(t *testing.T) {
	figs := map[string]float64{"16m": 280.5, "20m": 280.5, "24m": 280.5, "28m": 284.7, "32m": 479.3, "36m": 511.7, "40m": 512}
	rec := map[string]*Bench{"gmem_chase_1g": {Measured: map[string]float64{"cycles_per_load": 686}},
		// dram_far_extra_cycles (groups12_smallflush.go): (6803.8 - 5318.9) / 8 = 185.6 -> 186
		dramFarBench: {Measured: map[string]float64{"load_near_cycles": 5318.9, "load_far_cycles": 6803.8}}}
	for k, v := range figs {
		rec["gmem_chase_l2s_"+k] = &Bench{Measured: map[string]float64{"cycles_per_load": v}}
	}
	c, _, err := bigL2Capacity(rec)
	require.NoError(t, err)
	assert.Equal(t, float64(61<<20), c)
	f, _, err := bigL2Fabric(rec)
	require.NoError(t, err)
	// 2 x 511.85 - (686 - 186 / 2): the middle level's near lines miss to HBM from the near partition
	assert.Equal(t, float64(431), f)
	// no middle level: an error, not a guess
	for k := range figs {
		rec["gmem_chase_l2s_"+k].Measured["cycles_per_load"] = 280.5
	}
	_, _, err = bigL2Capacity(rec)
	assert.Error(t, err)
}

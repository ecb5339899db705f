package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Warm or cold by how each figure was measured (families.go warmRun,
// coldRun; validation/timing/mwake28.md): %clock64 figures of the warm
// launches (clock_runs.json) from a warm run, the ncu figure and the
// figures of families recorded after ncu's cache flush (clock_ncu.json)
// from a cold one.
func TestWarmOrColdByMeasurement(t *testing.T) {
	mw := &Bench{Name: "mwake_m0_d1000", Family: "mwake", Kind: "latency", Meta: map[string]any{"ctas": 1.0}}
	assert.True(t, warmRun(mw), "mwake: clock figures from clock_runs.json")
	assert.True(t, coldRun(mw), "mwake: and ncu_cycles")
	empty := &Bench{Name: "empty_1", Family: "empty", Kind: "launch"}
	assert.False(t, warmRun(empty), "only the ncu figure")
	assert.True(t, coldRun(empty))
	q := &Bench{Name: "tmaq_s3", Family: "tmaq", Kind: "latency"}
	assert.False(t, warmRun(q), "tmaq: clock figures from clock_ncu.json (flushed)")
	assert.True(t, coldRun(q))
	pp := &Bench{Name: "mbar_pingpong_m0", Family: "sync", Kind: "latency"}
	assert.True(t, warmRun(pp), "a clock figure only")
	assert.False(t, coldRun(pp))
}

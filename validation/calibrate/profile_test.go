package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// WriteProfile replaces provenance.calibrate and keeps the base's other
// provenance (the GPC map's measurement), its gpcs and its gpu.
func TestWriteProfileKeepsProvenance(t *testing.T) {
	base := []byte("gpu: G\nclocks: {sm_mhz: 1980, mem_mhz: 2619}\ngpcs:\n  - [0, 1]\nprovenance:\n  gpc_map:\n    driver: d1\n    sm_clock_mhz: 1980\n  calibrate:\n    date: old\n")
	bp, err := gpu.ParseProfile("base.yaml", base)
	require.NoError(t, err)
	out, err := WriteProfile(base, bp, gpu.DefaultTimedConfig(), nil, Provenance{Command: "c", Date: "new", GPU: "G", Driver: "d2", SMClockMHz: 1977, Benchmarks: 3, Within5Pct: 2})
	require.NoError(t, err)
	p, err := gpu.ParseProfile("out.yaml", out)
	require.NoError(t, err)
	assert.Equal(t, [][]int{{0, 1}}, p.GPCs)
	assert.Equal(t, 1977.0, p.SMMHz)
	assert.Equal(t, map[string]any{"driver": "d1", "sm_clock_mhz": 1980}, p.Provenance["gpc_map"])
	cal := p.Provenance["calibrate"].(map[string]any)
	assert.Equal(t, "new", cal["date"])
	assert.Equal(t, "d2", cal["driver"])
	assert.Equal(t, 3, cal["figures_compared"])
	assert.Equal(t, 2, cal["figures_within_5pct"])
}

// CountFigures: failed runs are not compared; 5% exactly is within.
func TestCountFigures(t *testing.T) {
	rows := []Row{
		{Measured: 100, After: 105},  // +5%: within
		{Measured: 100, After: 94.9}, // -5.1%: out
		{Measured: 100, After: 100},
		{Measured: 100, Err: "deadlock"},
	}
	n, w := CountFigures(rows)
	assert.Equal(t, 3, n)
	assert.Equal(t, 2, w)
}

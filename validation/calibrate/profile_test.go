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
	out, err := WriteProfile(base, bp, gpu.DefaultTimedConfig(), nil, Provenance{Command: "c", Date: "new", GPU: "G", Driver: "d2", SMClockMHz: 1977})
	require.NoError(t, err)
	p, err := gpu.ParseProfile("out.yaml", out)
	require.NoError(t, err)
	assert.Equal(t, [][]int{{0, 1}}, p.GPCs)
	assert.Equal(t, 1977.0, p.SMMHz)
	assert.Equal(t, map[string]any{"driver": "d1", "sm_clock_mhz": 1980}, p.Provenance["gpc_map"])
	cal := p.Provenance["calibrate"].(map[string]any)
	assert.Equal(t, "new", cal["date"])
	assert.Equal(t, "d2", cal["driver"])
}

package calibrate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// TestRegistersLiveOverhead: the closed form over the regocc recordings
// gives the committed profile's registers_live_overhead (the refit in CI
// leaves this group out: it is judged on ten long launches), and with it
// the estimate gives every regocc kernel the CTAs per SM that ncu measured
// on the H200 (launch__occupancy_limit_registers, cycles.json).
func TestRegistersLiveOverhead(t *testing.T) {
	rec := recordedH200(t)
	v, src, err := registersLiveOverhead(rec)
	require.NoError(t, err)
	data, err := os.ReadFile("../../calibration/h200-calibrated.yaml")
	require.NoError(t, err)
	prof, err := gpu.ParseProfile("h200-calibrated.yaml", data)
	require.NoError(t, err)
	want := prof.Params["registers_live_overhead"]
	assert.Equal(t, want.Value, v)
	assert.Equal(t, want.Source, src)

	bs := regoccBenches(rec)
	require.Len(t, bs, 10)
	for _, b := range bs {
		peak, err := DirPeakLive(b.Dir)
		require.NoError(t, err)
		regs := peak + int(v)
		perWarp := (regs*32 + 255) / 256 * 256
		ctas := min(65536/(perWarp*4), 16) // 4 warps a CTA, 64 warps an SM
		raw, err := gzfile.ReadFile(filepath.Join(b.Dir, "cycles.json"))
		require.NoError(t, err)
		var c struct {
			Other map[string][]float64 `json:"other_metrics"`
		}
		require.NoError(t, json.Unmarshal(raw, &c))
		lim := c.Other["launch__occupancy_limit_registers"]
		require.NotEmpty(t, lim, b.Name)
		assert.Equal(t, int(lim[0]), min(65536/(perWarp*4), 32), "%s: %d registers estimated", b.Name, regs)
		assert.Positive(t, ctas)
	}
}

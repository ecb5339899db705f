package calibrate

import (
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

const calibratedPath = "../../calibration/h200-calibrated.yaml"

// ciGroups are refitted in CI (about 20 s on 2 cores): every closed form
// and the searches over small benchmark sets. The wgmma search (12
// benchmarks, ~100 evaluations) runs with SM90SIM_CALIB_FULL=1, as does
// the refit of every group with every benchmark.
var ciGroups = []string{"fp32_latency", "imad_latency", "fp64_latency", "mufu_latency", "warp_latency", "wgmma_rate",
	"tma_bandwidth", "hbm_latency", "hbm_bandwidth", "smem_latency", "barrier", "mbarrier", "launch", "tma_issue"}

// TestRefitReproducesCommittedProfile refits from the committed
// recordings (validation/microbench) and checks that every fitted
// parameter, its source and its residual equal the committed
// calibration/h200-calibrated.yaml within 0.1%: the fit is deterministic
// (fixed starts, no randomness) and does not depend on the base values
// of the parameters it fits. When the model changes, regenerate with
//
//	go run ./cmd/sm90sim calibrate --from-recordings validation/microbench \
//	  --config calibration/h200.yaml --out calibration/h200-calibrated.yaml
func TestRefitReproducesCommittedProfile(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	data, err := os.ReadFile(calibratedPath)
	require.NoError(t, err)
	prof, err := gpu.ParseProfile(calibratedPath, data)
	require.NoError(t, err)
	tc, err := prof.Config()
	require.NoError(t, err, "the committed profile lacks parameters the model has now: regenerate it (see the test's comment)")
	all, err := LoadRecordings(filepath.Join("..", "microbench"))
	require.NoError(t, err)
	only := ciGroups
	sel := all
	if os.Getenv("SM90SIM_CALIB_FULL") == "" {
		sel = nil
		var pats []string
		for _, g := range Groups {
			if containsStr(only, g.Name) {
				pats = append(pats, g.Benches...)
			}
		}
		for _, b := range all {
			if matches(b.Name, pats) {
				sel = append(sel, b)
			}
		}
	} else {
		only = nil
	}
	_, _, mhz := RecordingInfo(all)
	start := time.Now()
	f := &Fitter{All: all, Selected: sel, Base: tc, GPCs: prof.GPCs, Only: only, SMClockMHz: mhz}
	res, err := f.Fit()
	require.NoError(t, err)
	t.Logf("%d simulated runs in %v", res.Evals, time.Since(start))
	assert.Equal(t, mhz, prof.SMMHz, "clocks.sm_mhz is the recordings' median SM clock")
	require.NotEmpty(t, res.Params)
	for name, fit := range res.Params {
		want, ok := prof.Params[name]
		if !assert.True(t, ok, name) {
			continue
		}
		assert.InDelta(t, want.Value, fit.Value, 1e-3*math.Abs(want.Value)+1e-9, "%s: refit %g, committed %g", name, fit.Value, want.Value)
		assert.Equal(t, want.Source, fit.Source, name)
		if assert.Equal(t, want.Residual == nil, fit.Residual == nil, name) && fit.Residual != nil {
			assert.InDelta(t, *want.Residual, *fit.Residual, 1e-3*math.Abs(*want.Residual)+1e-4, name)
		}
	}
}

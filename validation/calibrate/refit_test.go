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

// ciGroups are refitted in CI (about 100 s a GPU on this 2-core machine
// in session 19, the package's longest test; the heaviest groups then:
// wgmma_queue 16 s, jump_table 15 s, idiv_pipe 12 s): every group but
// the wgmma tail searches (12 benchmarks, ~60 evaluations), tensor_clock
// (the same 12 launches) and
// registers_live (a closed form, but judged on ten launches of 4224 CTAs,
// ~70 s; TestRegistersLiveOverhead checks its value), l2_tma_store and
// l2_tma_reduce (132-SM launches, ~1 s a run) and launch (with
// dispatch_latency_cycles judged on redisp7_c264 too: ~0.5 s a run, ~100
// runs a GPU) and smem_queue (15 shared-load throughput launches, ~18 s a
// GPU); the full refit runs
// with SM90SIM_CALIB_FULL=1.
func ciGroups() []string {
	var out []string
	for _, g := range Groups {
		if g.Name != "wgmma_ss_tail" && g.Name != "wgmma_rs_tail" && g.Name != "tensor_clock" && g.Name != "registers_live" && g.Name != "launch" && g.Name != "smem_queue" &&
			g.Name != "l2_tma_store" && g.Name != "l2_tma_reduce" {
			out = append(out, g.Name)
		}
	}
	return out
}

// TestRefitReproducesCommittedProfile refits from the committed
// recordings (validation/microbench) and checks that every fitted
// parameter, its source and its residual equal the committed
// calibration/h200-calibrated.yaml (and h100-calibrated.yaml from the
// H100 recordings) within 0.1%: the fit is deterministic
// (fixed starts, no randomness) and does not depend on the base values
// of the parameters it fits. When the model changes, regenerate with
//
//	go run ./cmd/sm90sim calibrate --from-recordings validation/microbench \
//	  --config calibration/h200.yaml --out calibration/h200-calibrated.yaml --update-builtin
//	go run ./cmd/sm90sim calibrate --from-recordings validation/microbench --recordings-suffix h100 \
//	  --config calibration/h100-sxm.yaml --out calibration/h100-calibrated.yaml --update-builtin
//
// (--update-builtin also writes the built-in tables sim/gpu/timed_defaults.go,
// timed_defaults_h100.go and the params of calibration/h200.yaml, h100-sxm.yaml).
func TestRefitReproducesCommittedProfile(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	for _, c := range []struct{ path, suffix string }{
		{"../../calibration/h200-calibrated.yaml", ""},
		{"../../calibration/h100-calibrated.yaml", "h100"},
	} {
		t.Run(filepath.Base(c.path), func(t *testing.T) { refit(t, c.path, c.suffix) })
	}
}

func refit(t *testing.T, calibratedPath, suffix string) {
	const regen = "regenerate the profile with the command in its provenance (see TestRefitReproducesCommittedProfile)"
	data, err := os.ReadFile(calibratedPath)
	require.NoError(t, err)
	prof, err := gpu.ParseProfile(calibratedPath, data)
	require.NoError(t, err, regen)
	tc, err := prof.Config()
	require.NoError(t, err, "the committed profile lacks parameters the model has now: "+regen)
	all, err := LoadRecordingsOf(filepath.Join("..", "microbench"), suffix)
	require.NoError(t, err)
	only := ciGroups()
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
	mhz := RecordingInfo(all).SMMHz
	start := time.Now()
	f := &Fitter{All: all, Selected: sel, Base: tc, GPCs: prof.GPCs, Only: only, SMClockMHz: mhz, ParamsOnly: true}
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
		assert.InDelta(t, want.Value, fit.Value, 1e-3*math.Abs(want.Value)+1e-9, "%s: refit %g, committed %g: %s", name, fit.Value, want.Value, regen)
		assert.Equal(t, want.Source, fit.Source, name)
		if assert.Equal(t, want.Residual == nil, fit.Residual == nil, name) && fit.Residual != nil {
			assert.InDelta(t, *want.Residual, *fit.Residual, 1e-3*math.Abs(*want.Residual)+1e-4, name)
		}
	}
}

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

// ciGroups are refitted in CI (TestRefitReproducesCommittedProfile
// without SM90SIM_CALIB_FULL=1), each as the full fit runs it (Fitter.Replay).
// The rule (validation/timing/ci24.md has the per-group table): a group is
// here when its refit alone from the committed profile cost at most 0.5 s
// on each GPU on the shared 2-core box of session 24 and reproduced its
// committed values; and, whatever their cost, one or more of each kind the
// cheap ones lack: the wgmma tail searches (wgmma_ss_tail, wgmma_rs_tail,
// about 2 s a GPU), a two-parameter Nelder-Mead search (branch) and groups
// whose fit depends on the starts of groups after them in the order
// (bulk_reduce_issue, bulk_hit, bulk_reduce_slot, s2r_interval: without
// Replay they do not reproduce, so they check Replay itself). Not here: the
// expensive searches (launch ~200 s a GPU, l2_tma_reduce and l2_tma_store
// ~20-40 s, wgmma_queue and tensor_clock ~6-12 s, ...), a group whose
// parameter a later group refits (icache_dram, idiv_contention: the
// profile holds the later group's value) and a search whose cost does not
// move (lg_queue: the base value is kept). The cheap list covers closed
// forms (58 groups), one-parameter searches, a three-parameter search
// (stmatrix) and grid-started searches (tma_desc_global, bulk_*). The full
// refit runs with SM90SIM_CALIB_FULL=1 (minutes a GPU).
var ciGroups = []string{
	// cheap (<= 0.5 s a GPU alone), in the registry's order
	"mbar_tx_poll", "alu_latency", "fp32_latency", "imad_latency", "fp64_latency", "mufu_latency",
	"conv_latency", "warp_latency", "shared_base", "branch_or_chain", "l1_hit", "l2_hit",
	"l1_capacity", "l2_far", "big_l2_capacity", "big_l2_fabric", "dram_latency", "dram_far",
	"dram_bandwidth", "smem_wavefront_latency", "smem_writeback", "barrier_arrive", "wgmma_rate",
	"tma_bandwidth", "smem_latency", "barrier", "mbarrier_ops", "stmatrix", "tma_load_elected",
	"tma_row", "tma_fill", "tma_overlap", "cluster_barrier", "dsmem", "dsmem_small_gpc",
	"warp_interval", "vote_latency", "shfl_pred_extra", "redux_interval", "redux_warp_interval",
	"redux_latency", "atom_reduce", "wgmma_serial_rs_tail", "lsu_load", "alu_carry", "param_ldc",
	"tma_first_load", "setmaxnreg_dec", "setmaxnreg_inc", "setmaxnreg_pool", "const_ldc_miss", "l1_load_hold",
	"store_queue", "atom_reduce_nolane", "imad_interval", "imad_wide", "imad_hi_latency",
	"conv_wide_latency", "f16_conv_latency", "shfl_idx", "idiv", "icache_stream",
	"tma_store_read", "tma_reduce_read", "tma_store_slot", "tma_reduce_slot", "tma_bulk_commit",
	"tma_store_write", "tma_store_latency", "tma_desc_store", "tma_desc_global", "smem_atom",
	"try_wait_sleep", "mbar_after_store", "bulk_lane", "bulk_load_issue", "bulk_remat", "bulk_lone_copy",
	"bulk_store_min", "bulk_store_base", "bulk_store_inplace", "bulk_store_branch", "l2_clock", "l2_bandwidth", "l1_port",
	"tensormap_replace_shared", "tensormap_replace_global", "tensormap_cp_fenceproxy",
	"fence_tensormap_release", "fence_tensormap_acquire", "prefetch_tensormap", "bulk_prefetch",
	"fence_proxy_async", "bulk_wait_min", "mbar_arrive_interval", "mbar_arrive_wait",
	"regbank_conflict", "dsmem_bytes", "dsmem_local", "fence_cta", "fence_gpu", "l2_merge",
	"cp_async_ca_hit", "ld_bypass", "tma_fence_drain_rate", "tma_load_elected_slots", "idiv_shared",
	// coverage: tail searches, a two-parameter search, Replay-dependent groups
	"wgmma_ss_tail", "wgmma_rs_tail", "branch",
	"bulk_reduce_issue", "bulk_hit", "bulk_reduce_slot", "s2r_interval",
}

// TestRefitReproducesCommittedProfile refits from the committed
// recordings (validation/microbench) and checks that every fitted
// parameter, its source and its residual equal the committed
// calibration/h200-calibrated.yaml (and h100-calibrated.yaml from the
// H100 recordings) within 0.1%: the fit is deterministic
// (fixed starts, no randomness) and does not depend on the base values
// of the parameters it fits. CI refits the groups of ciGroups with
// Fitter.Replay (each group sees the values the full fit had at its turn:
// the committed values of the groups before it, the fixed starts of the
// searches after it); SM90SIM_CALIB_FULL=1 refits every group. When the
// model changes, regenerate with
//
//	go run ./cmd/sm90sim calibrate --from-recordings validation/microbench \
//	  --config calibration/h200.yaml --out calibration/h200-calibrated.yaml --update-builtin
//	go run ./cmd/sm90sim calibrate --from-recordings validation/microbench --recordings-suffix h100 \
//	  --config calibration/h100-sxm.yaml --out calibration/h100-calibrated.yaml --update-builtin
//
// (--update-builtin also writes the built-in tables sim/gpu/timed_defaults.go,
// timed_defaults_h100.go, the params of calibration/h200.yaml, h100-sxm.yaml
// and their provenance.calibrate: the same block as the calibrated file's).
func TestRefitReproducesCommittedProfile(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	for _, c := range []struct{ path, suffix string }{
		{"../../calibration/h200-calibrated.yaml", ""},
		{"../../calibration/h100-calibrated.yaml", "h100"},
	} {
		// the two GPUs in parallel: most of a group's searches simulate one
		// or two benchmarks at a time, which leaves the second core idle
		// (23.2 s -> 16.8 s for the subset on the 2-core box, ci24.md)
		t.Run(filepath.Base(c.path), func(t *testing.T) { t.Parallel(); refit(t, c.path, c.suffix) })
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
	all, err := recordingsOf(filepath.Join("..", "microbench"), suffix)
	require.NoError(t, err)
	only := ciGroups
	sel := all
	if os.Getenv("SM90SIM_CALIB_FULL") == "" {
		sel = nil
		var pats []string
		for _, g := range Groups {
			if containsStr(only, g.Name) {
				pats = append(append(pats, g.Benches...), g.Needs...)
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
	f := &Fitter{All: all, Selected: sel, Base: tc, GPCs: prof.GPCs, Only: only, Replay: true, SMClockMHz: mhz, ParamsOnly: true}
	res, err := f.Fit()
	require.NoError(t, err)
	t.Logf("%d simulated runs in %v", res.Evals, time.Since(start))
	assert.Equal(t, mhz, prof.SMMHz, "clocks.sm_mhz is the recordings' median SM clock")
	require.NotEmpty(t, res.Params)
	// every group of the subset fits (none is flat or lacks benchmarks;
	// the full fit may keep a flat search's base value, said in Skipped)
	for _, g := range Groups {
		if only == nil || !containsStr(only, g.Name) {
			continue
		}
		for _, p := range g.Params {
			_, ok := res.Params[p]
			assert.True(t, ok, "group %s did not fit %s: %v", g.Name, p, res.Skipped)
		}
	}
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

// TestCIGroupsAreLastWriters: every group of ciGroups exists, and no group
// outside ciGroups later in the order fits one of its parameters (the
// committed profile holds the last group's value, which a refit of the
// earlier group alone cannot reproduce).
func TestCIGroupsAreLastWriters(t *testing.T) {
	at := map[string]int{}
	for i, g := range Groups {
		at[g.Name] = i
	}
	for _, name := range ciGroups {
		i, ok := at[name]
		if !assert.True(t, ok, "ciGroups names %s, which is not a group", name) {
			continue
		}
		for _, p := range Groups[i].Params {
			for _, later := range Groups[i+1:] {
				if containsStr(later.Params, p) && !containsStr(ciGroups, later.Name) {
					t.Errorf("%s fits %s, which %s (later, not in ciGroups) fits again", name, p, later.Name)
				}
			}
		}
	}
}

package gpu_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// TestTimedDev prints simulated vs recorded cycles for corpus kernels
// (development aid; SM90SIM_TIMED_DEV=name,name).
func TestTimedDev(t *testing.T) {
	names := os.Getenv("SM90SIM_TIMED_DEV")
	if names == "" {
		t.Skip("SM90SIM_TIMED_DEV not set")
	}
	for _, name := range filepath.SplitList(names) {
		dir := filepath.Join("..", "..", "validation", "testdata", name)
		s, err := session.Prepare(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
		require.NoError(t, err)
		cfg := gpu.DefaultConfig()
		res, tm, err := gpu.RunTimed(cfg, gpu.DefaultTimedConfig(), s.Kernel, s.Launch, gpu.TimedOptions{HotLines: true})
		require.NoError(t, err, name)
		var rec struct {
			Metrics map[string]float64 `json:"metrics"`
		}
		if b, err := os.ReadFile(filepath.Join(dir, "counters.json")); err == nil {
			_ = json.Unmarshal(b, &rec)
		}
		gpuc := rec.Metrics["sm__cycles_elapsed.max"]
		t.Logf("%-24s insts %10d sim %9d gpu %9.0f err %+6.1f%% ipc %.2f occ %+v", name, res.Instructions, tm.Cycles, gpuc,
			100*(float64(tm.Cycles)-gpuc)/gpuc, tm.IPC, tm.Occupancy)
		t.Logf("   stalls %v", tm.Stalls)
		for i, h := range tm.HotLines {
			if i >= 5 {
				break
			}
			t.Logf("   line %d %s %d %v", h.Line, h.Text, h.Cycles, h.Stalls)
		}
	}
}

package gpu_test

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/npy"
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
		if _, err := os.Stat(dir); err != nil {
			dir = filepath.Join("..", "..", "validation", "microbench", name)
		}
		s, err := session.Prepare(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "", exec.DefaultLayout())
		require.NoError(t, err)
		cfg := gpu.DefaultConfig()
		tc := gpu.DefaultTimedConfig()
		for _, kv := range strings.Split(os.Getenv("SM90SIM_PARAMS"), ",") {
			if k, v, ok := strings.Cut(kv, "="); ok {
				p, found := gpu.ParamByName(k)
				require.True(t, found, k)
				f, err := strconv.ParseFloat(v, 64)
				require.NoError(t, err)
				p.Set(&tc, f)
			}
		}
		res, tm, err := gpu.RunTimed(cfg, tc, s.Kernel, s.Launch, gpu.TimedOptions{HotLines: true, RegistersPerThread: s.Spec.Registers})
		require.NoError(t, err, name)
		var rec struct {
			Metrics map[string]float64 `json:"metrics"`
		}
		if b, err := os.ReadFile(filepath.Join(dir, "counters.json")); err == nil {
			_ = json.Unmarshal(b, &rec)
		}
		gpuc := rec.Metrics["sm__cycles_elapsed.max"]
		var cy struct {
			Median float64 `json:"median"`
			Nested struct {
				Median float64 `json:"median"`
			} `json:"sm__cycles_elapsed.max"`
		}
		if b, err := os.ReadFile(filepath.Join(dir, "cycles.json")); err == nil && json.Unmarshal(b, &cy) == nil {
			if cy.Median > 0 {
				gpuc = cy.Median
			} else if cy.Nested.Median > 0 {
				gpuc = cy.Nested.Median
			}
		}
		if os.Getenv("SM90SIM_TIMED_DEV_QUIET") != "" {
			clk := ""
			if b := s.Buffer("clk"); b != nil {
				for i := 0; i+8 <= len(b.Data) && i < 8*8; i += 8 {
					clk += " " + strconv.FormatUint(binary.LittleEndian.Uint64(b.Data[i:]), 10)
				}
			}
			t.Logf("%-28s sim %9d gpu %9.0f err %+6.1f%% clk%s", name, tm.Cycles, gpuc, 100*(float64(tm.Cycles)-gpuc)/gpuc, clk)
			if b := s.Buffer("clk"); b != nil {
				if raw, err := gzfile.ReadFile(filepath.Join(dir, "gpu", "clk.npy")); err == nil {
					if _, _, g, err := npy.Decode(raw); err == nil && len(g) == len(b.Data) {
						var es []float64
						var gs, ss []float64
						for i := 8; i+8 <= len(g); i += 16 { // rep-1 entries: [..., 2] layout
							gv := float64(binary.LittleEndian.Uint64(g[i:]))
							sv := float64(binary.LittleEndian.Uint64(b.Data[i:]))
							if gv > 0 {
								es = append(es, 100*(sv-gv)/gv)
								gs, ss = append(gs, gv), append(ss, sv)
							}
						}
						if len(es) > 0 {
							sort.Float64s(es)
							sort.Float64s(gs)
							sort.Float64s(ss)
							t.Logf("   %-25s clk rep1: gpu median %9.0f sim %9.0f  err median %+6.1f%% [%+.1f, %+.1f] n=%d",
								name, gs[len(gs)/2], ss[len(ss)/2], es[len(es)/2], es[0], es[len(es)-1], len(es))
						}
					}
				}
			}
			continue
		}
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

package calibrate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// TestCalibrateDev prints simulated vs measured for every benchmark with
// the built-in profile and the wall time of each run (development aid:
// SM90SIM_CALIB_DEV=prefix,prefix or "all").
func TestCalibrateDev(t *testing.T) {
	sel := os.Getenv("SM90SIM_CALIB_DEV")
	if sel == "" {
		t.Skip("SM90SIM_CALIB_DEV not set")
	}
	bs, err := LoadRecordings(filepath.Join("..", "microbench"))
	require.NoError(t, err)
	if sel != "all" {
		bs, err = Select(bs, strings.Split(sel, ","))
		require.NoError(t, err)
	}
	tc := gpu.DefaultTimedConfig()
	for _, b := range bs {
		if _, err := os.Stat(filepath.Join(b.Dir, "SIM_SKIP")); err == nil && os.Getenv("SM90SIM_CALIB_HEAVY") == "" {
			continue
		}
		start := time.Now()
		s, err := Simulate(b, tc, nil)
		if err != nil {
			t.Logf("%-28s error %v", b.Name, err)
			continue
		}
		for _, f := range Figures(b) {
			m := b.Measured[f]
			if f == NCUFigure {
				m = b.NCU.Median
			}
			t.Logf("%-28s %-28s sim %10.2f gpu %10.2f err %+7.1f%% insts %8d %6.2fs", b.Name, f, s.Figures[f], m, 100*(s.Figures[f]-m)/m, s.Instructions, time.Since(start).Seconds())
		}
	}
}

package gpu

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
)

// The first wave's placement reproduces the GPU's %smid of every CTA in
// the l2bw recordings (H200 and H100, five launches each): the same SMs,
// and past the small GPCs (whose order changes from launch to launch) the
// same SM for every CTA.
func TestFirstWaveOrderMatchesRecordings(t *testing.T) {
	for _, name := range []string{"l2bw_ld_c1", "l2bw_ld_c2", "l2bw_ld_c4", "l2bw_ld_c8", "l2bw_ld_c16", "l2bw_ld_c33", "l2bw_ld_c66", "l2bw_ld_c132", "l2bw_sh_ld_g1_x2"} {
		for _, suffix := range []string{"", ".h100"} {
			b, err := gzfile.ReadFile(filepath.Join("..", "..", "validation", "microbench", name, "clock_runs"+suffix+".json"))
			require.NoError(t, err)
			var runs struct {
				Outputs []struct {
					SMID []int `json:"smid"`
				} `json:"outputs"`
			}
			require.NoError(t, json.Unmarshal(b, &runs))
			gpcs := DefaultGPCs()
			if suffix != "" {
				gpcs = H100GPCs()
			}
			for _, run := range runs.Outputs {
				n := len(run.SMID)
				got := firstWaveOrder(gpcs, 132, n)
				if n > 132 {
					got = append(got, got...)
				}
				got = got[:n]
				small := min(n, 8) // SMs 124..131: the four GPCs of two
				if n > 132 {
					assert.ElementsMatch(t, run.SMID, got, "%s%s", name, suffix)
					if suffix == "" {
						assert.Equal(t, run.SMID[8:80], got[8:80], name)
					}
					continue
				} else {
					assert.ElementsMatch(t, run.SMID, got, "%s%s", name, suffix)
				}
				assert.ElementsMatch(t, run.SMID[:small], got[:small], "%s%s", name, suffix)
				if !slices.Equal(run.SMID[small:], got[small:]) && suffix == "" {
					t.Errorf("%s: CTAs %d.. on %v, want %v", name, small, got[small:], run.SMID[small:])
				}
			}
		}
	}
}

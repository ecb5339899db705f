package calibrate

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
)

// TestDeriveReproducesSummary applies the Go derivations to the GPU's own
// %clock64 outputs (every run in clock_runs.json, clock_runs.h100.json) and checks that the
// medians equal the figures summarize.py (Python, independent code)
// wrote to summary.json, for every benchmark and every compared figure.
func TestDeriveReproducesSummary(t *testing.T) {
	for _, suffix := range []string{"", "h100"} {
		t.Run("summary"+suffix, func(t *testing.T) { deriveReproduces(t, suffix) })
	}
}

func deriveReproduces(t *testing.T, suffix string) {
	bs, err := recordingsOf(filepath.Join("..", "microbench"), suffix)
	require.NoError(t, err)
	runs := "clock_runs.json"
	if suffix != "" {
		runs = "clock_runs." + suffix + ".json"
	}
	n := 0
	for _, b := range bs {
		figs := Figures(b)
		if _, ok := notCompared[b.Family]; ok {
			require.Empty(t, figs, b.Name)
			continue
		}
		require.NotEmpty(t, figs, b.Name)
		if len(figs) == 1 && figs[0] == NCUFigure {
			continue // the launch's ncu cycles, no %clock64 figure
		}
		file := runs
		if base, ok := clockFileOf[b.Family]; ok { // groups11_flush.go
			file = base + ".json"
			if suffix != "" {
				file = base + "." + suffix + ".json"
			}
		}
		data, err := gzfile.ReadFile(filepath.Join(b.Dir, file))
		require.NoError(t, err, b.Name)
		var cr struct {
			Outputs []Outputs `json:"outputs"`
		}
		require.NoError(t, json.Unmarshal(data, &cr), b.Name)
		per := map[string][]float64{}
		for _, o := range cr.Outputs {
			f, err := Derive(b, o, 0)
			require.NoError(t, err, b.Name)
			for _, k := range figs {
				per[k] = append(per[k], f[k])
			}
		}
		for _, k := range figs {
			if k == NCUFigure {
				continue // the launch's ncu cycles (gls stores, t6red_*): not derived from %clock64
			}
			want, ok := b.Measured[k]
			require.True(t, ok, "%s: summary has no %s", b.Name, k)
			// summary.json rounds to 3 decimals
			assert.InDelta(t, want, median(per[k]), 0.0006+1e-9*want, "%s %s", b.Name, k)
			n++
		}
	}
	t.Logf("%d figures of %d benchmarks reproduced", n, len(bs))
}

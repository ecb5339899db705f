package calibrate

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// recordedH200 loads the committed H200 recordings of validation/microbench
// by benchmark name.
func recordedH200(t *testing.T) map[string]*Bench {
	t.Helper()
	bs, err := LoadRecordingsOf(filepath.Join("..", "microbench"), "")
	require.NoError(t, err)
	by := make(map[string]*Bench, len(bs))
	for _, b := range bs {
		by[b.Name] = b
	}
	return by
}

// simulatedFigure runs the recorded benchmark name with the built-in H200
// profile: its figure fig simulated and as the GPU measured it.
func simulatedFigure(t *testing.T, by map[string]*Bench, name, fig string) (got, want float64) {
	t.Helper()
	b := by[name]
	require.NotNil(t, b, name)
	s, err := Simulate(b, gpu.DefaultTimedConfig(), nil)
	require.NoError(t, err, name)
	return s.Figures[fig], b.Measured[fig]
}

package calibrate

import (
	"fmt"
	"maps"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// The tests of this package read the same recordings and simulate the same
// benchmarks again and again; loading validation/microbench's summary costs
// ~0.5 s (each of its ~1400 directories' bundle is opened to find its
// launch.yaml), more than most tests' own simulations. The helpers here do
// each once per test process (validation/timing/ci30.md); every caller gets
// copies of its own, so a test that changes a Bench (Meta, Measured) or a
// Sim's figures changes only its copy.

type loaded struct {
	once sync.Once
	bs   []*Bench
	err  error
}

var recordingsMemo sync.Map // dir + "\x00" + suffix -> *loaded

// recordingsOf is LoadRecordingsOf(dir, suffix), read once per process:
// each call returns fresh copies of the benchmarks.
func recordingsOf(dir, suffix string) ([]*Bench, error) {
	v, _ := recordingsMemo.LoadOrStore(filepath.Clean(dir)+"\x00"+suffix, &loaded{})
	l := v.(*loaded)
	l.once.Do(func() { l.bs, l.err = LoadRecordingsOf(dir, suffix) })
	if l.err != nil {
		return nil, l.err
	}
	out := make([]*Bench, len(l.bs))
	for i, b := range l.bs {
		out[i] = cloneBench(b)
	}
	return out, nil
}

// cloneBench copies b with maps of its own (Meta's values are shared: the
// recordings hold numbers and strings there).
func cloneBench(b *Bench) *Bench {
	c := *b
	c.Meta = maps.Clone(b.Meta)
	c.Measured = maps.Clone(b.Measured)
	return &c
}

// recordedH200 loads the committed H200 recordings of validation/microbench
// by benchmark name (read once per test process; the map and its benchmarks
// are the caller's own).
func recordedH200(t *testing.T) map[string]*Bench {
	t.Helper()
	bs, err := recordingsOf(filepath.Join("..", "microbench"), "")
	require.NoError(t, err)
	by := make(map[string]*Bench, len(bs))
	for _, b := range bs {
		by[b.Name] = b
	}
	return by
}

type simulatedOnce struct {
	once sync.Once
	s    *Sim
	err  error
}

var simulatedMemo sync.Map // benchKey(b) -> *simulatedOnce

// benchKey identifies a benchmark by everything Simulate reads of it (its
// directory, and its Meta, Measured and kind, which pick the runs and the
// figures): fmt prints maps in key order and floats exactly.
func benchKey(b *Bench) string { return fmt.Sprintf("%#v", *b) }

// simulatedFigure runs the recorded benchmark name with the built-in H200
// profile: its figure fig simulated and as the GPU measured it. Each
// benchmark (as the caller's Bench describes it) is simulated once per test
// process, whichever tests and figures ask for it: the run is deterministic.
func simulatedFigure(t *testing.T, by map[string]*Bench, name, fig string) (got, want float64) {
	t.Helper()
	b := by[name]
	require.NotNil(t, b, name)
	v, _ := simulatedMemo.LoadOrStore(benchKey(b), &simulatedOnce{})
	m := v.(*simulatedOnce)
	m.once.Do(func() { m.s, m.err = Simulate(b, gpu.DefaultTimedConfig(), nil) })
	require.NoError(t, m.err, name)
	return m.s.Figures[fig], b.Measured[fig]
}

package calibrate

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sort"
)

// RecordingInfo is the GPU and driver of the recordings (from the first
// benchmark's provenance.json) and the median SM clock ncu measured over
// the benchmarks.
func RecordingInfo(bs []*Bench) (gpuName, driver string, smMHz float64) {
	var clocks []float64
	for _, b := range bs {
		if b.SMClockMHz > 0 {
			clocks = append(clocks, b.SMClockMHz)
		}
		if gpuName == "" {
			var p struct {
				GPU    string `json:"gpu"`
				Driver string `json:"driver"`
			}
			if data, err := os.ReadFile(filepath.Join(b.Dir, "provenance.json")); err == nil && json.Unmarshal(data, &p) == nil {
				gpuName, driver = p.GPU, p.Driver
			}
		}
	}
	sort.Float64s(clocks)
	if len(clocks) > 0 {
		smMHz = math.Round(median(clocks))
	}
	return gpuName, driver, smMHz
}

// BenchRecord is one benchmark in the --record-to format: the benchmark,
// its parameters, the GPU, driver and clocks, and ncu's cycles of the
// launch.
type BenchRecord struct {
	Benchmark string             `json:"benchmark"`
	Params    map[string]any     `json:"params"`
	GPU       string             `json:"gpu"`
	Driver    string             `json:"driver"`
	Clocks    map[string]float64 `json:"clocks"`
	Cycles    Spread             `json:"cycles"`
	Figures   map[string]float64 `json:"figures"`
}

// WriteRecords writes one JSON per benchmark into dir (dir/<name>.json).
func WriteRecords(dir string, bs []*Bench) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	gpuName, driver, _ := RecordingInfo(bs)
	for _, b := range bs {
		r := BenchRecord{Benchmark: b.Name, Params: b.Meta, GPU: gpuName, Driver: driver,
			Clocks: map[string]float64{"sm_mhz": b.SMClockMHz}, Cycles: b.NCU, Figures: b.Measured}
		data, err := json.MarshalIndent(r, "", " ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, b.Name+".json"), append(data, '\n'), 0o644); err != nil {
			return err
		}
	}
	return nil
}

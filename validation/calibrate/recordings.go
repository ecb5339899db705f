package calibrate

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"

	"github.com/sm90sim/sm90sim/internal/gzfile"
)

// Info is the GPU, driver and clocks of recordings.
type Info struct {
	GPU, Driver string
	// SMMHz is the median over the benchmarks of the SM clock measured
	// during each (rounded to 1 MHz), MemMHz the memory clock (0: unknown).
	SMMHz, MemMHz float64
}

// RecordingInfo is the recordings' GPU, driver and clocks: from the
// benchmarks (set by LoadRecordingsOf or MeasureGPU), else from the first
// benchmark's provenance.json.
func RecordingInfo(bs []*Bench) Info {
	var in Info
	var clocks []float64
	for _, b := range bs {
		if b.SMClockMHz > 0 {
			clocks = append(clocks, b.SMClockMHz)
		}
		if in.GPU == "" && b.GPU != "" && b.Driver != "" {
			in.GPU, in.Driver, in.MemMHz = b.GPU, b.Driver, b.MemClockMHz
		}
		if in.GPU == "" {
			var p struct {
				GPU    string         `json:"gpu"`
				Driver string         `json:"driver"`
				Attrs  map[string]int `json:"device_attributes"`
			}
			if data, err := gzfile.ReadFile(filepath.Join(b.Dir, "provenance.json")); err == nil && json.Unmarshal(data, &p) == nil {
				in.GPU, in.Driver, in.MemMHz = p.GPU, p.Driver, float64(p.Attrs["memory_clock_rate_khz"])/1000
			}
		}
	}
	sort.Float64s(clocks)
	if len(clocks) > 0 {
		in.SMMHz = math.Round(median(clocks))
	}
	return in
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
	// CyclesError is why there are no ncu cycles (n 0), when ncu failed.
	CyclesError string `json:"cycles_error,omitempty"`
	// Figures are the derived figures' medians over the runs,
	// FigureSpread their min, median, max and runs.
	Figures      map[string]float64 `json:"figures"`
	FigureSpread map[string]Spread  `json:"figure_spread,omitempty"`
	Date         string             `json:"date,omitempty"`
	// Skipped is why a GPU run has no figures for the benchmark (it
	// failed, or the runner cannot derive them: GPUFigures).
	Skipped string `json:"skipped,omitempty"`
}

// RecordsOf are the benchmarks' recordings in the --record-to format.
func RecordsOf(bs []*Bench) []BenchRecord {
	in := RecordingInfo(bs)
	var out []BenchRecord
	for _, b := range bs {
		out = append(out, BenchRecord{Benchmark: b.Name, Params: b.Meta, GPU: in.GPU, Driver: in.Driver,
			Clocks: map[string]float64{"sm_mhz": b.SMClockMHz}, Cycles: b.NCU, Figures: b.Measured})
	}
	return out
}

// WriteRecords writes one JSON per benchmark into dir (dir/<name>.json).
func WriteRecords(dir string, recs []BenchRecord) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, r := range recs {
		data, err := json.MarshalIndent(r, "", " ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, r.Benchmark+".json"), append(data, '\n'), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// ReadRecords reads every dir/*.json written by WriteRecords, in name order.
func ReadRecords(dir string) ([]BenchRecord, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []BenchRecord
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var r BenchRecord
		if err := json.Unmarshal(data, &r); err != nil {
			return nil, fmt.Errorf("%s: error: %v", f, err)
		}
		if r.Benchmark == "" {
			return nil, fmt.Errorf("%s: error: no benchmark name", f)
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: error: no benchmark records (*.json)", dir)
	}
	return out, nil
}

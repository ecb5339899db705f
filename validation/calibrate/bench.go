// Package calibrate fits the timing model's parameters (sim/gpu Params) to
// the microbenchmarks recorded on the GPU (validation/microbench): it runs
// each benchmark directory in timed mode, derives from the simulated
// %clock64 outputs the same figure tools/microbench/summarize.py derived
// from the GPU's (cycles per op, latency, throughput), compares it with the
// recorded median, and fits the parameters: closed form where a benchmark
// reads a parameter directly, gonum's Nelder-Mead for the rest (groups.go,
// fit.go). It uses the simulator (sim/gpu, internal/session) and the GPU
// runner (validation); it does not import cmd.
package calibrate

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sm90sim/sm90sim/internal/gzfile"
)

// Bench is one recorded microbenchmark directory.
type Bench struct {
	Name   string
	Family string
	Kind   string // latency, throughput, issue, bandwidth, tensor, launch, overhead
	Dir    string
	Grid   [3]int
	Block  [3]int
	Meta   map[string]any
	// Measured is each derived figure's median over the GPU runs (the
	// summary's clock64 section; its ncu_figures as "ncu_<name>", medians
	// over the launches), NCU the launch's ncu sm__cycles_elapsed.max.
	Measured   map[string]float64
	NCU        Spread
	SMClockMHz float64
	GPU        string
	// Driver and MemClockMHz: from the GPU's provenance (0/"" unknown).
	Driver      string
	MemClockMHz float64
	// Suffix names the GPU's files in Dir ("h100": clock_runs.h100.json;
	// "": the H200's clock_runs.json).
	Suffix string
}

// Spread is a measurement's min, median and max over n runs.
type Spread struct {
	Min    float64 `json:"min"`
	Median float64 `json:"median"`
	Max    float64 `json:"max"`
	N      int     `json:"n"`
}

type summaryFile struct {
	Benchmarks []struct {
		Name      string         `json:"name"`
		Family    string         `json:"family"`
		Kind      string         `json:"kind"`
		Grid      []int          `json:"grid"`
		Block     []int          `json:"block"`
		GPU       string         `json:"gpu"`
		SMClock   float64        `json:"sm_clock_mhz"`
		Meta      map[string]any `json:"meta"`
		Error     string         `json:"error"`
		NCUCycles struct {
			Min      float64 `json:"min"`
			Median   float64 `json:"median"`
			Max      float64 `json:"max"`
			Launches int     `json:"launches"`
		} `json:"ncu_cycles"`
		Clock64 map[string]struct {
			Median float64 `json:"median"`
		} `json:"clock64"`
		// NCUFigures are figures of ncu metrics other than the cycles
		// (the l2bw family's L2 and DRAM clocks: summarize.py NCU_FIGURES).
		NCUFigures map[string]struct {
			Median float64 `json:"median"`
		} `json:"ncu_figures"`
	} `json:"benchmarks"`
}

// LoadRecordings reads dir/summary.json.gz (tools/microbench/summarize.py;
// a plain dir/summary.json when there is no compressed one) and
// returns its benchmarks in file order, each with its directory dir/<name>.
func LoadRecordings(dir string) ([]*Bench, error) { return LoadRecordingsOf(dir, "") }

// LoadRecordingsOf reads the recordings of another GPU: suffix "h100"
// reads dir/summary.h100.json.gz, and the driver and memory clock from
// dir/provenance.h100.json ("" is LoadRecordings).
func LoadRecordingsOf(dir, suffix string) ([]*Bench, error) {
	name := "summary.json"
	var top struct {
		Driver string         `json:"driver"`
		Attrs  map[string]int `json:"device_attributes"`
	}
	if suffix != "" {
		name = "summary." + suffix + ".json"
		pp := filepath.Join(dir, "provenance."+suffix+".json")
		data, err := gzfile.ReadFile(pp) // or provenance.SUFFIX.json.gz
		if err != nil {
			return nil, fmt.Errorf("%s: error: %v", pp, err)
		}
		if err := json.Unmarshal(data, &top); err != nil {
			return nil, fmt.Errorf("%s: error: %v", pp, err)
		}
	}
	p, data, err := readSummary(filepath.Join(dir, name))
	if err != nil {
		return nil, fmt.Errorf("%s: error: %v (--from-recordings wants a microbenchmark folder with summary.json.gz or summary.json, e.g. validation/microbench)", p, err)
	}
	var s summaryFile
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("%s: error: %v", p, err)
	}
	var out []*Bench
	for _, e := range s.Benchmarks {
		if e.Error != "" {
			continue
		}
		b := &Bench{Name: e.Name, Family: e.Family, Kind: e.Kind, Dir: filepath.Join(dir, e.Name), Meta: e.Meta,
			Measured: map[string]float64{}, SMClockMHz: e.SMClock, GPU: e.GPU,
			NCU:    Spread{e.NCUCycles.Min, e.NCUCycles.Median, e.NCUCycles.Max, e.NCUCycles.Launches},
			Driver: top.Driver, MemClockMHz: float64(top.Attrs["memory_clock_rate_khz"]) / 1000, Suffix: suffix}
		copy(b.Grid[:], e.Grid)
		copy(b.Block[:], e.Block)
		for k, v := range e.Clock64 {
			b.Measured[k] = v.Median
		}
		for k, v := range e.NCUFigures {
			b.Measured["ncu_"+k] = v.Median
		}
		if !gzfile.Exists(filepath.Join(b.Dir, "launch.yaml")) {
			return nil, fmt.Errorf("%s: error: benchmark %s has no launch.yaml", p, e.Name)
		}
		out = append(out, b)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: error: no benchmarks", p)
	}
	return out, nil
}

// Select keeps the benchmarks whose name starts with one of the prefixes
// (all when none is given); a prefix that matches nothing is an error.
func Select(bs []*Bench, prefixes []string) ([]*Bench, error) {
	if len(prefixes) == 0 {
		return bs, nil
	}
	var out []*Bench
	for _, pf := range prefixes {
		n := 0
		for _, b := range bs {
			if strings.HasPrefix(b.Name, pf) && !contains(out, b) {
				out = append(out, b)
			}
			if strings.HasPrefix(b.Name, pf) {
				n++
			}
		}
		if n == 0 {
			return nil, fmt.Errorf("--suite %s: no benchmark name starts with it", pf)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return index(bs, out[i]) < index(bs, out[j]) })
	return out, nil
}

func contains(bs []*Bench, b *Bench) bool { return index(bs, b) >= 0 }

func index(bs []*Bench, b *Bench) int {
	for i, x := range bs {
		if x == b {
			return i
		}
	}
	return -1
}

func (b *Bench) meta(key string) float64 {
	switch v := b.Meta[key].(type) {
	case float64:
		return v
	case int:
		return float64(v)
	}
	return 0
}

// readSummary reads p, or p+".gz" gunzipped when p is absent (gzfile's
// rule, the one every reader of the microbenchmark folders follows). It
// returns the path it read, for error messages.
func readSummary(p string) (string, []byte, error) {
	real, err := gzfile.Resolve(p)
	if err != nil {
		return real, nil, err
	}
	data, err := gzfile.ReadFile(p)
	return real, data, err
}

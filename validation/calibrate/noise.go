package calibrate

import (
	"fmt"
	"io"
	"math"
	"sort"
)

// FigureDiff is one figure of a GPU record against the recording it
// replaces: two measurements of one benchmark on one kind of GPU, so their
// difference is run-to-run (session-to-session) noise.
type FigureDiff struct {
	Bench, Figure     string
	Recording, Record float64
}

// Rel is (record - recording) / recording.
func (d FigureDiff) Rel() float64 { return (d.Record - d.Recording) / d.Recording }

// CompareRecords lists, in benchmark order, every figure that both a
// record and the benchmark's recording have (the ncu cycles' medians as
// NCUFigure). Call it before ApplyRecords.
func CompareRecords(bs []*Bench, recs []BenchRecord) []FigureDiff {
	by := map[string]BenchRecord{}
	for _, r := range recs {
		by[r.Benchmark] = r
	}
	var out []FigureDiff
	for _, b := range bs {
		r, ok := by[b.Name]
		if !ok {
			continue
		}
		keys := make([]string, 0, len(r.Figures))
		for k := range r.Figures {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if v, ok := b.Measured[k]; ok && v != 0 {
				out = append(out, FigureDiff{b.Name, k, v, r.Figures[k]})
			}
		}
		if r.Cycles.N > 0 && b.NCU.N > 0 && b.NCU.Median != 0 {
			out = append(out, FigureDiff{b.Name, NCUFigure, b.NCU.Median, r.Cycles.Median})
		}
	}
	return out
}

// Noise summarizes the differences: figures compared, the median and the
// 90th percentile of |difference|, the counts within 1% and 5%.
type Noise struct {
	N                 int
	MedianAbs, P90Abs float64
	Within1, Within5  int
	Largest           []FigureDiff // by |difference|, largest first
}

// Summarize computes the Noise of ds, keeping the n largest.
func Summarize(ds []FigureDiff, n int) Noise {
	s := Noise{N: len(ds)}
	abs := make([]float64, len(ds))
	for i, d := range ds {
		abs[i] = math.Abs(d.Rel())
		if abs[i] <= 0.01 {
			s.Within1++
		}
		if abs[i] <= 0.05 {
			s.Within5++
		}
	}
	sorted := append([]float64(nil), abs...)
	sort.Float64s(sorted)
	if len(sorted) > 0 {
		s.MedianAbs = median(sorted)
		s.P90Abs = sorted[int(math.Ceil(0.9*float64(len(sorted))))-1]
	}
	idx := make([]int, len(ds))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return abs[idx[a]] > abs[idx[b]] })
	for _, i := range idx[:min(n, len(idx))] {
		s.Largest = append(s.Largest, ds[i])
	}
	return s
}

// WriteNoise prints the summary of the records against the recordings.
func WriteNoise(w io.Writer, what string, s Noise) {
	fmt.Fprintf(w, "%s: %d figures, median |difference| %.2f%%, 90th percentile %.2f%%, %d within 1%%, %d within 5%%\n",
		what, s.N, 100*s.MedianAbs, 100*s.P90Abs, s.Within1, s.Within5)
	for _, d := range s.Largest {
		fmt.Fprintf(w, "  %-28s %-26s %12.4g -> %12.4g  %+6.1f%%\n", d.Bench, d.Figure, d.Recording, d.Record, 100*d.Rel())
	}
}

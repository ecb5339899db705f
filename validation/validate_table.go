package validation

import (
	"encoding/json"
	"fmt"
	"github.com/sm90sim/sm90sim/internal/kname"
	"github.com/sm90sim/sm90sim/internal/report"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
)

// WriteTable prints the report as a readable table: one row per output,
// then cycles side by side, the GPU seen and the verdict.
func (r *ValidateReport) WriteTable(w io.Writer) {
	fmt.Fprintf(w, "validate %s  grid %v  block %v", kname.Short(r.Kernel), r.Grid, r.Block)
	if r.Cluster != nil {
		fmt.Fprintf(w, "  cluster %v", *r.Cluster)
	}
	fmt.Fprintln(w)
	if len(r.Outputs) > 0 {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "  output\tdtype\telements\tcompared\tmismatches\tmax ulp\tmax rel err\tfirst differing\tresult")
		for _, d := range r.Outputs {
			res := "equal"
			if !d.Equal {
				res = "DIFFERENT"
			}
			fmt.Fprintf(tw, "  %s\t%s\t%d\t%d\t%d\t%s\t%s\t%s\t%s\n", d.Name, orDash(d.DType), d.Elements, d.Compared,
				d.Mismatches, ulpText(d.MaxULP), relText(d.MaxRelErr), indicesText(d.FirstDiffs), res)
		}
		tw.Flush()
		for _, d := range r.Outputs {
			if len(d.DifferingBlocks) > 0 {
				fmt.Fprintf(w, "  %s: differing %d-byte blocks (of the recorded block hashes): %s\n", d.Name, d.BlockBytes, indicesText(d.DifferingBlocks))
			}
		}
	}
	r.writeCounters(w)
	fmt.Fprintf(w, "  cycles  gpu %s", int64Text(r.Cycles.GPU))
	if r.Cycles.GPUSource != "" {
		fmt.Fprintf(w, " (%s)", r.Cycles.GPUSource)
	}
	if e := r.Cycles.GPUEvents; e != nil {
		fmt.Fprintf(w, "  events min/median/max %d/%d/%d (%d launches at %.0f MHz)", e.Min, e.Median, e.Max, e.N, e.SMMHz)
	}
	fmt.Fprintf(w, "  simulated %s", int64Text(r.Cycles.Simulated))
	if r.Cycles.Error != nil {
		fmt.Fprintf(w, "  error %+.1f%%", 100**r.Cycles.Error)
	}
	fmt.Fprintln(w)
	if r.GPU != nil {
		if g, ok := r.GPU.GPU.(*GPUInfo); ok && g != nil {
			fmt.Fprintf(w, "  gpu     %s\n", g.Summary())
		}
	}
	if r.Simulator != nil && r.Simulator.Instructions != nil {
		fmt.Fprintf(w, "  sim     %d warp instructions in %.3f s\n", *r.Simulator.Instructions, r.Simulator.Host.WallSeconds)
	}
	switch r.Status {
	case "match":
		fmt.Fprintf(w, "result: all %d outputs identical\n", len(r.Outputs))
	case "mismatch":
		n := 0
		for _, d := range r.Outputs {
			if !d.Equal {
				n++
			}
		}
		fmt.Fprintf(w, "result: %d of %d outputs differ\n", n, len(r.Outputs))
	default:
		msg := "unknown error"
		if r.Error != nil {
			msg = *r.Error
		}
		fmt.Fprintf(w, "result: error: %s\n", msg)
	}
}

// Summary is a one-line description of the GPU, its clocks and the
// kernel's time.
func (g *GPUInfo) Summary() string {
	var parts []string
	name := g.Name
	if g.DriverVersion != "" {
		name += ", driver " + g.DriverVersion
	}
	parts = append(parts, name+" (CUDA "+g.CUDADriverAPI+")")
	c := g.Clocks
	switch {
	case c.MeasuredSMMHz != nil:
		parts = append(parts, fmt.Sprintf("SM %.0f MHz measured", *c.MeasuredSMMHz))
	case c.SMIsmMHz != nil:
		parts = append(parts, fmt.Sprintf("SM %d MHz (nvidia-smi)", *c.SMIsmMHz))
	case c.SMClockRateKHz != nil:
		parts = append(parts, fmt.Sprintf("SM %d MHz peak", *c.SMClockRateKHz/1000))
	}
	switch {
	case c.SMImemMHz != nil:
		parts = append(parts, fmt.Sprintf("memory %d MHz", *c.SMImemMHz))
	case c.MemClockRateKHz != nil:
		parts = append(parts, fmt.Sprintf("memory %d MHz peak", *c.MemClockRateKHz/1000))
	}
	if t := g.KernelTime; t != nil {
		parts = append(parts, fmt.Sprintf("kernel %.4g ms (median of %d)", t.MedianMS, t.Launches))
	}
	return strings.Join(parts, ", ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func ulpText(p *uint64) string {
	if p == nil {
		return "-"
	}
	if *p == ^uint64(0) {
		return "NaN"
	}
	return strconv.FormatUint(*p, 10)
}

func relText(p *float64) string {
	if p == nil {
		return "-"
	}
	return strconv.FormatFloat(*p, 'g', 3, 64)
}

func int64Text(p *int64) string {
	if p == nil {
		return "-"
	}
	return strconv.FormatInt(*p, 10)
}

func indicesText(idx []int) string {
	if len(idx) == 0 {
		return "-"
	}
	s := make([]string, len(idx))
	for i, v := range idx {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ",")
}

// diffJSON is a Diff whose relative error may be infinite (JSON has no
// Inf): it is then written as the string "inf".
type diffJSON struct {
	Diff
	MaxRelErr any `json:"max_relative_error"`
}

// MarshalJSON writes the report with JSON-safe relative errors.
func (r *ValidateReport) MarshalJSON() ([]byte, error) {
	type plain ValidateReport
	out := struct {
		*plain
		Outputs []diffJSON `json:"outputs"`
	}{plain: (*plain)(r)}
	for _, d := range r.Outputs {
		out.Outputs = append(out.Outputs, diffJSON{Diff: d, MaxRelErr: jsonFloat(d.MaxRelErr)})
	}
	return json.Marshal(out)
}

func jsonFloat(p *float64) any {
	switch {
	case p == nil:
		return nil
	case math.IsInf(*p, 1):
		return "inf"
	case math.IsNaN(*p):
		return "nan"
	}
	return *p
}

// Write writes the report as indented JSON, atomically.
func (r *ValidateReport) Write(path string) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return report.WriteFile(path, append(b, '\n'))
}

// writeCounters lists ncu's shared-memory counters next to the simulator's:
// every one that differs or is nonzero, then how many agree.
func (r *ValidateReport) writeCounters(w io.Writer) {
	if len(r.Counters) == 0 {
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  smem counter (ncu)\tgpu\tsimulator\tresult")
	eq := 0
	for _, d := range r.Counters {
		res := "equal"
		switch {
		case d.Equal && d.GPU != d.Sim:
			res = "within the l1tex bracket"
		case !d.Equal:
			res = "DIFFERENT"
		}
		if d.Equal {
			eq++
		}
		if !d.Equal || d.GPU != 0 || d.Sim != 0 {
			fmt.Fprintf(tw, "  %s\t%d\t%d\t%s\n", d.Name, d.GPU, d.Sim, res)
		}
	}
	tw.Flush()
	fmt.Fprintf(w, "  smem counters: %d of %d equal (zero on both sides not listed; they do not decide the result)\n", eq, len(r.Counters))
}

package calibrate

import (
	"encoding/binary"
	"fmt"
	"math"
	"path/filepath"

	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
)

// timingOutputs are the outputs that carry timing data (the spec's compare
// rules ignore them) and feed Derive.
var timingOutputs = []string{"clk", "smid", "gt", "lat"}

// Sim is one timed run of a benchmark: its derived figures and cycles.
type Sim struct {
	Figures      map[string]float64
	Cycles       int64
	Instructions int64
}

// Simulate runs the benchmark in timed mode with tc (and the GPC map gpcs
// when given) and derives its figures from the simulated outputs.
func Simulate(b *Bench, tc gpu.TimedConfig, gpcs [][]int) (*Sim, error) {
	s, err := session.Prepare(filepath.Join(b.Dir, "kernel.ptx"), filepath.Join(b.Dir, "launch.yaml"), "", exec.DefaultLayout())
	if err != nil {
		return nil, err
	}
	cfg := gpu.DefaultConfig()
	if len(gpcs) > 0 {
		cfg.GPCs = gpcs
	}
	res, tm, err := gpu.RunTimed(cfg, tc, s.Kernel, s.Launch, gpu.TimedOptions{RegistersPerThread: s.Spec.Registers})
	if err != nil {
		return nil, fmt.Errorf("%s: timed run: %w", b.Name, err)
	}
	o := Outputs{}
	for _, name := range timingOutputs {
		if buf := s.Buffer(name); buf != nil {
			o[name] = numbers(buf)
		}
	}
	f, err := Derive(b, o, float64(tm.Cycles))
	if err != nil {
		return nil, err
	}
	return &Sim{Figures: f, Cycles: tm.Cycles, Instructions: res.Instructions}, nil
}

// numbers decodes an integer or float buffer (little endian) to float64.
func numbers(b *launch.Buffer) []float64 {
	sz := b.DType.Size()
	n := len(b.Data) / sz
	out := make([]float64, n)
	le := binary.LittleEndian
	for i := range out {
		d := b.Data[i*sz:]
		switch {
		case b.DType.IsFloat() && sz == 4:
			out[i] = float64(math.Float32frombits(le.Uint32(d)))
		case b.DType.IsFloat() && sz == 8:
			out[i] = math.Float64frombits(le.Uint64(d))
		case sz == 8 && b.DType.IsSigned():
			out[i] = float64(int64(le.Uint64(d)))
		case sz == 8:
			out[i] = float64(le.Uint64(d))
		case sz == 4 && b.DType.IsSigned():
			out[i] = float64(int32(le.Uint32(d)))
		case sz == 4:
			out[i] = float64(le.Uint32(d))
		case sz == 2:
			out[i] = float64(le.Uint16(d))
		default:
			out[i] = float64(d[0])
		}
	}
	return out
}
